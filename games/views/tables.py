"""Setting a table: create a game, invite by email or link, join, leave, add bots, start."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import forms, limits, models, selectors, services
from games.views.common import (
    can_view,
    get_game,
    invite_url,
    now,
    reason,
    refuse,
    refuse_private,
    remember_invitation,
)
from games.views.limited import rate_limited
from games.views.play import table_or_game_page, table_page


@login_required
@rate_limited(limits.TABLES)
def new_game(request: HttpRequest) -> HttpResponse:
    form = forms.NewGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = services.game_create(
                creator=request.user,
                kind=data["kind"],
                seat_count=data["seat_count"],
                options=data["option_flags"],
                time_per_move=form.time_delta(),
                reply_time=form.reply_delta(),
                visibility=data["visibility"],
                now=now(),
            )
        except services.ServiceError as refused:
            form.add_error(None, reason(refused.reason))
        else:
            messages.success(request, _("Your table is ready: invite players, or add bots, then start."))
            return redirect("games:game", pk=game.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "games/new.html", {"form": form}, status=status)


def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """The shareable link: shows the table, and lets whoever holds it look at the game and join."""
    game = selectors.invited_game(token)
    if game is None:
        if selectors.invitation_withdrawn(token):
            return refuse(
                request,
                410,
                _("This invitation was withdrawn by the table's creator: ask them for a new link."),
            )
        return refuse(request, 404, _("This invitation link is not valid: ask for a new one."))
    remember_invitation(request, game)
    if game.status != models.Game.Status.OPEN:
        return redirect("games:game", pk=game.pk)
    return table_page(request, game, via_invitation=True)


def _table_action(
    request: HttpRequest, pk: int, act: Callable[[models.Game], object], done: str
) -> HttpResponse:
    """Run one table service for the signed-in player; its refusal becomes the table page with the reason."""
    game = get_game(pk)
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("games:game", args=[pk]))
    if not can_view(request, game):
        return refuse_private(request, game)
    try:
        act(game)
    except services.NotAllowed as refused:
        return refuse(request, 403, reason(refused.reason), game=game)
    except services.ServiceError as refused:
        return table_or_game_page(request, get_game(pk), error=reason(refused.reason), status=400)
    messages.success(request, done)
    return redirect("games:game", pk=pk)


@require_POST
@rate_limited(limits.JOINS)
def join(request: HttpRequest, pk: int) -> HttpResponse:
    return _table_action(
        request,
        pk,
        lambda g: services.game_join(game=g, user=request.user, now=now()),
        _("You have a seat at this table."),
    )


@require_POST
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    return _table_action(
        request, pk, lambda g: services.game_leave(game=g, user=request.user), _("You left the table.")
    )


@require_POST
def add_bots(request: HttpRequest, pk: int) -> HttpResponse:
    return _table_action(
        request,
        pk,
        lambda g: services.game_fill_with_bots(game=g, by=request.user, now=now()),
        _("Bots took the empty seats."),
    )


@require_POST
def start(request: HttpRequest, pk: int) -> HttpResponse:
    return _table_action(
        request,
        pk,
        lambda g: services.game_start(game=g, by=request.user, now=now()),
        _("The game has started."),
    )


@require_POST
def revoke_invitation(request: HttpRequest, pk: int) -> HttpResponse:
    return _table_action(
        request,
        pk,
        lambda g: services.game_invitation_revoke(game=g, by=request.user, now=now()),
        _("The old invitation link no longer works, nor do the emails that carried it. Share the new one."),
    )


@require_POST
@rate_limited(limits.INVITATIONS)
def invite(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(pk)
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("games:game", args=[pk]))
    if not can_view(request, game):
        return refuse_private(request, game)
    form = forms.InviteForm(request.POST)
    if not form.is_valid():
        return table_page(request, game, invite_form=form, status=400)
    email = form.cleaned_data["email"]
    try:
        services.game_invite_by_email(
            game=game, by=request.user, email=email, invite_url=invite_url(request, game), now=now()
        )
    except services.NotAllowed as refused:
        return refuse(request, 403, reason(refused.reason), game=game)
    except services.ServiceError as refused:
        form.add_error("email", reason(refused.reason))
        return table_page(request, game, invite_form=form, status=400)
    messages.success(request, _("Invitation sent to %(email)s.") % {"email": email})
    return redirect("games:game", pk=pk)
