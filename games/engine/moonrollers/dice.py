"""The six die faces and the dice pools, kept as counts per face so folding stays cheap."""

from __future__ import annotations

from collections.abc import Iterable

from games.engine.core import Rng

# Every die shows one of each face (see the card data's README): equiprobable.
DAMAGE, REACTOR, THRUSTER, SHIELD, WILD, EXTRA = range(6)
FACES: tuple[str, ...] = ("damage", "reactor", "thruster", "shield", "wild", "extra")
FACE_INDEX: dict[str, int] = {name: i for i, name in enumerate(FACES)}
# The four faces a normal requirement asks for; a Wild requirement takes only real Wild faces.
NORMAL_FACES: tuple[int, ...] = (DAMAGE, REACTOR, THRUSTER, SHIELD)

TOTAL_DICE = 12

# A pool of dice: how many dice show each face, in FACES order.
Counts = tuple[int, int, int, int, int, int]
NO_DICE: Counts = (0, 0, 0, 0, 0, 0)


def counts_of(faces: Iterable[int]) -> Counts:
    c = [0, 0, 0, 0, 0, 0]
    for f in faces:
        c[f] += 1
    return (c[0], c[1], c[2], c[3], c[4], c[5])


def faces_of(counts: Counts) -> list[int]:
    return [f for f in range(6) for _ in range(counts[f])]


def names_of(counts: Counts) -> list[str]:
    return [FACES[f] for f in range(6) for _ in range(counts[f])]


def add(a: Counts, b: Counts) -> Counts:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5])


def sub(a: Counts, b: Counts) -> Counts:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4], a[5] - b[5])


def contains(a: Counts, b: Counts) -> bool:
    return a[0] >= b[0] and a[1] >= b[1] and a[2] >= b[2] and a[3] >= b[3] and a[4] >= b[4] and a[5] >= b[5]


def roll(rng: Rng, n: int) -> list[int]:
    """Roll ``n`` dice. Tests rig these faces by scripting ``rng.randbelow(6)``."""
    return [rng.randbelow(6) for _ in range(n)]


def face_names(faces: Iterable[int]) -> list[str]:
    return [FACES[f] for f in faces]


def face_indexes(names: Iterable[str]) -> list[int]:
    return [FACE_INDEX[n] for n in names]
