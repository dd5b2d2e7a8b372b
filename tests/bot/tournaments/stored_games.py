"""Reading a tournament's results back from the stored games: each match table's hand records replayed
through the engine (not the tallies the bot wrote beside them), to check every result the tournament
recorded."""

from __future__ import annotations

from bot.storage import Storage
from bot.storage.tournaments import match_tables
from bot.tables import Table
from bot.tournaments.model import PLAYED
from bot.tournaments.record import Stored


async def replayed_scores(storage: Storage, table_id: int) -> tuple[int, ...]:
    """A finished table's game score per team, replayed from its stored hand records."""
    row = await storage.load_table(table_id)
    assert row is not None and row.status == "finished", f"table {table_id} is not finished"
    table = Table.from_row(row)
    assert table.game is not None and table.game.over
    return tuple(table.game.scores)


async def check_results(storage: Storage, stored: Stored) -> int:
    """Assert every played game of the tournament is its table's replayed score, side 0 at team 0 (North
    and South); the number of games checked."""
    tournament = stored.record.tournament
    assert tournament is not None
    checked = 0
    for match in tournament.matches:
        for number, game in enumerate(match.games, start=1):
            if game.kind != PLAYED:
                continue
            tag = stored.tag(match.id, number)
            table = (await match_tables(storage, [tag]))[tag]
            assert game.marks == await replayed_scores(storage, table.table_id), (match.id, number)
            checked += 1
    return checked
