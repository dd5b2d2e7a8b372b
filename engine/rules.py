"""The rules a table plays: a preset (RULES.md §9) plus checked option overrides (§10–§11).

``Rules`` is a value: the preset's name and the effective ``Options``. Everything else (the variant, the
layout the hot paths read, seats and teams, the exchange) follows from those two and is worked out once.
It sits above the variants (it finds its preset among them); the modules below it read a table's rules as
``layout.TableRules``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .calls import Call, suit_word
from .contracts import Contract
from .exchange import ExchangeRule
from .layout import Layout
from .options import OPTION_NAMES, Options, build_options
from .seats import Seating
from .variants import DEFAULT_PRESET, OPTION_OWNERS, PRESETS, Preset, Variant, find_preset


@dataclass(frozen=True)
class Rules:
    """A preset plus checked options. Build with ``Rules.from_preset``."""

    preset: str = DEFAULT_PRESET
    options: Options = field(default_factory=Options)

    @classmethod
    def from_preset(cls, preset: str = DEFAULT_PRESET, overrides: Any = None) -> Rules:
        """The rules of ``preset`` with ``overrides``; RulesError names any bad preset, option or value."""
        found = find_preset(preset)
        options = build_options(
            found.variant.game, OPTION_OWNERS, found.defaults, {} if overrides is None else overrides
        )
        return cls(found.name, options)

    @staticmethod
    def option_names() -> list[str]:
        """Every option name, as in RULES.md §10–§11."""
        return list(OPTION_NAMES)

    # --- what follows from the preset and options (worked out once) ------------------------------------

    @cached_property
    def _preset(self) -> Preset:
        return PRESETS[self.preset]

    @cached_property
    def variant(self) -> Variant:
        """The rule system (``engine.variants``)."""
        return self._preset.variant

    @cached_property
    def memo(self) -> dict[Any, Any]:
        """Results the hot paths work out once per table (the auction's call ladders)."""
        return {}

    @cached_property
    def layout(self) -> Layout:
        """The table's figures: seats, tiles, trick values, the bid ladder, the exchange."""
        return self.variant.layout(self.options)

    @cached_property
    def exchange(self) -> ExchangeRule | None:
        """How the bid winner exchanges with the widow or kitty (``exchange.py``); None where there is none."""
        return self.variant.exchange_rule(self.layout)

    @property
    def seating(self) -> Seating:
        """Seats and teams."""
        return self.layout.seating

    @property
    def title(self) -> str:
        """The preset's name for people: "Standard 42", "The Big Game"."""
        return self._preset.title

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.layout.seating.players

    @property
    def teams(self) -> int:
        """Sides that score: 2, or one per player where each plays alone."""
        return self.layout.seating.teams

    @property
    def seat_names(self) -> tuple[str, ...]:
        """ "North", "East", … in seat order."""
        return self.layout.seating.seat_names

    @property
    def team_names(self) -> tuple[str, ...]:
        """ "N–S", "E–W"; the seat names where each plays alone."""
        return self.layout.seating.team_names

    def team_of(self, seat: int) -> int:
        """The team a seat plays for: partners share one (per player where each plays alone)."""
        return self.layout.seating.team[seat]

    @property
    def mark_points(self) -> int:
        """What a mark is worth in points: the hand's total (42, 44, 72, 84, 88 …)."""
        return self.layout.total

    @property
    def scoring(self) -> str:
        """ "marks" or "points"."""
        return self.options.scoring

    @property
    def target(self) -> int:
        """Marks or points to win."""
        return self.options.target

    @property
    def win_by(self) -> int:
        """The lead a winner needs."""
        return self.options.win_by

    def get(self, name: str) -> Any:
        """An option's effective value, as a record writes it."""
        return self.options.as_json(name)

    def overrides(self) -> dict[str, Any]:
        """The options that differ from the preset: what a hand record stores."""
        return dict(self._overrides)  # a copy: the caller may change it

    @cached_property
    def _overrides(self) -> dict[str, Any]:
        # Worked out once per rules: every hand record (and every state token) of a table asks for it.
        base = Rules.from_preset(self.preset).options
        return {
            name: self.options.as_json(name)
            for name in OPTION_NAMES
            if getattr(base, name) != getattr(self.options, name)
        }

    def suit_name(self, suit: int) -> str:
        """``"fives"`` for 5; digits for 7 and 8."""
        return suit_word(suit)

    def parse_call(self, text: str) -> Call:
        """Read a call as this table's game spells it; IllegalAction if it is none (legality is the hand's)."""
        return self.variant.parse_call(text, self)

    def parse_contract(self, text: str) -> Contract:
        """Read a contract as this table's game spells it; IllegalAction if it is none."""
        return self.variant.parse_contract(text, self)

    def describe(self) -> list[str]:
        """The effective rules, one line each, for the table to read."""
        return self.variant.describe(self)

    def explain(self) -> list[str]:
        """The game in plain words for someone who has never played it (``/42 rules``)."""
        return self.variant.explain(self)
