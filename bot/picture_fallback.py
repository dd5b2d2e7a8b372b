"""Plain stand-in pictures, used while (or if) the real renderers of `bot.pictures` are unavailable.

Each function takes the same scene as its counterpart in `bot.pictures` and returns PNG bytes: a felt-green
card with the scene written out in text, so a game is playable either way.
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw, ImageFont

from .pictures.scenes import GameEndScene, HandEndScene, HandScene, TableScene

_FELT = (22, 94, 58)
_INK = (240, 240, 230)
_DIM = (150, 170, 160)


def _card(lines: list[tuple[str, bool]], width: int = 640) -> bytes:
    font = ImageFont.load_default(size=20)
    height = 24 + 28 * max(1, len(lines))
    image = Image.new("RGB", (width, height), _FELT)
    draw = ImageDraw.Draw(image)
    for row, (text, bright) in enumerate(lines):
        draw.text((16, 12 + 28 * row), text, fill=_INK if bright else _DIM, font=font)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def render_hand(scene: HandScene) -> bytes:
    """A player's tiles in a row; unplayable ones dimmed, trumps marked with *."""
    lines = [(scene.title or "Your hand", True)]
    tiles = []
    for tile in scene.tiles:
        mark = "*" if tile in scene.trumps else ""
        playable = scene.playable is None or tile in scene.playable
        tiles.append(f"[{tile}{mark}]" if playable else f"({tile})")
    lines.append(("  ".join(tiles) or "(no tiles)", True))
    return _card(lines)


def render_table(scene: TableScene) -> bytes:
    """The seats with the trick in progress, the last trick and the score."""
    lines = [(scene.status or "Texas 42", True)]
    for seat, info in enumerate(scene.seats):
        tags = []
        if seat == scene.dealer:
            tags.append("dealer")
        if seat == scene.turn:
            tags.append("to act")
        if seat == scene.out:
            tags.append("sits out")
        played = scene.trick.get(seat, "")
        lines.append((f"{info.name:<20} {played:<6} {' · '.join(tags)}", seat == scene.turn))
    if scene.bid:
        lines.append((f"Bid: {scene.bid}" + (f" · {scene.contract}" if scene.contract else ""), True))
    if scene.last_trick:
        tiles = " ".join(scene.last_trick[s] for s in sorted(scene.last_trick))
        lines.append((f"Last trick: {tiles}", False))
    score = " · ".join(f"{n} {s}" for n, s in zip(scene.team_names, scene.scores, strict=False))
    lines.append((f"{scene.score_kind.capitalize()}: {score} (to {scene.target})", True))
    return _card(lines)


def render_hand_end(scene: HandEndScene) -> bytes:
    """The result of a hand."""
    lines = []
    if scene.bidder is None:
        lines.append(("Everyone passed: the hand is thrown in.", True))
    else:
        result = "made it" if scene.made else "was set"
        lines.append((f"{scene.seats[scene.bidder].name} bid {scene.bid} ({scene.contract}) and {result}.", True))
    for team, name in enumerate(scene.team_names):
        award = scene.award[team] if scene.award else 0
        lines.append((f"{name}: {scene.points[team]} points, +{award} {scene.score_kind}", True))
    score = " · ".join(f"{n} {s}" for n, s in zip(scene.team_names, scene.scores, strict=False))
    lines.append((f"Score: {score} (to {scene.target})", False))
    return _card(lines)


def render_game_end(scene: GameEndScene) -> bytes:
    """The winners and the final score."""
    winners = ", ".join(scene.players[scene.winner])
    lines = [(f"{scene.team_names[scene.winner]} win: {winners}", True)]
    for team, name in enumerate(scene.team_names):
        lines.append((f"{name} ({', '.join(scene.players[team])}): {scene.scores[team]} {scene.score_kind}", True))
    lines.append((f"{scene.hands_played} hands played", False))
    return _card(lines)
