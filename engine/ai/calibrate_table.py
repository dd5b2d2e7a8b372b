"""The bidding table's fitting and file: a logistic model per contract kind and bid, the made line, and
writing a game's section of ``engine/ai/data/bidding.json`` (the calibration commands in ``calibrate``)."""

from __future__ import annotations

import json
import statistics

import numpy as np

from engine import Rules
from engine.contracts import DOUBLES, SUIT, Contract

from . import bidding
from .strong import MAX_SOLVE_TILES


def table_rules(spec: str, play_out: bool = False) -> Rules:
    """The rules of a table written ``preset`` or ``preset:{options as JSON}`` (``eighty-four:{"players": 6}``),
    with ``play_out`` where asked (every point of a hand counted)."""
    name, _, extra = spec.partition(":")
    options = json.loads(extra) if extra else {}
    if play_out:
        options["play_out"] = True
    return Rules.from_preset(name, options)


def too_deep(rules: Rules) -> bool:
    """Whether a whole deal is too deep to solve for every calibration hand (the Big Game, Seventy-two,
    Geezer, Eighty-eight, Eighty-four): its table comes from hands played out instead."""
    return rules.layout.hand_size * rules.players > MAX_SOLVE_TILES


def trump_contracts(rules: Rules) -> list[Contract]:
    """The suit contracts (the numbers some tile shows: Seventy-two has no blanks), and doubles where the
    table plays them."""
    ts = rules.layout.tiles
    out = [Contract(SUIT, k) for k in range(ts.top + 1) if ts.suit_masks[k]]
    return out + [Contract(DOUBLES)] if rules.options.doubles_trump else out


LEVELS = list(range(30, 43))


def logistic(xs: np.ndarray, ys: np.ndarray, ridge: float = 1e-2, iters: int = 30) -> np.ndarray:
    """Logistic-regression weights by Newton's method (a little ridge keeps separable data finite)."""
    w = np.zeros(xs.shape[1])
    for _ in range(iters):
        p = 1 / (1 + np.exp(-np.clip(xs @ w, -30, 30)))
        hess = xs.T @ (xs * (p * (1 - p))[:, None]) + ridge * np.eye(len(w))
        step = np.linalg.solve(hess, xs.T @ (ys - p) - ridge * w)
        w += step
        if np.abs(step).max() < 1e-6:
            break
    return w


def build(
    samples: list,
    offset: float,
    every_discount: float,
    total: int = 42,
    first: int = LEVELS[0],
    step: int = 1,
) -> dict:
    """The model: per contract kind and bid (``first`` to ``total`` by ``step``; ``total``: every point),
    logistic weights from hand features to "the points reach the bid plus the offset", with the every-trick
    discount."""
    model = {}
    for kind in ("S", "D"):
        rows = [(x, v) for k, x, v in samples if k == kind]
        if len(rows) < 10 * len(bidding.FEATURES):
            continue
        xs = np.array([x for x, _ in rows], float)
        values = np.array([v for _, v in rows], float)
        levels = {}
        for level in range(first, total + 1, step):
            need = total if level == total else min(float(total), level + offset)
            levels[str(level)] = [round(float(w), 4) for w in logistic(xs, (values >= need).astype(float))]
        model[kind] = {"levels": levels, "n": len(rows)}
    return {
        "offset": round(offset, 2),
        "every_trick_discount": round(every_discount, 3),
        "model": model,
        "features": bidding.FEATURES,
    }


def dump(data: dict) -> str:
    """The table as small, diff-friendly JSON."""
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def fit(bids: list[tuple[float, bool]]) -> list[float]:
    """Least-squares line from the table's chance to the made rate seen in self-play: [a, b]."""
    if len(bids) < 20:
        return [0.0, 1.0]
    xs = [p for p, _ in bids]
    ys = [float(m) for _, m in bids]
    mx, my = statistics.mean(xs), statistics.mean(ys)
    var = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / var if var > 1e-9 else 0.0
    b = min(1.5, max(0.2, b))  # keep the line sane with few bids
    return [round(my - b * mx, 4), round(b, 4)]


def quoted(spec: str) -> str:
    """A table spec as a shell word (its options are JSON)."""
    return f"'{spec}'" if ":" in spec else spec


def write_section(data: dict, spec: str, section: dict) -> None:
    """Write one game's section (in ``data`` and in the file as it is now: calibrations of other games may
    have written theirs meanwhile)."""
    key = bidding.section_key(table_rules(spec))
    data.setdefault("variants", {})[key] = section
    now = json.loads(bidding.DATA.read_text())
    now.setdefault("variants", {})[key] = section
    bidding.DATA.write_text(dump(now))
    bidding.table.cache_clear()
