"""A client generated from ``/api/schema/`` type-checks and plays whole games (issue 14).

The schema is fetched from the running site, openapi-python-client generates the package
``moonweb_client`` from it (offline: the generator is a pinned dev requirement), ``mypy --strict``
checks the package and the bot written against it (``tests/api/generated_bot.py``), then the bot
plays a Moonrollers and a Moonrakers game to the end through it.

The generator's own post-hook (``ruff --fix`` with whatever ruff is installed) is switched off:
the ruff we pin rewrites its ``*args: Any`` into ``*args: object``, which mypy then refuses in
the generated ``client.py``. That is the generator's code, not the schema's; without the hook the
package is exactly what its templates write.
"""

from __future__ import annotations

import random
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from rest_framework.authtoken.models import Token

from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)

BIN = Path(sys.executable).parent
BOT = Path(__file__).with_name("generated_bot.py")
PACKAGE = "moonweb_client"


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory, live_server: Any) -> Path:
    """The directory holding the generated ``moonweb_client`` package."""
    out = tmp_path_factory.mktemp("generated")
    schema = out / "schema.json"
    with urllib.request.urlopen(f"{live_server.url}/api/schema/?format=json", timeout=60) as answer:  # noqa: S310
        schema.write_bytes(answer.read())
    config = out / "config.yml"
    config.write_text("post_hooks: []\n")
    done = subprocess.run(
        [
            str(BIN / "openapi-python-client"),
            "generate",
            "--path",
            str(schema),
            "--output-path",
            str(out / PACKAGE),
            "--meta",
            "none",
            "--config",
            str(config),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    # "Warning(s) encountered" would mean a part of the schema the generator could not use.
    assert "Warning" not in done.stdout + done.stderr, done.stdout + done.stderr
    return out


@pytest.fixture(scope="module")
def bot(generated: Path) -> Iterator[ModuleType]:
    sys.path.insert(0, str(generated))
    try:
        import importlib

        yield importlib.import_module("tests.api.generated_bot")
    finally:
        sys.path.remove(str(generated))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(f"{PACKAGE}.")]:
            del sys.modules[name]
        sys.modules.pop("tests.api.generated_bot", None)


def test_the_generated_client_and_a_bot_written_against_it_pass_mypy_strict(generated: Path) -> None:
    checked = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-incremental",
            "--cache-dir",
            str(generated / ".mypy_cache"),
            str(generated / PACKAGE),
            str(BOT),
        ],
        cwd=generated,
        env={"MYPYPATH": str(generated), "PATH": str(BIN)},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "Success: no issues found" in checked.stdout


@pytest.mark.parametrize(("kind", "seats"), [("moonrollers", 2), ("moonrakers", 3)])
def test_a_bot_plays_a_whole_game_through_the_generated_client(
    bot: ModuleType, live_server: Any, settings: Any, kind: str, seats: int
) -> None:
    from moonweb_client.models import KindEnum  # type: ignore[import-not-found]

    # A Moonrakers game takes hundreds of commands; at the default rate the bot would spend
    # minutes waiting out the limit (it does wait when told to: see generated_bot).
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**rates, "commands": "100000/minute", "player": "100000/minute"},
    }
    player = make_user("Botwright")
    token = Token.objects.create(user=player).key
    client = bot.client_for(live_server.url, token)  # Authorization: Bearer, the generator's default
    game = bot.new_game_against_bots(client, KindEnum(kind), seats)

    played = bot.play_to_the_end(client, game.id, random.Random(f"{kind}-{game.id}"))

    assert played.game.status.value == "finished"
    assert played.game.outcome is not None
    assert played.game.seed is not None  # revealed at the end, as a string the model parsed
    assert played.commands > 0
    # Every refusal was an answer the schema documents (a 400 with its code), never a 5xx.
    assert set(played.refused) <= {"illegal", "cannot_parse", "stale", "throttled"}
    # The typed view and log, as the bot read them.
    assert (played.view_kind, played.view_says_over) == (kind, True)
    assert played.last_event == "game_ended" and played.last_text
