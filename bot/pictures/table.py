"""The public table: seats around the felt with the auction or the trick in progress, and a side board with
the score, the bid and contract, the last trick and whose turn it is.

Seat 0 (North) is at the top and seats go clockwise in playing order: with four, East to the right, South
at the bottom, West to the left; three, six and eight seats spread evenly the same way. Each seat's tile in
the trick (or its call in the auction) lies between its name plate and the middle of the table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from . import palette, shapes
from .chips import PASS, call_pill_width, draw_call
from .fonts import TextDraw, font, text_width, wrap
from .names import display_name, fit_name, seat_label, short_label
from .png import Backdrop, draw_then_encode, felt, make_backdrop
from .scenes import SeatInfo, TableScene, defenders_name, hand_notes, trick_order
from .scoreboard import draw_scores
from .tile import SceneTile, place_tile, read_tile, tile_box

WIDTH, HEIGHT = 990, 700
BOARD_LEFT = 700  # the side board starts here
PLATE_W, PLATE_H = 184, 62
TRICK_TILE = 52
LAST_TILE = 28
CALL_SIZE = 22  # the auction's call pills: text size

# Where seats sit, as angles in degrees (0 = right, 90 = bottom), clockwise from seat 0 at the top.
SEAT_ANGLES: dict[int, tuple[float, ...]] = {
    3: (-90, 30, 150),
    4: (-90, 0, 90, 180),
    6: (-90, -30, 30, 90, 150, 210),
    8: (-90, -45, 0, 45, 90, 135, 180, 225),
}
# How far from the middle (across, down) each seat's trick tile lies: the tiles gather in a tight rosette,
# flattened at eight seats so the side tiles keep clear of their plates.
TRICK_REACH: dict[int, tuple[int, int]] = {3: (100, 100), 4: (78, 78), 6: (120, 120), 8: (90, 130)}
# And each seat's call in the auction: a pill, wider than a tile is deep.
CALL_REACH: dict[int, tuple[int, int]] = {3: (95, 120), 4: (90, 120), 6: (95, 125), 8: (92, 135)}
TURN_WORDS = {"auction": "to bid", "contract": "to declare", "exchange": "to exchange", "play": "to play"}


@dataclass(frozen=True)
class SeatSpot:
    """Where a seat's plate, its trick tile and its auction call go (centres)."""

    plate: tuple[int, int]  # centre of the name plate
    tile: tuple[int, int]  # centre of the tile it plays
    vertical: bool
    call: tuple[int, int] = (0, 0)  # centre of its call in the auction


@lru_cache(maxsize=8)
def seat_spots(seats: int) -> tuple[SeatSpot, ...]:
    """Plate, tile and call positions for a table of ``seats`` (3, 4, 6 and 8 are laid out by hand)."""
    angles = SEAT_ANGLES.get(seats) or tuple(-90 + 360 * i / seats for i in range(seats))
    cx, cy = BOARD_LEFT // 2 + 4, HEIGHT // 2
    rx, ry = cx - 20 - PLATE_W // 2, HEIGHT // 2 - PLATE_H // 2 - 26
    tx, ty = TRICK_REACH.get(seats, (120, 120))
    kx, ky = CALL_REACH.get(seats, (95, 125))
    spots = []
    for angle in angles:
        c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        spots.append(
            SeatSpot(
                plate=(round(cx + rx * c), round(cy + ry * s)),
                tile=(round(cx + tx * c), round(cy + ty * s)),
                vertical=abs(c)
                < 0.8,  # tiles point at their player: upright at top and bottom, lying at the sides
                call=(round(cx + kx * c), round(cy + ky * s)),
            )
        )
    return tuple(spots)


def draw_table(scene: TableScene) -> Image.Image:
    """Draw the table scene as an RGB image."""
    img = _background().image.copy()
    draw = TextDraw(img)
    spots = seat_spots(len(scene.seats))
    leader = scene.trick_leader() if scene.trick and scene.phase != "auction" else None
    for seat, info in enumerate(scene.seats):
        _draw_seat(img, draw, scene, seat, info, spots[seat], seat == leader)
    if scene.phase == "auction":
        _draw_calls(img, draw, scene, spots)
    else:
        for seat, text in scene.trick.items():
            if 0 <= seat < len(spots):
                _draw_trick_tile(img, draw, read_tile(text), spots[seat])
        turn = scene.turn
        if scene.phase == "play" and turn is not None and 0 <= turn < len(spots) and turn not in scene.trick:
            # A faint gold outline where the player to move will lay their tile.
            spot = spots[turn]
            w, h = tile_box(TRICK_TILE, spot.vertical)
            ghost = shapes.rounded_box(w, h, max(4, TRICK_TILE // 7), None, palette.GOLD, 2)
            shapes.paste(img, ghost, (spot.tile[0] - w // 2, spot.tile[1] - h // 2))
    _draw_board(img, draw, scene)
    return img


def render_table(scene: TableScene) -> bytes:
    """The public table as PNG bytes."""
    return draw_then_encode(_drawn, scene)


def _drawn(scene: TableScene) -> tuple[Image.Image, Backdrop]:
    return draw_table(scene), _background()


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


def _draw_seat(
    img: Image.Image, draw: TextDraw, scene: TableScene, seat: int, info: SeatInfo, spot: SeatSpot, led: bool
) -> None:
    """A seat's name plate: the name, its tags, the dealer's button and a gold rim on the player to move."""
    px, py = spot.plate
    left, top = px - PLATE_W // 2, py - PLATE_H // 2
    turn = scene.turn == seat
    sitting_out = scene.is_out(seat)
    edge = palette.GOLD if turn else palette.PLATE_EDGE
    plate = shapes.rounded_box(PLATE_W, PLATE_H, 14, palette.PLATE, edge, 3 if turn else 1)
    shapes.paste(img, plate, (left, top))
    name_colour = palette.TEXT_SOFT if sitting_out or info.away else palette.TEXT
    name = display_name(info, seat)
    # A long name gets a smaller face before it gets an ellipsis.
    size = next((n for n in (26, 24, 21) if text_width(name, n, True) <= PLATE_W - 44), 21)
    draw.text(
        (px, top + 30),
        fit_name(name, PLATE_W - 44, size, True),
        font=font(size, True),
        fill=name_colour,
        anchor="ms",
    )
    tags = [seat_label(info, seat)]
    if info.computer:
        tags.append("computer")
    if info.away:
        tags.append("away")
    if sitting_out:
        tags.append("sits out")
    if led:
        tags.append("led")
    if turn:
        tags.append(TURN_WORDS.get(scene.phase, "to play"))
    _draw_tags(draw, px, top + 52, tags, {TURN_WORDS.get(scene.phase, "to play")} if turn else set())
    if scene.dealer == seat:
        chip = shapes.disc(30, palette.CHIP, (150, 150, 140), 1)
        shapes.paste(img, chip, (left + PLATE_W - 22, top - 10))
        draw.text(
            (left + PLATE_W - 7, top + 5), "D", font=font(18, True), fill=palette.TEXT_DARK, anchor="mm"
        )


def _draw_tags(draw: TextDraw, cx: int, y: int, tags: list[str], gold: set[str]) -> None:
    """The small second line on a plate: the seat's place at the table and what is special about it."""
    sep = " · "
    size = 18
    while True:
        total = sum(text_width(t, size, t in gold) for t in tags) + text_width(sep, size) * (len(tags) - 1)
        if total <= PLATE_W - 14 or (size <= 14 and len(tags) == 1):
            break
        if size > 14:
            size -= 1
        else:
            tags = tags[1:]  # the seat's place goes first: the plate's place on the table says it too
    x = cx - total // 2
    for i, tag in enumerate(tags):
        colour = palette.TEXT_SOFT
        if tag == "computer":
            colour = palette.COMPUTER
        elif tag in gold:
            colour = palette.GOLD
        elif tag == "led":
            colour = palette.TEXT
        if i:
            draw.text((x, y), sep, font=font(size), fill=palette.TEXT_SOFT, anchor="ls")
            x += text_width(sep, size)
        draw.text((x, y), tag, font=font(size, tag in gold), fill=colour, anchor="ls")
        x += text_width(tag, size, tag in gold)


def _draw_calls(img: Image.Image, draw: TextDraw, scene: TableScene, spots: tuple[SeatSpot, ...]) -> None:
    """The auction: each seat's latest call in front of it, the high bid ringed, the seat to call in gold."""
    calls = [scene.calls[s] if s < len(scene.calls) else None for s in range(len(spots))]
    width = min(124, max(96, *(call_pill_width(c, CALL_SIZE) for c in calls)))
    for seat, spot in enumerate(spots):
        call = calls[seat]
        high = seat == scene.bidder and call not in (None, PASS)
        draw_call(img, draw, spot.call, call, size=CALL_SIZE, width=width, high=high, turn=seat == scene.turn)


def _draw_trick_tile(img: Image.Image, draw: TextDraw, tile: SceneTile, spot: SeatSpot) -> None:
    """The tile a seat played to this trick, in front of it, with the suit it declared (if any) beside."""
    w, h = tile_box(TRICK_TILE, spot.vertical)
    x, y = spot.tile[0] - w // 2, spot.tile[1] - h // 2
    place_tile(img, tile, TRICK_TILE, spot.vertical, (x, y))
    if tile.declared is not None:
        label = f"{tile.declared}s led"
        draw.text((x + w // 2, y + h + 6), label, font=font(16, True), fill=palette.GOLD, anchor="mt")


def _draw_board(img: Image.Image, draw: TextDraw, scene: TableScene) -> None:
    """The side board: score, bid and contract, discards, the last trick, and why the hand stopped and
    whose turn it is at the bottom. Lower blocks give way when the board is full."""
    left = BOARD_LEFT + 26
    width = WIDTH - left - 32
    footer = _footer_lines(scene, width)
    floor = HEIGHT - 44 - sum(step for _, _, _, step in footer)
    y = draw_scores(
        img,
        draw,
        (left, 40),
        width,
        scene.team_names,
        scene.scores,
        scene.score_kind,
        scene.target,
        hand_notes(scene),
    )
    y += 14
    bid_heading = "High bid" if scene.phase == "auction" else "Bid"
    for label, value in ((bid_heading, scene.bid), ("Contract", scene.contract)):
        if label == "Contract" and scene.phase == "auction":
            continue
        draw.text((left, y), label.upper(), font=font(16, True), fill=palette.TEXT_SOFT, anchor="lt")
        y += 20
        for line in wrap(value or "—", width, 25, 2):
            draw.text((left, y), line, font=font(25, True), fill=palette.TEXT, anchor="lt")
            y += 30
        y += 8
    if (scene.face_up or scene.discard_points) and y + 96 <= floor:
        y = _draw_discards(img, draw, scene, left, y + 2, width) + 8
    last = scene.shown_last_trick()
    if last and y + 4 + _last_trick_height() <= floor:
        _draw_last_trick(img, draw, scene, last, left, y + 4, width)
    elif scene.stacked and scene.trick and scene.tricks_taken is not None and y + 50 <= floor:
        draw.text((left, y + 4), "FINISHED TRICKS", font=font(16, True), fill=palette.TEXT_SOFT, anchor="lt")
        draw.text((left, y + 26), "stacked face down", font=font(19), fill=palette.TEXT, anchor="lt")
    base = floor
    for text, size, colour, step in footer:
        draw.text((left, base), text, font=font(size, True), fill=colour, anchor="lt")
        base += step


def _footer_lines(scene: TableScene, width: int) -> list[tuple[str, int, tuple[int, int, int], int]]:
    """The board's bottom lines (text, size, colour, line step): why the hand stopped, then the status."""
    lines = [
        (line, 20, palette.SET, 26) for line in (wrap(scene.reason, width, 20, 2) if scene.reason else [])
    ]
    if scene.status:
        lines += [(line, 24, palette.GOLD, 30) for line in wrap(scene.status, width, 24, 2)]
    return lines


def _draw_discards(img: Image.Image, draw: TextDraw, scene: TableScene, left: int, y: int, width: int) -> int:
    """Seventy-two's widow discard: the trumps turned face up and the count scored at once."""
    draw.text((left, y), "DISCARDED", font=font(16, True), fill=palette.TEXT_SOFT, anchor="lt")
    y += 24
    x = left + 2
    for text in scene.face_up:
        place_tile(img, read_tile(text), 24, False, (x, y))
        x += 56
    if scene.face_up:
        draw.text((x + 2, y + 12), "face up", font=font(17), fill=palette.TEXT_SOFT, anchor="lm")
        y += 34
    if scene.discard_points:
        line = f"+{scene.discard_points} count to {defenders_name(scene)}"
        draw.text((left, y), fit_name(line, width, 19), font=font(19, True), fill=palette.COUNT, anchor="lt")
        y += 26
    return y


def _last_trick_height() -> int:
    return 26 + 2 * LAST_TILE + 34 + 48


def _draw_last_trick(
    img: Image.Image, draw: TextDraw, scene: TableScene, last: dict[int, str], left: int, y: int, width: int
) -> None:
    """The last completed trick in the order it was played, small, the winning tile ringed in gold, with
    who led it and who won it beneath."""
    draw.text((left, y), "LAST TRICK", font=font(16, True), fill=palette.TEXT_SOFT, anchor="lt")
    y += 26
    leader = scene.last_trick_leader()
    seats = trick_order(list(last), leader, len(scene.seats))
    step = min(LAST_TILE + 16, width // max(1, len(seats)))
    size = min(LAST_TILE, step - 6)
    for i, seat in enumerate(seats):
        tile = read_tile(last[seat])
        x = left + i * step + 4
        if seat == scene.last_winner:
            ring = shapes.rounded_box(size + 10, 2 * size + 10, 7, None, palette.GOLD, 3)
            shapes.paste(img, ring, (x - 5, y - 5))
        place_tile(img, tile, size, True, (x, y))
        info = scene.seats[seat] if 0 <= seat < len(scene.seats) else SeatInfo("")
        colour = palette.GOLD if seat == scene.last_winner else palette.TEXT_SOFT
        draw.text(
            (x + size // 2, y + 2 * size + 10),
            short_label(info, seat),
            font=font(15 if step < 36 else 16, True),
            fill=colour,
            anchor="mt",
        )
    y += 2 * LAST_TILE + 34
    for verb, who in (("led by", leader), ("won by", scene.last_winner)):
        if who is not None and 0 <= who < len(scene.seats):
            line = f"{verb} {display_name(scene.seats[who], who)}"
            draw.text((left, y), fit_name(line, width, 19), font=font(19), fill=palette.TEXT, anchor="lt")
            y += 24
