"""A reviewed hand as one picture: a row per trick, a column per seat, the leader and winner marked, the
points each trick was worth, and what the reviewed player's own tiles cost against perfect play."""

from __future__ import annotations

from PIL import Image

from . import palette, shapes
from .fonts import TextDraw, font
from .learn_scenes import ReviewedTrick, ReviewScene
from .names import fit_name, short_label
from .png import draw_then_encode, felt_backdrop, with_felt
from .tile import place_tile, read_tile

MARGIN = 32
TILE = 26  # short side: a tile is 52 x 26
COLUMN = 96
LABEL_W = 92
POINTS_W = 150
ROW_H = 62
HEAD_H = 150


def review_width(players: int) -> int:
    """The picture's width for a table of ``players`` seats."""
    return 2 * MARGIN + LABEL_W + players * COLUMN + POINTS_W


def draw_review(scene: ReviewScene) -> Image.Image:
    """Draw a reviewed hand."""
    players = len(scene.seats)
    width = review_width(players)
    rows = max(1, len(scene.tricks))
    height = HEAD_H + 20 + rows * ROW_H + 56
    img = felt_backdrop(width, height).image.copy()
    draw = TextDraw(img)
    draw.text((MARGIN, 28), "HAND REVIEW", font=font(16, True), fill=palette.TEXT_SOFT, anchor="lt")
    draw.text(
        (MARGIN, 50),
        fit_name(scene.title, width - 2 * MARGIN - 170, 26, True),
        font=font(26, True),
        fill=palette.TEXT,
        anchor="lt",
    )
    if scene.reason:
        colour = palette.SET if scene.made is False else palette.MADE if scene.made else palette.TEXT_SOFT
        draw.text(
            (MARGIN, 88),
            fit_name(scene.reason, width - 2 * MARGIN, 20, True),
            font=font(20, True),
            fill=colour,
            anchor="lt",
        )
    if scene.result:
        _stamp(img, draw, scene, width)
    top = HEAD_H - 30
    for seat, info in enumerate(scene.seats):
        x = MARGIN + LABEL_W + seat * COLUMN + COLUMN // 2
        colour = palette.GOLD if seat == scene.viewer else palette.TEXT_SOFT
        draw.text(
            (x, top),
            fit_name(short_label(info, seat), COLUMN - 6, 16, True),
            font=font(16, True),
            fill=colour,
            anchor="mm",
        )
        name = "you" if seat == scene.viewer else info.name
        draw.text((x, top + 20), fit_name(name, COLUMN - 6, 14), font=font(14), fill=colour, anchor="mm")
    if 0 <= scene.viewer < players:  # the reviewed player's column, lightly framed
        x = MARGIN + LABEL_W + scene.viewer * COLUMN + 4
        frame = shapes.rounded_box(COLUMN - 8, rows * ROW_H + 50, 10, None, palette.PLATE_EDGE, 1)
        shapes.paste(img, frame, (x, top - 18))
    y = HEAD_H + 10
    for number, trick in enumerate(scene.tricks, start=1):
        _draw_trick(img, draw, scene, number, trick, y, width)
        y += ROW_H
    if not scene.tricks:
        draw.text(
            (MARGIN, y + 10), "No trick was played.", font=font(20), fill=palette.TEXT_SOFT, anchor="lt"
        )
    y = height - 44
    totals = " · ".join(f"{name} {pts}" for name, pts in zip(scene.team_names, scene.points, strict=False))
    if totals:
        draw.text(
            (MARGIN, y),
            fit_name(f"Points: {totals}", width - 2 * MARGIN, 20, True),
            font=font(20, True),
            fill=palette.TEXT,
            anchor="lt",
        )
    return img


def render_review(scene: ReviewScene) -> bytes:
    """A reviewed hand as PNG bytes."""
    return draw_then_encode(with_felt(draw_review), scene)


def _stamp(img: Image.Image, draw: TextDraw, scene: ReviewScene, width: int) -> None:
    colour = palette.MADE if scene.made else palette.SET if scene.made is False else palette.TEXT_SOFT
    w = 150
    shapes.paste(img, shapes.rounded_box(w, 50, 12, palette.PLATE, colour, 3), (width - MARGIN - w, 30))
    draw.text((width - MARGIN - w // 2, 55), scene.result, font=font(24, True), fill=colour, anchor="mm")


def _draw_trick(
    img: Image.Image,
    draw: TextDraw,
    scene: ReviewScene,
    number: int,
    trick: ReviewedTrick,
    y: int,
    width: int,
) -> None:
    draw.text(
        (MARGIN, y + ROW_H // 2 - 8),
        f"Trick {number}",
        font=font(17, True),
        fill=palette.TEXT_SOFT,
        anchor="lm",
    )
    for seat, text in trick.plays:
        x = MARGIN + LABEL_W + seat * COLUMN + (COLUMN - 2 * TILE) // 2
        ty = y + 6
        if seat == trick.winner:  # the winning tile sits in a gold frame
            ring = shapes.rounded_box(2 * TILE + 8, TILE + 8, 7, None, palette.GOLD, 3)
            shapes.paste(img, ring, (x - 4, ty - 4))
        place_tile(img, read_tile(text), TILE, False, (x, ty))
        cx = x + TILE
        costly = seat == scene.viewer and trick.cost > 0
        if costly:  # what the player's tile gave away (the better tile is named beside the trick's points)
            note = ("led · " if seat == trick.leader else "") + f"−{trick.cost}"
            draw.text(
                (cx, ty + TILE + 14),
                fit_name(note, COLUMN - 4, 13, True),
                font=font(13, True),
                fill=palette.SET,
                anchor="mm",
            )
        elif seat == trick.leader:
            draw.text((cx, ty + TILE + 14), "led", font=font(13, True), fill=palette.TEXT_SOFT, anchor="mm")
    for seat in scene.sitting_out:
        if 0 <= seat < len(scene.seats):
            x = MARGIN + LABEL_W + seat * COLUMN + COLUMN // 2
            draw.text((x, y + 6 + TILE // 2), "out", font=font(14), fill=palette.TEXT_SOFT, anchor="mm")
    winner = scene.seats[trick.winner].name if 0 <= trick.winner < len(scene.seats) else "?"
    won = "you" if trick.winner == scene.viewer else winner
    x = width - MARGIN - POINTS_W + 10
    draw.text(
        (x, y + 14),
        fit_name(f"{trick.points} → {won}", POINTS_W - 10, 18, True),
        font=font(18, True),
        fill=palette.TEXT,
        anchor="lm",
    )
    if trick.cost > 0 and trick.better:
        draw.text(
            (x, y + 38),
            fit_name(f"best: {trick.better} (−{trick.cost})", POINTS_W - 10, 14, True),
            font=font(14, True),
            fill=palette.SET,
            anchor="lm",
        )
