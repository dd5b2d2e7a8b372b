"""A tournament's bracket as a picture, sized for a phone: 720 pixels wide, two rounds side by side (more wrap
onto bands below, each band a round and the round after it), every word set at 28 pixels or more, so that
it reads at 14 pixels and more when a phone shows the picture 360 pixels wide.

Each match is a plate of two lines, the winner's bright with its score in gold, the loser's soft, a side
still to come in small letters saying what will fill it ("winner W1-3"); an open match is ringed in gold, a
bye drawn as an outline. Lines join a match to the matches of the round before whose winners it takes.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import palette, shapes
from .fonts import TextDraw, font, text_width
from .names import fit_name
from .png import draw_then_encode, felt_backdrop, with_felt
from .tournament_page import MARGIN, TEXT, WIDTH, draw_heading, header_height
from .tournament_scenes import OPEN, PASSED, BracketColumn, BracketScene, MatchBox, SideLine

ACROSS = 2  # rounds side by side in a band: two names and scores of 28-pixel type across 720 pixels
GAP = 24  # between rounds, where the joining lines run
NAME = 30  # a team's name and its score
LINE = 44  # one side of a match
BOX = 2 * LINE + 2
LABEL = TEXT + 6  # the match id above its plate
PITCH = LABEL + BOX + 10
HEADING = TEXT + 10  # a round's heading row
SECTION = 30  # a bracket's title ("WINNERS' BRACKET") over its first band
SECTION_ROW = SECTION + 18
WINNER = 30  # the champion's line under the heading
WINNER_ROW = WINNER + 10
FOOTER_ROW = TEXT + 12
TALLEST = 2 * WIDTH  # a page about a phone screen's shape: shown whole, it still fills the phone's width


@dataclass(frozen=True)
class _Placed:
    box: MatchBox
    x: int
    y: int  # top of the plate (the label sits above it)
    width: int


def page_height(scene: BracketScene) -> int:
    """How tall the picture of ``scene`` is (the scene builder splits a bracket into pages by it)."""
    return _height(scene, _bands(scene))


def _height(scene: BracketScene, bands: list[_Band]) -> int:
    return (
        _header_height(scene) + sum(band[3] for band in bands) + MARGIN + (FOOTER_ROW if scene.footer else 0)
    )


def draw_bracket(scene: BracketScene) -> Image.Image:
    """Draw a bracket page."""
    header, bands = _header_height(scene), _bands(scene)
    height = _height(scene, bands)
    img = felt_backdrop(WIDTH, height).image.copy()
    draw = TextDraw(img)
    lines = ImageDraw.Draw(img)
    _draw_header(draw, scene)
    y = header
    for title, rounds, headings, band_height in bands:
        if title:
            title = fit_name(title.upper(), WIDTH - 2 * MARGIN, SECTION, True)
            draw.text((MARGIN, y + 8), title, font=font(SECTION, True), fill=palette.TEXT, anchor="lt")
        _draw_band(img, draw, lines, rounds, y, headings)
        y += band_height
    if scene.footer:
        draw.text(
            (MARGIN, y + 4),
            fit_name(scene.footer, WIDTH - 2 * MARGIN, TEXT),
            font=font(TEXT),
            fill=palette.TEXT_SOFT,
            anchor="lt",
        )
    return img


def render_bracket(scene: BracketScene) -> bytes:
    """A bracket page as PNG bytes."""
    return draw_then_encode(with_felt(draw_bracket), scene)


def _header_height(scene: BracketScene) -> int:
    return header_height(scene.subtitle) + WINNER_ROW * len(scene.winners) + 6


def _draw_header(draw: TextDraw, scene: BracketScene) -> None:
    draw_heading(draw, scene.title, scene.subtitle)
    for k, line in enumerate(scene.winners):
        draw.text(
            (MARGIN, header_height(scene.subtitle) + WINNER_ROW * k),
            fit_name(line, WIDTH - 2 * MARGIN, WINNER, True),
            font=font(WINNER, True),
            fill=palette.GOLD,
            anchor="lt",
        )


# ---------------------------------------------------------------------- layout
_Band = tuple[str, list[tuple[str, list[_Placed]]], int, int]


def _bands(scene: BracketScene) -> list[_Band]:
    """Each section's rounds in bands of at most ``ACROSS``: (section title on its first band, the rounds
    with their plates placed from the band's top, where the round headings go, the band's height)."""
    across = min(ACROSS, max((len(s.columns) for s in scene.sections), default=1))
    width = (WIDTH - 2 * MARGIN - (across - 1) * GAP) // across  # fewer rounds, wider plates
    bands = []
    for section in scene.sections:
        for start in range(0, len(section.columns), ACROSS):
            columns = section.columns[start : start + ACROSS]
            title = section.title if start == 0 else ""
            top = SECTION_ROW if title else 8
            headed = any(c.title for c in columns)
            placed, bottom = _place(columns, top + (HEADING if headed else 0), width)
            rounds = [(c.title, p) for c, p in zip(columns, placed, strict=True)]
            bands.append((title, rounds, top, bottom + 6))
    return bands


def _place(columns: tuple[BracketColumn, ...], top: int, width: int) -> tuple[list[list[_Placed]], int]:
    """Plates down each round: a match sits level with the matches that feed it (between two, beside one),
    else under the match above; never overlapping."""
    placed: list[list[_Placed]] = []
    centres: dict[str, float] = {}
    bottom = top
    for k, column in enumerate(columns):
        x = MARGIN + k * (width + GAP)
        here: list[_Placed] = []
        free = float(top)
        previous = centres
        centres = {}
        for box in column.matches:
            feeders = [previous[f] for f in box.fed_by if f in previous]
            want = sum(feeders) / len(feeders) if feeders else free + PITCH / 2
            centre = max(want, free + PITCH / 2)
            centres[box.id] = centre
            free = centre + PITCH / 2
            here.append(_Placed(box, x, round(centre - PITCH / 2 + LABEL), width))
        placed.append(here)
        bottom = max(bottom, round(free))
    return placed, bottom


# ---------------------------------------------------------------------- drawing
def _draw_band(
    img: Image.Image,
    draw: TextDraw,
    lines: ImageDraw.ImageDraw,
    rounds: list[tuple[str, list[_Placed]]],
    y: int,
    headings: int,
) -> None:
    """One band: each round's heading, the lines from the round before, the plates."""
    previous: dict[str, _Placed] = {}
    for title, placed in rounds:
        if not placed:
            continue
        draw.text(
            (placed[0].x + 2, y + headings),
            fit_name(title.upper(), placed[0].width, TEXT, True),
            font=font(TEXT, True),
            fill=palette.TEXT_SOFT,
            anchor="lt",
        )
        for spot in placed:
            _join(lines, spot, previous, y)
            _draw_box(img, draw, spot, y)
        previous = {spot.box.id: spot for spot in placed}


def _join(lines: ImageDraw.ImageDraw, spot: _Placed, previous: dict[str, _Placed], y: int) -> None:
    """Lines from the plates of the round before into this one, each to the side it fills."""
    for side, feeder_id in enumerate(spot.box.fed_by):
        feeder = previous.get(feeder_id)
        if feeder is None:
            continue
        start = (feeder.x + feeder.width, y + feeder.y + BOX // 2)
        end_y = y + spot.y + LINE // 2 + side * (LINE + 2)
        middle = feeder.x + feeder.width + GAP // 2
        colour = palette.PLATE_EDGE
        lines.line([start, (middle, start[1]), (middle, end_y), (spot.x, end_y)], fill=colour, width=2)


def _draw_box(img: Image.Image, draw: TextDraw, spot: _Placed, y: int) -> None:
    box, width = spot.box, spot.width
    top = y + spot.y
    if box.state == PASSED:
        plate = shapes.rounded_box(width, BOX, 8, None, palette.PLATE_EDGE, 1)
    elif box.state == OPEN:
        plate = shapes.rounded_box(width, BOX, 8, palette.PLATE, palette.GOLD, 2)
    else:
        plate = shapes.rounded_box(width, BOX, 8, palette.PLATE, palette.PLATE_EDGE, 1)
    shapes.paste(img, plate, (spot.x, top))
    draw.text(
        (spot.x + 3, top - LABEL + 1), box.id, font=font(TEXT, True), fill=palette.TEXT_SOFT, anchor="lt"
    )
    ImageDraw.Draw(img).line(
        [(spot.x + 8, top + LINE + 1), (spot.x + width - 8, top + LINE + 1)], fill=palette.PLATE_EDGE, width=1
    )
    for k, side in enumerate((box.top, box.bottom)):
        _draw_side(draw, side, spot.x, top + k * (LINE + 2), width)


def _draw_side(draw: TextDraw, side: SideLine, x: int, top: int, width: int) -> None:
    """One side's line: the name (the winner's bright, the loser's soft), the score at the right (the
    winner's in gold); a side still to come in soft letters a little smaller."""
    middle = top + LINE // 2 + 1
    room = width - 18
    if side.score:
        colour = palette.GOLD if side.won else palette.TEXT_SOFT if side.lost else palette.TEXT
        draw.text((x + width - 9, middle), side.score, font=font(NAME, True), fill=colour, anchor="rm")
        room -= text_width(side.score, NAME, True) + 8
    if not side.known:
        draw.text(
            (x + 9, middle),
            fit_name(side.name, room, TEXT),
            font=font(TEXT),
            fill=palette.TEXT_SOFT,
            anchor="lm",
        )
        return
    colour = palette.TEXT_SOFT if side.lost else palette.TEXT
    draw.text((x + 9, middle), fit_name(side.name, room, NAME), font=font(NAME), fill=colour, anchor="lm")
