"""What the bot answers a click or a command with, privately or in the channel: refusals, confirmations,
the rules of a game and the server's leaderboard. The adapter sends these words as they are."""

from __future__ import annotations

from collections.abc import Sequence

from bot.pictures.counts import plural
from bot.storage.rows import PlayerStats
from engine import Rules

from .messages import NEW_TO_42
from .settings_words import from_server_line

# ---------------------------------------------------------------------- clicks

GONE = "That button belongs to a table that has closed."
NOT_IN_USE = "That button isn't in use any more."
WENT_WRONG = "Something went wrong on my side; please try again."
DATABASE_AWAY = (
    "I can't reach the game's records for a moment, so nothing was done. Please try again in a few seconds."
)
WELCOME_BACK = "Welcome back: your seat is yours again."
ALREADY_PLAYING = "You're already playing your seat."
LEAVE_FOR_GOOD = (
    "Leave this game? A computer takes your seat for the rest of it, and nothing is tallied for you."
)

# ---------------------------------------------------------------------- commands

NOT_PLAYING_HERE = "You're not playing at a table here."
NO_TABLE_HERE = "There is no open table in this channel."
ONLY_THE_HOST_ENDS = "Only the table's host, or someone with Manage Messages, can end it."
CANNOT_POST = "I can't post in this channel: I need View Channel, Send Messages and Attach Files here."
NO_GAMES_YET = "No finished games in this server yet. Open a table with `/42 new`."
THE_BOT = "the bot"  # who ended a table the bot could not post at ("This table was ended by the bot.")


def table_opened(table_id: int) -> str:
    """`/42 new` answered: the table is open."""
    return f"Your table is open (table {table_id}). Players sit with the buttons; you press **Start**."


def table_opened_slowly(table_id: int) -> str:
    """`/42 new` answered while Discord is slow to take the table message."""
    return (
        f"Your table is open (table {table_id}); Discord is slow right now, so its message may "
        "take a moment to appear."
    )


def table_ended(table_id: int) -> str:
    """`/42 end` answered."""
    return f"Table {table_id} is ended. Nothing was tallied."


def rules_lines(rules: Rules, table_id: int | None = None, from_server: Sequence[str] = ()) -> list[str]:
    """`/42 rules`: the rules in force, then the game in plain words; headed by the table (`table_id`) or
    by the preset, and saying what came from the server's defaults (`from_server`)."""
    if table_id is not None:
        heading = f"**{rules.title}** · table {table_id}"
    else:
        heading = f"**{rules.title}** (preset `{rules.preset}`)"
    defaults = [f"• {from_server_line(from_server)}"] if from_server else []
    return [
        heading,
        *defaults,
        *(f"• {line}" for line in rules.describe()),
        "**In plain words**",
        *(f"• {line}" for line in rules.explain()),
        NEW_TO_42,
    ]


def leaderboard_text(rows: Sequence[PlayerStats], names: Sequence[str]) -> str:
    """`/42 leaderboard`: the server's players ranked by marks won, with points in points games (Moon, the
    Big Game, Eighty-eight) and games won and played. `names`: each row's name, escaped for Discord."""
    lines = ["**Leaderboard** · marks won, and points in points games (games won / played)"]
    for rank, (row, name) in enumerate(zip(rows, names, strict=True), start=1):
        points = f", {plural(row.points_won, 'point')}" if row.points_won else ""
        lines.append(
            f"{rank}. **{name}** — {plural(row.marks_won, 'mark')}{points} "
            f"({row.games_won} won / {row.games_played} played)"
        )
    return "\n".join(lines)
