"""Pictures drawn with Pillow: tiles, a player's hand and panel, the table, the end of a hand and of a game."""

from .hand import render_hand
from .panel import render_panel
from .scenes import GameEndScene, HandEndScene, HandScene, PanelScene, SeatInfo, TableScene
from .summary import render_game_end, render_hand_end
from .table import render_table
from .tile import render_tile

__all__ = [
    "GameEndScene",
    "HandEndScene",
    "HandScene",
    "PanelScene",
    "SeatInfo",
    "TableScene",
    "render_game_end",
    "render_hand",
    "render_hand_end",
    "render_panel",
    "render_table",
    "render_tile",
]
