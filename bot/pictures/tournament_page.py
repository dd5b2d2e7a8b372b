"""What a tournament's pictures (its bracket, its standings) share: their width and margin, and the title
and subtitle at their top."""

from __future__ import annotations

from . import palette
from .fonts import TextDraw, font
from .names import fit_name

WIDTH = 800  # names read at 360 pixels wide
MARGIN = 26


def draw_heading(draw: TextDraw, title: str, subtitle: str) -> None:
    """The tournament's name, large, and the line under it (format, teams, …), each fitted to the width."""
    draw.text(
        (MARGIN, 24),
        fit_name(title, WIDTH - 2 * MARGIN, 32, True),
        font=font(32, True),
        fill=palette.TEXT,
        anchor="lt",
    )
    draw.text(
        (MARGIN, 64),
        fit_name(subtitle, WIDTH - 2 * MARGIN, 20),
        font=font(20),
        fill=palette.TEXT_SOFT,
        anchor="lt",
    )
