"""The end of a hand (who bid what, made or set, what each team took) and the end of a game."""

from __future__ import annotations

from PIL import Image

from . import palette, shapes
from .counts import plural
from .fonts import TextDraw, font, text_width
from .names import display_name, fit_name, seat_label
from .png import draw_then_encode, felt_backdrop, with_felt
from .scenes import GameEndScene, HandEndScene
from .scoreboard import draw_scores, score_heading
from .tile import place_tile, read_tile

WIDTH = 900
MARGIN = 40
COUNT_TILE = 30


def draw_hand_end(scene: HandEndScene) -> Image.Image:
    """Draw the summary of a finished hand."""
    teams = len(scene.team_names)
    row_h = 108
    reason_h = 34 if scene.reason else 0
    height = 150 + reason_h + teams * row_h + 34 + 92 + MARGIN
    img = felt_backdrop(WIDTH, height).image.copy()
    draw = TextDraw(img)
    draw.text((MARGIN, 32), "HAND OVER", font=font(16, True), fill=palette.TEXT_SOFT, anchor="lt")
    draw.text(
        (MARGIN, 56),
        fit_name(_bid_line(scene), WIDTH - 2 * MARGIN - 190, 28, True),
        font=font(28, True),
        fill=palette.TEXT,
        anchor="lt",
    )
    if scene.contract:
        draw.text(
            (MARGIN, 94),
            fit_name("Contract: " + scene.contract, WIDTH - 2 * MARGIN - 190, 22),
            font=font(22),
            fill=palette.TEXT_SOFT,
            anchor="lt",
        )
    if scene.reason:
        # Why the hand stopped before its last trick, in the result's colour.
        colour = palette.SET if scene.made is False else palette.MADE if scene.made else palette.TEXT_SOFT
        draw.text(
            (MARGIN, 128),
            fit_name(scene.reason, WIDTH - 2 * MARGIN, 22, True),
            font=font(22, True),
            fill=colour,
            anchor="lt",
        )
    _draw_result(img, draw, scene)

    bidders = _bidders(scene)
    y = 140 + reason_h
    for team, name in enumerate(scene.team_names):
        _draw_team_row(img, draw, scene, team, name, y, row_h, team == bidders)
        y += row_h
    y += 20
    draw.text(
        (MARGIN, y),
        score_heading(scene.score_kind, scene.target),
        font=font(15, True),
        fill=palette.TEXT_SOFT,
        anchor="lt",
    )
    y += 26
    column = (WIDTH - 2 * MARGIN) // max(1, teams)
    for team, name in enumerate(scene.team_names):
        score = scene.scores[team] if team < len(scene.scores) else 0
        draw_scores(
            img,
            draw,
            (MARGIN + team * column, y),
            column - 40,
            (name,),
            (score,),
            scene.score_kind,
            scene.target,
            heading=False,
        )
    return img


def render_hand_end(scene: HandEndScene) -> bytes:
    """The summary of a finished hand as PNG bytes."""
    return draw_then_encode(with_felt(draw_hand_end), scene)


def draw_game_end(scene: GameEndScene) -> Image.Image:
    """Draw the end of a game: the winners, everyone's final score and how many hands it took."""
    teams = len(scene.team_names)
    row_h = 96 if scene.score_kind == "marks" else 68
    height = 228 + teams * row_h + MARGIN - 4
    width = 820
    img = felt_backdrop(width, height).image.copy()
    draw = TextDraw(img)
    # The 4-2 — forty-two — set beside the title like a trophy.
    place_tile(img, (4, 2), 50, False, (width - MARGIN - 104, 48))
    draw.text((MARGIN, 36), "GAME OVER", font=font(16, True), fill=palette.TEXT_SOFT, anchor="lt")
    winner = scene.team_names[scene.winner] if 0 <= scene.winner < teams else "?"
    verb = (
        "wins"
        if len(scene.players[scene.winner] if scene.winner < len(scene.players) else ()) == 1
        else "win"
    )
    draw.text(
        (MARGIN, 62),
        fit_name(f"{winner} {verb}!", width - 2 * MARGIN - 130, 44, True),
        font=font(44, True),
        fill=palette.GOLD,
        anchor="lt",
    )
    players = scene.players[scene.winner] if scene.winner < len(scene.players) else ()
    if players:
        draw.text(
            (MARGIN, 120),
            fit_name("Well played, " + _and(players), width - 2 * MARGIN - 130, 22),
            font=font(22),
            fill=palette.TEXT,
            anchor="lt",
        )
    hands = f"{plural(scene.hands_played, 'hand')} played"
    draw.text((MARGIN, 154), hands, font=font(18), fill=palette.TEXT_SOFT, anchor="lt")
    y = 200
    draw.text(
        (MARGIN, y),
        "FINAL " + score_heading(scene.score_kind, 0).split(" · ")[0],
        font=font(15, True),
        fill=palette.TEXT_SOFT,
        anchor="lt",
    )
    y += 28
    order = sorted(
        range(teams), key=lambda t: (t != scene.winner, -(scene.scores[t] if t < len(scene.scores) else 0))
    )
    for team in order:
        won = team == scene.winner
        plate = shapes.rounded_box(
            width - 2 * MARGIN,
            row_h - 12,
            14,
            palette.PLATE,
            palette.GOLD if won else palette.PLATE_EDGE,
            3 if won else 1,
        )
        shapes.paste(img, plate, (MARGIN, y))
        score = scene.scores[team] if team < len(scene.scores) else 0
        top = y + (12 if scene.score_kind == "marks" else 15)
        draw_scores(
            img,
            draw,
            (MARGIN + 20, top),
            width - 2 * MARGIN - 40,
            (scene.team_names[team],),
            (score,),
            scene.score_kind,
            0,
            winner=0 if won else None,
            heading=False,
        )
        names = tuple(scene.players[team]) if team < len(scene.players) else ()
        if names and names != (scene.team_names[team],):
            # Beside the team's name, on its baseline: who played for it.
            x = MARGIN + 20 + min(width // 2, text_width(scene.team_names[team], 22, True)) + 14
            label = fit_name(_and(names), width - x - MARGIN - 120, 18)
            draw.text((x, top + 19), label, font=font(18), fill=palette.TEXT_SOFT, anchor="ls")
        y += row_h
    return img


def render_game_end(scene: GameEndScene) -> bytes:
    """The end of a game as PNG bytes."""
    return draw_then_encode(with_felt(draw_game_end), scene)


def _bidders(scene: HandEndScene) -> int | None:
    """The bidder's team, as the scene's seats say."""
    if scene.bidder is None or not 0 <= scene.bidder < len(scene.seats):
        return None
    return scene.seats[scene.bidder].team


def _bid_line(scene: HandEndScene) -> str:
    if scene.bidder is None or not scene.bid:
        return "No bid"
    if not 0 <= scene.bidder < len(scene.seats):
        return f"Bid {scene.bid}"
    info = scene.seats[scene.bidder]
    return f"{display_name(info, scene.bidder)} ({seat_label(info, scene.bidder)}) bid {scene.bid}"


def _draw_result(img: Image.Image, draw: TextDraw, scene: HandEndScene) -> None:
    """MADE in green, SET in red, or THROWN IN, as a stamp in the top right."""
    if scene.made is None:
        label, colour = "THROWN IN", palette.TEXT_SOFT
    else:
        label, colour = ("MADE", palette.MADE) if scene.made else ("SET", palette.SET)
    w = max(130, text_width(label, 30, True) + 40)
    stamp = shapes.rounded_box(w, 58, 12, palette.PLATE, colour, 3)
    shapes.paste(img, stamp, (WIDTH - MARGIN - w, 40))
    draw.text((WIDTH - MARGIN - w // 2, 69), label, font=font(30, True), fill=colour, anchor="mm")


def _draw_team_row(
    img: Image.Image,
    draw: TextDraw,
    scene: HandEndScene,
    team: int,
    name: str,
    y: int,
    row_h: int,
    bidders: bool,
) -> None:
    """One team's hand: name, points taken, the count tiles it caught, and what it scored."""
    plate = shapes.rounded_box(WIDTH - 2 * MARGIN, row_h - 12, 14, palette.PLATE, palette.PLATE_EDGE, 1)
    shapes.paste(img, plate, (MARGIN, y))
    draw.text(
        (MARGIN + 20, y + 16),
        fit_name(name, 220, 26, True),
        font=font(26, True),
        fill=palette.TEXT,
        anchor="lt",
    )
    if bidders:
        alone = len(scene.team_names) == len(scene.seats)  # each plays alone: one bidder, not a side
        draw.text(
            (MARGIN + 20 + min(220, text_width(name, 26, True)) + 10, y + 24),
            "bidder" if alone else "bidders",
            font=font(16),
            fill=palette.GOLD,
            anchor="lt",
        )
    points = scene.points[team] if team < len(scene.points) else 0
    took = f"took {plural(points, 'point')}"
    if scene.tricks_taken is not None and team < len(scene.tricks_taken):
        tricks = scene.tricks_taken[team]
        took += f", {plural(tricks, 'trick')}"
    draw.text((MARGIN + 20, y + 54), took, font=font(20), fill=palette.TEXT_SOFT, anchor="lt")
    counts = scene.counts[team] if team < len(scene.counts) else ()
    x = MARGIN + 290
    tile_y = y + (row_h - 12 - 2 * COUNT_TILE) // 2
    for text in counts[:10]:
        place_tile(img, read_tile(text), COUNT_TILE, True, (x, tile_y))
        x += COUNT_TILE + 8
    if not counts and any(scene.counts):  # (a game without count, like Moon, says nothing of it)
        draw.text((x, y + (row_h - 12) // 2), "no count", font=font(18), fill=palette.TEXT_SOFT, anchor="lm")
    award = _award_text(scene, team)
    colour = (
        palette.GOLD if award.startswith("+") else palette.SET if award.startswith("−") else palette.TEXT_SOFT
    )
    draw.text(
        (WIDTH - MARGIN - 20, y + (row_h - 12) // 2), award, font=font(26, True), fill=colour, anchor="rm"
    )


def _award_text(scene: HandEndScene, team: int) -> str:
    if scene.award is None:
        return "—"
    value = scene.award[team] if team < len(scene.award) else 0
    if value == 0:
        return "—"
    unit = "mark" if scene.score_kind == "marks" else "point"
    return f"{'+' if value > 0 else '−'}{plural(abs(value), unit)}"


def _and(names: tuple[str, ...]) -> str:
    names = tuple(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
