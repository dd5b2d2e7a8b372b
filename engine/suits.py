"""What a contract does to suits: which suit a tile leads, which tiles follow, who wins a trick.

Each (tile set, contract) pair is turned once into tables indexed by tile id (``SuitTable``), so that
legal-play generation is one AND of two ints and a trick's winner a few list look-ups.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .calls import suit_word
from .contracts import Contract
from .tiles import TileSet


@dataclass(frozen=True)
class SuitTable:
    """Per-tile tables for one contract over one tile set.

    Suits are numbered 0..top for the numbers, ``top + 1`` for doubles as a suit of their own and
    ``top + 2`` for a trump suit that is no number (sevens trump, count).
    """

    trump: int  # the trump suit's number, or -1
    lead_suit: tuple[int, ...]  # tile id -> the suit it leads
    members: tuple[int, ...]  # suit -> mask of the tiles that follow it
    rank: tuple[tuple[int, ...], ...]  # suit -> tile id -> rank inside that suit (higher wins)
    distance: tuple[int, ...] | None  # Sevens: tile id -> |pips - target|; else None
    doubles_suit: int

    def suit_name(self, suit: int) -> str:
        """The suit's name in a sentence: "fives", "doubles", "trumps", "7s"."""
        if suit == self.doubles_suit:
            return "doubles"
        if suit == self.doubles_suit + 1:
            return "trumps"
        return suit_word(suit) + ("s" if suit >= 7 else "")

    def legal_mask(self, held: int, lead: int) -> int:
        """The tiles of ``held`` that may be played to a trick whose led suit is ``lead`` (-1: leading)."""
        if self.distance is not None:
            return self.closest(held)
        if lead < 0:
            return held
        follow = held & self.members[lead]
        return follow or held

    def closest(self, held: int) -> int:
        """Sevens: the tiles of ``held`` nearest the target."""
        best, mask = 99, 0
        dist = self.distance
        assert dist is not None
        m = held
        while m:
            low = m & -m
            t = low.bit_length() - 1
            d = dist[t]
            if d < best:
                best, mask = d, low
            elif d == best:
                mask |= low
            m ^= low
        return mask

    def winner_index(self, tiles: list[int], lead: int) -> int:
        """Index in ``tiles`` of the tile that wins the trick; the first of equals wins."""
        if self.distance is not None:
            dist = self.distance
            best_i, best = 0, dist[tiles[0]]
            for i in range(1, len(tiles)):
                if dist[tiles[i]] < best:
                    best_i, best = i, dist[tiles[i]]
            return best_i
        trump = self.trump
        trump_mask = self.members[trump] if trump >= 0 else 0
        lead_mask = self.members[lead]
        trump_rank, lead_rank = self.rank[trump] if trump >= 0 else self.rank[lead], self.rank[lead]
        best_i, best = 0, -1
        for i, t in enumerate(tiles):
            bit = 1 << t
            if trump_mask & bit:
                key = 1000 + trump_rank[t]
            elif lead_mask & bit:
                key = 100 + lead_rank[t]
            else:
                continue
            if key > best:
                best_i, best = i, key
        return best_i


@cache
def suit_table(tiles: TileSet, contract: Contract) -> SuitTable:
    """Build (once) the tables for a contract over a tile set, from what its rule says (``contracts.py``)."""
    rule = contract.rule
    top = tiles.top
    dsuit = top + 1
    n = len(tiles.hi)
    hi, lo = tiles.hi, tiles.lo
    trumps = rule.trumps(tiles, contract)  # tile id -> rank among trumps
    trump = rule.trump_suit(tiles, contract)
    doubles = rule.doubles(contract)
    low = rule.low_number(contract)  # Geezer: tiles bearing it rank lowest in their other suit

    members = [0] * (top + 3)
    rank = [[0] * n for _ in range(top + 3)]
    lead_suit = [0] * n
    for t in range(n):
        a, b = hi[t], lo[t]
        double = a == b
        if t in trumps:
            lead_suit[t] = trump
            members[trump] |= 1 << t
            rank[trump][t] = trumps[t]
            continue
        if double and doubles == "suit":
            lead_suit[t] = dsuit
            members[dsuit] |= 1 << t
            rank[dsuit][t] = a + 1
            continue
        lead_suit[t] = a
        for s, other in ((a, b), (b, a)):
            members[s] |= 1 << t
            if double:
                rank[s][t] = 0 if doubles == "low" else 50
                break
            rank[s][t] = 0 if other == low else 1 + other
    return SuitTable(
        trump,
        tuple(lead_suit),
        tuple(members),
        tuple(tuple(r) for r in rank),
        rule.distances(tiles, contract),
        dsuit,
    )
