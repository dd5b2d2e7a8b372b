"""Example scenes of every picture kind and every shape of game, hand-made (no engine needed).

They are drawn as the samples in ``docs/pictures`` and timed by ``benchmarks/render.py``; they also show
how a builder fills each scene field for the games of RULES.md §8–§11. The seatings and table scenes are in
``example_tables.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .example_tables import EIGHT, FOUR, LABELS, MOON_NAMES, NAMES, SEVEN_TILES, SIX, TABLES, THREE, seats
from .hand import render_hand
from .panel import render_panel
from .scenes import GameEndScene, HandEndScene, HandScene, PanelScene, TableScene
from .summary import render_game_end, render_hand_end
from .table import render_table

__all__ = ["EIGHT", "FOUR", "LABELS", "MOON_NAMES", "NAMES", "SEVEN_TILES", "SIX", "TABLES", "THREE", "seats"]

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
            contract="Fours trump",
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
        contract="Fives trump",
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
        contract="Sixes trump",
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
        contract="Sixes trump",
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
        contract="Sixes trump",
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
