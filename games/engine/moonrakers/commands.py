"""The commands a seat may send, one frozen dataclass each (their notation is in notation.py)."""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.core import Command
from games.engine.moonrakers.state import Terms


@dataclass(frozen=True, slots=True)
class Opts:
    """The choices that go with a card or a part: each ability reads the ones it needs."""

    mode: str | None = None  # Tantin/Replicator "as X", Ryle "block|shield", Bill "draw|action"
    trash: str | None = None  # a card of the hand (Meg, Lila, Symbiote)
    reduce: str | None = None  # a requirement (Meg, Moro, Sella)
    cards: tuple[str, ...] | None = None  # cards of the hand (Myla, Defender, Replicator, Pursuer...)
    dice: tuple[int, ...] | None = None  # die numbers, 1-based in the notation (AT-0K, [REDACTED])
    take: str | None = None  # B3-AR's Crew card
    with_part: str | None = None  # MG Charge Core, The Quantum Driver
    crew: str | None = None  # The Clone Bay: the Crew card played again


NO_OPTS = Opts()


@dataclass(frozen=True, slots=True)
class Keep(Command):
    objectives: tuple[str, ...]
    replace: int | None = None  # Stay at Base: a Contract slot (0-based) replaced for free


@dataclass(frozen=True, slots=True)
class Swap(Command):
    slot: int


@dataclass(frozen=True, slots=True)
class ChooseContract(Command):
    slot: int  # 0-based row slot; -1 when named by ``contract``
    solo: bool = False
    contract: str | None = None


@dataclass(frozen=True, slots=True)
class StayAtBase(Command):
    pass


@dataclass(frozen=True, slots=True)
class MakeOffer(Command):
    to: int
    terms: Terms


@dataclass(frozen=True, slots=True)
class CancelOffer(Command):
    to: int


@dataclass(frozen=True, slots=True)
class AcceptSeat(Command):
    seat: int


@dataclass(frozen=True, slots=True)
class Launch(Command):
    order: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class GoSolo(Command):
    pass


@dataclass(frozen=True, slots=True)
class AcceptOffer(Command):
    pass


@dataclass(frozen=True, slots=True)
class DeclineOffer(Command):
    pass


@dataclass(frozen=True, slots=True)
class Counter(Command):
    terms: Terms


@dataclass(frozen=True, slots=True)
class Propose(Command):
    terms: Terms


@dataclass(frozen=True, slots=True)
class Leave(Command):
    pass


@dataclass(frozen=True, slots=True)
class PlayCard(Command):
    card: str
    opts: Opts = NO_OPTS


@dataclass(frozen=True, slots=True)
class PlayCards(Command):
    """Several basic cards played one after the other (``play reactor thruster``, ``play 2 shield``)."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class UsePart(Command):
    part: str
    opts: Opts = NO_OPTS


@dataclass(frozen=True, slots=True)
class UseMercenary(Command):
    slot: int
    opts: Opts = NO_OPTS


@dataclass(frozen=True, slots=True)
class TrashChoice(Command):
    card: str | None  # None: trash nothing


@dataclass(frozen=True, slots=True)
class Pick(Command):
    card: str | None  # None: play nothing (Ryan Rogal only)
    opts: Opts = NO_OPTS


@dataclass(frozen=True, slots=True)
class Done(Command):
    pass


@dataclass(frozen=True, slots=True)
class Guard(Command):
    pass


@dataclass(frozen=True, slots=True)
class BonusDeck(Command):
    deck: str  # crew, part


@dataclass(frozen=True, slots=True)
class KeepBonus(Command):
    replace: str | None = None


@dataclass(frozen=True, slots=True)
class RefuseBonus(Command):
    pass


@dataclass(frozen=True, slots=True)
class Buy(Command):
    card: str
    replace: str | None = None


@dataclass(frozen=True, slots=True)
class Refresh(Command):
    card: str


@dataclass(frozen=True, slots=True)
class Scrap(Command):
    card: str


@dataclass(frozen=True, slots=True)
class Claim(Command):
    objective: str
