"""The end of a hand (who bid what, made or set, what each team took) and the end of a game."""

from __future__ import annotations

from PIL import Image

from . import palette, shapes
from .counts import plural
from .fonts import TextDraw, font, text_width
from .names import display_name, fit_name, short_label
from .png import draw_then_encode, felt_backdrop, with_felt
from .scenes import GameEndScene, HandEndScene
from .scoreboard import draw_scores, score_heading, signed
from .tile import place_tile, read_tile

WIDTH = 900  # the end of a game
MARGIN = 40
STRIP = 720  # the end of a hand: a strip a phone shows 360 wide, nothing written under 28 (14 there)
STRIP_MARGIN = 24
SMALLEST = 28
COUNT_TILE = 24  # upright: 24 x 48
TEAM_ROW = 58


def draw_hand_end(scene: HandEndScene) -> Image.Image:
    """Draw the summary of a finished hand as a compact strip: who bid what and the contract, the result
    stamped, why the hand stopped early, each side's points, tricks and count caught and what it scored,
    and the game's score after it."""
    teams = len(scene.team_names)
    left, right = STRIP_MARGIN + 6, STRIP - STRIP_MARGIN - 6
    lines = _contract_and_reason(scene, right - left)
    height = 24 + 40 + 38 * len(lines) + 10 + teams * TEAM_ROW + 8 + 36 + 22
    img = felt_backdrop(STRIP, height).image.copy()
    draw = TextDraw(img)
    stamp = _draw_result(img, draw, scene, right, 18)
    draw.text(
        (left, 26),
        fit_name(_bid_line(scene), stamp - left - 16, 30, True),
        font=font(30, True),
        fill=palette.TEXT,
        anchor="lt",
    )
    for i, line in enumerate(lines):
        x = left
        for text, colour, bold in line:
            draw.text((x, 74 + 38 * i), text, font=font(SMALLEST, bold), fill=colour, anchor="lt")
            x += text_width(text, SMALLEST, bold)
    y = 24 + 40 + 38 * len(lines) + 10
    for team, name in enumerate(scene.team_names):
        _draw_team_row(img, draw, scene, team, name, (left, right), y)
        y += TEAM_ROW
    after = " · ".join(
        f"{name} {signed(scene.scores[team] if team < len(scene.scores) else 0)}"
        for team, name in enumerate(scene.team_names)
    )
    draw.text(
        (left, y + 8),
        fit_name(f"{scene.score_kind.capitalize()} now: {after} (to {scene.target})", right - left, SMALLEST),
        font=font(SMALLEST),
        fill=palette.TEXT_SOFT,
        anchor="lt",
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
    """`Hand 3 · Ada (E) bid 34`, or `Hand 3 · No bid` when everyone passed."""
    head = f"Hand {scene.number} · " if scene.number is not None else ""
    if scene.bidder is None or not scene.bid:
        return head + "Everyone passed"
    if not 0 <= scene.bidder < len(scene.seats):
        return f"{head}Bid {scene.bid}"
    info = scene.seats[scene.bidder]
    return f"{head}{display_name(info, scene.bidder)} ({short_label(info, scene.bidder)}) bid {scene.bid}"


Run = tuple[str, tuple[int, int, int], bool]  # words, colour, bold


def _contract_and_reason(scene: HandEndScene, width: int) -> list[list[Run]]:
    """The contract, then why the hand stopped before its last trick in the result's colour (the stamp
    says made or set already): on one line, or two when they do not fit on one."""
    contract = (
        [(fit_name(scene.contract, width, SMALLEST), palette.TEXT_SOFT, False)] if scene.contract else []
    )
    if not scene.reason:
        return [contract] if contract else []
    colour = palette.SET if scene.made is False else palette.MADE if scene.made else palette.TEXT_SOFT
    reason = scene.reason.split(": ", 1)[-1] if scene.reason.startswith(("Set: ", "Made: ")) else scene.reason
    together = f"{contract[0][0]} · " if contract else ""
    if text_width(together, SMALLEST) + text_width(reason, SMALLEST, True) <= width:
        return [[*((together, palette.TEXT_SOFT, False),) * bool(contract), (reason, colour, True)]]
    return (
        [contract, [(fit_name(reason, width, SMALLEST, True), colour, True)]]
        if contract
        else [[(fit_name(reason, width, SMALLEST, True), colour, True)]]
    )


def _draw_result(img: Image.Image, draw: TextDraw, scene: HandEndScene, right: int, top: int) -> int:
    """MADE in green, SET in red, or THROWN IN, stamped in the top right; returns the stamp's left."""
    if scene.made is None:
        label, colour = "THROWN IN", palette.TEXT_SOFT
    else:
        label, colour = ("MADE", palette.MADE) if scene.made else ("SET", palette.SET)
    w = max(110, text_width(label, 30, True) + 36)
    shapes.paste(img, shapes.rounded_box(w, 48, 12, palette.PLATE, colour, 3), (right - w, top))
    draw.text((right - w // 2, top + 24), label, font=font(30, True), fill=colour, anchor="mm")
    return right - w


def _draw_team_row(
    img: Image.Image,
    draw: TextDraw,
    scene: HandEndScene,
    team: int,
    name: str,
    span: tuple[int, int],
    y: int,
) -> None:
    """One side's hand on one line: its name (the bidders' in gold), the points and tricks it took, the
    count tiles it caught, and what it scored."""
    left, right = span
    plate = shapes.rounded_box(right - left + 12, TEAM_ROW - 6, 12, palette.PLATE, palette.PLATE_EDGE, 1)
    shapes.paste(img, plate, (left - 6, y))
    middle = y + (TEAM_ROW - 6) // 2
    bidders = team == _bidders(scene)
    label = fit_name(name, 150, 30, True)
    draw.text(
        (left + 8, middle),
        label,
        font=font(30, True),
        fill=palette.GOLD if bidders else palette.TEXT,
        anchor="lm",
    )
    points = scene.points[team] if team < len(scene.points) else 0
    took = plural(points, "point")
    if scene.tricks_taken is not None and team < len(scene.tricks_taken):
        took += f" · {plural(scene.tricks_taken[team], 'trick')}"
    x = left + 16 + max(text_width(label, 30, True), 70)
    draw.text((x, middle), took, font=font(SMALLEST), fill=palette.TEXT_SOFT, anchor="lm")
    award = _award_text(scene, team)
    colour = (
        palette.GOLD if award.startswith("+") else palette.SET if award.startswith("−") else palette.TEXT_SOFT
    )
    draw.text((right - 8, middle), award, font=font(30, True), fill=colour, anchor="rm")
    counts = scene.counts[team] if team < len(scene.counts) else ()
    start = x + text_width(took, SMALLEST) + 16
    room = right - 8 - text_width(award, 30, True) - 14 - start
    if counts and room >= COUNT_TILE:
        # The count tiles caught, fanned closer when many (two sets' worth in Eighty-eight), as many as fit.
        step = (
            COUNT_TILE + 6
            if len(counts) == 1
            else max(8, min(COUNT_TILE + 6, (room - COUNT_TILE) // (len(counts) - 1)))
        )
        shown = min(len(counts), 1 + (room - COUNT_TILE) // step)
        for i, text in enumerate(counts[:shown]):
            place_tile(img, read_tile(text), COUNT_TILE, True, (start + i * step, middle - COUNT_TILE))


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
