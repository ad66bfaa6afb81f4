"""Moonrakers' rewards in words, for the board and the emails alike ("1 Prestige, 2 Credits, 1 Hazard
Die"): one code path per text, whichever part of the presentation writes it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def prestige_text(score: Any) -> str:
    return _("%(n)s Prestige") % {"n": score}


def credits_text(n: int) -> str:
    return ngettext("%(n)s Credit", "%(n)s Credits", n) % {"n": n}


def dice_text(n: int) -> str:
    return ngettext("%(n)s Hazard Die", "%(n)s Hazard Dice", n) % {"n": n}


def terms_text(t: Mapping[str, Any]) -> str:
    """A share or an offer's terms: every reward named, the Bonus Card only when it is part of them."""
    parts = [prestige_text(t.get("prestige", 0)), credits_text(int(t.get("credits", 0)))]
    if t.get("bonus"):
        parts.append(_("the Bonus Card"))
    parts.append(dice_text(int(t.get("dice", 0))))
    return ", ".join(parts)
