"""What a seat (or a spectator) may see: ``view`` of the state, ``redact`` of one event, the outcome.

Secrets (spec §4.5): a hand, the cards one seat drew or looked at, held and dealt Objectives are
its owner's only; every draw-pile and deck order is nobody's until the game is over. Discard piles,
play areas, offers, deals, dice and the rows are public.
"""

from __future__ import annotations

from typing import Any

from games.engine.core import JSON, Event, Message, Outcome, SeatRef, msg
from games.engine.moonrakers.cards import BASIC, BASIC_TYPE, BASIC_VALUE, CONTRACTS, CREW, REQUIREMENTS
from games.engine.moonrakers.execution import current_seats
from games.engine.moonrakers.legal import pending
from games.engine.moonrakers.negotiation import contract_terms
from games.engine.moonrakers.objectives import met
from games.engine.moonrakers.phrases import joined
from games.engine.moonrakers.state import (
    Attempt,
    GameState,
    Negotiation,
    Participant,
    Terms,
    net_worth,
    requirement_totals,
)
from games.engine.moonrakers.turnflow import solo_rank, solo_score
from games.engine.moonrakers.view_shapes import (
    MoonrakersAttempt,
    MoonrakersNegotiation,
    MoonrakersParticipant,
    MoonrakersPlayer,
    MoonrakersTerms,
    MoonrakersView,
)


def card(slug: str) -> Message:
    return msg(f"moonrakers.card.{slug}")


def _terms(t: Terms) -> MoonrakersTerms:
    return {"prestige": t.p, "credits": t.c, "bonus": t.b, "dice": t.d}


def _sorted(cards: tuple[str, ...]) -> list[str]:
    return sorted(cards)


def _player(state: GameState, i: int, seat: int | None) -> MoonrakersPlayer:
    p = state.players[i]
    entry: MoonrakersPlayer = {
        "seat": i,
        "prestige": p.prestige,
        "credits": p.credits,
        "parts": list(p.parts),
        # Crew hired (public when hired; where each card lies now is not told).
        "crew": sorted(c for c in p.deck_cards() if c in CREW),
        "hand_count": len(p.hand),
        "draw_count": len(p.draw),
        "discard": list(p.discard),
        "play": list(p.play),
        "objective_count": len(p.objectives),
        "claimed": list(p.claimed),
        "scored": list(p.scored),
        "net_worth": net_worth(state, i),
    }
    if seat == i or state.finished:
        entry["hand"] = list(p.hand)
        entry["objectives"] = list(p.objectives)
        entry["choosing"] = list(p.choosing)
        # Whether each held Objective is met this turn so far: a private hint for its owner.
        entry["objectives_met"] = [o for o in p.objectives if met(state, i, o)]
    if state.finished:
        entry["draw"] = list(p.draw)
    return entry


def _negotiation(neg: Negotiation) -> MoonrakersNegotiation:
    return {
        "contract": neg.contract,
        "slot": neg.slot,
        "selection": neg.selection,
        "offers": [
            {"seat": o.seat, "terms": _terms(o.terms), "status": o.status, "made": o.made} for o in neg.offers
        ],
        "proposals": [{"seat": p.seat, "terms": _terms(p.terms), "made": p.made} for p in neg.proposals],
    }


def _participant(
    state: GameState, att: Attempt, part: Participant, seat: int | None
) -> MoonrakersParticipant:
    entry: MoonrakersParticipant = {
        "seat": part.seat,
        "actions": part.actions,
        "dice": list(part.dice),
        "targeting": part.targeting,
        "blocked": part.blocked,
        "done": part.done,
        "followup": part.followup.kind if part.followup else None,
        "share": _terms(att.share(part.seat)),
    }
    if seat == part.seat or state.finished:
        entry["looking"] = list(part.looking)
        if part.followup is not None:
            entry["followup_cards"] = list(part.followup.cards)
            if part.followup.kind == "zek_pick":
                entry["draw_cards"] = _sorted(state.players[part.seat].draw)  # contents, not order
    return entry


def _attempt(state: GameState, att: Attempt, seat: int | None) -> MoonrakersAttempt:
    needed, got = requirement_totals(state)
    return {
        "contract": att.contract,
        "leader": att.leader,
        "order": list(att.order),
        "participants": [_participant(state, att, part, seat) for part in att.participants],
        "acting": list(current_seats(state)),
        "needed": needed,
        "got": {k: got[k] for k in REQUIREMENTS if k in needed},
        "kary": att.kary,
        "reductions": [
            {"seat": r.seat, "kind": r.kind, "n": r.n, "source": r.source} for r in att.reductions
        ],
        "success": att.success,
        "bonus_seat": att.bonus_seat,
        "bonus_card": att.bonus_card,
        "merc_used": list(att.merc_used),
    }


def view(state: GameState, seat: int | None) -> MoonrakersView:
    over = state.finished
    pendings = pending(state)
    to_answer = [p for p in pendings if p.seat == seat]
    out: MoonrakersView = {
        "kind": "moonrakers",
        "phase": state.phase,
        "phase_text": msg(f"moonrakers.phase.{state.phase}").to_json(),
        "players_count": state.n,
        "leader": state.leader,
        "turn": state.turn,
        "round": state.round,
        "you": seat,
        "players": [_player(state, i, seat) for i in range(state.n)],
        "contract_row": list(state.contract_row),
        "contract_deck_count": len(state.contract_deck),
        "contract_discard": list(state.contract_discard),
        "part_row": list(state.part_row),
        "part_deck_count": len(state.part_deck),
        "crew_row": list(state.crew_row),
        "crew_deck_count": len(state.crew_deck),
        "objective_deck_count": len(state.objective_deck),
        "supply": {c: state.supply_of(c) for c in BASIC},
        "swap_used": state.swap_used,
        "refresh_used": state.refresh_used,
        "options": list(state.options),
        "pending": [{"seat": p.seat, "kind": p.kind} for p in pendings],
        "winners": list(state.winners),
        "your_turn": bool(to_answer) and seat is not None,
    }
    if state.uses_mercenaries:
        out["mercenary"] = {
            "row": list(state.merc_row),
            "used": list(state.merc_used),
            "deck_count": len(state.merc_deck),
            "discard": list(state.merc_discard),
        }
    if to_answer and to_answer[0].kind == "answer_offer" and seat is not None:
        # The email and the page say what is offered, on what Contract, without the board.
        out["prompt"] = offer_prompt(state, seat).to_json()
    if state.negotiation is not None:
        out["negotiation"] = _negotiation(state.negotiation)
    if state.attempt is not None:
        out["attempt"] = _attempt(state, state.attempt, seat)
    if over:
        out["decks"] = {
            "contract": list(state.contract_deck),
            "part": list(state.part_deck),
            "crew": list(state.crew_deck),
            "objective": list(state.objective_deck),
        }
        if state.solo:
            score = solo_score(state)
            out["solo_score"] = score
            out["solo_rank"] = msg(f"moonrakers.rank.{solo_rank(score)}").to_json()
    return out


def terms_message(t: Terms, keys: str = "pcbd", *, every: bool = False) -> Message:
    """A share in words ("1 Prestige, 3 Credits, 1 Hazard Die"), or "nothing". ``every``: each reward
    named, none too ("0 Prestige, 1 Credit, 0 Hazard Dice"; the Bonus Card only when it is part of
    it), as the board lists offers side by side."""
    values = {"p": t.p, "c": t.c, "b": t.b, "d": t.d}
    bits = [
        msg(f"moonrakers.terms.{k}", values[k], n=values[k])
        for k in keys
        if values[k] or (every and k != "b")
    ]
    return joined(bits) if bits else msg("moonrakers.terms.nothing")


def offer_prompt(state: GameState, seat: int) -> Message:
    """What an invitee must answer: the Contract (requirements, what it pays, its dice) and the
    share the Mission Leader offers them."""
    neg = state.negotiation
    offer = neg.offer(seat) if neg is not None else None
    if neg is None or offer is None:
        return msg("moonrakers.empty")
    contract = CONTRACTS[neg.contract]
    needs = joined(
        [
            msg(f"moonrakers.need.{k}", n)  # "2 Shields", "2 Boucliers": the noun agrees
            for k, n in contract.requirements
        ]
    )
    whole = contract_terms(neg.contract)
    return msg(
        "moonrakers.prompt.answer_offer",
        leader=SeatRef(state.leader),
        contract=card(neg.contract),
        needs=needs,
        rewards=terms_message(whole, "pcb"),
        dice=msg("moonrakers.terms.d", whole.d, n=whole.d),
        terms=terms_message(offer.terms),
    )


# --- events ---------------------------------------------------------------------------------------

# Fields of a payload nobody but the owner sees (the owner is the event's seat).
OWNER_ONLY: dict[str, tuple[str, ...]] = {
    "cards_drawn": ("cards",),
    "objectives_dealt": ("cards",),
    "objectives_kept": ("kept", "bottom"),
    "followup_opened": ("cards",),
}
# Fields nobody sees before the end of the game (orders of decks).
NOBODY: dict[str, tuple[str, ...]] = {
    "game_set_up": ("contract_deck", "part_deck", "crew_deck", "objective_deck", "decks", "merc_deck"),
    "deck_reshuffled": ("order",),
    "draw_pile_shuffled": ("order",),
    "contract_deck_reshuffled": ("order",),
    "mercenary_deck_reshuffled": ("order",),
}


def _p(seat: int | None) -> SeatRef:
    return SeatRef(seat if seat is not None else 0)


def _cards(cards: Any) -> Message:
    return joined([card(c) for c in cards])


def log_message(event: Event, visible: bool) -> Message:
    """The log line of an event; ``visible``: the reader may see its private fields."""
    t, p, who = event.type, event.payload, _p(event.seat)
    key = f"moonrakers.log.{t}"
    if t == "cards_drawn":
        n = len(p["cards"])
        if visible:
            return msg(key, n, player=who, cards=_cards(p["cards"]))
        return msg("moonrakers.log.cards_drawn_hidden", n, player=who)
    if t in ("objectives_dealt", "objectives_kept"):
        if visible:
            return msg(key, player=who, cards=_cards(p.get("cards") or p.get("kept")))
        return msg(f"{key}_hidden", player=who)
    if t == "followup_opened":
        if visible:
            return msg(
                key, player=who, kind=msg(f"moonrakers.followup.{p['kind']}"), cards=_cards(p["cards"])
            )
        return msg(
            "moonrakers.log.followup_opened_hidden", player=who, kind=msg(f"moonrakers.followup.{p['kind']}")
        )
    if t in ("deck_reshuffled", "draw_pile_shuffled"):
        return msg(key, len(p["order"]), player=who)
    if t == "game_set_up":
        return msg(key, p["players"], players=p["players"])
    if t == "first_player_rolled":
        return msg(key, player=SeatRef(p["first"]))
    if t == "turn_started":
        return msg(key, player=SeatRef(p["seat"]), turn=p["turn"])
    if t in ("offer_made", "offer_answered", "proposal_made", "ally_accepted"):
        terms = p["terms"]
        text = terms_message(Terms(terms["p"], terms["c"], terms["b"], terms["d"]))
        target = p.get("to", p.get("by", p.get("seat")))
        answer = msg(f"moonrakers.answer.{p['answer']}") if "answer" in p else ""
        return msg(key, player=who, to=_p(target), terms=text, answer=answer)
    if t == "offer_cancelled":
        return msg(key, player=who, to=_p(p["to"]))
    if t == "hazard_dice_rolled" and not p["faces"]:
        return msg("moonrakers.log.no_dice", player=who)
    if t == "hazard_dice_rolled":
        return msg(
            key, len(p["faces"]), player=who, icons=sum(p["faces"]), faces=" ".join(map(str, p["faces"]))
        )
    params: dict[str, Any] = {"player": who}
    for name in ("card", "part", "contract", "objective", "returned", "drawn", "replaced", "source", "crew"):
        if name in p and isinstance(p[name], str):
            params[name] = card(p[name])
        elif name in p and p[name] is None:
            params[name] = msg("moonrakers.card.none")
    for name in ("n", "value", "cost", "slot", "index", "icons"):
        if name in p and isinstance(p[name], int):
            params[name] = p[name] + 1 if name in ("slot", "index") else p[name]
    if "cards" in p and isinstance(p["cards"], list):
        params["cards"] = _cards(p["cards"])
    if "kind" in p and isinstance(p["kind"], str):
        params["kind"] = msg(f"moonrakers.kind.{p['kind']}")
    if t == "actions_gained":
        return msg(key, p["n"], player=who, n=p["n"], source=card(p["source"]))
    plain = p.get("card") in BASIC_TYPE and p.get("value") == BASIC_VALUE.get(p.get("card", ""), 1)
    if t == "card_played" and plain and p["kind"] == BASIC_TYPE[p["card"]]:
        return msg("moonrakers.log.card_played_plain", player=who, card=card(p["card"]))
    if t == "followup_closed":
        return msg(key, player=who, card=card(p["choice"]))
    if t == "contributed" and p["kind"] in ("none", "miss"):
        # A Mercenary Crew with no card type of its own (Ada Massa): it counts only as a Crew card.
        key = "moonrakers.log.contributed_crew" if p.get("crew") else "moonrakers.log.contributed_nothing"
        return msg(key, player=who, source=card(p["source"]))
    if t == "card_played" and p["kind"] in ("none", "miss"):
        return msg("moonrakers.log.card_played_plain", player=who, card=card(p["card"]))
    if t == "contract_resolved":
        return msg(
            "moonrakers.log.contract_succeeded" if p["success"] else "moonrakers.log.contract_failed",
            contract=card(p["contract"]),
        )
    if t == "rewards_paid":
        parts = [
            msg(
                "moonrakers.log.reward",
                player=SeatRef(s["seat"]),
                prestige=s["terms"]["p"],
                credits=_credits(s["terms"]["c"]),
            )
            for s in p["shares"]
        ]
        return msg(key, rewards=joined(parts))
    if t == "hazard_applied":
        lost = dict(p["losses"])
        # Version 1, if it was not upcast, had only its losses: the Hazard that got through.
        through: list[list[int]] = p["hazard"] if "hazard" in p else p["losses"]
        parts = [
            msg("moonrakers.log.loss", n, player=SeatRef(s))
            if lost.get(s, 0) == n
            # Someone with less Prestige than the Hazard that reached them: never below 0.
            else msg("moonrakers.log.loss_floored", lost.get(s, 0), player=SeatRef(s), hazard=n)
            for s, n in through
            if n
        ]
        return msg(key if parts else "moonrakers.log.hazard_none", losses=joined(parts))
    if t == "turn_ended":
        return msg(key, player=who)
    if t == "game_ended" and p.get("reason") == "solo_rounds":
        # Solo is scored, not won (R-M7): the line gives the score and its rank, as the table does.
        score = int(p.get("solo_score", 0))
        return msg(
            "moonrakers.log.game_ended_solo", score, score=score, rank=msg(f"moonrakers.rank.{p['rank']}")
        )
    if t == "game_ended":
        return msg(key, winners=joined([msg("moonrakers.player", player=SeatRef(w)) for w in p["winners"]]))
    if t == "deal_locked":
        return msg(key, player=who, contract=card(p["contract"]), count=len(p["shares"]))
    if t == "mercenary_used":
        return msg(
            key, player=who, card=card(p["card"]), credits=_credits(p["credits"]), prestige=p["prestige"]
        )
    return msg(key, **params)


def _credits(n: int) -> Message:
    """Credits in the right number ("1 Credit", "3 Credits"): a share of a split reward, or a
    Mercenary's cost, can be a single Credit."""
    return msg("moonrakers.label.n_credits", n, n=n)


def command_words(command: Any) -> Message | None:
    """ "Play Reactor, Reactor, Thruster"; "Launch, in this order: Zoe, Ann" (``Engine.command_words``)."""
    from games.engine.moonrakers.commands import Launch, PlayCards

    if isinstance(command, PlayCards):
        return msg("moonrakers.label.play_cards", cards=joined([card(c) for c in command.cards]))
    if isinstance(command, Launch) and command.order:
        order = [msg("moonrakers.player", player=SeatRef(s)) for s in command.order]
        return msg("moonrakers.label.launch_order", players=joined(order))
    return None


def redact(event: Event, seat: int | None) -> JSON | None:
    payload = dict(event.payload)
    visible = seat is not None and seat == event.seat
    for name in OWNER_ONLY.get(event.type, ()):
        if name in payload and not visible:
            value = payload.pop(name)
            payload[f"{name}_count"] = len(value) if isinstance(value, list) else 1
    for name in NOBODY.get(event.type, ()):
        if name in payload:
            value = payload.pop(name)
            if name == "decks":
                payload["deck_sizes"] = [len(d) for d in value]
            else:
                payload[f"{name}_count"] = len(value)
    return {
        "type": event.type,
        "seat": event.seat,
        "payload": payload,
        "text": log_message(event, visible).to_json(),
    }


# The events worth a line in "since you last played" (the page, the email's first lines): the turn,
# the Contract chosen and the deal made for it (an invitee's email opens with the offer), the Hazard
# Dice rolled (what each captain must block by the end of the Execution Phase), its outcome and the
# Prestige the Hazard took, what was bought, Objectives scored. Every one public.
SUMMARIZED = frozenset(
    {
        "turn_started",
        "contract_selected",
        "offer_made",
        "offer_answered",
        "ally_accepted",
        "deal_locked",
        "hazard_dice_rolled",
        "contract_resolved",
        "hazard_applied",
        "stayed_at_base",
        "crew_hired",
        "part_bought",
        "objective_claimed",
        "game_ended",
    }
)


def summary(event: Event, seat: int | None) -> Message | None:
    if event.type not in SUMMARIZED:
        return None
    line = log_message(event, seat is not None and seat == event.seat)
    if line.key == "moonrakers.log.hazard_none":
        return None  # nobody lost Prestige: nothing to tell
    return line


def reveal(state: GameState) -> JSON:
    """What no seat saw during play, in order (top first), shown only in a finished game's replay:
    every draw pile, and the Contract, Ship Part, Crew, Objective and Mercenary decks."""
    return {
        "draws": {str(seat): list(p.draw) for seat, p in enumerate(state.players)},
        "contract_deck": list(state.contract_deck),
        "part_deck": list(state.part_deck),
        "crew_deck": list(state.crew_deck),
        "objective_deck": list(state.objective_deck),
        "merc_deck": list(state.merc_deck),
    }


def outcome(state: GameState) -> Outcome | None:
    if not state.finished:
        return None
    scores = {seat: p.prestige for seat, p in enumerate(state.players)}
    worth = {seat: net_worth(state, seat) for seat in range(state.n)}
    details: JSON = {"net_worth": {str(k): v for k, v in worth.items()}, "reason": state.end_reason}
    if state.solo:
        score = solo_score(state)
        details["solo_score"] = score
        details["rank"] = msg(f"moonrakers.rank.{solo_rank(score)}").to_json()
        return Outcome(scores={0: score}, ranking=[[0]], details=details)
    winners = list(state.winners)
    rest = sorted((s for s in range(state.n) if s not in winners), key=lambda s: (-scores[s], -worth[s]))
    ranking = [winners] if winners else []
    groups: dict[tuple[int, int], list[int]] = {}
    for s in rest:
        groups.setdefault((scores[s], worth[s]), []).append(s)
    ranking += [groups[k] for k in sorted(groups, reverse=True)]
    return Outcome(scores=scores, ranking=ranking, details=details)


__all__ = ["CONTRACTS", "log_message", "outcome", "redact", "reveal", "summary", "view"]
