"""The game page and the writes made from it: a move, a chat line, resigning, taking a seat back.

A move form names a legal spec (action + prefix) and its chosen values; the notation is rebuilt from
the spec the engine offers now, never taken from the post. Forms carry the seq they were drawn at:
a post against an older position is refused with the current page (HTTP 409), never applied.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_POST

from games import forms, limits, models, selectors, services, store, texts
from games.boards import presentation_for
from games.engine.core import CommandError, get_engine, standing_policies
from games.views import fragments
from games.views.common import can_view, get_game, invite_url, now, reason, refuse, refuse_private
from games.views.fragments import Once
from games.views.limited import rate_limited
from games.views.log import recent_lines
from games.views.present import move_words, recap_text, standing_groups

# Marked for makemessages, translated where it is shown (a plain string was never extracted).
STALE_MESSAGE = gettext_noop(
    "Someone moved since you loaded this page: here is the game now; nothing was applied."
)


def board_template(kind: str) -> str:
    """The game's own board partial (its presentation package), or the generic one listing the view."""
    return presentation_for(kind).board_template


def game_page(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(pk)
    if not can_view(request, game):
        return refuse_private(request, game)
    return table_or_game_page(request, game)


def table_or_game_page(
    request: HttpRequest, game: models.Game, *, error: str | None = None, status: int = 200
) -> HttpResponse:
    if game.status == models.Game.Status.OPEN:
        return table_page(request, game, error=error, status=status)
    return render_game(request, game, error=error, status=status)


def table_page(
    request: HttpRequest,
    game: models.Game,
    *,
    via_invitation: bool = False,
    invite_form: forms.InviteForm | None = None,
    error: str | None = None,
    status: int = 200,
) -> HttpResponse:
    """A table that has not started: its seats, the invitation link, and the buttons to fill it."""
    seats = list(game.seats.select_related("user").order_by("position"))
    user = request.user
    mine = next((s for s in seats if user.is_authenticated and s.user_id == user.pk), None)
    is_creator = user.is_authenticated and game.creator_id == user.pk
    context = {
        "game": game,
        "engine": get_engine(game.kind),
        "seats": seats,
        "empty_seats": range(len(seats), game.seat_count),
        "my_seat": mine,
        "is_creator": is_creator,
        "full": len(seats) >= game.seat_count,
        "can_join": mine is None and len(seats) < game.seat_count,
        "invite_url": invite_url(request, game) if mine is not None else "",
        "invite_form": invite_form or forms.InviteForm(),
        "via_invitation": via_invitation,
        "error": error,
    }
    return render(request, "games/table.html", context, status=status)


def render_game(
    request: HttpRequest,
    game: models.Game,
    *,
    error: str | None = None,
    stale: bool = False,
    status: int = 200,
    chat_form: forms.ChatForm | None = None,
    notation: str = "",
) -> HttpResponse:
    """The board from the viewer's side, what they must decide, the log, chat and clocks."""
    # The log is read only if its fragment must be drawn (below): not here.
    gv = selectors.game_view(game, request.user, log_limit=0)
    names = gv.names
    shows = presentation_for(game.kind)
    me = next((s for s in gv.seats if s.position == gv.my_seat), None)
    log = Once(lambda: recent_lines(game, gv.my_seat, names))
    can_act = me is not None and not me.resigned and game.status == models.Game.Status.ACTIVE
    game_open = game.status == models.Game.Status.OPEN
    show_standing = can_act and bool(standing_policies(gv.engine, game.seat_count))
    context = {
        "game": game,
        "gv": gv,
        "engine": gv.engine,
        # What follows only from the position (seq), the seat, the language and the names: the
        # fragments cached under fragment_key, computed (Once) only when a fragment is drawn.
        "fragment_key": fragments.fragment_key(game, gv.my_seat, names),
        "fragment_cache": fragments.cache_alias(),
        "fragment_seconds": fragments.seconds(),
        # Every message of the view as text for this reader, players named.
        "view": Once(lambda: texts.render_json(gv.view, names)),
        "seats": gv.seats,
        "names": names,
        "me": me,
        "my_seat": gv.my_seat,
        "legal": gv.legal if can_act else [],
        "can_act": can_act,
        "pending": [s for s in gv.seats if s.is_pending],
        "log": log,
        "recap": Once(
            lambda: recap_text(
                selectors.recap(game, gv.my_seat, last_acted_seq=me.last_acted_seq if me else 0), names
            )
        ),
        "log_is_partial": Once(lambda: bool(log()) and log()[0].seq > 1),
        # Players may talk from the first roll to after the end ("good game"). ``chat_form`` is a
        # refused line's form, drawn with its errors; the empty one is built only when its cached
        # fragment must be drawn.
        "show_chat": chat_form is not None or (me is not None and not game_open),
        "chat_form": chat_form,
        "empty_chat_form": Once(lambda: forms.ChatForm(seats=gv.seats, me=gv.my_seat)),
        # Its fields name the other seats: they change with the names, the reader's seat and the
        # language, not with the position, so a move does not draw them again.
        "chat_key": fragments.chat_key(gv.my_seat, names),
        # What each pending seat's timeout plays, in words (the board says it beside the clock).
        "default_moves": Once(
            lambda: {
                seat: move_words(label, names) or _("the default move")
                for seat, label in selectors.default_moves(game, gv.my_seat, state=gv.state).items()
            }
        ),
        "board_template": shows.board_template,
        "outcome_template": shows.outcome_template,
        "decide_template": shows.decide_template,
        "outcome": _outcome(game, names),
        "notation_examples": _notation_examples(gv.engine),
        "error": error,
        # After the last player resigned, a task plays the bots' moves: say so until it is done.
        # (services.only_bots_play, from the seats in hand.)
        "bots_play_out": game.status == models.Game.Status.ACTIVE and all(s.played_by_bot for s in gv.seats),
        "stale": stale,
        "stale_message": _(STALE_MESSAGE),
        "notation": notation,
        # The rules that answer quick follow-ups for this player while away (none: no form),
        # drawn from the player's answers (standing_key) only when their fragment is not cached.
        "show_standing": show_standing,
        "standing": Once(
            lambda: standing_groups(game, me.position, names, standing=me.standing) if me else []
        ),
        "standing_key": fragments.digest(me.standing if me else None),
        # What the head and the players' list show beyond the position (fragment_key): the table's
        # settings; the seats (names, bots, clocks, absences) and the minute, the reader's zone and
        # day their clocks are written in ("3 hours, 5 minutes left": a cached list is at most
        # that minute old).
        "head_key": fragments.digest(game.status, game.visibility, game.time_per_move, game.options),
        "seats_key": fragments.digest(
            gv.seats,
            now().replace(second=0, microsecond=0),
            timezone.get_current_timezone_name(),
            timezone.localdate(),
        ),
        "csrf_placeholder": fragments.csrf_placeholder(),
    }
    return fragments.with_csrf_token(request, render(request, "games/game.html", context, status=status))


def _outcome(game: models.Game, names: dict[int, str]) -> dict[str, Any] | None:
    if not game.outcome:
        return None
    score_text = presentation_for(game.kind).score_text
    scores = {int(k): v for k, v in game.outcome.get("scores", {}).items()}
    places = []
    for place, seats in enumerate(game.outcome.get("ranking", []), start=1):
        places.append(
            {
                "place": place,
                "players": [
                    {
                        "name": names.get(s, ""),
                        "score": scores.get(s),
                        "score_text": score_text(scores.get(s)),
                    }
                    for s in seats
                ],
            }
        )
    winners = [names.get(s, "") for s in game.outcome.get("winners", [])]
    details = texts.render_json(game.outcome.get("details") or {}, names)
    table = presentation_for(game.kind).score_table(game.outcome, names)
    return {"places": places, "winners": winners, "details": details, "table": table}


def _notation_examples(engine: Any) -> list[tuple[str, str]]:
    """(what it does, notation) from the engine, for the "Type a command" help."""
    return [(texts.render(text), notation) for text, notation in getattr(engine, "NOTATION_EXAMPLES", ())]


def need_player(request: HttpRequest, game: models.Game) -> tuple[Any, HttpResponse | None]:
    """The requester's seat, or the response refusing them (login, private game, spectator)."""
    if not request.user.is_authenticated:
        return None, redirect_to_login(reverse("games:game", args=[game.pk]))
    if not can_view(request, game):
        return None, refuse_private(request, game)
    seat = services.seat_of(game, request.user)
    if seat is None:
        return None, refuse(
            request, 403, _("You have no seat at this table: spectators cannot play."), game=game
        )
    return seat, None


def _confirm(
    request: HttpRequest,
    game: models.Game,
    *,
    title: str,
    url: str,
    notation: str = "",
    explanation: str = "",
) -> HttpResponse:
    """The confirmation step of an irreversible choice: the same post again, with confirmed=1."""
    hidden = [
        (key, value)
        for key, values in request.POST.lists()
        if key not in ("csrfmiddlewaretoken", "confirmed")
        for value in values
    ]
    context = {
        "game": game,
        "title": title,
        "notation": notation,
        "explanation": explanation or _("This choice cannot be taken back."),
        "hidden": hidden,
        "url": url,
    }
    return render(request, "games/confirm.html", context)


def back_to_game(game: models.Game, anchor: str = "decide") -> HttpResponse:
    return redirect(reverse("games:game", args=[game.pk]) + f"#{anchor}")


@require_POST
def move(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(pk)
    seat, refused = need_player(request, game)
    if refused is not None:
        return refused
    if game.status != models.Game.Status.ACTIVE:
        return table_or_game_page(request, game, error=_("This game is not in progress."), status=400)
    try:
        seq = forms.seq_from(request.POST)
    except CommandError as bad:
        return render_game(request, game, error=reason(bad.reason), status=400)
    if not store.is_fresh(seat.decision_seq, seq, game.last_seq):
        return render_game(request, game, stale=True, status=409)
    if seat.resigned:
        return refuse(request, 403, _("You have resigned from this game."), game=game)

    specs = selectors.legal_specs(game, seat.position)
    action = request.POST.get("action", "")
    if action == "notation":
        text = " ".join(request.POST.get("notation", "").split())
        if not text:
            return render_game(
                request, game, error=_("Type a command, for example one of those above."), status=400
            )
        words = texts.move_words(selectors.label_of(specs, text), texts.seat_names(game))
        label, needs_confirm = words or text, forms.needs_confirmation(specs, text)
    else:
        spec = forms.find_spec(specs, action, request.POST.get("prefix", ""))
        if spec is None:
            return render_game(request, game, error=_("This choice is not open to you now."), status=400)
        try:
            text = forms.build_command(spec, request.POST)
        except CommandError as bad:
            return render_game(request, game, error=reason(bad), status=400)
        words = texts.move_words(selectors.label_of(specs, text), texts.seat_names(game))
        label, needs_confirm = words or texts.render(spec.label), spec.confirm

    if needs_confirm and request.POST.get("confirmed") != "1":
        return _confirm(request, game, title=label, notation=text, url=reverse("games:move", args=[pk]))
    try:
        services.command_submit(game=game, user=request.user, text=text, expected_seq=seq, now=now())
    except store.StaleSeq:
        return render_game(request, get_game(pk), stale=True, status=409)
    except services.NotAllowed as bad:
        return refuse(request, 403, reason(bad), game=game)
    except CommandError as bad:
        error = reason(bad, texts.seat_names(game))
        return render_game(request, get_game(pk), error=error, status=400, notation=text)
    messages.success(request, _("Played: %(command)s") % {"command": label})
    return back_to_game(game)


@require_POST
@rate_limited(limits.CHAT)
def chat(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(pk)
    seat, refused = need_player(request, game)
    if refused is not None:
        return refused
    seats = list(game.seats.select_related("user").order_by("position"))
    form = forms.ChatForm(request.POST, seats=seats, me=seat.position)
    if not form.is_valid():
        return render_game(request, game, chat_form=form, status=400)
    try:
        services.chat_send(
            game=game,
            user=request.user,
            text=form.cleaned_data["text"],
            to_position=form.to_position(),
            now=now(),
        )
    except services.NotAllowed as bad:
        return refuse(request, 403, reason(bad), game=game)
    except services.ServiceError as bad:
        form.add_error(None, reason(bad))
        return render_game(request, game, chat_form=form, status=400)
    return back_to_game(game, "log")


@require_POST
def resign(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(pk)
    _seat, refused = need_player(request, game)
    if refused is not None:
        return refused
    if request.POST.get("confirmed") != "1":
        return _confirm(
            request,
            game,
            title=_("Resign from this game"),
            explanation=_("A bot will play out your seat and you will rank last. This cannot be undone."),
            url=reverse("games:resign", args=[pk]),
        )
    try:
        services.game_resign(game=game, user=request.user, now=now())
    except services.NotAllowed as bad:
        return refuse(request, 403, reason(bad), game=game)
    except services.ServiceError as bad:
        return render_game(request, game, error=reason(bad), status=400)
    game.refresh_from_db()
    if services.only_bots_play(game):
        messages.success(request, _("You resigned. Only bots are left: they are playing out the game."))
    else:
        messages.success(request, _("You resigned. A bot plays out your seat."))
    return back_to_game(game, "main")


@require_POST
def reclaim(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(pk)
    _seat, refused = need_player(request, game)
    if refused is not None:
        return refused
    try:
        services.seat_reclaim(game=game, user=request.user, now=now())
    except services.NotAllowed as bad:
        return refuse(request, 403, reason(bad), game=game)
    except services.ServiceError as bad:
        return render_game(request, game, error=reason(bad), status=400)
    messages.success(request, _("Welcome back: you play your seat again."))
    return back_to_game(game)
