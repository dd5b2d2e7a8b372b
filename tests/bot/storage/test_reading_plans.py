"""A year of a busy server is read on its indexes, on both backends (issue 28: `/42 leaderboard`, `/42 stats`
and `/42 history` under 200 ms p99 at 200,000 hands; `benchmarks/year.py` times them): the statements those
commands read a server's games by never scan a whole table of games, seats or kept records, and a server's
history is read newest first from its index, not sorted afresh. The plans are read on an empty database, so
PostgreSQL is told to prefer any index it has (`enable_seqscan = off`): a plan that still scans a table has no
index to read it by."""

from __future__ import annotations

from bot.storage import Storage
from bot.storage.learning import FINISHED, PLAYER_TOTAL, UNRATED, UNRECORDED

GUILD, USER = 7, 10_000
NEWEST_FIRST = " ORDER BY closed_at DESC, id DESC LIMIT 5"
READINGS = {
    "a server's history": FINISHED + NEWEST_FIRST,
    "a player's history": FINISHED
    + " AND id IN (SELECT table_id FROM seats WHERE user_id = :user)"
    + NEWEST_FIRST,
    "a player's kept records added up": PLAYER_TOTAL,
    "games left to rate": UNRATED,
    "games left to record": UNRECORDED,
    "a player's rating history": "SELECT mu FROM rating_history WHERE guild_id = :guild AND user_id = :user"
    " ORDER BY seq",
}
WHOLE = ("game_tables", "seats", "game_records", "player_records", "rated_games", "rating_history")


async def _plans(storage: Storage) -> dict[str, list[str]]:
    """Each reading's plan, a line a step (the statements with their values written in)."""
    sqlite = storage.target.backend == "sqlite"
    plans = {}
    async with storage.reading() as db:
        if not sqlite:
            await db.exec_driver_sql("SET LOCAL enable_seqscan = off")
        for name, sql in READINGS.items():
            sql = sql.replace(":guild", str(GUILD)).replace(":user", str(USER))
            rows = (await db.exec_driver_sql(("EXPLAIN QUERY PLAN " if sqlite else "EXPLAIN ") + sql)).all()
            plans[name] = [str(row[-1]) for row in rows]
    return plans


def _scans_a_whole_table(step: str) -> bool:
    """Whether a plan's step reads every row of one of the year's big tables."""
    return any(
        step.strip().startswith((f"SCAN {table}", f"SCAN {table} AS")) and "USING" not in step
        for table in WHOLE
    ) or any(f"Seq Scan on {table}" in step for table in WHOLE)


async def test_the_readings_of_a_years_games_use_indexes(database_url):
    storage = await Storage.open(database_url)
    try:
        plans = await _plans(storage)
    finally:
        await storage.close()
    for name, steps in plans.items():
        assert not [s for s in steps if _scans_a_whole_table(s)], f"{name} scans a whole table: {steps}"
    history = plans["a server's history"]
    assert not [s for s in history if "TEMP B-TREE" in s or s.lstrip(" ->").startswith("Sort")], (
        f"a server's history is sorted afresh: {history}"
    )
