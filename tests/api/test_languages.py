"""The API answers engine texts in the requester's language: the profile's, else Accept-Language,
else English; every text comes with its message key, which is the same in every language."""

from __future__ import annotations

from typing import Any

import pytest

from games import models, services
from tests.api.helpers import ClientFor, url
from tests.factories import NOW, player_to_act

pytestmark = pytest.mark.django_db


def roll(game: models.Game) -> None:
    services.command_submit(
        game=game, user=player_to_act(game), text="roll", expected_seq=game.last_seq, now=NOW
    )


def mover_and_waiter(game: models.Game) -> tuple[models.Seat, models.Seat]:
    return game.seats.get(is_pending=True), game.seats.get(is_pending=False)


def french(user: Any) -> Any:
    user.language = "fr"
    user.save(update_fields=["language"])
    return user


def no_language(user: Any) -> Any:
    user.language = ""
    user.save(update_fields=["language"])
    return user


def test_accept_language_fr_gives_french_texts_with_their_keys(
    client_for: ClientFor, game: models.Game
) -> None:
    roll(game)
    mover, waiter = mover_and_waiter(game)
    client = client_for(no_language(mover.user))  # no language in the profile: the browser's counts

    legal = client.get(url(game, "legal"), HTTP_ACCEPT_LANGUAGE="fr").json()
    roll_spec = legal["commands"][0]
    assert (roll_spec["label"], roll_spec["label_key"]) == ("Lancer le dé", "race.label.roll")
    assert legal["commands"][2]["params"][0]["label"] == "Mot"
    assert legal["commands"][2]["params"][0]["choices"][0] == {
        "value": "hi",
        "label": "Salut",
        "label_key": "race.label.hi",
    }

    refused = client_for(no_language(waiter.user)).post(
        url(game, "commands"),
        {"command": "roll", "expected_seq": game.last_seq},
        format="json",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert refused.status_code == 400
    assert refused.json() == {
        "detail": "Ce n\u2019est pas votre tour.",
        "code": "illegal",
        "message_key": "race.refused.not_your_turn",
    }


def test_a_spectator_reads_the_log_in_the_browsers_language(client_for: ClientFor, game: models.Game) -> None:
    roll(game)
    response = client_for(None).get(url(game, "events"), HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")
    assert response["Content-Language"] == "fr"
    rolled = next(e for e in response.json()["events"] if e["type"] == "die_rolled")
    roller = game.seats.get(position=rolled["seat"]).name
    assert (rolled["text"], rolled["text_key"]) == (f"{roller} a lancé le dé.", "race.log.die_rolled")


def test_without_a_language_the_same_keys_come_in_english(client_for: ClientFor, game: models.Game) -> None:
    mover, _ = mover_and_waiter(game)
    legal = client_for(no_language(mover.user)).get(url(game, "legal")).json()
    assert (legal["commands"][0]["label"], legal["commands"][0]["label_key"]) == (
        "Roll the die",
        "race.label.roll",
    )
    unparsable = client_for(mover.user).post(
        url(game, "commands"), {"command": "dance", "expected_seq": game.last_seq}, format="json"
    )
    body = unparsable.json()
    assert body["message_key"] == "race.refused.cannot_parse"
    assert body["detail"] == "I do not understand “dance”: try “roll” or “pass”."


def test_a_french_profile_wins_over_the_browser_for_a_token_client(
    client_for: ClientFor, game: models.Game
) -> None:
    mover, _ = mover_and_waiter(game)
    french(mover.user)
    client = client_for(mover.user)  # token auth: the profile is known only once DRF authenticates

    legal = client.get(url(game, "legal"), HTTP_ACCEPT_LANGUAGE="en").json()
    assert legal["commands"][1]["label"] == "Passer"
    unparsable = client.post(
        url(game, "commands"),
        {"command": "dance", "expected_seq": game.last_seq},
        format="json",
        HTTP_ACCEPT_LANGUAGE="en",
    ).json()
    assert (
        unparsable["detail"]
        == "Je ne comprends pas «\u00a0dance\u00a0»\u00a0: essayez «\u00a0roll\u00a0» ou «\u00a0pass\u00a0»."
    )
    assert unparsable["message_key"] == "race.refused.cannot_parse"
    game_body = client.get(url(game)).json()
    assert game_body["legal"][0]["label"] == "Lancer le dé"


def test_the_api_never_sends_the_old_french_twins(client_for: ClientFor, game: models.Game) -> None:
    roll(game)
    mover, _ = mover_and_waiter(game)
    client = client_for(mover.user)
    bodies = [client.get(url(game, part)).content.decode() for part in ("", "legal", "events")]
    for body in bodies:
        assert "label_fr" not in body and "text_fr" not in body and "prompt_fr" not in body


def test_the_notation_examples_come_from_each_engine() -> None:
    from games.api.views import command_examples

    assert ("Race to 20: Roll the die", "roll") in command_examples()
    assert ("Race to 20: Pass", "pass") in command_examples()
