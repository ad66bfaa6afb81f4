"""Only games whose table exists are offered: Moonrakers' rules are in, its pages are not yet."""

from __future__ import annotations

from typing import Any

import pytest

from games.api.serializers import available_kinds
from games.engine.core import get_engine
from games.forms import offered_kinds
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


def test_an_engine_not_offered_is_left_out_of_the_new_game_page_and_the_api(ann: Any, settings: Any) -> None:
    del settings.GAMES_OFFERED  # the site's own choice, not the tests' tiny game
    assert get_engine("moonrakers").OFFERED is False and get_engine("moonrollers").OFFERED is True
    assert [name for name, _engine in offered_kinds()] == ["moonrollers"]
    assert "moonrakers" not in available_kinds() and "moonrollers" in available_kinds()
    page = client_for(ann).get("/games/new/").content.decode()
    assert "Moonrollers" in page and "Moonrakers" not in page
