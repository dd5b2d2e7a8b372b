"""The daily deals as a service: a player's day (resumed from the database wherever they stopped), their
moves, and the day's leaderboard. Every answer is read from what is stored, so any process can take any
click and a restart loses nothing; a move writes only if the deal is still where the player saw it.

What a player may see of others is decided here: nothing of anyone's results until they have finished the
day themselves (the leaderboard then ranks the finishers), and yesterday's seeds once yesterday is over.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from datetime import UTC, date, datetime
from fractions import Fraction

from bot.storage import daily as stored
from bot.storage.driver import Database
from bot.storage.server_settings import load_settings
from engine import IllegalAction

from .deal_play import PLAYER_SEAT, PlayerMaker, computers_play, replay, score_of, strong_fixed
from .matchpoints import DealScore, day_scores, matchpoints, ranking
from .screens import Board, BoardLine, DailyDone, DailyRefused, DailyTurn, DealOutcome, Why
from .seeds import DEALS_A_DAY, KEY_BYTES, ServerDay, day_commitments, day_seeds, server_day
from .streaks import streak

KeySource = Callable[[], bytes]


class DailyService:
    """The server's daily deals (see the module docstring). ``clock`` gives seconds since the epoch."""

    def __init__(
        self,
        storage: Database,
        clock: Callable[[], float],
        player: PlayerMaker = strong_fixed,
        keys: KeySource = lambda: secrets.token_bytes(KEY_BYTES),
    ):
        self.storage = storage
        self.clock = clock
        self.player = player
        self.keys = keys

    # ------------------------------------------------------------------ the day

    async def today(self, guild_id: int, days_back: int = 0) -> ServerDay:
        """The server's day now (in its time zone), or one ``days_back`` before."""
        settings = await load_settings(self.storage, guild_id)
        return server_day(datetime.fromtimestamp(self.clock(), UTC), settings.timezone, days_back)

    async def key(self, guild_id: int) -> bytes:
        """The server's key (drawn the first time it is needed)."""
        return await stored.server_key(self.storage, guild_id, self.keys())

    async def commitments(self, guild_id: int) -> list[str]:
        """Today's published commitments, deal 1 first."""
        return day_commitments(await self.key(guild_id), (await self.today(guild_id)).day)

    # ------------------------------------------------------------------ playing

    async def open(
        self, guild_id: int, user_id: int, name: str, just_over: DealOutcome | None = None
    ) -> DailyTurn | DailyDone:
        """Where the player is in today's deals: their turn in the first deal not over (begun for them if
        new), or their finished day."""
        day = (await self.today(guild_id)).day
        key = await self.key(guild_id)
        seeds = day_seeds(key, day)
        rows = await stored.player_deals(self.storage, guild_id, user_id, day.isoformat())
        over = [row for row in rows if row.result is not None]
        if len(over) >= DEALS_A_DAY:
            return await self._done(guild_id, user_id, day, seeds, just_over)
        deal_no = len(over)
        current = next((row for row in rows if row.deal_no == deal_no), None)
        seed = seeds[deal_no]
        if current is None:
            hand, actions = await asyncio.to_thread(
                computers_play, seed, replay(seed, deal_no, []), [], self.player
            )
            await stored.start_deal(self.storage, guild_id, user_id, day.isoformat(), name, deal_no, actions)
            rows = await stored.player_deals(self.storage, guild_id, user_id, day.isoformat())
            current = next(row for row in rows if row.deal_no == deal_no)
        hand = replay(seed, deal_no, list(current.actions))
        return DailyTurn(
            day, deal_no, hand, len(current.actions), day_commitments(key, day)[deal_no], just_over
        )

    async def act(
        self, guild_id: int, user_id: int, name: str, day_text: str, deal_no: int, seen: int, choice: int
    ) -> DailyTurn | DailyDone:
        """The player's ``choice`` (an index into the legal actions they were shown after ``seen``
        actions), the computers' answers, and where that leaves them. DailyRefused if it no longer fits."""
        day = (await self.today(guild_id)).day
        if day_text != day.isoformat():
            raise DailyRefused(Why.DAY_OVER)
        if not 0 <= deal_no < DEALS_A_DAY:
            raise DailyRefused(Why.FORGED)
        rows = await stored.player_deals(self.storage, guild_id, user_id, day_text)
        row = next((r for r in rows if r.deal_no == deal_no), None)
        if row is None or row.result is not None or len(row.actions) != seen:
            raise DailyRefused(Why.STALE)
        seed = day_seeds(await self.key(guild_id), day)[deal_no]
        hand = replay(seed, deal_no, list(row.actions))
        legal = hand.legal_actions()
        if hand.turn != PLAYER_SEAT or not 0 <= choice < len(legal):
            raise DailyRefused(Why.STALE)
        try:
            hand = hand.apply(legal[choice])
        except IllegalAction:  # a disabled tile's button (the rules say why not)
            raise DailyRefused(Why.STALE) from None
        hand, actions = await asyncio.to_thread(
            computers_play, seed, hand, [*row.actions, legal[choice]], self.player
        )
        score = score_of(hand) if hand.complete else None
        result = (
            None if score is None else (score.us_marks, score.them_marks, score.us_points, score.them_points)
        )
        last = score is not None and deal_no == DEALS_A_DAY - 1
        finished_at = datetime.fromtimestamp(self.clock(), UTC).isoformat() if last else None
        saved = await stored.save_deal(
            self.storage, guild_id, user_id, day_text, deal_no, seen, actions, result, finished_at
        )
        if not saved:
            raise DailyRefused(Why.STALE)
        outcome = None if score is None else DealOutcome(deal_no, hand, score)
        return await self.open(guild_id, user_id, name, outcome)

    async def _done(
        self, guild_id: int, user_id: int, day: date, seeds: list[bytes], just_over: DealOutcome | None
    ) -> DailyDone:
        fields, players = await self._fields(guild_id, day)
        finishers = [p.user_id for p in players if p.finished_at is not None]
        scores = day_scores(fields)
        mine = await stored.player_deals(self.storage, guild_id, user_id, day.isoformat())
        outcomes = []
        for row in mine:
            assert row.result is not None
            points = matchpoints(fields[row.deal_no])
            hand = replay(seeds[row.deal_no], row.deal_no, list(row.actions))
            outcomes.append(
                DealOutcome(
                    row.deal_no,
                    hand,
                    DealScore(*row.result),
                    points.get(user_id, Fraction(0)),
                    len(fields[row.deal_no]) - 1,
                )
            )
        days = await stored.finished_days(self.storage, guild_id, [user_id])
        run = streak([date.fromisoformat(d) for d in days[user_id]], day)
        return DailyDone(day, tuple(outcomes), scores.get(user_id), len(finishers), run, just_over)

    async def _fields(
        self, guild_id: int, day: date
    ) -> tuple[list[dict[int, DealScore]], list[stored.DayPlayer]]:
        """Each deal's field (everyone who finished that deal of the day) and who played the day."""
        results = await stored.day_results(self.storage, guild_id, day.isoformat())
        fields: list[dict[int, DealScore]] = [{} for _ in range(DEALS_A_DAY)]
        for row in results:
            assert row.result is not None
            fields[row.deal_no][row.user_id] = DealScore(*row.result)
        return fields, await stored.day_players(self.storage, guild_id, day.isoformat())

    # ------------------------------------------------------------------ the leaderboard

    async def board(self, guild_id: int, viewer_id: int) -> Board:
        """The day's leaderboard as ``viewer_id`` may see it, and yesterday's, revealed."""
        today = await self.today(guild_id)
        yesterday = await self.today(guild_id, days_back=1)
        lines, players = await self._ranked(guild_id, today.day)
        finished = {p.user_id for p in players if p.finished_at is not None}
        shows = viewer_id in finished
        if not shows:  # who finished, and their streaks; nothing of how they did
            lines = tuple(
                sorted((BoardLine(line.name, None, line.streak) for line in lines), key=lambda x: x.name)
            )
        old_lines, old_players = await self._ranked(guild_id, yesterday.day)
        seeds = (
            tuple(s.hex() for s in day_seeds(await self.key(guild_id), yesterday.day)) if old_players else ()
        )
        playing = sum(1 for p in players if p.finished_at is None)
        return Board(today.day, shows, lines, playing, yesterday.day, old_lines, seeds)

    async def _ranked(self, guild_id: int, day: date) -> tuple[tuple[BoardLine, ...], list[stored.DayPlayer]]:
        """A day's finishers ranked by their score against the field, with their streaks on that day."""
        fields, players = await self._fields(guild_id, day)
        names = {p.user_id: p.name for p in players if p.finished_at is not None}
        scores = {user: score for user, score in day_scores(fields).items() if user in names}
        days = await stored.finished_days(self.storage, guild_id, list(names))
        lines = tuple(
            BoardLine(
                names[score.player],  # type: ignore[index]
                score.percentage,
                streak([date.fromisoformat(d) for d in days[score.player]], day),  # type: ignore[index]
            )
            for score in ranking(scores)
        )
        return lines, players
