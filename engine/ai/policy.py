"""The fast card-play policy: a small network that scores each legal tile, learned from the search.

It reads the features of ``policy_features`` (one row per legal tile, from the seat's view alone) and
scores each row with the same two-layer network (numpy only; the weights are
``engine/ai/data/card_policy.npz``, written by ``training/train_policy.py`` from positions the search
labelled, ``training/make_positions.py``). The score ranks the tiles the way the search at full budget
would: the chance of making (or setting) the bid first, the points after. About a tenth of a millisecond
a decision, so the strong player uses it where its budget is too short to search (the first tricks at a
few milliseconds) and to order the moves it searches.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np

from .play_goal import play_moves
from .policy_features import N_FEATURES, applies, features
from .situation import Situation

WEIGHTS = Path(__file__).parent / "data" / "card_policy.npz"
# the network is fitted to softmax(utility / TEMPERATURE) over the legal tiles (training/train_policy.py),
# so TEMPERATURE x a score difference estimates the difference in utility: the share of deals that reach
# the goal (plus a tenth of the points over 42)
TEMPERATURE = 0.03


class Network:
    """Weights of the scorer: standardise, two ReLU layers, one score per row."""

    def __init__(self, arrays: dict[str, np.ndarray]):
        self.mean = arrays["mean"].astype(np.float32)
        self.scale = arrays["scale"].astype(np.float32)
        self.w1, self.b1 = arrays["w1"].astype(np.float32), arrays["b1"].astype(np.float32)
        self.w2, self.b2 = arrays["w2"].astype(np.float32), arrays["b2"].astype(np.float32)
        self.w3, self.b3 = arrays["w3"].astype(np.float32), arrays["b3"].astype(np.float32)
        if self.w1.shape[0] != N_FEATURES:
            raise ValueError(f"weights for {self.w1.shape[0]} features, the featurizer makes {N_FEATURES}")

    def scores(self, rows: np.ndarray) -> np.ndarray:
        """One score per row (higher: the search would rather play it)."""
        x = (rows - self.mean) * self.scale
        h = np.maximum(x @ self.w1 + self.b1, 0.0)
        h = np.maximum(h @ self.w2 + self.b2, 0.0)
        return h @ self.w3 + self.b3


@cache
def network() -> Network | None:
    """The shipped network (read once), or None where no weights are shipped."""
    if not WEIGHTS.exists():
        return None
    with np.load(WEIGHTS) as data:
        return Network({name: data[name] for name in data.files})


def utilities(sit: Situation, moves: list[int]) -> list[float] | None:
    """The network's estimate of each move's utility, up to a constant shared by the moves (the share of
    deals that reach the goal, as ``TEMPERATURE`` scales it), or None where the policy does not apply."""
    net = network()
    if net is None or not applies(sit):
        return None
    return [TEMPERATURE * float(s) for s in net.scores(features(sit, moves))]


def ranked(sit: Situation, moves: list[int]) -> list[int] | None:
    """``moves`` best first by the network, or None where the policy does not play this position."""
    values = utilities(sit, moves)
    if values is None:
        return None
    order = sorted(range(len(moves)), key=lambda i: -values[i])
    return [moves[i] for i in order]


def choose(sit: Situation) -> str | None:
    """The network's tile for a play view (None where it does not apply)."""
    options = play_moves(sit)
    order = ranked(sit, list(options))
    return None if order is None else options[order[0]]
