"""The text notation, short enough to type in an email reply. Case-insensitive;
``parse(format(c)) == c``. Grammar (CREW is a slug such as ``zek-zarag``, or a unique start of one
such as ``zek``; FACE is damage, reactor, thruster, shield, wild or extra, plurals accepted)::

    roll [without CREW] | stop | bust | settle     without: decline Kal Damar or Avari
    choose CREW                                   work on a crew card (first roll)
    commit FACE [NUMBER]                          NUMBER when the card has several FACE requirements
    lock DIE...                                   DIE = [N] FACE | FACE as (wild | 2 FACE) with CREW
    reroll FACE... with CREW                      Lila Al Bindar, Vila Noir
    use CREW                                      Salatar, B3-AR, Imdar Shade, Ryan Rogal, Saghari
    treat FACE... as extra with CREW              FT-1000, Kary Powalk, Myla Dystra
    save wild with meg-gallak
    keep 1 | keep 2                               the first or second Hazard token drawn
    stack top | stack under
    return N | return none                        the Nth Hazard token you hold

Forms built from CommandSpecs may put ``with CREW`` first (``reroll with lila-al-bindar reactor``,
``treat as extra with kary-powalk damage``); both orders parse to the same command.

French command words are understood too (``parse`` turns them into the English words above;
``format`` writes English): lancer (roll), relancer (roll again; with dice and a crew: reroll),
arrêter / stop, planter / se planter (bust), conclure (settle), choisir, opter [pour] (commit),
verrouiller (lock), utiliser (use), compter / considérer (treat), garder (keep; garder joker:
save), placer dessus / dessous (stack), remettre [aucun] (return); faces dommage, réacteur,
propulseur, bouclier, joker, [dé] supplémentaire; comme (as), avec (with), sans (without), tout,
premier, second. Accents may be left out. ``FRENCH_HELP`` says so to players (a NOTATION_EXAMPLES
entry).

There is no ``pass``: "Each turn consists of a series of rolls" starting with "Roll 5 dice".
``settle`` is the timeout default (settle.py); a player may send it too.
"""

from __future__ import annotations

import re
from functools import lru_cache

from games.engine.core import CannotParse, Command, Message, msg
from games.engine.messages import ParamValue
from games.engine.moonrollers.abilities import (
    AVARI,
    DOUBLE_IN_SMALL_POOL,
    EXTRA_AS_TWO,
    KAL_DAMAR,
    LILA_AL_BINDAR,
    LOCK_AS_WILD,
    MEG_GALLAK,
    SALATAR,
    TREAT_AS_EXTRA,
    USE_ABILITIES,
    VILA_NOIR,
)
from games.engine.moonrollers.cards import CREW
from games.engine.moonrollers.commands import (
    Bust,
    ChooseCrew,
    Commit,
    KeepHazard,
    LockDice,
    LockedDie,
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
from games.engine.moonrollers.dice import FACES
from games.engine.moonrollers.texts import listing, name
from games.engine.words import is_number, unaccented

# The abilities a roll may decline ("All abilities are optional to use"): ``roll without CREW``.
DECLINABLE = frozenset({KAL_DAMAR, AVARI})
FACE_WORDS: dict[str, str] = {**{f: f for f in FACES}, **{f + "s": f for f in FACES}}
MAX_DICE_IN_ONE_WORD = 12

# French words (without accents) and the notation's words they stand for.
FRENCH_VERBS: dict[str, str] = {
    "lancer": "roll",
    "conclure": "settle",
    "arreter": "stop",
    "arrete": "stop",
    "planter": "bust",
    "choisir": "choose",
    "opter": "commit",
    "verrouiller": "lock",
    "utiliser": "use",
    "compter": "treat",
    "considerer": "treat",
    "garder": "keep",
    "placer": "stack",
    "remettre": "return",
}
FRENCH_WORDS: dict[str, str] = {
    "comme": "as",
    "sans": "without",
    "avec": "with",
    "dommage": "damage",
    "dommages": "damage",
    "reacteur": "reactor",
    "reacteurs": "reactor",
    "propulseur": "thruster",
    "propulseurs": "thruster",
    "bouclier": "shield",
    "boucliers": "shield",
    "joker": "wild",
    "jokers": "wild",
    "supplementaire": "extra",
    "supplementaires": "extra",
    "dessus": "top",
    "dessous": "under",
    "sur": "top",
    "sous": "under",
    "aucun": "none",
    "rien": "none",
    "premier": "first",
    "second": "second",
    "deuxieme": "second",
    "tout": "all",
    "tous": "all",
    "encore": "again",
}
# The notation's own command words: text starting with one is not French.
ENGLISH_VERBS = frozenset(
    {"roll", "stop", "bust", "settle", "choose", "commit", "lock", "reroll", "re-roll", "use", "treat"}
    | {"save", "keep", "stack", "return"}
)
# Little words a French command may hold that the notation does without.
_FRENCH_FILLERS = {"pour", "se"}
_DIE_WORDS = {"de", "des"}  # "dé supplémentaire": the face is enough
FRENCH_HELP = msg("moonrollers.example.french_words")

_EMPTY = msg("moonrollers.parse.empty")


def _normalize(word: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", word.lower()).strip("-")


def _refused(key: str, count: int | None = None, **params: ParamValue) -> CannotParse:
    return CannotParse(msg(f"moonrollers.parse.{key}", count, **params))


# What a command lacks, for "Missing ...": built once.
_WHAT = {
    thing: msg(f"moonrollers.parse.what.{thing}")
    for thing in (
        "die",
        "face",
        "crew_after_with",
        "as",
        "counts_as",
        "commit_face",
        "count",
        "all",
        "again",
        "wild",
        "keep",
        "stack",
        "top",
        "return",
    )
}


def _what(thing: str) -> Message:
    return _WHAT[thing]


def crew_slug(words: list[str]) -> str:
    """A crew slug from what a player typed: the slug, its name, or a unique start of it."""
    if not words:
        raise _refused("name_a_crew")
    key = _normalize("-".join(words))
    if key in CREW:
        return key
    matches = [s for s in CREW if s.startswith(key + "-")] or [s for s in CREW if s.startswith(key)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise _refused("ambiguous_crew", text=" ".join(words), options=listing(sorted(matches), "or"))
    raise _refused("not_a_crew_member", text=" ".join(words))


def _face(word: str) -> str:
    face = FACE_WORDS.get(word)
    if face is None:
        raise _refused("not_a_face", word=word)
    return face


def _number(word: str, what: str) -> int:
    if not is_number(word):
        raise _refused(f"not_a_number_{what}", word=word)
    return int(word)


def _as_target(crew: str) -> str:
    """What a die locked with ``crew`` counts as, in the notation."""
    if crew in LOCK_AS_WILD:
        return "wild"
    target = EXTRA_AS_TWO.get(crew, DOUBLE_IN_SMALL_POOL.get(crew))
    if target is None:
        raise _refused("no_locking_ability", crew=name(crew))
    face = FACES[target]
    return f"2 {face}" if face == "damage" else f"2 {face}s"


class _Words:
    def __init__(self, words: list[str]) -> None:
        self.words = words
        self.i = 0

    def peek(self) -> str | None:
        return self.words[self.i] if self.i < len(self.words) else None

    def take(self, what: Message) -> str:
        word = self.peek()
        if word is None:
            raise _refused("missing", what=what)
        self.i += 1
        return word

    def expect(self, word: str) -> None:
        got = self.peek()
        if got is None:
            raise _refused("missing", what=msg("moonrollers.parse.what.word", word=word))
        self.i += 1
        if got != word:
            raise _refused("expected", word=word, got=got)

    def rest(self) -> list[str]:
        out = self.words[self.i :]
        self.i = len(self.words)
        return out

    def done(self) -> None:
        if self.i < len(self.words):
            raise _refused("unexpected", words=" ".join(self.words[self.i :]))


def _count(word: str) -> int:
    n = int(word)
    if not 1 <= n <= MAX_DICE_IN_ONE_WORD:
        raise _refused("too_many_dice", n)
    return n


def _faces(w: _Words, stop_at: tuple[str, ...]) -> list[str]:
    faces: list[str] = []
    while (word := w.peek()) is not None and word not in stop_at:
        w.take(_what("die"))
        if is_number(word):
            faces += [_face(w.take(_what("face")))] * _count(word)
        else:
            faces.append(_face(word))
    if not faces:
        raise _refused("name_a_die")
    return faces


def _with_crew(w: _Words) -> str:
    w.expect("with")
    return crew_slug([w.take(_what("crew_after_with"))])


def _lock(w: _Words) -> LockDice:
    dice: list[LockedDie] = []
    while w.peek() is not None:
        word = w.take(_what("die"))
        n = 1
        if is_number(word):
            n = _count(word)
            word = w.take(_what("face"))
        face = _face(word)
        crew: str | None = None
        if w.peek() in ("as", "with"):
            target_words: list[str] = []
            if w.peek() == "as":
                w.take(_what("as"))
                while (x := w.peek()) is not None and x != "with":
                    target_words.append(w.take(_what("counts_as")))
            crew = _with_crew(w)
            expected = _as_target(crew)
            if target_words:
                said = " ".join(target_words)
                said_target = said if said == "wild" else _normalize_target(target_words)
                if said_target != expected:
                    raise _refused("locks_as", crew=name(crew), expected=expected, said=said)
        dice += [LockedDie(face, crew)] * n
    if not dice:
        raise _refused("name_dice_to_lock")
    return LockDice(tuple(dice))


def _normalize_target(words: list[str]) -> str:
    if words[0] == "2" and len(words) == 2:
        face = _face(words[1])
    elif len(words) == 1:
        face = _face(words[0])
    else:
        raise _refused("as_target", text=" ".join(words))
    return f"2 {face}" if face == "damage" else f"2 {face}s"


def _ability_then_faces(w: _Words, verb: str) -> tuple[list[str], str]:
    """``FACE... with CREW`` or ``with CREW FACE...`` (after ``as extra`` for treat)."""
    if w.peek() == "as" and verb == "treat":
        w.take(_what("as"))
        w.expect("extra")
    if w.peek() == "with":
        crew = _with_crew(w)
        faces = _faces(w, ())
        return faces, crew
    faces = _faces(w, ("as", "with"))
    if verb == "treat":
        w.expect("as")
        w.expect("extra")
    crew = _with_crew(w)
    return faces, crew


def from_french(words: list[str]) -> list[str]:
    """The notation's English words for a command typed in French (others are left as they are)."""
    if not words or words[0] in ENGLISH_VERBS:
        return words
    first = unaccented(words[0])
    for elided in ("s'", "s\u2019"):
        first = first.removeprefix(elided)  # "s'arrêter"
    rest = [unaccented(x) for x in words[1:]]
    if first == "se" and rest and rest[0] == "planter":
        first, rest = "planter", rest[1:]
    if first == "relancer":
        # Alone (or "relancer encore"), the rulebook's roll again; with dice and a crew, a re-roll.
        verb = "roll" if all(x == "encore" for x in rest) else "reroll"
    elif first in FRENCH_VERBS:
        verb = FRENCH_VERBS[first]
        if verb == "keep" and rest and rest[0] in ("joker", "jokers"):
            verb = "save"  # garder un Joker pour le lancer suivant (Meg Gallak)
    else:
        return words
    out = [verb]
    for i, word in enumerate(rest):
        following = rest[i + 1] if i + 1 < len(rest) else ""
        if word in _FRENCH_FILLERS or (word in _DIE_WORDS and following.startswith("supplementaire")):
            continue
        if (word == "de" and following == "cote") or word == "cote":
            continue  # garder joker de côté
        out.append(FRENCH_WORDS.get(word, words[i + 1]))
    return out


# Commands are immutable, and bots and players send the same few hundred texts over and over:
# each is parsed once (a text that cannot be parsed raises every time; errors are not cached).
@lru_cache(maxsize=4096)
def parse(text: str) -> Command:
    words = text.lower().replace(",", " ").replace(";", " ").split()
    words = from_french([x.strip(".!") for x in words if x.strip(".!")])
    if not words:
        raise CannotParse(_EMPTY)
    verb, w = words[0], _Words(words[1:])
    command: Command
    if verb == "roll":
        if w.peek() == "again":
            w.take(_what("again"))
        without = None
        if w.peek() == "without":
            w.take(_what("again"))
            without = crew_slug(w.rest())
            if without not in DECLINABLE:
                raise _refused("not_declinable", crew=name(without))
        command = Roll(without)
    elif verb in ("stop", "bust", "settle"):
        command = {"stop": Stop(), "bust": Bust(), "settle": Settle()}[verb]
    elif verb == "pass":
        raise _refused("no_pass")
    elif verb == "choose":
        command = ChooseCrew(crew_slug(w.rest()))
    elif verb == "commit":
        face = _face(w.take(_what("commit_face")))
        count = _number(w.take(_what("count")), "commit") if w.peek() is not None else None
        command = Commit(face, count)
    elif verb == "lock":
        command = _lock(w)
    elif verb in ("reroll", "re-roll"):
        if w.peek() == "all":
            w.take(_what("all"))
        if w.peek() == "with" and len(w.words) - w.i == 2 and crew_slug([w.words[-1]]) == SALATAR:
            w.rest()
            command = UseAbility(SALATAR)
        else:
            faces, crew = _ability_then_faces(w, "reroll")
            if crew not in (LILA_AL_BINDAR, VILA_NOIR):
                raise _refused("not_a_chosen_reroll", crew=name(crew))
            command = Reroll(tuple(faces), crew)
    elif verb == "use":
        crew = crew_slug(w.rest())
        if crew not in USE_ABILITIES:
            raise _refused("not_used_with_use", crew=name(crew))
        command = UseAbility(crew)
    elif verb == "treat":
        faces, crew = _ability_then_faces(w, "treat")
        if crew not in TREAT_AS_EXTRA:
            raise _refused("does_not_treat", crew=name(crew))
        command = TreatAsExtra(tuple(faces), crew)
    elif verb == "save":
        if w.peek() == "wild":
            w.take(_what("wild"))
        if w.peek() == "with" and _with_crew(w) != MEG_GALLAK:
            raise _refused("only_meg_saves", crew=name(MEG_GALLAK))
        command = SaveWild()
    elif verb == "keep":
        word = w.take(_what("keep"))
        choice = {"first": 1, "second": 2}.get(word) or _number(word, "keep")
        if choice not in (1, 2):
            raise _refused("keep_one_or_two")
        command = KeepHazard(choice)
    elif verb == "stack":
        word = w.take(_what("stack"))
        if word == "on":
            word = w.take(_what("top"))
        position = {"top": "top", "under": "under", "bottom": "under"}.get(word)
        if position is None:
            raise _refused("stack_top_or_under", word=word)
        command = StackCrew(position)
    elif verb == "return":
        word = w.take(_what("return"))
        command = ReturnHazard(None if word in ("none", "nothing") else _number(word, "return"))
    else:
        raise _refused("unknown_command", verb=verb)
    w.done()
    return command


def format_command(command: Command) -> str:
    if isinstance(command, Roll):
        return "roll" if command.without is None else f"roll without {command.without}"
    if isinstance(command, Settle):
        return "settle"
    if isinstance(command, Stop):
        return "stop"
    if isinstance(command, Bust):
        return "bust"
    if isinstance(command, ChooseCrew):
        return f"choose {command.crew}"
    if isinstance(command, Commit):
        return f"commit {command.face}" + ("" if command.count is None else f" {command.count}")
    if isinstance(command, LockDice):
        return "lock " + " ".join(format_die(d) for d in command.dice)
    if isinstance(command, Reroll):
        return f"reroll {' '.join(command.faces)} with {command.crew}"
    if isinstance(command, UseAbility):
        return f"use {command.crew}"
    if isinstance(command, TreatAsExtra):
        return f"treat {' '.join(command.faces)} as extra with {command.crew}"
    if isinstance(command, SaveWild):
        return f"save wild with {MEG_GALLAK}"
    if isinstance(command, KeepHazard):
        return f"keep {command.choice}"
    if isinstance(command, StackCrew):
        return f"stack {command.position}"
    if isinstance(command, ReturnHazard):
        return "return none" if command.index is None else f"return {command.index}"
    raise TypeError(f"not a Moonrollers command: {command!r}")


def format_die(die: LockedDie) -> str:
    if die.crew is None:
        return die.face
    return f"{die.face} as {_as_target(die.crew)} with {die.crew}"
