"""Fair deals (HAND-RECORD.md, "Fair deals"): a hand dealt from a 32-byte seed that anyone can check.

Before the first call the table shows the seed's commitment (its SHA-256); when the hand is over the seed
itself is revealed, and the deal follows from the seed alone by the few steps below, simple enough to write
again in any language: the game's tiles in a fixed order, a stream of numbers from SHA-256 blocks, an
unbiased number below ``n`` by rejection, a Fisher–Yates shuffle from the end, and the tiles handed out a
whole hand at a time from the seat left of the dealer. The seed itself comes from the caller (the bot
draws it with ``secrets``): the engine stays deterministic.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

from .errors import RecordError
from .hand import Hand
from .record import read
from .rules import Rules
from .tiles import TileSet

SEED_BYTES = 32
_HEX64 = re.compile(r"[0-9a-f]{64}")


def commitment(seed: bytes) -> str:
    """The commitment to a seed: SHA-256 of its bytes, 64 lowercase hex digits."""
    return hashlib.sha256(seed).hexdigest()


def short_commitment(digest: str) -> str:
    """What the table shows before the first call: the digest's first 12 hex digits."""
    return digest[:12]


def tiles_in_order(tiles: TileSet) -> list[int]:
    """The set's tile ids by high end, then low end, ascending; with two sets each tile twice in a row."""
    return sorted(tiles.ids, key=lambda t: (t % tiles.set_size, t))


def numbers(seed: bytes) -> Iterator[int]:
    """The seed's stream of unsigned 32-bit integers: block i is SHA-256(seed ‖ i as 4 bytes big-endian),
    read as eight big-endian integers."""
    block = 0
    while True:
        digest = hashlib.sha256(seed + block.to_bytes(4, "big")).digest()
        for k in range(0, 32, 4):
            yield int.from_bytes(digest[k : k + 4], "big")
        block += 1


def below(stream: Iterator[int], n: int) -> int:
    """A number below ``n`` from the stream, without bias: draws again while x ≥ 2³² − (2³² mod n)."""
    limit = 2**32 - (2**32 % n)
    while True:
        x = next(stream)
        if x < limit:
            return x % n


def shuffle(seed: bytes, items: list[int]) -> list[int]:
    """Fisher–Yates from the end: for i from N − 1 down to 1, swap i with a number below i + 1."""
    out = list(items)
    stream = numbers(seed)
    for i in range(len(out) - 1, 0, -1):
        j = below(stream, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def dealt(rules: Rules, dealer: int, seed: bytes) -> tuple[list[list[int]], list[int]]:
    """The seed's deal: each seat's tile ids (seat 0 first) and the widow's, in the order dealt."""
    if len(seed) != SEED_BYTES:
        raise ValueError(f"a seed is {SEED_BYTES} bytes")
    lay = rules.layout
    tiles = lay.tiles
    order = shuffle(seed, tiles_in_order(tiles))
    n, size = lay.players, lay.hand_size
    deal: list[list[int]] = [[] for _ in range(n)]
    for k in range(n):  # the seat left of the dealer first, then in playing order, the dealer last
        deal[(dealer + 1 + k) % n] = order[k * size : (k + 1) * size]
    widow = order[n * size :]
    if (
        tiles.copies > 1
    ):  # identical tiles: number the copies seat 0 first, then the widow, as a record reads them
        seen: Counter[int] = Counter()
        for held in [*deal, widow]:
            for i, t in enumerate(held):
                base = t % tiles.set_size
                held[i] = base + seen[base] * tiles.set_size
                seen[base] += 1
    return deal, widow


def deal_hand(rules: Rules, dealer: int, seed: bytes) -> Hand:
    """A fresh hand dealt from ``seed`` (see ``dealt``)."""
    deal, widow = dealt(rules, dealer, seed)
    return Hand.from_deal(rules, dealer, deal, widow)


def verify(record: Any) -> str | None:
    """None when the record's seed matches its commitment and deals exactly its hands and widow; else a
    sentence saying what does not match."""
    if not isinstance(record, dict):
        return "a hand record is a JSON object"
    seed_text, digest = record.get("seed"), record.get("commitment")
    if seed_text is None:
        return "the record has no seed: a hand's seed is revealed in its record once the hand is over"
    if not isinstance(seed_text, str) or not _HEX64.fullmatch(seed_text):
        return "the seed must be 64 lowercase hex digits"
    if not isinstance(digest, str) or not _HEX64.fullmatch(digest):
        return "the record has no commitment (64 lowercase hex digits) to check the seed against"
    seed = bytes.fromhex(seed_text)
    if commitment(seed) != digest:
        return "the seed does not match its commitment: SHA-256 of the seed is not the digest shown before the hand"
    try:
        hand = read(record)
    except RecordError as e:
        # A tile moved between hands breaks the plays too: say first whether the deal is the seed's.
        try:
            mismatch = _mismatch(read(_deal_only(record)), seed)
        except RecordError:
            mismatch = None
        return mismatch or f"the record does not read: {e}"
    return _mismatch(hand, seed)


def _deal_only(record: dict[str, Any]) -> dict[str, Any]:
    """The record up to its deal: the game, the dealer, the hands and the widow, nothing played."""
    keep = ("variant", "rules", "dealer", "deal", "widow")
    return {key: record[key] for key in keep if key in record}


def _mismatch(hand: Hand, seed: bytes) -> str | None:
    """None when the seed deals exactly the hand's tiles and widow; else where the first tile differs."""
    names = hand.ts.names
    deal, widow = dealt(hand.rules, hand.dealer, seed)
    places = [*(f"seat {seat}" for seat in range(len(deal))), "the widow"]
    recorded = [*hand.deal, hand.widow]
    fair = [*deal, widow]
    where_fair = {names[t]: places[k] for k, tiles in enumerate(fair) for t in tiles}
    for place, held, owed in zip(places, recorded, fair, strict=True):
        extra = Counter(names[t] for t in held) - Counter(names[t] for t in owed)
        if extra:
            tile = next(iter(extra))
            return (
                f"{place} holds {tile} in the record, but the seed deals {tile} to {where_fair[tile]}: "
                "this is not the seed's deal"
            )
    return None
