"""The public table: seats around the felt with the trick in progress, and a side board with the score,
the bid and contract, the last trick and whose turn it is.

Seat 0 (North) is at the top and seats go clockwise: East to the right, South at the bottom, West to
the left. Each seat's tile in the trick lies between its name plate and the middle of the table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from . import palette, shapes
from .felt import felt
from .fonts import fit, font, text_width
from .png import Backdrop, make_backdrop, to_png
from .scenes import SeatInfo, TableScene
from .scoreboard import draw_scores
from .seating import seat_name
from .serial import one_at_a_time
from .tile import SceneTile, place_tile, read_tile, tile_box

WIDTH, HEIGHT = 990, 700
BOARD_LEFT = 700  # the side board starts here
PLATE_W, PLATE_H = 184, 62
TRICK_TILE = 52
LAST_TILE = 28

# Where seats sit, as angles in degrees (0 = right, 90 = bottom), clockwise from seat 0 at the top.
SEAT_ANGLES: dict[int, tuple[float, ...]] = {
    3: (-90, 30, 150),
    4: (-90, 0, 90, 180),
    6: (-90, -30, 30, 90, 150, 210),
}
# How far from the middle each seat's trick tile lies: the tiles gather in a tight rosette.
TRICK_REACH = {3: 100, 4: 74, 6: 120}


@dataclass(frozen=True)
class SeatSpot:
    """Where a seat's plate and its trick tile go."""

    plate: tuple[int, int]  # centre of the name plate
    tile: tuple[int, int]  # centre of the tile it plays
    vertical: bool


@lru_cache(maxsize=8)
def seat_spots(seats: int) -> tuple[SeatSpot, ...]:
    """Plate and tile positions for a table of ``seats`` (any count; 3, 4 and 6 are the usual ones)."""
    angles = SEAT_ANGLES.get(seats) or tuple(-90 + 360 * i / seats for i in range(seats))
    cx, cy = BOARD_LEFT // 2 + 4, HEIGHT // 2
    rx, ry = cx - 20 - PLATE_W // 2, HEIGHT // 2 - PLATE_H // 2 - 26
    reach = TRICK_REACH.get(seats, 130)
    spots = []
    for angle in angles:
        c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        spots.append(SeatSpot(
            plate=(round(cx + rx * c), round(cy + ry * s)),
            tile=(round(cx + reach * c), round(cy + reach * s)),
            vertical=abs(c) < 0.8,  # tiles point at their player: upright at top and bottom, lying at the sides
        ))
    return tuple(spots)


def draw_table(scene: TableScene) -> Image.Image:
    """Draw the table scene as an RGB image."""
    img = _background().image.copy()
    draw = ImageDraw.Draw(img)
    spots = seat_spots(len(scene.seats))
    for seat, info in enumerate(scene.seats):
        _draw_seat(img, draw, scene, seat, info, spots[seat])
    for seat, text in scene.trick.items():
        if 0 <= seat < len(spots):
            _draw_trick_tile(img, draw, read_tile(text), spots[seat])
    if scene.turn is not None and 0 <= scene.turn < len(spots) and scene.turn not in scene.trick:
        # A faint gold outline where the player to move will lay their tile.
        spot = spots[scene.turn]
        w, h = tile_box(TRICK_TILE, spot.vertical)
        ghost = shapes.rounded_box(w, h, max(4, TRICK_TILE // 7), None, palette.GOLD, 2)
        shapes.paste(img, ghost, (spot.tile[0] - w // 2, spot.tile[1] - h // 2))
    _draw_board(img, draw, scene)
    return img


@one_at_a_time
def render_table(scene: TableScene) -> bytes:
    """The public table as PNG bytes."""
    return to_png(draw_table(scene), _background())


@lru_cache(maxsize=1)
def _background() -> Backdrop:
    """The felt with the side board's panel, the part of the picture that never changes."""
    img = felt(WIDTH, HEIGHT)
    # A faint inlaid ring marks the middle of the table, where the tricks are played.
    cx, cy = BOARD_LEFT // 2 + 4, HEIGHT // 2
    ring = shapes.ring(300, 300, palette.FELT_CENTRE, (52, 138, 96), 2)
    shapes.paste(img, ring, (cx - 150, cy - 150))
    panel = shapes.rounded_box(WIDTH - BOARD_LEFT - 22, HEIGHT - 44, 16, palette.PLATE, palette.PLATE_EDGE, 1)
    shapes.paste(img, panel, (BOARD_LEFT + 8, 22))
    return make_backdrop(img)


def _draw_seat(img: Image.Image, draw: ImageDraw.ImageDraw, scene: TableScene, seat: int, info: SeatInfo,
               spot: SeatSpot) -> None:
    """A seat's name plate: the name, its tags, the dealer's button and a gold rim on the player to move."""
    px, py = spot.plate
    left, top = px - PLATE_W // 2, py - PLATE_H // 2
    turn = scene.turn == seat
    sitting_out = scene.out == seat
    edge = palette.GOLD if turn else palette.PLATE_EDGE
    plate = shapes.rounded_box(PLATE_W, PLATE_H, 14, palette.PLATE, edge, 3 if turn else 1)
    shapes.paste(img, plate, (left, top))
    name_colour = palette.TEXT_SOFT if sitting_out or info.away else palette.TEXT
    # A long name gets a smaller face before it gets an ellipsis.
    size = next((n for n in (26, 24, 21) if text_width(info.name, n, True) <= PLATE_W - 44), 21)
    draw.text((px, top + 30), fit(info.name, PLATE_W - 44, size, True), font=font(size, True), fill=name_colour,
              anchor="ms")
    tags = [seat_name(len(scene.seats), seat)]
    if info.computer:
        tags.append("computer")
    if info.away:
        tags.append("away")
    if sitting_out:
        tags.append("sits out")
    if turn:
        tags.append("to play")
    _draw_tags(draw, px, top + 52, tags)
    if scene.dealer == seat:
        chip = shapes.disc(30, palette.CHIP, (150, 150, 140), 1)
        shapes.paste(img, chip, (left + PLATE_W - 22, top - 10))
        draw.text((left + PLATE_W - 7, top + 5), "D", font=font(18, True), fill=palette.TEXT_DARK, anchor="mm")


def _draw_tags(draw: ImageDraw.ImageDraw, cx: int, y: int, tags: list[str]) -> None:
    """The small second line on a plate: the seat's compass name and what is special about it."""
    sep = " · "
    size = 18
    while True:
        total = sum(text_width(t, size, t == "to play") for t in tags) + text_width(sep, size) * (len(tags) - 1)
        if total <= PLATE_W - 14 or (size <= 14 and len(tags) == 1):
            break
        if size > 14:
            size -= 1
        else:
            tags = tags[1:]  # the compass name goes first: the plate's place on the table says it too
    x = cx - total // 2
    for i, tag in enumerate(tags):
        colour = palette.TEXT_SOFT
        if tag == "computer":
            colour = palette.COMPUTER
        elif tag == "to play":
            colour = palette.GOLD
        if i:
            draw.text((x, y), sep, font=font(size), fill=palette.TEXT_SOFT, anchor="ls")
            x += text_width(sep, size)
        draw.text((x, y), tag, font=font(size, tag == "to play"), fill=colour, anchor="ls")
        x += text_width(tag, size, tag == "to play")


def _draw_trick_tile(img: Image.Image, draw: ImageDraw.ImageDraw, tile: SceneTile, spot: SeatSpot) -> None:
    """The tile a seat played to this trick, in front of it, with the suit it declared (if any) beside."""
    w, h = tile_box(TRICK_TILE, spot.vertical)
    x, y = spot.tile[0] - w // 2, spot.tile[1] - h // 2
    place_tile(img, tile, TRICK_TILE, spot.vertical, (x, y))
    if tile.declared is not None:
        label = f"{tile.declared}s led"
        draw.text((x + w // 2, y + h + 6), label, font=font(16, True), fill=palette.GOLD, anchor="mt")


def _draw_board(img: Image.Image, draw: ImageDraw.ImageDraw, scene: TableScene) -> None:
    """The side board: score, bid and contract, the last trick, and the status line."""
    left = BOARD_LEFT + 26
    width = WIDTH - left - 32
    y = draw_scores(img, draw, (left, 40), width, scene.team_names, scene.scores, scene.score_kind, scene.target,
                    scene.hand_points)
    y += 14
    for label, value in (("Bid", scene.bid), ("Contract", scene.contract)):
        draw.text((left, y), label.upper(), font=font(16, True), fill=palette.TEXT_SOFT, anchor="lt")
        y += 20
        for line in _wrap(value or "—", width, 25, 2):
            draw.text((left, y), line, font=font(25, True), fill=palette.TEXT, anchor="lt")
            y += 30
        y += 8
    if scene.last_trick:
        _draw_last_trick(img, draw, scene, left, y + 4, width)
    if scene.status:
        lines = _wrap(scene.status, width, 24, 2)
        base = HEIGHT - 50 - 30 * (len(lines) - 1)
        for line in lines:
            draw.text((left, base), line, font=font(24, True), fill=palette.GOLD, anchor="lt")
            base += 30


def _draw_last_trick(img: Image.Image, draw: ImageDraw.ImageDraw, scene: TableScene, left: int, y: int,
                     width: int) -> None:
    """The last completed trick in seat order, small, with the winning tile ringed in gold."""
    draw.text((left, y), "LAST TRICK", font=font(16, True), fill=palette.TEXT_SOFT, anchor="lt")
    y += 26
    seats = sorted(scene.last_trick)
    step = min(LAST_TILE + 16, width // max(1, len(seats)))
    for i, seat in enumerate(seats):
        tile = read_tile(scene.last_trick[seat])
        x = left + i * step + 4
        if seat == scene.last_winner:
            ring = shapes.rounded_box(LAST_TILE + 10, 2 * LAST_TILE + 10, 7, None, palette.GOLD, 3)
            shapes.paste(img, ring, (x - 5, y - 5))
        place_tile(img, tile, LAST_TILE, True, (x, y))
        initials = _initials(len(scene.seats), seat)
        colour = palette.GOLD if seat == scene.last_winner else palette.TEXT_SOFT
        draw.text((x + LAST_TILE // 2, y + 2 * LAST_TILE + 10), initials, font=font(16, True), fill=colour,
                  anchor="mt")
    if scene.last_winner is not None and 0 <= scene.last_winner < len(scene.seats):
        won = f"won by {scene.seats[scene.last_winner].name}"
        draw.text((left, y + 2 * LAST_TILE + 34), fit(won, width, 19), font=font(19), fill=palette.TEXT, anchor="lt")


def _initials(seats: int, seat: int) -> str:
    """N, NE, SE… — short enough to sit under a small tile."""
    name = seat_name(seats, seat)
    if name.startswith("Seat"):
        return str(seat + 1)
    return name[0] + ("E" if "east" in name[1:] else "W" if "west" in name[1:] else "")


def _wrap(text: str, width: int, size: int, most: int) -> list[str]:
    """Break ``text`` into at most ``most`` lines that fit ``width`` at ``size`` (bold); an ellipsis ends a cut."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and text_width(trial, size, True) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    if len(lines) > most:
        lines = lines[: most - 1] + [fit(" ".join(lines[most - 1 :]), width, size, True)]
    return [fit(ln, width, size, True) for ln in lines] or [""]
