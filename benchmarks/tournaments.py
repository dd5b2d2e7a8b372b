"""Time a 64-team tournament's pure logic: the draw and the whole schedule, every pool's standings, each result
recorded to the champion, the JSON round trip, and the pictures of its pages.

Run as ``nice -n 19 python benchmarks/tournaments.py [--teams N] [--format F] [--runs R]``. Prints the median
wall time and the median CPU time (this process's, steadier on a shared machine) of each step over R runs,
and the load average before and after: quote it with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.pictures.bracket import render_bracket  # noqa: E402
from bot.pictures.standings_table import render_standings  # noqa: E402
from bot.show.tournament_scenes import bracket_pages, standings_pages  # noqa: E402
from bot.tournaments.codec import from_json, to_json  # noqa: E402
from bot.tournaments.model import Entrant, Tournament  # noqa: E402
from bot.tournaments.progress import finished, ready_matches, record_game  # noqa: E402
from bot.tournaments.schedule import new_tournament  # noqa: E402
from bot.tournaments.standings import pool_standings  # noqa: E402


def timed(step: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median wall and CPU milliseconds of ``step`` over ``runs`` runs after a warm-up."""
    step()
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        step()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def played_out(tournament: Tournament, seed: int) -> Tournament:
    """Every match played, an open one at a time, with made-up scores."""
    rng = random.Random(seed)
    while not finished(tournament):
        match = rng.choice(ready_matches(tournament))
        loser = rng.randrange(tournament.target)
        tournament = record_game(
            tournament,
            match.id,
            (tournament.target, loser) if rng.random() < 0.5 else (loser, tournament.target),
        )
    return tournament


def main() -> None:
    """Time each step and print a line for it."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--teams", type=int, default=64)
    parser.add_argument("--format", default="pools")
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}")
    teams = [Entrant(i, f"Team {i}") for i in range(args.teams)]
    fresh = new_tournament(args.format, teams, random.Random(1))
    done = played_out(fresh, 1)
    steps: list[tuple[str, Callable[[], object]]] = [
        ("draw and whole schedule", lambda: new_tournament(args.format, teams, random.Random(1))),
        ("every pool's standings", lambda: [pool_standings(done, p.name) for p in done.pools]),
        ("ready matches (start)", lambda: ready_matches(fresh)),
        ("JSON out and back", lambda: from_json(json.loads(json.dumps(to_json(done))))),
        ("bracket scenes (all pages)", lambda: bracket_pages(done, "Benchmark")),
        (
            "bracket pictures (all pages)",
            lambda: [render_bracket(p) for p in bracket_pages(done, "Benchmark")],
        ),
        ("standings pictures", lambda: [render_standings(p) for p in standings_pages(done, "Benchmark")]),
    ]
    for name, step in steps:
        wall, cpu = timed(step, args.runs)
        print(f"{name:32} {wall:9.2f} ms wall {cpu:9.2f} ms CPU")
    results = sum(len(m.games) for m in done.matches if not m.is_bye)
    wall, cpu = timed(lambda: played_out(fresh, 1), max(1, args.runs // 5))
    print(f"{'every result to the champion':32} {wall:9.2f} ms wall {cpu:9.2f} ms CPU ({results} results)")
    print(f"matches: {len(fresh.matches)}, JSON: {len(json.dumps(to_json(done))) / 1000:.1f} KB")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
