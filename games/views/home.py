"""The home page (what is waiting on you) and the lobby (open tables to join)."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.http import require_safe

from games import selectors


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "home.html", {"watchable": selectors.watchable_games(limit=10)})
    board = selectors.home_for(request.user)
    context = {
        "board": board,
        "invitations": selectors.invitations_for(request.user),
        "watchable": [],
    }
    return render(request, "home.html", context)


# Open tables per lobby page: a phone screen or two.
LOBBY_PAGE_SIZE = 20


@require_safe
def lobby(request: HttpRequest) -> HttpResponse:
    # get_page: a page number that is not one, or past the end, shows the first or the last page.
    page = Paginator(selectors.lobby(request.user), LOBBY_PAGE_SIZE).get_page(request.GET.get("page"))
    context = {
        "tables": page.object_list,
        "page": page,
        "watchable": selectors.watchable_games(limit=20),
    }
    return render(request, "games/lobby.html", context)


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    return HttpResponsePermanentRedirect(static("img/favicon.svg"))
