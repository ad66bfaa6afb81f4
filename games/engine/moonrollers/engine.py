"""The Moonrollers engine object: the protocol of games.engine.core wired to this package."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.engine.core import Command, CommandSpec, Event, IllegalCommand, OptionSpec, Outcome, Pending, Rng
from games.engine.moonrollers import ability_commands, hazards, hiring, locking, turn
from games.engine.moonrollers.bots import bot_command, random_command
from games.engine.moonrollers.checks import apply
from games.engine.moonrollers.commands import (
    Bust,
    ChooseCrew,
    Commit,
    KeepHazard,
    LockDice,
    Pass,
    Reroll,
    ReturnHazard,
    Roll,
    SaveWild,
    StackCrew,
    Stop,
    TreatAsExtra,
    UseAbility,
)
from games.engine.moonrollers.events import evolve
from games.engine.moonrollers.legal import legal, pending
from games.engine.moonrollers.notation import format_command, parse
from games.engine.moonrollers.scoring import outcome
from games.engine.moonrollers.setup import LONGER_GAME, MAX_PLAYERS, MIN_PLAYERS, setup
from games.engine.moonrollers.state import GameState, dump_state, load_state
from games.engine.moonrollers.stats import simulation_stats  # noqa: F401
from games.engine.moonrollers.view import redact, view

Handler = Callable[[GameState, int, Any, Rng], list[Event]]

HANDLERS: dict[type[Command], Handler] = {
    Roll: turn.roll,
    Pass: turn.pass_turn,
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
    if state is None:
        raise IllegalCommand("The game has not been set up yet.")
    if state.finished:
        raise IllegalCommand("The game is over.")
    if seat != state.turn.seat:
        raise IllegalCommand("It is not your turn.")
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise IllegalCommand("That is not a Moonrollers command.")
    events = handler(state, seat, command, rng)
    return events + turn.follow_up(apply(state, events))


class MoonrollersEngine:
    NAME = "moonrollers"
    TITLE = "Moonrollers"
    MIN_PLAYERS = MIN_PLAYERS
    MAX_PLAYERS = MAX_PLAYERS
    OPTIONS: tuple[OptionSpec, ...] = (
        OptionSpec(
            LONGER_GAME,
            "Longer game",
            help="No starting crew: every crew card is shuffled into the deck (best with 2-3 players).",
        ),
    )

    def setup(self, players: int, options: Mapping[str, bool], rng: Rng) -> list[Event]:
        return setup(players, options, rng)

    def evolve(self, state: GameState | None, event: Event) -> GameState:
        return evolve(state, event)

    def decide(self, state: GameState | None, seat: int, command: Command, rng: Rng) -> list[Event]:
        return decide(state, seat, command, rng)

    def pending(self, state: GameState | None) -> list[Pending]:
        return pending(state)

    def legal(self, state: GameState | None, seat: int) -> list[CommandSpec]:
        return legal(state, seat)

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def redact(self, event: Event, seat: int | None) -> dict[str, Any] | None:
        return redact(event, seat)

    def outcome(self, state: GameState | None) -> Outcome | None:
        return outcome(state) if state is not None else None

    def parse(self, text: str) -> Command:
        return parse(text)

    def format(self, command: Command) -> str:
        return format_command(command)

    def dump_state(self, state: GameState) -> dict[str, Any]:
        return dump_state(state)

    def load_state(self, data: dict[str, Any]) -> GameState:
        return load_state(data)

    def random_command(self, state: GameState, seat: int, rng: Rng) -> str:
        return random_command(state, seat, rng)

    def bot_command(self, state: GameState, seat: int, rng: Rng) -> str:
        return bot_command(state, seat, rng)
