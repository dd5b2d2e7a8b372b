"""Names and seat labels as the pictures write them: cleaned for the font, abbreviated where room is short.

The scene carries every name and label (the engine names seats, the bot names players and computers);
this module only makes them drawable: it composes accents onto their letters and drops what the picture
font cannot draw.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from PIL import Image, ImageDraw

from .fonts import fit, font
from .scenes import SeatInfo

_COMPASS = {"north": "N", "east": "E", "south": "S", "west": "W"}


def clean_name(text: str) -> str:
    """``text`` composed (NFC), without control characters or characters the picture font lacks."""
    text = unicodedata.normalize("NFC", text)
    kept = "".join(ch for ch in text if _drawable(ch))
    return " ".join(kept.split())


@lru_cache(maxsize=4096)
def fit_name(text: str, width: int, size: int, bold: bool = False) -> str:
    """A cleaned name shortened with an ellipsis to fit ``width``. An accent stays with its letter: a
    combining mark takes no width, so the longest prefix that fits always keeps it."""
    return fit(clean_name(text), width, size, bold)


def seat_label(info: SeatInfo, seat: int) -> str:
    """The seat's place at the table ("Northeast"), or "Seat 5" when the scene gives none."""
    return info.label or f"Seat {seat + 1}"


def short_label(info: SeatInfo, seat: int) -> str:
    """An abbreviation short enough for under a small tile: compass points as "N", "NE"; else the number."""
    words = _compass_parts(info.label)
    if words:
        return "".join(_COMPASS[w] for w in words)
    return info.label[:3] if info.label else str(seat + 1)


def display_name(info: SeatInfo, seat: int) -> str:
    """The seat's player as drawn: the cleaned name, or the seat label if nothing drawable is left."""
    return clean_name(info.name) or seat_label(info, seat)


def _compass_parts(label: str) -> list[str]:
    """ "Northeast" -> ["north", "east"]; [] for anything that is not compass words."""
    rest = label.lower()
    parts = []
    while rest:
        word = next((w for w in _COMPASS if rest.startswith(w)), None)
        if word is None:
            return []
        parts.append(word)
        rest = rest[len(word) :]
    return parts


@lru_cache(maxsize=4096)
def _drawable(ch: str) -> bool:
    """Whether the picture font has a glyph for ``ch`` (and it is not a control character)."""
    if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn"):
        return False
    if ch.isspace():
        return True
    return _glyph(ch) != _glyph("\ue000")  # a private-use character: the font's "missing" box


@lru_cache(maxsize=4096)
def _glyph(ch: str) -> bytes:
    """The pixels of ``ch`` drawn alone, to compare with the font's missing-glyph box."""
    img = Image.new("L", (48, 48))
    ImageDraw.Draw(img).text((8, 8), ch, font=font(20), fill=255)
    return img.tobytes()
