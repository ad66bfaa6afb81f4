"""Moonrakers' rewards in words for the board and the emails ("1 Prestige, 2 Credits, 1 Hazard Die"):
the engine's own messages (``moonrakers.terms.*``, ``view.terms_message``), rendered for the reader,
so that a share reads the same on the board, in an email and in the engine's log lines."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from games import texts
from games.engine.core import msg
from games.engine.moonrakers.state import Terms
from games.engine.moonrakers.view import terms_message


def prestige_text(score: Any) -> str:
    """A score or a reward in Prestige: the site's word for a score, as Moonrollers' ("12 Prestige"),
    which any score reads (the final table's too)."""
    return _("%(n)s Prestige") % {"n": score}


def credits_text(n: int) -> str:
    return texts.render(msg("moonrakers.terms.c", int(n), n=int(n)))


def dice_text(n: int) -> str:
    return texts.render(msg("moonrakers.terms.d", int(n), n=int(n)))


def terms_text(t: Mapping[str, Any]) -> str:
    """A share or an offer's terms as the view gives them ({prestige, credits, bonus, dice}): every
    reward named, the Bonus Card only when it is part of them."""
    share = Terms(
        int(t.get("prestige", 0)), int(t.get("credits", 0)), int(bool(t.get("bonus"))), int(t.get("dice", 0))
    )
    return texts.render(terms_message(share, every=True))
