"""Pictures drawn with Pillow: tiles, a player's hand, the table, the end of a hand and of a game."""

from .scenes import GameEndScene, HandEndScene, HandScene, SeatInfo, TableScene

__all__ = ["GameEndScene", "HandEndScene", "HandScene", "SeatInfo", "TableScene"]
