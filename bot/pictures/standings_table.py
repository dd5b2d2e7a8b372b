"""Standings as a picture: each pool (or a club night) as a plate of lines, place, name and figures, the
lines going on to the championship marked in gold above a gold rule. 720 pixels wide with type of 28 pixels
and more, like the bracket: 14 and more on a phone showing it 360 wide."""

from __future__ import annotations

from PIL import Image, ImageDraw

from . import palette, shapes
from .fonts import TextDraw, font, text_width
from .names import fit_name
from .png import draw_then_encode, felt_backdrop, with_felt
from .tournament_page import MARGIN, TEXT, WIDTH, draw_heading, header_height
from .tournament_scenes import StandingRow, StandingsScene, StandingsTable

SIZE = 30  # names and figures
ROW = SIZE + 16
TAG_ROW = TEXT + 6  # a line's tag ("by draw"), under its name
CELL = 84  # one figure's column, at least
PLACE = 48
TITLE = 32  # the pool's name
TITLE_ROW = TITLE + 18
HEADINGS = TEXT + 12
NOTE = TEXT + 16
SPACE = 18  # between tables


def draw_standings(scene: StandingsScene) -> Image.Image:
    """Draw a standings page."""
    tables = sum(_table_height(t) + SPACE for t in scene.tables)
    header = header_height(scene.subtitle) + 8
    height = header + tables + (TEXT + 12 if scene.footer else 0) + MARGIN
    img = felt_backdrop(WIDTH, height).image.copy()
    draw = TextDraw(img)
    draw_heading(draw, scene.title, scene.subtitle)
    y = header
    for table in scene.tables:
        _draw_table(img, draw, table, y)
        y += _table_height(table) + SPACE
    if scene.footer:
        draw.text(
            (MARGIN, y),
            fit_name(scene.footer, WIDTH - 2 * MARGIN, TEXT, True),
            font=font(TEXT, True),
            fill=palette.GOLD,
            anchor="lt",
        )
    return img


def render_standings(scene: StandingsScene) -> bytes:
    """A standings page as PNG bytes."""
    return draw_then_encode(with_felt(draw_standings), scene)


def _row_height(row: StandingRow) -> int:
    return ROW + (TAG_ROW if row.tag else 0)


def _table_height(table: StandingsTable) -> int:
    rows = sum(_row_height(row) for row in table.rows)
    return TITLE_ROW + HEADINGS + rows + (NOTE if table.note else 8)


def _cell(table: StandingsTable) -> int:
    """A figure's column: wide enough for the widest heading ("MARKS")."""
    widest = max((text_width(h.upper(), TEXT, True) for h in table.columns), default=0)
    return max(CELL, widest + 14)


def _draw_table(img: Image.Image, draw: TextDraw, table: StandingsTable, top: int) -> None:
    width = WIDTH - 2 * MARGIN
    shapes.paste(
        img,
        shapes.rounded_box(width, _table_height(table), 12, palette.PLATE, palette.PLATE_EDGE, 1),
        (MARGIN, top),
    )
    left, right = MARGIN + 14, MARGIN + width - 14
    draw.text(
        (left, top + 12),
        fit_name(table.title, width - 28, TITLE, True),
        font=font(TITLE, True),
        fill=palette.TEXT,
        anchor="lt",
    )
    y = top + TITLE_ROW
    cell = _cell(table)
    for k, heading in enumerate(reversed(table.columns)):
        draw.text(
            (right - k * cell, y + 4),
            heading.upper(),
            font=font(TEXT, True),
            fill=palette.TEXT_SOFT,
            anchor="rt",
        )
    y += HEADINGS
    lines = ImageDraw.Draw(img)
    for at, row in enumerate(table.rows):
        if at and table.rows[at - 1].marked and not row.marked:
            lines.line([(left, y), (right, y)], fill=palette.GOLD, width=2)  # who goes on, above the rule
        _draw_row(draw, row, left, right - len(table.columns) * cell, y, cell)
        y += _row_height(row)
    if table.note:
        draw.text(
            (left, y + 6),
            fit_name(table.note, width - 28, TEXT),
            font=font(TEXT),
            fill=palette.TEXT_SOFT,
            anchor="lt",
        )


def _draw_row(draw: TextDraw, row: StandingRow, left: int, figures: int, y: int, cell: int) -> None:
    """A line: the place, the name (its tag, if any, on a line of its own under it: a name and "by draw"
    side by side would not both fit at this size), and the figures in columns ending at the right."""
    middle = y + ROW // 2
    place_colour = palette.GOLD if row.marked else palette.TEXT_SOFT
    draw.text((left, middle), str(row.place), font=font(SIZE, True), fill=place_colour, anchor="lm")
    for k, figure in enumerate(row.cells):
        draw.text(
            (figures + (k + 1) * cell, middle),
            figure,
            font=font(SIZE, k == 0),
            fill=palette.TEXT,
            anchor="rm",
        )
    room = figures - (left + PLACE) - 8
    name_colour = palette.COMPUTER if row.computer else palette.TEXT
    draw.text(
        (left + PLACE, middle),
        fit_name(row.name, room, SIZE, row.marked),
        font=font(SIZE, row.marked),
        fill=name_colour,
        anchor="lm",
    )
    if row.tag:
        draw.text(
            (left + PLACE, y + ROW + TAG_ROW // 2 - 4),
            fit_name(row.tag, room, TEXT),
            font=font(TEXT),
            fill=palette.TEXT_SOFT,
            anchor="lm",
        )
