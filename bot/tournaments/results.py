"""A tournament's matches and their tables, as plain data: who sits where at a match's table, what its
stored game says (the result, never typed in), and who did not turn up.

At a match's table side 0 sits North and South (seats 0 and 2), side 1 East and West (1 and 3): partners
across the table, and the table's team 0 is side 0. A finished game's result is the teams' scores as stored
with it. A side has not turned up when it has someone to play for it and nobody of it has made a move by the
`noshow` time after its table opened; if only one side is missing it forfeits the match (7–0), if both are
the game plays on (the tables' timers let computers stand in) and its result counts.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.storage.rows import SeatRow
from bot.storage.tournaments import MatchTable

from .model import Match, Tournament
from .progress import ready_matches, record_forfeit, record_game
from .record import FINISHED, RUNNING, Record, Stored
from .signup import COMPUTER

SIDE_SEATS = ((0, 2), (1, 3))
LIVE = ("lobby", "playing", "finished")  # a table that stands for its game (an ended one is void)


def keys(tournament: Tournament, match: Match, side: int) -> tuple[str, ...]:
    """The players of one side of a match, as the entrants name them (user ids as text, or computers)."""
    return tuple(key for entrant in match.sides[side] for key in tournament.entrants[entrant].players)


def computer_only(tournament: Tournament, match: Match) -> bool:
    """Whether nobody but computers plays the match."""
    return all(tournament.entrants[e].computer for e in match.entrants())


def players_of(tournament: Tournament, match: Match) -> list[int]:
    """The people who play the match (user ids), side 0 first."""
    return [int(key) for side in (0, 1) for key in keys(tournament, match, side) if key.isdigit()]


def seat_rows(record: Record, match: Match) -> list[SeatRow]:
    """The seats of the match's table: side 0 North and South, side 1 East and West; a computer seat
    has no name yet (the table names it)."""
    assert record.tournament is not None
    names = {p.user_id: p.name for p in record.signup.humans()}
    rows = []
    for side, seats in enumerate(SIDE_SEATS):
        for seat, key in zip(seats, keys(record.tournament, match, side), strict=True):
            if key.isdigit():
                rows.append(SeatRow(seat=seat, name=names.get(int(key), key), user_id=int(key)))
            else:
                rows.append(SeatRow(seat=seat, name="", computer_level="strong"))
    return sorted(rows, key=lambda row: row.seat)


def absent_sides(table: MatchTable) -> list[int]:
    """The sides with a person to play for them of whom nobody has made a move at the table."""
    absent = []
    for side, seats in enumerate(SIDE_SEATS):
        people = [s for s in table.seats if s.seat in seats and not s.computer]
        if people and not any(s.played for s in people):
            absent.append(side)
    return absent


def current_tags(stored: Stored) -> dict[str, str]:
    """For each match under way or ready, the tag of its game's table (match id -> tag)."""
    tournament = stored.record.tournament
    if tournament is None:
        return {}
    return {m.id: stored.tag(m.id, len(m.games) + 1) for m in ready_matches(tournament)}


def settle_games(
    stored: Stored, tables: Mapping[str, MatchTable], now: float
) -> tuple[Tournament | None, list[int]]:
    """The tournament with every finished game of its matches recorded and every no-show forfeited (None
    when nothing changed), and the tables to end because their match was forfeited."""
    tournament = stored.record.tournament
    if tournament is None:
        return None, []
    moved = tournament
    to_end = []
    noshow = stored.settings.noshow
    for match in ready_matches(tournament):
        table = tables.get(stored.tag(match.id, len(match.games) + 1))
        run = stored.record.run(match.id)
        if table is None or table.table_id != run.table:
            continue  # not opened yet, or not yet told to its players
        if table.status == "finished" and len(table.scores) == 2:
            moved = record_game(moved, match.id, table.scores)
        elif table.status == "playing" and noshow is not None and run.opened is not None:
            missing = absent_sides(table) if now - run.opened >= noshow else []
            if len(missing) == 1:
                moved = record_forfeit(moved, match.id, missing[0])
                to_end.append(table.table_id)
    return (None if moved is tournament else moved), to_end


def status_after(record: Record) -> str:
    """Running, or finished once every match is decided."""
    tournament = record.tournament
    if tournament is not None and all(m.decided for m in tournament.matches):
        return FINISHED
    return RUNNING


def winners(record: Record, champion: int | None) -> list[tuple[int, bool]]:
    """Every person who played, and whether they are in the champion's team (the night's winner)."""
    tournament = record.tournament
    assert tournament is not None
    won = set(tournament.entrants[champion].players) if champion is not None else set()
    people = dict.fromkeys(k for e in tournament.entrants for k in e.players if k.isdigit() and k != COMPUTER)
    return [(int(key), key in won) for key in people]
