"""Example scenes of every picture kind and every shape of game, hand-made (no engine needed).

They are drawn as the samples in ``docs/pictures`` and timed by ``benchmarks/render.py``; they also show
how a builder fills each scene field for the games of RULES.md §8–§11.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .hand import render_hand
from .panel import render_panel
from .scenes import GameEndScene, HandEndScene, HandScene, PanelScene, SeatInfo, TableScene
from .summary import render_game_end, render_hand_end
from .table import render_table

LABELS: dict[int, tuple[str, ...]] = {  # BOT.md's seat labels, in playing order
    3: ("North", "East", "West"),
    4: ("North", "East", "South", "West"),
    6: ("North", "Northeast", "Southeast", "South", "Southwest", "Northwest"),
    8: ("North", "Northeast", "East", "Southeast", "South", "Southwest", "West", "Northwest"),
}
NAMES = ("Alice", "Ada", "Renée-Éloïse de la Montagne", "Babbage", "Zoë", "Turing", "Ярослав", "Hopper")


def seats(
    count: int, *, alone: bool = False, computers: tuple[int, ...] = (1, 3, 5, 7)
) -> tuple[SeatInfo, ...]:
    """``count`` seats with their labels and teams (alternating, or each alone)."""
    return tuple(
        SeatInfo(NAMES[s], computer=s in computers, label=LABELS[count][s], team=s if alone else s % 2)
        for s in range(count)
    )


FOUR = seats(4)
THREE = seats(3, alone=True, computers=(1,))
SIX = seats(6)
EIGHT = seats(8)
MOON_NAMES = ("Alice", "Ada", "Renée-Éloïse")
SEVEN_TILES = ("6-4", "3-3", "5-0", "2-1", "6-6", "4-1", "5-5")

TABLES: dict[str, TableScene] = {
    "table-4": TableScene(
        seats=FOUR,
        dealer=3,
        turn=2,
        trick={1: "5-5", 3: "6-5", 0: "5-3"},
        leader=1,
        last_trick={0: "6-6", 1: "6-2", 2: "4-1", 3: "6-0"},
        last_leader=0,
        last_winner=0,
        bidder=0,
        bid="31 by Alice",
        contract="Fives",
        scores=(3, 5),
        hand_points=(18, 6),
        tricks_taken=(2, 1),
        status="Renée-Éloïse de la Montagne to play",
    ),
    "table-4-auction": TableScene(
        seats=FOUR,
        dealer=3,
        turn=2,
        phase="auction",
        calls=("30", "Pass", None, None),
        bidder=0,
        bid="30 by Alice",
        scores=(3, 5),
        status="Renée-Éloïse de la Montagne to bid",
    ),
    "table-4-set-early": TableScene(
        seats=FOUR,
        dealer=0,
        turn=None,
        phase="over",
        last_trick={2: "6-6", 3: "6-1", 0: "6-3", 1: "6-4"},
        last_leader=2,
        last_winner=2,
        bidder=1,
        bid="34 by Ada",
        contract="Sixes",
        scores=(4, 5),
        hand_points=(21, 6),
        status="Hand over",
        reason="Set: needed 34, could reach at most 31",
    ),
    "table-3": TableScene(
        seats=THREE,
        dealer=2,
        turn=0,
        trick={1: "7-3/3", 2: "3-3"},
        leader=1,
        last_trick={0: "6-6", 1: "6-1", 2: "6-3"},
        last_leader=2,
        last_winner=0,
        bidder=1,
        bid="34 by Ada",
        contract="Threes",
        team_names=MOON_NAMES,
        scores=(2, 4, 6),
        status="Alice to play",
    ),
    "table-3-moon": TableScene(
        seats=THREE,
        dealer=0,
        turn=2,
        trick={1: "6-6", 0: "6-2"},
        leader=1,
        last_trick={2: "5-5", 0: "5-1", 1: "5-3"},
        last_leader=2,
        last_winner=2,
        bidder=1,
        bid="5 by Ada",
        contract="Sixes",
        score_kind="points",
        team_names=MOON_NAMES,
        scores=(14, -3, 9),
        target=21,
        hand_points=(1, 2, 1),
        status="Renée-Éloïse to play",
    ),
    "table-6": TableScene(
        seats=SIX,
        dealer=5,
        turn=4,
        trick={0: "6-6", 1: "6-1", 2: "6-3", 3: "6-4"},
        leader=0,
        last_trick={i: t for i, t in enumerate(("2-2", "2-1", "2-0", "5-2", "3-2", "4-2"))},
        last_leader=0,
        last_winner=3,
        bidder=5,
        bid="2 marks by Hopper",
        contract="Follow me",
        team_names=("N·SE·SW", "NE·S·NW"),
        scores=(2, 4),
        status="Zoë to play",
    ),
    "table-8": TableScene(
        seats=EIGHT,
        dealer=7,
        turn=5,
        trick={0: "6-6", 1: "6-1", 2: "6-3", 3: "6-4", 4: "6-6"},
        leader=0,
        last_trick={i: t for i, t in enumerate(("2-2", "2-1", "2-0", "5-2", "3-2", "4-2", "2-2", "6-2"))},
        last_leader=0,
        last_winner=6,
        bidder=3,
        bid="68 by Babbage",
        contract="Sixes",
        team_names=("N·E·S·W", "NE·SE·SW·NW"),
        scores=(3, 2),
        hand_points=(22, 14),
        status="Turing to play",
    ),
    "table-8-auction": TableScene(
        seats=EIGHT,
        dealer=3,
        turn=1,
        phase="auction",
        calls=("Pass", None, None, None, "62", "Pass", "64", "1 mark"),
        bidder=7,
        bid="1 mark by Hopper",
        team_names=("N·E·S·W", "NE·SE·SW·NW"),
        scores=(3, 2),
        status="Ada to bid",
    ),
    "table-8-pistol": TableScene(
        seats=EIGHT,
        dealer=0,
        turn=3,
        trick={1: "5-5", 2: "5-1"},
        leader=1,
        sitting_out=frozenset({4, 6, 0}),
        bidder=2,
        bid="1 mark by Renée-Éloïse de la Montagne",
        contract="Pistol (doubles low)",
        team_names=("N·E·S·W", "NE·SE·SW·NW"),
        scores=(1, 5),
        status="Babbage to play",
    ),
    "table-72-discards": TableScene(
        seats=FOUR,
        dealer=1,
        turn=2,
        phase="play",
        bidder=2,
        bid="52 by Renée-Éloïse",
        contract="Fours",
        face_up=("4-4",),
        discard_points=10,
        scores=(2, 1),
        hand_points=(0, 10),
        status="Renée-Éloïse to lead",
    ),
    "table-stacked": TableScene(
        seats=FOUR,
        dealer=0,
        turn=0,
        trick={2: "4-4", 3: "4-2"},
        leader=2,
        last_trick={1: "6-6", 2: "6-1", 3: "6-3", 0: "6-4"},
        last_leader=1,
        last_winner=1,
        bidder=1,
        bid="2 marks by Ada",
        contract="Sixes",
        scores=(2, 1),
        stacked=True,
        tricks_taken=(0, 3),
        status="Alice to play",
    ),
    "table-geezer": TableScene(
        seats=FOUR,
        dealer=2,
        turn=1,
        trick={0: "7-7", 1: "7-3"},
        leader=0,
        last_trick={3: "7-0", 0: "7-5", 1: "7-1", 2: "7-6"},
        last_leader=3,
        last_winner=2,
        bidder=3,
        bid="Dip by Babbage",
        contract="Sevens",
        scores=(2, 4),
        hand_points=(10, 9),
        status="Ada to play",
        top=7,
    ),
    "table-big-game": TableScene(
        seats=FOUR,
        dealer=0,
        turn=1,
        trick={0: "8-8", 3: "8-3"},
        leader=3,
        last_trick={0: "7-7", 1: "7-2", 2: "7-0", 3: "7-5"},
        last_leader=0,
        last_winner=0,
        bidder=0,
        bid="72 by Alice",
        contract="Eights",
        score_kind="points",
        scores=(212, 388),
        target=400,
        hand_points=(30, 15),
        status="Ada to play",
        top=8,
    ),
}

HANDS: dict[str, HandScene] = {
    "hand-before-contract": HandScene(tiles=SEVEN_TILES, title="Alice · North · your hand"),
    "hand-trumps-dimmed": HandScene(
        tiles=SEVEN_TILES,
        trumps=frozenset({"5-0", "5-5"}),
        playable=frozenset({"5-0", "5-5"}),
        title="Alice · Contract: Fives · your turn (follow fives)",
    ),
    "hand-72-before-discard": HandScene(
        tiles=("6-6", "6-4", "6-4", "5-5", "5-1", "4-4", "4-3", "4-1", "3-2", "2-2", "2-1", "1-1"),
        trumps=frozenset({"4-4", "6-4", "4-3", "4-1"}),
        title="Renée-Éloïse · Fours · discard two",
    ),
    "hand-geezer": HandScene(
        tiles=("7-7", "7-3", "7-0", "6-5", "5-5", "5-0", "4-1", "3-2", "1-1"),
        title="Ada · East · hand 2",
        top=7,
    ),
    "hand-big-game": HandScene(
        tiles=("8-8", "8-7", "7-3", "8-2", "6-4", "7-7", "5-0", "4-4", "8-0", "3-1", "2-2"),
        trumps=frozenset({"8-8", "8-7", "8-2", "8-0"}),
        playable=frozenset({"8-8", "8-7", "8-2", "8-0"}),
        title="Babbage · Big Game · Eights · your lead",
        top=8,
    ),
    "hand-moon": HandScene(
        tiles=("6-6", "6-5", "6-4", "5-5", "5-1", "3-2", "2-2"), counting=False, title="Alice · Moon · hand 5"
    ),
}

PANELS: dict[str, PanelScene] = {
    "panel-4": PanelScene(
        replace(TABLES["table-4"], status="Your turn: play a tile"),
        HandScene(
            tiles=("6-4", "3-3", "5-0", "2-1", "6-6", "4-1"),
            trumps=frozenset({"5-0"}),
            playable=frozenset({"5-0"}),
            title="Renée-Éloïse · South · hand 3",
        ),
        2,
        note="Hand 2: Ada bid 30 and was set. N–S +1 mark.",
    ),
    "panel-4-auction": PanelScene(
        replace(TABLES["table-4-auction"], status="Your turn: bid or pass"),
        HandScene(tiles=SEVEN_TILES, title="Renée-Éloïse · South · hand 4"),
        2,
    ),
    "panel-3-moon": PanelScene(
        replace(TABLES["table-3-moon"], status="Your turn: follow sixes"),
        HandScene(
            tiles=("6-5", "4-4", "3-1", "2-0", "1-1"),
            counting=False,
            playable=frozenset({"6-5"}),
            title="Renée-Éloïse · West · hand 6",
        ),
        2,
    ),
    "panel-6": PanelScene(
        TABLES["table-6"],
        HandScene(
            tiles=("5-5", "5-4", "4-4", "3-0", "2-2", "1-0", "0-0"),
            title="Zoë · Southwest · hand 3 · Follow me",
        ),
        4,
    ),
    "panel-8": PanelScene(
        replace(TABLES["table-8"], status="Your turn: follow sixes"),
        HandScene(
            tiles=("6-0", "5-5", "4-4", "3-1", "2-0", "1-1"),
            trumps=frozenset({"6-0"}),
            playable=frozenset({"6-0"}),
            title="Turing · Southwest · hand 2",
        ),
        5,
    ),
    "panel-72-discard": PanelScene(
        TableScene(
            seats=FOUR,
            dealer=1,
            turn=2,
            phase="exchange",
            bidder=2,
            bid="52 by Renée-Éloïse",
            contract="Fours",
            scores=(2, 1),
            status="Your turn: discard two tiles",
        ),
        HANDS["hand-72-before-discard"],
        2,
    ),
    "panel-stacked": PanelScene(
        TABLES["table-stacked"],
        HandScene(tiles=("5-5", "4-1", "3-3", "2-0"), title="Hopper · West · hand 4"),
        3,
    ),
    "panel-set-early": PanelScene(
        TABLES["table-4-set-early"],
        HandScene(tiles=("5-5", "4-1", "3-3"), title="Alice · North · hand 6"),
        0,
        note="N–S +2 marks. Next hand: Ada deals.",
    ),
}

HAND_ENDS: dict[str, HandEndScene] = {
    "hand-end": HandEndScene(
        seats=FOUR,
        team_names=("N–S", "E–W"),
        bidder=0,
        bid="31",
        contract="Fives",
        made=True,
        points=(34, 8),
        counts=(("5-5", "6-4", "5-0", "4-1"), ("3-2",)),
        award=(1, 0),
        score_kind="marks",
        scores=(4, 5),
        target=7,
        tricks_taken=(5, 2),
    ),
    "hand-end-set-early": HandEndScene(
        seats=FOUR,
        team_names=("N–S", "E–W"),
        bidder=1,
        bid="34",
        contract="Sixes",
        made=False,
        points=(21, 6),
        counts=(("5-5", "6-4"), ("4-1",)),
        award=(1, 0),
        score_kind="marks",
        scores=(5, 5),
        target=7,
        reason="Set: needed 34, could reach at most 31",
        tricks_taken=(3, 1),
    ),
    "hand-end-moon": HandEndScene(
        seats=THREE,
        team_names=MOON_NAMES,
        bidder=1,
        bid="5",
        contract="Sixes",
        made=False,
        points=(2, 4, 1),
        counts=((), (), ()),
        award=(2, -5, 1),
        score_kind="points",
        scores=(16, -8, 10),
        target=21,
        tricks_taken=(2, 4, 1),
    ),
    "hand-end-8": HandEndScene(
        seats=EIGHT,
        team_names=("N·E·S·W", "NE·SE·SW·NW"),
        bidder=3,
        bid="68",
        contract="Sixes",
        made=True,
        points=(14, 70),
        counts=(("3-2",), ("5-5", "6-4", "5-0", "4-1", "5-5", "6-4", "5-0", "4-1", "3-2")),
        award=(0, 1),
        score_kind="marks",
        scores=(3, 3),
        target=7,
    ),
}

GAME_ENDS: dict[str, GameEndScene] = {
    "game-end": GameEndScene(
        team_names=("N–S", "E–W"),
        players=(("Alice", "Renée-Éloïse de la Montagne"), ("Ada", "Babbage")),
        scores=(7, 5),
        score_kind="marks",
        winner=0,
        hands_played=14,
    ),
    "game-end-moon": GameEndScene(
        team_names=MOON_NAMES,
        players=tuple((n,) for n in MOON_NAMES),
        scores=(22, -4, 17),
        score_kind="points",
        winner=0,
        hands_played=9,
    ),
}

RENDERERS: dict[str, Callable[[Any], bytes]] = {
    "table": render_table,
    "hand": render_hand,
    "panel": render_panel,
    "hand-end": render_hand_end,
    "game-end": render_game_end,
}


def every_example() -> dict[str, tuple[str, Any]]:
    """Every example by file stem: its picture kind (a key of ``RENDERERS``) and its scene."""
    examples: dict[str, tuple[str, Any]] = {}
    for kind, scenes in (
        ("table", TABLES),
        ("hand", HANDS),
        ("panel", PANELS),
        ("hand-end", HAND_ENDS),
        ("game-end", GAME_ENDS),
    ):
        examples.update({name: (kind, scene) for name, scene in scenes.items()})
    return examples
