"""API tokens: one per player (DRF's authtoken), created and revoked by the player.

The key is shown once, when it is made; afterwards the page only says that a token exists and
when it was made, so a leaked screenshot of the page later gives nothing away.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from rest_framework.authtoken.models import Token


class TokenError(Exception):
    """A token request the player must correct (create twice, revoke none)."""


def api_token_of(user: Any) -> Token | None:
    return Token.objects.filter(user=user).first()


def api_token_create(*, user: Any) -> Token:
    """A new key for a player who has none. Refused when they already have one."""
    try:
        with transaction.atomic():
            return Token.objects.create(user=user)
    except IntegrityError:
        # One token per user (a unique column): a second one collides instead of replacing the first.
        raise TokenError("exists") from None


def api_token_revoke(*, user: Any) -> None:
    """Delete the player's token: scripts using it get 401 from now on."""
    deleted, _ = Token.objects.filter(user=user).delete()
    if not deleted:
        raise TokenError("none")
