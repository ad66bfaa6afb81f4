"""A finished Moonrollers game: the score table on the page and at the replay's last step, the chart
ending at the totals; the replay opens at the start, jumps by turn and never shows a live prompt."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games import models, selectors, store
from tests.factories import make_user
from tests.web.conftest import client_for
from tests.web.moonrollers_play import ENGINE, moonrollers_game, play_one

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished() -> models.Game:
    game = moonrollers_game(make_user("Ann"), make_user("Bob"))
    for _ in range(1500):
        if game.is_finished:
            return game
        play_one(game)
    raise AssertionError("the game did not end")


def score_rows(page: str) -> list[dict[str, Any]]:
    table = re.search(r'<table class="score-table" id="score-table">(.*?)</table>', page, re.S)
    assert table, "no score table"
    rows = re.findall(r'<tr data-seat="(\d+)"[^>]*>(.*?)</tr>', table.group(1), re.S)
    return [
        {
            "seat": int(seat),
            "total": re.search(r'<td class="total"[^>]*>(\d+)</td>', body).group(1),
            "body": body,
        }
        for seat, body in rows
    ]


def test_the_game_page_explains_every_final_score(finished: models.Game) -> None:
    page = client_for(None).get(f"/games/{finished.pk}/").content.decode()

    rows = score_rows(page)
    details = finished.outcome["details"]
    assert [r["seat"] for r in rows] == [s for tied in finished.outcome["ranking"] for s in tied]
    for row in rows:
        seat = str(row["seat"])
        assert row["total"] == str(finished.outcome["scores"][seat])
        assert f">{details['prestige_before_hazard'][seat]}</td>" in row["body"]
        assert f">{details['hazard_symbols'][seat]}</td>" in row["body"]
        tokens = details["hazard_tokens"][seat]
        assert (" + ".join(str(t) for t in tokens) if tokens else "-") in row["body"]
    assert 'class="score-notes"' in page


def test_a_disqualified_player_is_marked(finished: models.Game) -> None:
    from games.boards import presentation_for

    outcome = dict(finished.outcome)
    outcome["details"] = {**outcome["details"], "hazard_disqualified": [0], "two_player_margin": True}
    table = presentation_for("moonrollers").score_table(outcome, {0: "Ann", 1: "Bob"})
    assert table is not None
    row = next(r for r in table.rows if r.seat == 0)
    assert row.struck and row.cells[3].startswith("0: most Hazard symbols")
    assert any("lead of 3 symbols" in note for note in table.notes)


def test_the_chart_ends_at_the_final_totals(finished: models.Game) -> None:
    series = selectors.score_series(finished)
    for seat, total in finished.outcome["scores"].items():
        assert series[int(seat)][-1][1] == total


def test_the_replay_opens_at_the_start_and_ends_on_the_scores(finished: models.Game) -> None:
    client = client_for(None)
    start = client.get(f"/games/{finished.pk}/replay/")
    assert start["Location"] == f"/games/{finished.pk}/replay/{selectors.replay_moves(finished)[0]}/"

    last = client.get(f"/games/{finished.pk}/replay/{finished.last_seq}/").content.decode()
    assert len(score_rows(last)) == 2
    middle = client.get(f"/games/{finished.pk}/replay/{finished.last_seq // 2}/").content.decode()
    assert 'id="score-table"' not in middle


def test_go_to_turn_n_shows_where_that_turn_began(finished: models.Game) -> None:
    turns = selectors.replay_turns(finished)
    assert len(turns) > 3
    client = client_for(None)

    jump = client.get(f"/games/{finished.pk}/replay/?turn=3")

    assert jump["Location"] == f"/games/{finished.pk}/replay/{turns[2]}/"
    page = client.get(jump["Location"]).content.decode()
    assert f"Turn 3 of {len(turns)}" in page
    # At that step the turn's player has not moved yet: the next move is theirs.
    row = models.Event.objects.filter(game=finished, seq__gt=turns[2], cause="player").order_by("seq").first()
    before = (
        models.Event.objects.filter(game=finished, seq__lte=turns[2], cause="player").order_by("-seq").first()
    )
    assert row is not None and before is not None and row.actor != before.actor


def test_the_replays_board_shows_no_prompt_of_the_live_game() -> None:
    ann, bob = make_user("Ann"), make_user("Bob")
    game = moonrollers_game(ann, bob)
    for _ in range(8):
        play_one(game)
    state = store.load(game).state
    seat = ENGINE.pending(state)[0].seat
    player = ann if seat == 0 else bob
    client = client_for(player)
    live = client.get(f"/games/{game.pk}/").content.decode()
    assert "Your turn" in live

    page = client.get(f"/games/{game.pk}/replay/{game.last_seq}/").content.decode()

    board = page[page.index('id="board"') : page.index("<footer")]
    assert "Your turn" not in board and "<form" not in board and "timeout-default" not in board
    assert "(your turn)" not in re.search(r"<title>(.*?)</title>", page, re.S).group(1)
    assert "to play." in board  # whose turn it was, said as a fact
