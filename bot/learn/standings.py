"""Where players stand: skill ratings per server (each finished game rated once, kept, and replayable),
each player's record from their hands, and the rating board. Storage keeps the rows
(`bot.storage.learning`); the rating itself is `ratings.RatingBook`'s.

`RatingOnGameOver` is the table listener that rates a server's finished games as soon as one ends.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from bot.storage import learning as kept
from bot.storage.errors import StorageUnavailable
from bot.storage.learning import FinishedTable, KeptRating
from bot.storage.rows import PlayerStats
from bot.storage.store import Storage
from engine import Rules

from .player_record import GamePlayed, PlayerRecord, added_up, game_records
from .ratings import FinishedGame, Rating, RatingBook, Seat, places_of, replay

log = logging.getLogger(__name__)


@lru_cache(maxsize=64)
def _rules(variant: str, overrides: str) -> Rules:
    """A stored table's rules (built once per kind of table: recomputing reads thousands)."""
    return Rules.from_preset(variant, json.loads(overrides))


def game_of(table: FinishedTable) -> FinishedGame:
    """A finished table as ratings read it: each team's seats and its place."""
    rules = _rules(table.variant, json.dumps(table.rules, sort_keys=True))
    sides = tuple(
        tuple(
            Seat(user, level)
            for seat, (_, user, level) in sorted(table.seats.items())
            if rules.team_of(seat) == team
        )
        for team in range(rules.teams)
    )
    return FinishedGame(table.table_id, sides, places_of(table.scores, table.winner or 0))


def _rating(row: KeptRating) -> Rating:
    return Rating(row.mu, row.sigma, row.games)


def _rate(table: FinishedTable, before: dict[int, KeptRating]) -> dict[int, KeptRating]:
    """The new ratings of the people in one game, from their kept ones (newcomers have none)."""
    book = RatingBook({user: _rating(row) for user, row in before.items()})
    return {user: KeptRating(r.mu, r.sigma, r.games) for user, r in book.rate(game_of(table)).items()}


async def rate_finished(storage: Storage, guild_id: int) -> int:
    """Rate every finished game of a server not rated yet, oldest first; returns how many were rated."""
    rated = 0
    for table in await kept.unrated_games(storage, guild_id):
        rated += await kept.rate_game(storage, guild_id, table, _rate)
    return rated


async def record_finished(
    storage: Storage, guild_id: int, *, user_id: int | None = None, table_ids: list[int] | None = None
) -> int:
    """Keep the records of a server's finished games not kept yet: those `user_id` played, or those of
    `table_ids`. Each game's hands are read once, in a worker thread, for every player at it (a game ends:
    its records are kept; a player's games from before records were kept are kept at their first `/42
    stats`). Returns how many games were recorded."""
    games = await kept.unrecorded_games(storage, guild_id, user_id=user_id, table_ids=table_ids)
    if games:
        await kept.keep_game_records(
            storage,
            guild_id,
            await asyncio.to_thread(_records_of, games),
            lambda records: added_up(records).to_json(),
        )
    return len(games)


def _records_of(games: Sequence[FinishedTable]) -> dict[int, dict[int, Any]]:
    """Each game's record for each of its players, as data."""
    out = {}
    for table in games:
        rules = _rules(table.variant, json.dumps(table.rules, sort_keys=True))
        players = {
            user: (seat, table.winner == rules.team_of(seat))
            for seat, (_, user, _) in table.seats.items()
            if user is not None
        }
        records = game_records(players, table.hints, table.hands)
        out[table.table_id] = {user: record.to_json() for user, record in records.items()}
    return out


async def kept_record(storage: Storage, guild_id: int, user_id: int) -> PlayerRecord:
    """A person's record in a server: the kept records of their games, added up as each was kept (one
    row however many games they played); their games not recorded yet are recorded first."""
    await record_finished(storage, guild_id, user_id=user_id)
    total = await kept.player_total(storage, guild_id, user_id)
    return PlayerRecord() if total is None else PlayerRecord.from_json(total)


async def ratings(storage: Storage, guild_id: int) -> dict[int, Rating]:
    """Every rated player of a server."""
    return {user: _rating(row) for user, row in (await kept.kept_ratings(storage, guild_id)).items()}


async def rating_history(storage: Storage, guild_id: int, user_id: int) -> list[Rating]:
    """A player's rating after each rated game, oldest first."""
    return [_rating(row) for row in await kept.rating_history(storage, guild_id, user_id)]


async def recompute(storage: Storage, guild_id: int) -> RatingBook:
    """Every rating of a server again from the stored games, in the order they were rated (the kept
    ratings are exactly these)."""
    return replay(game_of(table) for table in await kept.rated_games(storage, guild_id))


async def games_of(storage: Storage, guild_id: int, user_id: int) -> list[GamePlayed]:
    """Every finished game a person played in this server, oldest first, for their record."""
    played = []
    for table in await kept.finished_tables(
        storage, guild_id, user_id=user_id, limit=None, oldest_first=True
    ):
        seat = next(s for s, (_, user, _) in table.seats.items() if user == user_id)
        team = Rules.from_preset(table.variant, table.rules).team_of(seat)
        played.append(GamePlayed(table.table_id, seat, table.winner == team, table.hints, table.hands))
    return played


@dataclass(frozen=True)
class Standing:
    """One player's standing in a server: their totals, ratings after each rated game, and record."""

    stats: PlayerStats
    history: list[Rating]
    record: PlayerRecord

    @property
    def rating(self) -> Rating | None:
        """Their rating now (None: not rated yet)."""
        return self.history[-1] if self.history else None


async def standing(storage: Storage, guild_id: int, user_id: int) -> Standing | None:
    """A player's standing in this server (the server's games rated first), or None if they have never
    finished a game here."""
    await rate_finished(storage, guild_id)
    stats = await storage.player_stats(guild_id, user_id)
    if stats is None:
        return None
    history = await rating_history(storage, guild_id, user_id)
    return Standing(stats, history, await kept_record(storage, guild_id, user_id))


async def rating_board(storage: Storage, guild_id: int, limit: int) -> list[tuple[str, Rating]]:
    """This server's best rated players (the server's games rated first): their last known names (their
    ids if none) and ratings, best first."""
    await rate_finished(storage, guild_id)
    top = RatingBook(await ratings(storage, guild_id)).ranking()[:limit]
    names = await kept.names(storage, guild_id, [user for user, _ in top])
    return [(names.get(user, str(user)), rating) for user, rating in top]


# ---------------------------------------------------------------------- the listener


class AtTable(Protocol):
    """A table as the rating listener sees it: its server and its id."""

    @property
    def guild_id(self) -> int: ...

    @property
    def id(self) -> int: ...


class RatingOnGameOver:
    """A table listener the bot hands its table service: when a game is over, it rates the server's
    finished games in the background (a rating is updated per finished game, not only when someone next
    reads one; a game missed here, say by a restart, is rated at the next reading, since each game is
    rated once whoever gets there first). It hears only a game's end."""

    hears = frozenset({"game_over"})  # the table service tells it of this kind only

    def __init__(self, storage: Storage):
        self.storage = storage
        self._rating: set[asyncio.Task[int]] = set()

    def publish(self, table: AtTable, events: Sequence[object]) -> None:
        """A game at `table` is over (`events` end it): start rating its server (never waits)."""
        task = asyncio.get_running_loop().create_task(
            self._rate(table.guild_id, table.id), name=f"rate-{table.guild_id}"
        )
        self._rating.add(task)
        task.add_done_callback(self._rating.discard)

    async def _rate(self, guild_id: int, table_id: int) -> int:
        try:
            rated = await rate_finished(self.storage, guild_id)
            await record_finished(self.storage, guild_id, table_ids=[table_id])  # kept for /42 stats
            return rated
        except StorageUnavailable:  # the database is away (the log says so once): rated at the next reading
            return 0
        except Exception:  # the ratings are derived: the next reading rates the game instead
            log.exception("rating the finished games of server %s failed", guild_id)
            return 0

    async def settled(self) -> None:
        """Wait for the ratings under way (tests; a clean stop)."""
        while self._rating:
            await asyncio.gather(*self._rating, return_exceptions=True)
