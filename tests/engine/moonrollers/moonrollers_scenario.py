"""Build Moonrollers positions for tests and play commands on them, with dice that show what the
test says. Tests read like the rulebook:

    game = Game.build(["Angelo", "Adria"], crew={"Angelo": ["salatar", "zek-zarag"]},
                      display=["namari", ...], tokens={"namari": {"reactor": "Adria"}})
    game.roll("shield wild extra extra thruster")
    game.play("choose namari"); game.play("commit shield"); game.play("lock shield wild")

(Named so that it cannot clash with another test directory's helper module.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from games.engine.core import Event, IllegalCommand, Message, Rng
from games.engine.messages import has_text, render
from games.engine.moonrollers import ENGINE
from games.engine.moonrollers.cards import (
    CREW,
    DISPLAY_SIZE,
    HAZARD_TOKEN_COUNTS,
    HAZARD_TOKENS_TOTAL,
    REQUIREMENT_TOKENS,
)
from games.engine.moonrollers.dice import FACE_INDEX, FACES, TOTAL_DICE, names_of
from games.engine.moonrollers.state import START, DisplayCard, GameState, Player, Turn, new_player

Seat = int | str


class RiggedRng(Rng):
    """Dice show the faces given, in order; any other draw comes from a fixed stream."""

    def __init__(self, faces: Sequence[str] = (), *, strict: bool = False) -> None:
        super().__init__(b"moonrollers-tests", "rigged", 0)
        self.faces = [FACE_INDEX[f] for f in faces]
        self.strict = strict

    def randbelow(self, n: int) -> int:
        if n == 6 and (self.faces or self.strict):
            if not self.faces:
                raise AssertionError("the dice rolled more dice than the test gave faces for")
            return self.faces.pop(0)
        return super().randbelow(n)


def check_invariants(state: GameState, before: GameState | None = None) -> None:
    """What must hold after every event (the brief's list)."""
    turn = state.turn
    in_play = sum(turn.pool) + sum(turn.locked) + sum(turn.as_extra) + turn.saved
    assert state.supply + in_play == TOTAL_DICE, "12 dice accounted for"
    assert min(turn.pool + turn.locked + turn.as_extra) >= 0 and state.supply >= 0
    held = sum(len(p.hazard) for p in state.players)
    assert len(state.hazard_pile) + held + len(turn.drawn) == HAZARD_TOKENS_TOTAL, "45 Hazard tokens"
    if state.deck:
        assert len(state.display) == DISPLAY_SIZE[state.seats], "display size constant"
    for seat in range(state.seats):
        assert 0 <= state.tokens_out(seat) <= REQUIREMENT_TOKENS, "no more than 9 tokens out"
    if before is not None:
        for old, new in zip(before.players, state.players, strict=True):
            assert new.prestige >= old.prestige, "Prestige never decreases"


def _pile(top: Sequence[int]) -> tuple[int, ...]:
    counts = dict(HAZARD_TOKEN_COUNTS)
    for t in top:
        counts[t] -= 1
    rest = [v for v, n in sorted(counts.items()) for _ in range(n)]
    # A fixed, mixed order below the tokens the test put on top.
    mixed = RiggedRng().shuffle(rest)
    return (*top, *mixed)


class Game:
    """A position and the commands played on it (events are checked against a replay)."""

    def __init__(self, state: GameState, names: Sequence[str] = ()) -> None:
        self.state = state
        self.names = list(names) or [f"Seat {i}" for i in range(state.seats)]
        self.events: list[Event] = []
        check_invariants(state)

    # ---- building ----------------------------------------------------------------------------

    @classmethod
    def build(
        cls,
        players: int | Sequence[str] = 2,
        *,
        crew: Mapping[Seat, Sequence[str | Sequence[str]]] | None = None,
        display: Sequence[str] = (),
        deck: Sequence[str] | None = None,
        tokens: Mapping[str, Mapping[str, Seat]] | None = None,
        prestige: Mapping[Seat, int] | None = None,
        hazard: Mapping[Seat, Sequence[int]] | None = None,
        hazard_pile_top: Sequence[int] = (),
        first: Seat = 0,
        fill_display: bool = True,
    ) -> Game:
        names = [f"Seat {i}" for i in range(players)] if isinstance(players, int) else list(players)
        n = len(names)

        def seat_of(s: Seat) -> int:
            return names.index(s) if isinstance(s, str) else s

        stacks: dict[int, tuple[tuple[str, ...], ...]] = {}
        used: set[str] = set()
        for who, crew_cards in (crew or {}).items():
            seat_stacks = []
            for item in crew_cards:
                stack = (item,) if isinstance(item, str) else tuple(item)
                seat_stacks.append(stack)
                used.update(stack)
            stacks[seat_of(who)] = tuple(seat_stacks)
        points = {seat_of(k): v for k, v in (prestige or {}).items()}
        held: dict[int, tuple[int, ...]] = {seat_of(k): tuple(v) for k, v in (hazard or {}).items()}
        shown = list(display)
        used.update(shown)
        spare = [s for s in CREW if s not in used]
        if fill_display:
            while len(shown) < DISPLAY_SIZE[n]:
                shown.append(spare.pop(0))
        deck_cards = list(deck) if deck is not None else [s for s in spare if s not in shown]
        cards: list[DisplayCard] = []
        for slug in shown:
            marks: list[int | None] = [None] * len(CREW[slug].requirements)
            for key, who in (tokens or {}).get(slug, {}).items():
                marks[_requirement_index(slug, key)] = seat_of(who)
            cards.append(DisplayCard(slug, tuple(marks)))
        all_held = [t for ts in held.values() for t in ts]
        pile = list(_pile(hazard_pile_top))
        for t in all_held:  # tokens players hold are not in the pile
            pile.reverse()
            pile.remove(t)
            pile.reverse()
        state = GameState(
            players=tuple(
                new_player(
                    stacks=stacks.get(s, ()),
                    prestige=points.get(s, 0),
                    hazard=held.get(s, ()),
                )
                for s in range(n)
            ),
            display=tuple(cards),
            deck=tuple(deck_cards),
            hazard_pile=tuple(pile),
            supply=TOTAL_DICE,
            turn=Turn(seat=seat_of(first), phase=START),
            first_player=seat_of(first),
        )
        return cls(state, names)

    # ---- playing -------------------------------------------------------------------------------

    def seat(self, who: Seat) -> int:
        return self.names.index(who) if isinstance(who, str) else who

    def play(self, text: str, *, seat: Seat | None = None, faces: str | None = None) -> list[Event]:
        """Send ``text`` for ``seat`` (default: whoever must act); ``faces`` are the dice rolled."""
        who = self.state.turn.seat if seat is None else self.seat(seat)
        rng = RiggedRng(faces.split(), strict=True) if faces is not None else RiggedRng()
        before = self.state
        events = ENGINE.decide(before, who, ENGINE.parse(text), rng)
        if faces is not None:
            assert not rng.faces, f"the test gave more faces than were rolled: {names_of_index(rng.faces)}"
        state = before
        for e in events:
            previous = state
            state = ENGINE.evolve(state, e)
            check_invariants(state, previous)
        self.state = state
        self.events += events
        return events

    def roll(self, faces: str) -> list[Event]:
        return self.play("roll", faces=faces)

    def illegal(self, text: str, *, seat: Seat | None = None) -> str:
        """Assert ``text`` is refused and changes nothing; return the reason as an English reader
        reads it (the message is in both catalogs)."""
        return render(self.refusal(text, seat=seat), "en", self.names)

    def refusal(self, text: str, *, seat: Seat | None = None) -> Message:
        """Assert ``text`` is refused and changes nothing; return the reason (a message)."""
        who = self.state.turn.seat if seat is None else self.seat(seat)
        before = self.state
        with pytest.raises(IllegalCommand) as refused:
            ENGINE.decide(before, who, ENGINE.parse(text), RiggedRng(["wild"] * 12))
        assert self.state == before
        reason = refused.value.reason
        assert has_text(reason.key, "en") and has_text(reason.key, "fr"), reason.key
        english, french = render(reason, "en", self.names), render(reason, "fr", self.names)
        assert "{" not in english + french and "moonrollers." not in english + french, (english, french)
        assert french != english, french
        return reason

    def with_state(self, **changes: Any) -> Game:
        """The same position with some of the state changed."""
        self.state = self.state._replace(**changes)
        check_invariants(self.state)
        return self

    def with_turn(self, **changes: Any) -> Game:
        """The same position with the turn changed (for a position mid-turn)."""
        self.state = self.state._replace(turn=self.state.turn._replace(**changes))
        return self

    # ---- reading -----------------------------------------------------------------------------

    @property
    def turn(self) -> Turn:
        return self.state.turn

    @property
    def pool(self) -> list[str]:
        return names_of(self.state.turn.pool)

    @property
    def locked(self) -> list[str]:
        return names_of(self.state.turn.locked)

    def player(self, who: Seat) -> Player:
        return self.state.players[self.seat(who)]

    def prestige(self, who: Seat) -> int:
        return self.player(who).prestige

    def tokens_on(self, crew: str) -> dict[str, int | None]:
        card = self.state.display[self.state.slot_of(crew)]
        return {_requirement_key(crew, i): t for i, t in enumerate(card.tokens)}

    def types(self) -> list[str]:
        return [e.type for e in self.events]

    def last(self, type_: str) -> Event:
        return [e for e in self.events if e.type == type_][-1]

    def legal_texts(self, who: Seat | None = None) -> list[str]:
        seat = self.state.turn.seat if who is None else self.seat(who)
        return [s.prefix for s in ENGINE.legal(self.state, seat)]


def french(text: str) -> str:
    """A French text as typeset: the typographic apostrophe (U+2019) where tests write the plain one."""
    return text.replace("'", "\u2019")


def names_of_index(faces: list[int]) -> list[str]:
    return [FACES[f] for f in faces]


def _requirement_key(crew: str, index: int) -> str:
    reqs = CREW[crew].requirements
    req = reqs[index]
    face = FACES[req.face]
    return face if sum(1 for r in reqs if r.face == req.face) == 1 else f"{face} {req.count}"


def _requirement_index(crew: str, key: str) -> int:
    for i in range(len(CREW[crew].requirements)):
        if _requirement_key(crew, i) == key:
            return i
    raise KeyError(f"{crew} has no requirement {key!r}")
