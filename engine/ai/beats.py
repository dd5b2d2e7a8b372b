"""Which tiles beat which, per contract, as masks computed once: the hot loops of the rules of thumb and of
the fast policy read a mask instead of comparing tiles one by one."""

from __future__ import annotations

from functools import cache

from engine.contracts import Contract
from engine.suits import suit_table
from engine.tiles import TileSet, bits


@cache
def beat_masks(ts: TileSet, contract: Contract) -> tuple[tuple[int, ...], ...]:
    """``[lead][t]``: the tiles that take a trick led in suit ``lead`` from ``t`` when played after it (as
    ``SuitTable.winner_index`` decides between two tiles: trumps over the suit led, higher rank first). Not
    for Sevens, whose tricks go by distance."""
    table = suit_table(ts, contract)
    n = len(ts.hi)
    trump = table.members[table.trump] if table.trump >= 0 else 0
    out = []
    for lead in range(len(table.members)):
        keys = [
            1000 + table.rank[table.trump][u]
            if trump >> u & 1
            else 100 + table.rank[lead][u]
            if table.members[lead] >> u & 1
            else -1
            for u in range(n)
        ]
        out.append(tuple(sum(1 << u for u in range(n) if keys[u] > keys[t]) for t in range(n)))
    return tuple(out)


@cache
def rank_masks(
    ts: TileSet, contract: Contract
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[float, ...], ...]]:
    """``above[suit][t]``: the tiles of ``suit`` ranked above ``t``; ``share[suit][t]``: the share of the
    suit's other tiles that ``t`` outranks."""
    table = suit_table(ts, contract)
    n = len(ts.hi)
    above, share = [], []
    for suit in range(len(table.members)):
        members = list(bits(table.members[suit]))
        rank = table.rank[suit]
        above.append(tuple(sum(1 << u for u in members if rank[u] > rank[t]) for t in range(n)))
        share.append(
            tuple(sum(1 for u in members if rank[u] < rank[t]) / max(1, len(members) - 1) for t in range(n))
        )
    return tuple(above), tuple(share)
