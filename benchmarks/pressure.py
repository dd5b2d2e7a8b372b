"""Does reading the game score in the auction win games? (``engine/ai/pressure.py``)

    python benchmarks/pressure.py [--games 400] [--level easy] [--budget-ms 300] [--seed 1] [--jobs 1]

Whole games between two teams of the same level: one team's players see the game score in their views
(so they bid boldly when the opponents are one hand from winning), the other's views have the score
taken out. Each seeded game is played twice with the teams swapped. Prints the score-reading team's game
win rate with its 95% interval (0.5 means the rule does nothing).
"""

from __future__ import annotations

import argparse
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from strength import rate_ci  # noqa: E402

from engine import Rules  # noqa: E402
from engine.ai import make_player, warm_up  # noqa: E402
from engine.ai.arena import play_game  # noqa: E402


class ScoreBlind:
    """A player that never sees the game score (as if every game were 0 to 0)."""

    def __init__(self, player):
        self.player = player

    def choose(self, view: dict) -> str:
        return self.player.choose({k: v for k, v in view.items() if k != "score"})


def game_pair(args: tuple) -> int:
    """Play one seeded game twice, teams swapped; how many the score-reading team won."""
    level, seed, budget_ms, preset = args
    rules = Rules.from_preset(preset)
    wins = 0
    for reading in (0, 1):
        players = []
        for s in range(rules.players):
            p = make_player(level, seed=seed * 10 + s, budget_ms=budget_ms)
            players.append(p if rules.team_of(s) == reading else ScoreBlind(p))
        game = play_game(rules, players, random.Random(seed))
        wins += game.winner == reading
    return wins


def main(argv: list[str] | None = None) -> int:
    """Play the games and print the win rate."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400, help="game pairs (each played twice)")
    parser.add_argument("--level", default="easy", choices=["easy", "strong"])
    parser.add_argument("--budget-ms", type=int, default=300)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if args.level == "strong":
        warm_up()
    jobs = [(args.level, args.seed * 100_000 + i, args.budget_ms, args.preset) for i in range(args.games)]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs, initializer=warm_up) as pool:
            wins = sum(pool.map(game_pair, jobs))
    else:
        wins = sum(game_pair(j) for j in jobs)
    print(f"== {args.preset}, {args.level}: score-reading team vs score-blind team, {2 * args.games} games ==")
    print(f"  score-reading team's game win rate  {rate_ci(wins, 2 * args.games)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
