"""The felt every picture is drawn on, and turning a finished picture into PNG bytes that are small and quick
to make.

The felt: green baize inside a wooden rail, drawn once per size (`felt`, `felt_backdrop`, `with_felt`).

The bytes:
Every picture is mapped onto one fixed 256-colour palette, built once from the things the pictures are
made of: a fine ramp of felt greens (one step per shade, so the lamp-lit baize shows no bands), the ivory
and pips of tiles plain and dimmed, the markers and the text colours. Mapping onto a known palette takes
well under a millisecond, and a palette PNG is several times smaller and faster to compress than full colour.
The PNG is written here (`palette_png`) rather than by Pillow, so that its deflate can be ISA-L's (the `isal`
package): at the fastest level it makes a panel's PNG about as small as zlib's fastest, four times sooner
(0.6 against 2.5-3 ms for a 720x927 panel, which now takes 4.1 ms instead of 6.0 in `python
benchmarks/render.py`). zlib stands in where `isal` is not installed.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TypeVar

import numpy as np
from PIL import Image, ImageDraw

from . import palette
from .serial import serially


def _deflate() -> Callable[[bytes, int], bytes]:
    """ISA-L's deflate where the `isal` package is installed, else the standard zlib's (slower, as small)."""
    try:
        from isal import isal_zlib
    except ImportError:  # no wheel for this platform
        return zlib.compress
    return isal_zlib.compress


compress = _deflate()

S = TypeVar("S")

FELT_STEPS = 56
PNG_LEVEL = 1  # the fastest level but ISA-L's 0 (whose bytes are 15% more): higher levels save little


@dataclass(frozen=True, eq=False)
class Backdrop:
    """A cached background with two palette mappings of it: Pillow's, and the exact felt ramp.

    Pillow's palette mapping rounds colours to 6 bits a channel, which turns the felt's soft gradient into
    rings. A picture's pixels that Pillow maps to the same index as the bare background there are the
    background (or indistinguishable from it), so they take the exact ramp index instead.
    """

    image: Image.Image
    mapped: np.ndarray  # Pillow's mapping of the background, to compare a picture's mapping with
    indices: np.ndarray  # the exact mapping: felt pixels on the fine ramp


def make_backdrop(image: Image.Image) -> Backdrop:
    """Prepare a background for :func:`to_png` (slow; do it once per background)."""
    rgb = image.convert("RGB")
    pixels = np.asarray(rgb)
    mapped = np.asarray(rgb.quantize(palette=_palette(), dither=Image.Dither.NONE)).copy()
    indices = mapped.copy()
    lo = np.array(palette.FELT_EDGE, np.float32)
    span = np.array(palette.FELT_CENTRE, np.float32) - lo
    p = pixels.astype(np.float32) - lo
    t = (p @ span) / float(span @ span)
    off_ramp = np.linalg.norm(p - t[..., None] * span, axis=2)
    on_felt = (off_ramp < 2.0) & (t >= 0) & (t <= 1)
    step = np.clip(np.rint(t * (FELT_STEPS - 5)), 0, FELT_STEPS - 5).astype(np.uint8)
    indices[on_felt] = step[on_felt]
    return Backdrop(rgb, mapped, indices)


def draw_then_encode(draw: Callable[[S], tuple[Image.Image, Backdrop]], scene: S) -> bytes:
    """PNG bytes of ``draw(scene)`` (a picture and the backdrop it was drawn on): the drawing takes its
    turn with other drawings, the encoding happens after the lock is let go."""
    image, backdrop = serially(draw, scene)
    return to_png(image, backdrop)


def to_png(image: Image.Image, backdrop: Backdrop | None = None) -> bytes:
    """PNG bytes for ``image`` in the pictures' shared palette; its ``backdrop`` keeps the exact felt."""
    mapped = np.asarray(image.convert("RGB").quantize(palette=_palette(), dither=Image.Dither.NONE))
    if backdrop is not None and backdrop.mapped.shape == mapped.shape:
        mapped = np.where(mapped == backdrop.mapped, backdrop.indices, mapped)
    return palette_png(mapped, _palette_bytes())


def palette_png(indices: np.ndarray, palette_rgb: bytes) -> bytes:
    """A PNG of 8-bit palette ``indices`` (height x width) with ``palette_rgb`` (3 bytes a colour): no
    filter on any row, as the PNG specification advises for palette images."""
    height, width = indices.shape
    rows = np.zeros((height, width + 1), np.uint8)  # each row starts with its filter type, 0 (none)
    rows[:, 1:] = indices
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8 bits, palette, deflate, no interlace
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette_rgb),
            _chunk(b"IDAT", compress(rows.tobytes(), PNG_LEVEL)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


@cache
def _palette_bytes() -> bytes:
    return bytes(_flat_palette(_palette())[:768])


@cache
def _palette() -> Image.Image:
    colours = _felt_ramp() + _sample_colours(256 - FELT_STEPS)
    flat = [c for rgb in colours for c in rgb]
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat + [0] * (768 - len(flat)))
    return pal


def _felt_ramp() -> list[palette.RGB]:
    """Evenly spaced colours from the felt's darkest edge to its lit centre."""
    lo, hi = palette.FELT_EDGE, palette.FELT_CENTRE
    steps = FELT_STEPS - 4
    ramp = [
        _rgb(round(a + (b - a) * i / (steps - 1)) for a, b in zip(lo, hi, strict=True)) for i in range(steps)
    ]
    # The shadow the rail casts on the felt's edge.
    return ramp + [_rgb(int(c * (1 - 0.35 * k / 4)) for c in lo) for k in range(1, 5)]


def _sample_colours(count: int) -> list[palette.RGB]:
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
    inks = (
        palette.TEXT,
        palette.TEXT_SOFT,
        palette.TEXT_DARK,
        palette.GOLD,
        palette.COUNT,
        palette.MADE,
        palette.SET,
        palette.COMPUTER,
        palette.PLATE_EDGE,
        palette.CHIP,
    )
    from .fonts import font

    for i, back in enumerate(backgrounds):
        for j, ink in enumerate(inks):
            box = (320 + j * 28, 10 + i * 40, 346 + j * 28, 46 + i * 40)
            draw.rectangle(box, fill=back)
            draw.text((box[0] + 2, box[1] + 2), "8", font=font(26, True), fill=ink)
    for j, ink in enumerate(inks):
        sprite = rounded_box(24, 24, 8, ink, palette.GOLD, 1)
        sheet.paste(sprite, (20 + j * 28, 200), sprite)
    flat = _flat_palette(sheet.quantize(count, method=Image.Quantize.MEDIANCUT))[: 3 * count]
    return [_rgb(flat[i : i + 3]) for i in range(0, len(flat), 3)]


def _rgb(channels: Iterable[int]) -> palette.RGB:
    """Three channels as a colour (more or fewer is a mistake, and raises)."""
    red, green, blue = channels
    return red, green, blue


def _flat_palette(image: Image.Image) -> list[int]:
    """The RGB palette of a palette image, as one flat list of channels."""
    flat = image.getpalette()
    if flat is None:  # only an image of a mode without a palette has none: a mistake here
        raise ValueError(f"a {image.mode} image has no palette")
    return flat


# ---------------------------------------------------------------------- the felt
def felt(width: int, height: int, rail: int = 10) -> Image.Image:
    """A fresh copy of the table background, ready to draw on."""
    return _felt(width, height, rail).copy()


@lru_cache(maxsize=32)
def felt_backdrop(width: int, height: int, rail: int = 10) -> Backdrop:
    """The bare felt prepared for PNG encoding; draw on a copy of its ``image``."""
    return make_backdrop(_felt(width, height, rail))


def with_felt(draw: Callable[[S], Image.Image]) -> Callable[[S], tuple[Image.Image, Backdrop]]:
    """``draw`` returning also the bare felt it drew on (the backdrop its PNG is encoded against)."""

    def drawn(scene: S) -> tuple[Image.Image, Backdrop]:
        img = draw(scene)
        return img, felt_backdrop(img.width, img.height)

    return drawn


@lru_cache(maxsize=32)
def _felt(width: int, height: int, rail: int) -> Image.Image:
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    # A lamp over the middle of the table: lighter in the centre, darker toward the rail.
    d = np.sqrt(((x - width / 2) / (width * 0.62)) ** 2 + ((y - height / 2) / (height * 0.62)) ** 2)
    t = np.clip(d, 0, 1)[..., None] ** 1.6
    centre = np.array(palette.FELT_CENTRE, np.float32)
    edge = np.array(palette.FELT_EDGE, np.float32)
    rgb = centre + (edge - centre) * t
    img = Image.fromarray(rgb.clip(0, 255).astype(np.uint8), "RGB")
    if rail:
        draw = ImageDraw.Draw(img)
        for i in range(rail):
            # The rail: dark wood, a lighter bead along its inner edge.
            shade = palette.RAIL_LIGHT if i in (rail - 3, rail - 2) else palette.RAIL
            draw.rectangle((i, i, width - 1 - i, height - 1 - i), outline=shade)
        # The felt's edge sits a little in the rail's shadow.
        for i in range(4):
            a = 0.35 * (4 - i) / 4
            col = tuple(int(c * (1 - a)) for c in palette.FELT_EDGE)
            draw.rectangle((rail + i, rail + i, width - 1 - rail - i, height - 1 - rail - i), outline=col)
    return img
