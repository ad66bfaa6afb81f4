"""Refold games from their events and compare with the state cache: the tool for rules fixes."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from games import models, store


@dataclass(frozen=True)
class Difference:
    game_id: int
    reason: str


@dataclass
class Report:
    checked: int = 0
    differed: list[Difference] = field(default_factory=list)


def rebuild_game(game: models.Game, *, repair: bool) -> Difference | None:
    """Compare the cached state with the state folded from nothing; repair the cache if asked."""
    with transaction.atomic():
        locked = store.lock(game)
        fresh = store.refold(locked)
        if fresh.state is None:
            return None
        engine = store.engine_for(locked)
        # Through JSON, as the cache stores it: tuples become lists.
        expected = json.loads(json.dumps(engine.dump_state(fresh.state)))
        cache = models.StateCache.objects.filter(game=locked).first()
        if cache is None:
            reason = "no cache"
        elif cache.seq != fresh.seq:
            reason = f"cache at seq {cache.seq}, events end at {fresh.seq}"
        elif cache.state != expected:
            reason = "cached state differs from the events"
        else:
            return None
        if repair:
            models.StateCache.objects.update_or_create(
                game=locked, defaults={"seq": fresh.seq, "state": expected, "updated_at": timezone.now()}
            )
        return Difference(locked.pk, reason)


def rebuild_all(*, game_ids: Iterable[int] | None = None, repair: bool = True) -> Report:
    report = Report()
    games = models.Game.objects.exclude(status=models.Game.Status.OPEN).order_by("pk")
    if game_ids:
        games = games.filter(pk__in=list(game_ids))
    for game in games.iterator():
        report.checked += 1
        diff = rebuild_game(game, repair=repair)
        if diff is not None:
            report.differed.append(diff)
    return report
