"""Time the pictures the bot makes most often: a hand and the table, PNG encoding included.

Run as ``python benchmarks/render.py``. Prints the median of many renders after a warm-up (the warm-up
fills the sprite and background caches, as a running bot's first picture does).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.pictures import HandScene, SeatInfo, TableScene, render_hand, render_table  # noqa: E402

HAND = HandScene(
    tiles=("6-4", "3-3", "5-0", "2-1", "6-6", "4-1", "5-5"),
    trumps=frozenset({"5-0", "5-5"}),
    playable=frozenset({"5-0", "5-5"}),
    title="North · Contract: Fives · your turn",
)
TABLE = TableScene(
    seats=(SeatInfo("Alice"), SeatInfo("Bertha", computer=True), SeatInfo("Carlos"), SeatInfo("Dee", computer=True)),
    dealer=3,
    turn=2,
    trick={0: "5-3", 1: "5-5", 3: "6-5"},
    last_trick={0: "6-6", 1: "6-2", 2: "4-1", 3: "6-0"},
    last_winner=0,
    bid="31 by North",
    contract="Fives",
    scores=(3, 5),
    hand_points=(18, 6),
    status="South (Carlos) to play",
)


def median_ms(render, scene, runs: int = 60) -> tuple[float, int]:
    """Median milliseconds per render and the PNG's size in bytes."""
    data = render(scene)  # warm the caches
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        data = render(scene)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), len(data)


def main() -> None:
    """Print the median time and size of a hand picture and a table picture."""
    for label, render, scene in (("hand", render_hand, HAND), ("table", render_table, TABLE)):
        ms, size = median_ms(render, scene)
        print(f"{label:6} median {ms:6.2f} ms   {size / 1000:6.1f} KB")


if __name__ == "__main__":
    main()
