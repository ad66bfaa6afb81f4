"""A command with a check (engine.CHECKS) is answered by that check alone, without emitting its
events: ``legal`` and the bots rely on it. The check holds every refusal of its handler, which calls
it first and then emits without testing again; so the answer is right only if nothing the handler
does after the check refuses. Compared here (the answer, and a refusal's message) with running the
whole handler over seeded games (both bots, one to four players), for every seat and every
candidate of every seat, with variants made to be refused (a Crew card naming itself, an option for
another card, a part it cannot convert with, a slot off the row, a replacement where none is
allowed): a refusal added to what a handler does after its check, and not to the check, fails
here."""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import itertools
from collections.abc import Iterator

import pytest

from games.engine import simulation
from games.engine.core import Command, Event, IllegalCommand, Rng
from games.engine.moonrakers import ENGINE
from games.engine.moonrakers.cards import CREW
from games.engine.moonrakers.commands import (
    AcceptOffer,
    AcceptSeat,
    BonusDeck,
    Buy,
    CancelOffer,
    ChooseContract,
    Claim,
    Counter,
    DeclineOffer,
    Done,
    GoSolo,
    Guard,
    Keep,
    KeepBonus,
    Launch,
    Leave,
    MakeOffer,
    Opts,
    PlayCard,
    Propose,
    Refresh,
    RefuseBonus,
    StayAtBase,
    Swap,
    TrashChoice,
    UsePart,
)
from games.engine.moonrakers.effects import CREW_TABLE
from games.engine.moonrakers.engine import CHECKS, _admit, _handle, settled
from games.engine.moonrakers.execution import current_seats
from games.engine.moonrakers.legal import candidates
from games.engine.moonrakers.state import EXECUTION, NEGOTIATION, GameState, Terms


def _handler_answer(state: GameState, seat: int, command: Command) -> tuple[bool, object]:
    """Whether the whole handler accepts ``command``, and the message of its refusal."""
    try:
        _handle(state, seat, command, Rng(b"moonrakers-checks-test", 0, 0), record=False)
    except IllegalCommand as refused:
        return False, refused.args
    return True, None


def _check_answer(state: GameState, seat: int, command: Command) -> tuple[bool, object] | None:
    """The check's answer, with the message of its refusal; None: the check leaves it to the handler."""
    answer = settled(state, seat, command)
    if answer is None:
        return None
    if answer:
        return True, None
    try:
        CHECKS[type(command)](_admit(state, seat), seat, command)
    except IllegalCommand as refused:
        return False, refused.args
    raise AssertionError(f"settled refused {command}, which its check lets through")


def _variants(state: GameState, command: Command) -> Iterator[Command]:
    """Commands near ``command`` that its handler may refuse for another reason."""
    yield command
    if isinstance(command, PlayCard):
        card = command.card
        yield PlayCard(card, Opts(trash=card))  # the card cannot trash itself
        yield PlayCard(card, Opts(cards=(card,)))
        yield PlayCard(card, Opts(mode="block"))
        yield PlayCard(card, Opts(reduce="damage"))
        yield PlayCard(card, Opts(with_part="mg-charge-core"))
        yield PlayCard(card, Opts(with_part="the-quantum-driver"))
        yield PlayCard(card, Opts(take="b3-ar"))
        yield PlayCard(card, Opts(dice=(0,)))
        if card in CREW:
            yield PlayCard(card, Opts(trash=card, reduce="damage"))
            yield PlayCard(card, Opts(dice=(7,)))
            yield PlayCard(card, Opts(mode="nonsense"))
    elif isinstance(command, ChooseContract):
        yield ChooseContract(command.slot, not command.solo)
        yield ChooseContract(len(state.contract_row))
        yield ChooseContract(-1, contract="icarus-run")
        for slug in state.contract_row:
            if slug is not None:
                yield ChooseContract(-1, contract=slug)
    elif isinstance(command, UsePart):
        hand = state.players[state.leader].hand
        yield UsePart(command.part, Opts(cards=hand[:2]))
        yield UsePart(command.part, Opts(cards=hand[:4]))
        yield UsePart(command.part, Opts(cards=hand[:2], mode="shield"))
        yield UsePart(command.part, Opts(trash="miss"))
        yield UsePart("flash")
    elif isinstance(command, Swap):
        yield Swap(len(state.contract_row))
        yield Swap(-1)
    elif isinstance(command, Refresh):
        yield Refresh("not-a-card")
        for card in (*state.crew_row, *state.part_row, *state.contract_row):
            if card is not None:
                yield Refresh(card)
    elif isinstance(command, Keep):
        yield Keep(command.objectives, 0)
        yield Keep(command.objectives, 9)
        yield Keep(command.objectives[:1])
        yield Keep((*command.objectives, *command.objectives))
    elif isinstance(command, Buy):
        yield Buy(command.card, "flash")
        yield Buy(command.card, None)
        for part in state.players[state.leader].parts:
            yield Buy(command.card, part)
    elif isinstance(command, Launch):
        yield Launch((state.leader,))
        yield Launch(tuple(range(state.n)))
        yield Launch(tuple(reversed(range(state.n))))
    elif isinstance(command, MakeOffer):
        yield MakeOffer(command.to, TOO_MUCH)


# More than any Contract pays: refused by the terms.
TOO_MUCH = Terms(9, 99, 9, 9)


def _fixed(state: GameState) -> Iterator[Command]:
    """Commands tried in every position, whoever may send them, mostly to be refused."""
    yield from (Done(), Guard(), StayAtBase(), Swap(0), Refresh("flash"), Launch(), GoSolo())
    yield from (UsePart("the-pursuer", Opts(cards=("miss",))), UsePart("flash"))
    yield from (AcceptOffer(), DeclineOffer(), Leave(), Counter(Terms()), Propose(Terms(c=1)))
    yield from (Counter(TOO_MUCH), Propose(TOO_MUCH))
    for seat in range(-1, state.n + 1):
        yield from (MakeOffer(seat, Terms(c=1)), CancelOffer(seat), AcceptSeat(seat))
    yield from (TrashChoice(None), TrashChoice("miss"), TrashChoice("not-a-card"))
    yield from (BonusDeck("crew"), BonusDeck("part"), BonusDeck("nonsense"), RefuseBonus())
    yield from (KeepBonus(), KeepBonus("flash"), *(KeepBonus(part) for part in state.players[0].parts))
    for player in state.players:
        yield from (Claim(objective) for objective in player.objectives)
    yield Claim("money-bags")


def _positions(players: int, bot: str, index: int, options: dict[str, bool]) -> Iterator[GameState]:
    """The states of a seeded game, each before a command."""
    seed = simulation.game_seed("checks", index)
    state: GameState | None = None
    for event in ENGINE.setup(players, options, Rng(seed, 1, 1)):
        state = ENGINE.evolve(state, event)
    assert state is not None
    for seq in range(400):
        if state.finished:
            return
        yield state
        mover = min(p.seat for p in ENGINE.pending(state))
        rng = Rng(seed, 1, seq, "bot")
        text = (
            ENGINE.bot_command(state, mover, rng)
            if bot == "heuristic"
            else ENGINE.random_command(state, mover, rng)
        )
        if state.phase == NEGOTIATION:
            yield from _answered(state)
        new: list[Event] = ENGINE.decide(state, mover, ENGINE.parse(text), Rng(seed, 1, seq))
        for event in new:
            state = ENGINE.evolve(state, event)


def _answered(state: GameState) -> Iterator[GameState]:
    """A negotiation's positions once a seat has countered its offer or proposed terms, which
    bots seldom do: the Mission Leader may then accept that seat."""
    for seat in range(state.n):
        for command in (Counter(Terms()), Propose(Terms())):
            if settled(state, seat, command):
                after = state
                for event in ENGINE.decide(state, seat, command, Rng(b"answered", 1, 1)):
                    after = ENGINE.evolve(after, event)
                yield after


CHECKED_KINDS = tuple(kind.__name__ for kind in CHECKS)
# The kinds every game accepts many of (a part to use, a swap or a refresh paid for, a deal
# launched: some games have none).
COMMON_KINDS = ("PlayCard", "Done", "Guard", "ChooseContract", "StayAtBase", "Keep", "Buy")


@pytest.mark.parametrize(
    ("players", "bot", "index", "options"),
    [
        (1, "heuristic", 0, {}),
        (2, "random", 1, {}),
        (3, "heuristic", 2, {}),
        (4, "random", 3, {}),
        # No Armory refresh (Refresh refused by the option), no automatic Claims.
        (3, "random", 4, {"armory_refresh": False, "auto_claim": False}),
    ],
)
def test_a_check_answers_as_its_handler_does(
    players: int, bot: str, index: int, options: dict[str, bool]
) -> None:
    answered: collections.Counter[tuple[str, bool]] = collections.Counter()
    with contextlib.suppress(simulation.GameDidNotEnd):
        # Every other position of a table (the next differs by a command or two): the test stays
        # quick. Every one alone: a solo game is short.
        step = 1 if players == 1 else 2
        for state in itertools.islice(_positions(players, bot, index, options), 0, None, step):
            commands = {
                v: None
                for seat in range(state.n)
                for c in candidates(state, seat)
                for v in _variants(state, c)
            }
            fixed = list(_fixed(state))
            commands.update(dict.fromkeys(fixed))
            tries = [(seat, command) for seat in range(state.n) for command in commands]
            tries += [(seat, command) for seat in (-1, state.n) for command in fixed]  # not at the table
            for seat, command in tries:
                answer = _check_answer(state, seat, command)
                if answer is None:
                    continue
                assert answer == _handler_answer(state, seat, command), (command, seat, state.phase)
                answered[type(command).__name__, answer[0]] += 1
    for kind in CHECKED_KINDS:
        assert answered[kind, False] >= 5, (kind, answered)
    for kind in COMMON_KINDS:
        assert answered[kind, True] >= 5, (kind, answered)
    assert sum(answered[kind, True] for kind in CHECKED_KINDS) > 200


def test_every_check_settles_many_commands_of_its_kind_in_some_game() -> None:
    """Over the games above taken together, each kind with a check is accepted by its check alone
    (the test above would pass for a check that left everything to its handler)."""
    accepted: collections.Counter[str] = collections.Counter()
    games = (
        (1, "heuristic", 0),
        (3, "heuristic", 2),
        (4, "heuristic", 6),
        (2, "random", 1),
        (4, "random", 3),
    )
    for players, bot, index in games:
        with contextlib.suppress(simulation.GameDidNotEnd):
            for state in _positions(players, bot, index, {}):
                for seat in range(state.n):
                    for command in candidates(state, seat):
                        if type(command) in CHECKS and settled(state, seat, command):
                            accepted[type(command).__name__] += 1
    for kind in CHECKED_KINDS:
        assert accepted[kind] >= 1, (kind, sorted(k for k in CHECKED_KINDS if not accepted[k]))


def test_a_crew_card_checked_as_it_leaves_the_hand_answers_as_the_handler_does() -> None:
    """Hands of a game made up around each Crew card: the card alone (Lila and Meg then have nothing
    to trash), twice, or with a Miss; options that name the card itself, another card, or nothing."""
    made_up = 0
    for state in _positions(3, "heuristic", 5, {}):
        if state.phase != EXECUTION:
            continue
        seat = current_seats(state)[0]
        for crew in sorted(CREW_TABLE):
            for hand in ((crew,), (crew, crew), (crew, "miss")):
                player = dataclasses.replace(state.players[seat], hand=hand)
                players = (*state.players[:seat], player, *state.players[seat + 1 :])
                made = dataclasses.replace(state, players=players)
                for opts in _crew_card_options(made, seat, crew):
                    command = PlayCard(crew, opts)
                    answer = _check_answer(made, seat, command)
                    assert answer is not None
                    assert answer == _handler_answer(made, seat, command), (command, hand)
                    made_up += 1
        if made_up > 3000:
            break
    assert made_up > 3000


def _crew_card_options(state: GameState, seat: int, crew: str) -> list[Opts]:
    ability = CREW_TABLE[crew]
    out = [Opts(), ability.default(state, seat)]
    for name in ("trash", "take"):
        out += [Opts(**{name: crew}), Opts(**{name: "miss"}), Opts(**{name: "dana-powalki"})]
    out += [Opts(cards=(crew,)), Opts(cards=("miss",)), Opts(cards=(crew, "miss")), Opts(cards=())]
    out += [Opts(trash=t, reduce=r) for t in (None, crew, "miss") for r in ("damage", "crew", "shield")]
    out += [Opts(mode=m) for m in (*ability.modes, "nonsense")]
    out += [Opts(dice=d) for d in ((), (0,), (0, 1), (9,))]
    return out
