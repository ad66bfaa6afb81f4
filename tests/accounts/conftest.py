"""Players with a verified email address, signed in or not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from allauth.account.models import EmailAddress

from accounts.models import User
from tests.accounts.helpers import PASSWORD


@pytest.fixture
def make_player(db: None) -> Callable[..., User]:
    def make(email: str = "ada@example.com", **fields: Any) -> User:
        user = User.objects.create_user(
            username=email.split("@")[0], email=email, password=PASSWORD, **fields
        )
        EmailAddress.objects.create(user=user, email=email, primary=True, verified=True)
        return user

    return make


@pytest.fixture
def player(make_player: Callable[..., User]) -> User:
    return make_player(display_name="Ada")


@pytest.fixture
def player_client(client: Any, player: User) -> Any:
    client.force_login(player)
    return client
