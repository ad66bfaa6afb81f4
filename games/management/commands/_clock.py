"""The ``--now`` option shared by the time-driven commands: an ISO 8601 instant, UTC if naive."""

from __future__ import annotations

import datetime as dt

from django.core.management.base import CommandError
from django.utils import timezone


def parse_now(value: str | None) -> dt.datetime:
    if not value:
        return timezone.now()
    try:
        moment = dt.datetime.fromisoformat(value)
    except ValueError:
        raise CommandError(f"--now must be an ISO 8601 date and time, not {value!r}") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)
