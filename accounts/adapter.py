"""How django-allauth creates a Moonweb player: name and language come from the sign-up page."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.http import HttpRequest
from django.utils import translation

from accounts.models import User


class AccountAdapter(DefaultAccountAdapter):
    def save_user(self, request: HttpRequest, user: Any, form: Any, commit: bool = True) -> Any:
        # Set before super(): it generates the username from display_name (see populate_username).
        user.display_name = form.cleaned_data.get("display_name", "").strip()
        user.time_zone = form.cleaned_data.get("time_zone", "") or ""
        language = translation.get_language() or ""
        # The page the player signed up on was in the language they read.
        user.language = language if language in User.Language.values else User.Language.ENGLISH
        return super().save_user(request, user, form, commit=commit)

    def populate_username(self, request: HttpRequest, user: Any) -> None:
        # allauth would derive it from the email address, which other players must not learn.
        if not user.username:
            user.username = self.generate_unique_username([user.display_name, "player"])
