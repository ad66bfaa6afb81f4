"""The Moonrakers engine object: the protocol of games.engine.core wired to this package."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from games.engine.checked import LastChecked
from games.engine.core import (
    JSON,
    Command,
    CommandSpec,
    Event,
    IllegalCommand,
    Message,
    OptionSpec,
    Outcome,
    Pending,
    Policy,
    PolicySpec,
    Rng,
    msg,
)
from games.engine.moonrakers import (
    buying,
    execution,
    negotiation,
    planning,
    resolution,
    standing,
    turnflow,
)
from games.engine.moonrakers import (
    legal as legal_mod,
)
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
    Pick,
    PlayCard,
    PlayCards,
    Propose,
    Refresh,
    RefuseBonus,
    Scrap,
    StayAtBase,
    Swap,
    TrashChoice,
    UseMercenary,
    UsePart,
)
from games.engine.moonrakers.context import Ctx
from games.engine.moonrakers.events import UPCASTERS, Fold, evolve, remember
from games.engine.moonrakers.french import FRENCH_HELP
from games.engine.moonrakers.notation import format_command, parse
from games.engine.moonrakers.setup import MAX_PLAYERS, MIN_PLAYERS, setup
from games.engine.moonrakers.state import BUYING, GameState, dump_state, load_state
from games.engine.moonrakers.stats import simulation_stats  # noqa: F401  (found by ``simulate``)
from games.engine.moonrakers.view_shapes import MoonrakersView

Handler = Callable[[Ctx, int, Any], None]
# Every refusal of a handler, in its order, reading the state only: the handler calls it first and
# then emits its events without testing again. True: nothing the handler does next refuses the
# command, so the check's answer is the handler's; False: only running the handler can tell.
Check = Callable[[GameState, int, Any], bool]


def _done(ctx: Ctx, seat: int, cmd: Done) -> None:
    if ctx.state.phase == BUYING:
        buying.done_buying(ctx, seat, cmd)
    else:
        execution.done(ctx, seat, cmd)


def _check_done(state: GameState, seat: int, cmd: Done) -> bool:
    if state.phase == BUYING:
        return buying.check_done_buying(state, seat, cmd)
    return execution.check_done(state, seat, cmd)


HANDLERS: dict[type[Command], Handler] = {
    Keep: planning.keep,
    Swap: planning.swap,
    ChooseContract: planning.choose_contract,
    StayAtBase: planning.stay_at_base,
    MakeOffer: negotiation.make_offer,
    CancelOffer: negotiation.cancel_offer,
    AcceptSeat: negotiation.accept_seat,
    Launch: negotiation.launch,
    GoSolo: negotiation.go_solo,
    AcceptOffer: negotiation.accept_offer,
    DeclineOffer: negotiation.decline_offer,
    Counter: negotiation.counter,
    Propose: negotiation.propose,
    Leave: negotiation.leave,
    PlayCard: execution.play,
    PlayCards: execution.play_many,
    UsePart: execution.use,
    UseMercenary: execution.use_mercenary,
    TrashChoice: execution.trash_choice,
    Pick: execution.pick,
    Done: _done,
    Guard: execution.guard,
    BonusDeck: resolution.bonus_deck,
    KeepBonus: resolution.keep_bonus,
    RefuseBonus: resolution.refuse_bonus,
    Buy: buying.buy,
    Refresh: buying.refresh,
    Scrap: buying.scrap,
    Claim: turnflow.claim,
}

# The checks of the commands: whether ``decide`` accepts one of these is known without emitting
# and folding its events (``settled``), for ``legal`` and the bots, which check every candidate.
# Left to their handlers: a line of plays (PlayCards), a picked card played (Pick) or a Mercenary
# Crew (UseMercenary), whose card's checks read the state after the pick or the hire; and Scrap
# (the solo game's, in the Buying Phase only), whose handler emits a single event anyway.
CHECKS: dict[type[Command], Check] = {
    PlayCard: execution.check_play,
    UsePart: execution.check_use,
    Done: _check_done,
    Guard: execution.check_guard,
    Buy: buying.check_buy,
    Refresh: buying.check_refresh,
    ChooseContract: planning.check_choose_contract,
    Swap: planning.check_swap,
    StayAtBase: planning.check_stay_at_base,
    Keep: planning.check_keep,
    Launch: negotiation.check_launch,
    GoSolo: negotiation.check_go_solo,
    MakeOffer: negotiation.check_make_offer,
    CancelOffer: negotiation.check_cancel_offer,
    AcceptSeat: negotiation.check_accept_seat,
    AcceptOffer: negotiation.check_answer,
    DeclineOffer: negotiation.check_answer,
    Counter: negotiation.check_counter,
    Propose: negotiation.check_propose,
    Leave: negotiation.check_leave,
    TrashChoice: execution.check_trash_choice,
    BonusDeck: resolution.check_bonus_deck,
    KeepBonus: resolution.check_keep_bonus,
    RefuseBonus: resolution.check_refuse_bonus,
    Claim: turnflow.check_claim,
}


def decide(state: GameState | None, seat: int, command: Command, rng: Rng) -> list[Event]:
    """The events ``command`` causes, with everything that follows by itself; the state is untouched."""
    checked = CHECKED.take(state, seat, command)
    if checked is not None:
        return checked
    ctx = _handle(state, seat, command, rng, record=True)
    remember(ctx.folds)
    return ctx.events


def _admit(state: GameState | None, seat: int) -> GameState:
    """The refusals of any command, before its handler's."""
    if state is None:
        raise IllegalCommand(msg("moonrakers.refused.not_set_up"))
    if state.finished:
        raise IllegalCommand(msg("moonrakers.refused.game_over"))
    if not 0 <= seat < state.n:
        raise IllegalCommand(msg("moonrakers.refused.no_such_seat"))
    return state


def _handle(state: GameState | None, seat: int, command: Command, rng: Rng, *, record: bool) -> Ctx:
    state = _admit(state, seat)
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise IllegalCommand(msg("moonrakers.refused.not_a_command"))
    ctx = Ctx(state, rng, record=record)
    handler(ctx, seat, command)
    return ctx


_PROBE_SEED = b"moonrakers-legality-probe"


def settled(state: GameState, seat: int, command: Command) -> bool | None:
    """Would ``decide`` accept ``command``, by its check alone (``CHECKS``)? None: only running its
    handler can tell (a kind without a check, or one whose check leaves it open)."""
    check = CHECKS.get(type(command))
    if check is None:
        return None
    try:
        if not check(_admit(state, seat), seat, command):
            return None
    except IllegalCommand:
        return False
    return True


def accepts(state: GameState, seat: int, command: Command) -> bool:
    """Would ``decide`` accept ``command``? (Legality checks: no event is written out.)"""
    known = settled(state, seat, command)
    if known is not None:
        return known
    try:
        _handle(state, seat, command, Rng(_PROBE_SEED, 0, 0), record=False)
    except IllegalCommand:
        return False
    return True


class _NotingRng(Rng):
    """The legality probe's stream, noting whether the command drew from it."""

    __slots__ = ("drew",)

    def __init__(self) -> None:
        super().__init__(_PROBE_SEED, 0, 0)
        self.drew = False

    def randbelow(self, n: int) -> int:
        self.drew = True
        return super().randbelow(n)


# The command a bot last checked before playing it, when its events owed nothing to chance
# (``games.engine.checked``).
CHECKED = LastChecked()


class Trial(NamedTuple):
    """A legality check that also wrote the command's events out, for a bot that may play it."""

    accepted: bool
    # The command's events, when they owe nothing to chance (the check drew nothing from its rng):
    # whatever the rng of the ``decide`` that plays it, these are its events. None otherwise.
    events: list[Event] | None
    folds: list[Fold]  # the states those events lead to, remembered if it is played


def trial(state: GameState, seat: int, command: Command) -> Trial:
    """``accepts``, keeping the events a ``decide`` of the command would write (if it drew nothing)."""
    probe = _NotingRng()
    try:
        ctx = _handle(state, seat, command, probe, record=True)
    except IllegalCommand:
        return Trial(accepted=False, events=None, folds=[])
    if probe.drew:
        return Trial(accepted=True, events=None, folds=[])
    return Trial(accepted=True, events=ctx.events, folds=ctx.folds)


def keep_to_play(state: GameState, seat: int, command: Command, checked: Trial) -> None:
    """``command``, checked by ``trial``, is about to be played: its events are kept for that ``decide``."""
    if checked.events is None:
        CHECKED.forget()
    else:
        remember(checked.folds)
        CHECKED.keep(state, seat, command, checked.events)


def accepts_to_play(state: GameState, seat: int, command: Command) -> bool:
    """``accepts``, for the command about to be played. A command its check settles is answered by
    the check alone (the ``decide`` that plays it runs its handler, once); any other is tried, and
    its events are kept for that ``decide``."""
    CHECKED.forget()
    known = settled(state, seat, command)
    if known is not None:
        return known
    checked = trial(state, seat, command)
    keep_to_play(state, seat, command, checked)
    return checked.accepted


class MoonrakersEngine:
    NAME = "moonrakers"
    TITLE = "Moonrakers"
    OFFERED = True
    VIEW_SHAPE = MoonrakersView
    # A turn is the Mission Leader's, with everybody's offers and plays in it (replay by turn).
    TURN_STARTS = frozenset({"turn_started"})
    MIN_PLAYERS = MIN_PLAYERS
    MAX_PLAYERS = MAX_PLAYERS
    OPTIONS: tuple[OptionSpec, ...] = (
        OptionSpec(
            "armory_refresh",
            msg("moonrakers.option.armory_refresh"),
            default=True,
            help=msg("moonrakers.option.armory_refresh_help"),
        ),
        OptionSpec(
            "auto_claim",
            msg("moonrakers.option.auto_claim"),
            default=True,
            help=msg("moonrakers.option.auto_claim_help"),
        ),
        OptionSpec(
            "solo_remove_4_dice",
            msg("moonrakers.option.solo_remove_4_dice"),
            default=False,
            help=msg("moonrakers.option.solo_remove_4_dice_help"),
        ),
    )
    NOTATION_EXAMPLES: tuple[tuple[Message, str], ...] = (
        (msg("moonrakers.example.keep"), "keep ace shield-wall"),
        (msg("moonrakers.example.contract"), "contract 3"),
        (msg("moonrakers.example.solo"), "contract claim-bounty solo"),
        (msg("moonrakers.example.base"), "base"),
        (msg("moonrakers.example.offer"), "offer p2 1p 3c 1d"),
        (msg("moonrakers.example.counter"), "counter 2p 1d"),
        (msg("moonrakers.example.accept"), "accept"),
        (msg("moonrakers.example.launch"), "launch"),
        (msg("moonrakers.example.play"), "play reactor"),
        (msg("moonrakers.example.play_crew"), "play meg-gallak trash miss reduce damage"),
        (msg("moonrakers.example.use"), "use the-pursuer miss d1"),
        (msg("moonrakers.example.done"), "done"),
        (msg("moonrakers.example.buy"), "buy flash replace titan-3000"),
        (msg("moonrakers.example.claim"), "claim barrage"),
        (FRENCH_HELP, "jouer bouclier"),
    )
    UPCASTERS: Mapping[tuple[str, int], Callable[[JSON], JSON]] = UPCASTERS
    # Standing answers (games.engine.core, "Standing answers"): standing.py.
    STANDING_POLICIES: tuple[PolicySpec, ...] = standing.STANDING_POLICIES

    def standing_command(self, state: GameState, seat: int, pending: Pending, policy: Policy) -> str | None:
        return standing.standing_command(state, seat, pending, policy)

    def setup(self, players: int, options: Mapping[str, bool], rng: Rng) -> list[Event]:
        return setup(players, options, rng)

    def evolve(self, state: GameState | None, event: Event) -> GameState:
        return evolve(state, event)

    def decide(self, state: GameState | None, seat: int, command: Command, rng: Rng) -> list[Event]:
        return decide(state, seat, command, rng)

    def pending(self, state: GameState | None) -> list[Pending]:
        return legal_mod.pending(state)

    def legal(self, state: GameState | None, seat: int) -> list[CommandSpec]:
        return legal_mod.legal(state, seat)

    def view(self, state: GameState, seat: int | None) -> MoonrakersView:
        from games.engine.moonrakers.view import view

        return view(state, seat)

    def reveal(self, state: GameState) -> JSON:
        """Everything hidden during play, for a finished game's replay (see core.Engine)."""
        from games.engine.moonrakers.view import reveal

        return reveal(state)

    def redact(self, event: Event, seat: int | None) -> JSON | None:
        from games.engine.moonrakers.view import redact

        return redact(event, seat)

    def outcome(self, state: GameState | None) -> Outcome | None:
        if state is None or not state.finished:
            return None  # asked after every command: no import for the answer of a game going on
        from games.engine.moonrakers.view import outcome

        return outcome(state)

    def parse(self, text: str) -> Command:
        return parse(text)

    def format(self, command: Command) -> str:
        return format_command(command)

    def dump_state(self, state: GameState) -> JSON:
        return dump_state(state)

    def load_state(self, data: JSON) -> GameState:
        return load_state(data)

    def random_command(self, state: GameState, seat: int, rng: Rng) -> str:
        from games.engine.moonrakers.bots import random_command

        return random_command(state, seat, rng)

    def bot_command(self, state: GameState, seat: int, rng: Rng) -> str:
        from games.engine.moonrakers.bots import bot_command

        return bot_command(state, seat, rng)

    def scores(self, state: GameState) -> dict[int, int]:
        return {seat: p.prestige for seat, p in enumerate(state.players)}

    def summary(self, event: Event, seat: int | None) -> Message | None:
        from games.engine.moonrakers.view import summary

        return summary(event, seat)

    def default_label(self, state: GameState, seat: int) -> Message | None:
        return None  # each default is a command of the legal specs: its label says it

    def command_words(self, command: Command) -> Message | None:
        """Words for the commands no legal spec makes as such, for "Played:" lines: several cards
        on one line, a launch with its order of play. None for the others (their spec's label)."""
        from games.engine.moonrakers.view import command_words

        return command_words(command)
