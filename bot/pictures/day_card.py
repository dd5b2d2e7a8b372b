"""A player's finished day of the daily deals as a picture: a line per deal (the contract and what the
player's side came out with, the matchpoints it earned against the field), the day's score and the
streak. 720 pixels wide with type of 28 pixels and more: 14 and more on a phone showing it 360 wide."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from . import palette
from .fonts import TextDraw, fit, font, text_width
from .png import draw_then_encode, felt_backdrop, with_felt

WIDTH = 720
MARGIN = 28
TITLE, BIG, TEXT = 32, 44, 28
ROW = 44
SCORE_W = 112  # the matchpoints column, on the right


@dataclass(frozen=True)
class DayRow:
    """One deal: its label (`1`), what happened in words, the matchpoints (`1½/2`, or `—`), and whether the
    player's side came out ahead on it (None: level)."""

    label: str
    words: str
    points: str
    ahead: bool | None


@dataclass(frozen=True)
class DayScene:
    """The day's card: a title, the day's score (`62.5%`) with a line under it, a row per deal, a footer."""

    title: str
    score: str
    score_line: str
    rows: tuple[DayRow, ...]
    footer: str = ""


def draw_day(scene: DayScene) -> Image.Image:
    """The day's card."""
    height = MARGIN + TITLE + 20 + BIG + 12 + TEXT + 24 + len(scene.rows) * ROW + 16 + (TEXT + 8) + MARGIN
    img = felt_backdrop(WIDTH, height).image.copy()
    draw = TextDraw(img)
    y = MARGIN
    draw.text((MARGIN, y), fit(scene.title, WIDTH - 2 * MARGIN, TITLE, True), font(TITLE, True), palette.TEXT)
    y += TITLE + 20
    draw.text((MARGIN, y), scene.score, font(BIG, True), palette.GOLD)
    y += BIG + 12
    draw.text((MARGIN, y), fit(scene.score_line, WIDTH - 2 * MARGIN, TEXT), font(TEXT), palette.TEXT_SOFT)
    y += TEXT + 24
    words_w = WIDTH - 2 * MARGIN - 56 - SCORE_W
    for row in scene.rows:
        colour = palette.TEXT if row.ahead is None else (palette.MADE if row.ahead else palette.SET)
        draw.text((MARGIN, y + ROW // 2), row.label, font(TEXT, True), palette.TEXT_SOFT, anchor="lm")
        draw.text((MARGIN + 56, y + ROW // 2), fit(row.words, words_w, TEXT), font(TEXT), colour, anchor="lm")
        right = WIDTH - MARGIN
        draw.text((right, y + ROW // 2), row.points, font(TEXT, True), palette.TEXT, anchor="rm")
        y += ROW
    y += 16
    if scene.footer:
        size = TEXT if text_width(scene.footer, TEXT) <= WIDTH - 2 * MARGIN else TEXT - 2
        draw.text((MARGIN, y), fit(scene.footer, WIDTH - 2 * MARGIN, size), font(size), palette.TEXT_SOFT)
    return img


def render_day(scene: DayScene) -> bytes:
    """The day's card as PNG bytes."""
    return draw_then_encode(with_felt(draw_day), scene)
