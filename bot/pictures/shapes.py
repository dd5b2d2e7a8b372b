"""Smooth plates, pills and chips: drawn four times too large, reduced, and kept for reuse."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

RGB = tuple[int, int, int]  # a colour (the palette's own alias, kept here so this module imports nothing)

SUPERSAMPLE = 4


@lru_cache(maxsize=512)
def rounded_box(
    width: int,
    height: int,
    radius: int,
    fill: RGB | None,
    outline: RGB | None = None,
    line: int = 2,
    fill_alpha: int = 255,
) -> Image.Image:
    """An anti-aliased rounded rectangle as an RGBA sprite (transparent outside)."""
    s = SUPERSAMPLE
    # Transparent pixels carry the edge colour so the reduction does not fringe the edge with black.
    img = Image.new("RGBA", (width * s, height * s), (outline or fill or (0, 0, 0)) + (0,))
    draw = ImageDraw.Draw(img)
    box = (0, 0, width * s - 1, height * s - 1)
    draw.rounded_rectangle(
        box,
        radius=radius * s,
        fill=(fill + (fill_alpha,)) if fill else None,
        outline=(outline + (255,)) if outline else None,
        width=line * s if outline else 0,
    )
    return img.reduce(SUPERSAMPLE)


@lru_cache(maxsize=128)
def disc(diameter: int, fill: RGB, outline: RGB | None = None, line: int = 2) -> Image.Image:
    """An anti-aliased filled circle as an RGBA sprite."""
    s = SUPERSAMPLE
    img = Image.new("RGBA", (diameter * s, diameter * s), (outline or fill) + (0,))
    ImageDraw.Draw(img).ellipse(
        (0, 0, diameter * s - 1, diameter * s - 1),
        fill=fill + (255,),
        outline=(outline + (255,)) if outline else None,
        width=line * s if outline else 0,
    )
    return img.reduce(SUPERSAMPLE)


@lru_cache(maxsize=16)
def ring(width: int, height: int, inside: RGB, colour: RGB, line: int = 2) -> Image.Image:
    """An anti-aliased oval outline as an RGBA sprite, transparent inside and out."""
    s = SUPERSAMPLE
    img = Image.new("RGBA", (width * s, height * s), colour + (0,))
    ImageDraw.Draw(img).ellipse(
        (0, 0, width * s - 1, height * s - 1), outline=colour + (255,), width=line * s
    )
    return img.reduce(SUPERSAMPLE)


def paste(canvas: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    """Lay an RGBA sprite on the canvas through its own alpha."""
    canvas.paste(sprite, (int(xy[0]), int(xy[1])), sprite)
