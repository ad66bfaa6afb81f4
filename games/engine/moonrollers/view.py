"""What a seat (or a spectator, seat None) may see: ``view`` of the state and ``redact`` of one event.

Secrets: the order of the crew deck and of the Hazard pile (nobody), and Hazard token values (only
their owner, until the game is over). Every text is a message (JSON: ``{"key", "params", "count"}``),
players are ``SeatRef`` params (``{"seat": n}``) that the platform renders as their names. The dict
key ``"key"`` is kept for messages: no other dict of a view or a log entry has one.
"""

from __future__ import annotations

from typing import Any

from games.engine.core import Event, Message, SeatRef, msg
from games.engine.messages import ParamValue
from games.engine.moonrollers.abilities import AT_OK, NAMARI, is_safe
from games.engine.moonrollers.cards import CREW, HAZARD_SYMBOLS, REQUIREMENT_TOKENS, hazard_symbols
from games.engine.moonrollers.dice import FACE_INDEX, FACES, Counts, names_of
from games.engine.moonrollers.events import (
    Busted,
    CrewChosen,
    CrewHired,
    CrewStacked,
    DiceLocked,
    DiceRerolled,
    DiceRolled,
    DiceTreatedAsExtra,
    GameEnded,
    GameSetUp,
    HazardTokenKept,
    HazardTokenReturned,
    HazardTokensDrawn,
    PrestigeScored,
    RequirementCommitted,
    RequirementCompleted,
    Stopped,
    SupplyDiceRolled,
    TurnPassed,
    TurnSettled,
    TurnStarted,
    WildSaved,
    payload_of,
)
from games.engine.moonrollers.legal import legal, pending, prompt, spec_json
from games.engine.moonrollers.notation import format_command
from games.engine.moonrollers.scoring import end_reason, outcome
from games.engine.moonrollers.state import ROLLED, GameState
from games.engine.moonrollers.texts import (
    a_face,
    ability,
    dice,
    faces_list,
    faction,
    faction_label,
    listing,
    name,
    names_list,
    requirement,
    token,
    tokens_list,
)
from games.engine.moonrollers.view_shapes import (
    MoonrollersCard,
    MoonrollersCrewStack,
    MoonrollersHazardToken,
    MoonrollersLockedExtra,
    MoonrollersPlayer,
    MoonrollersRequirement,
    MoonrollersView,
)

JSON = dict[str, Any]


def _card_json(state: GameState, slot: int) -> MoonrollersCard:
    card = state.display[slot]
    crew = CREW[card.crew]
    turn = state.turn
    working = turn.phase == ROLLED and turn.crew == card.crew
    requirements: list[MoonrollersRequirement] = []
    for i, req in enumerate(crew.requirements):
        committed = working and turn.requirement == i
        requirements.append(
            {
                "index": i,
                "face": FACES[req.face],
                "count": req.count,
                "hazard": req.hazard,
                "prestige": req.prestige,
                "token": card.tokens[i],
                "committed": turn.seat if committed else None,
                "progress": turn.progress if committed else None,
                "label": requirement(card.crew, i).to_json(),
            }
        )
    return {
        "slot": slot,
        "crew": card.crew,
        "name": crew.name,
        "faction": crew.faction,
        "faction_name": faction_label(crew.faction).to_json(),
        "ability": ability(card.crew).to_json(),
        "requirements": requirements,
        "worked_on": working,
    }


def _token_json(value: int) -> MoonrollersHazardToken:
    return {"prestige": value, "hazard": HAZARD_SYMBOLS[value], "label": token(value).to_json()}


def _player_json(state: GameState, seat: int, viewer: int | None) -> MoonrollersPlayer:
    player = state.players[seat]
    sees = viewer == seat or state.finished
    return {
        "seat": seat,
        "prestige": player.prestige,
        "tokens_left": state.tokens_left(seat),
        "tokens_out": state.tokens_out(seat),
        "tokens_total": REQUIREMENT_TOKENS,  # 10 tokens, one of them on the Prestige board
        "hazard_count": len(player.hazard),
        "hazard_tokens": [_token_json(t) for t in player.hazard] if sees else None,
        "hazard_symbols": hazard_symbols(player.hazard) if sees else None,
        "crew": [_stack_json(stack) for stack in player.stacks],
    }


def _stack_json(stack: tuple[str, ...]) -> MoonrollersCrewStack:
    return {
        "faction": CREW[stack[0]].faction,
        "faction_name": faction_label(CREW[stack[0]].faction).to_json(),
        "cards": list(stack),
        "names": [CREW[s].name for s in stack],
        "active": stack[0],
        "ability": ability(stack[0]).to_json(),
    }


def prompt_for(state: GameState, seat: int | None) -> Message:
    """What ``seat`` must decide now; others are told whom the game waits for."""
    if state.finished or seat == state.turn.seat:
        return prompt(state)
    return msg("moonrollers.prompt.waiting", player=SeatRef(state.turn.seat))


def view(state: GameState, seat: int | None) -> MoonrollersView:
    turn = state.turn
    result = outcome(state)
    drawn: list[MoonrollersHazardToken] | int | None = None
    if turn.drawn:
        drawn = [_token_json(t) for t in turn.drawn] if seat == turn.seat else len(turn.drawn)
    return {
        "kind": "moonrollers",
        "viewer": seat,
        "finished": state.finished,
        "end_reasons": list(state.ending),
        "active_seat": None if state.finished else turn.seat,
        "your_turn": seat == turn.seat and not state.finished,
        "prompt": prompt_for(state, seat).to_json(),
        "pending": [
            {"seat": p.seat, "kind": p.kind, "default": format_command(p.default), "private": p.private}
            for p in pending(state)
        ],
        "legal": [spec_json(s) for s in legal(state, seat)] if seat is not None else [],
        "turn": {
            "seat": turn.seat,
            "phase": turn.phase,
            "roll": turn.roll,
            "crew": turn.crew,
            "requirement": turn.requirement,
            "progress": turn.progress,
            "needed": CREW[turn.crew].requirements[turn.requirement].count
            if turn.crew and turn.requirement is not None
            else None,
            "completed_this_turn": list(turn.placed),
            "safe_from_bust": turn.phase == ROLLED and is_safe(state),
            "abilities_used_this_roll": sorted(turn.used),
            "hazard_drawn": drawn,
            "hired": turn.hired,
        },
        "dice": {
            "supply": state.supply,
            "rolling": names_of(turn.pool),
            "rolled": names_of(turn.rolled),
            "locked": _locked_dice_view(turn.locked, turn.extras_locked_as),
            "treated_as_extra": names_of(turn.as_extra),
            "set_aside": ["wild"] * turn.saved,
        },
        "display": [_card_json(state, i) for i in range(len(state.display))],
        "deck_size": len(state.deck),
        "hazard_pile_size": len(state.hazard_pile),
        "players": [_player_json(state, s, seat) for s in range(state.seats)],
        "outcome": result.to_json() if result else None,
    }


# ---- the log ------------------------------------------------------------------------------------


def _log(key: str, count: int | None = None, **params: ParamValue) -> Message:
    return msg(f"moonrollers.log.{key}", count, **params)


def _with(crew: str | None) -> Message | None:
    """A line's ending "with Imdar Shade" (None when no crew helped)."""
    return msg("moonrollers.log.with_crew", crew=name(crew)) if crew else None


def _locked_dice_view(locked: Counts, extras_as: tuple[str, ...]) -> list[str | MoonrollersLockedExtra]:
    """The locked dice by face; an Extra Die locked as something else is ``{"face", "as"}``, so
    pages draw it as what it counts as (a Wild for Sella Pelleon)."""
    out: list[str | MoonrollersLockedExtra] = []
    extras = list(extras_as)
    for face in names_of(locked):
        if face == "extra" and extras:
            out.append({"face": face, "as": extras.pop(0)})
        else:
            out.append(face)
    return out


def _locked_dice(p: DiceLocked) -> ParamValue:
    """The dice of a lock: plain ones grouped by face, then each die an ability counted differently."""
    counts = [0, 0, 0, 0, 0, 0]
    parts: list[ParamValue] = []
    for d in p.dice:
        if d.with_ is None:
            counts[FACE_INDEX[d.face]] += 1
    parts += [dice(f, n) for f, n in enumerate(counts) if n]
    for d in p.dice:
        if d.with_ is not None:
            f = FACE_INDEX[d.face]
            if d.as_ == "wild":
                die = msg("moonrollers.die.as_wild", die=a_face(f))
            else:
                die = msg(
                    "moonrollers.die.as_amount", die=a_face(f), amount=dice(FACE_INDEX[d.as_], d.counts)
                )
            parts.append(msg("moonrollers.log.die_with_crew", die=die, crew=name(d.with_)))
    return listing(parts)


def log_text(e: Event, owner: bool) -> Message:
    """The log line of one event, as ``owner`` (the seat it concerns) or anyone else sees it."""
    p = payload_of(e)
    who = SeatRef(e.seat) if e.seat is not None else None
    if isinstance(p, GameSetUp):
        return _log("game_set_up", p.players, cards=names_list(p.display), first=SeatRef(p.first_player))
    if isinstance(p, TurnStarted):
        return _log("turn_started", player=SeatRef(p.seat))
    if isinstance(p, TurnPassed):
        return _log("turn_passed", player=who)
    if isinstance(p, DiceRolled):
        faces = faces_list(p.faces)
        if p.kept:
            faces = msg("moonrollers.log.plus_saved_wild", dice=faces)
        added = (
            Message("moonrollers.log.from_supply", {}, p.from_supply)
            if p.from_supply and not p.first
            else None
        )
        safe = msg("moonrollers.log.at_ok_safe", crew=name(AT_OK)) if p.safe else None
        return _log("dice_rolled", len(p.faces), player=who, added=added, dice=faces, safe=safe)
    if isinstance(p, DiceRerolled):
        return _log(
            "dice_rerolled",
            player=who,
            before=faces_list(p.before),
            crew=name(p.crew),
            after=faces_list(p.after),
        )
    if isinstance(p, SupplyDiceRolled):
        joins = (
            _log("joins_pool", len(p.added), dice=faces_list(p.added)) if p.added else _log("none_joins_pool")
        )
        return _log(
            "supply_dice_rolled",
            len(p.faces),
            player=who,
            crew=name(p.crew),
            dice=faces_list(p.faces),
            joins=joins,
        )
    if isinstance(p, CrewChosen):
        return _log("crew_chosen", player=who, crew=name(p.crew))
    if isinstance(p, RequirementCommitted):
        return _log("requirement_committed", player=who, requirement=requirement(p.crew, p.requirement))
    if isinstance(p, DiceLocked):
        return _log(
            "dice_locked",
            player=who,
            dice=_locked_dice(p),
            requirement=requirement(p.crew, p.requirement),
            progress=p.progress,
            needed=p.needed,
        )
    if isinstance(p, DiceTreatedAsExtra):
        return _log(
            "dice_treated_as_extra", len(p.faces), player=who, dice=faces_list(p.faces), crew=name(p.crew)
        )
    if isinstance(p, WildSaved):
        return _log("wild_saved", player=who, crew=name(p.crew))
    if isinstance(p, RequirementCompleted):
        return _log(
            "requirement_completed",
            player=who,
            requirement=requirement(p.crew, p.requirement),
            by=_with(p.by),
        )
    if isinstance(p, HazardTokensDrawn):
        n = len(p.tokens)
        if owner:
            return _log(
                "hazard_tokens_drawn_seen", n, player=who, by=_with(p.crew), tokens=tokens_list(p.tokens)
            )
        return _log("hazard_tokens_drawn", n, player=who, by=_with(p.crew))
    if isinstance(p, HazardTokenKept):
        if owner:
            return _log("hazard_token_kept_seen", player=who, kept=token(p.token), returned=token(p.returned))
        return _log("hazard_token_kept", player=who)
    if isinstance(p, PrestigeScored):
        awards = [_log("award", player=SeatRef(seat), points=points) for seat, points in p.awards]
        return _log("prestige_scored", crew=name(p.crew), awards=listing(awards))
    if isinstance(p, CrewHired):
        if p.refill:
            return _log("crew_hired_refill", player=who, crew=name(p.crew), refill=name(p.refill))
        return _log("crew_hired", player=who, crew=name(p.crew))
    if isinstance(p, CrewStacked):
        where = "crew_stacked_top" if p.position == "top" else "crew_stacked_under"
        return _log(where, player=who, crew=name(p.crew), faction=faction(CREW[p.crew].faction))
    if isinstance(p, HazardTokenReturned):
        if p.index is None or p.token is None:
            return _log("hazard_tokens_all_kept", player=who)
        if owner:
            return _log("hazard_token_returned_seen", player=who, token=token(p.token))
        return _log("hazard_token_returned", player=who)
    if isinstance(p, Stopped):
        return _log("stopped", len(p.kept), player=who)
    if isinstance(p, TurnSettled):
        return _log("turn_settled", len(p.kept), player=who)
    if isinstance(p, Busted):
        n = len(p.removed) + (1 if p.taken_back is not None else 0)
        if p.prestige:
            return _log("busted_namari", n, player=who, crew=name(NAMARI), prestige=p.prestige)
        return _log("busted", n, player=who)
    if isinstance(p, GameEnded):
        return _log("game_ended", reasons=listing([end_reason(r) for r in p.reasons]))
    raise ValueError(f"no log line for {e.type!r}")


def _payload(e: Event, owner: bool) -> JSON:
    p = e.payload
    if e.type == GameSetUp.TYPE:
        public = {k: v for k, v in p.items() if k not in ("deck", "hazard_pile")}
        return {**public, "deck_size": len(p["deck"]), "hazard_pile_size": len(p["hazard_pile"])}
    if e.type == HazardTokensDrawn.TYPE:
        return dict(p) if owner else {"count": len(p["tokens"]), "choose": p["choose"], "crew": p["crew"]}
    if e.type == HazardTokenKept.TYPE:
        return {"choice": p["choice"], "token": p["token"], "returned": p["returned"]} if owner else {}
    if e.type == HazardTokenReturned.TYPE:
        if owner:
            return {"index": p["index"], "token": p["token"]}
        return {"returned": p["index"] is not None}
    return dict(p)


def redact(e: Event, seat: int | None) -> JSON | None:
    owner = seat is not None and seat == e.seat
    return {
        "type": e.type,
        "version": e.version,
        "seat": e.seat,
        "payload": _payload(e, owner),
        "text": log_text(e, owner).to_json(),
    }
