"""`/42 history`, `/42 stats` and `/42 leaderboard by:rating` put into words and scenes. Pure: from stored
games (as plain data) and ratings; storage finds them, the coach sends them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.learn.player_record import SPECIALS, PlayerRecord
from bot.learn.ratings import Rating
from bot.pictures.counts import plural
from bot.pictures.learn_scenes import LevelRow, StatsScene
from bot.pictures.scenes import SeatInfo
from bot.storage.learning import FinishedTable
from engine import RecordError, Rules, read_record

from .review import bid_line, result_word

MAX_TEXT = 1900
MAX_REVIEW_BUTTONS = 20  # Discord allows 25 buttons a message; room is left for nothing else


@dataclass(frozen=True)
class StoredGame:
    """A finished game as history reads it: where and when, who sat where, the teams' results, the hands."""

    table_id: int
    channel_id: int
    closed_at: str
    variant: str
    rules: dict[str, Any]
    names: tuple[SeatInfo, ...]
    user_ids: tuple[int | None, ...]  # per seat: the person there (None: a computer)
    scores: tuple[int, ...]  # per team
    winner: int | None  # team
    hands: tuple[dict[str, Any], ...]
    hints: bool = False  # played with hints on


def stored_game(table: FinishedTable, escape: Callable[[str], str]) -> StoredGame:
    """A finished table as the history's words read it (its players' names passed through `escape`)."""
    rules = Rules.from_preset(table.variant, table.rules)
    names = tuple(
        SeatInfo(
            escape(table.seats[seat][0]) if seat in table.seats else label,
            computer=seat in table.seats and table.seats[seat][2] is not None,
            label=label,
            team=rules.team_of(seat),
        )
        for seat, label in enumerate(rules.seat_names)
    )
    return StoredGame(
        table.table_id,
        table.channel_id,
        table.closed_at,
        table.variant,
        table.rules,
        names,
        tuple(table.seats.get(s, ("", None, None))[1] for s in range(rules.players)),
        table.scores,
        table.winner,
        table.hands,
        table.hints,
    )


def game_rules(game: StoredGame) -> Rules:
    """The rules a stored game was played under."""
    return Rules.from_preset(game.variant, game.rules)


def hand_line(game: StoredGame, hand_no: int) -> str:
    """`12·3 alice bid 31 · Fives · made (34 points)`."""
    try:
        hand = read_record(game.hands[hand_no])
    except RecordError:
        return f"{game.table_id}·{hand_no + 1} (record damaged)"
    line = f"{game.table_id}·{hand_no + 1} {bid_line(hand, game.names)}"
    if hand.bidder is not None:
        taken = hand.points[hand.rules.team_of(hand.bidder)]
        line += f" · {result_word(hand).lower()} ({plural(taken, 'point')})"
    return line


def game_heading(game: StoredGame) -> str:
    """`**Table 12** · Standard 42 · <#channel> · 2026-11-23 · N–S 7 – E–W 5, N–S won` (` · hints on` after the
    game's name if it was played with hints)."""
    rules = game_rules(game)
    sides = []
    for team, name in enumerate(rules.team_names):
        who = ", ".join(info.name for seat, info in enumerate(game.names) if rules.team_of(seat) == team)
        score = game.scores[team] if team < len(game.scores) else 0
        sides.append(f"{name} ({who}) {score}" if who != name else f"{name} {score}")
    won = f"{rules.team_names[game.winner]} won" if game.winner is not None else "unfinished"
    hints = " · hints on" if game.hints else ""
    return (
        f"**Table {game.table_id}** · {rules.title}{hints} · <#{game.channel_id}> · {game.closed_at[:10]}\n"
        f"{' – '.join(sides)} · {won}"
    )


def history_text(games: Sequence[StoredGame], whose: str | None) -> str:
    """The last finished games of a server, newest first, each hand in a line."""
    if not games:
        return (
            f"No finished games with {whose} in this server yet."
            if whose
            else "No finished games in this server yet. Open a table with `/42 new`."
        )
    lines = [
        f"**Last finished games{' with ' + whose if whose else ''}** (newest first) · "
        "`Review` a hand below, privately"
    ]
    for game in games:
        lines.append("")
        lines.append(game_heading(game))
        lines.extend(hand_line(game, n) for n in range(len(game.hands)))
    text = "\n".join(lines)
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def reviewable(games: Sequence[StoredGame]) -> list[tuple[int, int]]:
    """(table id, hand number) of the newest hands, newest game first, at most MAX_REVIEW_BUTTONS."""
    out: list[tuple[int, int]] = []
    for game in games:
        for hand_no in range(len(game.hands)):
            if len(out) < MAX_REVIEW_BUTTONS:
                out.append((game.table_id, hand_no))
    return out


def stats_scene(
    name: str,
    games: int,
    won: int,
    marks: int,
    rating: Rating | None,
    history: Sequence[Rating],
    record: PlayerRecord,
    points: int = 0,
) -> StatsScene:
    """One player's record as the picture shows it."""
    bids = tuple(
        LevelRow(level, t.tried, t.made, t.set)
        for level in record.bid_levels()
        for t in (record.bids[level],)
    )
    specials = tuple(
        LevelRow(name_, t.tried, t.made, t.set) for name_ in SPECIALS for t in (record.specials[name_],)
    )
    return StatsScene(
        name=name,
        games=games,
        won=won,
        rating=rating.shown if rating else None,
        history=tuple(r.shown for r in history),
        bids=bids,
        specials=specials,
        count_fed=record.count_fed,
        hands=record.hands,
        hint_games=record.hint_games,
        marks_won=marks,
        points_won=points,
    )


def stats_text(scene: StatsScene) -> str:
    """The record's figures in words (for screen readers and anyone whose pictures are off)."""
    lines = [
        f"**{scene.name}** · {plural(scene.games, 'game')} played, {scene.won} won · "
        f"{plural(scene.marks_won, 'mark')} won"
        + (f" · {plural(scene.points_won, 'point')} won" if scene.points_won else "")
    ]
    if scene.rating is not None:
        trend = f" (from {scene.history[0]})" if len(scene.history) > 1 else ""
        lines.append(f"Rating: **{scene.rating}**{trend} after {plural(len(scene.history), 'rated game')}")
    else:
        lines.append("Rating: none yet (rated after each finished game)")
    bid, made, set_ = (sum(getattr(row, f) for row in scene.bids) for f in ("tried", "made", "set"))
    lines.append(f"Hands bid: {bid} · made: {made} · set: {set_}")
    if scene.bids:
        lines.append(
            "Bids won: "
            + " · ".join(f"{row.level}: {row.tried} ({row.made} made, {row.set} set)" for row in scene.bids)
        )
    else:
        lines.append("Bids won: none yet")
    lines.append(
        "Special contracts (called/made): "
        + " · ".join(f"{row.level} {row.tried}/{row.made}" for row in scene.specials)
    )
    lines.append(
        f"Count fed to partners: {plural(scene.count_fed, 'point')} over {plural(scene.hands, 'hand')}"
    )
    if scene.hint_games:
        lines.append(f"Games played with hints on: {scene.hint_games}")
    return "\n".join(lines)


def rating_board_text(rows: Sequence[tuple[str, Rating]]) -> str:
    """`/42 leaderboard by:rating`: rank, name, shown rating and rated games."""
    if not rows:
        return "No rated games in this server yet. Open a table with `/42 new`."
    lines = ["**Leaderboard** · skill rating (rated games)"]
    for rank, (name, rating) in enumerate(rows, start=1):
        lines.append(f"{rank}. **{name}** — {rating.shown} ({plural(rating.games, 'game')})")
    return "\n".join(lines)
