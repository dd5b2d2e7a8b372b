"""The rules a table plays: a preset (RULES.md §9) plus house-rule option overrides (§10).

A variant is the standard game with a few parameters changed (``Layout``); the options are plain values
checked here once, so the rest of the engine reads them without doubt.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import RulesError
from .tiles import TileSet

SUIT_NAMES = ["blanks", "ones", "twos", "threes", "fours", "fives", "sixes"]
NELLO_DOUBLES = ("high", "low", "suit")


@dataclass(frozen=True)
class Layout:
    """What a variant is made of: players, tiles, bids and trick values."""

    players: int
    tiles: TileSet
    hand_size: int
    widow_size: int
    trick_value: int
    min_bid: int
    max_point_bid: int
    bid_step: int = 1
    min_marks: int = 1  # the lowest mark bid (Eighty-eight's 88 is a point bid, so 2 marks)
    max_marks: int | None = None
    mark_bids: bool = True
    open_auction: bool = False
    bids_name_trump: bool = False
    mark_aliases: bool = False  # "42", "84", ... accepted for 1, 2, ... marks
    declarable: tuple[tuple[int, int], ...] = ()  # tiles whose lead may be declared as the lower end

    @property
    def total(self) -> int:
        """Points in a hand: every trick plus every count tile."""
        return self.hand_size * self.trick_value + self.tiles.count_total

    @property
    def partners(self) -> bool:
        return self.players != 3


LAYOUTS = {
    "standard": Layout(4, TileSet(6), 7, 0, 1, 30, 41, mark_aliases=True),
    "three-hand": Layout(3, TileSet(6, removed=((1, 0),)), 9, 0, 1, 30, 43),
    "big-game": Layout(
        4, TileSet(8), 11, 1, 1, 42, 66, mark_bids=False, open_auction=True, declarable=((7, 3), (8, 2))
    ),
    "eighty-eight": Layout(
        6, TileSet(6, copies=2), 9, 2, 2, 60, 88, bid_step=2, min_marks=2, max_marks=4, bids_name_trump=True
    ),
}
LAYOUTS["tournament"] = LAYOUTS["standard"]

SEAT_NAMES = {
    3: ("North", "East", "West"),
    4: ("North", "East", "South", "West"),
    6: ("North", "Northeast", "Southeast", "South", "Southwest", "Northwest"),
}
TEAM_NAMES = {3: SEAT_NAMES[3], 4: ("N–S", "E–W"), 6: ("N·SE·SW", "NE·S·NW")}

# Option name -> (kind, default). Kinds: bool, int (with a minimum), or a tuple of allowed strings.
DEFAULTS: dict[str, Any] = {
    "scoring": "marks",
    "target": None,  # derived: 7 marks, or the variant's points target
    "win_by": 1,
    "made_scores": "taken",
    "play_out": False,
    "max_opening_marks": 2,
    "forced_bid": False,
    "doubles_trump": True,
    "follow_me": True,
    "follow_me_doubles": "high",
    "nello": "on",
    "nello_doubles": ["high", "low", "suit"],
    "plunge": True,
    "splash": True,
    "plunge_marks": 4,
    "splash_marks": 2,
    "sevens": False,
    "sevens_target": 7,
    "first_suit_declared": False,
}
CHOICES = {
    "scoring": ("marks", "points"),
    "made_scores": ("taken", "bid"),
    "follow_me_doubles": ("high", "suit"),
    "nello": ("on", "off", "forced-only"),
}
MINIMUMS = {"target": 1, "win_by": 1, "max_opening_marks": 1, "plunge_marks": 1, "splash_marks": 1,
            "sevens_target": 0}

PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "tournament": {"nello": "off", "plunge": False, "splash": False, "sevens": False, "win_by": 2},
    "three-hand": {"plunge": False, "splash": False},
    "big-game": {"scoring": "points", "nello": "off", "plunge": False, "splash": False},
    "eighty-eight": {"scoring": "points", "nello": "off", "plunge": False, "splash": False,
                     "doubles_trump": False, "follow_me": False},
}
POINTS_TARGET = {"big-game": 400, "eighty-eight": 500}
# Features a variant cannot have at all (RULES.md §8): switching them on is an error, not a silent no-op.
UNAVAILABLE = {
    "three-hand": {"plunge": True, "splash": True},
    "big-game": {"nello": ("on", "forced-only"), "sevens": True, "plunge": True, "splash": True,
                 "forced_bid": True},
    "eighty-eight": {"nello": ("on", "forced-only"), "sevens": True, "plunge": True, "splash": True,
                     "forced_bid": True, "doubles_trump": True, "follow_me": True},
}
TITLES = {"standard": "Standard 42", "tournament": "Tournament 42", "three-hand": "Three-hand 42",
          "big-game": "The Big Game", "eighty-eight": "Eighty-eight"}


@dataclass(frozen=True)
class Rules:
    """A preset plus checked option overrides. Build with ``Rules.from_preset``."""

    variant: str = "standard"
    options: dict[str, Any] = field(default_factory=dict)  # every option's effective value
    # Each option is also an attribute (rules.nello), and so are the figures the hot paths read;
    # all are set once in __post_init__ from ``options`` and the variant.
    scoring: str = field(init=False, repr=False, compare=False)
    target: int = field(init=False, repr=False, compare=False)
    win_by: int = field(init=False, repr=False, compare=False)
    made_scores: str = field(init=False, repr=False, compare=False)
    play_out: bool = field(init=False, repr=False, compare=False)
    max_opening_marks: int = field(init=False, repr=False, compare=False)
    forced_bid: bool = field(init=False, repr=False, compare=False)
    doubles_trump: bool = field(init=False, repr=False, compare=False)
    follow_me: bool = field(init=False, repr=False, compare=False)
    follow_me_doubles: str = field(init=False, repr=False, compare=False)
    nello: str = field(init=False, repr=False, compare=False)
    nello_doubles: list[str] = field(init=False, repr=False, compare=False)
    plunge: bool = field(init=False, repr=False, compare=False)
    splash: bool = field(init=False, repr=False, compare=False)
    plunge_marks: int = field(init=False, repr=False, compare=False)
    splash_marks: int = field(init=False, repr=False, compare=False)
    sevens: bool = field(init=False, repr=False, compare=False)
    sevens_target: int = field(init=False, repr=False, compare=False)
    first_suit_declared: bool = field(init=False, repr=False, compare=False)
    layout: Layout = field(init=False, repr=False, compare=False)
    mark_points: int = field(init=False, repr=False, compare=False)
    teams: int = field(init=False, repr=False, compare=False)

    @classmethod
    def from_preset(cls, preset: str = "standard", overrides: dict[str, Any] | None = None) -> Rules:
        """The rules of ``preset`` with ``overrides``; RulesError names any bad preset, option or value."""
        if not isinstance(preset, str) or preset not in PRESETS:
            raise RulesError(f"unknown preset {preset!r}: choose one of {', '.join(PRESETS)}")
        overrides = dict(overrides or {})
        if not isinstance(overrides, dict):
            raise RulesError("options must be a mapping of option names to values")
        options = {**DEFAULTS, **PRESETS[preset]}
        for name, value in overrides.items():
            _check_option(name, value)
            blocked = UNAVAILABLE.get(preset, {}).get(name)
            if blocked is not None and (value == blocked or (isinstance(blocked, tuple) and value in blocked)):
                raise RulesError(f"{name} = {_show(value)} is not available in {TITLES[preset]}")
            options[name] = list(value) if name == "nello_doubles" else value
        if options["target"] is None:
            options["target"] = 7 if options["scoring"] == "marks" else POINTS_TARGET.get(preset, 250)
        return cls(preset, options)

    @staticmethod
    def option_names() -> list[str]:
        """Every option name, as in RULES.md §10."""
        return list(DEFAULTS)

    def __post_init__(self) -> None:
        # Options read as plain attributes (rules.nello), and the figures the hot paths need, set once.
        for name, value in self.options.items():
            object.__setattr__(self, name, value)
        layout = LAYOUTS[self.variant]
        object.__setattr__(self, "layout", layout)
        object.__setattr__(self, "mark_points", layout.total)
        object.__setattr__(self, "teams", len(TEAM_NAMES[layout.players]))

    def get(self, name: str) -> Any:
        """An option's effective value."""
        return self.options[name]

    def __hash__(self) -> int:
        return hash((self.variant, tuple(sorted((k, str(v)) for k, v in self.options.items()))))

    def overrides(self) -> dict[str, Any]:
        """The options that differ from the preset: what a hand record stores."""
        base = Rules.from_preset(self.variant).options
        return {k: v for k, v in self.options.items() if base[k] != v}

    @property
    def title(self) -> str:
        """The variant's name for people: "Standard 42", "The Big Game"."""
        return TITLES[self.variant]

    @property
    def players(self) -> int:
        return self.layout.players

    @property
    def seat_names(self) -> tuple[str, ...]:
        return SEAT_NAMES[self.players]

    @property
    def team_names(self) -> tuple[str, ...]:
        return TEAM_NAMES[self.players]

    def team_of(self, seat: int) -> int:
        """The team a seat plays for: partners share one (per player in three-hand)."""
        return seat if self.players == 3 else seat % 2

    def suit_name(self, suit: int) -> str:
        """``"fives"`` for 5; digits for the Big Game's 7 and 8."""
        return SUIT_NAMES[suit] if suit < len(SUIT_NAMES) else str(suit)

    def describe(self) -> list[str]:
        """The effective rules in plain words, one line each, for the table to read."""
        o, lay = self.options, self.layout
        lines = [f"{TITLES[self.variant]}: {_players_line(lay)}, {lay.tiles.describe()}, "
                 f"{lay.hand_size} tiles each" + (f" and a {'widow' if lay.widow_size == 1 else 'kitty'}"
                                                  f" of {lay.widow_size}" if lay.widow_size else "") + "."]
        bids = f"Bids {lay.min_bid} to {lay.max_point_bid}" + (f" in steps of {lay.bid_step}" if lay.bid_step > 1
                                                               else "")
        if lay.mark_bids:
            bids += (f", then marks (the first mark bid up to {max(o['max_opening_marks'], lay.min_marks)} "
                     "marks, each later one raises by one)")
        if lay.bids_name_trump:
            bids += "; every bid names its trump"
        lines.append(bids + ("; the auction goes round until all but one pass." if lay.open_auction
                             else "; one round, starting left of the dealer."))
        lines.append("If everyone passes the dealer must bid." if o["forced_bid"]
                     else "If everyone passes the hand is thrown in and the deal passes.")
        contracts = ["a trump suit"]
        if o["doubles_trump"]:
            contracts.append("doubles")
        if o["follow_me"]:
            contracts.append("follow me (doubles " + ("their own suit)" if o["follow_me_doubles"] == "suit"
                                                      else "high)"))
        if o["nello"] == "on" or (o["nello"] == "forced-only" and o["forced_bid"]):
            who = "by a forced dealer, " if o["nello"] == "forced-only" else ""
            contracts.append(f"Nello ({who}1 mark or more; doubles {' / '.join(o['nello_doubles'])})")
        if o["sevens"]:
            contracts.append(f"Sevens (closest to {o['sevens_target']}, 1 mark or more)")
        lines.append("Contracts: " + ", ".join(contracts) + ".")
        specials = []
        if o["plunge"]:
            specials.append(f"Plunge with 4 doubles ({o['plunge_marks']} marks)")
        if o["splash"]:
            specials.append(f"Splash with 3 doubles ({o['splash_marks']} marks)")
        if specials:
            lines.append(" and ".join(specials) + ": partner names trump and leads.")
        if o["first_suit_declared"]:
            lines.append("First suit declared: the first lead may be called as its lower end.")
        if lay.declarable:
            lines.append("A 7-3 or 8-2 lead may be called as its lower end; the bid winner may take the widow.")
        if lay.widow_size == 2:
            lines.append("The bid winner may exchange up to 2 tiles with the kitty; count in the kitty must be taken.")
        lines.append("Every trick is played." if o["play_out"] or o["scoring"] == "points"
                     else "A hand stops as soon as its result is certain.")
        unit = "marks" if o["scoring"] == "marks" else "points"
        score = f"Scoring: {unit}, first to {o['target']}"
        if o["win_by"] > 1:
            score += f", win by {o['win_by']}"
        if o["scoring"] == "points":
            score += "; a made bid scores " + ("the points taken" if o["made_scores"] == "taken" else "the bid")
        lines.append(score + ".")
        return lines


def _players_line(lay: Layout) -> str:
    if lay.players == 3:
        return "three players, each alone"
    if lay.players == 6:
        return "six players in two teams of three"
    return "four players in two partnerships"


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


def _check_option(name: str, value: Any) -> None:
    if name not in DEFAULTS:
        raise RulesError(f"unknown option {name!r}: the options are {', '.join(DEFAULTS)}")
    default = DEFAULTS[name]
    if name in CHOICES:
        if value not in CHOICES[name] or not isinstance(value, str):
            raise RulesError(f"{name} must be one of {', '.join(map(repr, CHOICES[name]))}, not {_show(value)}")
    elif name == "nello_doubles":
        if (not isinstance(value, list | tuple) or not value or len(set(value)) != len(value)
                or any(v not in NELLO_DOUBLES for v in value)):
            raise RulesError(f"nello_doubles must be a non-empty list drawn from {list(NELLO_DOUBLES)}, "
                             f"not {_show(value)}")
    elif isinstance(default, bool):
        if not isinstance(value, bool):
            raise RulesError(f"{name} must be true or false, not {_show(value)}")
    else:  # whole numbers
        if isinstance(value, bool) or not isinstance(value, int) or value < MINIMUMS[name]:
            raise RulesError(f"{name} must be a whole number of at least {MINIMUMS[name]}, not {_show(value)}")
