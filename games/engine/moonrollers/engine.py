"""The Moonrollers engine object: the protocol of games.engine.core wired to this package."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.engine.core import (
    Command,
    CommandSpec,
    Event,
    Message,
    OptionSpec,
    Outcome,
    Rng,
    msg,
)
from games.engine.moonrollers import ability_commands, hazards, hiring, locking, settle, turn
from games.engine.moonrollers.bots import bot_command, random_command
from games.engine.moonrollers.bots.legality import CHECKED
from games.engine.moonrollers.checks import apply, refuse
from games.engine.moonrollers.commands import (
    Bust,
    ChooseCrew,
    Commit,
    KeepHazard,
    LockDice,
    Reroll,
    ReturnHazard,
    Roll,
    SaveWild,
    Settle,
    StackCrew,
    Stop,
    TreatAsExtra,
    UseAbility,
)
from games.engine.moonrollers.events import (
    UPCASTERS,
    evolve,
)
from games.engine.moonrollers.legal import legal, pending
from games.engine.moonrollers.notation import FRENCH_HELP, format_command, parse
from games.engine.moonrollers.scoring import outcome, scores
from games.engine.moonrollers.settle import describe
from games.engine.moonrollers.setup import LONGER_GAME, MAX_PLAYERS, MIN_PLAYERS, setup
from games.engine.moonrollers.state import GameState, dump_state, load_state
from games.engine.moonrollers.stats import simulation_stats  # noqa: F401
from games.engine.moonrollers.summaries import summary
from games.engine.moonrollers.view import redact, view
from games.engine.moonrollers.view_shapes import MoonrollersView

Handler = Callable[[GameState, int, Any, Rng], list[Event]]

HANDLERS: dict[type[Command], Handler] = {
    Roll: turn.roll,
    Settle: settle.settle,
    Stop: turn.stop,
    Bust: turn.bust,
    ChooseCrew: turn.choose_crew,
    Commit: turn.commit,
    LockDice: locking.lock_dice,
    Reroll: ability_commands.reroll,
    UseAbility: ability_commands.use_ability,
    TreatAsExtra: ability_commands.treat_as_extra,
    SaveWild: ability_commands.save_wild,
    KeepHazard: hazards.keep_hazard,
    StackCrew: hiring.stack_crew,
    ReturnHazard: hazards.return_hazard,
}


def decide(state: GameState | None, seat: int, command: Command, rng: Rng) -> list[Event]:
    """The events ``command`` causes, followed by whatever happens by itself after it."""
    checked = CHECKED.take(state, seat, command) if state is not None else None
    events = handle(state, seat, command, rng) if checked is None else checked
    assert state is not None  # handle refused otherwise
    return events + turn.follow_up(apply(state, events))


def handle(state: GameState | None, seat: int, command: Command, rng: Rng) -> list[Event]:
    """The events ``command`` itself causes, or the refusal. Everything that can refuse a command
    happens here (what follows by itself never does), so a legality check can stop here; and a
    handler refuses only before its first draw from ``rng``, so the check can stop there too
    (``bots.legality``)."""
    if state is None:
        raise refuse("not_set_up")
    if state.finished:
        raise refuse("game_over")
    if seat != state.turn.seat:
        raise refuse("not_your_turn")
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise refuse("not_a_command")
    return handler(state, seat, command, rng)


# What each example does, and the command in the notation (for the API docs and the help).
NOTATION_EXAMPLES: tuple[tuple[Message, str], ...] = (
    (msg("moonrollers.example.roll"), "roll"),
    (msg("moonrollers.example.choose"), "choose namari"),
    (msg("moonrollers.example.commit"), "commit shield"),
    (msg("moonrollers.example.commit_count"), "commit reactor 3"),
    (msg("moonrollers.example.lock"), "lock 2 shields wild"),
    (msg("moonrollers.example.lock_with"), "lock thruster as wild with zek-zarag"),
    (msg("moonrollers.example.reroll"), "reroll reactor reactor with lila-al-bindar"),
    (msg("moonrollers.example.keep"), "keep 2"),
    (msg("moonrollers.example.stop"), "stop"),
    (FRENCH_HELP, "verrouiller 2 boucliers joker"),
)


class MoonrollersEngine:
    NAME = "moonrollers"
    TITLE = "Moonrollers"
    OFFERED = True
    VIEW_SHAPE = MoonrollersView
    MIN_PLAYERS = MIN_PLAYERS
    MAX_PLAYERS = MAX_PLAYERS
    OPTIONS: tuple[OptionSpec, ...] = (
        OptionSpec(
            LONGER_GAME,
            msg("moonrollers.option.longer_game"),
            help=msg("moonrollers.option.longer_game_help"),
        ),
    )
    NOTATION_EXAMPLES: tuple[tuple[Message, str], ...] = NOTATION_EXAMPLES
    # stopped 1 -> 2 (crew), busted 1 -> 2 (rolled): see events.UPCASTERS.
    UPCASTERS: Mapping[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = UPCASTERS

    def setup(self, players: int, options: Mapping[str, bool], rng: Rng) -> list[Event]:
        return setup(players, options, rng)

    # What the platform asks for every command and every event is the package's own function: a
    # method that only passed its arguments on would cost a call more each time.
    evolve = staticmethod(evolve)
    decide = staticmethod(decide)
    pending = staticmethod(pending)

    def legal(self, state: GameState | None, seat: int) -> list[CommandSpec]:
        return legal(state, seat)

    def view(self, state: GameState, seat: int | None) -> MoonrollersView:
        return view(state, seat)

    def redact(self, event: Event, seat: int | None) -> dict[str, Any] | None:
        return redact(event, seat)

    def outcome(self, state: GameState | None) -> Outcome | None:
        return outcome(state) if state is not None else None

    parse = staticmethod(parse)

    def format(self, command: Command) -> str:
        return format_command(command)

    def dump_state(self, state: GameState) -> dict[str, Any]:
        return dump_state(state)

    def load_state(self, data: dict[str, Any]) -> GameState:
        return load_state(data)

    def random_command(self, state: GameState, seat: int, rng: Rng) -> str:
        return random_command(state, seat, rng)

    bot_command = staticmethod(bot_command)

    def scores(self, state: GameState) -> dict[int, int]:
        return scores(state)

    def summary(self, event: Event, seat: int | None) -> Message | None:
        return summary(event, seat)

    def default_label(self, state: GameState | None, seat: int) -> Message | None:
        return describe(state, seat)
