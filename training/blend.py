"""How much the policy should weigh against a search of few deals: offline, on labelled positions.

    python -m training.blend --valid training/data/positions-2.jsonl.gz [--seed 1]

A labelled position holds every legal tile's value on ``WORLDS`` sampled deals. A search of ``n`` deals is
simulated by drawing ``n`` of them; it plays the tile reaching the goal in the most (``card_play``), or,
blended, the tile of most ``made + k x the policy's utility``. Each choice's regret is measured against
all the position's deals (the search at full strength, ``train_policy.utility``), averaged over positions
and draws. Printed per ``n``: the search alone, the policy alone, and the blend for each ``k``: the
``PRIOR_DEALS`` and ``BLEND_BELOW`` of ``engine/ai/card_play.py`` come from this table.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai.policy import TEMPERATURE, network  # noqa: E402
from training.train_policy import POINTS_WEIGHT, load_worlds  # noqa: E402

DEALS = (1, 2, 4, 8, 16)
WEIGHTS = (0.0, 4.0, 16.0, 32.0, 64.0, 128.0)


def main(argv: list[str] | None = None) -> int:
    """Print the regret table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--valid", nargs="+", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--draws", type=int, default=20)
    args = parser.parse_args(argv)
    net = network()
    assert net is not None, "no shipped policy"
    x, mask, good, point = load_worlds(args.valid)  # good, point: positions x moves x worlds
    prior = np.where(mask, TEMPERATURE * net.scores(x), -np.inf)
    full = np.where(mask, good.mean(axis=2) + POINTS_WEIGHT * point.mean(axis=2) / 42, -np.inf)
    best = full.max(axis=1)
    rows = np.arange(len(x))
    rng = np.random.default_rng(args.seed)
    worlds = good.shape[2]

    def regret(choice: np.ndarray) -> float:
        return float(np.mean(best - full[rows, choice]))

    print(
        f"{len(x)} positions; regret in the share of deals reaching the goal (+ {POINTS_WEIGHT} x points/42)"
    )
    print(f"  policy alone: {regret(np.argmax(prior, axis=1)):.4f}")
    header = "  deals  search  " + "  ".join(f"k={k:<5g}" for k in WEIGHTS[1:])
    print(header)
    for n in DEALS:
        totals = np.zeros(len(WEIGHTS))
        for _ in range(args.draws):
            pick = np.stack([rng.choice(worlds, n, replace=False) for _ in rows])
            made = np.take_along_axis(good, pick[:, None, :].repeat(good.shape[1], axis=1), axis=2).sum(
                axis=2
            )
            made = np.where(mask, made, -1e9)
            for j, k in enumerate(WEIGHTS):
                # k = 0: the search alone, ties to the policy's order
                score = made + (k if k else 1e-6) * np.where(mask, prior, 0.0)
                totals[j] += regret(np.argmax(score, axis=1))
        totals /= args.draws
        print(f"  {n:5d}  {totals[0]:.4f}  " + "  ".join(f"{v:.4f}" for v in totals[1:]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
