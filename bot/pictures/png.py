"""Turning a finished picture into PNG bytes that are small and quick to make.

Every picture is mapped onto one fixed 256-colour palette, built once from the things the pictures are
made of: a ramp of felt greens (so the lamp-lit baize shows no bands), the ivory and pips of tiles plain
and dimmed, the markers and the text colours. Mapping onto a known palette takes well under a
millisecond, and a palette PNG is several times smaller and faster to compress than full colour.
"""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw

from . import palette

FELT_STEPS = 56


def to_png(image: Image.Image) -> bytes:
    """PNG bytes for ``image`` in the pictures' shared palette."""
    mapped = image.convert("RGB").quantize(palette=_palette(), dither=Image.Dither.NONE)
    out = io.BytesIO()
    mapped.save(out, "PNG", compress_level=3)
    return out.getvalue()


@cache
def _palette() -> Image.Image:
    colours = _felt_ramp() + _sample_colours(256 - FELT_STEPS)
    flat = [c for rgb in colours for c in rgb]
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat + [0] * (768 - len(flat)))
    return pal


def _felt_ramp() -> list[tuple[int, int, int]]:
    """Evenly spaced colours from the felt's darkest edge to its lit centre."""
    lo, hi = palette.FELT_EDGE, palette.FELT_CENTRE
    lo = tuple(int(c * 0.72) for c in lo)  # the shadow under the rail
    return [
        tuple(round(a + (b - a) * i / (FELT_STEPS - 1)) for a, b in zip(lo, hi, strict=True))
        for i in range(FELT_STEPS)
    ]


def _sample_colours(count: int) -> list[tuple[int, int, int]]:
    """The other colours the pictures use, found by quantising a sample sheet of them."""
    from .shapes import rounded_box
    from .tile import tile_sprite

    sheet = Image.new("RGB", (600, 260), palette.FELT)
    draw = ImageDraw.Draw(sheet)
    x = 0
    for style in ("plain", "dim"):
        for hi, lo in ((6, 4), (9, 8), (5, 0)):
            sprite = tile_sprite(hi, lo, 48, True, style)
            sheet.paste(sprite, (x, 0), sprite)
            x += 52
    backgrounds = (palette.FELT, palette.FELT_EDGE, palette.PLATE, palette.RAIL, palette.IVORY)
    inks = (palette.TEXT, palette.TEXT_SOFT, palette.TEXT_DARK, palette.GOLD, palette.COUNT, palette.MADE,
            palette.SET, palette.COMPUTER, palette.PLATE_EDGE, palette.CHIP)
    from .fonts import font

    for i, back in enumerate(backgrounds):
        for j, ink in enumerate(inks):
            box = (320 + j * 28, 10 + i * 40, 346 + j * 28, 46 + i * 40)
            draw.rectangle(box, fill=back)
            draw.text((box[0] + 2, box[1] + 2), "8", font=font(26, True), fill=ink)
    for j, ink in enumerate(inks):
        sprite = rounded_box(24, 24, 8, ink, palette.GOLD, 1)
        sheet.paste(sprite, (20 + j * 28, 200), sprite)
    return [tuple(c) for c in _palette_rgb(sheet.quantize(count, method=Image.Quantize.MEDIANCUT), count)]


def _palette_rgb(image: Image.Image, count: int) -> list[list[int]]:
    flat = image.getpalette()[: 3 * count]
    return [flat[i : i + 3] for i in range(0, len(flat), 3)]
