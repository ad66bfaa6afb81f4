"""The dice come from the published stream: HMAC-SHA256 of the seed in counter mode, 8 bytes a draw.

``Rng`` copies an HMAC keyed once per seed (core.py); these tests hold it to the
plain definition, so seeds published for players to check their dice keep their meaning."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from games.engine.core import Rng
from games.engine.moonrollers import dice


def _reference_draws(seed: bytes, game_id: int | str, seq: int, domain: str, count: int) -> list[int]:
    """The first ``count`` 64-bit draws of a stream, by the definition in Rng's docstring."""
    stream = b""
    block = 0
    while len(stream) < count * 8:
        message = f"{domain}:{game_id}:{seq}:{block}".encode()
        stream += hmac.new(seed, message, hashlib.sha256).digest()
        block += 1
    return [int.from_bytes(stream[i * 8 : i * 8 + 8], "big") for i in range(count)]


@pytest.mark.parametrize("seed", [b"x", b"moonrollers" * 3, bytes(range(32)), bytes(range(64)), bytes(100)])
@pytest.mark.parametrize(
    ("game_id", "seq", "domain"), [(1, 1, "decide"), (77, 4321, "bot"), ("rigged", 0, "")]
)
def test_the_dice_are_the_streams_draws_below_the_rejection_limit(
    seed: bytes, game_id: int | str, seq: int, domain: str
) -> None:
    draws = _reference_draws(seed, game_id, seq, domain, 40)
    limit = (1 << 64) - (1 << 64) % 6
    expected = [d % 6 for d in draws if d < limit][:30]
    assert dice.roll(Rng(seed, game_id, seq, domain), 30) == expected


def test_a_draw_may_span_blocks_of_any_bound() -> None:
    """Bounds of every size take one 8-byte draw each (rejected draws included), across blocks."""
    seed = hashlib.sha256(b"stream").digest()
    draws = _reference_draws(seed, 3, 9, "decide", 64)
    rng = Rng(seed, 3, 9)
    taken = 0
    for n in (2, 6, 45, 3 * 2**62, 2**64, 7, 2**63 + 5, 1):
        limit = (1 << 64) - (1 << 64) % n
        while draws[taken] >= limit:
            taken += 1
        assert rng.randbelow(n) == draws[taken] % n
        taken += 1
