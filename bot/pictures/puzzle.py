"""A 42 puzzle as pictures: the question (every hand face up, the trick so far, the seat to play marked)
and the answer (each legal tile and what it leads to, the best one marked). 720 pixels wide with type of
28 pixels and more, so a phone showing them 360 wide still reads 14."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from engine.tiles import parse_tile

from . import palette
from .fonts import TextDraw, fit, font
from .png import draw_then_encode, felt_backdrop, with_felt
from .tile import place_tile

WIDTH = 720
MARGIN = 28
TITLE, TEXT = 32, 28
TILE = 40  # a tile's short side: upright tiles 40 by 80
LABEL_W = 150
ROW_GAP = 18


@dataclass(frozen=True)
class SeatRow:
    """One seat's row: its label, its tiles (text like `6-4`), and whether it is the seat to play."""

    label: str
    tiles: tuple[str, ...]
    to_play: bool = False


@dataclass(frozen=True)
class Outcome:
    """One legal tile and what it leads to, in words (`N–S 34 · E–W 8 · made`)."""

    tile: str
    words: str
    best: bool
    chosen: bool = False


@dataclass(frozen=True)
class PuzzleScene:
    """What a puzzle picture shows: a title, a few lines of facts, the four hands (question) and the trick
    so far, or each tile's outcome (answer)."""

    title: str
    lines: tuple[str, ...]
    seats: tuple[SeatRow, ...] = ()
    trick: tuple[tuple[str, str], ...] = ()  # (seat letter, tile) in the order played
    outcomes: tuple[Outcome, ...] = ()


def _tile(canvas: Image.Image, text: str, x: int, y: int) -> None:
    place_tile(canvas, parse_tile(text.split("/")[0]), TILE, True, (x, y))


def _height(scene: PuzzleScene) -> int:
    rows = len(scene.seats) * (2 * TILE + ROW_GAP) + (2 * TILE + ROW_GAP + TEXT if scene.trick else 0)
    rows += len(scene.outcomes) * (2 * TILE + ROW_GAP)
    return MARGIN * 2 + TITLE + 16 + len(scene.lines) * (TEXT + 10) + 12 + rows


def draw_puzzle(scene: PuzzleScene) -> Image.Image:
    """The puzzle picture (question or answer)."""
    img = felt_backdrop(WIDTH, _height(scene)).image.copy()
    draw = TextDraw(img)
    y = MARGIN
    draw.text((MARGIN, y), fit(scene.title, WIDTH - 2 * MARGIN, TITLE, True), font(TITLE, True), palette.TEXT)
    y += TITLE + 16
    for line in scene.lines:
        draw.text((MARGIN, y), fit(line, WIDTH - 2 * MARGIN, TEXT), font(TEXT), palette.TEXT_SOFT)
        y += TEXT + 10
    y += 12
    for row in scene.seats:
        colour = palette.GOLD if row.to_play else palette.TEXT
        draw.text((MARGIN, y + TILE), row.label, font(TEXT, True), colour, anchor="lm")
        for k, tile in enumerate(row.tiles):
            _tile(img, tile, MARGIN + LABEL_W + k * (TILE + 10), y)
        y += 2 * TILE + ROW_GAP
    if scene.trick:
        draw.text((MARGIN, y), "This trick so far", font(TEXT, True), palette.TEXT)
        y += TEXT + 8
        for k, (seat, tile) in enumerate(scene.trick):
            x = MARGIN + k * (TILE + 90)
            draw.text((x, y + TILE), seat, font(TEXT, True), palette.TEXT_SOFT, anchor="lm")
            _tile(img, tile, x + 34, y)
        y += 2 * TILE + ROW_GAP
    for outcome in scene.outcomes:
        _tile(img, outcome.tile, MARGIN, y)
        colour = palette.GOLD if outcome.best else (palette.SET if outcome.chosen else palette.TEXT)
        mark = "✓ " if outcome.best else ("✗ " if outcome.chosen else "")
        text = fit(
            f"{mark}{outcome.tile}: {outcome.words}", WIDTH - 2 * MARGIN - TILE - 20, TEXT, outcome.best
        )
        draw.text((MARGIN + TILE + 20, y + TILE), text, font(TEXT, outcome.best), colour, anchor="lm")
        y += 2 * TILE + ROW_GAP
    return img


def render_puzzle(scene: PuzzleScene) -> bytes:
    """The puzzle picture as PNG bytes."""
    return draw_then_encode(with_felt(draw_puzzle), scene)
