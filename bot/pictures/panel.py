"""A player's panel for their private message: the one picture they follow the whole game from on a phone.

From the top: whose hand and what is being played for, the score, the auction (each seat's call) or the
trick in progress in the order it is played with its leader, the last trick with who led and who won it,
and the player's own tiles, lit on their turn. Narrow (720 pixels) and tall rather than wide: a phone
shows a picture at the chat's width (about 360 pixels), so nothing is written under `SMALLEST` (28 pixels, 14
there).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

from . import palette, shapes
from .chips import PASS, draw_call
from .fonts import TextDraw, font, phone_size, text_width, wrap
from .names import display_name, fit_name, short_label
from .png import draw_then_encode, felt_backdrop, with_felt
from .rack import (
    RackType,
    TileSlot,
    draw_legend,
    draw_rack,
    order_hand,
    rack_legend,
    rack_lift,
    rack_name_size,
    rack_width,
)
from .scenes import PanelScene, TableScene, defenders_name, hand_notes, trick_order
from .scoreboard import signed
from .tile import place_tile, read_tile, tile_box

WIDTH = 720
MARGIN = 28
INNER = WIDTH - 2 * MARGIN
SMALLEST = phone_size(WIDTH)  # 28
VALUE = SMALLEST + 2  # names and numbers
HAND_TILE = 72  # the largest tile in the player's rack
ONE_ROW = 8  # more tiles than this are racked in two rows
TRICK_SLOT = 166  # the widest slot a seat gets in the trick row
NARROWEST_SLOT = 132  # a trick row with narrower slots than this goes on two rows
LAST_TILE = 28
RACK_TYPE = RackType(SMALLEST, SMALLEST, SMALLEST)

Section = tuple[int, Callable[[Image.Image, TextDraw, int], None]]


@dataclass(frozen=True)
class PanelLayout:
    """Where the panel put things, so tests (and anyone) can check the pixels there."""

    trick: dict[int, tuple[int, int, int, int]]  # seat -> box of its tile (or call) in the trick row
    last: dict[int, tuple[int, int, int, int]]  # seat -> box of its tile in the last trick
    hand: list[TileSlot]


def draw_panel(scene: PanelScene) -> tuple[Image.Image, PanelLayout]:
    """Draw the panel; return the picture and where its tiles went."""
    layout = PanelLayout({}, {}, [])
    sections = [
        _header(scene),
        _score(scene.table),
        _trick_row(scene, layout),
        _last_trick(scene.table, layout),
        _discards(scene.table),
        _rack(scene, layout),
        _footer(scene),
    ]
    sections = [s for s in sections if s[0] > 0]
    height = MARGIN + sum(h for h, _ in sections) + MARGIN - 8
    img = felt_backdrop(WIDTH, height).image.copy()
    draw = TextDraw(img)
    y = MARGIN
    for h, paint in sections:
        paint(img, draw, y)
        y += h
    return img, layout


def render_panel(scene: PanelScene) -> bytes:
    """A player's panel as PNG bytes."""
    return draw_then_encode(with_felt(lambda s: draw_panel(s)[0]), scene)


def _heading(draw: TextDraw, y: int, text: str, right: str = "") -> None:
    draw.text((MARGIN, y), text, font=font(SMALLEST, True), fill=palette.TEXT_SOFT, anchor="lt")
    if right:
        draw.text(
            (WIDTH - MARGIN, y),
            fit_name(right, INNER - text_width(text, SMALLEST, True) - 20, SMALLEST),
            font=font(SMALLEST),
            fill=palette.TEXT_SOFT,
            anchor="rt",
        )


def _header(scene: PanelScene) -> Section:
    """The hand's title, then the bid and contract (the high bid while the auction runs)."""
    table = scene.table
    if table.phase == "auction":
        facts = f"High bid: {table.bid}" if table.bid else "No bids yet"
    else:
        facts = " · ".join(x for x in (f"Bid {table.bid}" if table.bid else "", table.contract or "") if x)
    lines = wrap(facts, INNER, SMALLEST, 2) if facts else []  # a long bid and contract take two lines

    def paint(img: Image.Image, draw: TextDraw, y: int) -> None:
        draw.text(
            (MARGIN, y),
            fit_name(scene.hand.title or "Your hand", INNER, VALUE + 2, True),
            font=font(VALUE + 2, True),
            fill=palette.TEXT,
            anchor="lt",
        )
        for i, line in enumerate(lines):
            draw.text(
                (MARGIN, y + 42 + 34 * i),
                line,
                font=font(SMALLEST, True),
                fill=palette.TEXT_SOFT,
                anchor="lt",
            )

    return 52 + 34 * len(lines), paint


def _score(table: TableScene) -> Section:
    """Each side's score in one line (a true minus sign below zero), and this hand's points or tricks."""
    unit = "marks" if table.score_kind == "marks" else "points"
    notes = hand_notes(table)

    def paint(img: Image.Image, draw: TextDraw, y: int) -> None:
        plate = shapes.rounded_box(
            INNER, 56 if notes is None else 94, 12, palette.PLATE, palette.PLATE_EDGE, 1
        )
        shapes.paste(img, plate, (MARGIN, y))
        goal = f"{unit} to {table.target}"
        room = INNER - 32 - text_width(goal, SMALLEST) - 16
        teams = list(zip(table.team_names, table.scores, strict=False))
        share = room // max(1, len(teams))
        x = MARGIN + 16
        for team, (name, score) in enumerate(teams):
            number = signed(score)
            nw = text_width(number, VALUE + 2, True)
            label = fit_name(name, share - nw - 18, VALUE, True)
            draw.text((x, y + 12), label, font=font(VALUE, True), fill=palette.TEXT, anchor="lt")
            lx = x + text_width(label, VALUE, True) + 8
            draw.text(
                (lx, y + 10),
                number,
                font=font(VALUE + 2, True),
                fill=palette.SET if score < 0 else palette.GOLD,
                anchor="lt",
            )
            if notes is not None and team < len(notes):
                room = share - 8  # narrow (three sides, each alone): "hand: 18" before cutting
                short = notes[team].replace("this hand: ", "hand: ")
                note = (
                    notes[team]
                    if text_width(notes[team], SMALLEST) <= room
                    else fit_name(short, room, SMALLEST)
                )
                draw.text((x, y + 54), note, font=font(SMALLEST), fill=palette.TEXT_SOFT, anchor="lt")
            x += share
        draw.text(
            (WIDTH - MARGIN - 16, y + 14), goal, font=font(SMALLEST), fill=palette.TEXT_SOFT, anchor="rt"
        )

    return (66 if notes is None else 104), paint


def _trick_row(scene: PanelScene, layout: PanelLayout) -> Section:
    """The auction (each seat's call in calling order) or the trick in progress (in playing order from its
    leader, a gold slot for the seat to play, the seats yet to play left open)."""
    table = scene.table
    players = len(table.seats)
    auction = table.phase == "auction"
    if auction:
        order = [(table.dealer + 1 + i) % players for i in range(players)]
    else:
        start = table.trick_leader()
        if start is None:
            start = table.turn if table.turn is not None else (table.dealer + 1) % players
        order = [s for s in trick_order(list(range(players)), start, players) if not table.is_out(s)]
    if not order or (table.phase in ("contract", "exchange", "over") and not table.trick):
        return 0, lambda img, draw, y: None
    per_row = len(order) if INNER // len(order) >= NARROWEST_SLOT else -(-len(order) // 2)
    rows = [order[start : start + per_row] for start in range(0, len(order), per_row)]
    slot = min(TRICK_SLOT, INNER // per_row)
    size = 44
    body = VALUE + 16 if auction else 2 * size
    row_h = body + 8 + 2 * 34
    leader = None if auction else table.trick_leader()

    def paint(img: Image.Image, draw: TextDraw, y: int) -> None:
        right = ""
        if leader is not None and 0 <= leader < players:
            right = f"led by {display_name(table.seats[leader], leader)}"
        _heading(draw, y, "AUCTION" if auction else "THIS TRICK", right)
        for number, row in enumerate(rows):
            _trick_seats(img, draw, scene, layout, row, (slot, size, body), y + 36 + number * row_h)

    return 36 + row_h * len(rows) + 4, paint


def _trick_seats(
    img: Image.Image,
    draw: TextDraw,
    scene: PanelScene,
    layout: PanelLayout,
    seats: list[int],
    sizes: tuple[int, int, int],
    top: int,
) -> None:
    """One row of the trick (or the auction): each seat's tile, call or empty slot, its player beneath."""
    table = scene.table
    slot, size, body = sizes
    auction = table.phase == "auction"
    leader = None if auction else table.trick_leader()
    left = MARGIN + (INNER - slot * len(seats)) // 2
    for i, seat in enumerate(seats):
        cx = left + i * slot + slot // 2
        turn = seat == table.turn
        if auction:
            call = table.calls[seat] if seat < len(table.calls) else None
            high = seat == table.bidder and call not in (None, PASS)
            layout.trick[seat] = draw_call(
                img,
                draw,
                (cx, top + body // 2),
                call,
                size=VALUE,
                width=slot - 8,
                high=high,
                turn=turn,
                smallest=SMALLEST,
            )
        elif seat in table.trick:
            tile = read_tile(table.trick[seat])
            layout.trick[seat] = place_tile(img, tile, size, True, (cx - size // 2, top))
        else:
            w, h = tile_box(size, True)
            edge = palette.GOLD if turn else palette.PLATE_EDGE
            box = shapes.rounded_box(w, h, max(4, size // 7), None, edge, 2 if turn else 1)
            shapes.paste(img, box, (cx - w // 2, top))
        _seat_caption(draw, table, scene.seat, seat, (cx, top + body + 8), slot - 6, seat == leader, turn)


def _seat_caption(
    draw: TextDraw,
    table: TableScene,
    me: int,
    seat: int,
    xy: tuple[int, int],
    width: int,
    led: bool,
    turn: bool,
) -> None:
    """Under a seat's slot: its player ("You" for the panel's owner) and its place, "led" on the leader."""
    info = table.seats[seat]
    name = "You" if seat == me else display_name(info, seat)
    colour = palette.GOLD if turn else palette.TEXT
    draw.text(xy, fit_name(name, width, VALUE, True), font=font(VALUE, True), fill=colour, anchor="mt")
    tag = short_label(info, seat) + (" · led" if led else "")
    draw.text(
        (xy[0], xy[1] + 36),
        tag,
        font=font(SMALLEST, led),
        fill=palette.TEXT if led else palette.TEXT_SOFT,
        anchor="mt",
    )


def _last_trick(table: TableScene, layout: PanelLayout) -> Section:
    """The last trick in playing order, the winner's tile ringed; or, under stacking once the next lead is
    down, the word that finished tricks are stacked."""
    last = table.shown_last_trick()
    if not last:
        if table.stacked and table.last_trick:

            def hidden(img: Image.Image, draw: TextDraw, y: int) -> None:
                _heading(draw, y, "LAST TRICK")
                for i, line in enumerate(
                    wrap(
                        "Stacked face down: finished tricks are hidden this hand.", INNER, SMALLEST, 2, False
                    )
                ):
                    draw.text(
                        (MARGIN, y + 36 + 34 * i), line, font=font(SMALLEST), fill=palette.TEXT, anchor="lt"
                    )

            return 112, hidden
        return 0, lambda img, draw, y: None
    players = len(table.seats)
    leader = table.last_trick_leader()
    order = trick_order(list(last), leader, players)
    step = LAST_TILE + 10

    def paint(img: Image.Image, draw: TextDraw, y: int) -> None:
        _heading(draw, y, "LAST TRICK")
        top = y + 40
        x = MARGIN + 6
        for seat in order:
            if seat == table.last_winner:
                ring = shapes.rounded_box(LAST_TILE + 10, 2 * LAST_TILE + 10, 7, None, palette.GOLD, 3)
                shapes.paste(img, ring, (x - 5, top - 5))
            layout.last[seat] = place_tile(img, read_tile(last[seat]), LAST_TILE, True, (x, top))
            x += step
        text_left = MARGIN + 6 + step * len(order) + 12
        lines = []
        for verb, who in (("Led by", leader), ("Won by", table.last_winner)):
            if who is not None and 0 <= who < players:
                info = table.seats[who]
                lines.append(f"{verb} {display_name(info, who)} ({short_label(info, who)})")
        for i, line in enumerate(lines):
            draw.text(
                (text_left, top - 2 + 34 * i),
                fit_name(line, WIDTH - MARGIN - text_left, SMALLEST),
                font=font(SMALLEST),
                fill=palette.GOLD if i == 1 else palette.TEXT,
                anchor="lt",
            )

    return 40 + max(2 * LAST_TILE, 68) + 16, paint


def _discards(table: TableScene) -> Section:
    """Seventy-two's discard: trumps face up for all, and the count scored at once for the defenders."""
    if not table.face_up and not table.discard_points:
        return 0, lambda img, draw, y: None

    def paint(img: Image.Image, draw: TextDraw, y: int) -> None:
        _heading(draw, y, "DISCARDED")
        x = MARGIN + 4
        for text in table.face_up:
            place_tile(img, read_tile(text), 24, False, (x, y + 38))
            x += 56
        words = ("face up" if table.face_up else "") + (
            f"{' · ' if table.face_up else ''}+{table.discard_points} count to {defenders_name(table)}"
            if table.discard_points
            else ""
        )
        draw.text(
            (x + 4, y + 50),
            fit_name(words, WIDTH - MARGIN - x, SMALLEST, True),
            font=font(SMALLEST, True),
            fill=palette.COUNT if table.discard_points else palette.TEXT_SOFT,
            anchor="lm",
        )

    return 80, paint


def _rack(scene: PanelScene, layout: PanelLayout) -> Section:
    """The player's own tiles: one row, or two when there are more than eight."""
    hand = scene.hand
    tiles = order_hand(hand.tiles, hand.trumps)
    rows = (
        [tiles] if len(tiles) <= ONE_ROW else [tiles[: (len(tiles) + 1) // 2], tiles[(len(tiles) + 1) // 2 :]]
    )
    widest = max((len(r) for r in rows), default=1)
    size = HAND_TILE
    while size > 40 and max(rack_width(hand, r, size) for r in rows) > INNER:
        size -= 2
    lift = rack_lift(hand, size)
    chips = RACK_TYPE.chip_room
    row_h = chips + 6 + lift + 2 * size + 10 + rack_name_size(size, RACK_TYPE) + 10
    counts, trumps = rack_legend(hand, tiles)

    def paint(img: Image.Image, draw: TextDraw, y: int) -> None:
        _heading(draw, y, "YOUR HAND" if tiles else "YOUR HAND · no tiles left")
        if counts or trumps:
            draw_legend(img, draw, WIDTH - MARGIN, y + 24, counts, trumps, SMALLEST)
        top = y + 34
        for row in rows:
            left = MARGIN + (INNER - rack_width(hand, row, size)) // 2
            at = (left, top + chips + 6 + lift)
            layout.hand.extend(draw_rack(img, draw, hand, row, at, size, RACK_TYPE))
            top += row_h

    return (34 + row_h * len(rows) if tiles and widest else 44), paint


def _footer(scene: PanelScene) -> Section:
    """Whose turn it is (or the prompt for the player), why the hand stopped, and the panel's note."""
    table = scene.table
    lines = [
        (text, VALUE, palette.GOLD, 38)
        for text in (wrap(table.status, INNER, VALUE, 2) if table.status else [])
    ]
    lines += [
        (text, SMALLEST, palette.SET, 34)
        for text in (wrap(table.reason, INNER, SMALLEST, 2, False) if table.reason else [])
    ]
    lines += [
        (text, SMALLEST, palette.TEXT_SOFT, 34)
        for text in (wrap(scene.note, INNER, SMALLEST, 3, False) if scene.note else [])
    ]
    if not lines:
        return 0, lambda img, draw, y: None

    def paint(img: Image.Image, draw: TextDraw, y: int) -> None:
        y += 6
        for text, size, colour, step in lines:
            draw.text((MARGIN, y), text, font=font(size, colour == palette.GOLD), fill=colour, anchor="lt")
            y += step

    return 10 + sum(step for *_, step in lines), paint
