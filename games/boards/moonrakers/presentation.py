"""What the platform asks of Moonrakers (see games.boards): registered on import."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import texts
from games.boards import Presentation, ScoreRow, ScoreTable, register
from games.boards.moonrakers import cards
from games.boards.moonrakers.templatetags.moonrakers_board import leader_keeps
from games.boards.moonrakers.words import credits_text, dice_text, prestige_text, terms_text
from games.engine.core import msg


def _tally(attempt: Mapping[str, Any]) -> str:
    needed, got = attempt.get("needed") or {}, attempt.get("got") or {}
    return ", ".join(
        _("%(kind)s %(got)s of %(needed)s") % {"kind": cards.kind_name(k), "got": got.get(k, 0), "needed": n}
        for k, n in needed.items()
    )


# A Contract's type, as its card prints it: several Objectives ask for one (Gun for Hire: a Kill).
_TYPES = {
    "explore": gettext_lazy("Explore"),
    "delivery": gettext_lazy("Delivery"),
    "kill": gettext_lazy("Kill"),
    "rescue": gettext_lazy("Rescue"),
}


def _contract_facts(slug: str) -> dict[str, str]:
    """A Contract's name, type, needs, rewards and Hazard Dice, in words, for a line of an email."""
    c = cards.contract(slug) or {}
    needs = ", ".join(
        texts.render(msg(f"moonrakers.need.{r['kind']}", r["n"])) for r in c.get("requirements") or []
    )
    pays = [prestige_text(c.get("prestige", 0)), credits_text(c.get("credits", 0))]
    if c.get("bonus"):
        pays.append(_("a Bonus Card"))
    return {
        "contract": str(c.get("name", slug)),
        "type": str(_TYPES.get(str(c.get("type")), "")),
        "needs": needs,
        "pays": ", ".join(pays),
        "dice": dice_text(int(c.get("dice", 0))),
    }


def _contract_line(slot: int, slug: str) -> str:
    """One Contract of the row, as an email reader chooses it: its type, what it needs, pays and
    risks."""
    return _("#%(slot)s %(contract)s (%(type)s): needs %(needs)s; pays %(pays)s; %(dice)s") % {
        "slot": slot,
        **_contract_facts(slug),
    }


_STATUS = {
    "open": gettext_lazy("waiting for an answer"),
    "accepted": gettext_lazy("accepted"),
    "declined": gettext_lazy("declined"),
    "countered": gettext_lazy("countered"),
    "cancelled": gettext_lazy("cancelled"),
}


def _negotiation_lines(negotiation: Mapping[str, Any], names: Mapping[int, str]) -> list[str]:
    """What is on the table, as the board shows it: the Contract's terms, each offer and its answer,
    each proposal, and what the Mission Leader keeps (an email reader answers or revises on it)."""
    lines = ["  " + _("needs %(needs)s; pays %(pays)s; %(dice)s") % _contract_facts(negotiation["contract"])]
    for o in negotiation.get("offers") or []:
        who = names.get(o.get("seat"), "?")
        label = (_("%(who)s counters with") if o.get("status") == "countered" else _("Offer to %(who)s")) % {
            "who": who
        }
        status = _STATUS.get(str(o.get("status")), str(o.get("status")))
        lines.append("  " + _labelled(label, f"{terms_text(o.get('terms') or {})} ({status})"))
    for p in negotiation.get("proposals") or []:
        label = _("%(who)s proposes to join for") % {"who": names.get(p.get("seat"), "?")}
        lines.append(f"  {label} {terms_text(p.get('terms') or {})}")
    label = _("The Mission Leader keeps")
    lines.append("  " + _labelled(label, terms_text(leader_keeps(negotiation))))
    return lines


def _deciding(view: Mapping[str, Any], kind: str) -> bool:
    you = view.get("you")
    return you is not None and any(
        p.get("seat") == you and p.get("kind") == kind for p in view.get("pending") or []
    )


def _labelled(label: str, text: str) -> str:
    # Labels are translated outside f-strings, as arguments: xgettext does not read calls inside one.
    return f"{label}{texts.colon()}{text}"


def _heading(label: str) -> str:
    """A label whose lines follow ("The Armory:"), with the colon as the reader's language sets it."""
    return f"{label}{texts.colon().rstrip()}"


def _objective_lines(slugs: list[str]) -> list[str]:
    """Each Objective with what it asks: the email reader keeps and plays for them without the page."""
    return [f"  {_labelled(cards.name(o), cards.card_text(o))}" for o in slugs]


def _participant_lines(attempt: Mapping[str, Any], you: Any) -> list[str]:
    """The reader's part in the Contract being attempted, as the board shows it: the Actions left,
    the Hazard dice rolled against them and what is blocked of them, and the cards a follow-up
    lets them choose from (their own view only holds these)."""
    part = next((p for p in attempt.get("participants") or [] if p.get("seat") == you), None)
    if part is None:
        return []
    facts = [
        ngettext("%(n)s Action left", "%(n)s Actions left", part.get("actions", 0))
        % {"n": part.get("actions", 0)}
    ]
    dice = [int(f) for f in part.get("dice") or []]
    if dice:
        # How many dice, then what they show: their faces alone ("Hazard dice: 0") read as no die.
        facts.append(dice_text(len(dice)))
        facts.append(_("Hazard icons: %(i)s, blocked: %(b)s") % {"i": sum(dice), "b": part.get("blocked", 0)})
    lines = [_labelled(_("You"), " · ".join(facts))]
    if part.get("looking"):
        lines.append(_labelled(_("Looking at"), ", ".join(cards.name(c) for c in part["looking"])))
    if part.get("followup_cards"):
        lines.append(_labelled(_("To choose from"), ", ".join(cards.name(c) for c in part["followup_cards"])))
    return lines


def _armory_line(slug: str) -> str:
    """A card of the Armory with what a buyer weighs: Crew or Ship Part, the part's brand and the
    cards it adds (Objectives ask for brands), the price and the card's text."""
    card = cards.armory_card(slug)
    if not card:
        return ""
    if card["row"] == "crew":
        about = [_("Crew"), credits_text(card["cost"])]
    else:
        about = [_("Ship Part"), str(card["brand"]).capitalize()]
        if card["adds"]:
            about.append(_("adds %(cards)s") % {"cards": ", ".join(a["name"] for a in card["adds"])})
        about.append(credits_text(card["cost"]))
    # " · " as the board writes it: no mark French would set apart with a no-break space.
    return "  " + _labelled(f"{card['name']} ({' · '.join(about)})", card["text"])


def situation_lines(view: dict[str, Any], names: Mapping[int, str]) -> list[str]:
    """What an email reader needs to decide without the page: the Contract being attempted (or
    negotiated) and its tally, their own Actions, Hazard dice and the cards a follow-up shows
    them, a Bonus Card drawn, their hand; the Objectives they choose from, with their text; to a
    Mission Leader who must plan, the Contracts (type, needs, rewards, dice) and their Objectives;
    to one who buys, the Armory (kind, brand, cards added, price)."""
    lines: list[str] = []
    if view.get("round"):  # solo: ten rounds, counted as the board counts them
        lines.append(_("Round %(n)s of 10") % {"n": view["round"]})
    attempt = view.get("attempt")
    negotiation = view.get("negotiation")
    you = view.get("you")
    if isinstance(attempt, dict) and attempt.get("contract"):
        lines.append(
            _("Contract: %(contract)s (%(tally)s)")
            % {"contract": cards.name(attempt["contract"]), "tally": _tally(attempt)}
        )
        if attempt.get("success") is None:
            lines += _participant_lines(attempt, you)
        bonus = cards.armory_card(attempt.get("bonus_card"))
        if bonus:
            lines.append(_labelled(_("Bonus Card drawn"), _labelled(bonus["name"], bonus["text"])))
    elif isinstance(negotiation, dict) and negotiation.get("contract"):
        lines.append(
            _("Contract in negotiation: %(contract)s") % {"contract": cards.name(negotiation["contract"])}
        )
        lines += _negotiation_lines(negotiation, names)
    players = view.get("players") or []
    mine = next((p for p in players if isinstance(p, dict) and p.get("seat") == you), None)
    if mine is not None and "hand" in mine:
        hand = ", ".join(cards.name(c) for c in mine["hand"]) or _("empty")
        lines.append(_labelled(_("Your hand"), hand))
        lines.append(
            _("Credits: %(n)s, Prestige: %(p)s") % {"n": mine.get("credits", 0), "p": mine.get("prestige", 0)}
        )
    if mine is not None and mine.get("choosing"):
        lines.append(_heading(_("Objectives to choose from")))
        lines += _objective_lines(list(mine["choosing"]))
    if mine is not None and _deciding(view, "plan"):
        held = list(mine.get("objectives") or [])
        label = _("Your secret Objectives")
        lines.append(_heading(label) if held else _labelled(label, _("none")))
        lines += _objective_lines(held)
        lines.append(_heading(_("Contracts")))
        lines += [
            f"  {_contract_line(slot, slug)}"
            for slot, slug in enumerate(view.get("contract_row") or [], start=1)
            if slug
        ]
    if _deciding(view, "buy"):
        lines.append(_heading(_("The Armory")))
        lines += [
            line
            for slug in [*(view.get("crew_row") or []), *(view.get("part_row") or [])]
            if (line := _armory_line(slug))
        ]
    return lines


def score_table(outcome: Mapping[str, Any], names: Mapping[int, str]) -> ScoreTable | None:
    """Prestige, then net worth (the tie-break among captains at 10 or more); solo: the score and rank."""
    details = outcome.get("details") or {}
    scores = {str(k): v for k, v in (outcome.get("scores") or {}).items()}
    worth = details.get("net_worth") or {}
    solo = "solo_score" in details
    rows = []
    for place, tied in enumerate(outcome.get("ranking") or [], start=1):
        for seat in tied:
            score = scores.get(str(seat), "")
            cells = [str(score), str(worth.get(str(seat), ""))]
            if solo:
                cells = [str(score), texts.render(details.get("rank"), names)]
            rows.append(
                ScoreRow(seat=seat, name=names.get(seat, ""), cells=cells, total=str(score), place=place)
            )
    if not rows:
        return None
    notes = []
    if solo:
        columns = [_("Score"), _("Rank")]
        notes.append(_("The solo game ends after round 10; the score gives the rank."))
        score, worth_now = details.get("solo_score"), worth.get("0")
        if isinstance(score, int) and isinstance(worth_now, int):
            # How the total is made (rulebook, Single Player scoring): the table says it, not only its sum.
            notes.append(
                _(
                    "Score %(score)s: 10 per Prestige (%(prestige)s) plus the net worth, %(worth)s "
                    "(Credits plus the cost of Crew and Ship Parts)."
                )
                % {"score": score, "prestige": (score - worth_now) // 10, "worth": worth_now}
            )
    else:
        columns = [_("Prestige"), _("Net worth")]
        if details.get("reason") == "ten_prestige":
            notes.append(
                _(
                    "The game ended at the end of a turn in which a captain reached 10 Prestige. Captains "
                    "with 10 or more are compared by net worth (Credits plus the cost of Crew and Ship "
                    "Parts); a tie shares the win."
                )
            )
    return ScoreTable(columns=columns, rows=rows, notes=notes)


PRESENTATION = register(
    Presentation(
        kind="moonrakers",
        board_template="boards/moonrakers/board.html",
        decide_template="boards/moonrakers/decide.html",
        score_name=gettext_lazy("Prestige"),
        score_text=prestige_text,
        situation_lines=situation_lines,
        score_table=score_table,
    )
)
