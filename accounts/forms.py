"""Forms of the accounts pages: the extra sign-up field and the profile."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User, time_zone_names


def time_zone_choices() -> list[tuple[str, Any]]:
    return [("", _("UTC (not set)")), *((name, name.replace("_", " ")) for name in sorted(time_zone_names()))]


def clean_time_zone(value: str) -> str:
    value = (value or "").strip()
    if value and value not in time_zone_names():
        raise forms.ValidationError(_("Choose a time zone from the list."))
    return value


class SignupExtraForm(forms.Form):
    """Mixed into allauth's sign-up form (ACCOUNT_SIGNUP_FORM_CLASS)."""

    display_name = forms.CharField(
        label=_("Display name"),
        max_length=40,
        required=False,
        help_text=_("What other players see. You can change it later."),
    )

    # Filled in by the browser's own zone where JavaScript runs (static/js/timezone.js); else UTC.
    time_zone = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)

    def clean_time_zone(self) -> str:
        # A browser may report a zone this machine does not know: sign-up goes on, in UTC.
        value = (self.cleaned_data.get("time_zone") or "").strip()
        return value if value in time_zone_names() else ""

    def signup(self, request: Any, user: User) -> None:
        # The adapter already stored display_name and time_zone; allauth requires this hook to exist.
        return None


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ["display_name", "language", "time_zone", "notify", "chat_email", "away_until"]
        labels = {
            "time_zone": _("Time zone"),
            "display_name": _("Display name"),
            "language": _("Language"),
            "notify": _("Email notifications"),
            "chat_email": _("Chat messages by email"),
            "away_until": _("Away until"),
        }
        help_texts = {
            "display_name": _("What other players see."),
            "language": _("Pages and emails are in this language."),
            "time_zone": _("Deadlines and times on pages and in emails are shown in this zone."),
            "notify": _("An email at every turn, one summary a day, or none."),
            "chat_email": _("What other players write to you or to your table."),
            "away_until": _(
                "On vacation: your move deadlines pause until the end of this day. "
                "Leave empty when you are back."
            ),
        }
        widgets = {
            "away_until": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "notify": forms.RadioSelect,
            "chat_email": forms.RadioSelect,
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"] = forms.ChoiceField(
            label=_("Time zone"),
            choices=time_zone_choices,
            required=False,
            help_text=self.fields["time_zone"].help_text,
            widget=forms.Select(attrs={"data-browser-zone": "1"}),
        )
        # A form posted without it (an older page, a script) keeps the player's current choice.
        self.fields["chat_email"].required = False

    def clean_chat_email(self) -> str:
        value: str = self.cleaned_data.get("chat_email") or ""
        return value or self.instance.chat_email or User.ChatEmail.EACH

    def clean_time_zone(self) -> str:
        return clean_time_zone(self.cleaned_data.get("time_zone", ""))

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
