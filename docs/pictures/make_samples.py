"""Redraw the sample pictures in this folder: ``python docs/pictures/make_samples.py``.

Every example scene of ``bot/pictures/examples.py`` is drawn as ``<name>.png``; samples of scenes that no
longer exist are removed, so the folder always matches the examples. Then ``games/`` is drawn from seeded
engine hands of the newer games (``game_samples.py``), as the bot would send them, and ``tournaments/`` from
seeded tournaments (``tournament_samples.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from game_samples import draw as draw_games  # noqa: E402  (this folder is on the path when run)
from tournament_samples import draw as draw_tournaments  # noqa: E402

from bot.pictures.examples import RENDERERS, every_example  # noqa: E402


def main() -> None:
    """Write every sample next to this script and print its size."""
    examples = every_example()
    for stale in HERE.glob("*.png"):
        if stale.stem not in examples:
            stale.unlink()
    for name, (kind, scene) in examples.items():
        data = RENDERERS[kind](scene)
        (HERE / f"{name}.png").write_bytes(data)
        print(f"{name + '.png':40} {len(data) / 1000:6.1f} KB")
    draw_games(HERE / "games")
    draw_tournaments(HERE / "tournaments")


if __name__ == "__main__":
    main()
