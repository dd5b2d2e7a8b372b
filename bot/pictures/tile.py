"""One domino drawn in code: ivory face, rounded corners, a centre bar with a brass spinner, and pips.

Tiles are drawn four times too large and reduced, so edges and pips are smooth at any size; each
(tile, size, orientation, style) sprite is drawn once and kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from engine.tiles import parse_tile

from . import palette
from .serial import one_at_a_time

SUPERSAMPLE = 4

# Pip positions in one square half of an upright tile, as (column, row) on a 3 x 3 grid. These are the
# layouts of a double-nine set: 6 is two columns of three, 7 adds the centre, 8 rings it, 9 fills it.
PIP_LAYOUTS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((2, 0), (0, 2)),
    3: ((2, 0), (1, 1), (0, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
    7: ((0, 0), (0, 1), (0, 2), (1, 1), (2, 0), (2, 1), (2, 2)),
    8: ((0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)),
    9: tuple((c, r) for r in range(3) for c in range(3)),
}
GRID = (0.25, 0.5, 0.75)  # grid lines as fractions of the half's side
PIP_RADIUS = 0.078  # as a fraction of the tile's short side

STYLES = ("plain", "dim")


@dataclass(frozen=True)
class SceneTile:
    """A tile as a scene writes it: ``"6-4"``, or ``"7-3/3"`` when the leader declared the suit led."""

    hi: int
    lo: int
    declared: int | None = None

    @property
    def name(self) -> str:
        """The tile written high end first, without the declared suit."""
        return f"{self.hi}-{self.lo}"


def read_tile(text: str) -> SceneTile:
    """Parse a scene's tile text, keeping a declared lead suffix like ``/3`` apart."""
    body, _, declared = text.partition("/")
    hi, lo = parse_tile(body)
    return SceneTile(hi, lo, int(declared) if declared.strip().isdigit() else None)


def tile_box(size: int, vertical: bool) -> tuple[int, int]:
    """Width and height of a tile whose short side is ``size`` pixels."""
    return (size, 2 * size) if vertical else (2 * size, size)


@one_at_a_time
def render_tile(hi: int, lo: int, size: int = 64, vertical: bool = False) -> Image.Image:
    """A tile as an RGBA image, ``2*size`` by ``size`` (or ``size`` by ``2*size`` when vertical).

    The ``hi`` end is on the left (on top when vertical); the corners are transparent.
    """
    return tile_sprite(hi, lo, size, vertical).copy()


@lru_cache(maxsize=4096)
def tile_sprite(hi: int, lo: int, size: int, vertical: bool, style: str = "plain") -> Image.Image:
    """The cached sprite behind :func:`render_tile`; callers must not draw on it."""
    if style == "dim":
        return _dimmed(tile_sprite(hi, lo, size, vertical))
    upright = _upright(hi, lo, size)
    return upright if vertical else upright.transpose(Image.Transpose.ROTATE_90)


@lru_cache(maxsize=256)
def shadow_mask(width: int, height: int, blur: int) -> Image.Image:
    """A soft shadow (an ``L`` mask, ``blur`` pixels bigger on each side) for a box of this size."""
    pad = blur * 2
    mask = Image.new("L", (width + 2 * pad, height + 2 * pad), 0)
    radius = max(2, int(min(width, height) * 0.14))
    ImageDraw.Draw(mask).rounded_rectangle(
        (pad, pad, pad + width - 1, pad + height - 1), radius=radius, fill=120
    )
    return mask.filter(ImageFilter.GaussianBlur(blur))


def place_tile(
    canvas: Image.Image,
    tile: SceneTile | tuple[int, int],
    size: int,
    vertical: bool,
    xy: tuple[int, int],
    style: str = "plain",
    shadow: bool = True,
) -> tuple[int, int, int, int]:
    """Draw a tile (with its shadow on the felt) at ``xy``; return the box it covers."""
    hi, lo = (tile.hi, tile.lo) if isinstance(tile, SceneTile) else tile
    sprite = tile_sprite(hi, lo, size, vertical, style)
    x, y = xy
    w, h = sprite.size
    if shadow:
        blur = max(2, size // 14)
        mask = shadow_mask(w, h, blur)
        offset = max(1, size // 20)
        canvas.paste((0, 0, 0), (x - 2 * blur + offset, y - 2 * blur + 2 * offset), mask)
    canvas.paste(sprite, (x, y), sprite)
    return (x, y, x + w, y + h)


def _upright(hi: int, lo: int, size: int) -> Image.Image:
    """An upright tile, ``hi`` on top, drawn large and reduced."""
    s = SUPERSAMPLE
    w, h = size * s, 2 * size * s
    radius = int(size * 0.14 * s)
    face = _face_gradient(w, h)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=255)
    img = Image.new("RGBA", (w, h), palette.TILE_EDGE + (0,))
    img.paste(face, (0, 0), mask)
    draw = ImageDraw.Draw(img)
    edge = max(s, int(size * 0.022 * s))
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=radius, outline=palette.TILE_EDGE + (255,), width=edge
    )
    # A faint inner highlight lifts the face off the edge like a bevel.
    draw.rounded_rectangle(
        (edge, edge, w - 1 - edge, h - 1 - edge),
        radius=max(1, radius - edge),
        outline=(255, 252, 242, 150),
        width=max(1, edge // 2),
    )
    _draw_bar(draw, size, w, h)
    for half, value in ((0, hi), (1, lo)):
        _draw_pips(draw, value, size, top=half * size * s)
    return img.reduce(SUPERSAMPLE)


@lru_cache(maxsize=64)
def _face_gradient(w: int, h: int) -> Image.Image:
    """Ivory lit from the top left, a little deeper toward the bottom right."""
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    t = (x / max(1, w - 1) * 0.35 + y / max(1, h - 1) * 0.65)[..., None]
    light = np.array(palette.IVORY, np.float32)
    shade = np.array(palette.IVORY_SHADE, np.float32)
    rgb = light + (shade - light) * t * 0.8
    return Image.fromarray(rgb.clip(0, 255).astype(np.uint8), "RGB")


def _draw_bar(draw: ImageDraw.ImageDraw, size: int, w: int, h: int) -> None:
    """The engraved centre bar and the brass spinner that holds the halves."""
    s = SUPERSAMPLE
    mid = h // 2
    thick = max(s, int(size * 0.035 * s))
    inset = int(w * 0.1)
    draw.rounded_rectangle(
        (inset, mid - thick // 2, w - inset, mid + thick // 2), radius=thick // 2, fill=palette.BAR
    )
    draw.line(
        (inset, mid + thick // 2 + s // 2, w - inset, mid + thick // 2 + s // 2),
        fill=(255, 250, 236),
        width=s // 2,
    )
    r = int(size * 0.055 * s)
    draw.ellipse(
        (w // 2 - r, mid - r, w // 2 + r, mid + r), fill=palette.SPINNER, outline=(150, 118, 58), width=s // 2
    )
    hr = max(1, r // 2)
    draw.ellipse(
        (w // 2 - r // 2 - hr // 2, mid - r // 2 - hr // 2, w // 2 - r // 2 + hr, mid - r // 2 + hr),
        fill=palette.SPINNER_LIGHT,
    )


def _draw_pips(draw: ImageDraw.ImageDraw, value: int, size: int, top: int) -> None:
    """The pips of one half, drilled black with a sliver of light on the far wall."""
    s = SUPERSAMPLE
    side = size * s
    r = PIP_RADIUS * side
    for col, row in PIP_LAYOUTS[value]:
        cx, cy = GRID[col] * side, top + GRID[row] * side
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=palette.PIP)
        # The drilled look: a faint lit crescent inside the lower-right rim.
        draw.arc(
            (cx - r * 0.8, cy - r * 0.8, cx + r * 0.8, cy + r * 0.8),
            10,
            80,
            fill=(88, 84, 78),
            width=max(1, int(r * 0.18)),
        )


def _dimmed(sprite: Image.Image) -> Image.Image:
    """A tile that cannot be played now: faded toward the felt, pips still legible."""
    rgb = np.asarray(sprite, dtype=np.float32)
    shade = np.array(palette.DIM, np.float32)
    out = rgb.copy()
    out[..., :3] = rgb[..., :3] * 0.45 + shade * 0.55
    return Image.fromarray(out.clip(0, 255).astype(np.uint8), "RGBA")
