"""A player's record as one picture: games and wins, the rating and its course, bids made and set by bid
level, the special contracts called and made, and the count fed to partners."""

from __future__ import annotations

from PIL import Image, ImageDraw

from . import palette, shapes
from .counts import plural
from .fonts import TextDraw, font
from .learn_scenes import LevelRow, StatsScene
from .names import fit_name
from .png import draw_then_encode, felt_backdrop, with_felt

WIDTH = 900
MARGIN = 36
CHART_H = 170
BARS_H = 190


def draw_record(scene: StatsScene) -> Image.Image:
    """Draw a player's record."""
    height = 150 + CHART_H + 70 + BARS_H + 80 + 110
    img = felt_backdrop(WIDTH, height).image.copy()
    draw = TextDraw(img)
    draw.text((MARGIN, 28), "PLAYER RECORD", font=font(16, True), fill=palette.TEXT_SOFT, anchor="lt")
    draw.text(
        (MARGIN, 50),
        fit_name(scene.name, WIDTH - 2 * MARGIN - 240, 34, True),
        font=font(34, True),
        fill=palette.TEXT,
        anchor="lt",
    )
    games = f"{plural(scene.games, 'game')} · {scene.won} won · {plural(scene.marks_won, 'mark')}"
    if scene.hint_games:
        games += f" · {scene.hint_games} with hints"
    draw.text(
        (MARGIN, 96),
        fit_name(games, WIDTH - 2 * MARGIN - 240, 20),
        font=font(20),
        fill=palette.TEXT_SOFT,
        anchor="lt",
    )
    _rating_badge(img, draw, scene)
    y = 140
    draw.text((MARGIN, y), "RATING OVER TIME", font=font(15, True), fill=palette.TEXT_SOFT, anchor="lt")
    _rating_chart(img, draw, scene.history, (MARGIN, y + 24, WIDTH - MARGIN, y + 24 + CHART_H))
    y += CHART_H + 50
    draw.text(
        (MARGIN, y),
        "BIDS BY LEVEL · made (green) and set (red)",
        font=font(15, True),
        fill=palette.TEXT_SOFT,
        anchor="lt",
    )
    _bid_bars(img, draw, scene.bids, (MARGIN, y + 24, WIDTH - MARGIN, y + 24 + BARS_H))
    y += BARS_H + 70
    draw.text(
        (MARGIN, y),
        "SPECIAL CONTRACTS · called / made",
        font=font(15, True),
        fill=palette.TEXT_SOFT,
        anchor="lt",
    )
    column = (WIDTH - 2 * MARGIN) // max(1, len(scene.specials))
    for i, row in enumerate(scene.specials):
        x = MARGIN + i * column
        plate = shapes.rounded_box(column - 14, 64, 12, palette.PLATE, palette.PLATE_EDGE, 1)
        shapes.paste(img, plate, (x, y + 24))
        draw.text((x + 14, y + 40), row.level, font=font(18, True), fill=palette.TEXT, anchor="lt")
        colour = palette.MADE if row.made else palette.TEXT_SOFT
        draw.text(
            (x + column - 28, y + 56),
            f"{row.tried} / {row.made}",
            font=font(22, True),
            fill=colour,
            anchor="rm",
        )
    y += 110
    fed = f"Count fed to partners: {plural(scene.count_fed, 'point')} over {plural(scene.hands, 'hand')}"
    draw.text(
        (MARGIN, y),
        fit_name(fed, WIDTH - 2 * MARGIN, 20, True),
        font=font(20, True),
        fill=palette.TEXT,
        anchor="lt",
    )
    return img


def render_record(scene: StatsScene) -> bytes:
    """A player's record as PNG bytes."""
    return draw_then_encode(with_felt(draw_record), scene)


def _rating_badge(img: Image.Image, draw: TextDraw, scene: StatsScene) -> None:
    w = 200
    shapes.paste(img, shapes.rounded_box(w, 84, 14, palette.PLATE, palette.GOLD, 3), (WIDTH - MARGIN - w, 30))
    draw.text(
        (WIDTH - MARGIN - w // 2, 50), "RATING", font=font(14, True), fill=palette.TEXT_SOFT, anchor="mm"
    )
    shown = "—" if scene.rating is None else str(scene.rating)
    draw.text((WIDTH - MARGIN - w // 2, 84), shown, font=font(34, True), fill=palette.GOLD, anchor="mm")


def _rating_chart(
    img: Image.Image, draw: TextDraw, history: tuple[int, ...], box: tuple[int, int, int, int]
) -> None:
    left, top, right, bottom = box
    shapes.paste(
        img,
        shapes.rounded_box(right - left, bottom - top, 12, palette.PLATE, palette.PLATE_EDGE, 1),
        (left, top),
    )
    if len(history) < 2:
        note = "Rated after each finished game" if not history else f"One rated game: {history[0]}"
        draw.text(
            ((left + right) // 2, (top + bottom) // 2),
            note,
            font=font(18),
            fill=palette.TEXT_SOFT,
            anchor="mm",
        )
        return
    lo, hi = min(history), max(history)
    span = max(1, hi - lo)
    inner = (left + 70, top + 18, right - 20, bottom - 18)
    step = (inner[2] - inner[0]) / (len(history) - 1)
    points = [
        (inner[0] + i * step, inner[3] - (value - lo) / span * (inner[3] - inner[1]))
        for i, value in enumerate(history)
    ]
    ImageDraw.Draw(img).line(points, fill=palette.GOLD, width=3, joint="curve")
    draw.text((left + 14, inner[1]), str(hi), font=font(15, True), fill=palette.TEXT_SOFT, anchor="lm")
    draw.text((left + 14, inner[3]), str(lo), font=font(15, True), fill=palette.TEXT_SOFT, anchor="lm")


def _bid_bars(
    img: Image.Image, draw: TextDraw, rows: tuple[LevelRow, ...], box: tuple[int, int, int, int]
) -> None:
    left, top, right, bottom = box
    shapes.paste(
        img,
        shapes.rounded_box(right - left, bottom - top, 12, palette.PLATE, palette.PLATE_EDGE, 1),
        (left, top),
    )
    if not rows:
        draw.text(
            ((left + right) // 2, (top + bottom) // 2),
            "No bids won yet",
            font=font(18),
            fill=palette.TEXT_SOFT,
            anchor="mm",
        )
        return
    most = max(row.tried for row in rows) or 1
    slot = (right - left - 20) / len(rows)
    bar_w = max(8, min(48, int(slot * 0.6)))
    base = bottom - 36
    canvas = ImageDraw.Draw(img)
    for i, row in enumerate(rows):
        cx = left + 10 + slot * (i + 0.5)
        full = (base - top - 30) * row.tried / most
        made_h = full * row.made / row.tried if row.tried else 0
        set_h = full * row.set / row.tried if row.tried else 0
        x0, x1 = cx - bar_w / 2, cx + bar_w / 2
        if made_h:
            canvas.rectangle((x0, base - made_h, x1, base), fill=palette.MADE)
        if set_h:
            canvas.rectangle((x0, base - made_h - set_h, x1, base - made_h), fill=palette.SET)
        draw.text((cx, base - full - 12), str(row.tried), font=font(14, True), fill=palette.TEXT, anchor="mm")
        draw.text(
            (cx, base + 16),
            fit_name(row.level, int(slot) - 2, 14, True),
            font=font(14, True),
            fill=palette.TEXT_SOFT,
            anchor="mm",
        )
