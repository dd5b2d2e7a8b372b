"""Train the fast card-play policy on positions the search labelled; numpy only, seeded, a few minutes.

    python -m training.train_policy --train training/data/positions-1.jsonl.gz ... \
        --valid training/data/positions-2.jsonl.gz --seed 1 --write

Each position's legal tiles are scored by one network (``engine.ai.policy.Network``) over the features
of ``engine.ai.policy_features``. The target is the search's own ranking: a tile's utility is its share of
sampled deals where the mover's side reaches its goal (makes or sets the bid) plus ``POINTS_WEIGHT`` times
its mean points over 42, and the network's softmax over the legal tiles is fitted to the softmax of the
utilities at temperature ``TEMPERATURE`` (cross-entropy, Adam, weight decay, cosine schedule). The
checkpoint kept is the epoch with the lowest regret on the validation deals: the utility given up by
playing the network's first choice instead of the search's. ``--write`` saves it as
``engine/ai/data/card_policy.npz`` with the command that made it.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai.play_goal import play_moves  # noqa: E402
from engine.ai.policy import TEMPERATURE, WEIGHTS, Network  # noqa: E402
from engine.ai.policy_features import MOVE_FEATURES, N_FEATURES, features  # noqa: E402
from engine.ai.situation import read  # noqa: E402

POINTS_WEIGHT = 0.1
HIDDEN = 64
EASY_COLUMN = 23  # policy_features: "this is easy's tile"


def load_worlds(paths: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Features (positions x moves x features, zero-padded), the mask of real moves, and per move and world
    whether the mover's side reaches its goal and its points there, from gzipped JSON lines."""
    feats, goods, pts = [], [], []
    for path in paths:
        with gzip.open(path, "rt") as f:
            for line in f:
                row = json.loads(line)
                sit = read(row["view"])
                by_text = {text: move for move, text in play_moves(sit).items()}
                moves = [by_text[a] for a in row["actions"]]
                values = np.array(row["values"], np.float64)  # moves x worlds
                if row["maximiser"]:
                    good, mine = values >= row["need"], values
                else:
                    good, mine = values < row["need"], -values
                feats.append(features(sit, moves))
                goods.append(good)
                pts.append(mine)
    width = max(len(g) for g in goods)
    n, worlds = len(goods), goods[0].shape[1]
    x = np.zeros((n, width, N_FEATURES), np.float32)
    mask = np.zeros((n, width), bool)
    good = np.zeros((n, width, worlds))
    point = np.zeros((n, width, worlds))
    for i, (f_, g, p) in enumerate(zip(feats, goods, pts, strict=True)):
        k = len(g)
        x[i, :k], mask[i, :k], good[i, :k], point[i, :k] = f_, True, g, p
    return x, mask, good, point


def load(paths: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """As ``load_worlds``, with each move's share of deals reaching the goal and its mean points."""
    x, mask, good, point = load_worlds(paths)
    return x, mask, good.mean(axis=2), point.mean(axis=2)


def utility(good: np.ndarray, point: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The search's preference per move (padding at minus infinity)."""
    u = good + POINTS_WEIGHT * point / 42
    return np.where(mask, u, -np.inf)


def regret(scores: np.ndarray, u: np.ndarray, mask: np.ndarray) -> float:
    """Mean utility given up by playing the highest-scored move instead of the best."""
    pick = np.argmax(np.where(mask, scores, -np.inf), axis=1)
    return float(np.mean(u.max(axis=1) - u[np.arange(len(u)), pick]))


class Trainer:
    """The network's parameters with Adam's moments, and one step of the loss's gradient."""

    def __init__(self, rng: np.random.Generator, mean: np.ndarray, scale: np.ndarray):
        def init(fan_in: int, shape: tuple[int, ...]) -> np.ndarray:
            return rng.normal(0.0, math.sqrt(2.0 / fan_in), shape)

        self.p = {
            "w1": init(N_FEATURES, (N_FEATURES, HIDDEN)),
            "b1": np.zeros(HIDDEN),
            "w2": init(HIDDEN, (HIDDEN, HIDDEN)),
            "b2": np.zeros(HIDDEN),
            "w3": init(HIDDEN, (HIDDEN,)) * 0.1,
            "b3": np.zeros(1),
        }
        self.mean, self.scale = mean, scale
        self.m = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.t = 0

    def network(self) -> Network:
        """The current parameters as the run-time network."""
        return Network({**self.p, "mean": self.mean, "scale": self.scale})

    def step(self, x: np.ndarray, mask: np.ndarray, target: np.ndarray, lr: float, decay: float) -> float:
        """One Adam step on the cross-entropy between the softmax of the scores and ``target``."""
        p = self.p
        z = (x - self.mean) * self.scale
        a1 = z @ p["w1"] + p["b1"]
        h1 = np.maximum(a1, 0)
        a2 = h1 @ p["w2"] + p["b2"]
        h2 = np.maximum(a2, 0)
        s = h2 @ p["w3"] + p["b3"][0]
        s = np.where(mask, s, -1e9)
        s = s - s.max(axis=1, keepdims=True)
        prob = np.exp(s) * mask
        prob /= prob.sum(axis=1, keepdims=True)
        loss = -float(np.sum(target * np.log(np.maximum(prob, 1e-12))) / len(x))
        ds = (prob - target) / len(x)  # positions x moves
        grads = {"w3": np.einsum("nk,nkh->h", ds, h2), "b3": np.array([ds.sum()])}
        dh2 = ds[:, :, None] * p["w3"] * (a2 > 0)
        grads["w2"] = np.einsum("nki,nkj->ij", h1, dh2)
        grads["b2"] = dh2.sum(axis=(0, 1))
        dh1 = (dh2 @ p["w2"].T) * (a1 > 0)
        grads["w1"] = np.einsum("nki,nkj->ij", z, dh1)
        grads["b1"] = dh1.sum(axis=(0, 1))
        self.t += 1
        for k in p:
            g = grads[k] + (decay * p[k] if k.startswith("w") else 0.0)
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            mh = self.m[k] / (1 - 0.9**self.t)
            vh = self.v[k] / (1 - 0.999**self.t)
            p[k] = p[k] - lr * mh / (np.sqrt(vh) + 1e-8)
        return loss


def soft_target(u: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The softmax of the utilities at ``TEMPERATURE`` over the legal moves."""
    e = np.where(mask, np.exp((u - u.max(axis=1, keepdims=True)) / TEMPERATURE), 0.0)
    return e / e.sum(axis=1, keepdims=True)


def train(
    train_paths: list[str], valid_paths: list[str], seed: int, epochs: int, lr: float, decay: float
) -> tuple[Network, dict]:
    """Read the labelled positions and fit the network (``fit``)."""
    start = time.perf_counter()
    x, mask, good, point = load(train_paths)
    vx, vmask, vgood, vpoint = load(valid_paths)
    print(f"{len(x)} training positions, {len(vx)} validation ({time.perf_counter() - start:.0f} s to read)")
    u, vu = utility(good, point, mask), utility(vgood, vpoint, vmask)
    return fit(x, mask, u, vx, vmask, vu, seed, epochs, lr, decay)


def fit(
    x: np.ndarray,
    mask: np.ndarray,
    u: np.ndarray,
    vx: np.ndarray,
    vmask: np.ndarray,
    vu: np.ndarray,
    seed: int,
    epochs: int,
    lr: float,
    decay: float,
) -> tuple[Network, dict]:
    """Fit the network to the utilities ``u`` of the moves of ``x`` (positions x moves x features, ``mask``
    the real moves); the epoch of least regret on the validation positions, and its figures."""
    target = soft_target(u, mask)
    rows = x[mask]
    mean = rows.mean(axis=0)
    scale = 1.0 / np.maximum(rows.std(axis=0), 1e-3)
    rng = np.random.default_rng(seed)
    trainer = Trainer(rng, mean, scale)
    baseline = {
        "easy": regret(vx[:, :, EASY_COLUMN], vu, vmask),
        "first legal": regret(np.zeros(vmask.shape), vu, vmask),
    }
    print(
        "validation regret, easy's tile:",
        f"{baseline['easy']:.4f}",
        " first legal:",
        f"{baseline['first legal']:.4f}",
    )
    best: tuple[float, Network, int] | None = None
    batch = 256
    steps = epochs * math.ceil(len(x) / batch)
    step = 0
    for epoch in range(epochs):
        order = rng.permutation(len(x))
        losses = []
        for i in range(0, len(x), batch):
            idx = order[i : i + batch]
            rate = lr * 0.5 * (1 + math.cos(math.pi * step / steps))
            losses.append(trainer.step(x[idx], mask[idx], target[idx], rate, decay))
            step += 1
        net = trainer.network()
        r = regret(net.scores(vx), vu, vmask)
        if best is None or r < best[0]:
            best = (r, net, epoch)
        if epoch % 5 == 0 or epoch == epochs - 1:
            print(f"  epoch {epoch:3d}  loss {np.mean(losses):.4f}  validation regret {r:.4f}", flush=True)
    assert best is not None
    r, net, epoch = best
    agree = _agreement(net.scores(vx), vu, vmask)
    print(f"kept epoch {epoch}: validation regret {r:.4f}, first choice among the search's best {agree:.3f}")
    figures = {"regret": r, "epoch": epoch, "agreement": agree}
    return net, {**figures, **{f"regret_{k}": v for k, v in baseline.items()}}


def _agreement(scores: np.ndarray, u: np.ndarray, mask: np.ndarray) -> float:
    pick = np.argmax(np.where(mask, scores, -np.inf), axis=1)
    return float(np.mean(u[np.arange(len(u)), pick] >= u.max(axis=1) - 1e-9))


def main(argv: list[str] | None = None) -> int:
    """Train, report, and with ``--write`` ship the weights."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--train", nargs="+", required=True)
    parser.add_argument("--valid", nargs="+", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--epochs", type=int, default=60)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--decay", type=float, default=1e-4)
    parser.add_argument("--write", action="store_true", help=f"save the kept network as {WEIGHTS}")
    args = parser.parse_args(argv)
    net, figures = train(args.train, args.valid, args.seed, args.epochs, args.lr, args.decay)
    if args.write:
        command = "python -m training.train_policy " + " ".join(argv if argv is not None else sys.argv[1:])
        np.savez_compressed(
            WEIGHTS,
            mean=net.mean,
            scale=net.scale,
            w1=net.w1,
            b1=net.b1,
            w2=net.w2,
            b2=net.b2,
            w3=net.w3,
            b3=net.b3,
            built=np.array(json.dumps({"command": command, "move_features": MOVE_FEATURES, **figures})),
        )
        print(f"wrote {WEIGHTS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
