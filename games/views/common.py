"""What every game page shares: finding a game, who may see it, and refusing with a clear reason."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from games import models, selectors, texts

# The invitation links this browser has opened: private tables it may look at while the link
# stands (a withdrawn link stops working for those who opened it, too).
INVITED_SESSION_KEY = "invitations"


def now() -> Any:
    return timezone.now()


def get_game(pk: int) -> models.Game:
    game = selectors.game_with_creator(pk)
    if game is None:
        raise Http404(_("There is no game number %(id)s.") % {"id": pk})
    return game


def remember_invitation(request: HttpRequest, game: models.Game) -> None:
    invited = set(request.session.get(INVITED_SESSION_KEY, []))
    if game.invite_token not in invited:
        invited.add(game.invite_token)
        request.session[INVITED_SESSION_KEY] = sorted(invited)


def can_view(request: HttpRequest, game: models.Game) -> bool:
    """Public games are for anyone; private ones for their players and holders of the invite link."""
    if game.visibility == models.Game.Visibility.PUBLIC:
        return True
    if game.invite_token in request.session.get(INVITED_SESSION_KEY, []):
        return True
    user = request.user
    if not user.is_authenticated:
        return False
    return game.creator_id == user.pk or game.seats.filter(user=user).exists()


def refuse(
    request: HttpRequest, status: int, message: str, *, game: models.Game | None = None
) -> HttpResponse:
    """An error page that says what went wrong and what to do; nothing was changed."""
    return render(
        request, "games/error.html", {"message": message, "game": game, "status": status}, status=status
    )


def refuse_private(request: HttpRequest, game: models.Game) -> HttpResponse:
    return refuse(
        request,
        403,
        _("This game is private: only its players and people with its invitation link can see it."),
    )


def invite_url(request: HttpRequest, game: models.Game) -> str:
    return request.build_absolute_uri(reverse("games:invitation", args=[game.invite_token]))


def reason(refusal: Any, names: dict[int, str] | None = None) -> str:
    """A refusal in the reader's language: an engine's message, or a service's text via the catalog."""
    return texts.reason(refusal, names)
