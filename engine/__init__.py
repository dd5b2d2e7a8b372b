"""Texas 42: the rules, hand records and computer players. Pure: no I/O, randomness injected."""

from .errors import EngineError, IllegalAction, RecordError, RulesError, TileError
from .tiles import TileSet, count_points, format_tile, parse_tile

__all__ = [
    "EngineError",
    "IllegalAction",
    "RecordError",
    "RulesError",
    "TileError",
    "TileSet",
    "count_points",
    "format_tile",
    "parse_tile",
]
