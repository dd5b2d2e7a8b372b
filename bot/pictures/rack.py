"""A row of a hand's tiles stood up as a player racks them, with their markers: the hand picture and the
panel both draw it.

Trumps come first once the contract is known, then each suit high to low. Count tiles carry a small
coral chip with their value, trumps a gold rule beneath, and each tile's name is written under it.
On the player's turn the tiles they may play stand a little higher and the rest are dimmed.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from engine.tiles import tile_points

from . import palette, shapes
from .fonts import TextDraw, font, text_width
from .scenes import HandScene
from .tile import SceneTile, place_tile, read_tile

MAX_WIDTH = 1000
MARGIN = 28
LARGEST_TILE = 72
SMALLEST_TILE = 36
CHIP_H = 24  # room above a tile for its count chip (at the hand picture's type sizes)


@dataclass(frozen=True)
class RackType:
    """How large a rack writes: the least size of the tile names (they grow with the tiles), the count
    chips' numbers and the legend. The panel, read on a phone, writes larger than the hand picture."""

    names: int = 18
    chips: int = 17
    legend: int = 17

    @property
    def chip_room(self) -> int:
        """The room above a tile for its count chip."""
        return self.chips + 7


HAND_TYPE = RackType()


@dataclass(frozen=True)
class TileSlot:
    """Where one tile of the hand was drawn, so tests (and anyone) can check the pixels there."""

    tile: str  # as the scene wrote it
    box: tuple[int, int, int, int]  # left, top, right, bottom of the tile itself
    trump: bool
    count: int
    dimmed: bool


def order_hand(tiles: tuple[str, ...], trumps: frozenset[str] = frozenset()) -> list[str]:
    """The tiles in racking order: trumps first (double, then by the other end), then by suit, high to low."""
    trump_names = {read_tile(t).name for t in trumps}

    def key(text: str) -> tuple[int, int, int, int]:
        t = read_tile(text)
        if t.name in trump_names:
            # Works for a suit (the double, then the other end high to low) and for doubles (by pips).
            return (0, -(t.hi == t.lo), -(t.hi + t.lo), -t.hi)
        return (1, -t.hi, -t.lo, 0)

    return sorted(tiles, key=key)


def tile_size_for(count: int) -> int:
    """The largest tile size that fits ``count`` upright tiles in the picture's width."""
    if count <= 0:
        return LARGEST_TILE
    per_slot = (MAX_WIDTH - 2 * MARGIN - 24) / count  # 24: room for the gap after the trumps
    return int(max(SMALLEST_TILE, min(LARGEST_TILE, per_slot / 1.3)))


def rack_lift(scene: HandScene, size: int) -> int:
    """How far playable tiles stand above the rest on the player's turn."""
    return int(size * 0.18) if scene.playable is not None else 0


def rack_name_size(size: int, type_: RackType = HAND_TYPE) -> int:
    """The size of the tile names written under a rack of ``size`` tiles."""
    return max(type_.names, int(size * 0.34))


def rack_legend(scene: HandScene, tiles: list[str]) -> tuple[bool, bool]:
    """Whether the rack shows count chips and trump rules (and so needs a key to them)."""
    parsed = [read_tile(t) for t in tiles]
    trump_names = {read_tile(t).name for t in scene.trumps}
    counts = scene.counting and any(tile_points(t.hi, t.lo) for t in parsed)
    return counts, any(t.name in trump_names for t in parsed)


def rack_width(scene: HandScene, tiles: list[str], size: int) -> int:
    """Width of one row of ``tiles`` at ``size``, with the gap between trumps and the rest."""
    gap = int(size * 0.3)
    return len(tiles) * size + max(0, len(tiles) - 1) * gap + (gap if _split(scene, tiles) else 0)


def _split(scene: HandScene, tiles: list[str]) -> int:
    """Where the trumps end in a racked row (0 if the row is all trumps or has none)."""
    trump_names = {read_tile(t).name for t in scene.trumps}
    split = sum(1 for t in tiles if read_tile(t).name in trump_names)
    return split if 0 < split < len(tiles) else 0


def draw_rack(
    img: Image.Image,
    draw: TextDraw,
    scene: HandScene,
    tiles: list[str],
    xy: tuple[int, int],
    size: int,
    type_: RackType = HAND_TYPE,
) -> list[TileSlot]:
    """One row of the hand's ``tiles`` (in racking order) with the top-left of the row at ``xy`` (tiles that
    stand up for the player's turn rise above it): count chips, trump rules, names, dimming."""
    gap = int(size * 0.3)
    split = _split(scene, tiles)
    trump_names = {read_tile(t).name for t in scene.trumps}
    playable = None if scene.playable is None else {read_tile(t).name for t in scene.playable}
    lift = rack_lift(scene, size)
    name_size = rack_name_size(size, type_)
    x, tile_top = xy
    slots: list[TileSlot] = []
    for i, text in enumerate(tiles):
        t = read_tile(text)
        if split and i == split:
            x += gap
        trump = t.name in trump_names
        count = tile_points(t.hi, t.lo) if scene.counting else 0
        dimmed = playable is not None and t.name not in playable
        y = tile_top - (lift if playable is not None and not dimmed else 0)
        box = place_tile(img, t, size, True, (x, y), style="dim" if dimmed else "plain")
        slots.append(TileSlot(text, box, trump, count, dimmed))
        _draw_marks(img, draw, t, box, (size, tile_top), (name_size, type_.chips), trump, count, dimmed)
        x += size + gap
    return slots


def _draw_marks(
    img: Image.Image,
    draw: TextDraw,
    t: SceneTile,
    box: tuple[int, int, int, int],
    row: tuple[int, int],
    sizes: tuple[int, int],
    trump: bool,
    count: int,
    dimmed: bool,
) -> None:
    """The quiet markers around one tile: count chip above, trump rule and name below."""
    left, top, right, bottom = box
    size, tile_top = row
    name_size, chip_size = sizes
    cx = (left + right) // 2
    if count:
        label = str(count)
        w, h = max(30, text_width(label, chip_size, True) + 16), chip_size + 5
        chip = shapes.rounded_box(
            w, h, h // 2, palette.COUNT if not dimmed else palette.DIM, palette.COUNT, 1
        )
        shapes.paste(img, chip, (cx - w // 2, top - h - 6))
        draw.text((cx, top - 6 - h // 2), label, font=font(chip_size, True), fill=palette.TEXT, anchor="mm")
    base = tile_top + 2 * size
    if trump:
        rule = shapes.rounded_box(size - 6, 6, 3, palette.GOLD)
        shapes.paste(img, rule, (left + 3, base + 5))
    colour = palette.GOLD if trump else palette.TEXT
    if dimmed:
        colour = palette.TEXT_SOFT
    draw.text((cx, base + 14), t.name, font=font(name_size, True), fill=colour, anchor="mt")


def draw_legend(
    img: Image.Image,
    draw: TextDraw,
    right: int,
    y: int,
    counts: bool,
    trumps: bool,
    size: int = HAND_TYPE.legend,
) -> None:
    """A one-line key to the markers, ending at ``right`` on the baseline ``y``, small."""
    x = right
    parts = [("count", palette.COUNT)] * counts + [("trump", palette.GOLD)] * trumps
    for label, colour in reversed(parts):
        w = text_width(label, size)
        draw.text((x, y), label, font=font(size), fill=palette.TEXT_SOFT, anchor="rs")
        x -= w + 8
        shapes.paste(img, shapes.rounded_box(18, 8, 4, colour), (x - 18, y - size * 2 // 3))
        x -= 18 + 22
