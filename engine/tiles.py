"""Tiles (dominoes) and tile sets.

A tile is written high end first (``"6-4"``); either order is accepted on input. Inside the engine a
tile is a small int, its *id*, so a hand is a bitmask. The id of ``a-b`` (a >= b) in the first copy of a
set is ``a*(a+1)//2 + b``, the same in every set size; a second copy (Eighty-eight's two sets) adds
``copy * len(set)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache

from .errors import TileError


def parse_tile(text: str) -> tuple[int, int]:
    """Parse ``"6-4"`` or ``"4-6"`` into ``(6, 4)``; raise TileError for anything else."""
    if not isinstance(text, str):
        raise TileError(f"a tile is written like 6-4, not {text!r}")
    known = _PARSED.get(text)
    if known is not None:  # the hot path: the bot reads the same few tile names on every move
        return known
    parts = text.strip().split("-")
    if len(parts) != 2 or not all(p.strip().isdigit() and len(p.strip()) == 1 for p in parts):
        raise TileError(f"{text!r} is not a tile: write tiles like 6-4")
    a, b = int(parts[0]), int(parts[1])
    tile = (a, b) if a >= b else (b, a)
    # only the plain spellings ("6-4", "4-6") are kept: at most 200 of them, so the memo stays small
    if len(text) == 3:
        _PARSED[text] = tile
    return tile


_PARSED: dict[str, tuple[int, int]] = {}


def format_tile(tile: tuple[int, int]) -> str:
    """Write a tile high end first."""
    a, b = tile
    return f"{max(a, b)}-{min(a, b)}"


def base_index(hi: int, lo: int) -> int:
    """Index of ``hi-lo`` (hi >= lo) within any double-N set."""
    return hi * (hi + 1) // 2 + lo


TileId = int  # a tile's index in its set (see the module docstring); a hand is a mask of them


def tile_points(hi: int, lo: int) -> int:
    """Count value: 10 for a tile whose pips total 10, 5 for a total of 5, else 0."""
    total = hi + lo
    return 10 if total == 10 else 5 if total == 5 else 0


def count_points(text: str) -> int:
    """Count value of a tile written as text."""
    return tile_points(*parse_tile(text))


@dataclass(frozen=True)
class TileSet:
    """The tiles a game is played with: a double-``top`` set, ``copies`` times, less ``removed``.

    ``count`` is the count rule: tiles totalling 5 or 10 pips carry that many points (every game but
    Moon), or none do. All per-tile facts are tables indexed by tile id, so the hot paths are list look-ups.
    """

    top: int
    copies: int = 1
    removed: tuple[tuple[int, int], ...] = ()
    count: bool = True
    # Tables set once in __post_init__ (indexed by tile id unless said otherwise).
    set_size: int = field(init=False, repr=False, compare=False)  # tiles in one copy of the set
    ids: tuple[int, ...] = field(init=False, repr=False, compare=False)  # the ids in play
    hi: tuple[int, ...] = field(init=False, repr=False, compare=False)
    lo: tuple[int, ...] = field(init=False, repr=False, compare=False)
    points: tuple[int, ...] = field(init=False, repr=False, compare=False)
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    all_mask: int = field(init=False, repr=False, compare=False)
    doubles_mask: int = field(init=False, repr=False, compare=False)
    suit_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)  # number -> tiles showing it
    count_total: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Per-tile tables, computed once per set: the hot paths read them as plain attributes.
        ids, hi, lo, points, names = _tables(self.top, self.copies, self.removed, self.count)
        size = (self.top + 1) * (self.top + 2) // 2
        facts = {
            "set_size": size,
            "ids": ids,
            "hi": hi,
            "lo": lo,
            "points": points,
            "names": names,
            "all_mask": sum(1 << t for t in ids),
            "doubles_mask": sum(1 << t for t in ids if hi[t] == lo[t]),
            "suit_masks": tuple(sum(1 << t for t in ids if s in (hi[t], lo[t])) for s in range(self.top + 1)),
            "count_total": sum(points[t] for t in ids),
        }
        for name, value in facts.items():
            object.__setattr__(self, name, value)

    def __len__(self) -> int:
        return len(self.ids)

    def id_of(self, text: str, held: int | None = None) -> int:
        """The id of a tile written as text. With ``held`` (a mask), the lowest copy in it.

        Raises TileError when the tile is not in this set.
        """
        hi, lo = parse_tile(text)
        if hi > self.top or (hi, lo) in self.removed:
            raise TileError(f"{format_tile((hi, lo))} is not in this game's set ({self.describe()})")
        base = base_index(hi, lo)
        if held is not None:
            for copy in range(self.copies):
                tid = base + copy * self.set_size
                if held >> tid & 1:
                    return tid
        return base

    def describe(self) -> str:
        """The set in words: "double-six", "two double-six sets without 0-0, 1-0, …"."""
        text = f"double-{_NUMBER_WORDS[self.top]}"
        if self.copies == 2:
            text = "two " + text + " sets"
        if self.removed:
            text += " without " + ", ".join(format_tile(t) for t in self.removed)
        return text

    def name(self, tid: int) -> str:
        """A tile id written as text."""
        return self.names[tid]

    def mask_of(self, tids: Iterable[int]) -> int:
        """Tile ids as a mask."""
        mask = 0
        for t in tids:
            mask |= 1 << t
        return mask

    def total_count(self) -> int:
        """The count points in the set: 35 in double-six."""
        return self.count_total


_NUMBER_WORDS = ["blank", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


@cache
def _tables(
    top: int, copies: int, removed: tuple[tuple[int, int], ...], count: bool
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[str, ...]]:
    size = (top + 1) * (top + 2) // 2
    n = size * copies
    hi = [0] * n
    lo = [0] * n
    pts = [0] * n
    names = [""] * n
    ids = []
    for copy in range(copies):
        for a in range(top + 1):
            for b in range(a + 1):
                tid = base_index(a, b) + copy * size
                hi[tid], lo[tid] = a, b
                pts[tid] = tile_points(a, b) if count else 0
                names[tid] = f"{a}-{b}"
                if (a, b) not in removed:
                    ids.append(tid)
    return tuple(ids), tuple(hi), tuple(lo), tuple(pts), tuple(names)


def bits(mask: int) -> Iterator[int]:
    """The set bits of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def sort_key(text: str) -> tuple[int, int]:
    """Sort key putting tiles high end first, then low end, highest first."""
    hi, lo = parse_tile(text)
    return (-hi, -lo)
