"""The puzzles as a service: the server's puzzle of the day (made the first time anyone asks that day),
another one on request, a player's answer (the first to each puzzle counts: it moves the player's and the
puzzle's ratings and the player's streak of right answers), and a player's puzzle record for `/42 stats`.

Generating a puzzle is CPU work (dealing, playing and solving a few deals): it runs in a thread, and each
one is kept with its id, so a puzzle asked for is the same puzzle in every process and after a restart.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.storage import puzzles as stored
from bot.storage.driver import Database
from bot.storage.server_settings import load_settings
from engine import DEFAULT_PRESET, Rules
from engine.ai.puzzles import Puzzle, find

from .ratings import DEFAULT_MU, DEFAULT_SIGMA, Rating, rate_answer

SeedSource = Callable[[], bytes]


class NotAPuzzle(Exception):
    """A click naming a puzzle of another server, or a tile that is not one of the puzzle's: refused."""


@dataclass(frozen=True)
class PuzzleQuestion:
    """A puzzle to answer: its id, the puzzle, whether it is today's, and its rating."""

    id: int
    puzzle: Puzzle
    daily: bool
    rating: Rating


@dataclass(frozen=True)
class PuzzleAnswer:
    """An answer given: the tile, whether it was the best, the player's record after it (None where the
    answer did not count: they had answered this puzzle before) and the puzzle's rating."""

    id: int
    puzzle: Puzzle
    answer: str
    correct: bool
    player: stored.PuzzlePlayer | None
    rating: Rating


def player_rating(player: stored.PuzzlePlayer) -> Rating:
    """A player's puzzle rating, as the ratings show it."""
    return Rating(player.mu, player.sigma, player.answered)


class PuzzleService:
    """See the module docstring. ``clock`` gives seconds since the epoch; ``seeds`` the generator's seeds."""

    def __init__(
        self,
        storage: Database,
        clock: Callable[[], float],
        seeds: SeedSource = lambda: secrets.token_bytes(32),
    ):
        self.storage = storage
        self.clock = clock
        self.seeds = seeds
        self.rules = Rules.from_preset(DEFAULT_PRESET)

    async def _make(self, guild_id: int) -> int:
        """A new puzzle of the server, generated and kept; its id."""
        found: Puzzle | None = None
        while found is None:  # a seed whose fifty deals give none is very rare: draw another
            found = await asyncio.to_thread(find, self.seeds(), self.rules)
        return await stored.add_puzzle(self.storage, guild_id, found.to_json(), DEFAULT_MU, DEFAULT_SIGMA)

    async def _question(self, puzzle_id: int, daily: bool) -> PuzzleQuestion:
        kept = await stored.load_puzzle(self.storage, puzzle_id)
        assert kept is not None
        rating = Rating(kept.mu, kept.sigma, kept.answered)
        return PuzzleQuestion(kept.id, Puzzle.from_json(kept.data), daily, rating)

    async def ask(self, guild_id: int, user_id: int, fresh: bool = False) -> PuzzleQuestion:
        """Today's puzzle if the player has not answered it (and did not ask for another), else a new one."""
        settings = await load_settings(self.storage, guild_id)
        day = datetime.fromtimestamp(self.clock(), ZoneInfo(settings.timezone)).date().isoformat()
        today = await stored.named_day_puzzle(self.storage, guild_id, day)
        if today is None:
            today = await stored.day_puzzle(self.storage, guild_id, day, await self._make(guild_id))
        if not fresh and today not in await stored.answered(self.storage, user_id, [today]):
            return await self._question(today, daily=True)
        return await self._question(await self._make(guild_id), daily=False)

    async def answer(self, guild_id: int, user_id: int, puzzle_id: int, choice: int) -> PuzzleAnswer:
        """The player's tile (an index into the puzzle's legal tiles); NotAPuzzle for a puzzle of another
        server or a tile that is not one."""
        kept = await stored.load_puzzle(self.storage, puzzle_id)
        if kept is None or kept.guild_id != guild_id:
            raise NotAPuzzle
        puzzle = Puzzle.from_json(kept.data)
        legal = [c.action for c in puzzle.choices]
        if not 0 <= choice < len(legal):
            raise NotAPuzzle
        action = legal[choice]
        correct = action == puzzle.best

        def rerate(
            player: stored.PuzzlePlayer | None, now: stored.StoredPuzzle
        ) -> tuple[stored.PuzzlePlayer, stored.StoredPuzzle]:
            before = player or stored.PuzzlePlayer(DEFAULT_MU, DEFAULT_SIGMA)
            mine, theirs = rate_answer(
                player_rating(before), Rating(now.mu, now.sigma, now.answered), correct
            )
            streak = before.streak + 1 if correct else 0
            after = stored.PuzzlePlayer(
                mine.mu,
                mine.sigma,
                before.answered + 1,
                before.solved + int(correct),
                streak,
                max(before.best_streak, streak),
            )
            moved = stored.StoredPuzzle(
                now.id,
                now.guild_id,
                now.data,
                theirs.mu,
                theirs.sigma,
                now.answered + 1,
                now.solved + int(correct),
            )
            return after, moved

        done = await stored.record_answer(self.storage, guild_id, user_id, puzzle_id, action, correct, rerate)
        if done is None:  # answered before: the answer shows, nothing moves
            return PuzzleAnswer(
                kept.id, puzzle, action, correct, None, Rating(kept.mu, kept.sigma, kept.answered)
            )
        player, moved = done
        return PuzzleAnswer(
            kept.id, puzzle, action, correct, player, Rating(moved.mu, moved.sigma, moved.answered)
        )

    async def record(self, guild_id: int, user_id: int) -> stored.PuzzlePlayer | None:
        """A player's puzzle record in the server (None: no puzzle answered yet)."""
        return await stored.load_player(self.storage, guild_id, user_id)
