"""Forms of the accounts pages: the extra sign-up field and the profile."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User


class SignupExtraForm(forms.Form):
    """Mixed into allauth's sign-up form (ACCOUNT_SIGNUP_FORM_CLASS)."""

    display_name = forms.CharField(
        label=_("Display name"),
        max_length=40,
        required=False,
        help_text=_("What other players see. You can change it later."),
    )

    def signup(self, request: Any, user: User) -> None:
        # The adapter already stored display_name; allauth requires this hook to exist.
        return None


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ["display_name", "language", "notify", "away_until"]
        labels = {
            "display_name": _("Display name"),
            "language": _("Language"),
            "notify": _("Email notifications"),
            "away_until": _("Away until"),
        }
        help_texts = {
            "display_name": _("What other players see."),
            "language": _("Pages and emails are in this language."),
            "notify": _("An email at every turn, one summary a day, or none."),
            "away_until": _(
                "On vacation: your move deadlines pause until the end of this day. "
                "Leave empty when you are back."
            ),
        }
        widgets = {
            "away_until": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "notify": forms.RadioSelect,
        }

    def clean_display_name(self) -> str:
        name: str = self.cleaned_data["display_name"].strip()
        if name and not any(ch.isalnum() for ch in name):
            raise forms.ValidationError(_("A display name needs at least one letter or digit."))
        return name

    def clean_away_until(self) -> dt.date | None:
        away_until: dt.date | None = self.cleaned_data["away_until"]
        if away_until is not None and away_until < timezone.localdate():
            raise forms.ValidationError(_("This date is in the past."))
        return away_until
