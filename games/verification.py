"""Check a finished game's dice and shuffles against its revealed seed.

Every batch of events was produced by ``setup`` or ``decide`` with the rng derived from
(seed, game id, seq of the batch's first event). Re-running each batch against the state before it
must give the very events that were stored; any difference is reported.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

from games import models, store
from games.engine.core import PLATFORM_EVENT_TYPES, CommandError, Event, Rng, fold, seed_hash


@dataclass(frozen=True)
class BatchCheck:
    seq: int
    cause: str
    command: str
    matches: bool
    detail: str = ""


@dataclass
class Verification:
    seed_hex: str
    seed_matches_hash: bool
    batches: list[BatchCheck] = field(default_factory=list)

    @property
    def all_match(self) -> bool:
        return self.seed_matches_hash and all(b.matches for b in self.batches)

    @property
    def mismatches(self) -> list[BatchCheck]:
        return [b for b in self.batches if not b.matches]


def verify_game(game: models.Game) -> Verification:
    """Recompute every setup and every command's events from the seed and compare them."""
    seed = bytes(game.seed)
    engine = store.engine_for(game)
    report = Verification(seed_hex=seed.hex(), seed_matches_hash=seed_hash(seed) == game.seed_sha256)
    rows = models.Event.objects.filter(game=game).order_by("seq")
    state: Any = None
    for batch_seq, batch_rows in groupby(rows.iterator(), key=lambda r: r.batch):
        batch = list(batch_rows)
        # Upcast, as recomputed events are at the current version of their type.
        stored = [store.to_engine_event(r, engine) for r in batch]
        first = batch[0]
        rng = Rng(seed, game.pk, batch_seq)
        if all(e.type in PLATFORM_EVENT_TYPES for e in stored):
            pass  # chat and table events involve no chance
        elif first.cause == models.Event.Cause.SETUP:
            redone = engine.setup(game.seat_count, game.options, rng)
            report.batches.append(_compare(batch_seq, first, stored, redone))
        else:
            try:
                redone = engine.decide(
                    state, first.actor if first.actor is not None else -1, engine.parse(first.command), rng
                )
            except CommandError as refused:
                report.batches.append(
                    BatchCheck(batch_seq, first.cause, first.command, False, f"refused: {refused.reason}")
                )
            else:
                report.batches.append(_compare(batch_seq, first, stored, redone))
        state = fold(engine, stored, state)
    return report


def _compare(seq: int, first: models.Event, stored: list[Event], redone: list[Event]) -> BatchCheck:
    # Compare as JSON: the database gives lists where the engine may have built tuples.
    a = [json.loads(json.dumps(e.to_json())) for e in stored]
    b = [json.loads(json.dumps(e.to_json())) for e in redone]
    if a == b:
        return BatchCheck(seq, first.cause, first.command, True)
    return BatchCheck(
        seq, first.cause, first.command, False, f"stored {len(a)} event(s), recomputed {len(b)} differ"
    )
