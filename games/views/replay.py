"""Looking back: the replay (move by move, position in the URL), seed verification, JSON export."""

from __future__ import annotations

import bisect
import json

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from games import models, selectors, texts
from games.boards import presentation_for
from games.engine.core import seed_hash
from games.verification import verify_game
from games.views.common import can_view, get_game, refuse, refuse_private
from games.views.play import board_template
from games.views.present import log_lines


def replay_start(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(pk)
    if not can_view(request, game):
        return refuse_private(request, game)
    if game.last_seq == 0:
        return refuse(
            request, 404, _("This game has not started: there is nothing to replay yet."), game=game
        )
    # A replay opens at the start; "?turn=N" jumps to where turn N began.
    turns = selectors.replay_turns(game)
    try:
        turn = int(request.GET.get("turn", ""))
    except ValueError:
        turn = 0
    if turns and turn >= 1:
        return redirect("games:replay", pk=pk, step=turns[min(turn, len(turns)) - 1])
    return redirect("games:replay", pk=pk, step=selectors.replay_moves(game)[0])


def replay(request: HttpRequest, pk: int, step: int) -> HttpResponse:
    game = get_game(pk)
    if not can_view(request, game):
        return refuse_private(request, game)
    if game.last_seq == 0:
        return refuse(
            request, 404, _("This game has not started: there is nothing to replay yet."), game=game
        )
    if not 1 <= step <= game.last_seq:
        return refuse(
            request,
            404,
            _("There is no step %(step)d: this game has steps 1 to %(last)d.")
            % {"step": step, "last": game.last_seq},
            game=game,
        )
    shown = selectors.replay_step(game, request.user, step)
    moves = selectors.replay_moves(game)
    # Steps are the ends of moves; a step inside a move still shows, and navigation snaps to moves.
    index = bisect.bisect_left(moves, step)
    prev_step = moves[index - 1] if index > 0 else None
    next_index = index + 1 if index < len(moves) and moves[index] == step else index
    next_step = moves[next_index] if next_index < len(moves) else None
    names = {s.position: s.name for s in game.seats.select_related("user")}
    turns = selectors.replay_turns(game)
    turn_number = bisect.bisect_right(turns, step)
    view = texts.render_json(shown.view, names)
    private_views = view.pop("seats_private", None)
    context = {
        "game": game,
        "step": step,
        "last": game.last_seq,
        "move_number": index + 1,
        "move_count": len(moves),
        "first_step": moves[0] if moves else 1,
        "prev_step": prev_step,
        "next_step": next_step,
        "last_step": moves[-1] if moves else game.last_seq,
        "view": view,
        "private_views": private_views,
        "names": names,
        "my_seat": None if game.is_finished else shown.seat,
        "full_information": game.is_finished,
        "events": log_lines(selectors.replay_batch(game, request.user, step), names),
        "board_template": board_template(game.kind),
        "chart": selectors.score_series(game) if game.is_finished else None,
        "score_name": presentation_for(game.kind).score_name,
        "replay": True,
        "turn_number": turn_number,
        "turn_count": len(turns),
        # The last step of a finished game explains the final scores, as the game page does.
        "score_table": presentation_for(game.kind).score_table(game.outcome, names)
        if game.is_finished and game.outcome and step >= game.last_seq
        else None,
    }
    return render(request, "games/replay.html", context)


def _finished_or_refuse(request: HttpRequest, game: models.Game) -> HttpResponse | None:
    if not can_view(request, game):
        return refuse_private(request, game)
    if not game.is_finished:
        return refuse(
            request,
            403,
            _(
                "The seed stays secret until the game ends, so that nobody can foresee the dice. "
                "Come back when the game is over."
            ),
            game=game,
        )
    return None


def verify(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(pk)
    refused = _finished_or_refuse(request, game)
    if refused is not None:
        return refused
    report = verify_game(game)
    context = {
        "game": game,
        "report": report,
        "computed_hash": seed_hash(bytes.fromhex(report.seed_hex)),
        "checked": len(report.batches),
    }
    return render(request, "games/verify.html", context)


def export(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(pk)
    refused = _finished_or_refuse(request, game)
    if refused is not None:
        return refused
    body = json.dumps(selectors.game_export(game), indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="moonweb-{game.kind}-{game.pk}.json"'
    return response
