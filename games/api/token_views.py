"""The page where a player creates and revokes their API token. Server-rendered, no JavaScript."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games.api import tokens


@login_required
@require_http_methods(["GET", "POST"])
def token_page(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action == "create":
            try:
                token = tokens.api_token_create(user=request.user)
            except tokens.TokenError:
                messages.error(request, _("You already have a token. Revoke it first to make a new one."))
                return redirect("api_tokens")
            # Rendered, not redirected: the key appears in this one response and is never stored
            # in a message cookie or the session.
            return render(request, "api/tokens.html", {"token": token, "new_key": token.key})
        if action == "revoke":
            try:
                tokens.api_token_revoke(user=request.user)
            except tokens.TokenError:
                messages.error(request, _("You have no token to revoke."))
            else:
                messages.success(
                    request, _("Your token is revoked: scripts using it are refused from now on.")
                )
            return redirect("api_tokens")
        messages.error(request, _("Unknown action: choose Create or Revoke."))
        return redirect("api_tokens")
    return render(request, "api/tokens.html", {"token": tokens.api_token_of(request.user), "new_key": None})
