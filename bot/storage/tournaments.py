"""Tournaments as kept: one row each in `tournaments` (its record as versioned JSON), who played and won the
finished ones (`tournament_players`), and what the tournament needs to read of its matches' tables.

Every change to a tournament is one short transaction that locks its row, checks its version and bumps it
(`save_tournament`; `StaleTournament` if another process got there first), so any process may take any
click. The process that runs a tournament's matches holds it by `owner` until `lease_until` (the database's
clock), renewed every tick like a table's lease; a tournament whose owner stopped is claimed by the next
process that looks (`claim_tournaments`). No Discord call ever happens inside.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError

from .driver import Database, Run
from .errors import StaleTournament, TournamentBusy
from .sql import mappings, now_text, run, scalar

OPEN = "('signup', 'running')"
INSERT = (
    "INSERT INTO tournaments (guild_id, channel_id, organiser_id, name, status, record_json, owner, lease_until)"
    " VALUES (:guild, :channel, :organiser, :name, 'signup', :record, :owner, {clock} + :seconds) RETURNING id"
)


@dataclass(frozen=True)
class TournamentRow:
    """A tournament as stored: where it runs, who organises it, how far it is, its record (JSON data the
    tournament package reads), the version a change must name, and its message."""

    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    status: str
    record: dict[str, Any]
    version: int = 0
    message_id: int | None = None

    @property
    def open(self) -> bool:
        """Signing up or running."""
        return self.status in ("signup", "running")

    @classmethod
    def from_row(cls, row: Mapping[Any, Any]) -> TournamentRow:
        """A tournament from its row."""
        return cls(
            row["id"],
            row["guild_id"],
            row["channel_id"],
            row["organiser_id"],
            row["name"],
            row["status"],
            json.loads(row["record_json"]),
            row["version"],
            row["message_id"],
        )


@dataclass(frozen=True)
class MatchSeat:
    """A seat at a match's table: whose it is and whether its player has made a move there."""

    seat: int
    user_id: int | None
    computer: bool
    played: bool


@dataclass(frozen=True)
class MatchTable:
    """The newest table opened for a match's game: its id and status, its seats, and once it is finished
    each team's score as stored with the game (team 0 first)."""

    table_id: int
    status: str
    seats: tuple[MatchSeat, ...] = ()
    scores: tuple[int, ...] = ()


async def create_tournament(
    db: Database,
    *,
    guild_id: int,
    channel_id: int,
    organiser_id: int,
    name: str,
    record: dict[str, Any],
    owner: str | None = None,
    lease_seconds: float = 0.0,
) -> int:
    """Store a new tournament open for sign-up (held by `owner`, if given) and return its id;
    `TournamentBusy` if the channel already has an open one."""
    try:
        async with db.transaction() as connection:
            result = await run(
                connection,
                INSERT.format(clock=db.driver.clock_sql),
                guild=guild_id,
                channel=channel_id,
                organiser=organiser_id,
                name=name,
                record=json.dumps(record),
                owner=owner,
                seconds=lease_seconds,
            )
            return int(result.scalar_one())
    except IntegrityError:
        raise TournamentBusy(f"channel {channel_id} already has a tournament") from None


async def load_tournament(db: Database, tournament_id: int) -> TournamentRow | None:
    """One tournament as stored now, or None."""
    async with db.reading() as connection:
        rows = await mappings(connection, "SELECT * FROM tournaments WHERE id = :id", id=tournament_id)
    return TournamentRow.from_row(rows[0]) if rows else None


async def tournament_in(db: Database, channel_id: int) -> TournamentRow | None:
    """The channel's open tournament, if it has one."""
    async with db.reading() as connection:
        rows = await mappings(
            connection,
            f"SELECT * FROM tournaments WHERE channel_id = :channel AND status IN {OPEN}",
            channel=channel_id,
        )
    return TournamentRow.from_row(rows[0]) if rows else None


async def latest_in(db: Database, channel_id: int) -> TournamentRow | None:
    """The channel's newest tournament, open or not."""
    async with db.reading() as connection:
        rows = await mappings(
            connection,
            "SELECT * FROM tournaments WHERE channel_id = :channel ORDER BY id DESC LIMIT 1",
            channel=channel_id,
        )
    return TournamentRow.from_row(rows[0]) if rows else None


async def save_tournament(
    db: Database,
    tournament_id: int,
    version: int,
    *,
    status: str,
    record: dict[str, Any],
    players: Sequence[tuple[int, bool]] = (),
) -> int:
    """Write a tournament's new status and record if it is still at `version` (`StaleTournament` if not),
    with the players of a tournament that has just finished (`(user id, won)`); its new version."""
    lock = db.driver.row_lock
    text = json.dumps(record)
    closed = now_text() if status in ("finished", "ended") else None

    def steps(execute: Run) -> int:
        found = execute(
            f"SELECT version, guild_id FROM tournaments WHERE id = :id{lock}", {"id": tournament_id}
        )
        if not found or found[0][0] != version:
            raise StaleTournament(tournament_id, version)
        execute(
            "UPDATE tournaments SET status = :status, record_json = :record, version = :next,"
            " closed_at = COALESCE(closed_at, :closed) WHERE id = :id",
            {"status": status, "record": text, "next": version + 1, "closed": closed, "id": tournament_id},
        )
        for user_id, won in players:
            execute(
                "INSERT INTO tournament_players (tournament_id, guild_id, user_id, won)"
                " VALUES (:id, :guild, :user, :won) ON CONFLICT (tournament_id, user_id) DO NOTHING",
                {"id": tournament_id, "guild": found[0][1], "user": user_id, "won": int(won)},
            )
        return version + 1

    return await db.driver.write(steps)


async def set_tournament_message(db: Database, tournament_id: int, message_id: int | None) -> None:
    """Remember the tournament message (no version bump: only its owner shows it)."""
    async with db.transaction() as connection:
        await run(
            connection,
            "UPDATE tournaments SET message_id = :message WHERE id = :id",
            message=message_id,
            id=tournament_id,
        )


async def tournament_versions(db: Database, tournament_ids: Iterable[int]) -> dict[int, int]:
    """The stored versions of these tournaments."""
    ids = list(tournament_ids)
    if not ids:
        return {}
    async with db.reading() as connection:
        rows = (await run(connection, "SELECT id, version FROM tournaments WHERE id IN :ids", ids=ids)).all()
    return {row.id: row.version for row in rows}


async def claim_tournaments(db: Database, owner: str | None, seconds: float) -> set[int]:
    """The open tournaments this process runs from now on: every one with one process (`owner` None);
    else those it holds, renewed, and those whose owner stopped renewing, claimed."""
    if owner is None:
        async with db.reading() as connection:
            rows = (await run(connection, f"SELECT id FROM tournaments WHERE status IN {OPEN}")).all()
        return {row.id for row in rows}
    clock = db.driver.clock_sql
    async with db.transaction() as connection:
        rows = (
            await run(
                connection,
                f"UPDATE tournaments SET owner = :owner, lease_until = {clock} + :seconds"
                f" WHERE status IN {OPEN} AND (owner = :owner OR owner IS NULL OR lease_until < {clock})"
                " RETURNING id",
                owner=owner,
                seconds=seconds,
            )
        ).all()
    return {row.id for row in rows}


async def release_tournaments(db: Database, owner: str) -> None:
    """A clean stop: let another process take this one's tournaments at once."""
    async with db.transaction() as connection:
        await run(connection, "UPDATE tournaments SET lease_until = 0 WHERE owner = :owner", owner=owner)


async def tournaments_of(db: Database, guild_id: int, user_id: int) -> tuple[int, int]:
    """How many finished tournaments a player played in this server, and how many they won."""
    async with db.reading() as connection:
        row = (
            await run(
                connection,
                "SELECT COUNT(*) AS played, COALESCE(SUM(won), 0) AS won FROM tournament_players"
                " WHERE guild_id = :guild AND user_id = :user",
                guild=guild_id,
                user=user_id,
            )
        ).one()
    return int(row.played), int(row.won)


async def match_tables(db: Database, tags: Iterable[str]) -> dict[str, MatchTable]:
    """The newest table of each match tag (tags with none are left out), with its seats and, once
    finished, the teams' scores stored with the game."""
    wanted = list(dict.fromkeys(tags))
    if not wanted:
        return {}
    found: dict[str, MatchTable] = {}
    async with db.reading(snapshot=True) as connection:
        tables = await mappings(
            connection,
            "SELECT id, match_tag, status FROM game_tables WHERE match_tag IN :tags ORDER BY id",
            tags=wanted,
        )
        newest = {row["match_tag"]: row for row in tables}  # ids grow: the last one of a tag wins
        ids = [row["id"] for row in newest.values()]
        seats: dict[int, list[MatchSeat]] = {}
        scores: dict[int, dict[int, int]] = {}
        if ids:
            for seat in await mappings(
                connection,
                "SELECT table_id, seat, user_id, computer_level, played FROM seats WHERE table_id IN :ids"
                " ORDER BY table_id, seat",
                ids=ids,
            ):
                seats.setdefault(seat["table_id"], []).append(
                    MatchSeat(
                        seat["seat"],
                        seat["user_id"],
                        seat["computer_level"] is not None,
                        bool(seat["played"]),
                    )
                )
            for team in await mappings(
                connection, "SELECT table_id, team, score FROM team_results WHERE table_id IN :ids", ids=ids
            ):
                scores.setdefault(team["table_id"], {})[team["team"]] = team["score"]
    for tag, row in newest.items():
        by_team = scores.get(row["id"], {})
        found[tag] = MatchTable(
            row["id"],
            row["status"],
            tuple(seats.get(row["id"], ())),
            tuple(by_team[t] for t in sorted(by_team)),
        )
    return found


async def table_of_match(db: Database, tag: str) -> int | None:
    """The newest table opened for this match tag that was not ended before its game was over."""
    async with db.reading() as connection:
        found = await scalar(
            connection,
            "SELECT MAX(id) FROM game_tables WHERE match_tag = :tag AND status <> 'ended'",
            tag=tag,
        )
    return None if found is None else int(found)


async def open_match_tables(db: Database, prefix: str) -> list[int]:
    """The open tables whose match tag starts with `prefix` (a tournament's: `t12:`)."""
    async with db.reading() as connection:
        rows = (
            await run(
                connection,
                "SELECT id FROM game_tables WHERE match_tag LIKE :prefix AND status IN ('lobby', 'playing')",
                prefix=prefix.replace("%", "") + "%",
            )
        ).all()
    return [row.id for row in rows]
