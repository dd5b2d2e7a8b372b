"""What the pictures write: every piece of text a renderer sets, with its font size and where its glyphs
landed. The pictures write all their text through `bot.pictures.fonts.TextDraw`; inside `written()` each
call is recorded as well as drawn. And the measure the phone tests apply to it: `too_small`."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar
from unittest import mock

import numpy as np
from PIL import Image

from bot.pictures.fonts import TextDraw, _text_mask

PHONE = 360  # pixels: how wide a phone shows a picture in a chat
SMALLEST = 14  # pixels of text there (a font's size: its capitals about 10 pixels tall)
CAPITAL = 10
Scene = TypeVar("Scene")
TALL = re.compile(r"[A-Z0-9ÀÉÈÊÎÔÛ]")  # text with a capital or a digit: its glyphs reach a capital's height


@dataclass(frozen=True)
class Written:
    """One piece of text as drawn: its words, its font size, the box its glyphs cover in the picture (left,
    top, right, bottom), their coverage mask (what was painted, 0-255) and how many of the mask's rows lie
    above the baseline."""

    text: str
    size: int
    box: tuple[int, int, int, int]
    mask: Image.Image
    above: int


@contextmanager
def written() -> Iterator[list[Written]]:
    """Record every text the pictures draw while inside (in the order drawn)."""
    seen: list[Written] = []
    draw_text = TextDraw.text

    def recording(self, xy, text, font, fill, anchor="la"):
        mask, dx, dy = _text_mask(text, font, anchor)
        if mask is not None:
            left, top = round(xy[0]) + dx, round(xy[1]) + dy
            box = (left, top, left + mask.width, top + mask.height)
            seen.append(Written(text, font.size, box, mask, above_baseline(text, font)))
        draw_text(self, xy, text, font, fill, anchor)

    with mock.patch.object(TextDraw, "text", recording):
        yield seen


def above_baseline(text: str, face) -> int:
    """How many rows of `text`'s mask (as `TextDraw` sets it) lie above its baseline."""
    return -int(face.getbbox(text, anchor="ls")[1])


def glyph_height(piece: Written, scale: float) -> int:
    """How tall the glyphs of a piece of text stand above their baseline (capitals, digits, ascenders;
    descenders left out) once the picture is scaled by `scale`: its coverage mask resampled as a phone
    scales a picture, and the rows counted from the first one half covered down to the baseline."""
    mask = piece.mask
    width, height = max(1, round(mask.width * scale)), max(1, round(mask.height * scale))
    small = mask.resize((width, height), Image.Resampling.LANCZOS)
    baseline = round(piece.above * scale)
    peaks = np.asarray(small).max(axis=1)  # each row's most covered pixel
    inked = [y for y in range(min(baseline, height)) if peaks[y] >= 128]
    return baseline - inked[0] if inked else 0


def measured(draw: Callable[[Scene], Image.Image], scene: Scene) -> tuple[Image.Image, list[Written]]:
    """The picture ``draw`` makes of ``scene``, and every text it wrote."""
    with written() as texts:
        picture = draw(scene)
    return picture, texts


def too_small(width: int, texts: list[Written]) -> list[str]:
    """Every text under 14 pixels once a picture `width` wide is shown 360 wide: set too small, or with
    glyphs (measured on the rendered glyphs scaled to that width) shorter than a capital's 10 pixels."""
    scale = PHONE / width
    found = []
    for piece in texts:
        if piece.size * scale < SMALLEST:
            found.append(f"{piece.text!r}: set at {piece.size * scale:.1f} px")
        elif TALL.search(piece.text) and (height := glyph_height(piece, scale)) < CAPITAL:
            found.append(f"{piece.text!r}: glyphs {height} px tall")
    return found
