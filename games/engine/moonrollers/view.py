"""What a seat (or a spectator, seat None) may see: ``view`` of the state and ``redact`` of one event.

Secrets: the order of the crew deck and of the Hazard pile (nobody), and Hazard token values (only
their owner, until the game is over). Log texts name players as ``{p0}``, ``{p1}``... (seat
numbers): the platform fills in names with ``text.format(p0=..., p1=...)``.
"""

from __future__ import annotations

from typing import Any

from games.engine.core import Event
from games.engine.moonrollers.abilities import is_safe
from games.engine.moonrollers.cards import (
    CREW,
    FACTION_NAMES,
    HAZARD_SYMBOLS,
    PLAYER_TOKENS,
    hazard_symbols,
    requirement_label,
)
from games.engine.moonrollers.dice import FACES, names_of
from games.engine.moonrollers.events import (
    BUSTED,
    CREW_CHOSEN,
    CREW_HIRED,
    CREW_STACKED,
    DICE_LOCKED,
    DICE_REROLLED,
    DICE_ROLLED,
    DICE_TREATED_AS_EXTRA,
    GAME_ENDED,
    GAME_SET_UP,
    HAZARD_TOKEN_KEPT,
    HAZARD_TOKEN_RETURNED,
    HAZARD_TOKENS_DRAWN,
    PRESTIGE_SCORED,
    REQUIREMENT_COMMITTED,
    REQUIREMENT_COMPLETED,
    STOPPED,
    SUPPLY_DICE_ROLLED,
    TURN_PASSED,
    TURN_STARTED,
    WILD_SAVED,
)
from games.engine.moonrollers.legal import legal, pending, prompt, prompt_fr, spec_json
from games.engine.moonrollers.notation import format_command
from games.engine.moonrollers.scoring import outcome
from games.engine.moonrollers.state import ROLLED, GameState
from games.engine.moonrollers.texts_fr import text_fr

JSON = dict[str, Any]


def _who(seat: int | None) -> str:
    return f"{{p{seat}}}" if seat is not None else "Nobody"


def _name(slug: str | None) -> str:
    return CREW[slug].name if slug else ""


def _card_json(state: GameState, slot: int) -> JSON:
    card = state.display[slot]
    crew = CREW[card.crew]
    turn = state.turn
    working = turn.phase == ROLLED and turn.crew == card.crew
    requirements = []
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
            }
        )
    return {
        "slot": slot,
        "crew": card.crew,
        "name": crew.name,
        "faction": crew.faction,
        "faction_name": FACTION_NAMES[crew.faction],
        "ability": crew.ability,
        "ability_fr": crew.ability_fr,
        "requirements": requirements,
        "worked_on": working,
    }


def _player_json(state: GameState, seat: int, viewer: int | None) -> JSON:
    player = state.players[seat]
    sees = viewer == seat or state.finished
    return {
        "seat": seat,
        "prestige": player.prestige,
        "tokens_left": state.tokens_left(seat),
        "tokens_out": state.tokens_out(seat),
        "tokens_total": PLAYER_TOKENS,
        "hazard_count": len(player.hazard),
        "hazard_tokens": [{"prestige": t, "hazard": HAZARD_SYMBOLS[t]} for t in player.hazard]
        if sees
        else None,
        "hazard_symbols": hazard_symbols(player.hazard) if sees else None,
        "crew": [
            {
                "faction": CREW[stack[0]].faction,
                "faction_name": FACTION_NAMES[CREW[stack[0]].faction],
                "cards": list(stack),
                "names": [CREW[s].name for s in stack],
                "active": stack[0],
                "ability": CREW[stack[0]].ability,
                "ability_fr": CREW[stack[0]].ability_fr,
            }
            for stack in player.stacks
        ],
    }


def _prompt_for(state: GameState, seat: int | None) -> str:
    """What ``seat`` must decide now; others are told whom the game waits for."""
    if state.finished:
        return ""
    if seat == state.turn.seat:
        return prompt(state)
    return f"Waiting for {_who(state.turn.seat)}."


def _prompt_fr_for(state: GameState, seat: int | None) -> str:
    if state.finished:
        return ""
    if seat == state.turn.seat:
        return prompt_fr(state)
    return f"En attente de {_who(state.turn.seat)}."


def view(state: GameState, seat: int | None) -> JSON:
    turn = state.turn
    result = outcome(state)
    drawn: Any = None
    if turn.drawn:
        drawn = (
            [{"prestige": t, "hazard": HAZARD_SYMBOLS[t]} for t in turn.drawn]
            if seat == turn.seat
            else len(turn.drawn)
        )
    return {
        "game": "moonrollers",
        "viewer": seat,
        "finished": state.finished,
        "end_reasons": list(state.ending),
        "active_seat": None if state.finished else turn.seat,
        "your_turn": seat == turn.seat and not state.finished,
        "prompt": _prompt_for(state, seat),
        "prompt_fr": _prompt_fr_for(state, seat),
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
            "locked": names_of(turn.locked),
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


def _faces(names: list[str]) -> str:
    return ", ".join(names) if names else "nothing"


def _token(t: int) -> str:
    return f"{t} Prestige/{HAZARD_SYMBOLS[t]} Hazard"


def _text(e: Event, owner: bool) -> str:
    p = e.payload
    who = _who(e.seat)
    t = e.type
    if t == GAME_SET_UP:
        cards = ", ".join(_name(s) for s in p["display"])
        return (
            f"A {p['players']}-player game is set up. Display: {cards}. {_who(p['first_player'])} goes first."
        )
    if t == TURN_STARTED:
        return f"{_who(p['seat'])}'s turn."
    if t == TURN_PASSED:
        return f"{who} passes."
    if t == DICE_ROLLED:
        extra = f" ({p['from_supply']} added from the supply)" if p["from_supply"] and not p["first"] else ""
        saved = " plus the saved Wild" if p["kept"] else ""
        safe = " AT-OK: safe from busting." if p["safe"] else ""
        return f"{who} rolled {len(p['faces'])} dice{extra}: {_faces(p['faces'])}{saved}.{safe}"
    if t == DICE_REROLLED:
        return f"{who} re-rolled {_faces(p['before'])} with {_name(p['crew'])}: {_faces(p['after'])}."
    if t == SUPPLY_DICE_ROLLED:
        return (
            f"{who} rolled {len(p['faces'])} supply dice with {_name(p['crew'])}: {_faces(p['faces'])}; "
            f"{_faces(p['added'])} joins the rolling pool."
        )
    if t == CREW_CHOSEN:
        return f"{who} works on {_name(p['crew'])}."
    if t == REQUIREMENT_COMMITTED:
        return f"{who} commits to {requirement_label(p['crew'], p['requirement'])}."
    if t == DICE_LOCKED:
        parts = []
        for d in p["dice"]:
            if d["with"]:
                as_ = "a Wild" if d["as"] == "wild" else f"{d['counts']} {d['as']}"
                parts.append(f"{d['face']} as {as_} ({_name(d['with'])})")
            else:
                parts.append(d["face"])
        label = requirement_label(p["crew"], p["requirement"])
        return f"{who} locked {', '.join(parts)} on {label} ({p['progress']}/{p['needed']})."
    if t == DICE_TREATED_AS_EXTRA:
        return f"{who} treats {_faces(p['faces'])} as Extra Dice with {_name(p['crew'])}."
    if t == WILD_SAVED:
        return f"{who} sets a Wild aside for the next roll with Meg Gallak."
    if t == REQUIREMENT_COMPLETED:
        by = " with B3-AR" if p["by"] else ""
        return f"{who} completed {requirement_label(p['crew'], p['requirement'])}{by}."
    if t == HAZARD_TOKENS_DRAWN:
        n = len(p["tokens"])
        src = " with Imdar Shade" if p["crew"] else ""
        drew = f"{who} drew {n} Hazard token{'s' if n > 1 else ''}{src}"
        if owner:
            return f"{drew}: {', '.join(_token(x) for x in p['tokens'])}."
        return f"{drew}."
    if t == HAZARD_TOKEN_KEPT:
        if owner:
            return f"{who} kept {_token(p['token'])} and returned {_token(p['returned'])}."
        return f"{who} kept 1 Hazard token and returned the other to the pile."
    if t == PRESTIGE_SCORED:
        awards = ", ".join(f"{_who(s)} +{n}" for s, n in p["awards"])
        return f"{_name(p['crew'])} is complete: {awards} Prestige."
    if t == CREW_HIRED:
        refill = f" {_name(p['refill'])} joins the display." if p["refill"] else ""
        return f"{who} hires {_name(p['crew'])}.{refill}"
    if t == CREW_STACKED:
        where = "on top of" if p["position"] == "top" else "under"
        return f"{who} puts {_name(p['crew'])} {where} their {FACTION_NAMES[CREW[p['crew']].faction]} stack."
    if t == HAZARD_TOKEN_RETURNED:
        if p["index"] is None:
            return f"{who} keeps all their Hazard tokens."
        if owner:
            return f"{who} returned {_token(p['token'])} to the pile."
        return f"{who} returned a Hazard token to the pile."
    if t == STOPPED:
        kept = len(p["kept"])
        return f"{who} stops, keeping {kept} completed requirement{'' if kept == 1 else 's'} this turn."
    if t == BUSTED:
        bonus = f" Namari: +{p['prestige']} Prestige." if p["prestige"] else ""
        n = len(p["removed"]) + (1 if p["taken_back"] is not None else 0)
        return f"{who} busts and takes back {n} token{'' if n == 1 else 's'}.{bonus}"
    if t == GAME_ENDED:
        return "The game is over."
    return t


def _payload(e: Event, owner: bool) -> JSON:
    p = e.payload
    if e.type == GAME_SET_UP:
        public = {k: v for k, v in p.items() if k not in ("deck", "hazard_pile")}
        return {**public, "deck_size": len(p["deck"]), "hazard_pile_size": len(p["hazard_pile"])}
    if e.type == HAZARD_TOKENS_DRAWN:
        return dict(p) if owner else {"count": len(p["tokens"]), "choose": p["choose"], "crew": p["crew"]}
    if e.type == HAZARD_TOKEN_KEPT:
        return {"choice": p["choice"], "token": p["token"], "returned": p["returned"]} if owner else {}
    if e.type == HAZARD_TOKEN_RETURNED:
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
        "text": _text(e, owner),
        "text_fr": text_fr(e, owner),
    }
