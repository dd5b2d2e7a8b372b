"""What the pictures write: every piece of text a renderer sets, with its font size and where its glyphs
landed. The pictures write all their text through `bot.pictures.fonts.TextDraw`; inside `written()` each
call is recorded as well as drawn."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from unittest import mock

from PIL import Image

from bot.pictures.fonts import TextDraw, _text_mask


@dataclass(frozen=True)
class Written:
    """One piece of text as drawn: its words, its font size, the box its glyphs cover in the picture (left,
    top, right, bottom) and their coverage mask (what was painted, 0-255)."""

    text: str
    size: int
    box: tuple[int, int, int, int]
    mask: Image.Image


@contextmanager
def written() -> Iterator[list[Written]]:
    """Record every text the pictures draw while inside (in the order drawn)."""
    seen: list[Written] = []
    draw_text = TextDraw.text

    def recording(self, xy, text, font, fill, anchor="la"):
        mask, dx, dy = _text_mask(text, font, anchor)
        if mask is not None:
            left, top = round(xy[0]) + dx, round(xy[1]) + dy
            seen.append(Written(text, font.size, (left, top, left + mask.width, top + mask.height), mask))
        draw_text(self, xy, text, font, fill, anchor)

    with mock.patch.object(TextDraw, "text", recording):
        yield seen


def glyph_height(mask: Image.Image, scale: float) -> int:
    """How many pixel rows the glyphs of a coverage `mask` fill once the picture is scaled by `scale`
    (resampled as a phone scales a picture; a row counts when some pixel is at least half covered)."""
    width, height = max(1, round(mask.width * scale)), max(1, round(mask.height * scale))
    small = mask.resize((width, height), Image.Resampling.LANCZOS)
    rows = [max(small.crop((0, y, width, y + 1)).getdata()) for y in range(height)]
    inked = [y for y, peak in enumerate(rows) if peak >= 128]
    return inked[-1] - inked[0] + 1 if inked else 0
