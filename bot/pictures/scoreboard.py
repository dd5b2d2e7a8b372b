"""The score as the table keeps it: marks as tally strokes with their number, points as numbers."""

from __future__ import annotations

from PIL import Image

from . import palette, shapes
from .fonts import TextDraw, font, text_width
from .names import fit_name
from .tally import tally

TALLY_HEIGHT = 24


def draw_scores(
    img: Image.Image,
    draw: TextDraw,
    xy: tuple[int, int],
    width: int,
    team_names: tuple[str, ...],
    scores: tuple[int, ...],
    kind: str,
    target: int,
    notes: tuple[str, ...] | None = None,
    winner: int | None = None,
    heading: bool = True,
) -> int:
    """Draw the score block with its top-left at ``xy``; return the y just below it.

    ``notes`` adds a small line under each team's score, e.g. "this hand: 18" or "tricks: 3".
    """
    left, y = xy
    if heading:
        draw.text(
            (left, y), score_heading(kind, target), font=font(16, True), fill=palette.TEXT_SOFT, anchor="lt"
        )
        y += 24
    for team, name in enumerate(team_names):
        score = scores[team] if team < len(scores) else 0
        colour = palette.GOLD if team == winner else palette.TEXT
        number = signed(score)
        draw.text(
            (left + width, y - 2),
            number,
            font=font(30, True),
            fill=palette.SET if score < 0 else colour,
            anchor="rt",
        )
        label_width = width - 16 - text_width(number, 30, True)
        draw.text(
            (left, y), fit_name(name, label_width, 24, True), font=font(24, True), fill=colour, anchor="lt"
        )
        y += 30
        if kind == "marks":
            if score > 0:
                # Past 20 marks a tally stops being readable; the number says it all.
                strokes = tally(
                    min(score, 20), TALLY_HEIGHT, palette.TEXT if team != winner else palette.GOLD
                )
                shapes.paste(img, strokes, (left + 2, y))
            y += TALLY_HEIGHT + 10
        else:
            y += 4
        if notes is not None and team < len(notes) and notes[team]:
            draw.text((left + 2, y - 4), notes[team], font=font(17), fill=palette.TEXT_SOFT, anchor="lt")
            y += 22
        y += 4
    return y


def signed(score: int) -> str:
    """A score as written on the pad: a true minus sign below zero ("−3"), plain digits otherwise."""
    return f"−{-score}" if score < 0 else str(score)


def score_heading(kind: str, target: int) -> str:
    """``MARKS · TO 7`` or ``POINTS · TO 250``."""
    return f"{'MARKS' if kind == 'marks' else 'POINTS'} · TO {target}"
