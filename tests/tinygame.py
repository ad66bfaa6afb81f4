"""Race to 20: a tiny game that exists only to prove the store and services without real engines.

Each turn the player to act may ``roll`` (add a die to their score) or ``pass``. Each player also
holds a secret number dealt at setup, to prove that hidden information stays hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.engine.core import (
    JSON,
    CannotParse,
    Choice,
    Command,
    CommandSpec,
    Event,
    IllegalCommand,
    Message,
    OptionSpec,
    Outcome,
    Param,
    Pending,
    Rng,
    SeatRef,
    msg,
)
from games.engine.messages import register_catalog

GOAL = 20
register_catalog("race", Path(__file__).parent / "tinygame_locale")


@dataclass(frozen=True)
class Roll(Command):
    pass


@dataclass(frozen=True)
class Pass(Command):
    pass


@dataclass(frozen=True)
class Say(Command):
    word: str


class RaceToTwenty:
    NAME = "race"
    TITLE = "Race to 20"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    OPTIONS = (OptionSpec("short", msg("race.option.short")),)
    NOTATION_EXAMPLES = ((msg("race.label.roll"), "roll"), (msg("race.label.pass"), "pass"))
    UPCASTERS: Mapping[tuple[str, int], Callable[[JSON], JSON]] = {}

    def setup(self, players: int, options: Mapping[str, bool], rng: Rng) -> list[Event]:
        # Five digits: a secret can never be mistaken for an id, a seq or a date in a page or an email.
        secrets = [rng.randint(10_000, 99_999) for _ in range(players)]
        first = rng.randint(0, players - 1)
        goal = 10 if options.get("short") else GOAL
        events = [Event("game_set_up", {"players": players, "first": first, "goal": goal})]
        events += [Event("secret_dealt", {"value": v}, seat=i) for i, v in enumerate(secrets)]
        return events

    def evolve(self, state: Any, event: Event) -> Any:
        if event.type == "game_set_up":
            p = event.payload
            return {
                "scores": [0] * p["players"],
                "turn": p["first"],
                "goal": p["goal"],
                "secrets": {},
                "over": False,
            }
        state = {**state, "scores": list(state["scores"]), "secrets": dict(state["secrets"])}
        if event.type == "secret_dealt":
            state["secrets"][str(event.seat)] = event.payload["value"]
        elif event.type == "die_rolled":
            state["scores"][event.seat] += event.payload["face"]
            if state["scores"][event.seat] >= state["goal"]:
                state["over"] = True
            else:
                state["turn"] = (state["turn"] + 1) % len(state["scores"])
        elif event.type == "turn_passed":
            state["turn"] = (state["turn"] + 1) % len(state["scores"])
        return state

    def decide(self, state: Any, seat: int, command: Command, rng: Rng) -> list[Event]:
        if state["over"]:
            raise IllegalCommand(msg("race.refused.over"))
        if seat != state["turn"]:
            raise IllegalCommand(msg("race.refused.not_your_turn"))
        if isinstance(command, Roll):
            return [Event("die_rolled", {"face": rng.randint(1, 6)}, seat=seat)]
        if isinstance(command, Pass):
            return [Event("turn_passed", {}, seat=seat)]
        raise IllegalCommand(msg("race.refused.cannot_say"))

    def pending(self, state: Any) -> list[Pending]:
        if state["over"]:
            return []
        return [Pending(seat=state["turn"], kind="turn", default=Pass())]

    def legal(self, state: Any, seat: int) -> list[CommandSpec]:
        if state["over"] or seat != state["turn"]:
            return []
        return [
            CommandSpec("roll", "roll", msg("race.label.roll"), confirm=False),
            CommandSpec("pass", "pass", msg("race.label.pass")),
            CommandSpec(
                "say",
                "say",
                msg("race.label.say"),
                params=(Param("word", msg("race.label.word"), (Choice("hi", msg("race.label.hi")),)),),
            ),
        ]

    def view(self, state: Any, seat: int | None) -> JSON:
        return {
            "scores": state["scores"],
            "turn": state["turn"],
            "my_secret": state["secrets"].get(str(seat)) if seat is not None else None,
            "legal": [s.action for s in self.legal(state, seat)] if seat is not None else [],
        }

    def redact(self, event: Event, seat: int | None) -> JSON | None:
        if event.type == "secret_dealt" and seat != event.seat:
            return {"type": event.type, "seat": event.seat, "text": msg("race.log.secret_hidden").to_json()}
        text = msg(f"race.log.{event.type}", player=SeatRef(event.seat) if event.seat is not None else None)
        return {"type": event.type, "seat": event.seat, **event.payload, "text": text.to_json()}

    def outcome(self, state: Any) -> Outcome | None:
        if not state["over"]:
            return None
        scores = dict(enumerate(state["scores"]))
        order = sorted(set(scores.values()), reverse=True)
        return Outcome(
            scores=scores, ranking=[[s for s, v in scores.items() if v == value] for value in order]
        )

    def parse(self, text: str) -> Command:
        words = text.strip().lower().split()
        if words == ["roll"]:
            return Roll()
        if words == ["pass"]:
            return Pass()
        if len(words) == 2 and words[0] == "say":
            return Say(words[1])
        raise CannotParse(msg("race.refused.cannot_parse", text=text.strip()))

    def format(self, command: Command) -> str:
        if isinstance(command, Say):
            return f"say {command.word}"
        return "roll" if isinstance(command, Roll) else "pass"

    def dump_state(self, state: Any) -> JSON:
        return dict(state)

    def load_state(self, data: JSON) -> Any:
        return dict(data)

    def random_command(self, state: Any, seat: int, rng: Rng) -> str:
        return rng.choice(["roll", "pass"])

    def bot_command(self, state: Any, seat: int, rng: Rng) -> str:
        return "roll"

    def scores(self, state: Any) -> dict[int, int]:
        return dict(enumerate(state["scores"]))

    def summary(self, event: Event, seat: int | None) -> Message | None:
        if event.type != "die_rolled":
            return None
        return msg("race.log.die_rolled", player=SeatRef(event.seat if event.seat is not None else 0))


ENGINE = RaceToTwenty()
