"""API keys as clients send them: ``Authorization: Bearer <key>``, or DRF's ``Token <key>``.

Generated clients (openapi-python-client, openapi-typescript's fetch wrappers) and most HTTP
libraries speak ``Bearer``; DRF's TokenAuthentication only knows ``Token`` and, given any other
scheme, answers as if no header had been sent, so a script with a typo in its header silently read
public games as a visitor. Here an ``Authorization`` header with a scheme we don't know is a 401
that says what to send; a request with no header at all is still a visitor's (public reads are
allowed anonymously).
"""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication, get_authorization_header
from rest_framework.authtoken.models import Token
from rest_framework.request import Request

from moonweb import raw

# What a 401 tells the client to send (RFC 6750's challenge); ``Token`` is accepted too.
SCHEMES = ("bearer", "token")


class PlayerKey(TokenAuthentication):
    keyword = "Bearer"

    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        words = get_authorization_header(request).split()
        if not words:
            return None
        if words[0].lower().decode("latin-1") not in SCHEMES:
            raise exceptions.AuthenticationFailed(
                _("Unknown authorization scheme: send 'Authorization: Bearer <your API key>'.")
            )
        if len(words) != 2:
            raise exceptions.AuthenticationFailed(
                _("Malformed authorization header: send 'Authorization: Bearer <your API key>'.")
            )
        try:
            key = words[1].decode("ascii")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed(_("That API key is not valid.")) from None
        return self.authenticate_credentials(key)

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        found = _token_and_player(key)
        if found is None or not found[0].is_active:
            raise exceptions.AuthenticationFailed(
                _(
                    "That API key is not valid (it may have been revoked): make a new one on the "
                    "API tokens page."
                )
            )
        return found


def _token_and_player(key: str) -> tuple[Any, Token] | None:
    """The player holding ``key`` and the token, as DRF's ``select_related("user")`` lookup finds
    them. Every script request starts here: on PostgreSQL one hand-written statement (moonweb/raw.py),
    since building the ORM's query cost more than running it."""
    if connection.vendor != "postgresql":
        token = Token.objects.select_related("user").filter(key=key).first()
        return (token.user, token) if token is not None else None
    found = raw.with_related(Token, "user", "a.key = %s", [key])
    if not found or found[0].user is None:
        return None
    return found[0].user, found[0]


class PlayerKeyScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """In the schema: HTTP bearer, which generated clients turn into ``Authorization: Bearer``."""

    target_class = PlayerKey
    name = "playerKey"
    priority = 1

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": (
                "Your API key, made on the site's API page: `Authorization: Bearer <key>` "
                "(`Authorization: Token <key>` works too)."
            ),
        }
