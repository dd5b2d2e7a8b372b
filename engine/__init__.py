"""Texas 42: the rules, hand records and computer players. Pure: no I/O, randomness injected."""

from .contracts import Contract, ContractKind
from .errors import EngineError, IllegalAction, RecordError, RulesError, TileError
from .game import Game
from .hand import Hand
from .options import Options
from .phases import Phase
from .record import read as read_record
from .record import write as write_record
from .rules import Rules
from .seats import Seating
from .tiles import TileSet, count_points, format_tile, parse_tile
from .variants import DEFAULT_PRESET, PRESETS, Variant, find_preset
from .view import PublicView, View, public_view, view_for

__all__ = [
    "DEFAULT_PRESET",
    "PRESETS",
    "Contract",
    "ContractKind",
    "EngineError",
    "Game",
    "Hand",
    "IllegalAction",
    "Options",
    "Phase",
    "PublicView",
    "RecordError",
    "Rules",
    "RulesError",
    "Seating",
    "TileError",
    "TileSet",
    "Variant",
    "View",
    "count_points",
    "find_preset",
    "format_tile",
    "parse_tile",
    "public_view",
    "read_record",
    "view_for",
    "write_record",
]
