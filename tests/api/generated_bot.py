"""A bot that knows Moonweb only through a client generated from ``/api/schema/``.

``tests/api/test_generated_client.py`` generates the client (openapi-python-client, package
``moonweb_client``), checks this file and the client with ``mypy --strict``, then lets this bot
play whole games with it. Every request and every answer goes through the generated functions and
models: no hand-written URL, no raw JSON, no ``cast``. If the schema lied or left an answer out,
the type checker or the generated parser would say so here.

It plays as a careless player would: a random legal command, each parameter filled with as many
choices as the spec allows (between ``min_count`` and ``max_count``). The engine may still refuse
a combination the spec cannot express (a 400 with the reason): it then tries another. At the end it
reads the game's view (one class per game) and the last event of the log through their types.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from moonweb_client import AuthenticatedClient
from moonweb_client.api.games import games_commands, games_create, games_events, games_legal, games_retrieve
from moonweb_client.api.table import games_bots, games_start
from moonweb_client.models import (
    Command,
    CommandSpec,
    Conflict,
    Error,
    Event,
    EventPage,
    Game,
    GameCreate,
    KindEnum,
    Legal,
    MoonrakersView,
    MoonrollersView,
    StatusEnum,
)

# Far above a real game's length (a game still running after this many commands is a bug).
MAX_COMMANDS = 5_000


@dataclass
class Played:
    game: Game
    commands: int = 0
    refused: list[str] = field(default_factory=list)  # the codes of the refusals met on the way
    # Read at the end through the typed view and the typed log.
    view_kind: str = ""
    view_says_over: bool = False
    last_event: str = ""
    last_text: str = ""


def client_for(base_url: str, token: str, *, prefix: str = "Bearer") -> AuthenticatedClient:
    return AuthenticatedClient(base_url=base_url, token=token, prefix=prefix, raise_on_unexpected_status=True)


def new_game_against_bots(client: AuthenticatedClient, kind: KindEnum, seats: int) -> Game:
    """A table of ``seats`` with the bot's player in seat 0 and bots in the others, started."""
    created = games_create.sync(client=client, body=GameCreate(kind=kind, seat_count=seats))
    assert isinstance(created, Game), created
    filled = games_bots.sync(created.id, client=client)
    assert isinstance(filled, Game), filled
    started = games_start.sync(created.id, client=client)
    assert isinstance(started, Game), started
    return started


def fill(spec: CommandSpec, rng: random.Random) -> str:
    """The spec's prefix, then for each param as many of its choices as it allows."""
    words = [spec.prefix] if spec.prefix else []
    for param in spec.params:
        most = min(param.max_count, len(param.choices)) if param.multiple else 1
        count = rng.randint(min(param.min_count, most), most)
        words += [choice.value for choice in rng.sample(param.choices, count)]
    return " ".join(words)


def play_to_the_end(client: AuthenticatedClient, game_id: int, rng: random.Random) -> Played:
    """Read what may be sent, send one of it, until the game is over."""
    played = Played(game=_game(client, game_id))
    while played.commands < MAX_COMMANDS:
        legal = games_legal.sync(game_id, client=client)
        assert isinstance(legal, Legal), legal
        if legal.status != StatusEnum.ACTIVE:
            played.game = _game(client, game_id)
            played.view_kind, played.view_says_over = read_view(played.game)
            last = last_event(client, game_id, played.game.seq)
            played.last_event, played.last_text = last.type_, last.text or ""
            return played
        assert legal.to_act and legal.commands, "bots answer at once: it is always our turn"
        spec = rng.choice(legal.commands)
        sent = games_commands.sync_detailed(
            game_id, client=client, body=Command(command=fill(spec, rng), expected_seq=legal.seq)
        )
        answer = sent.parsed
        played.commands += 1
        if isinstance(answer, Game):
            played.game = answer
        elif isinstance(answer, (Error, Conflict)):
            played.refused.append(answer.code)
            if answer.code == "throttled":
                # Over the command limit: nothing was done; wait as long as the server says.
                time.sleep(int(sent.headers.get("Retry-After", "1")))
        else:
            raise AssertionError(f"no answer the schema allows: {answer!r}")
    raise AssertionError(f"game {game_id} still running after {MAX_COMMANDS} commands")


def read_view(game: Game) -> tuple[str, bool]:
    """The view's game and whether it says the game is over, each game's view in its own words."""
    view = game.view
    if isinstance(view, MoonrollersView):
        return view.kind.value, view.finished
    if isinstance(view, MoonrakersView):
        return view.kind.value, view.phase == "over"
    return "", False


def last_event(client: AuthenticatedClient, game_id: int, seq: int) -> Event:
    page = games_events.sync(game_id, client=client, since=max(seq - 5, 0))
    assert isinstance(page, EventPage), page
    return page.events[-1]


def _game(client: AuthenticatedClient, game_id: int) -> Game:
    game = games_retrieve.sync(game_id, client=client)
    assert isinstance(game, Game), game
    return game
