"""What a tournament's pictures (its bracket, its standings) share: their width and margin, the smallest type
they set, and the title and subtitle at their top.

720 pixels wide with type of 28 pixels and more (`TEXT`): 14 and more on a phone showing the picture 360
pixels wide, the size every piece of text in the bot's pictures keeps there."""

from __future__ import annotations

from . import palette
from .fonts import TextDraw, font, phone_size, text_width
from .names import clean_name, fit_name

WIDTH = 720
MARGIN = 20
TEXT = phone_size(WIDTH)  # the smallest type: 28 pixels, 14 on a phone
TITLE = 40
SUBTITLE_ROW = TEXT + 8
SEPARATOR = " · "


def header_height(subtitle: str) -> int:
    """How far down the heading reaches, with the space under it (the subtitle takes one line or two)."""
    return 20 + TITLE + 10 + SUBTITLE_ROW * len(_subtitle_lines(subtitle)) + 10


def draw_heading(draw: TextDraw, title: str, subtitle: str) -> None:
    """The tournament's name, large, and under it its format, teams, … (on two lines where one is too
    short), each fitted to the width."""
    draw.text(
        (MARGIN, 20),
        fit_name(title, WIDTH - 2 * MARGIN, TITLE, True),
        font=font(TITLE, True),
        fill=palette.TEXT,
        anchor="lt",
    )
    for k, line in enumerate(_subtitle_lines(subtitle)):
        draw.text(
            (MARGIN, 20 + TITLE + 10 + SUBTITLE_ROW * k),
            line,
            font=font(TEXT),
            fill=palette.TEXT_SOFT,
            anchor="lt",
        )


def _subtitle_lines(subtitle: str) -> list[str]:
    """The subtitle on one line, or broken at its " · " onto two (the second fitted to the width)."""
    room = WIDTH - 2 * MARGIN
    parts = clean_name(subtitle).split(SEPARATOR)
    first = parts[0]
    for k, part in enumerate(parts[1:], start=1):
        if text_width(first + SEPARATOR + part, TEXT) > room:
            return [fit_name(first, room, TEXT), fit_name(SEPARATOR.join(parts[k:]), room, TEXT)]
        first += SEPARATOR + part
    return [fit_name(first, room, TEXT)]
