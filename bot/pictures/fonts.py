"""The fonts the pictures use: DejaVu Sans Condensed, shipped in ``assets/fonts`` with its licence.

DejaVu has the en dash and middle dot of team names like "N–S · E–W" (Pillow's built-in font lacks them),
and nothing is fetched at run time.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
REGULAR = FONT_DIR / "DejaVuSansCondensed.ttf"
BOLD = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"


PHONE_WIDTH = 360  # about how wide a phone shows a picture in a chat


def phone_size(width: int, on_phone: int = 14) -> int:
    """The text size that reads as ``on_phone`` pixels in a picture ``width`` wide once a phone shows it
    `PHONE_WIDTH` wide (28 in a picture 720 wide)."""
    return -(-on_phone * width // PHONE_WIDTH)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The picture font at ``size`` pixels, loaded once per size and weight."""
    path = BOLD if bold else REGULAR
    if not path.exists():
        # Installed without the assets folder: Pillow's own font still draws (its en dash is a box). Given a
        # size, Pillow always loads it with FreeType (raising where FreeType is missing, as truetype does).
        default = ImageFont.load_default(size=size)
        assert isinstance(default, ImageFont.FreeTypeFont)
        return default
    return ImageFont.truetype(str(path), size)


@lru_cache(maxsize=1024)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """Width in pixels of ``text`` set at ``size``."""
    return int(round(font(size, bold).getlength(text)))


@lru_cache(maxsize=4096)
def fit(text: str, width: int, size: int, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis so it fits in ``width`` pixels."""
    if text_width(text, size, bold) <= width:
        return text
    # The longest prefix that fits with its ellipsis, found by halving (names can be long).
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _measure(text[:mid] + "…", size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def _measure(text: str, size: int, bold: bool) -> int:
    """Uncached width, for the one-off prefixes :func:`fit` tries."""
    return int(round(font(size, bold).getlength(text)))


def wrap(text: str, width: int, size: int, most: int, bold: bool = True) -> list[str]:
    """Break ``text`` into at most ``most`` lines that fit ``width`` at ``size``; an ellipsis ends a cut."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and text_width(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    if len(lines) > most:
        lines = lines[: most - 1] + [fit(" ".join(lines[most - 1 :]), width, size, bold)]
    return [fit(ln, width, size, bold) for ln in lines] or [""]


class TextDraw:
    """Writes text as ``ImageDraw.text`` does, from glyph masks set once per (text, font, anchor) and kept:
    setting type was most of a picture's drawing time, and the same words come back in every picture."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        font: ImageFont.FreeTypeFont,
        fill: tuple[int, int, int],
        anchor: str = "la",
    ) -> None:
        """Write ``text`` at ``xy`` (placed by ``anchor``, as Pillow's anchors) in ``fill``."""
        mask, dx, dy = _text_mask(text, font, anchor)
        if mask is not None:
            self.image.paste(fill, (round(xy[0]) + dx, round(xy[1]) + dy), mask)


@lru_cache(maxsize=2048)
def _text_mask(text: str, face: ImageFont.FreeTypeFont, anchor: str) -> tuple[Image.Image | None, int, int]:
    """The coverage mask of ``text`` and where its top-left sits from the anchor point."""
    # Whole pixels: Pillow types the box as float only for a fractional stroke width (none here).
    left, top, right, bottom = (int(edge) for edge in face.getbbox(text, anchor=anchor))
    if right <= left or bottom <= top:
        return None, 0, 0
    mask = Image.new("L", (right - left, bottom - top))
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, left, top
