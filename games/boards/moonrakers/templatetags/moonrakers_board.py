"""Moonrakers' drawing helpers: cards looked up by slug, deal arithmetic, legal specs sorted for forms."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.template.defaulttags import CsrfTokenNode
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import npgettext

from games import page_cache, texts
from games.boards.moonrakers import cards
from games.boards.moonrakers.words import terms_text

register = template.Library()

# A legal command as the page gets it (games.selectors.spec_to_json): action, prefix, label, params...
Spec = Mapping[str, Any]

TERMS = ("prestige", "credits", "bonus", "dice")
# Offers whose terms count against the Contract's rewards: still open, or taken.
COMMITTED = ("open", "accepted")


@register.simple_tag
def draw_action_card(slug: Any, n: Any = 0) -> SafeString:
    """An Action Deck card (boards/moonrakers/_action_card.html); ``n`` > 1: how many, grouped."""
    return page_cache.face("boards/moonrakers/_action_card.html", slug=str(slug), n=int(n or 0))


@register.simple_tag
def draw_armory_card(slug: Any) -> SafeString:
    """A Crew card or Ship Part of the Armory (boards/moonrakers/_armory_card.html)."""
    return page_cache.face("boards/moonrakers/_armory_card.html", slug=str(slug))


@register.simple_tag
def draw_contract(slug: Any, slot: Any = 0) -> SafeString:
    """A Contract card (boards/moonrakers/_contract.html); ``slot``: its place in the Dispatch."""
    return page_cache.face("boards/moonrakers/_contract.html", slug=str(slug), slot=int(slot or 0))


@register.simple_tag
def draw_captain(
    p: Mapping[str, Any],
    names: Mapping[int, str],
    mine: bool = False,
    revealed: bool = False,
    revealed_draws: Any = None,
) -> SafeString:
    """A captain's Command Terminal (boards/moonrakers/_captain.html), kept in the page cache under
    a digest of all it reads (``page_cache.drawn``): that captain's part of the reader's view (a hand
    only in the reader's own), whether it is the reader's, the replay's revealed draws, the names and
    the language. A move changes one or two captains: the others come from the cache (each took
    1-2.5 ms to draw)."""
    return page_cache.drawn(
        "boards/moonrakers/_captain.html",
        {"p": p, "names": names, "mine": mine, "revealed": revealed, "revealed_draws": revealed_draws},
    )


@register.filter
def contract_card(slug: Any) -> Any:
    return cards.contract(slug)


@register.filter
def action_card(slug: Any) -> Any:
    return cards.action_card(str(slug))


@register.filter
def armory_card(slug: Any) -> Any:
    return cards.armory_card(slug)


@register.filter
def part_card(slug: Any) -> Any:
    return cards.part(str(slug))


@register.filter
def objective_card(slug: Any) -> Any:
    return cards.objective(str(slug))


@register.filter
def card_name(slug: Any) -> str:
    return cards.name(str(slug))


@register.filter
def kind_name(kind: Any) -> str:
    return cards.kind_name(str(kind))


@register.filter
def counted(slugs: Iterable[str] | None) -> list[tuple[str, int]]:
    """Cards grouped: [(slug, how many)], in first-seen order (a hand or a discard pile)."""
    return list(Counter(slugs or []).items())


@register.filter
def icons(dice: Iterable[Any] | None) -> int:
    """The Hazard icons a participant's rolled dice show (each face is 0, 1 or 2 icons)."""
    return sum(int(f) for f in dice or [])


@register.filter
def percent_of_ten(prestige: Any) -> int:
    try:
        return max(0, min(100, int(prestige) * 10))
    except (TypeError, ValueError):
        return 0


@register.filter
def seat_of(players: Iterable[Mapping[str, Any]], seat: Any) -> Any:
    return next((p for p in players or [] if p.get("seat") == seat), None)


@register.filter
def others(players: Iterable[Mapping[str, Any]], you: Any) -> list[Mapping[str, Any]]:
    return [p for p in players or [] if p.get("seat") != you]


@register.filter
def tally(attempt: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each requirement of the Contract attempted: needed (reductions applied), got, and met."""
    needed, got = attempt.get("needed") or {}, attempt.get("got") or {}
    return [
        {"kind": k, "label": cards.kind_name(k), "needed": n, "got": got.get(k, 0), "met": got.get(k, 0) >= n}
        for k, n in needed.items()
    ]


@register.filter
def leader_keeps(negotiation: Mapping[str, Any]) -> dict[str, int]:
    """What the Mission Leader keeps of the Contract's rewards after the offers open or accepted."""
    contract = cards.contract(negotiation.get("contract")) or {}
    keeps = {t: int(contract.get(t, 0)) for t in TERMS}
    for offer in negotiation.get("offers") or []:
        if offer.get("status") in COMMITTED:
            for t in TERMS:
                keeps[t] -= int((offer.get("terms") or {}).get(t, 0))
    return keeps


@register.filter
def overcommitted(negotiation: Mapping[str, Any]) -> bool:
    """The accepted shares give away more than the Contract offers (two captains accepted the same
    Credits): nothing can launch until the Mission Leader withdraws or revises an offer."""
    contract = cards.contract(negotiation.get("contract")) or {}
    offers = negotiation.get("offers") or []
    accepted = [o.get("terms") or {} for o in offers if o.get("status") == "accepted"]
    return any(sum(int(terms.get(t, 0)) for terms in accepted) > int(contract.get(t, 0)) for t in TERMS)


@register.filter
def keeps_without(negotiation: Mapping[str, Any], seat_word: str) -> dict[str, int]:
    """What the leader would keep before an offer to ``seat_word`` ("p2"): a new offer replaces the
    old one, so that seat's open or accepted offer is given back first."""
    keeps = leader_keeps(negotiation)
    for offer in negotiation.get("offers") or []:
        if f"p{offer.get('seat', -1) + 1}" == seat_word and offer.get("status") in COMMITTED:
            for t in TERMS:
                keeps[t] += int((offer.get("terms") or {}).get(t, 0))
    return keeps


@register.filter
def offered_to(negotiation: Mapping[str, Any] | None, seat_word: str) -> Mapping[str, Any]:
    """``terms_to`` for a seat named as the offer form names it ("p2"): a revision starts there."""
    return terms_to(negotiation, int(seat_word[1:]) - 1) if seat_word[1:].isdigit() else {}


@register.filter
def terms_to(negotiation: Mapping[str, Any] | None, seat: Any) -> Mapping[str, Any]:
    """The terms of the offer made to ``seat`` (a counter or a revision starts from them), or none
    (a withdrawn offer gives nothing to start from)."""
    for offer in (negotiation or {}).get("offers") or []:
        if offer.get("seat") == seat and offer.get("status") != "cancelled":
            return dict(offer.get("terms") or {})
    return {}


@register.filter
def specs_of(legal: Iterable[Spec], actions: str) -> list[Spec]:
    wanted = set(actions.split(","))
    return [s for s in legal or [] if s.get("action") in wanted]


@register.filter
def specs_except(legal: Iterable[Spec], actions: str) -> list[Spec]:
    drawn = set(actions.split(","))
    return [s for s in legal or [] if s.get("action") not in drawn]


@register.filter
def word(spec: Spec, n: int) -> str:
    """The n-th word of a spec's notation ("play reactor" -> 1: "reactor"), "" past the end."""
    words = spec["prefix"].split()
    return words[n] if len(words) > n else ""


@register.filter
def seat_name(word: str, names: Mapping[int, str]) -> str:
    """A seat as the notation writes it ("p2", from 1) as its player's name."""
    try:
        return names.get(int(word.removeprefix("p")) - 1, word)
    except ValueError:
        return word


@register.filter
def param(spec: Spec, name: str) -> Any:
    return next((p for p in spec.get("params") or [] if p.get("name") == name), None)


@register.filter
def term_params(spec: Spec) -> list[Any]:
    """The terms of an offer, a counter or a proposal (Prestige, Credits, Bonus Card, dice)."""
    return [p for p in spec.get("params") or [] if p.get("name") in TERMS]


@register.simple_tag
def terms(t: Mapping[str, Any]) -> SafeString:
    """Terms of a deal or a share (t = {prestige, credits, bonus, dice}) in words, with their numbers
    for deal.js. A tag rather than an included template: a negotiation's board and forms hold a
    dozen of them."""
    return format_html(
        '<span class="mr-terms" data-prestige="{}" data-credits="{}" data-bonus="{}" data-dice="{}">'
        "{}</span>",
        t.get("prestige", ""),
        t.get("credits", ""),
        t.get("bonus", ""),
        t.get("dice", ""),
        terms_text(t),
    )


@register.simple_tag(takes_context=True)
def form_open(context: template.Context, action: str) -> SafeString:
    """The fields every move form posts (games.views.play.move rebuilds the command from the legal
    spec they name): the CSRF token (Django's own tag), the position and the action. A tag rather
    than an included template: a decision draws a form per choice, and this was about a tenth of a
    millisecond each."""
    return format_html(
        '{}<input type="hidden" name="seq" value="{}"><input type="hidden" name="action" value="{}">',
        CsrfTokenNode().render(context),
        context["game"].last_seq,
        action,
    )


@register.simple_tag
def terms_steppers(spec: Spec, initial: Mapping[str, Any] | None) -> SafeString:
    """The steppers of an offer, a counter or a proposal (boards/moonrakers/_steppers.html), starting
    from ``initial`` terms. Drawn once per process for each set of choices and start: the same
    Contracts' values come back in every negotiation, and a Mission Leader's page holds a form per
    captain of some twenty options each."""
    start = initial or {}
    steppers = tuple(
        (
            str(param["name"]),
            # The Bonus Card is a box to tick, named as its one choice ("the Bonus Card"); the
            # others are numbers, named as the reward ("Hazard Dice"): the engine's own labels.
            texts.render(param["choices"][0]["label"] if param["name"] == "bonus" else param["label"]),
            tuple(str(choice["value"]) for choice in param.get("choices") or ()),
            int(bool(start.get("bonus"))) if param["name"] == "bonus" else _index(start.get(param["name"])),
        )
        for param in term_params(spec)
    )
    return page_cache.face("boards/moonrakers/_steppers.html", steppers=steppers)


def _index(value: Any) -> int:
    """The option a stepper starts on; -1 (none marked: the browser shows the first) without terms."""
    return -1 if value is None else int(value)


@register.filter
def slot_contract(row: list[Any], spec: Spec) -> Any:
    """The Contract a ``contract N [solo]`` spec names (N counts the row from 1)."""
    try:
        return cards.contract(row[int(spec["prefix"].split()[1]) - 1])
    except (IndexError, ValueError, TypeError):
        return None


@register.filter
def is_solo(spec: Spec) -> bool:
    return spec["prefix"].endswith(" solo")


@register.filter
def objective_pair(spec: Spec) -> list[dict[str, Any]]:
    """The Objectives a ``keep OBJ [OBJ]`` spec keeps (setup: two; Stay at Base: one)."""
    return [cards.objective(w) for w in spec["prefix"].split()[1:] if cards.objective(w)]


@register.filter
def replaced_contract(spec: Spec, row: list[Any]) -> Any:
    """The Contract a Stay at Base ``keep [OBJ] replace N`` spec swaps for free for the top of the
    Contract deck (rulebook, Stay at Base step 4), with its slot: N counts the Dispatch from 1."""
    words = spec["prefix"].split()
    if "replace" not in words:
        return None
    try:
        slot = int(words[words.index("replace") + 1])
        contract = cards.contract(row[slot - 1])
    except (IndexError, ValueError, TypeError):
        return None
    return None if contract is None else contract | {"slot": slot}


@register.filter
def base_choices(specs: list[Spec], row: list[Any]) -> list[dict[str, Any]]:
    """Staying at Base, the ``keep OBJ [replace N]`` specs by Objective kept: each Objective with
    the Contract it may replace for free ("replace" None: none), so the page draws one choice per
    Objective (a list of replacements) rather than a button per pair. With the Objective deck empty
    there is one group, whose Objective is None."""
    groups: dict[str, dict[str, Any]] = {}
    for spec in specs:
        kept = objective_pair(spec)
        key = kept[0]["slug"] if kept else ""
        group = groups.setdefault(key, {"objective": kept[0] if kept else None, "options": []})
        group["options"].append({"prefix": spec["prefix"], "replace": replaced_contract(spec, row)})
    return list(groups.values())


# kind -> (colour, drawing on a 20x20 square). Shapes differ as well as colours, so icons read without
# colour; each icon carries its name as a title and aria-label.
ICONS: dict[str, tuple[str, str]] = {
    "reactor": (
        "#1864ab",
        '<circle cx="10" cy="10" r="6" fill="none" stroke="#fff" stroke-width="2"/>'
        '<circle cx="10" cy="10" r="2.5" fill="#fff"/>',
    ),
    "thruster": ("#e8a400", '<path fill="#212529" d="M10 3 L15 12 H12 V15 H8 V12 H5 Z"/>'),
    "damage": (
        "#d9480f",
        '<polygon fill="#fff" points="10,2 12,8 18,8 13,12 15,18 10,14 5,18 7,12 2,8 8,8"/>',
    ),
    "shield": ("#2b8a3e", '<path fill="#fff" d="M10 3 L16 5.5 C16 11 14 15 10 17 C6 15 4 11 4 5.5 Z"/>'),
    "crew": (
        "#7048e8",
        '<circle cx="10" cy="7" r="3.5" fill="#fff"/><path fill="#fff" d="M3.5 17 C4 12 16 12 16.5 17 Z"/>',
    ),
    "miss": ("#868e96", '<path d="M5 5 L15 15 M15 5 L5 15" stroke="#fff" stroke-width="2.5"/>'),
    "prestige": (
        "#c99a06",
        '<polygon fill="#fff" '
        'points="10,2.5 12.2,7.7 17.8,8 13.5,11.6 14.9,17 10,14 5.1,17 6.5,11.6 2.2,8 7.8,7.7"/>',
    ),
    "credits": (
        "#495057",
        '<circle cx="10" cy="10" r="6.5" fill="none" stroke="#fff" stroke-width="2"/>'
        '<path d="M12.5 7.5 A3 3 0 1 0 12.5 12.5" fill="none" stroke="#fff" stroke-width="2"/>',
    ),
    "dice": (
        "#111",
        '<rect x="4" y="4" width="12" height="12" rx="2" fill="#fff"/>'
        '<circle cx="7.5" cy="7.5" r="1.4"/><circle cx="12.5" cy="12.5" r="1.4"/>',
    ),
    "bonus": (
        "#0b7285",
        '<rect x="6" y="3.5" width="8" height="13" rx="1.5" fill="#fff"/>'
        '<path d="M10 7v6M7 10h6" stroke="#0b7285" stroke-width="1.8"/>',
    ),
}


@register.simple_tag
def icon(kind: str, label: str = "") -> SafeString:
    """A small icon for a requirement type or a reward, with its name for screen readers."""
    colour, drawing = ICONS.get(str(kind), ICONS["miss"])
    label = label or str(kind)
    return mark_safe(  # noqa: S308 - constants and an escaped label
        f'<svg class="mr-icon icon-{escape(kind)}" viewBox="0 0 20 20" width="20" height="20" role="img" '
        f'aria-label="{escape(label)}"><title>{escape(label)}</title>'
        f'<rect width="20" height="20" rx="4" fill="{colour}"/>{drawing}</svg>'
    )


# The nouns of the "You would keep" line, singular and plural (msgctxt "counted").
_KEPT_NOUNS = {
    "credits": lambda n: npgettext("counted", "Credit", "Credits", n),
    "bonus": lambda n: npgettext("counted", "Bonus Card", "Bonus Cards", n),
    "dice": lambda n: npgettext("counted", "Hazard Die", "Hazard Dice", n),
}


@register.simple_tag
def counted_noun(term: str, n: int) -> str:
    """The noun after a number, agreeing with it ("1 Credit", "0 Crédit"): a captain's Credits."""
    return _KEPT_NOUNS[term](n)


@register.simple_tag
def kept_noun(term: str, n: int) -> SafeString:
    """The noun after a number of the "You would keep" line, with its forms for 0, 1 and more,
    which deal.js picks from as the number changes (in English 0 takes the plural, in French the
    singular). An ``output``, as the number beside it: a ``span`` right inside a form's paragraph
    is drawn as help text (site.css)."""
    form = _KEPT_NOUNS[term]
    return format_html(
        '<output data-noun="{}" data-zero="{}" data-one="{}" data-more="{}">{}</output>',
        term,
        form(0),
        form(1),
        form(2),
        form(n),
    )
