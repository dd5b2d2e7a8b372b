"""A tournament as the bot keeps it: its settings, its sign-up, once started the tournament itself (the
draws, the schedule, the results: `model.Tournament`), and each match's life at the tables (its thread, the
table of the game in play, when that table opened). Plain frozen data, written as JSON (`to_json`) and read
back whole (`from_json`) with a version number, like the tournament's own codec.

`Stored` is a tournament as read from storage: the facts of its row (where it runs, who organises it, how
far it is, the version a change must name, its message) with its record.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine import DEFAULT_PRESET

from . import codec
from .model import Tournament, TournamentError
from .refusal import Refused, Why
from .signup import Player, SignUp

VERSION = 1
SIGNUP, RUNNING, FINISHED, ENDED = "signup", "running", "finished", "ended"


@dataclass(frozen=True)
class Settings:
    """How a tournament plays: its format, games a match (1 or 3), the marks a game is played to, the
    game and options its tables open with (the server's defaults already taken in), how long a team may
    take to make its first move at a match's table (seconds; None: no forfeits), and whether computers
    fill a club night to a multiple of four."""

    format: str = "pools"
    best_of: int = 1
    target: int = 7
    preset: str = DEFAULT_PRESET
    options: str = ""
    noshow: int | None = 600  # DEFAULT_NOSHOW
    fill: bool = False

    @property
    def club(self) -> bool:
        """A club night (players, not teams)."""
        return self.format == "club"


@dataclass(frozen=True)
class Run:
    """A match at the tables: its thread, the table of the game in play (the newest opened for it), and
    when that table opened (the no-show clock's start)."""

    thread: int | None = None
    table: int | None = None
    opened: float | None = None


@dataclass(frozen=True)
class Record:
    """Everything about a tournament that changes as it goes, in one versioned piece."""

    settings: Settings
    signup: SignUp = field(default_factory=SignUp)
    tournament: Tournament | None = None
    runs: Mapping[str, Run] = field(default_factory=dict)

    def run(self, match_id: str) -> Run:
        """The match's run at the tables (an empty one before it opens)."""
        return self.runs.get(match_id, Run())

    def with_run(self, match_id: str, run: Run) -> Record:
        """The record with one match's run changed."""
        return replace(self, runs={**self.runs, match_id: run})


@dataclass(frozen=True)
class Stored:
    """A tournament as stored: its row's facts and its record."""

    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    status: str
    record: Record
    version: int = 0
    message_id: int | None = None

    @property
    def open(self) -> bool:
        """Signing up or running."""
        return self.status in (SIGNUP, RUNNING)

    @property
    def settings(self) -> Settings:
        """How it plays."""
        return self.record.settings

    def tag(self, match_id: str, game: int) -> str:
        """The tag of the table of a match's game: how the tables know what they are for."""
        return f"t{self.id}:{match_id}:{game}"


def take_fill(options: str | None) -> tuple[bool, str]:
    """`fill=computers` (a club night's, not a table's) taken out of a tournament's options: whether it was
    there, and the rest of the options for its tables."""
    words = (options or "").split()
    fill = [w for w in words if w.lower().replace(":", "=") in ("fill=computers", "fill=computer")]
    return bool(fill), " ".join(w for w in words if w not in fill)


NOSHOW_UNITS = {"s": 1, "m": 60, "h": 3600}
DEFAULT_NOSHOW = 600


def read_noshow(text: str | None) -> int | None:
    """`noshow` as typed (`10m`, `90s`, `1h`, a bare number of minutes, `off`) in seconds; None for `off`.
    Refused (BAD_NOSHOW) if it does not read."""
    words = (text or "").strip().lower()
    if not words:
        return DEFAULT_NOSHOW
    if words in ("off", "none", "0"):
        return None
    number, unit = (words[:-1], words[-1]) if words[-1] in NOSHOW_UNITS else (words, "m")
    if not number.isdigit() or int(number) == 0 or int(number) * NOSHOW_UNITS[unit] > 24 * 3600:
        raise Refused(Why.BAD_NOSHOW, text or "")
    return int(number) * NOSHOW_UNITS[unit]


def read_tag(tag: str | None) -> tuple[int, str, int] | None:
    """A table's match tag taken apart: (tournament, match, game); None if it is not one."""
    if not tag or not tag.startswith("t"):
        return None
    parts = tag[1:].split(":")
    if len(parts) != 3 or not parts[0].isdigit() or not parts[2].isdigit():
        return None
    return int(parts[0]), parts[1], int(parts[2])


# ---------------------------------------------------------------------- JSON


def to_json(record: Record) -> dict[str, Any]:
    """The record as JSON-ready data."""
    signup = record.signup
    return {
        "v": VERSION,
        "settings": {
            "format": record.settings.format,
            "best_of": record.settings.best_of,
            "target": record.settings.target,
            "preset": record.settings.preset,
            "options": record.settings.options,
            "noshow": record.settings.noshow,
            "fill": record.settings.fill,
        },
        "signup": {
            "teams": [[_player(a), _player(b)] for a, b in signup.teams],
            "alone": [_player(p) for p in signup.alone],
            "asked": [[_player(a), _player(b)] for a, b in signup.asked],
            "computer_teams": signup.computer_teams,
        },
        "play": codec.to_json(record.tournament) if record.tournament is not None else None,
        "runs": {match: _run(run) for match, run in record.runs.items()},
    }


def from_json(data: dict[str, Any]) -> Record:
    """The record written by `to_json` (TournamentError for another version)."""
    if data.get("v") != VERSION:
        raise TournamentError(f"a tournament record of version {data.get('v')!r}; this bot reads {VERSION}")
    signup = data["signup"]
    return Record(
        Settings(**data["settings"]),
        SignUp(
            tuple((_read_player(a), _read_player(b)) for a, b in signup["teams"]),
            tuple(_read_player(p) for p in signup["alone"]),
            tuple((_read_player(a), _read_player(b)) for a, b in signup["asked"]),
            signup["computer_teams"],
        ),
        codec.from_json(data["play"]) if data.get("play") is not None else None,
        {
            match: Run(run.get("thread"), run.get("table"), run.get("opened"))
            for match, run in data["runs"].items()
        },
    )


def _player(player: Player) -> list[Any]:
    return [player.user_id, player.name]


def _read_player(data: list[Any]) -> Player:
    return Player(int(data[0]), str(data[1]))


def _run(run: Run) -> dict[str, Any]:
    return {key: value for key, value in vars(run).items() if value is not None}
