"""Running a started tournament's matches: each pass reads the tournament and its matches' tables as stored,
records what the tables say (results, no-shows: `results.settle_games`), ends the tables of forfeited
matches, and opens the matches that are ready (a thread, the players told, the table seated and started).

Every step is safe to repeat: the tournament is read afresh and changed against its version, a match's
table is found again by its tag, a thread is kept as soon as it is made. A process killed anywhere between
two steps leaves a tournament the next pass carries on from, in this process after its restart or in the
one that takes the tournament over.

Matches between computer teams play by themselves, `computer_matches` of them at a time, so they never
crowd the tables where people play (their tables also play at the matches' own pace: the table service's
`match_pause`).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping

from bot.storage.errors import StorageUnavailable
from bot.storage.store import Storage
from bot.storage.tournaments import MatchTable, match_tables, open_match_tables

from .model import Match
from .outside import MatchTables, Stage
from .progress import champion, ready_matches
from .record import ENDED, RUNNING, Record, Run, Stored
from .results import LIVE, computer_only, current_tags, seat_rows, settle_games, status_after, winners

log = logging.getLogger("bot.tournaments")

PASSES = 20  # a pass that changed something is followed by another, this many at most
FORFEIT = "a no-show"  # who ended a forfeited match's table (its table message says "ended by a no-show")
CANCELLED = "the tournament's end"

Decide = Callable[[Stored], tuple[str, Record, list[tuple[int, bool]]] | None]
Change = Callable[[int, Decide], Awaitable[Stored | None]]


class Matches:
    """Carries a running tournament forward (see the module docstring)."""

    def __init__(
        self,
        storage: Storage,
        tables: MatchTables,
        change: Change,
        load: Callable[[int], Awaitable[Stored | None]],
        clock: Callable[[], float],
        computer_matches: int = 4,
    ):
        self.storage = storage
        self.tables = tables
        self.change = change
        self.load = load
        self.clock = clock
        self.computer_matches = computer_matches
        self.stage: Stage | None = None  # the Discord side, once the bot has built it

    async def advance(self, tournament_id: int) -> None:
        """Carry the tournament forward until nothing more can be done now."""
        for _ in range(PASSES):
            stored = await self.load(tournament_id)
            if stored is None:
                return
            if stored.status == ENDED:
                await self.tidy(stored)
                return
            if stored.status != RUNNING or stored.record.tournament is None:
                return
            tags = current_tags(stored)
            tables = await match_tables(self.storage, tags.values())
            if await self._settle(stored, tables):
                continue
            if not await self._open_ready(stored, tables):
                return

    async def tidy(self, stored: Stored) -> None:
        """End every table of the tournament still open (it was ended while they played)."""
        for table_id in await open_match_tables(self.storage, f"t{stored.id}:"):
            await self.tables.end_match(table_id, CANCELLED)

    # ------------------------------------------------------------------ results

    async def _settle(self, stored: Stored, tables: Mapping[str, MatchTable]) -> bool:
        """Record what the tables say; True if the tournament changed."""
        now = self.clock()
        ended: list[int] = []

        def decide(fresh: Stored) -> tuple[str, Record, list[tuple[int, bool]]] | None:
            ended.clear()
            moved, to_end = settle_games(fresh, tables, now)
            if moved is None:
                return None
            ended.extend(to_end)
            record = Record(fresh.record.settings, fresh.record.signup, moved, fresh.record.runs)
            status = status_after(record)
            players = winners(record, champion(moved)) if status != RUNNING else []
            return status, record, players

        saved = await self.change(stored.id, decide)
        for table_id in ended:
            await self.tables.end_match(table_id, FORFEIT)
        return saved is not None

    # ------------------------------------------------------------------ opening

    async def _open_ready(self, stored: Stored, tables: Mapping[str, MatchTable]) -> bool:
        """Open each ready match that has no table yet (computer matches a few at a time), and tell the
        players of each newly opened table; True if anything was done."""
        tournament = stored.record.tournament
        assert tournament is not None
        if self.stage is None:
            return False  # nowhere to show a match yet (the bot is still starting)
        busy = sum(
            1
            for m in ready_matches(tournament)
            if computer_only(tournament, m)
            and (t := tables.get(stored.tag(m.id, len(m.games) + 1))) is not None
            and t.status in ("lobby", "playing")
        )
        done = False
        for match in ready_matches(tournament):
            game = len(match.games) + 1
            table = tables.get(stored.tag(match.id, game))
            live = table is not None and table.status in LIVE
            if live and table is not None and table.table_id == stored.record.run(match.id).table:
                continue  # under way
            if not live and computer_only(tournament, match):
                if busy >= self.computer_matches:
                    continue
                busy += 1
            try:
                opened = await self._open(stored, match, game, table if live else None)
            except StorageUnavailable:
                raise  # the database is away: the whole pass waits for the next tick
            except Exception:
                log.exception(
                    "tournament %s: opening match %s failed; trying again later", stored.id, match.id
                )
                continue
            if opened is None:
                return True  # the tournament changed meanwhile: read it again
            stored, done = opened, True
        return done

    async def _open(self, stored: Stored, match: Match, game: int, table: MatchTable | None) -> Stored | None:
        """Open one match's game: its thread (kept at once), its table, the players told. The tournament
        as saved after it (None if it had moved on meanwhile)."""
        run = stored.record.run(match.id)
        assert self.stage is not None
        thread = run.thread
        if thread is None:
            thread = await self.stage.open_thread(stored, match)
            saved = await self._keep_run(stored.id, match.id, Run(thread))
            if saved is None:
                return None
            stored = saved
        table_id = (
            table.table_id if table is not None else await self._open_table(stored, match, game, thread)
        )
        await self.stage.announce(stored, match, game, thread)
        return await self._keep_run(stored.id, match.id, Run(thread, table_id, self.clock()))

    async def _open_table(self, stored: Stored, match: Match, game: int, thread: int) -> int:
        settings = stored.settings
        return await self.tables.open_match(
            guild_id=stored.guild_id,
            channel_id=thread,
            host_id=stored.organiser_id,
            preset=settings.preset,
            target=settings.target,
            options=settings.options,
            seats=seat_rows(stored.record, match),
            tag=stored.tag(match.id, game),
        )

    async def _keep_run(self, tournament_id: int, match_id: str, run: Run) -> Stored | None:
        """Keep a match's run; None if the tournament is no longer running."""

        def decide(fresh: Stored) -> tuple[str, Record, list[tuple[int, bool]]] | None:
            if fresh.status != RUNNING:
                return None
            return fresh.status, fresh.record.with_run(match_id, run), []

        return await self.change(tournament_id, decide)
