"""Race to 20: a tiny game that exists only to prove the store and services without real engines.

Each turn the player to act may ``roll`` (add a die to their score) or ``pass``. Each player also
holds a secret number dealt at setup, to prove that hidden information stays hidden.

With the ``ballot`` option the race opens with a secret ballot: every seat picks 1, 2 or 3 at the
same time (``pick N``), each with its own default if its time runs out (seat 0 picks 1, seat 1
picks 2...); when the last ballot is in, the picks are revealed and added to the scores. It proves
that several seats can be pending at once without making each other's forms stale.

``die_rolled`` is at version 2 (it names the die's sides); stored version-1 events are upcast.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypedDict

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


class RaceView(TypedDict):
    """What a Race seat sees."""

    kind: Literal["race"]
    scores: list[int]
    turn: int
    my_secret: int | None
    legal: list[str]


@dataclass(frozen=True)
class Roll(Command):
    pass


@dataclass(frozen=True)
class Pass(Command):
    pass


@dataclass(frozen=True)
class Say(Command):
    word: str


@dataclass(frozen=True)
class Pick(Command):
    number: int


@dataclass(frozen=True, slots=True)
class DieRolled:
    """The payload of ``die_rolled``, version 2: the face and the die's number of sides."""

    face: int
    sides: int

    TYPE = "die_rolled"
    VERSION = 2

    def to_event(self, seat: int) -> Event:
        return Event(self.TYPE, {"face": self.face, "sides": self.sides}, self.VERSION, seat)

    @classmethod
    def from_event(cls, event: Event) -> DieRolled:
        if event.version != cls.VERSION:
            raise ValueError(f"die_rolled version {event.version} reached evolve without upcasting")
        return cls(face=int(event.payload["face"]), sides=int(event.payload["sides"]))


def die_rolled_v1_to_v2(payload: JSON) -> JSON:
    """Version 1 said only the face: every die was a d6."""
    return {**payload, "sides": 6}


PICKS = (1, 2, 3)


class RaceToTwenty:
    NAME = "race"
    TITLE = "Race to 20"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    OPTIONS = (
        OptionSpec("short", msg("race.option.short")),
        OptionSpec("ballot", msg("race.option.ballot")),
    )
    NOTATION_EXAMPLES = ((msg("race.label.roll"), "roll"), (msg("race.label.pass"), "pass"))
    OFFERED = True
    VIEW_SHAPE = RaceView
    UPCASTERS: Mapping[tuple[str, int], Callable[[JSON], JSON]] = {("die_rolled", 1): die_rolled_v1_to_v2}

    def setup(self, players: int, options: Mapping[str, bool], rng: Rng) -> list[Event]:
        # Five digits: a secret can never be mistaken for an id, a seq or a date in a page or an email.
        secrets = [rng.randint(10_000, 99_999) for _ in range(players)]
        first = rng.randint(0, players - 1)
        goal = 10 if options.get("short") else GOAL
        ballot = bool(options.get("ballot"))
        events = [Event("game_set_up", {"players": players, "first": first, "goal": goal, "ballot": ballot})]
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
                # Seats still to pick, and the picks made (secret until the last one is in).
                "ballot": list(range(p["players"])) if p.get("ballot") else [],
                "picks": {},
            }
        state = {
            **state,
            "scores": list(state["scores"]),
            "secrets": dict(state["secrets"]),
            "ballot": list(state["ballot"]),
            "picks": dict(state["picks"]),
        }
        if event.type == "secret_dealt":
            state["secrets"][str(event.seat)] = event.payload["value"]
        elif event.type == "ballot_cast":
            state["ballot"].remove(event.seat)
            state["picks"][str(event.seat)] = event.payload["pick"]
        elif event.type == "ballot_revealed":
            for seat, pick in enumerate(event.payload["picks"]):
                state["scores"][seat] += pick
            state["picks"] = {}
        elif event.type == "die_rolled":
            rolled = DieRolled.from_event(event)
            state["scores"][event.seat] += rolled.face
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
        if state["ballot"]:
            return self._pick(state, seat, command)
        if isinstance(command, Pick):
            raise IllegalCommand(msg("race.refused.no_ballot"))
        if seat != state["turn"]:
            raise IllegalCommand(msg("race.refused.not_your_turn"))
        if isinstance(command, Roll):
            return [DieRolled(face=rng.randint(1, 6), sides=6).to_event(seat)]
        if isinstance(command, Pass):
            return [Event("turn_passed", {}, seat=seat)]
        raise IllegalCommand(msg("race.refused.cannot_say"))

    def _pick(self, state: Any, seat: int, command: Command) -> list[Event]:
        if not isinstance(command, Pick):
            raise IllegalCommand(msg("race.refused.ballot_first"))
        if seat not in state["ballot"]:
            raise IllegalCommand(msg("race.refused.already_picked"))
        if command.number not in PICKS:
            raise IllegalCommand(msg("race.refused.bad_pick"))
        events = [Event("ballot_cast", {"pick": command.number}, seat=seat)]
        if state["ballot"] == [seat]:
            picks = {**state["picks"], str(seat): command.number}
            events.append(Event("ballot_revealed", {"picks": [picks[str(s)] for s in range(len(picks))]}))
        return events

    def pending(self, state: Any) -> list[Pending]:
        if state["over"]:
            return []
        if state["ballot"]:
            # Every seat decides at once, secretly, each with a default of its own.
            return [
                Pending(
                    seat=s, kind="ballot", default=Pick(PICKS[s % 3]), private=True, key="ballot", reply=True
                )
                for s in state["ballot"]
            ]
        return [Pending(seat=state["turn"], kind="turn", default=Pass())]

    def legal(self, state: Any, seat: int) -> list[CommandSpec]:
        if state["ballot"]:
            if seat not in state["ballot"]:
                return []
            choices = tuple(Choice(str(n), msg("race.label.number", number=n)) for n in PICKS)
            return [
                CommandSpec(
                    "pick",
                    "pick",
                    msg("race.label.pick"),
                    params=(Param("number", msg("race.label.number_field"), choices),),
                )
            ]
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

    def view(self, state: Any, seat: int | None) -> RaceView:
        return {
            "kind": "race",
            "scores": state["scores"],
            "turn": state["turn"],
            "my_secret": state["secrets"].get(str(seat)) if seat is not None else None,
            "legal": [s.action for s in self.legal(state, seat)] if seat is not None else [],
        }

    def redact(self, event: Event, seat: int | None) -> JSON | None:
        if event.type == "ballot_cast" and seat != event.seat:
            text = msg("race.log.ballot_hidden", player=SeatRef(event.seat if event.seat is not None else 0))
            return {"type": event.type, "seat": event.seat, "text": text.to_json()}
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
        if len(words) == 2 and words[0] == "pick" and words[1] in {str(n) for n in PICKS}:
            return Pick(int(words[1]))
        raise CannotParse(msg("race.refused.cannot_parse", text=text.strip()))

    def format(self, command: Command) -> str:
        if isinstance(command, Say):
            return f"say {command.word}"
        if isinstance(command, Pick):
            return f"pick {command.number}"
        return "roll" if isinstance(command, Roll) else "pass"

    def dump_state(self, state: Any) -> JSON:
        return dict(state)

    def load_state(self, data: JSON) -> Any:
        # States cached before the ballot existed have no ballot fields.
        return {"ballot": [], "picks": {}, **data}

    def random_command(self, state: Any, seat: int, rng: Rng) -> str:
        if state["ballot"]:
            return f"pick {rng.choice(PICKS)}"
        return rng.choice(["roll", "pass"])

    def bot_command(self, state: Any, seat: int, rng: Rng) -> str:
        return "pick 3" if state["ballot"] else "roll"

    def scores(self, state: Any) -> dict[int, int]:
        return dict(enumerate(state["scores"]))

    def default_label(self, state: Any, seat: int) -> Message | None:
        return None  # the default's own command label says it

    def summary(self, event: Event, seat: int | None) -> Message | None:
        if event.type != "die_rolled":
            return None
        return msg("race.log.die_rolled", player=SeatRef(event.seat if event.seat is not None else 0))


ENGINE = RaceToTwenty()
