"""Contracts and what they do to suits: which suit a tile leads, which tiles follow, who wins a trick.

Each (tile set, contract) pair is turned once into tables indexed by tile id (``SuitTable``), so that
legal-play generation is one AND of two ints and a trick's winner a few list look-ups.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .rules import SUIT_NAMES
from .tiles import TileSet

# Contract kinds
SUIT, DOUBLES, FOLLOW_ME, NELLO, SEVENS = "suit", "doubles", "follow-me", "nello", "sevens"


@dataclass(frozen=True)
class Contract:
    """A declared contract: its kind, the trump suit (for ``suit``) and how doubles play."""

    kind: str
    trump: int | None = None  # the trump number for kind == "suit"
    doubles: str = "high"  # "high", "low" or "suit": where doubles rank when they are not trump
    sevens_target: int = 7

    @property
    def every_trick(self) -> bool:
        """Sevens must take every trick (as must any mark bid, which the hand knows)."""
        return self.kind == SEVENS

    def text(self) -> str:
        """The hand-record spelling."""
        if self.kind == SUIT:
            return SUIT_NAMES[self.trump] if self.trump < len(SUIT_NAMES) else str(self.trump)
        if self.kind == FOLLOW_ME:
            return "follow-me doubles-suit" if self.doubles == "suit" else "follow-me"
        if self.kind == NELLO:
            return f"nello doubles-{self.doubles}"
        return self.kind

    def title(self) -> str:
        """A short name for people: "Fives", "Nello (doubles low)", "Follow me"."""
        if self.kind == SUIT:
            return self.text().capitalize()
        if self.kind == FOLLOW_ME:
            return "Follow me" + (" (doubles own suit)" if self.doubles == "suit" else "")
        if self.kind == NELLO:
            return {"high": "Nello (doubles high)", "low": "Nello (doubles low)",
                    "suit": "Nello (doubles own suit)"}[self.doubles]
        return self.kind.capitalize()


@dataclass(frozen=True)
class SuitTable:
    """Per-tile tables for one contract over one tile set.

    Suits are numbered 0..top for the numbers and ``top + 1`` for doubles as a suit of their own.
    """

    trump: int  # the trump suit's number, or -1
    lead_suit: tuple[int, ...]  # tile id -> the suit it leads
    members: tuple[int, ...]  # suit -> mask of the tiles that follow it
    rank: tuple[tuple[int, ...], ...]  # suit -> tile id -> rank inside that suit (higher wins)
    distance: tuple[int, ...] | None  # Sevens: tile id -> |pips - target|; else None
    doubles_suit: int

    def suit_name(self, suit: int) -> str:
        if suit == self.doubles_suit:
            return "doubles"
        return SUIT_NAMES[suit] if suit < len(SUIT_NAMES) else f"{suit}s"

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
        trump_rank, lead_rank = (self.rank[trump] if trump >= 0 else None), self.rank[lead]
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
    """Build (once) the tables for a contract over a tile set."""
    top = tiles.top
    dsuit = top + 1
    n = len(tiles.hi)
    hi, lo = tiles.hi, tiles.lo
    kind = contract.kind
    doubles_own = (kind == DOUBLES or (kind in (FOLLOW_ME, NELLO) and contract.doubles == "suit"))
    doubles_low = kind == NELLO and contract.doubles == "low"
    trump = contract.trump if kind == SUIT else (dsuit if kind == DOUBLES else -1)

    def is_trump(t: int) -> bool:
        if kind == SUIT:
            return hi[t] == trump or lo[t] == trump
        return kind == DOUBLES and hi[t] == lo[t]

    members = [0] * (top + 2)
    rank = [[0] * n for _ in range(top + 2)]
    lead_suit = [0] * n
    for t in range(n):
        a, b = hi[t], lo[t]
        double = a == b
        if is_trump(t):
            lead_suit[t] = trump
            members[trump] |= 1 << t
            if trump == dsuit:
                rank[trump][t] = a + 1
            else:
                rank[trump][t] = 50 if double else 1 + (a if b == trump else b)
            continue
        if double and doubles_own:
            lead_suit[t] = dsuit
            members[dsuit] |= 1 << t
            rank[dsuit][t] = a + 1
            continue
        lead_suit[t] = a
        for s, other in ((a, b), (b, a)):
            members[s] |= 1 << t
            rank[s][t] = (0 if doubles_low else 50) if double else 1 + other
            if double:
                break
    distance = None
    if kind == SEVENS:
        distance = tuple(abs(hi[t] + lo[t] - contract.sevens_target) for t in range(n))
    return SuitTable(trump, tuple(lead_suit), tuple(members), tuple(tuple(r) for r in rank), distance, dsuit)
