"""The tournament service: tournaments and club nights made, signed up for, started, run and ended, with no
Discord in sight. The bot's Discord side calls it and shows what it keeps (`outside.Stage`); the table
service opens its matches' tables (`outside.MatchTables`).

Every change reads the tournament as stored, decides on it (`signup` for the sign-up, `schedule` at Start)
and stores it against the version it read (`change`): a change another process made first is decided again
on the fresher tournament, so any process may take any click. The process that holds a tournament (a lease
with PostgreSQL, always with SQLite) runs its matches (`matches.Matches`) and shows its message: on every
tick, when one of its tables' games ends (`game_over`), and after its own changes.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable
from dataclasses import replace

from bot.storage.errors import StaleTournament, StorageUnavailable, TournamentBusy
from bot.storage.store import Storage
from bot.storage.tournaments import (
    TournamentRow,
    claim_tournaments,
    create_tournament,
    latest_in,
    load_tournament,
    release_tournaments,
    save_tournament,
    tournament_in,
    tournament_versions,
)

from . import signup as sign
from .matches import Decide, Matches
from .model import TournamentError
from .outside import MatchTables, Stage
from .record import ENDED, RUNNING, SIGNUP, Record, Settings, Stored, from_json, read_tag, to_json
from .refusal import Refused, Why
from .schedule import SMALLEST_CLUB, computers_to_fill, new_tournament
from .signup import Player

log = logging.getLogger("bot.tournaments")
ATTEMPTS = 8  # a change refused as stale is decided again on the fresh tournament, this many times at most


def stored_from(row: TournamentRow) -> Stored:
    """A tournament as read from its row."""
    return Stored(
        row.id,
        row.guild_id,
        row.channel_id,
        row.organiser_id,
        row.name,
        row.status,
        from_json(row.record),
        row.version,
        row.message_id,
    )


class TournamentService:
    """Makes, signs up for, starts, runs and ends tournaments (see the module docstring)."""

    def __init__(
        self,
        storage: Storage,
        tables: MatchTables,
        *,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        owner: str | None = None,
        lease_seconds: float = 20.0,
        computer_matches: int = 4,
    ):
        self.storage = storage
        self.clock = clock
        self.rng = rng if rng is not None else random.SystemRandom()
        self.owner = owner  # None: one process, every tournament is this one's
        self.lease_seconds = lease_seconds
        self.matches = Matches(storage, tables, self.change, self.find, clock, computer_matches)
        self.stage: Stage | None = None
        self.held: set[int] = set()  # with several processes: the tournaments this one runs
        self.closing = False
        self._seen: dict[int, int] = {}  # tournament -> the version last shown
        self._running: dict[int, asyncio.Task] = {}
        self._again: set[int] = set()
        self._locks: dict[int, asyncio.Lock] = {}

    def attach(self, stage: Stage) -> None:
        """From now on the tournaments show themselves on `stage` (the Discord side, built after this)."""
        self.stage = stage
        self.matches.stage = stage

    def owns(self, tournament_id: int) -> bool:
        """Whether this process runs the tournament's matches and shows its message."""
        return self.owner is None or tournament_id in self.held

    # ------------------------------------------------------------------ reading

    async def find(self, tournament_id: int) -> Stored | None:
        """The tournament as stored now."""
        row = await load_tournament(self.storage, tournament_id)
        return stored_from(row) if row is not None else None

    async def in_channel(self, channel_id: int) -> Stored | None:
        """The channel's open tournament (signing up or running), if any."""
        row = await tournament_in(self.storage, channel_id)
        return stored_from(row) if row is not None else None

    async def latest_in(self, channel_id: int) -> Stored | None:
        """The channel's newest tournament, open or over."""
        row = await latest_in(self.storage, channel_id)
        return stored_from(row) if row is not None else None

    # ------------------------------------------------------------------ making and signing up

    async def create(
        self, *, guild_id: int, channel_id: int, organiser_id: int, name: str, settings: Settings
    ) -> Stored:
        """A new tournament open for sign-up in this channel; Refused if the channel has one."""
        if not name.strip():
            raise Refused(Why.BAD_NAME)
        record = Record(settings)
        try:
            tournament_id = await create_tournament(
                self.storage,
                guild_id=guild_id,
                channel_id=channel_id,
                organiser_id=organiser_id,
                name=name.strip(),
                record=to_json(record),
                owner=self.owner,
                lease_seconds=self.lease_seconds,
            )
        except TournamentBusy:
            raise Refused(Why.CHANNEL_BUSY) from None
        self.held.add(tournament_id)
        stored = Stored(tournament_id, guild_id, channel_id, organiser_id, name.strip(), SIGNUP, record)
        self._show(stored)
        return stored

    async def ask(self, tournament_id: int, joiner: Player, partner: Player) -> Stored:
        """`joiner` names `partner`: an invitation waits for the partner's Accept (or, if the partner had
        named the joiner, they are a team)."""
        return await self._sign(
            tournament_id, lambda s: sign.ask(s.record.signup, joiner, partner, club=s.settings.club)
        )

    async def accept(self, tournament_id: int, partner_id: int, joiner_id: int) -> Stored:
        """`partner_id` accepts the invitation of `joiner_id`: they are a team."""
        return await self._sign(tournament_id, lambda s: sign.accept(s.record.signup, partner_id, joiner_id))

    async def join_alone(self, tournament_id: int, player: Player) -> Stored:
        """`player` joins alone (a partner is drawn at Start)."""
        return await self._sign(
            tournament_id, lambda s: sign.join_alone(s.record.signup, player, club=s.settings.club)
        )

    async def leave(self, tournament_id: int, user_id: int) -> tuple[Stored, Player | None]:
        """The user leaves the sign-up; the tournament and the partner they left alone, if any."""
        left: list[Player | None] = [None]

        def leaving(stored: Stored) -> sign.SignUp:
            signup, left[0] = sign.leave(stored.record.signup, user_id)
            return signup

        return await self._sign(tournament_id, leaving), left[0]

    async def add_computer_team(self, tournament_id: int, user_id: int, manager: bool) -> Stored:
        """One more team of computers (its organiser, or Manage Server)."""

        def adding(stored: Stored) -> sign.SignUp:
            _organiser(stored, user_id, manager)
            if stored.settings.club:
                raise Refused(Why.CLUB_NO_COMPUTER_TEAMS)
            return sign.add_computer_team(stored.record.signup)

        return await self._sign(tournament_id, adding)

    async def _sign(self, tournament_id: int, signing: Callable[[Stored], sign.SignUp]) -> Stored:
        def decide(stored: Stored) -> tuple[str, Record, list[tuple[int, bool]]]:
            _signing_up(stored)
            return SIGNUP, replace(stored.record, signup=signing(stored)), []

        return await self._changed(tournament_id, decide)

    # ------------------------------------------------------------------ start and end

    async def start(self, tournament_id: int, user_id: int, manager: bool) -> Stored:
        """Seed by lot, lay out the schedule and open the first matches (its organiser, or Manage Server);
        Refused with too few entrants."""

        def decide(stored: Stored) -> tuple[str, Record, list[tuple[int, bool]]]:
            _signing_up(stored)
            _organiser(stored, user_id, manager)
            settings = stored.settings
            signup = _askers_alone(stored.record.signup)
            people = len(signup.humans())
            fill = computers_to_fill(people) if settings.club and settings.fill else 0
            entrants = sign.entrants(signup, settings.club, self.rng, computers=fill)
            fewest = SMALLEST_CLUB if settings.club else 2
            if len(entrants) < fewest:
                raise Refused(Why.TOO_FEW, str(fewest))
            try:
                tournament = new_tournament(
                    settings.format, entrants, self.rng, best_of=settings.best_of, target=settings.target
                )
            except TournamentError:
                raise Refused(Why.TOO_FEW, str(fewest)) from None
            return RUNNING, Record(settings, signup, tournament), []

        started = await self._changed(tournament_id, decide)
        self.kick(tournament_id)
        return started

    async def end(self, tournament_id: int, user_id: int, manager: bool) -> Stored:
        """Cancel the tournament (its organiser, or Manage Server): finished matches keep their results,
        the tables still playing end."""

        def decide(stored: Stored) -> tuple[str, Record, list[tuple[int, bool]]]:
            if not stored.open:
                raise Refused(Why.OVER)
            _organiser(stored, user_id, manager)
            return ENDED, stored.record, []

        ended = await self._changed(tournament_id, decide)
        await self.matches.tidy(ended)
        return ended

    # ------------------------------------------------------------------ changes

    async def change(self, tournament_id: int, decide: Decide) -> Stored | None:
        """Decide a change on the tournament as stored and store it against that version, again on the
        fresher one if another process got there first; the tournament after it (None: `decide` found
        nothing to change, or there is no such tournament). Refused (BUSY) if it kept changing."""
        lock = self._locks.setdefault(tournament_id, asyncio.Lock())
        async with lock:  # this process's changes take turns: only other processes' make one stale
            for _ in range(ATTEMPTS):
                stored = await self.find(tournament_id)
                if stored is None:
                    return None
                decided = decide(stored)
                if decided is None:
                    return None
                status, record, players = decided
                try:
                    version = await save_tournament(
                        self.storage,
                        tournament_id,
                        stored.version,
                        status=status,
                        record=to_json(record),
                        players=players,
                    )
                except StaleTournament:
                    continue
                changed = replace(stored, status=status, record=record, version=version)
                self._show(changed)
                return changed
        raise Refused(Why.BUSY)

    async def _changed(self, tournament_id: int, decide: Decide) -> Stored:
        changed = await self.change(tournament_id, decide)
        if changed is None:
            raise Refused(Why.NO_TOURNAMENT)
        return changed

    def _show(self, stored: Stored) -> None:
        if self.stage is not None and self.owns(stored.id):
            self._seen[stored.id] = stored.version
            self.stage.changed(stored)

    # ------------------------------------------------------------------ running

    async def tick(self) -> None:
        """Hold this process's tournaments (renew, adopt those whose process stopped), show those another
        process changed, and carry each forward (the no-show clock, and any result a lost hint missed)."""
        held = await claim_tournaments(self.storage, self.owner, self.lease_seconds)
        self.held = held
        for tournament_id, version in (await tournament_versions(self.storage, held)).items():
            if self._seen.get(tournament_id) != version:
                stored = await self.find(tournament_id)
                if stored is not None:
                    self._show(stored)
            self.kick(tournament_id)

    def kick(self, tournament_id: int) -> None:
        """Carry the tournament forward in the background, if this process runs it (once more after the
        pass under way, if one is)."""
        if self.closing or not self.owns(tournament_id):
            return
        task = self._running.get(tournament_id)
        if task is not None and not task.done():
            self._again.add(tournament_id)
            return
        self._running[tournament_id] = asyncio.get_running_loop().create_task(
            self._advance(tournament_id), name=f"tournament-{tournament_id}"
        )

    def game_over(self, tag: str | None) -> None:
        """A table's game ended (finished, or ended early): if it was a match's, carry its tournament on."""
        read = read_tag(tag)
        if read is not None:
            self.kick(read[0])

    async def _advance(self, tournament_id: int) -> None:
        try:
            while True:
                self._again.discard(tournament_id)
                await self.matches.advance(tournament_id)
                if tournament_id not in self._again or self.closing:
                    return
        except asyncio.CancelledError:
            raise
        except StorageUnavailable:
            pass  # the database is away (the store says so once); the next tick tries again
        except Exception:
            log.exception(
                "tournament %s: carrying it forward failed; the next tick tries again", tournament_id
            )

    async def idle(self) -> None:
        """Wait until no tournament is being carried forward (tests)."""
        while running := [task for task in self._running.values() if not task.done()]:
            await asyncio.gather(*running, return_exceptions=True)

    async def stop(self) -> None:
        """A clean stop: no new passes, the ones under way cancelled, the tournaments let go at once."""
        self.closing = True
        for task in self._running.values():
            task.cancel()
        await asyncio.gather(*self._running.values(), return_exceptions=True)
        if self.owner is not None:
            try:
                await release_tournaments(self.storage, self.owner)
            except StorageUnavailable:
                log.warning(
                    "the database is away: this process's tournaments are let go when their leases run out"
                )
            except Exception:
                log.exception("could not release this process's tournaments; their leases run out instead")


def _signing_up(stored: Stored) -> None:
    if stored.status == RUNNING:
        raise Refused(Why.STARTED)
    if stored.status != SIGNUP:
        raise Refused(Why.OVER)


def _organiser(stored: Stored, user_id: int, manager: bool) -> None:
    if user_id != stored.organiser_id and not manager:
        raise Refused(Why.ORGANISER_ONLY)


def _askers_alone(signup: sign.SignUp) -> sign.SignUp:
    """At Start, whoever still waits for a partner's answer plays with a partner drawn by lot."""
    waiting = [who for who, _ in signup.asked if not signup.is_alone(who.user_id)]
    return replace(signup, alone=(*signup.alone, *dict.fromkeys(waiting)), asked=())
