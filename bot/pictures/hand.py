"""A player's hand as a picture: a title, the hand's tiles racked (`rack.py`) on the felt, and the key to
their markers."""

from __future__ import annotations

from PIL import Image

from . import palette
from .fonts import TextDraw, font, text_width
from .names import fit_name
from .png import draw_then_encode, felt_backdrop, with_felt
from .rack import (
    CHIP_H,
    MARGIN,
    MAX_WIDTH,
    TileSlot,
    draw_legend,
    draw_rack,
    order_hand,
    rack_legend,
    rack_lift,
    rack_name_size,
    rack_width,
    tile_size_for,
)
from .scenes import HandScene


def draw_hand(scene: HandScene) -> tuple[Image.Image, list[TileSlot]]:
    """Draw the hand; return the picture and where each tile went."""
    tiles = order_hand(scene.tiles, scene.trumps)
    size = tile_size_for(len(tiles))
    title_h = 44 if scene.title else 0
    lift = rack_lift(scene, size)
    name_size = rack_name_size(size)
    legend = any(rack_legend(scene, tiles))
    row_w = rack_width(scene, tiles, size)
    width = min(MAX_WIDTH, max(row_w + 2 * MARGIN, 360, text_width(scene.title, 26, True) + 2 * MARGIN))
    tile_top = MARGIN + title_h + CHIP_H + 6 + lift
    height = tile_top + 2 * size + 12 + name_size + 14 + (28 if legend else 0) + MARGIN - 8

    img = felt_backdrop(width, height).image.copy()
    draw = TextDraw(img)
    if scene.title:
        draw.text(
            (MARGIN, MARGIN + 2),
            fit_name(scene.title, width - 2 * MARGIN, 26, True),
            font=font(26, True),
            fill=palette.TEXT,
            anchor="lt",
        )
    if not tiles:
        draw.text(
            (width // 2, tile_top + size), "No tiles left", font=font(24), fill=palette.TEXT_SOFT, anchor="mm"
        )
        return img, []
    slots = draw_rack(img, draw, scene, tiles, ((width - row_w) // 2, tile_top), size)
    if legend:
        draw_legend(img, draw, width - MARGIN, height - MARGIN + 2, *rack_legend(scene, tiles))
    return img, slots


def render_hand(scene: HandScene) -> bytes:
    """A player's hand as PNG bytes."""
    return draw_then_encode(with_felt(lambda s: draw_hand(s)[0]), scene)
