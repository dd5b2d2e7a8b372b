"""Texas 42: the rules, hand records and computer players. Pure: no I/O, randomness injected."""

from .errors import EngineError, IllegalAction, RecordError, RulesError, TileError
from .game import Game
from .hand import Hand
from .rules import PRESETS, Rules
from .tiles import TileSet, count_points, format_tile, parse_tile

__all__ = [
    "PRESETS",
    "EngineError",
    "Game",
    "Hand",
    "IllegalAction",
    "RecordError",
    "Rules",
    "RulesError",
    "TileError",
    "TileSet",
    "count_points",
    "format_tile",
    "parse_tile",
]
