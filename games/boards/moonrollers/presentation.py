"""What the platform asks of Moonrollers (see games.boards): registered on import."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import texts
from games.boards import Presentation, register
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
    return die(value, 24) if value in FACES else ""


PRESENTATION = register(
    Presentation(
        kind="moonrollers",
        board_template="boards/moonrollers/board.html",
        outcome_template="boards/moonrollers/outcome.html",
        score_name=gettext_lazy("Prestige"),
        score_text=prestige,
        situation_lines=situation_lines,
        choice_icon=choice_icon,
    )
)
