"""Redraw the sample pictures in this folder: ``python docs/pictures/make_samples.py``."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from bot.pictures import (  # noqa: E402
    GameEndScene,
    HandEndScene,
    HandScene,
    SeatInfo,
    TableScene,
    render_game_end,
    render_hand,
    render_hand_end,
    render_table,
)

FOUR = (SeatInfo("Alice"), SeatInfo("Bertha", computer=True), SeatInfo("Carlos"), SeatInfo("Dee", computer=True))

SAMPLES = {
    "hand-before-contract.png": (render_hand, HandScene(
        tiles=("6-4", "3-3", "5-0", "2-1", "6-6", "4-1", "5-5"), title="Alice · North · your hand")),
    "hand-trumps-dimmed.png": (render_hand, HandScene(
        tiles=("6-4", "3-3", "5-0", "2-1", "6-6", "4-1", "5-5"), trumps=frozenset({"5-0", "5-5"}),
        playable=frozenset({"5-0", "5-5"}), title="Alice · Contract: Fives · your turn (follow fives)")),
    "hand-big-game.png": (render_hand, HandScene(
        tiles=("8-8", "8-7", "7-3", "8-2", "6-4", "7-7", "5-0", "4-4", "8-0", "3-1", "2-2"),
        trumps=frozenset({"8-8", "8-7", "8-2", "8-0"}), playable=frozenset({"8-8", "8-7", "8-2", "8-0"}),
        title="Dee · Big Game · Contract: Eights · your lead", top=8)),
    "table-4.png": (render_table, TableScene(
        seats=FOUR, dealer=3, turn=2, trick={0: "5-3", 1: "5-5", 3: "6-5"},
        last_trick={0: "6-6", 1: "6-2", 2: "4-1", 3: "6-0"}, last_winner=0, bid="31 by North",
        contract="Fives", scores=(3, 5), hand_points=(18, 6), status="South (Carlos) to play")),
    "table-3.png": (render_table, TableScene(
        seats=(SeatInfo("Ann"), SeatInfo("Bo", computer=True), SeatInfo("Cy")), dealer=2, turn=0,
        trick={1: "7-3/3", 2: "3-3"}, last_trick={0: "6-6", 1: "6-1", 2: "6-3"}, last_winner=0,
        bid="34 by East", contract="Threes (doubles high)", team_names=("Ann", "Bo", "Cy"), scores=(2, 4, 6),
        status="North (Ann) to play")),
    "table-6.png": (render_table, TableScene(
        seats=tuple(SeatInfo(n, computer=i in (1, 4)) for i, n in enumerate(
            ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay"))),
        dealer=5, turn=4, trick={0: "6-6", 1: "6-1", 2: "6-3", 3: "6-4"},
        last_trick={i: t for i, t in enumerate(("2-2", "2-1", "2-0", "5-2", "3-2", "4-2"))}, last_winner=3,
        bid="2 marks by Northwest", contract="Follow-me", team_names=("Ann·Cat·Eve", "Ben·Dan·Fay"),
        scores=(2, 4), status="Southwest (Eve) to play")),
    "table-big-game-points.png": (render_table, TableScene(
        seats=FOUR, dealer=0, turn=1, trick={0: "8-8", 3: "8-3"}, last_trick={0: "7-7", 1: "7-2", 2: "7-0", 3: "7-5"},
        last_winner=0, bid="72 by North", contract="Eights", score_kind="points", scores=(212, 388), target=400,
        hand_points=(30, 15), status="East (Bertha) to play", top=8)),
    "hand-end.png": (render_hand_end, HandEndScene(
        seats=FOUR, team_names=("N–S", "E–W"), bidder=0, bid="31", contract="Fives", made=True, points=(34, 8),
        counts=(("5-5", "6-4", "5-0", "4-1"), ("3-2",)), award=(1, 0), score_kind="marks", scores=(4, 5), target=7)),
    "hand-end-set.png": (render_hand_end, HandEndScene(
        seats=FOUR, team_names=("N–S", "E–W"), bidder=1, bid="2 marks", contract="Sixes (doubles high)",
        made=False, points=(10, 32), counts=(("5-5",), ("6-4", "5-0", "4-1", "3-2")), award=(2, 0),
        score_kind="marks", scores=(6, 5), target=7)),
    "game-end.png": (render_game_end, GameEndScene(
        team_names=("N–S", "E–W"), players=(("Alice", "Carlos"), ("Bertha", "Dee")), scores=(7, 5),
        score_kind="marks", winner=0, hands_played=14)),
}


def main() -> None:
    """Write every sample next to this script and print its size."""
    for name, (render, scene) in SAMPLES.items():
        data = render(scene)
        (HERE / name).write_bytes(data)
        print(f"{name:32} {len(data) / 1000:6.1f} KB")


if __name__ == "__main__":
    main()
