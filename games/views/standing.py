"""Standing answers on the game page: the small form that sets, changes or removes them.

Thin: the game says which answers exist (``present.standing_groups`` draws them), and
``services.standing_set`` checks and stores them, and plays one at once if its decision is pending.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import services, texts
from games.engine.core import CommandError
from games.views.common import get_game, now, reason, refuse
from games.views.play import back_to_game, need_player, render_game


@require_POST
def set_standing(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(pk)
    _seat, refused = need_player(request, game)
    if refused is not None:
        return refused
    decision = request.POST.get("decision", "")
    name = request.POST.get("policy", "")
    # Each answer's numbers are named after it ("<answer>-<number>"): several answers share a name.
    policy = None
    if name:
        prefix = f"{name}-"
        params = {
            k[len(prefix) :]: str(request.POST.get(k, "")).strip()
            for k in request.POST
            if k.startswith(prefix)
        }
        policy = {"policy": name, **params}
    try:
        services.standing_set(game=game, user=request.user, decision=decision, policy=policy, now=now())
    except services.NotAllowed as bad:
        return refuse(request, 403, reason(bad), game=game)
    except (CommandError, services.ServiceError) as bad:
        return render_game(request, game, error=reason(bad, texts.seat_names(game)), status=400)
    messages.success(
        request, _("Your standing answer is saved.") if name else _("You will be asked each time.")
    )
    return back_to_game(game, "standing")
