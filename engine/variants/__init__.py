"""Every rule system, one module each, and the presets built on them (RULES.md §8–§9).

``PRESETS`` maps a preset's name to its ``Preset`` (a variant plus option defaults); ``find_preset`` looks
one up with an error that lists them. This package is the only place that spells a preset's name.
"""

from __future__ import annotations

from ..errors import RulesError
from .base import Preset, Variant
from .big_game import BigGame
from .eighty_eight import EightyEight
from .eighty_four import EightyFour
from .geezer import Geezer
from .moon import Moon
from .seventy_two import SeventyTwo
from .standard import Standard
from .three_hand import ThreeHand

VARIANTS: tuple[Variant, ...] = (
    Standard(),
    ThreeHand(),
    BigGame(),
    EightyEight(),
    Moon(),
    SeventyTwo(),
    Geezer(),
    EightyFour(),
)
PRESETS: dict[str, Preset] = {p.name: p for v in VARIANTS for p in v.presets()}
DEFAULT_PRESET = "standard"
# Game-specific options -> the title of the game that has them (naming one elsewhere is an error).
OPTION_OWNERS: dict[str, str] = {name: v.title for v in VARIANTS for name in v.game.own}


def find_preset(name: object) -> Preset:
    """The preset called ``name``; RulesError listing the presets if there is none."""
    if not isinstance(name, str) or name not in PRESETS:
        raise RulesError(f"unknown preset {name!r}: choose one of {', '.join(PRESETS)}")
    return PRESETS[name]


__all__ = [
    "DEFAULT_PRESET",
    "OPTION_OWNERS",
    "PRESETS",
    "VARIANTS",
    "Preset",
    "Variant",
    "find_preset",
]
