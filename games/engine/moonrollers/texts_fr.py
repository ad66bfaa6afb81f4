"""The log in French, in the vocabulary of the French rulebook (Réacteur, Propulseur, Bouclier,
Dommage, Joker, Dé supplémentaire, jeton Danger, se planter, recruter).

``redact`` gives each event's text in English and in French; players are named ``{p0}``, ``{p1}``...
in both, for the platform to fill in. Kept beside view.py's English texts, one branch per event type.
"""

from __future__ import annotations

from games.engine.core import Event
from games.engine.moonrollers.cards import CREW, HAZARD_SYMBOLS
from games.engine.moonrollers.dice import FACE_INDEX
from games.engine.moonrollers.events import (
    BUSTED,
    CREW_CHOSEN,
    CREW_HIRED,
    CREW_STACKED,
    DICE_LOCKED,
    DICE_REROLLED,
    DICE_ROLLED,
    DICE_TREATED_AS_EXTRA,
    GAME_ENDED,
    GAME_SET_UP,
    HAZARD_TOKEN_KEPT,
    HAZARD_TOKEN_RETURNED,
    HAZARD_TOKENS_DRAWN,
    PRESTIGE_SCORED,
    REQUIREMENT_COMMITTED,
    REQUIREMENT_COMPLETED,
    STOPPED,
    SUPPLY_DICE_ROLLED,
    TURN_PASSED,
    TURN_STARTED,
    WILD_SAVED,
)

# Faces in the order of dice.FACES: one, several.
FACE_FR: tuple[tuple[str, str], ...] = (
    ("Dommage", "Dommages"),
    ("Réacteur", "Réacteurs"),
    ("Propulseur", "Propulseurs"),
    ("Bouclier", "Boucliers"),
    ("Joker", "Jokers"),
    ("Dé supplémentaire", "Dés supplémentaires"),
)
FACTION_FR = {"blue": "bleue", "green": "verte", "orange": "orange", "purple": "violette", "yellow": "jaune"}


def _who(seat: int | None) -> str:
    return f"{{p{seat}}}" if seat is not None else "Personne"


def _name(slug: str | None) -> str:
    return CREW[slug].name if slug else ""


def _face(face: str, count: int = 1) -> str:
    one, several = FACE_FR[FACE_INDEX[face]]
    return one if count == 1 else several


def _faces(faces: list[str]) -> str:
    return ", ".join(_face(f).lower() for f in faces) if faces else "rien"


def _plural(n: int, one: str, several: str) -> str:
    return one if n == 1 else several


def requirement_fr(crew: str, index: int) -> str:
    req = CREW[crew].requirements[index]
    one, several = FACE_FR[req.face]
    return f"la condition {req.count} {one if req.count == 1 else several} de {CREW[crew].name}"


def _token(t: int) -> str:
    return f"{t} Prestige/{HAZARD_SYMBOLS[t]} Danger"


def text_fr(e: Event, owner: bool) -> str:
    """The French log line of one event, as ``owner`` (the seat it concerns) or anyone else sees it."""
    p = e.payload
    who = _who(e.seat)
    t = e.type
    if t == GAME_SET_UP:
        cards = ", ".join(_name(s) for s in p["display"])
        return (
            f"Partie à {p['players']} joueurs. Cartes visibles : {cards}. {_who(p['first_player'])} commence."
        )
    if t == TURN_STARTED:
        return f"Au tour de {_who(p['seat'])}."
    if t == TURN_PASSED:
        return f"{who} passe."
    if t == DICE_ROLLED:
        n = len(p["faces"])
        added = p["from_supply"]
        extra = (
            f" ({added} {_plural(added, 'ajouté', 'ajoutés')} depuis la réserve)"
            if added and not p["first"]
            else ""
        )
        saved = " plus le Joker mis de côté" if p["kept"] else ""
        safe = " AT-OK : pas de risque de se planter." if p["safe"] else ""
        return f"{who} lance {n} {_plural(n, 'dé', 'dés')}{extra} : {_faces(p['faces'])}{saved}.{safe}"
    if t == DICE_REROLLED:
        return f"{who} relance {_faces(p['before'])} avec {_name(p['crew'])} : {_faces(p['after'])}."
    if t == SUPPLY_DICE_ROLLED:
        n = len(p["faces"])
        return (
            f"{who} lance {n} {_plural(n, 'dé', 'dés')} de la réserve avec {_name(p['crew'])} : "
            f"{_faces(p['faces'])} ; {_faces(p['added'])} rejoint les dés de lancer."
        )
    if t == CREW_CHOSEN:
        return f"{who} travaille sur {_name(p['crew'])}."
    if t == REQUIREMENT_COMMITTED:
        return f"{who} s'engage sur {requirement_fr(p['crew'], p['requirement'])}."
    if t == DICE_LOCKED:
        parts = []
        for d in p["dice"]:
            face = _face(d["face"]).lower()
            if d["with"]:
                as_ = "Joker" if d["as"] == "wild" else f"{d['counts']} {_face(d['as'], d['counts'])}"
                parts.append(f"{face} comme {as_} ({_name(d['with'])})")
            else:
                parts.append(face)
        label = requirement_fr(p["crew"], p["requirement"])
        return f"{who} verrouille {', '.join(parts)} sur {label} ({p['progress']}/{p['needed']})."
    if t == DICE_TREATED_AS_EXTRA:
        return f"{who} compte {_faces(p['faces'])} comme Dés supplémentaires avec {_name(p['crew'])}."
    if t == WILD_SAVED:
        return f"{who} met un Joker de côté pour le prochain lancer avec Meg Gallak."
    if t == REQUIREMENT_COMPLETED:
        by = " avec B3-AR" if p["by"] else ""
        return f"{who} remplit {requirement_fr(p['crew'], p['requirement'])}{by}."
    if t == HAZARD_TOKENS_DRAWN:
        n = len(p["tokens"])
        src = " avec Imdar Shade" if p["crew"] else ""
        drew = f"{who} tire {n} {_plural(n, 'jeton', 'jetons')} Danger{src}"
        if owner:
            return f"{drew} : {', '.join(_token(x) for x in p['tokens'])}."
        return f"{drew}."
    if t == HAZARD_TOKEN_KEPT:
        if owner:
            return f"{who} garde {_token(p['token'])} et remet {_token(p['returned'])} dans la pile."
        return f"{who} garde 1 jeton Danger et remet l'autre dans la pile."
    if t == PRESTIGE_SCORED:
        awards = ", ".join(f"{_who(s)} +{n}" for s, n in p["awards"])
        return f"{_name(p['crew'])} est terminé : {awards} Prestige."
    if t == CREW_HIRED:
        refill = f" {_name(p['refill'])} rejoint les cartes visibles." if p["refill"] else ""
        return f"{who} recrute {_name(p['crew'])}.{refill}"
    if t == CREW_STACKED:
        where = "sur" if p["position"] == "top" else "sous"
        faction = FACTION_FR.get(CREW[p["crew"]].faction, CREW[p["crew"]].faction)
        return f"{who} place {_name(p['crew'])} {where} sa pile {faction}."
    if t == HAZARD_TOKEN_RETURNED:
        if p["index"] is None:
            return f"{who} garde tous ses jetons Danger."
        if owner:
            return f"{who} remet {_token(p['token'])} dans la pile."
        return f"{who} remet un jeton Danger dans la pile."
    if t == STOPPED:
        kept = len(p["kept"])
        done = _plural(kept, "condition remplie", "conditions remplies")
        return f"{who} s'arrête et garde {kept} {done} ce tour-ci."
    if t == BUSTED:
        bonus = f" Namari : +{p['prestige']} Prestige." if p["prestige"] else ""
        n = len(p["removed"]) + (1 if p["taken_back"] is not None else 0)
        return f"{who} se plante et reprend {n} {_plural(n, 'jeton', 'jetons')}.{bonus}"
    if t == GAME_ENDED:
        return "La partie est terminée."
    return t
