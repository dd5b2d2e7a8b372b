"""Marks kept the way they are on a score pad: four upright strokes and a fifth struck across them."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

RGB = tuple[int, int, int]  # a colour (the palette's own alias, kept here so this module imports nothing)

SUPERSAMPLE = 4


def tally_width(marks: int, height: int) -> int:
    """Width in pixels of the tally for ``marks`` at this stroke height."""
    step, group_gap = _spacing(height)
    full, rest = divmod(max(0, marks), 5)
    width = full * (4 * step + group_gap) + rest * step
    return max(0, width - (group_gap if rest == 0 and full else 0))


@lru_cache(maxsize=256)
def tally(marks: int, height: int, colour: RGB) -> Image.Image:
    """An RGBA sprite of ``marks`` tally strokes, grouped in fives."""
    s = SUPERSAMPLE
    width = max(1, tally_width(marks, height))
    img = Image.new("RGBA", (width * s, height * s), colour + (0,))
    draw = ImageDraw.Draw(img)
    step, group_gap = _spacing(height)
    ink = colour + (255,)
    stroke = max(2, height // 8) * s
    x = step * s // 2
    for i in range(max(0, marks)):
        in_group = i % 5
        if in_group == 4:
            # The fifth mark strikes through the four before it.
            left = x - 4 * step * s - step * s * 0.35
            right = x - step * s + step * s * 0.35
            draw.line((left, height * s * 0.78, right, height * s * 0.22), fill=ink, width=stroke)
            x += group_gap * s
            continue
        draw.line((x, s * 2, x, height * s - s * 2), fill=ink, width=stroke)
        r = stroke // 2
        draw.ellipse((x - r, s * 2 - r, x + r, s * 2 + r), fill=ink)
        draw.ellipse((x - r, height * s - s * 2 - r, x + r, height * s - s * 2 + r), fill=ink)
        x += step * s
    return img.reduce(SUPERSAMPLE)


def _spacing(height: int) -> tuple[int, int]:
    """Stroke pitch and the extra gap between groups of five, in pixels."""
    step = max(5, int(height * 0.36))
    return step, max(6, int(height * 0.5))
