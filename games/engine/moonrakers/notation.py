"""The command notation (spec §5.1): one command per line, short enough for an email reply.

``parse(text)`` raises CannotParse for text that is not a command; ``format(command)`` gives the
canonical text, and ``parse(format(c)) == c``. Cards: ``reactor thruster shield miss damage-1
damage-2 damage-3`` (aliases ``d1 d2 d3``, plurals), Crew and Ship Part slugs or any unique prefix.
Seats ``p1``..``p5`` (1-based), Contract slots 1-8 (or a slug), Mercenary slots 1-5, dice 1-4.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from games.engine.core import CannotParse, Command, msg
from games.engine.moonrakers.cards import BASIC, CONTRACTS, CREW, OBJECTIVES, PARTS, REQUIREMENTS
from games.engine.moonrakers.commands import (
    AcceptOffer,
    AcceptSeat,
    BonusDeck,
    Buy,
    CancelOffer,
    ChooseContract,
    Claim,
    Counter,
    DeclineOffer,
    Done,
    GoSolo,
    Guard,
    Keep,
    KeepBonus,
    Launch,
    Leave,
    MakeOffer,
    Opts,
    Pick,
    PlayCard,
    PlayCards,
    Propose,
    Refresh,
    RefuseBonus,
    Scrap,
    StayAtBase,
    Swap,
    TrashChoice,
    UseMercenary,
    UsePart,
)
from games.engine.moonrakers.french import from_french
from games.engine.moonrakers.phrases import either
from games.engine.moonrakers.state import Terms
from games.engine.words import is_number

ALIASES = {
    "d1": "damage-1",
    "d2": "damage-2",
    "d3": "damage-3",
    "damage1": "damage-1",
    "damage2": "damage-2",
    "damage3": "damage-3",
    "reactors": "reactor",
    "thrusters": "thruster",
    "shields": "shield",
    "misses": "miss",
    "at-8k": "at-0k",
    "guns-for-hire": "gun-for-hire",
    "[redacted]": "redacted",
}
KEYWORDS = ("as", "trash", "reduce", "discard", "die", "dice", "reroll", "take", "with")
MODES = ("block", "shield", "draw", "action", "damage", "thruster", "reactor", "damage-1")
BARE_MODES = ("block", "shield", "draw", "action")
ACTION_CARDS = tuple(BASIC) + tuple(CREW)
ROW_CARDS = tuple(CREW) + tuple(PARTS)


def _bad(text: str) -> CannotParse:
    return CannotParse(msg("moonrakers.parse.cannot_parse", text=text))


def _resolve(word: str, names: tuple[str, ...], text: str) -> str:
    word = ALIASES.get(word, word)
    if word in names:
        return word
    # A prefix of the name, or of the name after its article: "clone" is The Clone Bay. A name the
    # word begins wins over one it begins only without its article: "lee" is Lee van Cribb, not
    # The Leech.
    found = [n for n in names if n.startswith(word)] or [
        n for n in names if n.removeprefix("the-").startswith(word)
    ]
    if len(found) == 1:
        return found[0]
    if 1 < len(found) <= _NAMED_CANDIDATES:
        # Say which names the word could be, by their printed names: "clo": Clone Bay or Clown Car?
        options = either([msg(f"moonrakers.card.{n}") for n in sorted(found)])
        raise CannotParse(msg("moonrakers.parse.ambiguous_name", name=word, options=options))
    raise CannotParse(msg("moonrakers.parse.unknown_name", name=word))


# An ambiguous word names its candidates when there are this many at most (more: "unknown or ambiguous").
_NAMED_CANDIDATES = 4


def _seat(word: str, text: str) -> int:
    if len(word) >= 2 and word[0] == "p" and is_number(word[1:]) and 1 <= int(word[1:]) <= 5:
        return int(word[1:]) - 1
    raise CannotParse(msg("moonrakers.parse.bad_seat", word=word))


def _number(word: str, text: str, low: int, high: int) -> int:
    if is_number(word) and low <= int(word) <= high:
        return int(word)
    raise CannotParse(msg("moonrakers.parse.bad_number", word=word))


def _terms(words: list[str], text: str) -> Terms:
    """``1p 3c bonus 1d`` in any order; ``nothing`` is all 0; long forms like ``2 credits`` too."""
    p = c = b = d = 0
    seen: set[str] = set()
    i = 0
    units = {
        "p": "p",
        "prestige": "p",
        "c": "c",
        "credit": "c",
        "credits": "c",
        "d": "d",
        "die": "d",
        "dice": "d",
    }
    while i < len(words):
        w = words[i]
        if w in ("nothing", "and", "for", "the"):
            i += 1
            continue
        if w in ("bonus", "card", "bonus-card"):
            kind, n = "b", 1
            if w == "card":
                i += 1
                continue
            i += 1
        elif is_number(w[:-1]) and w[-1] in "pcd":
            kind, n = w[-1], int(w[:-1])
            i += 1
        elif is_number(w) and i + 1 < len(words) and words[i + 1] in units:
            kind, n = units[words[i + 1]], int(w)
            i += 2
        else:
            raise CannotParse(msg("moonrakers.parse.bad_terms", word=w))
        if kind in seen:
            raise CannotParse(msg("moonrakers.parse.bad_terms", word=w))
        seen.add(kind)
        if kind == "p":
            p = n
        elif kind == "c":
            c = n
        elif kind == "b":
            b = n
        else:
            d = n
    return Terms(p, c, b, d)


def format_terms(t: Terms) -> str:
    words = []
    if t.p:
        words.append(f"{t.p}p")
    if t.c:
        words.append(f"{t.c}c")
    if t.b:
        words.append("bonus")
    if t.d:
        words.append(f"{t.d}d")
    return " ".join(words) or "nothing"


def _opts(words: list[str], text: str, *, bare_cards: bool) -> Opts:
    """Options after a card or part name. ``bare_cards``: plain card words are a list (``use``)."""
    mode = trash = reduce = take = with_part = crew = None
    cards: tuple[str, ...] | None = None
    dice: tuple[int, ...] | None = None
    bare: list[str] = []
    i = 0

    def run(start: int) -> tuple[list[str], int]:
        j = start
        out = []
        while j < len(words) and words[j] not in KEYWORDS:
            out.append(words[j])
            j += 1
        return out, j

    while i < len(words):
        w = words[i]
        if w == "as" and i + 1 < len(words):
            mode = ALIASES.get(words[i + 1], words[i + 1])
            if mode not in MODES:
                raise _bad(text)
            i += 2
        elif w == "trash" and i + 1 < len(words):
            trash = _resolve(words[i + 1], ACTION_CARDS, text)
            i += 2
        elif w == "reduce" and i + 1 < len(words):
            reduce = _resolve(words[i + 1], REQUIREMENTS, text)
            i += 2
        elif w == "take" and i + 1 < len(words):
            take = None if words[i + 1] == "none" else _resolve(words[i + 1], tuple(CREW), text)
            i += 2
        elif w == "with" and i + 1 < len(words):
            with_part = _resolve(words[i + 1], tuple(PARTS), text)
            i += 2
        elif w == "discard":
            got, i = run(i + 1)
            cards = () if got in ([], ["none"]) else tuple(_resolve(x, ACTION_CARDS, text) for x in got)
        elif w in ("die", "dice", "reroll"):
            got, i = run(i + 1)
            dice = () if got in ([], ["none"]) else tuple(_number(x, text, 1, 4) - 1 for x in got)
        elif not bare_cards and w in BARE_MODES and mode is None and not bare:
            mode = w
            i += 1
        else:
            bare.append(w)
            i += 1
    if bare:
        if not bare_cards:
            raise _bad(text)
        cards = tuple(_resolve(x, ACTION_CARDS, text) for x in bare)
    return Opts(mode, trash, reduce, cards, dice, take, with_part, crew)


# "Damage I" as the cards print it (and the emails write it), or "damage 2": one card's name.
_DAMAGE_NUMBERS = {
    "i": "damage-1",
    "ii": "damage-2",
    "iii": "damage-3",
    "1": "damage-1",
    "2": "damage-2",
    "3": "damage-3",
}


def _printed_damage(words: list[str]) -> list[str]:
    """``damage i`` (or ``damage 1``) read as ``damage-1``; not after a keyword, where ``damage``
    names a kind of requirement (``reduce damage``, ``as damage``) and a number may follow."""
    out: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        joined = _DAMAGE_NUMBERS.get(words[i + 1]) if word == "damage" and i + 1 < len(words) else None
        if joined is not None and not (out and out[-1] in ("reduce", "as")):
            out.append(joined)
            i += 2
            continue
        out.append(word)
        i += 1
    return out


# By text: a game's commands are a few hundred lines played again and again (a command is a frozen
# value, so one parse may serve every caller; a refused line raises again, it is not kept).
@lru_cache(maxsize=1024)
def parse(text: str) -> Command:
    line = text.split("#", 1)[0].strip().lower()
    words = _printed_damage(from_french(line.replace(",", " ").split()))
    if not words:
        raise _bad(text)
    head, rest = words[0], words[1:]
    if head == "stay" and rest == ["at", "base"]:
        return StayAtBase()
    if head == "base" and not rest:
        return StayAtBase()
    if head in ("done", "pass", "finish") and not rest:
        return Done()
    if head == "guard" and not rest:
        return Guard()
    if head == "solo" and not rest:
        return GoSolo()
    if head == "decline" and not rest:
        return DeclineOffer()
    if head == "leave" and not rest:
        return Leave()
    if head == "refuse" and not rest:
        return RefuseBonus()
    if head == "accept":
        if not rest:
            return AcceptOffer()
        if len(rest) == 1:
            return AcceptSeat(_seat(rest[0], text))
        raise _bad(text)
    if head == "keep":
        if not rest:
            return KeepBonus()
        if rest[0] == "replace" and len(rest) == 2 and (is_number(rest[1]) or rest[1] == "none"):
            # Stay at Base with the Objective deck empty: only the Contract replacement is chosen.
            return Keep((), None if rest[1] == "none" else _number(rest[1], text, 1, 8) - 1)
        if rest[0] == "replace" and len(rest) == 2:
            return KeepBonus(_resolve(rest[1], tuple(PARTS), text))
        objs, slot = rest, None
        if "replace" in rest:
            k = rest.index("replace")
            objs, tail = rest[:k], rest[k + 1 :]
            if len(tail) != 1:
                raise _bad(text)
            slot = None if tail[0] == "none" else _number(tail[0], text, 1, 8) - 1
        return Keep(tuple(_resolve(o, tuple(OBJECTIVES), text) for o in objs), slot)
    if head == "swap" and len(rest) == 1:
        return Swap(_number(rest[0], text, 1, 8) - 1)
    if head == "contract" and 1 <= len(rest) <= 2:
        if len(rest) == 2 and rest[1] != "solo":
            raise _bad(text)
        word = rest[0]
        if is_number(word):
            return ChooseContract(_number(word, text, 1, 8) - 1, len(rest) == 2)
        return ChooseContract(-1, len(rest) == 2, _resolve(word, tuple(CONTRACTS), text))
    if head in ("offer", "invite") and len(rest) >= 1:
        to = _seat(rest[0] if rest[0].startswith("p") else "p" + rest[0], text)
        return MakeOffer(to, _terms(rest[1:], text))
    if head == "cancel" and len(rest) == 1:
        return CancelOffer(_seat(rest[0], text))
    if head == "counter":
        return Counter(_terms(rest, text))
    if head == "propose":
        return Propose(_terms(rest, text))
    if head == "launch":
        if not rest:
            return Launch()
        if rest[0] == "order" and len(rest) >= 2:
            return Launch(tuple(_seat(w, text) for w in rest[1:]))
        raise _bad(text)
    if head == "play" and len(rest) >= 2 and all(is_number(w) or ALIASES.get(w, w) in BASIC for w in rest):
        cards: list[str] = []
        count = 1
        for w in rest:
            if is_number(w):
                count = _number(w, text, 1, 9)
            else:
                cards += [ALIASES.get(w, w)] * count
                count = 1
        if len(cards) >= 2:
            return PlayCards(tuple(cards))
    if head == "play" and rest:
        return PlayCard(_resolve(rest[0], ACTION_CARDS, text), _opts(rest[1:], text, bare_cards=False))
    if head == "use" and rest:
        part = _resolve(rest[0], tuple(PARTS), text)
        if part == "the-clone-bay" and len(rest) >= 2:
            # The Crew played again takes its options as after "play <crew>" (a bare mode such as
            # "draw", "discard ..."), so a form filled from its spec reads back the same.
            crew = _resolve(rest[1], tuple(CREW), text)
            return UsePart(part, replace(_opts(rest[2:], text, bare_cards=False), crew=crew))
        return UsePart(part, _opts(rest[1:], text, bare_cards=True))
    if head == "merc" and rest:
        return UseMercenary(_number(rest[0], text, 1, 5) - 1, _opts(rest[1:], text, bare_cards=False))
    if head == "trash" and len(rest) == 1:
        return TrashChoice(None if rest[0] == "none" else _resolve(rest[0], ACTION_CARDS, text))
    if head == "pick" and rest:
        if rest == ["none"]:
            return Pick(None)
        return Pick(_resolve(rest[0], ACTION_CARDS, text), _opts(rest[1:], text, bare_cards=False))
    if head == "bonus" and len(rest) == 1 and rest[0] in ("crew", "part"):
        return BonusDeck(rest[0])
    if head == "buy" and rest:
        if rest[0] in ("part", "crew") and len(rest) >= 2:
            rest = rest[1:]
        card = _resolve(rest[0], ROW_CARDS, text)
        if len(rest) == 1:
            return Buy(card)
        if len(rest) == 3 and rest[1] == "replace":
            return Buy(card, _resolve(rest[2], tuple(PARTS), text))
        raise _bad(text)
    if head == "refresh" and len(rest) == 1:
        return Refresh(_resolve(rest[0], ROW_CARDS, text))
    if head == "scrap" and len(rest) == 1:
        return Scrap(_resolve(rest[0], ROW_CARDS, text))
    if head == "claim" and len(rest) == 1:
        return Claim(_resolve(rest[0], tuple(OBJECTIVES), text))
    raise _bad(text)


def _format_opts(card: str, o: Opts, *, use: bool = False) -> str:
    words: list[str] = []
    if o.crew is not None:
        words.append(o.crew)
    if use and o.cards is not None:
        words += list(o.cards)
    if o.mode is not None:
        words += (
            [o.mode]
            if o.mode in BARE_MODES and not use and card not in ("tantin-al-vale",)
            else ["as", o.mode]
        )
    if o.trash is not None:
        words += ["trash", o.trash]
    if o.reduce is not None:
        words += ["reduce", o.reduce]
    if not use and o.cards is not None:
        words += ["discard", *(o.cards or ("none",))]
    if o.dice is not None:
        key = "reroll" if (o.crew or card) == "redacted" else "die"
        words += [key, *([str(d + 1) for d in o.dice] or ["none"])]
    if o.take is not None:
        words += ["take", o.take]
    if o.with_part is not None:
        words += ["with", o.with_part]
    return " ".join(words)


def format_command(c: Command) -> str:
    def join(*parts: str) -> str:
        return " ".join(p for p in parts if p)

    match c:  # the command formatted most often (by the bots, for ``legal``) first
        case PlayCard(card=card, opts=o):
            return join("play", card, _format_opts(card, o))
        case StayAtBase():
            return "base"
        case Done():
            return "done"
        case Guard():
            return "guard"
        case GoSolo():
            return "solo"
        case DeclineOffer():
            return "decline"
        case Leave():
            return "leave"
        case RefuseBonus():
            return "refuse"
        case AcceptOffer():
            return "accept"
        case AcceptSeat(seat=seat):
            return f"accept p{seat + 1}"
        case KeepBonus(replace=rep):
            return join("keep", f"replace {rep}" if rep else "")
        case Keep(objectives=(), replace=slot):
            return f"keep replace {slot + 1 if slot is not None else 'none'}"
        case Keep(objectives=objs, replace=slot):
            return join("keep", *objs, f"replace {slot + 1}" if slot is not None else "")
        case Swap(slot=slot):
            return f"swap {slot + 1}"
        case ChooseContract(slot=slot, solo=solo, contract=contract):
            return join("contract", contract or str(slot + 1), "solo" if solo else "")
        case MakeOffer(to=to, terms=t):
            return f"offer p{to + 1} {format_terms(t)}"
        case CancelOffer(to=to):
            return f"cancel p{to + 1}"
        case Counter(terms=t):
            return f"counter {format_terms(t)}"
        case Propose(terms=t):
            return f"propose {format_terms(t)}"
        case Launch(order=order):
            return join("launch", "order " + " ".join(f"p{s + 1}" for s in order) if order else "")
        case PlayCards(cards=cards):
            return join("play", *cards)
        case UsePart(part=part, opts=o) if o.crew is not None:
            return join("use", part, o.crew, _format_opts(o.crew, replace(o, crew=None)))
        case UsePart(part=part, opts=o):
            return join("use", part, _format_opts(part, o, use=True))
        case UseMercenary(slot=slot, opts=o):
            return join("merc", str(slot + 1), _format_opts("", o))
        case TrashChoice(card=card):
            return f"trash {card or 'none'}"
        case Pick(card=card, opts=o):
            return join("pick", card or "none", _format_opts(card or "", o))
        case BonusDeck(deck=deck):
            return f"bonus {deck}"
        case Buy(card=card, replace=rep):
            return join("buy", card, f"replace {rep}" if rep else "")
        case Refresh(card=card):
            return f"refresh {card}"
        case Scrap(card=card):
            return f"scrap {card}"
        case Claim(objective=obj):
            return f"claim {obj}"
    raise ValueError(f"not a Moonrakers command: {c!r}")
