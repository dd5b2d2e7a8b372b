"""`Change`: the writes one change at a table makes, and the events it announces, for `Storage.commit` to
make in one transaction (with the table's version checked and bumped)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from .driver import Run
from .rows import PlayerTally, SeatRow, TeamResult
from .sql import END_TABLE, INSERT_SEAT, now_text

Write = Callable[[Run], None]  # runs its statements; reads nothing back
DELETE_SEAT = "DELETE FROM seats WHERE table_id = :table AND seat = :seat"
SAVE_HAND = (
    "INSERT INTO hands (table_id, hand_no, record_json, complete) VALUES (:table, :hand_no, :record, :complete)"
    " ON CONFLICT (table_id, hand_no) DO UPDATE SET record_json = excluded.record_json,"
    " complete = excluded.complete"
)


class Change:
    """The writes one change at a table makes, and the events it announces, for `Storage.commit` to make
    in one transaction. Each method records one write and returns the change, so calls can be chained.
    A write is a plain function that runs statements through the `run` it is given and reads nothing back,
    so the whole change runs in one step wherever the driver runs it (SQLite's writer thread, or a pooled
    connection)."""

    def __init__(self, table_id: int):
        self.table_id = table_id
        self.writes: list[Write] = []
        self.events: list[tuple[str, dict[str, Any]]] = []

    def _sql(self, sql: str, **params: Any) -> Change:
        def write(run: Run) -> None:
            run(sql, params)

        self.writes.append(write)
        return self

    def announce(self, kind: str, payload: dict[str, Any]) -> Change:
        """Queue an event in the table's outbox."""
        self.events.append((kind, payload))
        return self

    def put_seat(self, seat: SeatRow, *, moving_from: int | None = None) -> Change:
        """Seat a player (replacing whoever sat there), freeing the seat they are `moving_from`."""
        if moving_from is not None:
            self._sql(DELETE_SEAT, table=self.table_id, seat=moving_from)
        self._sql(DELETE_SEAT, table=self.table_id, seat=seat.seat)
        return self._sql(INSERT_SEAT, **seat.columns(self.table_id))

    def remove_seat(self, seat: int) -> Change:
        """Empty a seat."""
        return self._sql(DELETE_SEAT, table=self.table_id, seat=seat)

    def set_dm_closed(self, seat: int, closed: bool) -> Change:
        """Remember whether a player's DMs could be delivered."""
        return self._sql(
            "UPDATE seats SET dm_closed = :closed WHERE table_id = :table AND seat = :seat",
            closed=int(closed),
            table=self.table_id,
            seat=seat,
        )

    def set_seat_state(self, seat: int, *, away: bool, taken_over: int) -> Change:
        """Remember whether a seat is away and how many turns in a row a computer took for it."""
        return self._sql(
            "UPDATE seats SET away = :away, taken_over = :taken WHERE table_id = :table AND seat = :seat",
            away=int(away),
            taken=taken_over,
            table=self.table_id,
            seat=seat,
        )

    def set_played(self, seat: int) -> Change:
        """Remember that the seat's player has made a move at this table."""
        return self._sql(
            "UPDATE seats SET played = 1 WHERE table_id = :table AND seat = :seat",
            table=self.table_id,
            seat=seat,
        )

    def save_timer(
        self, *, deadline: float | None, token: str | None, reminded: bool, last_human_at: float | None
    ) -> Change:
        """Store the turn deadline (for the turn named by `token`) and the last human action's time."""
        return self._sql(
            "UPDATE game_tables SET deadline = :deadline, deadline_token = :token, reminded = :reminded,"
            " last_human_at = :last WHERE id = :table",
            deadline=deadline,
            token=token,
            reminded=int(reminded),
            last=last_human_at,
            table=self.table_id,
        )

    def set_message(self, message_id: int | None, posted_at: float | None) -> Change:
        """Remember the table message (None: none now) and when it was posted."""
        return self._sql(
            "UPDATE game_tables SET message_id = :message, message_posted_at = :posted WHERE id = :table",
            message=message_id,
            posted=posted_at,
            table=self.table_id,
        )

    def start_game(self, first_dealer: int, first_record: dict[str, Any]) -> Change:
        """Mark the table as playing and store the first hand's record."""
        self._sql(
            "UPDATE game_tables SET status = 'playing', first_dealer = :dealer WHERE id = :table",
            dealer=first_dealer,
            table=self.table_id,
        )
        return self.save_hand(0, first_record, False)

    def save_hand(
        self, hand_no: int, record: dict[str, Any], complete: bool, next_record: dict[str, Any] | None = None
    ) -> Change:
        """Store the current hand after an action and, if given, the next hand's deal."""
        self._hand(hand_no, record, complete)
        if next_record is not None:
            self._hand(hand_no + 1, next_record, False)
        return self

    def keep_seed(self, hand_no: int, seed: str) -> Change:
        """Keep the seed (hex) hand `hand_no` was dealt from beside its record (never in it: the record of a
        hand in progress must not tell it)."""
        return self._sql(
            "UPDATE hands SET seed = :seed WHERE table_id = :table AND hand_no = :hand_no",
            seed=seed,
            table=self.table_id,
            hand_no=hand_no,
        )

    def _hand(self, hand_no: int, record: dict[str, Any], complete: bool) -> None:
        self._sql(
            SAVE_HAND, table=self.table_id, hand_no=hand_no, record=json.dumps(record), complete=int(complete)
        )

    def finish_game(
        self,
        guild_id: int,
        hand_no: int,
        record: dict[str, Any],
        tallies: Sequence[PlayerTally],
        teams: Sequence[TeamResult],
    ) -> Change:
        """Store the last hand, close the table and add the game to every player's record."""
        self.save_hand(hand_no, record, True)
        self._sql(
            "UPDATE game_tables SET status = 'finished', closed_at = :now WHERE id = :table",
            now=now_text(),
            table=self.table_id,
        )
        for tally in tallies:
            self._sql(
                "INSERT INTO player_stats (guild_id, user_id, name) VALUES (:guild, :user, :name)"
                " ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name",
                guild=guild_id,
                user=tally.user_id,
                name=tally.name,
            )
            self._sql(
                "UPDATE player_stats SET games_played = games_played + 1, games_won = games_won + :won,"
                " marks_won = marks_won + :marks, points_won = points_won + :points,"
                " hands_bid = hands_bid + :bid, hands_made = hands_made + :made, hands_set = hands_set + :set"
                " WHERE guild_id = :guild AND user_id = :user",
                won=int(tally.won),
                marks=tally.marks,
                points=tally.points,
                bid=tally.hands_bid,
                made=tally.hands_made,
                set=tally.hands_set,
                guild=guild_id,
                user=tally.user_id,
            )
        for team in teams:
            self._sql(
                "INSERT INTO team_results (table_id, guild_id, team, team_name, players_json, score, score_kind,"
                " won) VALUES (:table, :guild, :team, :name, :players, :score, :kind, :won)",
                table=self.table_id,
                guild=guild_id,
                team=team.team,
                name=team.team_name,
                players=json.dumps(team.players),
                score=team.score,
                kind=team.score_kind,
                won=int(team.won),
            )
        return self

    def end_table(self, *, ended_by: str | None = None, closed_idle: bool = False) -> Change:
        """Close the table without tallying anything (`ended_by` a person, or closed for being idle)."""
        return self._sql(
            END_TABLE,
            now=now_text(),
            by=ended_by,
            idle=int(closed_idle),
            table=self.table_id,
        )
