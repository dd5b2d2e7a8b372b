"""A player's panel for their private message: the one picture they follow the whole game from on a phone.

From the top: whose hand and what is being played for, the score, the auction (each seat's call) or the
trick in progress in the order it is played with its leader, the last trick with who led and who won it,
and the player's own tiles, lit on their turn. Narrow (720 pixels) and tall rather than wide: a phone
shows a picture at the chat's width, so every line is written large enough to read there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

from . import palette, shapes
from .chips import PASS, draw_call
from .fonts import TextDraw, font, text_width, wrap
from .names import display_name, fit_name, short_label
from .png import draw_then_encode, felt_backdrop, with_felt
from .rack import (
    CHIP_H,
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
HAND_TILE = 72  # the largest tile in the player's rack
ONE_ROW = 8  # more tiles than this are racked in two rows
TRICK_SLOT = 100  # the widest slot a seat gets in the trick row
LAST_TILE = 26

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
    draw.text((MARGIN, y), text, font=font(16, True), fill=palette.TEXT_SOFT, anchor="lt")
    if right:
        draw.text(
            (WIDTH - MARGIN, y),
            fit_name(right, INNER - text_width(text, 16, True) - 20, 18),
            font=font(18),
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

    def paint(img: Image.Image, draw: TextDraw, y: int) -> None:
        draw.text(
            (MARGIN, y),
            fit_name(scene.hand.title or "Your hand", INNER, 28, True),
            font=font(28, True),
            fill=palette.TEXT,
            anchor="lt",
        )
        if facts:
            draw.text(
                (MARGIN, y + 38),
                fit_name(facts, INNER, 22, True),
                font=font(22, True),
                fill=palette.TEXT_SOFT,
                anchor="lt",
            )

    return (76 if facts else 44), paint


def _score(table: TableScene) -> Section:
    """Each side's score in one line (a true minus sign below zero), and this hand's points or tricks."""
    unit = "marks" if table.score_kind == "marks" else "points"
    notes = hand_notes(table)

    def paint(img: Image.Image, draw: TextDraw, y: int) -> None:
        plate = shapes.rounded_box(
            INNER, 48 if notes is None else 74, 12, palette.PLATE, palette.PLATE_EDGE, 1
        )
        shapes.paste(img, plate, (MARGIN, y))
        goal = f"{unit} to {table.target}"
        room = INNER - 32 - text_width(goal, 18) - 16
        teams = list(zip(table.team_names, table.scores, strict=False))
        share = room // max(1, len(teams))
        x = MARGIN + 16
        for team, (name, score) in enumerate(teams):
            number = signed(score)
            nw = text_width(number, 26, True)
            label = fit_name(name, share - nw - 18, 22, True)
            draw.text((x, y + 12), label, font=font(22, True), fill=palette.TEXT, anchor="lt")
            lx = x + text_width(label, 22, True) + 8
            draw.text(
                (lx, y + 10),
                number,
                font=font(26, True),
                fill=palette.SET if score < 0 else palette.GOLD,
                anchor="lt",
            )
            if notes is not None and team < len(notes):
                draw.text((x, y + 46), notes[team], font=font(17), fill=palette.TEXT_SOFT, anchor="lt")
            x += share
        draw.text((WIDTH - MARGIN - 16, y + 14), goal, font=font(18), fill=palette.TEXT_SOFT, anchor="rt")

    return (58 if notes is None else 84), paint


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
    slot = min(TRICK_SLOT, INNER // len(order))
    size = min(44, int(slot * 0.5))
    body = 46 if auction else 2 * size
    leader = None if auction else table.trick_leader()

    def paint(img: Image.Image, draw: TextDraw, y: int) -> None:
        right = ""
        if leader is not None and 0 <= leader < players:
            right = f"led by {display_name(table.seats[leader], leader)}"
        _heading(draw, y, "AUCTION" if auction else "THIS TRICK", right)
        top = y + 28
        left = MARGIN + (INNER - slot * len(order)) // 2
        for i, seat in enumerate(order):
            cx = left + i * slot + slot // 2
            turn = seat == table.turn
            if auction:
                call = table.calls[seat] if seat < len(table.calls) else None
                high = seat == table.bidder and call not in (None, PASS)
                layout.trick[seat] = draw_call(
                    img, draw, (cx, top + body // 2), call, size=20, width=slot - 8, high=high, turn=turn
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

    return 28 + body + 62, paint


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
    draw.text(xy, fit_name(name, width, 19, True), font=font(19, True), fill=colour, anchor="mt")
    tag = short_label(info, seat) + (" · led" if led else "")
    draw.text(
        (xy[0], xy[1] + 25),
        tag,
        font=font(16, led),
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
                draw.text(
                    (MARGIN, y + 26),
                    "Stacked face down: finished tricks are hidden this hand.",
                    font=font(20),
                    fill=palette.TEXT,
                    anchor="lt",
                )

            return 62, hidden
        return 0, lambda img, draw, y: None
    players = len(table.seats)
    leader = table.last_trick_leader()
    order = trick_order(list(last), leader, players)
    step = LAST_TILE + 10

    def paint(img: Image.Image, draw: TextDraw, y: int) -> None:
        _heading(draw, y, "LAST TRICK")
        top = y + 30
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
                (text_left, top + 2 + 28 * i),
                fit_name(line, WIDTH - MARGIN - text_left, 21),
                font=font(21),
                fill=palette.GOLD if i == 1 else palette.TEXT,
                anchor="lt",
            )

    return 30 + 2 * LAST_TILE + 18, paint


def _discards(table: TableScene) -> Section:
    """Seventy-two's discard: trumps face up for all, and the count scored at once for the defenders."""
    if not table.face_up and not table.discard_points:
        return 0, lambda img, draw, y: None

    def paint(img: Image.Image, draw: TextDraw, y: int) -> None:
        _heading(draw, y, "DISCARDED")
        x = MARGIN + 4
        for text in table.face_up:
            place_tile(img, read_tile(text), 22, False, (x, y + 26))
            x += 52
        words = ("face up" if table.face_up else "") + (
            f"{' · ' if table.face_up else ''}+{table.discard_points} count to {defenders_name(table)}"
            if table.discard_points
            else ""
        )
        draw.text(
            (x + 4, y + 37),
            fit_name(words, WIDTH - MARGIN - x, 20, True),
            font=font(20, True),
            fill=palette.COUNT if table.discard_points else palette.TEXT_SOFT,
            anchor="lm",
        )

    return 68, paint


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
    row_h = CHIP_H + 6 + lift + 2 * size + 10 + rack_name_size(size) + 10
    counts, trumps = rack_legend(hand, tiles)

    def paint(img: Image.Image, draw: TextDraw, y: int) -> None:
        _heading(draw, y, "YOUR HAND" if tiles else "YOUR HAND · no tiles left")
        if counts or trumps:
            draw_legend(img, draw, WIDTH - MARGIN, y + 15, counts, trumps)
        top = y + 24
        for row in rows:
            left = MARGIN + (INNER - rack_width(hand, row, size)) // 2
            layout.hand.extend(draw_rack(img, draw, hand, row, (left, top + CHIP_H + 6 + lift), size))
            top += row_h

    return (24 + row_h * len(rows) if tiles and widest else 34), paint


def _footer(scene: PanelScene) -> Section:
    """Whose turn it is (or the prompt for the player), why the hand stopped, and the panel's note."""
    table = scene.table
    lines = [
        (text, 24, palette.GOLD, 32) for text in (wrap(table.status, INNER, 24, 2) if table.status else [])
    ]
    lines += [
        (text, 21, palette.SET, 28)
        for text in (wrap(table.reason, INNER, 21, 2, False) if table.reason else [])
    ]
    lines += [
        (text, 21, palette.TEXT_SOFT, 28)
        for text in (wrap(scene.note, INNER, 21, 3, False) if scene.note else [])
    ]
    if not lines:
        return 0, lambda img, draw, y: None

    def paint(img: Image.Image, draw: TextDraw, y: int) -> None:
        y += 6
        for text, size, colour, step in lines:
            draw.text((MARGIN, y), text, font=font(size, colour == palette.GOLD), fill=colour, anchor="lt")
            y += step

    return 10 + sum(step for *_, step in lines), paint
