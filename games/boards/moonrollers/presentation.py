"""What the platform asks of Moonrollers (see games.boards): registered on import."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import texts
from games.boards import Presentation, ScoreRow, ScoreTable, register
from games.boards.moonrollers.templatetags.moonrollers_board import FACES, die, face_label


def prestige(score: Any) -> str:
    return _("%(n)s Prestige") % {"n": score}


def situation_lines(view: dict[str, Any], names: Mapping[int, str]) -> list[str]:
    """The dice on the table and the crew card being worked on, for a turn email."""
    lines: list[str] = []
    dice = view.get("dice")
    if isinstance(dice, dict) and view.get("active_seat") is not None:
        for key, label in (
            ("rolling", _("Rolling dice")),
            ("locked", _("Locked dice")),
            ("treated_as_extra", _("Treated as Extra Dice")),
            ("set_aside", _("Set aside")),
        ):
            faces = dice.get(key)
            if isinstance(faces, list) and faces:
                lines.append(f"{label}{texts.colon()}{', '.join(face_label(str(f)) for f in faces)}")
    turn = view.get("turn")
    display = view.get("display")
    if isinstance(turn, dict) and turn.get("crew") and isinstance(display, list):
        card = next((c for c in display if isinstance(c, dict) and c.get("crew") == turn["crew"]), None)
        if card is not None:
            lines.append(_("Working on: %(crew)s") % {"crew": card.get("name", turn["crew"])})
    return lines


def choice_icon(value: str) -> str:
    return die(value, 44) if value in FACES else ""


def score_table(outcome: Mapping[str, Any], names: Mapping[int, str]) -> ScoreTable | None:
    """Prestige on the track, the Hazard tokens (their Prestige, their symbols), whether the most
    Hazard symbols cost them (and the 2-player margin), the total; the engine's explanations below."""
    details = outcome.get("details") or {}
    scores = {str(k): v for k, v in (outcome.get("scores") or {}).items()}
    track = details.get("prestige_before_hazard") or {}
    tokens = details.get("hazard_tokens") or {}
    symbols = details.get("hazard_symbols") or {}
    out = {int(s) for s in details.get("hazard_disqualified") or []}
    rows = []
    for place, tied in enumerate(outcome.get("ranking") or [], start=1):
        for seat in tied:
            mine = [int(t) for t in tokens.get(str(seat), [])]
            worth = sum(mine)
            lost = ngettext(
                "0: most Hazard symbols (%(n)s lost)", "0: most Hazard symbols (%(n)s lost)", worth
            ) % {"n": worth}
            counted = lost if seat in out else f"+{worth}"
            rows.append(
                ScoreRow(
                    seat=seat,
                    name=names.get(seat, ""),
                    cells=[
                        str(track.get(str(seat), "")),
                        " + ".join(str(t) for t in mine) if mine else "-",
                        str(symbols.get(str(seat), 0)),
                        counted,
                    ],
                    total=str(scores.get(str(seat), "")),
                    place=place,
                    struck=seat in out,
                )
            )
    if not rows:
        return None
    notes = [texts.render(m, names) for m in details.get("explanations") or []]
    if details.get("two_player_margin"):
        notes.append(
            _(
                "With two players, the most Hazard symbols cost the Hazard tokens only with a lead of "
                "3 symbols or more."
            )
        )
    if details.get("tie_break"):
        ties = _("Ties")
        notes.append(f"{ties}{texts.colon()}{texts.render(details['tie_break'], names)}")
    columns = [
        _("Prestige on the track"),
        _("Hazard tokens (Prestige)"),
        _("Hazard symbols"),
        _("Hazard Prestige counted"),
    ]
    return ScoreTable(columns=columns, rows=rows, notes=notes)


PRESENTATION = register(
    Presentation(
        kind="moonrollers",
        board_template="boards/moonrollers/board.html",
        outcome_template="boards/moonrollers/outcome.html",
        score_name=gettext_lazy("Prestige"),
        score_text=prestige,
        situation_lines=situation_lines,
        choice_icon=choice_icon,
        score_table=score_table,
    )
)
