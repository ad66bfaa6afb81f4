"""What the platform asks of Moonrakers (see games.boards): registered on import."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import texts
from games.boards import Presentation, ScoreRow, ScoreTable, register
from games.boards.moonrakers import cards
from games.engine.core import msg


def prestige(score: Any) -> str:
    return _("%(n)s Prestige") % {"n": score}


def _tally(attempt: Mapping[str, Any]) -> str:
    needed, got = attempt.get("needed") or {}, attempt.get("got") or {}
    return ", ".join(
        _("%(kind)s %(got)s of %(needed)s") % {"kind": cards.kind_name(k), "got": got.get(k, 0), "needed": n}
        for k, n in needed.items()
    )


def _credits(n: int) -> str:
    return ngettext("%(n)s Credit", "%(n)s Credits", n) % {"n": n}


def _contract_line(slot: int, slug: str) -> str:
    """One Contract of the row, as an email reader chooses it: what it needs, pays and risks."""
    c = cards.contract(slug) or {}
    needs = ", ".join(
        texts.render(msg(f"moonrakers.need.{r['kind']}", r["n"])) for r in c.get("requirements") or []
    )
    pays = [prestige(c.get("prestige", 0)), _credits(c.get("credits", 0))]
    if c.get("bonus"):
        pays.append(_("a Bonus Card"))
    dice = ngettext("%(n)s Hazard die", "%(n)s Hazard dice", c.get("dice", 0)) % {"n": c.get("dice", 0)}
    return _("#%(slot)s %(contract)s: needs %(needs)s; pays %(pays)s; %(dice)s") % {
        "slot": slot,
        "contract": c.get("name", slug),
        "needs": needs,
        "pays": ", ".join(pays),
        "dice": dice,
    }


def _deciding(view: Mapping[str, Any], kind: str) -> bool:
    you = view.get("you")
    return you is not None and any(
        p.get("seat") == you and p.get("kind") == kind for p in view.get("pending") or []
    )


def situation_lines(view: dict[str, Any], names: Mapping[int, str]) -> list[str]:
    """The Contract being attempted (or negotiated) and its tally, and the reader's hand, for an email;
    to a Mission Leader who must plan, the Contracts to choose from and their Objectives; to one who
    buys, the Armory and its prices."""
    lines: list[str] = []
    attempt = view.get("attempt")
    negotiation = view.get("negotiation")
    if isinstance(attempt, dict) and attempt.get("contract"):
        lines.append(
            _("Contract: %(contract)s (%(tally)s)")
            % {"contract": cards.name(attempt["contract"]), "tally": _tally(attempt)}
        )
    elif isinstance(negotiation, dict) and negotiation.get("contract"):
        lines.append(
            _("Contract in negotiation: %(contract)s") % {"contract": cards.name(negotiation["contract"])}
        )
    you = view.get("you")
    players = view.get("players") or []
    mine = next((p for p in players if isinstance(p, dict) and p.get("seat") == you), None)
    if mine is not None and "hand" in mine:
        hand = ", ".join(cards.name(c) for c in mine["hand"]) or _("empty")
        label = _("Your hand")
        lines.append(f"{label}{texts.colon()}{hand}")
        lines.append(
            _("Credits: %(n)s, Prestige: %(p)s") % {"n": mine.get("credits", 0), "p": mine.get("prestige", 0)}
        )
    if mine is not None and _deciding(view, "plan"):
        # Labels outside the f-strings: xgettext does not read calls inside one.
        held = ", ".join(cards.name(o) for o in mine.get("objectives") or []) or _("none")
        label = _("Your secret Objectives")
        lines.append(f"{label}{texts.colon()}{held}")
        label = _("Contracts")
        lines.append(f"{label}{texts.colon().rstrip()}")
        lines += [
            f"  {_contract_line(slot, slug)}"
            for slot, slug in enumerate(view.get("contract_row") or [], start=1)
            if slug
        ]
    if _deciding(view, "buy"):
        label = _("The Armory")
        lines.append(f"{label}{texts.colon().rstrip()}")
        for slug in [*(view.get("crew_row") or []), *(view.get("part_row") or [])]:
            card = cards.armory_card(slug)
            if card:
                lines.append(f"  {card['name']} ({_credits(card['cost'])}){texts.colon()}{card['text']}")
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
        score_text=prestige,
        situation_lines=situation_lines,
        score_table=score_table,
    )
)
