"""What the pictures write: every piece of text a renderer sets, with its font size and where its glyphs
landed. The pictures write all their text through `bot.pictures.fonts.TextDraw`; inside `written()` each
call is recorded as well as drawn."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from unittest import mock

import numpy as np
from PIL import Image

from bot.pictures.fonts import TextDraw, _text_mask


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
