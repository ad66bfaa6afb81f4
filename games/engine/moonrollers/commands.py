"""The commands a player sends, one frozen dataclass each. Their text form is in notation.py."""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.core import Command
from games.engine.moonrollers.dice import FACE_INDEX


@dataclass(frozen=True, slots=True)
class Roll(Command):
    """Roll the starting dice, or roll the rolling pool again.

    ``without``: an ability that adds dice, declined ("All abilities are optional to use"): Kal
    Damar on the first roll, Avari's 3 dice after an all-Wild roll."""

    without: str | None = None


@dataclass(frozen=True, slots=True)
class Settle(Command):
    """The timeout default: what the rules allow that costs the absent player least. The engine
    expands it into the commands a player would have sent (see settle.py)."""


@dataclass(frozen=True, slots=True)
class Stop(Command):
    """End the turn, keeping completed requirements; an uncompleted commitment is taken back."""


@dataclass(frozen=True, slots=True)
class Bust(Command):
    """Give up a roll where nothing can be locked, instead of using an ability that might help."""


@dataclass(frozen=True, slots=True)
class ChooseCrew(Command):
    crew: str


@dataclass(frozen=True, slots=True)
class Commit(Command):
    face: str
    count: int | None = None  # needed only when the card has several requirements of that face


@dataclass(frozen=True, slots=True)
class LockedDie:
    """One die to lock: its real face, and the crew whose ability changes how it counts, if any."""

    face: str
    crew: str | None = None

    def sort_key(self) -> tuple[int, str, int]:
        return (0 if self.crew is None else 1, self.crew or "", FACE_INDEX.get(self.face, 9))


@dataclass(frozen=True, slots=True)
class LockDice(Command):
    dice: tuple[LockedDie, ...]

    def __post_init__(self) -> None:
        # One canonical order, so that parse(format(c)) == c whatever order the player typed.
        object.__setattr__(self, "dice", tuple(sorted(self.dice, key=LockedDie.sort_key)))


@dataclass(frozen=True, slots=True)
class Reroll(Command):
    """Re-roll some dice with Lila Al Bindar or Vila Noir."""

    faces: tuple[str, ...]
    crew: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", _sorted_faces(self.faces))


@dataclass(frozen=True, slots=True)
class UseAbility(Command):
    """An ability with nothing to choose: Salatar, B3-AR, Imdar Shade, Ryan Rogal, Saghari."""

    crew: str


@dataclass(frozen=True, slots=True)
class TreatAsExtra(Command):
    """Treat dice as Extra Dice with FT-1000, Kary Powalk or Myla Dystra."""

    faces: tuple[str, ...]
    crew: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", _sorted_faces(self.faces))


@dataclass(frozen=True, slots=True)
class SaveWild(Command):
    """Set a Wild aside for the next roll with Meg Gallak."""


@dataclass(frozen=True, slots=True)
class KeepHazard(Command):
    choice: int  # 1 or 2: which of the two drawn tokens to keep


@dataclass(frozen=True, slots=True)
class StackCrew(Command):
    position: str  # "top" or "under"


@dataclass(frozen=True, slots=True)
class ReturnHazard(Command):
    index: int | None  # 1-based position in the player's held tokens, or None to keep them all


def _sorted_faces(faces: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(faces, key=lambda f: FACE_INDEX.get(f, 9)))
