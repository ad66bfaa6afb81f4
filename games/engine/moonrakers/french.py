"""Commands written in French: the words of a line turned into the notation's English words.

A French player answers an email in French ("accepter", "jouer bouclier", "contrat 3 seul",
"offrir j2 1p 3c 1d"); ``parse`` reads such a line through ``from_french`` and ``format`` writes
English. Only the command words and the basic cards and faces are French: Crew, Ship Parts,
Objectives and Contracts are named by their slugs (or a prefix, or their slot), as the forms and
one-click links write them. Accents may be left out; little words a French sentence needs and the
notation does not ("la", "à", "le") are dropped. ``FRENCH_HELP`` tells players (a
NOTATION_EXAMPLES entry), as Moonrollers does.
"""

from __future__ import annotations

from games.engine.core import msg
from games.engine.words import is_number, unaccented

# French verbs (without accents) and the notation's command words.
FRENCH_VERBS: dict[str, str] = {
    "garder": "keep",
    "contrat": "contract",
    "echanger": "swap",
    "base": "base",
    "fini": "done",
    "finir": "done",
    "termine": "done",
    "terminer": "done",
    "passer": "done",
    "proteger": "guard",
    "seul": "solo",
    "accepter": "accept",
    "refuser": "decline",
    "decliner": "decline",
    "quitter": "leave",
    "renoncer": "refuse",
    "offrir": "offer",
    "inviter": "invite",
    "annuler": "cancel",
    "contrer": "counter",
    "contre-offre": "counter",
    "proposer": "propose",
    "lancer": "launch",
    "jouer": "play",
    "utiliser": "use",
    "mercenaire": "merc",
    "jeter": "trash",
    "choisir": "pick",
    "bonus": "bonus",
    "acheter": "buy",
    "renouveler": "refresh",
    "ecarter": "scrap",
    "reclamer": "claim",
}
# Other French words (without accents) and the notation's words.
FRENCH_WORDS: dict[str, str] = {
    "reacteur": "reactor",
    "reacteurs": "reactor",
    "propulseur": "thruster",
    "propulseurs": "thruster",
    "bouclier": "shield",
    "boucliers": "shield",
    "rate": "miss",
    "rates": "miss",
    "dommage": "damage",
    "dommages": "damage",
    "dommage-1": "damage-1",
    "dommage-2": "damage-2",
    "dommage-3": "damage-3",
    "comme": "as",
    "avec": "with",
    "remplacer": "replace",
    "remplacant": "replace",
    "aucun": "none",
    "aucune": "none",
    "ordre": "order",
    "defausser": "discard",
    "jeter": "trash",
    "reduire": "reduce",
    "piocher": "draw",
    "bloquer": "block",
    "relancer": "reroll",
    "prendre": "take",
    "equipage": "crew",
    "equipier": "crew",
    "piece": "part",
    "credit": "credits",
    "credits": "credits",
    "seul": "solo",
    "bonus": "bonus",
}
# The notation's own command words: a line starting with one is not French.
ENGLISH_VERBS = frozenset(
    {"stay", "base", "done", "pass", "finish", "guard", "solo", "decline", "leave", "refuse", "accept"}
    | {"keep", "swap", "contract", "offer", "invite", "cancel", "counter", "propose", "launch", "play"}
    | {"use", "merc", "trash", "pick", "bonus", "buy", "refresh", "scrap", "claim"}
)
# Little words a French command may hold that the notation does without.
_FILLERS = frozenset({"a", "au", "la", "le", "les", "l", "un", "une", "pour", "et", "carte", "cartes"})
# "1 dé", "2 dés": Hazard dice, after a number; elsewhere "de" is a filler ("rester à la base").
_DIE_WORDS = frozenset({"de", "des"})

FRENCH_HELP = msg("moonrakers.example.french_words")


def _seat_word(word: str) -> str | None:
    """``j2`` (joueur 2) is ``p2``."""
    if len(word) == 2 and word[0] == "j" and word[1] in "12345":
        return "p" + word[1]
    return None


def from_french(words: list[str]) -> list[str]:
    """The notation's English words for a command written in French (others are left as they are)."""
    if words and words[0] == "bonus":  # the same word in both languages: "bonus équipage"
        return ["bonus", *(FRENCH_WORDS.get(unaccented(w), w) for w in words[1:])]
    if not words or words[0] in ENGLISH_VERBS:
        return words
    first = unaccented(words[0])
    rest = [unaccented(w.removeprefix("l'").removeprefix("l\u2019")) for w in words[1:]]
    if first == "rester":  # "rester à la base"
        return ["base"] if all(w in _FILLERS or w in ("base", "de") for w in rest) else words
    verb = FRENCH_VERBS.get(first)
    if verb is None:
        return words
    # "rien" is no share at all in terms, no card elsewhere ("choisir rien", "jeter rien").
    nothing = "nothing" if verb in ("offer", "invite", "counter", "propose") else "none"
    out = [verb]
    for i, word in enumerate(rest):
        previous = out[-1]
        following = rest[i + 1] if i + 1 < len(rest) else ""
        if word in _DIE_WORDS and is_number(previous):
            out.append("dice")  # "1 dé (de Danger)"
        elif word in _DIE_WORDS and is_number(following):
            out.append("die")  # "dé 2": AT-0K's die
        elif word in _FILLERS or word in _DIE_WORDS or (word == "danger" and previous == "dice"):
            continue
        elif word == "rien":
            out.append(nothing)
        elif (seat := _seat_word(word)) is not None:
            out.append(seat)
        else:
            out.append(FRENCH_WORDS.get(word, words[i + 1]))
    return out
