"""Time recomputing every rating from stored games (openskill's Plackett-Luce, as the bot rates them).

Run as ``python benchmarks/ratings.py [--games N] [--players P] [--runs R] [--seed K] [--database]``. Builds
N seeded finished games among P players (two teams of two; a quarter of the seats are computers, a tenth of
the games free-for-all of three), then times ``replay`` over all of them R times and prints the median and
range, with the load average before and after. With ``--database`` the games are also stored (as finished
tables with seats and team results, in a temporary SQLite database) and the timed recomputation is the
bot's own, ``bot.learn.standings.recompute``: reading them back included.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.learn.ratings import FinishedGame, Seat, places_of, replay  # noqa: E402


def games(count: int, players: int, seed: int) -> list[FinishedGame]:
    """Seeded finished games among ``players`` people, with computer seats and some three-hand games."""
    rng = random.Random(seed)
    out = []
    for game_id in range(count):

        def seat() -> Seat:
            return (
                Seat(computer=rng.choice(("strong", "easy")))
                if rng.random() < 0.25
                else Seat(rng.randrange(players))
            )

        if rng.random() < 0.1:
            people = rng.sample(range(players), 3)
            scores = [rng.randrange(8) for _ in people]
            winner = max(range(3), key=lambda i: scores[i])
            out.append(FinishedGame(game_id, tuple((Seat(p),) for p in people), places_of(scores, winner)))
            continue
        sides = ((seat(), seat()), (seat(), seat()))
        taken = [s.user_id for side in sides for s in side if s.user_id is not None]
        if len(taken) != len(set(taken)):  # one person, one seat
            sides = (
                (Seat(game_id % players), Seat(computer="strong")),
                (Seat(computer="easy"), Seat(computer="easy")),
            )
        out.append(FinishedGame(game_id, sides, (0, 1) if rng.random() < 0.5 else (1, 0)))
    return out


async def stored_recompute(stored: list[FinishedGame], runs: int) -> list[float]:
    """Store the games as the bot does (finished tables, seats, team results, rating order) and time
    recomputing every rating from the database ``runs`` times."""
    from bot.learn import standings
    from bot.storage import Storage
    from bot.storage.sql import statement

    with tempfile.TemporaryDirectory() as folder:
        storage = await Storage.open(os.path.join(folder, "ratings.db"))
        try:
            async with storage.transaction() as db:
                tables, seats, teams, order = [], [], [], []
                for game in stored:
                    table = game.game_id + 1
                    alone = all(len(side) == 1 for side in game.sides)
                    variant = "three-hand" if alone else "standard"
                    tables.append({"id": table, "variant": variant})
                    for team, side in enumerate(game.sides):
                        for k, seat in enumerate(side):
                            seats.append(
                                {
                                    "t": table,
                                    "seat": team + k * len(game.sides),
                                    "user": seat.user_id,
                                    "name": "x",
                                    "level": seat.computer,
                                }
                            )
                        teams.append(
                            {
                                "t": table,
                                "team": team,
                                "score": 10 - game.places[team],
                                "won": int(game.places[team] == 0),
                            }
                        )
                    order.append({"t": table})
                await db.execute(
                    statement(
                        "INSERT INTO game_tables (id, guild_id, channel_id, host_id, variant, rules_json, status)"
                        " VALUES (:id, 1, 1, 1, :variant, '{}', 'finished')"
                    ),
                    tables,
                )
                await db.execute(
                    statement(
                        "INSERT INTO seats (table_id, seat, user_id, name, computer_level)"
                        " VALUES (:t, :seat, :user, :name, :level)"
                    ),
                    seats,
                )
                await db.execute(
                    statement(
                        "INSERT INTO team_results (table_id, guild_id, team, team_name, players_json, score, score_kind,"
                        " won) VALUES (:t, 1, :team, 'x', '[]', :score, 'marks', :won)"
                    ),
                    teams,
                )
                await db.execute(
                    statement("INSERT INTO rated_games (table_id, guild_id) VALUES (:t, 1)"), order
                )
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                book = await standings.recompute(storage, 1)
                times.append(time.perf_counter() - start)
            assert book.ratings == replay(stored).ratings, "the stored games rate as the games themselves"
            return times
        finally:
            await storage.close()


def main() -> None:
    """Print the median time to recompute every rating, with its range."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database", action="store_true", help="also time recomputing from a stored database"
    )
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    stored = games(args.games, args.players, args.seed)
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        book = replay(stored)
        times.append(time.perf_counter() - start)
    print(
        f"recompute {args.games} games ({len(book.ratings)} rated players): median {statistics.median(times):.3f} s, "
        f"range {min(times):.3f}-{max(times):.3f} s over {args.runs} runs"
    )
    if args.database:
        stored_times = asyncio.run(stored_recompute(stored, args.runs))
        print(
            f"recompute from the database (SQLite, reading included): median {statistics.median(stored_times):.3f} s, "
            f"range {min(stored_times):.3f}-{max(stored_times):.3f} s over {args.runs} runs"
        )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
