"""What ``decide`` builds on: a context that emits events and folds them as it goes, and the deck
moves every rule shares (draw with reshuffle, discard, trash, add from the Supply, refill rows).
"""

from __future__ import annotations

from games.engine.core import Event, IllegalCommand, Rng, msg
from games.engine.moonrakers.cards import BASIC, CONTRACTS, CREW, OBJECTIVES, PARTS
from games.engine.moonrakers.events import (
    FOLDS,
    ActionsGained,
    CardAdded,
    CardsDiscarded,
    CardsDrawn,
    CardTrashed,
    ContractDeckReshuffled,
    DeckReshuffled,
    Fold,
    Payload,
    RequirementReduced,
)
from games.engine.moonrakers.state import EXECUTION, GameState


class Ctx:
    """The state as it is after the events emitted so far, and those events.

    ``record=False``: only whether the command is accepted matters (a legality check), so no event
    is written out; the state is folded all the same, since later rules read it."""

    __slots__ = ("events", "folds", "record", "rng", "state")

    def __init__(self, state: GameState, rng: Rng, *, record: bool = True) -> None:
        self.state = state
        self.rng = rng
        self.record = record
        self.events: list[Event] = []
        # Each event with the states before and after it, for ``events.remember`` once the events
        # are played (a bot's check of a command it does not play leaves no trace).
        self.folds: list[Fold] = []

    def emit(self, payload: Payload, seat: int | None = None) -> None:
        before = self.state
        # ``evolve`` of the event carrying ``payload`` without writing the payload as JSON and reading
        # it back (a payload read back is the payload: a test checks every field's type over random
        # games); every event of every command goes through here.
        self.state = after = FOLDS[payload.TYPE](before, payload)
        if self.record:
            if seat is None:
                seat = getattr(payload, "seat", getattr(payload, "by", None))
            event = payload.to_event(seat)
            self.events.append(event)
            self.folds.append((before, event, after))


# The parameters of a refusal that name a card: said by the card's name ("Shield is not in your
# hand"), not its slug, when they name one (a word the player mistyped stays as they wrote it).
_CARD_PARAMS = ("card", "part", "objective", "contract", "crew")
_SLUGS = frozenset((*BASIC, *CREW, *PARTS, *CONTRACTS, *OBJECTIVES))


def refuse(key: str, **params: object) -> IllegalCommand:
    for name in _CARD_PARAMS:
        value = params.get(name)
        if isinstance(value, str) and value in _SLUGS:
            params[name] = msg(f"moonrakers.card.{value}")
    return IllegalCommand(msg(f"moonrakers.refused.{key}", **params))  # type: ignore[arg-type]


def draw(ctx: Ctx, seat: int, n: int, reason: str = "") -> tuple[str, ...]:
    """Draw ``n`` cards; an empty draw pile takes the shuffled discard pile (not hand or play area)."""
    drawn: list[str] = []
    while n > 0:
        p = ctx.state.players[seat]
        if not p.draw:
            if not p.discard:
                break
            ctx.emit(DeckReshuffled(seat, tuple(ctx.rng.shuffle(p.discard))))
            continue
        take = p.draw[:n]
        ctx.emit(CardsDrawn(seat, take, reason))
        drawn += take
        n -= len(take)
    return tuple(drawn)


def ensure_draw_pile(ctx: Ctx, seat: int) -> None:
    """Glossary II "Search Your Draw Pile": an empty draw pile is first rebuilt from the discard pile."""
    p = ctx.state.players[seat]
    if not p.draw and p.discard:
        ctx.emit(DeckReshuffled(seat, tuple(ctx.rng.shuffle(p.discard))))


def discard_from_hand(ctx: Ctx, seat: int, cards: tuple[str, ...], reason: str) -> None:
    """Discard by an effect: Swarm mk1 gives +2 Actions per Damage 1 so discarded (ruling A15)."""
    if not cards:
        return
    ctx.emit(CardsDiscarded(seat, cards, "hand", reason))
    att = ctx.state.attempt
    active = ctx.state.phase == EXECUTION and att is not None and seat in att.seats
    if active and "swarm-mk1" in ctx.state.players[seat].parts:
        for card in cards:
            if card == "damage-1":
                ctx.emit(ActionsGained(seat, 2, "swarm-mk1"))


def trash_from_hand(ctx: Ctx, seat: int, card: str, reason: str) -> None:
    """Trash by an effect: MG1 Kinetic lowers the Damage requirement by 3 per Damage 1 (ruling A15)."""
    ctx.emit(CardTrashed(seat, card, "hand", reason))
    att = ctx.state.attempt
    active = att is not None and seat in att.seats and ctx.state.phase == EXECUTION
    if card == "damage-1" and active and "mg1-kinetic" in ctx.state.players[seat].parts:
        ctx.emit(RequirementReduced(seat, "damage", 3, "mg1-kinetic"))


def add_from_supply(ctx: Ctx, seat: int, card: str, reason: str) -> None:
    """Glossary II "Add A [card]": from the Supply to the discard pile; nothing if none is left (A51)."""
    if ctx.state.supply_of(card) > 0:
        ctx.emit(CardAdded(seat, card, reason))


def next_contract(ctx: Ctx) -> str | None:
    """The top of the Contract deck, reshuffling the discard pile into it if empty (ruling A23)."""
    s = ctx.state
    if not s.contract_deck and s.contract_discard:
        ctx.emit(ContractDeckReshuffled(tuple(ctx.rng.shuffle(s.contract_discard))))
    return ctx.state.contract_deck[0] if ctx.state.contract_deck else None


def hand_limit(state: GameState, seat: int) -> int:
    return state.players[seat].hand_limit
