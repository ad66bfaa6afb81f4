"""Signed one-click links and the addresses emails point to.

A one-click link is a credential for exactly one command: it names the game, the seat, the seat's
player, the game's seq when the email was written, and the command in notation, signed with the
site's SECRET_KEY under its own salt. It goes stale when that seat's decision changes
(``store.is_fresh``; another seat's move does not), and in any case after MAIL_LINK_MAX_AGE_DAYS;
it is used once its move was written under the link's own idempotency key (``views.link_key``).
Used or stale, its page shows nothing of the seat (``views.act``).
A *form link* carries instead the leading words of a command whose terms the player fills in on
the page it opens (the terms of a counter-offer); it is bound the same way.
An unsubscribe link names only the player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.urls import NoReverseMatch, reverse

from games import models

ACT_SALT = "moonweb.mail.act"
UNSUBSCRIBE_SALT = "moonweb.mail.unsubscribe"


class BadLink(Exception):
    """The link was altered, is not one of ours, or is too old."""


@dataclass(frozen=True)
class ActionLink:
    game_id: int
    seat: int
    user_id: int
    seq: int
    command: str
    form: bool = False  # ``command`` is a spec's prefix; the page asks for its parameters


def sign_action(*, game: models.Game, seat: models.Seat, seq: int, command: str, form: bool = False) -> str:
    payload: dict[str, Any] = {"g": game.pk, "s": seat.position, "u": seat.user_id, "q": seq, "c": command}
    if form:
        payload["f"] = 1
    return signing.dumps(payload, salt=ACT_SALT, compress=True)


def load_action(token: str) -> ActionLink:
    try:
        data = signing.loads(token, salt=ACT_SALT, max_age=settings.MAIL_LINK_MAX_AGE_DAYS * 86400)
        return ActionLink(
            game_id=int(data["g"]),
            seat=int(data["s"]),
            user_id=int(data["u"]),
            seq=int(data["q"]),
            command=str(data["c"]),
            form=bool(data.get("f")),
        )
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise BadLink from None


def sign_unsubscribe(user: Any) -> str:
    # The address is signed too: a link forwarded after the player changed address stops working.
    return signing.dumps({"u": user.pk, "e": user.email.lower()}, salt=UNSUBSCRIBE_SALT, compress=True)


def load_unsubscribe(token: str) -> Any:
    """The player the link was made for, or BadLink."""
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
        user = get_user_model().objects.filter(pk=int(data["u"])).first()
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise BadLink from None
    if user is None or user.email.lower() != data["e"]:
        raise BadLink
    return user


def absolute(path: str) -> str:
    return f"{settings.SITE_URL}{path}"


def _path(name: str, fallback: str, *args: Any) -> str:
    # The pages belong to the web app; a missing route must not stop an email from leaving.
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return fallback


def game_url(game: models.Game) -> str:
    return absolute(_path("games:game", f"/games/{game.pk}/", game.pk))


def replay_url(game: models.Game) -> str:
    return absolute(_path("games:replay_start", f"/games/{game.pk}/replay/", game.pk))


def home_url() -> str:
    return absolute(_path("games:home", "/"))


def profile_url() -> str:
    return absolute(_path("accounts:profile", "/accounts/profile/"))


def act_url(token: str) -> str:
    return absolute(reverse("mail:act", args=[token]))


def unsubscribe_url(user: Any) -> str:
    return absolute(reverse("mail:unsubscribe", args=[sign_unsubscribe(user)]))


def reply_address(seat: models.Seat) -> str:
    """The seat's Reply-To, naming its current decision: a reply to an email about a decision that
    has since changed is refused as out of date instead of being played on the new one."""
    return f"reply+{seat.reply_token}.{seat.decision_seq}@{settings.REPLY_DOMAIN}"
