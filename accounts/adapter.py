"""How django-allauth creates a Moonweb player (name and language come from the sign-up page), and
whom its rate limits count: the client address as moonweb.client_ip reads it (trusted proxies only),
and failed logins per address and account together."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.http import HttpRequest
from django.utils import translation

from accounts.models import User
from moonweb.client_ip import client_ip


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

    def get_client_ip(self, request: HttpRequest) -> str:
        # allauth's own reading fails with a server error when X-Forwarded-For is shorter than the
        # proxy count; ours falls back like DRF's, so the API and the sign-in pages agree on the client.
        return client_ip(request) or "unknown"

    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        # allauth counts failed logins per account ("key"): five wrong passwords from anywhere would
        # lock the player out. Counted per account *from one address*, a stranger only locks himself
        # out; the per-address limit ("ip") still bounds guessing across many accounts.
        return f"{super()._get_login_attempts_cache_key(request, **credentials)}:{client_ip(request)}"
