"""Puzzles as kept (migration 0011): each puzzle (its definition as JSON) with its rating, the server's
puzzle of each day, each player's answer to a puzzle (the first one counts) and their puzzle rating and
streak. An answer is one transaction: it counts only if it is the player's first to that puzzle."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .driver import Database, Run
from .sql import mappings

NEW_PUZZLE = "INSERT INTO puzzles (guild_id, puzzle_json, mu, sigma) VALUES (:guild, :puzzle, :mu, :sigma) RETURNING id"
CLAIM_DAY = (
    "INSERT INTO daily_puzzles (guild_id, day, puzzle_id) VALUES (:guild, :day, :puzzle)"
    " ON CONFLICT (guild_id, day) DO NOTHING"
)
DAY_PUZZLE = "SELECT puzzle_id FROM daily_puzzles WHERE guild_id = :guild AND day = :day"
ANSWER = (
    "INSERT INTO puzzle_answers (puzzle_id, user_id, answer, correct) VALUES (:puzzle, :user, :answer, :correct)"
    " ON CONFLICT (puzzle_id, user_id) DO NOTHING RETURNING puzzle_id"
)
PLAYER = (
    "SELECT mu, sigma, answered, solved, streak, best_streak FROM puzzle_players"
    " WHERE guild_id = :guild AND user_id = :user"
)
SAVE_PLAYER = (
    "INSERT INTO puzzle_players (guild_id, user_id, mu, sigma, answered, solved, streak, best_streak)"
    " VALUES (:guild, :user, :mu, :sigma, :answered, :solved, :streak, :best_streak)"
    " ON CONFLICT (guild_id, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
    " answered = excluded.answered, solved = excluded.solved, streak = excluded.streak,"
    " best_streak = excluded.best_streak"
)
SAVE_PUZZLE = (
    "UPDATE puzzles SET mu = :mu, sigma = :sigma, answered = :answered, solved = :solved WHERE id = :id"
)


@dataclass(frozen=True)
class StoredPuzzle:
    """A puzzle as kept: its id, server, definition (JSON data), rating and answers so far."""

    id: int
    guild_id: int
    data: dict[str, Any]
    mu: float
    sigma: float
    answered: int
    solved: int


@dataclass(frozen=True)
class PuzzlePlayer:
    """A player's puzzles in a server: their puzzle rating, answers, and right answers in a row."""

    mu: float
    sigma: float
    answered: int = 0
    solved: int = 0
    streak: int = 0
    best_streak: int = 0


def _puzzle(row: Any) -> StoredPuzzle:
    return StoredPuzzle(
        row["id"],
        row["guild_id"],
        json.loads(row["puzzle_json"]),
        row["mu"],
        row["sigma"],
        row["answered"],
        row["solved"],
    )


async def add_puzzle(storage: Database, guild_id: int, data: dict[str, Any], mu: float, sigma: float) -> int:
    """Keep a new puzzle of the server; its id."""

    def steps(run: Run) -> int:
        rows = run(NEW_PUZZLE, {"guild": guild_id, "puzzle": json.dumps(data), "mu": mu, "sigma": sigma})
        return int(rows[0][0])

    return await storage.driver.write(steps)


async def day_puzzle(storage: Database, guild_id: int, day: str, candidate: int) -> int:
    """The server's puzzle of the day: the one named already, else ``candidate`` (first to claim wins)."""

    def steps(run: Run) -> int:
        run(CLAIM_DAY, {"guild": guild_id, "day": day, "puzzle": candidate})
        return int(run(DAY_PUZZLE, {"guild": guild_id, "day": day})[0][0])

    return await storage.driver.write(steps)


async def named_day_puzzle(storage: Database, guild_id: int, day: str) -> int | None:
    """The server's puzzle of the day if one is named yet."""
    async with storage.reading() as db:
        rows = await mappings(db, DAY_PUZZLE, guild=guild_id, day=day)
    return int(rows[0]["puzzle_id"]) if rows else None


async def load_puzzle(storage: Database, puzzle_id: int) -> StoredPuzzle | None:
    """One puzzle as kept, or None."""
    async with storage.reading() as db:
        rows = await mappings(db, "SELECT * FROM puzzles WHERE id = :id", id=puzzle_id)
    return _puzzle(rows[0]) if rows else None


async def answered(storage: Database, user_id: int, puzzle_ids: list[int]) -> set[int]:
    """Which of these puzzles the player has answered."""
    if not puzzle_ids:
        return set()
    async with storage.reading() as db:
        rows = await mappings(
            db,
            "SELECT puzzle_id FROM puzzle_answers WHERE user_id = :user AND puzzle_id IN :ids",
            user=user_id,
            ids=puzzle_ids,
        )
    return {int(row["puzzle_id"]) for row in rows}


async def load_player(storage: Database, guild_id: int, user_id: int) -> PuzzlePlayer | None:
    """A player's puzzle record in the server (None: never answered one)."""
    async with storage.reading() as db:
        rows = await mappings(db, PLAYER, guild=guild_id, user=user_id)
    return PuzzlePlayer(**dict(rows[0])) if rows else None


Rerate = Callable[[PuzzlePlayer | None, StoredPuzzle], tuple[PuzzlePlayer, StoredPuzzle]]


async def record_answer(
    storage: Database, guild_id: int, user_id: int, puzzle_id: int, answer: str, correct: bool, rerate: Rerate
) -> tuple[PuzzlePlayer, StoredPuzzle] | None:
    """Keep a player's answer and move both ratings (``rerate`` gets them as stored now, rows locked);
    None if the player had answered this puzzle already (nothing changes)."""
    lock = storage.driver.row_lock

    def steps(run: Run) -> tuple[PuzzlePlayer, StoredPuzzle] | None:
        first = run(ANSWER, {"puzzle": puzzle_id, "user": user_id, "answer": answer, "correct": correct})
        if not first:
            return None
        found = run(f"SELECT * FROM puzzles WHERE id = :id{lock}", {"id": puzzle_id})
        columns = ("id", "guild_id", "puzzle_json", "mu", "sigma", "answered", "solved")
        puzzle = _puzzle(dict(zip(columns, found[0], strict=False)))
        mine = run(PLAYER + lock, {"guild": guild_id, "user": user_id})
        names = ("mu", "sigma", "answered", "solved", "streak", "best_streak")
        player = PuzzlePlayer(**dict(zip(names, mine[0], strict=True))) if mine else None
        new_player, new_puzzle = rerate(player, puzzle)
        run(SAVE_PLAYER, {"guild": guild_id, "user": user_id, **vars(new_player)})
        run(
            SAVE_PUZZLE,
            {"id": puzzle_id, "mu": new_puzzle.mu, "sigma": new_puzzle.sigma}
            | {"answered": new_puzzle.answered, "solved": new_puzzle.solved},
        )
        return new_player, new_puzzle

    return await storage.driver.write(steps)
