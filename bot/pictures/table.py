"""The public table, drawn for a phone: whose turn it is along the top, the seats around the felt with the
auction or the trick in progress, and below them the board: the score, the bid and contract, and the last
trick with its players' names.

A phone shows a picture at the chat's width, about 360 pixels: this one is 720 wide and writes nothing
smaller than `SMALLEST_TEXT` (28 pixels, 14 on the phone). Seat 0 (North) is at the top and seats go
clockwise in playing order: with four, East to the right, South at the bottom, West to the left; three, six
and eight seats spread the same way. Each seat's tile in the trick (or its call in the auction) lies between
its name plate and the middle of the table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from . import palette, shapes
from .board import MARGIN, SMALLEST_TEXT, STATUS_H, WIDTH, board_height, draw_board, draw_status
from .chips import PASS, call_pill_width, draw_call
from .fonts import TextDraw, font, text_width
from .names import display_name, fit_name, seat_label, short_label
from .png import Backdrop, draw_then_encode, felt, make_backdrop
from .scenes import SeatInfo, TableScene
from .tile import SceneTile, place_tile, read_tile, tile_box

TRICK_TILE = 46
CHIP = 24  # the dealer's button, beyond what it overlaps of its plate (it is CHIP + 12 across)
CALL_SIZE = 30  # the auction's call pills: text size
NAME_SIZE = 30
TAG_SIZE = SMALLEST_TEXT
TURN_WORDS = {"auction": "to bid", "contract": "to declare", "exchange": "to exchange", "play": "to play"}


Offset = tuple[int, int]  # from the middle of the table: across, down


@dataclass(frozen=True)
class Ring:
    """How a table of some number of seats is laid out: the height of its round part, the size of the
    seats' plates and of the auction's call pills, and where (from the middle) each seat's plate, trick tile
    and call lie. Offsets are given for the seats from the top clockwise to the bottom; the seats on the left
    mirror those on the right."""

    height: int
    plate: tuple[int, int]  # width, height
    call_width: int
    plates: tuple[Offset, ...]
    tiles: tuple[Offset, ...]
    calls: tuple[Offset, ...]

    def offsets(self, seats: int) -> list[tuple[Offset, Offset, Offset]]:
        """(plate, tile, call) offsets of every seat in playing order."""
        spots = []
        for seat in range(seats):
            right = min(seat, seats - seat)  # the seat on the right this one mirrors (itself on the right)
            flip = -1 if seat > seats - seat else 1
            plate, tile, call = (self.plates[right], self.tiles[right], self.calls[right])
            spots.append(((flip * plate[0], plate[1]), (flip * tile[0], tile[1]), (flip * call[0], call[1])))
        return spots


# Laid out by hand so that no plate, tile, call or dealer's button touches another (a test checks).
RINGS: dict[int, Ring] = {
    3: Ring(450, (200, 80), 124, ((0, -169), (234, 88)), ((0, -76), (73, 42)), ((0, -96), (66, 48))),
    4: Ring(
        440,
        (196, 80),
        124,
        ((0, -164), (236, 0), (0, 164)),
        ((0, -72), (78, 0), (0, 72)),
        ((0, -90), (68, 0), (0, 90)),
    ),
    6: Ring(
        580,
        (196, 80),
        124,
        ((0, -234), (234, -121), (234, 121), (0, 234)),
        ((0, -100), (95, -50), (95, 50), (0, 100)),
        ((0, -104), (87, -52), (87, 52), (0, 104)),
    ),
    8: Ring(
        640,
        (176, 80),
        126,
        ((0, -264), (200, -180), (246, 0), (200, 180), (0, 264)),
        ((0, -110), (70, -80), (106, 0), (70, 80), (0, 110)),
        ((0, -140), (110, -88), (88, 0), (110, 88), (0, 140)),
    ),
}


def ring_for(seats: int) -> Ring:
    """The layout of a table of ``seats``: the presets' 3, 4, 6 or 8 laid out by hand; any other count
    spread round an oval (drawn, but not kept clear of crowding)."""
    if seats in RINGS:
        return RINGS[seats]
    half = [-90 + 360 * i / seats for i in range(seats // 2 + 1)]

    def oval(across: int, down: int) -> tuple[Offset, ...]:
        return tuple(
            (round(across * math.cos(math.radians(a))), round(down * math.sin(math.radians(a)))) for a in half
        )

    return Ring(660, (176, 80), 120, oval(246, 274), oval(110, 120), oval(110, 150))


@dataclass(frozen=True)
class SeatSpot:
    """Where a seat's plate, its trick tile and its auction call go (centres), and its plate's box."""

    plate: tuple[int, int]  # centre of the name plate
    tile: tuple[int, int]  # centre of the tile it plays
    vertical: bool
    call: tuple[int, int] = (0, 0)  # centre of its call in the auction
    plate_box: tuple[int, int, int, int] = (0, 0, 0, 0)  # left, top, right, bottom

    def chip_box(self) -> tuple[int, int, int, int]:
        """Where the dealer's button goes: on the plate's outer top corner."""
        left, top, right, _ = self.plate_box
        x = left - 12 if self.plate[0] < WIDTH // 2 else right - CHIP
        return x, top - 16, x + CHIP + 12, top - 16 + CHIP + 12


def round_box(seats: int) -> tuple[int, int, int, int]:
    """The round part of the table (left, top, right, bottom): the seats and the trick or the auction; the
    board lies below it."""
    return 0, STATUS_H, WIDTH, STATUS_H + ring_for(seats).height


def middle(seats: int) -> tuple[int, int]:
    """The middle of the table, where the tricks are played."""
    return WIDTH // 2, STATUS_H + ring_for(seats).height // 2


@lru_cache(maxsize=8)
def seat_spots(seats: int) -> tuple[SeatSpot, ...]:
    """Plate, tile and call positions for a table of ``seats``."""
    ring = ring_for(seats)
    cx, cy = middle(seats)
    w, h = ring.plate
    spots = []
    for (px, py), (tx, ty), (kx, ky) in ring.offsets(seats):
        spots.append(
            SeatSpot(
                plate=(cx + px, cy + py),
                tile=(cx + tx, cy + ty),
                vertical=abs(tx) <= abs(ty),  # tiles point at their player: upright at top and bottom
                call=(cx + kx, cy + ky),
                plate_box=(cx + px - w // 2, cy + py - h // 2, cx + px + w // 2, cy + py + h // 2),
            )
        )
    return tuple(spots)


def picture_height(scene: TableScene) -> int:
    """The picture's height: the status line, the round table and the board below it."""
    return STATUS_H + ring_for(len(scene.seats)).height + board_height(scene) + MARGIN


def draw_table(scene: TableScene) -> Image.Image:
    """Draw the table scene as an RGB image."""
    seats = len(scene.seats)
    img = _background(seats, picture_height(scene)).image.copy()
    draw = TextDraw(img)
    spots = seat_spots(seats)
    draw_status(draw, scene)
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
    draw_board(img, draw, scene, round_box(seats)[3])
    return img


def render_table(scene: TableScene) -> bytes:
    """The public table as PNG bytes."""
    return draw_then_encode(_drawn, scene)


def _drawn(scene: TableScene) -> tuple[Image.Image, Backdrop]:
    return draw_table(scene), _background(len(scene.seats), picture_height(scene))


@lru_cache(maxsize=16)
def _background(seats: int, height: int) -> Backdrop:
    """The felt with the table's inlaid ring and the board's panel: the part of the picture that never
    changes for a table of this shape."""
    img = felt(WIDTH, height)
    cx, cy = middle(seats)
    ring = ring_for(seats)
    across = min(WIDTH - 2 * ring.plate[0] - 40, ring.height - 2 * ring.plate[1] - 20)
    shapes.paste(
        img,
        shapes.ring(across, across, palette.FELT_CENTRE, (52, 138, 96), 2),
        (cx - across // 2, cy - across // 2),
    )
    top = STATUS_H + ring.height
    panel = shapes.rounded_box(
        WIDTH - 2 * MARGIN + 8, height - top - MARGIN + 6, 16, palette.PLATE, palette.PLATE_EDGE, 1
    )
    shapes.paste(img, panel, (MARGIN - 4, top))
    return make_backdrop(img)


def _draw_seat(
    img: Image.Image, draw: TextDraw, scene: TableScene, seat: int, info: SeatInfo, spot: SeatSpot, led: bool
) -> None:
    """A seat's name plate: the name, its tags, the dealer's button and a gold rim on the player to move."""
    left, top, right, bottom = spot.plate_box
    width, px = right - left, spot.plate[0]
    turn = scene.turn == seat
    sitting_out = scene.is_out(seat)
    edge = palette.GOLD if turn else palette.PLATE_EDGE
    plate = shapes.rounded_box(width, bottom - top, 14, palette.PLATE, edge, 3 if turn else 1)
    shapes.paste(img, plate, (left, top))
    name_colour = palette.TEXT_SOFT if sitting_out or info.away else palette.TEXT
    draw.text(
        (px, top + 35),
        fit_name(display_name(info, seat), width - (56 if scene.dealer == seat else 20), NAME_SIZE, True),
        font=font(NAME_SIZE, True),
        fill=name_colour,
        anchor="ms",
    )
    doing = TURN_WORDS.get(scene.phase, "to play") if turn else ""
    tags = [t for t, on in (("led", led), ("away", info.away), ("sits out", sitting_out)) if on]
    tags += [doing] if doing else []
    tags += ["computer"] if info.computer else []
    _draw_tags(draw, px, top + 70, _fitting_tags(info, seat, tags, width - 14, doing), doing)
    if scene.dealer == seat:
        x0, y0, x1, y1 = spot.chip_box()
        shapes.paste(img, shapes.disc(x1 - x0, palette.CHIP, (150, 150, 140), 1), (x0, y0))
        draw.text(
            ((x0 + x1) // 2, (y0 + y1) // 2 + 1),
            "D",
            font=font(SMALLEST_TEXT, True),
            fill=palette.TEXT_DARK,
            anchor="mm",
        )


def _fitting_tags(info: SeatInfo, seat: int, tags: list[str], room: int, gold: str) -> list[str]:
    """The plate's second line, as much as fits: the seat's place, written short ("NE") when the line is
    full, then what is special about the seat; the computer's tag goes first, then the seat's place."""
    for place in (seat_label(info, seat), short_label(info, seat)):
        if _tags_width([place, *tags], gold) <= room:
            return [place, *tags]
    if "computer" in tags and _tags_width([short_label(info, seat), *tags[:-1]], gold) <= room:
        return [short_label(info, seat), *tags[:-1]]
    return [t for t in tags if t != "computer"] or [short_label(info, seat)]


def _draw_tags(draw: TextDraw, cx: int, y: int, tags: list[str], gold: str) -> None:
    """The plate's second line, centred: the turn's words in gold, "computer" in its colour."""
    sep = " · "
    total = _tags_width(tags, gold)
    x = cx - total // 2
    for i, tag in enumerate(tags):
        colour = {"computer": palette.COMPUTER, gold: palette.GOLD, "led": palette.TEXT}.get(
            tag, palette.TEXT_SOFT
        )
        if i:
            draw.text((x, y), sep, font=font(TAG_SIZE), fill=palette.TEXT_SOFT, anchor="ls")
            x += text_width(sep, TAG_SIZE)
        draw.text((x, y), tag, font=font(TAG_SIZE, tag == gold), fill=colour, anchor="ls")
        x += text_width(tag, TAG_SIZE, tag == gold)


def _tags_width(tags: list[str], gold: str) -> int:
    return sum(text_width(t, TAG_SIZE, t == gold) for t in tags) + text_width(" · ", TAG_SIZE) * (
        len(tags) - 1
    )


def _draw_calls(img: Image.Image, draw: TextDraw, scene: TableScene, spots: tuple[SeatSpot, ...]) -> None:
    """The auction: each seat's latest call in front of it, the high bid ringed, the seat to call in gold."""
    calls = [scene.calls[s] if s < len(scene.calls) else None for s in range(len(spots))]
    most = ring_for(len(spots)).call_width
    width = min(most, max(most - 24, *(call_pill_width(c, CALL_SIZE) for c in calls)))
    for seat, spot in enumerate(spots):
        call = calls[seat]
        high = seat == scene.bidder and call not in (None, PASS)
        draw_call(
            img,
            draw,
            spot.call,
            call,
            size=CALL_SIZE,
            width=width,
            high=high,
            turn=seat == scene.turn,
            smallest=SMALLEST_TEXT,
        )


def _draw_trick_tile(img: Image.Image, draw: TextDraw, tile: SceneTile, spot: SeatSpot) -> None:
    """The tile a seat played to this trick, in front of it, with the suit it declared (if any) beside."""
    w, h = tile_box(TRICK_TILE, spot.vertical)
    x, y = spot.tile[0] - w // 2, spot.tile[1] - h // 2
    place_tile(img, tile, TRICK_TILE, spot.vertical, (x, y))
    if tile.declared is not None:
        label = f"{tile.declared}s led"
        draw.text(
            (x + w // 2, y + h + 4), label, font=font(SMALLEST_TEXT, True), fill=palette.GOLD, anchor="mt"
        )
