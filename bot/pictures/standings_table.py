"""Standings as a picture: each pool (or a club night) as a plate of lines, place, name and figures, the
lines going on to the championship marked in gold above a gold rule. 800 pixels wide, like the bracket."""

from __future__ import annotations

from PIL import Image, ImageDraw

from . import palette, shapes
from .fonts import TextDraw, font
from .names import fit_name
from .png import draw_then_encode, felt_backdrop, with_felt
from .tournament_page import MARGIN, WIDTH, draw_heading
from .tournament_scenes import StandingRow, StandingsScene, StandingsTable

ROW = 40
CELL = 72  # one figure's column
PLACE = 44
TITLE = 40
HEADINGS = 26
NOTE = 30
SIZE = 24  # names and figures: 10 pixels and more at 360 pixels wide


def draw_standings(scene: StandingsScene) -> Image.Image:
    """Draw a standings page."""
    height = 108 + sum(_table_height(t) + 18 for t in scene.tables) + (30 if scene.footer else 0) + MARGIN
    img = felt_backdrop(WIDTH, height).image.copy()
    draw = TextDraw(img)
    draw_heading(draw, scene.title, scene.subtitle)
    y = 108
    for table in scene.tables:
        _draw_table(img, draw, table, y)
        y += _table_height(table) + 18
    if scene.footer:
        draw.text(
            (MARGIN, y),
            fit_name(scene.footer, WIDTH - 2 * MARGIN, 20, True),
            font=font(20, True),
            fill=palette.GOLD,
            anchor="lt",
        )
    return img


def render_standings(scene: StandingsScene) -> bytes:
    """A standings page as PNG bytes."""
    return draw_then_encode(with_felt(draw_standings), scene)


def _table_height(table: StandingsTable) -> int:
    return TITLE + HEADINGS + ROW * len(table.rows) + (NOTE if table.note else 8)


def _draw_table(img: Image.Image, draw: TextDraw, table: StandingsTable, top: int) -> None:
    width = WIDTH - 2 * MARGIN
    shapes.paste(
        img,
        shapes.rounded_box(width, _table_height(table), 12, palette.PLATE, palette.PLATE_EDGE, 1),
        (MARGIN, top),
    )
    left, right = MARGIN + 14, MARGIN + width - 14
    draw.text(
        (left, top + 10),
        fit_name(table.title, width - 28, 24, True),
        font=font(24, True),
        fill=palette.TEXT,
        anchor="lt",
    )
    y = top + TITLE
    for k, heading in enumerate(reversed(table.columns)):
        draw.text(
            (right - k * CELL, y + 4),
            heading.upper(),
            font=font(15, True),
            fill=palette.TEXT_SOFT,
            anchor="rt",
        )
    y += HEADINGS
    lines = ImageDraw.Draw(img)
    for at, row in enumerate(table.rows):
        if at and table.rows[at - 1].marked and not row.marked:
            lines.line([(left, y), (right, y)], fill=palette.GOLD, width=2)  # who goes on, above the rule
        _draw_row(draw, row, left, right, y, len(table.columns))
        y += ROW
    if table.note:
        draw.text(
            (left, y + 4),
            fit_name(table.note, width - 28, 17),
            font=font(17),
            fill=palette.TEXT_SOFT,
            anchor="lt",
        )


def _draw_row(draw: TextDraw, row: StandingRow, left: int, right: int, y: int, columns: int) -> None:
    middle = y + ROW // 2
    place_colour = palette.GOLD if row.marked else palette.TEXT_SOFT
    draw.text((left, middle), str(row.place), font=font(SIZE, True), fill=place_colour, anchor="lm")
    for k, cell in enumerate(reversed(row.cells)):
        draw.text(
            (right - k * CELL, middle),
            cell,
            font=font(SIZE, k == columns - 1),
            fill=palette.TEXT,
            anchor="rm",
        )
    room = right - columns * CELL - (left + PLACE) - 8
    tag_room = 0
    if row.tag:
        tag = fit_name(row.tag, room // 2, 16)
        tag_room = int(font(16).getlength(tag)) + 10
        draw.text(
            (right - columns * CELL - 8, middle + 1), tag, font=font(16), fill=palette.TEXT_SOFT, anchor="rm"
        )
    name_colour = palette.COMPUTER if row.computer else palette.TEXT
    draw.text(
        (left + PLACE, middle),
        fit_name(row.name, int(room - tag_room), SIZE, row.marked),
        font=font(SIZE, row.marked),
        fill=name_colour,
        anchor="lm",
    )
