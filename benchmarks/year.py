"""A year of a busy server: a generated database (500 players, 200,000 hands) and how long `/42 leaderboard`,
`/42 stats` and `/42 history` take to read it, on SQLite and on PostgreSQL.

Run as ``python benchmarks/year.py --database sqlite`` (or ``postgresql``: a server of the run's own, as
`.ci/run` starts one). The database is made as the bot would have left it: migrated, then filled in bulk with
finished standard games to 7 marks (40 distinct games played by easy computers, each stored again and again
with other players; records as HAND-RECORD.md writes them), every game rated (its rating history trimmed as
the bot trims it), its players' records kept and added up (as the bot keeps them when a game ends) and
counted in the server's standings. Who sits where is skewed as on a real server: a few players play far more
than most (weights 1/rank^0.8), so the busiest players' `/42 stats` are the p99.

Each command's reading is timed as the bot does it before it answers (the picture of `/42 stats` is drawn
after and timed apart): the leaderboard, a player's standing (their stats, rating history and record of
every hand they played), and the history of the server and of a player. The query plans of each reading's
statements are printed with `--plans`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import sqlite3
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.learn import standings  # noqa: E402
from bot.learn.coaching import HISTORY_GAMES  # noqa: E402
from bot.learn.player_record import added_up, game_records  # noqa: E402
from bot.storage import Storage  # noqa: E402
from bot.storage import learning as kept  # noqa: E402
from engine import Game, Rules  # noqa: E402
from engine.ai.arena import play_hand  # noqa: E402
from engine.ai.easy import EasyPlayer  # noqa: E402
from tests.pgcluster import Cluster  # noqa: E402

GUILD = 7
TEMPLATES = 40
CHUNK = 500  # games inserted per transaction


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--asks", type=int, default=200, help="timed readings per command (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workdir", type=Path, help="keep the SQLite file here (and reuse it if there)")
    parser.add_argument("--plans", action="store_true", help="print the query plans of the readings")
    return parser.parse_args(argv)


def templates(rng: random.Random) -> list[tuple[list[dict], int, tuple[int, int]]]:
    """Distinct whole games: (hand records, winning team, team scores)."""
    rules = Rules.from_preset("standard", {"target": 7})
    games = []
    for _ in range(TEMPLATES):
        game = Game.new(rules, rng)
        while not game.over:
            game = game.record_hand(play_hand(game.deal(rng), [EasyPlayer(s) for s in range(4)]))
        assert game.winner is not None
        games.append((list(game.records), game.winner, (game.scores[0], game.scores[1])))
    return games


def weights(players: int) -> list[float]:
    """How often each player sits down: a few play far more than most."""
    return [1 / (rank + 1) ** 0.8 for rank in range(players)]


class Rows:
    """One chunk of games as rows of the bot's tables."""

    def __init__(self) -> None:
        self.tables: list[tuple] = []
        self.seats: list[tuple] = []
        self.hands: list[tuple] = []
        self.teams: list[tuple] = []
        self.rated: list[tuple] = []
        self.history: list[tuple] = []
        self.records: list[tuple] = []


def generate(args: argparse.Namespace, games: list[tuple[list[dict], int, tuple[int, int]]]):
    """Chunks of rows, a year of games; and, at the end, the standings (yielded last, as a dict)."""
    rng = random.Random(args.seed)
    users = [10_000 + n for n in range(args.players)]
    weight = weights(args.players)
    per_game = sum(len(g[0]) for g in games) / len(games)
    count = math.ceil(args.hands / per_game)
    start = datetime(2025, 11, 27, tzinfo=UTC)
    stats: dict[int, list[int]] = {u: [0, 0, 0] for u in users}  # played, won, marks
    kept_by_player: dict[int, list[dict]] = {u: [] for u in users}  # each player's kept records, to add up
    rating: dict[int, tuple[float, float, int]] = {}
    rules = json.dumps({"target": 7})
    # each distinct game's record for the player at each seat, as the bot keeps it when a game ends
    kept_records = [
        {
            seat: record.to_json()
            for seat, record in game_records(
                {seat: (seat, winner == seat % 2) for seat in range(4)}, False, records
            ).items()
        }
        for records, winner, _ in games
    ]
    rows = Rows()
    hands_made = 0
    for number in range(count):
        table_id = number + 1
        records, winner, scores = games[number % len(games)]
        if hands_made >= args.hands:
            break
        hands_made += len(records)
        seated: list[int] = []
        while len(seated) < 4:
            user = rng.choices(users, weight)[0]
            if user not in seated:
                seated.append(user)
        closed = (start + timedelta(seconds=365 * 86400 * number / count)).strftime("%Y-%m-%d %H:%M:%S")
        rows.tables.append((table_id, GUILD, 1000 + number % 50, seated[0], rules, closed))
        for seat, user in enumerate(seated):
            rows.seats.append((table_id, seat, user, f"player{user}"))
            won = winner == seat % 2
            stats[user][0] += 1
            stats[user][1] += int(won)
            stats[user][2] += scores[seat % 2]
            mu, sigma, played = rating.get(user, (25.0, 8.3, 0))
            mu, sigma, played = (
                mu + rng.uniform(-1, 1) + (0.3 if won else -0.3),
                max(1.0, sigma * 0.99),
                played + 1,
            )
            rating[user] = (mu, sigma, played)
            rows.history.append((GUILD, table_id, user, mu, sigma, played))
        for hand_no, record in enumerate(records):
            rows.hands.append((table_id, hand_no, json.dumps(record), 1))
        for team in (0, 1):
            rows.teams.append(
                (
                    table_id,
                    GUILD,
                    team,
                    ("N–S", "E–W")[team],
                    "[]",
                    scores[team],
                    "marks",
                    int(winner == team),
                )
            )
        rows.rated.append((table_id, GUILD))
        for seat, user in enumerate(seated):
            rows.records.append((table_id, user, GUILD, json.dumps(kept_records[number % len(games)][seat])))
            kept_by_player[user].append(kept_records[number % len(games)][seat])
        if len(rows.tables) >= CHUNK:
            yield rows
            rows = Rows()
    if rows.tables:
        yield rows
    totals = {user: added_up(records).to_json() for user, records in kept_by_player.items() if records}
    yield {"stats": stats, "rating": rating, "hands": hands_made, "totals": totals}


INSERTS = {
    "tables": (
        "game_tables",
        (
            "id",
            "guild_id",
            "channel_id",
            "host_id",
            "variant",
            "rules_json",
            "status",
            "closed_at",
            "computer_level",
        ),
    ),
    "seats": ("seats", ("table_id", "seat", "user_id", "name")),
    "hands": ("hands", ("table_id", "hand_no", "record_json", "complete")),
    "teams": (
        "team_results",
        ("table_id", "guild_id", "team", "team_name", "players_json", "score", "score_kind", "won"),
    ),
    "rated": ("rated_games", ("table_id", "guild_id")),
    "history": ("rating_history", ("guild_id", "table_id", "user_id", "mu", "sigma", "games")),
    "records": ("game_records", ("table_id", "user_id", "guild_id", "record_json")),
}


def _table_row(row: tuple) -> tuple:
    table_id, guild, channel, host, rules, closed = row
    return (table_id, guild, channel, host, "standard", rules, "finished", closed, "strong")


async def fill(storage: Storage, args: argparse.Namespace, url: str) -> int:
    """Fill the database; the hands stored."""
    games = templates(random.Random(args.seed))
    if storage.target.backend == "sqlite":
        db = sqlite3.connect(str(storage.target.path))
        put = _sqlite_put(db)
    else:
        import asyncpg

        connection = await asyncpg.connect(url)
        put = _postgres_put(connection)
    hands = 0
    for chunk in generate(args, games):
        if isinstance(chunk, dict):
            await _standings(put, chunk)
            hands = chunk["hands"]
            break
        await put("tables", [_table_row(r) for r in chunk.tables])
        for name in ("seats", "hands", "teams", "rated", "history", "records"):
            await put(name, getattr(chunk, name))
    await put(None, [])  # finish: trim the rating history as the bot does, analyse
    return hands


async def _standings(put, done: dict) -> None:
    stats = [
        (GUILD, user, f"player{user}", played, won, marks)
        for user, (played, won, marks) in done["stats"].items()
        if played
    ]
    ratings = [(GUILD, user, mu, sigma, games) for user, (mu, sigma, games) in done["rating"].items()]
    await put("player_stats", stats)
    await put("ratings", ratings)
    await put("totals", [(GUILD, user, json.dumps(total)) for user, total in done["totals"].items()])


EXTRA = {
    "player_stats": (
        "player_stats",
        ("guild_id", "user_id", "name", "games_played", "games_won", "marks_won"),
    ),
    "ratings": ("ratings", ("guild_id", "user_id", "mu", "sigma", "games")),
    "totals": ("player_records", ("guild_id", "user_id", "record_json")),
}
TRIM = (
    "DELETE FROM rating_history WHERE seq IN (SELECT seq FROM (SELECT seq, row_number() OVER (PARTITION BY"
    " guild_id, user_id ORDER BY seq DESC) AS n FROM rating_history) AS ranked WHERE n > {keep})"
)


def _sqlite_put(db: sqlite3.Connection):
    async def put(name: str | None, rows: list[tuple]) -> None:
        if name is None:
            db.execute(TRIM.format(keep=kept.HISTORY_KEPT))
            db.commit()
            db.execute("ANALYZE")
            db.commit()
            db.close()
            return
        table, columns = {**INSERTS, **EXTRA}[name]
        marks = ", ".join("?" for _ in columns)
        db.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)
        db.commit()

    return put


def _postgres_put(connection):
    async def put(name: str | None, rows: list[tuple]) -> None:
        if name is None:
            await connection.execute(TRIM.format(keep=kept.HISTORY_KEPT))
            await connection.execute("SELECT setval('game_tables_id_seq', (SELECT max(id) FROM game_tables))")
            await connection.execute("ANALYZE")
            await connection.close()
            return
        table, columns = {**INSERTS, **EXTRA}[name]
        await connection.copy_records_to_table(table, records=rows, columns=list(columns))

    return put


async def timed(call, asks: int) -> list[float]:
    """Seconds each of `asks` calls of `call(i)` took."""
    out = []
    for i in range(asks):
        began = time.perf_counter()
        await call(i)
        out.append(time.perf_counter() - began)
    return out


def quantiles(seconds: list[float]) -> str:
    """p50, p99 and max in milliseconds."""
    ordered = sorted(seconds)
    p = lambda q: ordered[max(0, math.ceil(q * len(ordered)) - 1)] * 1000  # noqa: E731
    return f"p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, max {ordered[-1] * 1000:.1f} ms (n={len(ordered)})"


async def measure(storage: Storage, args: argparse.Namespace) -> list[str]:
    """Time the three commands' readings; the lines to print."""
    rng = random.Random(args.seed + 1)
    players = [10_000 + n for n in range(args.players)]
    # the asks come from the players who play, in proportion to how much they play (the busiest ask most)
    askers = rng.choices(players, weights(args.players), k=args.asks)
    busiest = players[:5]
    await standings.standing(storage, GUILD, players[0])  # warm: the first reading opens connections
    board = await timed(lambda i: storage.leaderboard(GUILD, limit=15), args.asks)
    rated = await timed(lambda i: standings.rating_board(storage, GUILD, 15), args.asks)
    stats = await timed(lambda i: standings.standing(storage, GUILD, askers[i]), args.asks)
    stats_busiest = await timed(lambda i: standings.standing(storage, GUILD, busiest[i % 5]), 25)
    server = await timed(lambda i: kept.finished_tables(storage, GUILD, limit=HISTORY_GAMES), args.asks)
    theirs = await timed(
        lambda i: kept.finished_tables(storage, GUILD, user_id=askers[i], limit=HISTORY_GAMES), args.asks
    )
    standing = await standings.standing(storage, GUILD, players[0])
    assert standing is not None
    return [
        f"/42 leaderboard           {quantiles(board)}",
        f"/42 leaderboard by:rating {quantiles(rated)}",
        f"/42 stats (asked as played) {quantiles(stats)}",
        f"/42 stats (the 5 busiest)   {quantiles(stats_busiest)}; the busiest played {standing.stats.games_played} "
        f"games, {standing.record.hands} hands",
        f"/42 history (the server)  {quantiles(server)}",
        f"/42 history (a player)    {quantiles(theirs)}",
    ]


async def plans(storage: Storage) -> list[str]:
    """The query plans of the readings' main statements."""
    user = 10_000
    statements = {
        "leaderboard": "SELECT * FROM player_stats WHERE guild_id = 7 AND games_played > 0"
        " ORDER BY marks_won DESC, games_won DESC, games_played ASC, name LIMIT 15",
        "history (server)": kept.FINISHED + " ORDER BY closed_at DESC, id DESC LIMIT 5",
        "history (player)": kept.FINISHED + f" AND id IN (SELECT table_id FROM seats WHERE user_id = {user})"
        " ORDER BY closed_at DESC, id DESC LIMIT 5",
        "unrated games": kept.FINISHED + " AND id NOT IN (SELECT table_id FROM rated_games)"
        " ORDER BY closed_at ASC, id ASC",
        "rating history": f"SELECT mu FROM rating_history WHERE guild_id = 7 AND user_id = {user} ORDER BY seq",
    }
    explain = "EXPLAIN QUERY PLAN " if storage.target.backend == "sqlite" else "EXPLAIN "
    out = []
    async with storage.reading() as db:
        for name, sql in statements.items():
            sql = sql.replace(":guild", str(GUILD))
            rows = (await db.exec_driver_sql(explain + sql)).all()
            out.append(f"plan of {name}: " + " | ".join(str(r[-1]) for r in rows))
    return out


async def main_async(args: argparse.Namespace) -> str:
    """Generate (or reuse) the database, then time the readings."""
    load_before = os.getloadavg()
    cluster = None
    if args.database == "postgresql":
        cluster = Cluster()
        cluster.start()
        url = cluster.url
    else:
        workdir = args.workdir or Path(tempfile.mkdtemp(prefix="texas42-year-"))
        workdir.mkdir(parents=True, exist_ok=True)
        url = str(workdir / "year.db")
    try:
        fresh = cluster is not None or not Path(url).exists()
        storage = await Storage.open(url)
        began = time.perf_counter()
        hands = await fill(storage, args, url) if fresh else args.hands
        made = time.perf_counter() - began
        await storage.close()
        storage = await Storage.open(url)  # as the bot opens it
        size = await _size(storage)
        lines = [
            f"year benchmark ({args.database}): {args.players} players, {hands} hands; database "
            f"{size / 2**20:.0f} MB ({size / max(1, hands):.0f} bytes per hand), made in {made:.0f} s",
            *await measure(storage, args),
        ]
        if args.plans:
            lines.extend(await plans(storage))
        await storage.close()
    finally:
        if cluster is not None:
            cluster.close()
    lines.insert(
        1,
        "machine load (1/5/15 min) before "
        + " / ".join(f"{x:.2f}" for x in load_before)
        + ", after "
        + " / ".join(f"{x:.2f}" for x in os.getloadavg()),
    )
    return "\n".join(lines)


async def _size(storage: Storage) -> int:
    async with storage.reading() as db:
        if storage.target.backend == "sqlite":
            pages = (await db.exec_driver_sql("PRAGMA page_count")).scalar() or 0
            size = (await db.exec_driver_sql("PRAGMA page_size")).scalar() or 0
            return int(pages * size)
        return int((await db.exec_driver_sql("SELECT pg_database_size(current_database())")).scalar() or 0)


def main(argv: list[str] | None = None) -> None:
    """Run and print."""
    print(asyncio.run(main_async(parse_args(argv))))


if __name__ == "__main__":
    main()
