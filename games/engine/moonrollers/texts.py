"""The pieces many Moonrollers messages share: die faces, factions, requirements, Hazard tokens,
crew abilities and lists. Every text is a message of the ``moonrollers`` catalogs (locale/); crew
names are proper names and stay plain strings.

Key families (see the catalogs for the texts): ``moonrollers.face.<face>`` ("Reactor"),
``moonrollers.a_face.<face>`` ("a Reactor"), ``moonrollers.dice.<face>`` with a count ("3 Reactors"),
``moonrollers.faction.<faction>``, ``moonrollers.ability.<crew>``, ``moonrollers.requirement``,
``moonrollers.token``, ``moonrollers.list.*``, and per use: ``log.*`` (event lines), ``prompt.*``,
``command.*`` / ``param.*`` / ``choice.*`` / ``help.*`` (legal's specs), ``refused.*``
(IllegalCommand), ``parse.*`` (CannotParse), ``outcome.*``, ``end.*``, ``option.*``, ``example.*``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from games.engine.core import Message, msg
from games.engine.messages import ParamValue
from games.engine.moonrollers.cards import CREW, FACTIONS, HAZARD_SYMBOLS
from games.engine.moonrollers.dice import FACES, Counts

# Messages are immutable: they are built once (the ones with parameters, once per parameters).
_FACE: tuple[Message, ...] = tuple(msg(f"moonrollers.face.{f}") for f in FACES)
_A_FACE: tuple[Message, ...] = tuple(msg(f"moonrollers.a_face.{f}") for f in FACES)
_FACTION: dict[str, Message] = {f: msg(f"moonrollers.faction.{f}") for f in FACTIONS}
_ABILITY: dict[str, Message] = {slug: msg(f"moonrollers.ability.{slug}") for slug in CREW}
NOTHING = msg("moonrollers.list.nothing")


def name(slug: str) -> str:
    """A crew member's name (a proper name, the same in every language)."""
    return CREW[slug].name if slug in CREW else slug


def face(index: int) -> Message:
    """A die face's name: "Reactor"."""
    return _FACE[index]


def a_face(index: int) -> Message:
    """A die face with its article: "a Reactor", "an Extra Die"."""
    return _A_FACE[index]


@cache
def dice(index: int, count: int) -> Message:
    """A number of dice of one face: "3 Reactors", "1 Extra Die"."""
    return Message(f"moonrollers.dice.{FACES[index]}", {}, count)


def faction(key: str) -> Message:
    """A faction's colour, as it qualifies a stack or a card: "Green" ("verte")."""
    return _FACTION[key]


def faction_label(key: str) -> Message:
    """A faction on its own: "Green faction"."""
    return msg("moonrollers.faction_label", faction=_FACTION[key])


def ability(slug: str) -> Message:
    """A crew member's ability text (in French, the French rulebook's wording)."""
    return _ABILITY[slug]


@cache
def requirement(crew: str, index: int) -> Message:
    """A requirement of a card: "Namari's 4 Shields"."""
    req = CREW[crew].requirements[index]
    return msg("moonrollers.requirement", crew=name(crew), amount=dice(req.face, req.count))


@cache
def token(value: int) -> Message:
    """A Hazard token: "5 Prestige/2 Hazard"."""
    return Message("moonrollers.token", {"prestige": value}, HAZARD_SYMBOLS[value])


def listing(items: Sequence[ParamValue], conjunction: str = "and") -> ParamValue:
    """Items in a sentence: "a, b and c" (or "a, b or c"); "nothing" when there are none."""
    if not items:
        return NOTHING
    if len(items) == 1:
        return items[0]
    out: ParamValue = msg(f"moonrollers.list.{conjunction}", first=items[-2], last=items[-1])
    for item in reversed(items[:-2]):
        out = msg("moonrollers.list.comma", first=item, rest=out)
    return out


def dice_list(counts: Counts) -> ParamValue:
    """Dice grouped by face, in the faces' order: "2 Damage, 1 Shield and 1 Wild"."""
    return listing([dice(f, n) for f, n in enumerate(counts) if n])


def faces_list(names: Iterable[str]) -> ParamValue:
    """Dice named by their faces (in any order), grouped by face."""
    c = [0, 0, 0, 0, 0, 0]
    for n in names:
        c[FACES.index(n)] += 1
    return dice_list((c[0], c[1], c[2], c[3], c[4], c[5]))


def tokens_list(values: Iterable[int]) -> ParamValue:
    return listing([token(t) for t in values])


def names_list(slugs: Iterable[str]) -> ParamValue:
    return listing([name(s) for s in slugs])
