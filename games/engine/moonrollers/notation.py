"""The text notation, short enough to type in an email reply. Case-insensitive;
``parse(format(c)) == c``. Grammar (CREW is a slug such as ``zek-zarag``, or a unique start of one
such as ``zek``; FACE is damage, reactor, thruster, shield, wild or extra, plurals accepted)::

    roll | pass | stop | bust
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
"""

from __future__ import annotations

import re

from games.engine.core import CannotParse, Command
from games.engine.moonrollers.abilities import (
    DOUBLE_IN_SMALL_POOL,
    EXTRA_AS_TWO,
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
from games.engine.moonrollers.dice import FACES

VERBS = "roll, stop, pass, bust, choose, commit, lock, reroll, use, treat, save, keep, stack, return"
FACE_WORDS: dict[str, str] = {**{f: f for f in FACES}, **{f + "s": f for f in FACES}}
MAX_DICE_IN_ONE_WORD = 12


def _is_number(word: str) -> bool:
    # ASCII digits only: str.isdigit() also accepts "²" and other digits int() refuses.
    return word.isascii() and word.isdigit()


def _normalize(word: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", word.lower()).strip("-")


def crew_slug(words: list[str]) -> str:
    """A crew slug from what a player typed: the slug, its name, or a unique start of it."""
    if not words:
        raise CannotParse("Name a crew member, e.g. namari or zek-zarag.")
    key = _normalize("-".join(words))
    if key in CREW:
        return key
    matches = [s for s in CREW if s.startswith(key + "-")] or [s for s in CREW if s.startswith(key)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise CannotParse(f"{' '.join(words)!r} could be {', '.join(sorted(matches))}: say which.")
    raise CannotParse(f"{' '.join(words)!r} is not a crew member.")


def _face(word: str) -> str:
    face = FACE_WORDS.get(word)
    if face is None:
        raise CannotParse(f"{word!r} is not a die face (damage, reactor, thruster, shield, wild, extra).")
    return face


def _number(word: str, what: str) -> int:
    if not _is_number(word):
        raise CannotParse(f"{word!r} is not a number ({what}).")
    return int(word)


def _as_target(crew: str) -> str:
    """What a die locked with ``crew`` counts as, in the notation."""
    if crew in LOCK_AS_WILD:
        return "wild"
    target = EXTRA_AS_TWO.get(crew, DOUBLE_IN_SMALL_POOL.get(crew))
    if target is None:
        raise CannotParse(f"{crew} has no ability that locks dice.")
    name = FACES[target]
    return f"2 {name}" if name == "damage" else f"2 {name}s"


class _Words:
    def __init__(self, words: list[str]) -> None:
        self.words = words
        self.i = 0

    def peek(self) -> str | None:
        return self.words[self.i] if self.i < len(self.words) else None

    def take(self, what: str) -> str:
        word = self.peek()
        if word is None:
            raise CannotParse(f"Missing {what}.")
        self.i += 1
        return word

    def expect(self, word: str) -> None:
        got = self.take(repr(word))
        if got != word:
            raise CannotParse(f"Expected {word!r}, not {got!r}.")

    def rest(self) -> list[str]:
        out = self.words[self.i :]
        self.i = len(self.words)
        return out

    def done(self) -> None:
        if self.i < len(self.words):
            raise CannotParse(f"Unexpected {' '.join(self.words[self.i :])!r} at the end.")


def _faces(w: _Words, stop_at: tuple[str, ...]) -> list[str]:
    faces: list[str] = []
    while (word := w.peek()) is not None and word not in stop_at:
        w.take("a die")
        if _is_number(word):
            n = int(word)
            if not 1 <= n <= MAX_DICE_IN_ONE_WORD:
                raise CannotParse(f"{n} dice? There are 12.")
            faces += [_face(w.take("a die face"))] * n
        else:
            faces.append(_face(word))
    if not faces:
        raise CannotParse(
            "Name at least one die by its face (damage, reactor, thruster, shield, wild, extra)."
        )
    return faces


def _with_crew(w: _Words) -> str:
    w.expect("with")
    return crew_slug([w.take("a crew member after 'with'")])


def _lock(w: _Words) -> LockDice:
    dice: list[LockedDie] = []
    while w.peek() is not None:
        word = w.take("a die")
        n = 1
        if _is_number(word):
            n = int(word)
            if not 1 <= n <= MAX_DICE_IN_ONE_WORD:
                raise CannotParse(f"{n} dice? There are 12.")
            word = w.take("a die face")
        face = _face(word)
        crew: str | None = None
        if w.peek() in ("as", "with"):
            target_words: list[str] = []
            if w.peek() == "as":
                w.take("as")
                while (x := w.peek()) is not None and x != "with":
                    target_words.append(w.take("what the die counts as"))
            crew = _with_crew(w)
            expected = _as_target(crew)
            if target_words:
                said = " ".join(target_words)
                said_target = said if said == "wild" else _normalize_target(target_words)
                if said_target != expected:
                    raise CannotParse(f"With {crew} a die locks as {expected}, not {said}.")
        dice += [LockedDie(face, crew)] * n
    if not dice:
        raise CannotParse("Name the dice to lock, e.g. lock shield wild.")
    return LockDice(tuple(dice))


def _normalize_target(words: list[str]) -> str:
    if words[0] == "2" and len(words) == 2:
        face = _face(words[1])
    elif len(words) == 1:
        face = _face(words[0])
    else:
        raise CannotParse(f"{' '.join(words)!r}: say as wild, or as 2 followed by a face.")
    return f"2 {face}" if face == "damage" else f"2 {face}s"


def _ability_then_faces(w: _Words, verb: str) -> tuple[list[str], str]:
    """``FACE... with CREW`` or ``with CREW FACE...`` (after ``as extra`` for treat)."""
    if w.peek() == "as" and verb == "treat":
        w.take("as")
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


def parse(text: str) -> Command:
    words = text.lower().replace(",", " ").replace(";", " ").split()
    words = [x.strip(".!") for x in words if x.strip(".!")]
    if not words:
        raise CannotParse(f"Empty command. Commands: {VERBS}.")
    verb, w = words[0], _Words(words[1:])
    command: Command
    if verb in ("roll", "pass", "stop", "bust"):
        if verb == "roll" and w.peek() == "again":
            w.take("again")
        command = {"roll": Roll(), "pass": Pass(), "stop": Stop(), "bust": Bust()}[verb]
    elif verb == "choose":
        command = ChooseCrew(crew_slug(w.rest()))
    elif verb == "commit":
        face = _face(w.take("a requirement face, e.g. commit shield"))
        count = _number(w.take("count"), "the requirement's number") if w.peek() is not None else None
        command = Commit(face, count)
    elif verb == "lock":
        command = _lock(w)
    elif verb in ("reroll", "re-roll"):
        if w.peek() == "all":
            w.take("all")
        if w.peek() == "with" and len(w.words) - w.i == 2 and crew_slug([w.words[-1]]) == SALATAR:
            w.rest()
            command = UseAbility(SALATAR)
        else:
            faces, crew = _ability_then_faces(w, "reroll")
            if crew not in (LILA_AL_BINDAR, VILA_NOIR):
                raise CannotParse(f"{crew} does not re-roll chosen dice (Lila Al Bindar and Vila Noir do).")
            command = Reroll(tuple(faces), crew)
    elif verb == "use":
        crew = crew_slug(w.rest())
        if crew not in USE_ABILITIES:
            raise CannotParse(f"{crew}'s ability is not used with 'use' (see the help for its command).")
        command = UseAbility(crew)
    elif verb == "treat":
        faces, crew = _ability_then_faces(w, "treat")
        if crew not in TREAT_AS_EXTRA:
            raise CannotParse(f"{crew} does not treat dice as Extra Dice.")
        command = TreatAsExtra(tuple(faces), crew)
    elif verb == "save":
        if w.peek() == "wild":
            w.take("wild")
        if w.peek() == "with" and _with_crew(w) != MEG_GALLAK:
            raise CannotParse("Only Meg Gallak saves a Wild.")
        command = SaveWild()
    elif verb == "keep":
        word = w.take("which token: keep 1 or keep 2")
        choice = {"first": 1, "second": 2}.get(word) or _number(word, "keep 1 or keep 2")
        if choice not in (1, 2):
            raise CannotParse("Keep 1 or keep 2: the first or the second token drawn.")
        command = KeepHazard(choice)
    elif verb == "stack":
        word = w.take("top or under")
        if word == "on":
            word = w.take("top")
        position = {"top": "top", "under": "under", "bottom": "under"}.get(word)
        if position is None:
            raise CannotParse(f"Stack top or stack under, not {word!r}.")
        command = StackCrew(position)
    elif verb == "return":
        word = w.take("a token number or none")
        command = ReturnHazard(
            None if word in ("none", "nothing") else _number(word, "return N or return none")
        )
    else:
        raise CannotParse(f"{verb!r} is not a Moonrollers command. Commands: {VERBS}.")
    w.done()
    return command


def format_command(command: Command) -> str:
    if isinstance(command, Roll):
        return "roll"
    if isinstance(command, Pass):
        return "pass"
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
