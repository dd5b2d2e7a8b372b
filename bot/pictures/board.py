"""The table picture's words: the status line along its top, and the board below the round table: the
score, the bid and contract (Seventy-two's discards beside them), and the last trick in playing order, each
tile with its player's name under it.

Everything is written at `SMALLEST_TEXT` or larger: 14 pixels once a phone shows the picture 360 wide.
"""

from __future__ import annotations

from PIL import Image

from . import palette, shapes
from .fonts import TextDraw, font, phone_size, text_width, wrap
from .names import display_name, fit_name, short_label
from .scenes import SeatInfo, TableScene, defenders_name, hand_notes, trick_order
from .scoreboard import score_heading, signed
from .tally import tally, tally_width
from .tile import place_tile, read_tile, tile_box

WIDTH = 720
SMALLEST_TEXT = phone_size(WIDTH)  # 28: 14 pixels on the phone
MARGIN = 24
STATUS_H = 64  # the status line along the top
VALUE = 30  # the board's values (names, the bid, the contract)
LINE = 38  # a line of values
SMALL_LINE = 36  # a line at the smallest size
TALLY_H = 26
LAST_TILE = 36
COLUMN = (WIDTH - 2 * MARGIN - 24) // 2


def board_height(scene: TableScene) -> int:
    """The board's height: the score beside the bid and contract, then the last trick."""
    return 16 + _top_height(scene) + 14 + _last_trick_height(scene) + 6


def draw_status(draw: TextDraw, scene: TableScene) -> None:
    """Along the top: why the hand stopped (in red), or whose turn it is (in gold)."""
    text, colour = (scene.reason, palette.SET) if scene.reason else (scene.status, palette.GOLD)
    if text:
        draw.text(
            (MARGIN, 22),
            fit_name(text, WIDTH - 2 * MARGIN, VALUE + 2, True),
            font=font(VALUE + 2, True),
            fill=colour,
            anchor="lt",
        )


def draw_board(img: Image.Image, draw: TextDraw, scene: TableScene, top: int) -> None:
    """The board with its top-left at (MARGIN, ``top``)."""
    y = top + 16
    left = MARGIN + 10
    _draw_score(img, draw, scene, left, y)
    _draw_bid(img, draw, scene, left + COLUMN + 24, y)
    _draw_last_trick(img, draw, scene, y + _top_height(scene) + 14)


def _score_height(scene: TableScene) -> int:
    per_team = LINE + 6 + (SMALL_LINE if hand_notes(scene) is not None else 0)
    return SMALL_LINE + len(scene.team_names) * per_team


def _bid_height(scene: TableScene) -> int:
    height = SMALL_LINE + 2 * LINE + (2 * LINE if scene.phase != "auction" else 0)
    if scene.face_up or scene.discard_points:
        height += (
            SMALL_LINE
            + (LAST_TILE + 12 if scene.face_up else 0)
            + (SMALL_LINE if scene.discard_points else 0)
        )
    return height


def _top_height(scene: TableScene) -> int:
    return max(_score_height(scene), _bid_height(scene))


def _draw_score(img: Image.Image, draw: TextDraw, scene: TableScene, x: int, y: int) -> None:
    """Each side's score: its name, marks as tally strokes, the number; this hand's points or tricks."""
    soft = palette.TEXT_SOFT
    draw.text(
        (x, y),
        score_heading(scene.score_kind, scene.target),
        font=font(SMALLEST_TEXT, True),
        fill=soft,
        anchor="lt",
    )
    y += SMALL_LINE
    notes = hand_notes(scene)
    for team, name in enumerate(scene.team_names):
        score = scene.scores[team] if team < len(scene.scores) else 0
        number = signed(score)
        number_w = text_width(number, VALUE + 4, True)
        colour = palette.SET if score < 0 else palette.TEXT
        draw.text((x + COLUMN - 10, y - 2), number, font=font(VALUE + 4, True), fill=colour, anchor="rt")
        label = fit_name(name, COLUMN // 2, VALUE, True)
        draw.text((x, y), label, font=font(VALUE, True), fill=palette.TEXT, anchor="lt")
        room = COLUMN - 10 - number_w - 16 - (text_width(label, VALUE, True) + 14)
        marks = min(score, 20)  # past 20 a tally stops being readable: the number says it all
        if scene.score_kind == "marks" and marks > 0 and tally_width(marks, TALLY_H) <= room:
            strokes = tally(marks, TALLY_H, palette.TEXT)
            shapes.paste(img, strokes, (x + text_width(label, VALUE, True) + 14, y + 2))
        y += LINE + 6
        if notes is not None:
            if team < len(notes) and notes[team]:
                draw.text((x, y - 6), notes[team], font=font(SMALLEST_TEXT), fill=soft, anchor="lt")
            y += SMALL_LINE


def _draw_bid(img: Image.Image, draw: TextDraw, scene: TableScene, x: int, y: int) -> None:
    """The bid (the high bid while the auction runs) and the contract, and Seventy-two's discards."""
    auction = scene.phase == "auction"
    heading = "HIGH BID" if auction else "BID"
    draw.text((x, y), heading, font=font(SMALLEST_TEXT, True), fill=palette.TEXT_SOFT, anchor="lt")
    y += SMALL_LINE
    values = [(scene.bid or ("No bids yet" if auction else "—"), palette.TEXT)]
    if not auction:
        values.append((scene.contract or "", palette.GOLD))
    for value, colour in values:
        for i, line in enumerate(wrap(value, COLUMN, VALUE, 2) if value else []):
            draw.text((x, y + i * LINE), line, font=font(VALUE, True), fill=colour, anchor="lt")
        y += 2 * LINE
    if scene.face_up or scene.discard_points:
        _draw_discards(img, draw, scene, x, y)


def _draw_discards(img: Image.Image, draw: TextDraw, scene: TableScene, x: int, y: int) -> None:
    """Seventy-two's widow discard: the trumps turned face up and the count scored at once."""
    draw.text((x, y), "DISCARDED", font=font(SMALLEST_TEXT, True), fill=palette.TEXT_SOFT, anchor="lt")
    y += SMALL_LINE
    if scene.face_up:
        tile_x = x + 2
        for text in scene.face_up:
            place_tile(img, read_tile(text), LAST_TILE // 2 + 4, False, (tile_x, y + 4))
            tile_x += LAST_TILE + 16
        draw.text(
            (tile_x + 4, y + 16), "face up", font=font(SMALLEST_TEXT), fill=palette.TEXT_SOFT, anchor="lm"
        )
        y += LAST_TILE + 12
    if scene.discard_points:
        line = f"+{scene.discard_points} count to {defenders_name(scene)}"
        draw.text(
            (x, y),
            fit_name(line, COLUMN, SMALLEST_TEXT, True),
            font=font(SMALLEST_TEXT, True),
            fill=palette.COUNT,
            anchor="lt",
        )


def _last_trick_height(scene: TableScene) -> int:
    if scene.shown_last_trick():
        return SMALL_LINE + 4 + LAST_TILE + 14 + LINE + SMALL_LINE
    return SMALL_LINE + 4 + SMALL_LINE * (2 if scene.stacked and scene.last_trick else 1)


def _draw_last_trick(img: Image.Image, draw: TextDraw, scene: TableScene, y: int) -> None:
    """The last completed trick in the order it was played, across the board: each tile with its player's
    name and place under it, "led" under the first and "won" under the winner's, ringed in gold. Under
    stacking, once the next lead is down, only the word that finished tricks are hidden."""
    left = MARGIN + 10
    draw.text((left, y), "LAST TRICK", font=font(SMALLEST_TEXT, True), fill=palette.TEXT_SOFT, anchor="lt")
    y += SMALL_LINE + 4
    last = scene.shown_last_trick()
    if not last:
        words = (
            "Stacked face down: finished tricks are hidden."
            if scene.stacked and scene.last_trick
            else "None yet."
        )
        for i, line in enumerate(wrap(words, WIDTH - 2 * left, SMALLEST_TEXT, 2, False)):
            draw.text(
                (left, y + i * SMALL_LINE),
                line,
                font=font(SMALLEST_TEXT),
                fill=palette.TEXT_SOFT,
                anchor="lt",
            )
        return
    players = len(scene.seats)
    leader = scene.last_trick_leader()
    seats = trick_order(list(last), leader, players)
    slot = (WIDTH - 2 * left) // max(len(seats), 4)
    w, h = tile_box(LAST_TILE, False)
    for i, seat in enumerate(seats):
        cx = left + i * slot + slot // 2
        won = seat == scene.last_winner
        if won:
            ring = shapes.rounded_box(w + 12, h + 12, 8, None, palette.GOLD, 3)
            shapes.paste(img, ring, (cx - w // 2 - 6, y - 6))
        place_tile(img, read_tile(last[seat]), LAST_TILE, False, (cx - w // 2, y))
        info = scene.seats[seat] if 0 <= seat < players else SeatInfo("")
        colour = palette.GOLD if won else palette.TEXT
        name = fit_name(display_name(info, seat), slot - 8, VALUE, True)
        draw.text((cx, y + h + 14), name, font=font(VALUE, True), fill=colour, anchor="mt")
        roles = [word for word, on in (("led", seat == leader), ("won", won)) if on]
        tags = " · ".join([short_label(info, seat), *roles])
        if text_width(tags, SMALLEST_TEXT, won) > slot - 8:
            tags = " · ".join(roles)
        draw.text(
            (cx, y + h + 14 + LINE),
            tags,
            font=font(SMALLEST_TEXT, won),
            fill=colour if won else palette.TEXT_SOFT,
            anchor="mt",
        )
