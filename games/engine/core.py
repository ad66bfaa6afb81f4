"""The engine protocol every game implements, and the pieces all engines share.

Pure Python: no Django, no clock, no I/O, no global random. See DESIGN.md, "The engine protocol".

Three deliberate additions to DESIGN.md's member list, because the store must persist state as
JSON, the platform must be able to play for an absent player, and the API must say what a view is:

- ``dump_state(state) -> dict`` / ``load_state(dict) -> state``: engines may keep their state in
  any immutable shape that is fast to fold, as long as it round-trips through JSON this way.
- ``random_command(state, seat, rng) -> str`` and ``bot_command(state, seat, rng) -> str``:
  a uniformly random legal command and a sensible one, both in the game's notation.
- ``VIEW_SHAPE``: the TypedDict ``view`` returns (``<game>/view_shapes.py``), with a
  ``kind: Literal[NAME]`` key. mypy checks the view against it; ``games.engine.schema`` makes the
  API's schema of it. The shapes all games share (a message, the outcome) are in ``shapes.py``.

Members the platform needs from every game, so that shared code never names one (DESIGN.md,
"Layout"): ``scores(state)`` (the chart of a replay), ``summary(event, seat)`` (a one-line message
about an event for emails, or None), ``default_label(state, seat)`` (the timeout default in words),
``NOTATION_EXAMPLES`` (for the API docs and the help).

Every text leaves the engine as a ``Message`` (see ``messages.py``): labels, prompts, log lines
and the reasons inside ``CannotParse`` and ``IllegalCommand``.

Events that belong to the table rather than to the rules (chat, timeouts, bot takeovers,
resignations) are *platform events*: they live in the same log, but ``fold`` never hands them to
the engine's ``evolve``. Stored events are upcast to their newest version before anyone reads them
(``Engine.UPCASTERS``, applied by ``upcast``), so an old game always replays.
"""

from __future__ import annotations

import hashlib
import hmac
import importlib
import pkgutil
import struct
from collections.abc import Callable, Iterable, Mapping, MutableSequence, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

from games.engine.messages import Message as Message
from games.engine.messages import SeatRef as SeatRef
from games.engine.messages import msg as msg
from games.engine.shapes import OutcomeJSON

JSON = dict[str, Any]
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Event:
    """One fact of a game. ``payload`` is JSON-ready; cards are named by stable slugs."""

    type: str
    payload: JSON = field(default_factory=dict)
    version: int = 1
    # The seat this event concerns when it is private to it (Hazard tokens drawn...), or that acted.
    seat: int | None = None

    def to_json(self) -> JSON:
        return {"type": self.type, "version": self.version, "seat": self.seat, "payload": self.payload}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        return cls(
            type=str(data["type"]),
            payload=dict(data.get("payload") or {}),
            version=int(data.get("version", 1)),
            seat=data.get("seat"),
        )

    @property
    def is_platform(self) -> bool:
        return self.type in PLATFORM_EVENT_TYPES


# Events written by the platform itself, one typed payload each; engines never see them in
# ``evolve``. Each builds its Event with ``to_event`` and reads one back with ``from_event``.


@dataclass(frozen=True, slots=True)
class ChatSent:
    """A line of table talk, public (``to`` None) or private to one seat."""

    text: str
    to: int | None = None
    TYPE: ClassVar[str] = "chat_sent"

    def to_event(self, seat: int) -> Event:
        return Event(self.TYPE, {"text": self.text, "to": self.to}, seat=seat)

    @classmethod
    def from_event(cls, event: Event) -> ChatSent:
        to = event.payload.get("to")
        return cls(text=str(event.payload["text"]), to=int(to) if to is not None else None)


@dataclass(frozen=True, slots=True)
class SeatTimedOut:
    """A seat's time ran out on a decision of this kind; its default move follows as engine events."""

    seat: int
    kind: str
    TYPE: ClassVar[str] = "seat_timed_out"

    def to_event(self) -> Event:
        return Event(self.TYPE, {"seat": self.seat, "kind": self.kind}, seat=self.seat)

    @classmethod
    def from_event(cls, event: Event) -> SeatTimedOut:
        return cls(seat=int(event.payload["seat"]), kind=str(event.payload.get("kind", "")))


@dataclass(frozen=True, slots=True)
class SeatChange:
    """A bot took a seat over, its player reclaimed it, or its player resigned."""

    seat: int
    type: str  # one of SEAT_CHANGES

    def to_event(self) -> Event:
        return Event(self.type, {"seat": self.seat}, seat=self.seat)

    @classmethod
    def from_event(cls, event: Event) -> SeatChange:
        return cls(seat=int(event.payload["seat"]), type=event.type)


BOT_TOOK_OVER, SEAT_RECLAIMED, SEAT_RESIGNED = "bot_took_over", "seat_reclaimed", "seat_resigned"
SEAT_CHANGES = frozenset({BOT_TOOK_OVER, SEAT_RECLAIMED, SEAT_RESIGNED})
PLATFORM_EVENT_TYPES = frozenset({ChatSent.TYPE, SeatTimedOut.TYPE, *SEAT_CHANGES})


class Command:
    """Base of every engine's commands. Engines subclass it with frozen dataclasses."""

    __slots__ = ()


class CommandError(Exception):
    """A command a player sent was refused; ``reason`` is a message for that player."""

    def __init__(self, reason: Message) -> None:
        super().__init__(reason.key)
        self.reason = reason

    def __str__(self) -> str:
        return str(self.reason)


class CannotParse(CommandError):
    """The text is not a command of this game's notation."""


class IllegalCommand(CommandError):
    """The command is well formed but not allowed now (wrong seat, wrong moment, wrong dice)."""


@dataclass(frozen=True, slots=True)
class Choice:
    value: str  # the word that goes into the notation
    label: Message  # what a player reads


@dataclass(frozen=True, slots=True)
class Param:
    """One argument of a command, with every value it may take now."""

    name: str
    label: Message
    choices: tuple[Choice, ...]
    multiple: bool = False  # several values, space-separated in the notation
    min_count: int = 1
    # The most values a command takes (None: as many as there are choices; 1 unless ``multiple``).
    max_count: int | None = None

    @property
    def most(self) -> int:
        if not self.multiple:
            return 1
        # Never more than there are choices: each choice is one value (one die, one card) to pick once.
        return len(self.choices) if self.max_count is None else min(self.max_count, len(self.choices))


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """A command a seat may send now: enough to draw a form and to drive a bot.

    The notation of a filled-in spec is ``prefix`` followed by each param's chosen values in order,
    separated by spaces (see ``build``).
    """

    action: str  # stable key, e.g. "lock", "roll"
    prefix: str  # fixed leading words, e.g. "lock" or "lock thruster as wild with zek-zarag"
    label: Message
    params: tuple[Param, ...] = ()
    confirm: bool = False  # irreversible: forms ask for a confirmation step
    help: Message | None = None

    def build(self, values: Mapping[str, Sequence[str]]) -> str:
        words = [self.prefix]
        for param in self.params:
            chosen = list(values.get(param.name, ()))
            allowed = {c.value for c in param.choices}
            bad = [v for v in chosen if v not in allowed]
            if bad:
                raise CannotParse(msg("core.not_a_choice", field=param.label, value=bad[0]))
            if len(chosen) < param.min_count:
                key = "core.choose_at_least" if param.multiple else "core.choose_one"
                raise CannotParse(Message(key, {"field": param.label}, param.min_count))
            if len(chosen) > param.most:
                raise CannotParse(Message("core.choose_at_most", {"field": param.label}, param.most))
            words.extend(chosen)
        return " ".join(w for w in words if w)


@dataclass(frozen=True, slots=True)
class Pending:
    """A seat that must act now, what kind of decision it is, and the move made if time runs out."""

    seat: int
    kind: str
    default: Command
    private: bool = False  # a secret decision others must not see the detail of
    # What identifies this decision beyond its kind, when another seat's move can change it while
    # this seat waits (an offer's number, a phase). A seat's decision changes when it acts, when it
    # becomes pending, or when its kind or key changes; forms and links made before are then stale.
    key: str = ""
    # A quick follow-up (an answer to an offer) rather than a move: timed by the table's reply time.
    reply: bool = False


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A variant a table may choose when creating a game. Options are booleans."""

    name: str
    label: Message
    default: bool = False
    help: Message | None = None


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: final scores, ranking (ties share a place) and how ties were broken."""

    scores: dict[int, int]
    ranking: list[list[int]]  # places, best first; each place lists the seats tied on it
    # Game-specific, JSON-ready: the score table's rows, tie-breaks; its texts are messages.
    details: JSON = field(default_factory=dict)

    @property
    def winners(self) -> list[int]:
        return self.ranking[0] if self.ranking else []

    def to_json(self) -> OutcomeJSON:
        return {
            "scores": {str(k): v for k, v in self.scores.items()},
            "ranking": self.ranking,
            "winners": self.winners,
            "details": self.details,
        }


@runtime_checkable
class Engine(Protocol):
    """What a game must provide. State is whatever the engine folds fastest, JSON via dump/load.

    Optional, read with ``getattr``: ``TURN_STARTS`` (a frozenset of event types), the events that
    begin a turn, for games whose turn is not simply a run of one seat's moves (Moonrakers: a
    Mission Leader's turn has negotiation and several players acting); the replay's turn steps
    follow it. ``reveal(state) -> JSON``: what no seat sees during play (deck orders), which a
    finished game's replay shows beside every seat's own view.
    """

    NAME: str
    TITLE: str  # the game's published name, the same in every language
    MIN_PLAYERS: int
    MAX_PLAYERS: int
    OPTIONS: tuple[OptionSpec, ...]
    # Commands in notation with what they do, for the API docs and the help: (message, text).
    NOTATION_EXAMPLES: tuple[tuple[Message, str], ...]
    # (event type, stored version) -> a function rewriting that payload to the next version.
    UPCASTERS: Mapping[tuple[str, int], Callable[[JSON], JSON]]
    # Offered to players (new-game page, the API's kinds): False while a game's rules exist but its
    # table (pages, emails) does not yet; services still run it, for tests and operators.
    OFFERED: bool
    # The TypedDict ``view`` returns, with a ``kind: Literal[NAME]`` key: mypy checks the view against
    # it, and the API's schema is generated from it (games.engine.schema).
    VIEW_SHAPE: Any

    def setup(self, players: int, options: Mapping[str, bool], rng: Rng) -> list[Event]: ...

    # ``state`` is None before the first setup event.
    def evolve(self, state: Any, event: Event) -> Any: ...

    def decide(self, state: Any, seat: int, command: Command, rng: Rng) -> list[Event]: ...

    def pending(self, state: Any) -> list[Pending]: ...

    def legal(self, state: Any, seat: int) -> list[CommandSpec]: ...

    # A ``VIEW_SHAPE``: a TypedDict is a Mapping, not a ``dict[str, Any]``, to the type checker.
    def view(self, state: Any, seat: int | None) -> Mapping[str, Any]: ...

    def redact(self, event: Event, seat: int | None) -> JSON | None: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def parse(self, text: str) -> Command: ...

    def format(self, command: Command) -> str: ...

    def dump_state(self, state: Any) -> JSON: ...

    def load_state(self, data: JSON) -> Any: ...

    def random_command(self, state: Any, seat: int, rng: Rng) -> str: ...

    def bot_command(self, state: Any, seat: int, rng: Rng) -> str: ...

    # Each seat's score now (the replay's chart follows it over time).
    def scores(self, state: Any) -> dict[int, int]: ...

    # One line about an event for ``seat`` (None: spectator), for summaries; None if not worth one.
    def summary(self, event: Event, seat: int | None) -> Message | None: ...

    # What the seat's timeout default would do now, in words ("Lock 1 Shield on Namari's 4 Shields
    # and end your turn"), for the pages and emails that warn of it; None to show the command's label.
    def default_label(self, state: Any, seat: int) -> Message | None: ...

    # An optional member, not part of this protocol: ``command_words(command) -> Message | None``,
    # words for a command no legal spec makes as such ("Play Reactor, Reactor, Thruster"), for the
    # "Played:" lines of email answers (``selectors.command_label``).


# --- Standing answers: rules a player sets in advance for quick follow-ups ---------------------------
#
# An engine may declare ``STANDING_POLICIES`` (what a player may set, per kind of pending decision)
# and ``standing_command(state, seat, pending, policy) -> str | None`` (the command a set policy
# plays now, or None: the player answers themself). Both are optional members: a game without
# them has no standing answers (``standing_policies`` and ``standing_command`` below give the
# defaults), so they are not part of the ``Engine`` protocol every game must match.


@dataclass(frozen=True, slots=True)
class PolicyParam:
    """A number a standing answer takes ("at least N Prestige"), between ``low`` and ``high``."""

    name: str
    label: Message
    low: int
    high: int
    default: int


@dataclass(frozen=True, slots=True)
class PolicySpec:
    """A standing answer a player may set for one kind of pending decision (``Pending.kind``)."""

    name: str  # stable key, stored with the seat: "decline", "accept_prestige"
    decision: str  # the pending kind it answers: "answer_offer"
    label: Message
    params: tuple[PolicyParam, ...] = ()
    # The decision in words ("An offer to join a Contract"), for the form grouping its answers.
    asks: Message | None = None
    # The fewest seats at which the decision can come up at all: an answer to other players'
    # offers means nothing at a table of one, and a solo player is not asked to set it.
    min_players: int = 1


# A standing answer as the platform stores it: {"policy": name, <param name>: int, ...}.
Policy = Mapping[str, Any]


def standing_policies(engine: Any, players: int | None = None) -> tuple[PolicySpec, ...]:
    """The standing answers a game offers (none by default); with ``players``, those a table of
    that many seats can use."""
    specs = tuple(getattr(engine, "STANDING_POLICIES", ()))
    if players is None:
        return specs
    return tuple(spec for spec in specs if spec.min_players <= players)


def standing_command(engine: Any, state: Any, seat: int, pending: Pending, policy: Policy) -> str | None:
    """The command ``policy`` plays for ``seat`` on ``pending`` now, or None (the player decides)."""
    decide = getattr(engine, "standing_command", None)
    if decide is None:
        return None
    text: str | None = decide(state, seat, pending, policy)
    return text


def check_policy(engine: Any, data: Mapping[str, Any], players: int | None = None) -> JSON:
    """A standing answer checked against what the game offers (at a table of ``players``), in its
    stored shape.

    Raises ``CannotParse`` with a message for the player: an unknown answer, a missing number, or
    a number outside its bounds. Unknown keys are dropped.
    """
    specs = {p.name: p for p in standing_policies(engine, players)}
    name = str(data.get("policy", ""))
    spec = specs.get(name)
    if spec is None:
        raise CannotParse(msg("core.standing.unknown", value=name))
    out: JSON = {"policy": name}
    for param in spec.params:
        raw = data.get(param.name, param.default)
        try:
            value = int(raw)
        except (TypeError, ValueError):
            raise CannotParse(msg("core.standing.not_a_number", field=param.label, value=str(raw))) from None
        if not param.low <= value <= param.high:
            raise CannotParse(
                msg("core.standing.out_of_bounds", field=param.label, low=param.low, high=param.high)
            )
        out[param.name] = value
    return out


_TWO_64 = 1 << 64
_FOUR_DRAWS = struct.Struct(">4Q")


@lru_cache(maxsize=16)
def _keyed(seed: bytes) -> hmac.HMAC:
    """HMAC-SHA256 with the seed's key already hashed in: each block of a stream copies it rather
    than key a new HMAC (``HMAC.copy`` is the library's way; a block costs 2.5 µs instead of 3.6).
    Only ever copied, never updated. Few games are played at once in a process: 16 are kept."""
    return hmac.new(seed, digestmod=hashlib.sha256)


def _hmac_sha256(seed: bytes, message: bytes) -> bytes:
    """``hmac.new(seed, message, hashlib.sha256).digest()``."""
    mac = _keyed(seed).copy()
    mac.update(message)
    return mac.digest()


class Rng:
    """A deterministic random stream derived only from (seed, game id, seq).

    HMAC-SHA256 keyed by the game's secret seed, in counter mode over
    ``"{domain}:{game_id}:{seq}:{block}"``. The same inputs give the same stream on every machine,
    so retrying a command at the same point gives the same dice, and anyone holding the revealed
    seed can recompute every roll. ``domain`` separates streams (dice vs. a bot's choices).
    """

    __slots__ = ("_block", "_draws", "_key", "_prefix")

    def __init__(self, seed: bytes, game_id: int | str, seq: int, domain: str = "decide") -> None:
        if not seed:
            raise ValueError("an Rng needs a non-empty seed")
        self._key = bytes(seed)  # hashable: its HMAC pads are cached by it
        self._prefix = f"{domain}:{game_id}:{seq}:".encode()
        self._block = 0
        # The 64-bit draws of the current block not taken yet, the next one last.
        self._draws: list[int] = []

    def _draw(self) -> int:
        """The next 8 bytes of the stream, as a big-endian integer."""
        draws = self._draws
        if not draws:
            block = _hmac_sha256(self._key, self._prefix + str(self._block).encode())
            self._block += 1
            # A block is 32 bytes: exactly 4 draws, taken in order (popped from the end).
            draws.extend(reversed(_FOUR_DRAWS.unpack(block)))
        return draws.pop()

    def randbelow(self, n: int) -> int:
        """Uniform in [0, n), by rejection sampling on 64-bit draws (no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        limit = _TWO_64 - _TWO_64 % n
        while True:
            value = self._draw()
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """Uniform in [low, high], both included."""
        return low + self.randbelow(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("cannot choose from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffle(self, items: Iterable[T]) -> list[T]:
        """A new list in a uniformly random order (Fisher-Yates); the input is left alone."""
        out: MutableSequence[T] = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.randbelow(i + 1)
            out[i], out[j] = out[j], out[i]
        return list(out)


def seed_hash(seed: bytes) -> str:
    """The SHA-256 published at the start of a game, so players can check the seed at the end."""
    return hashlib.sha256(seed).hexdigest()


def upcast(engine: Engine, event: Event) -> Event:
    """The event rewritten to the newest version of its type, one version at a time."""
    upcasters = getattr(engine, "UPCASTERS", None)
    if not upcasters:
        return event
    payload, version = event.payload, event.version
    while (step := upcasters.get((event.type, version))) is not None:
        payload, version = step(dict(payload)), version + 1
    if version == event.version:
        return event
    return Event(type=event.type, payload=payload, version=version, seat=event.seat)


def fold(engine: Engine, events: Iterable[Event], state: Any = None) -> Any:
    """Fold events into a state, skipping the platform's own events, upcasting old ones."""
    upcasters = getattr(engine, "UPCASTERS", None)
    for event in events:
        if event.type not in PLATFORM_EVENT_TYPES:
            state = engine.evolve(state, upcast(engine, event) if upcasters else event)
    return state


def _discover() -> dict[str, str]:
    """Every package under games/engine is a game: adding one needs no list to edit."""
    here = importlib.import_module("games.engine")
    return {
        info.name: f"games.engine.{info.name}"
        for info in pkgutil.iter_modules(here.__path__)
        if info.ispkg and not info.name.startswith("_")
    }


_ENGINES: dict[str, str] = _discover()


def register_engine(name: str, module_path: str) -> None:
    """Make an engine reachable by ``get_engine``; tests register their tiny game this way."""
    _ENGINES[name] = module_path


def engine_names() -> list[str]:
    return sorted(_ENGINES)


def get_engine(name: str) -> Engine:
    """The engine registered under ``name``: a module exposing ``ENGINE``."""
    try:
        module_path = _ENGINES[name]
    except KeyError:
        raise LookupError(f"no game engine called {name!r}") from None
    engine: Engine = importlib.import_module(module_path).ENGINE
    return engine
