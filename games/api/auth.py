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

from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication, get_authorization_header
from rest_framework.request import Request

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
        # DRF's own lookup (select_related user, active check), with our sentence for a bad key.
        try:
            return super().authenticate_credentials(key)
        except exceptions.AuthenticationFailed:
            raise exceptions.AuthenticationFailed(
                _(
                    "That API key is not valid (it may have been revoked): make a new one on the "
                    "API tokens page."
                )
            ) from None


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
