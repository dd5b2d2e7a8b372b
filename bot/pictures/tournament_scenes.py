"""What the tournament pictures show, as plain data: a bracket (or one page of a large one) and tables of
standings. Like ``scenes.py``, free of tournament, engine and Discord types, and every word comes from the
builder: the renderers (``bracket.py``, ``standings_table.py``) draw only what a scene says."""

from __future__ import annotations

from dataclasses import dataclass

# How a match stands, for its box: still waiting for a team, open to play, decided, or a bye.
WAITING = "waiting"
OPEN = "open"
DONE = "done"
PASSED = "bye"


@dataclass(frozen=True)
class SideLine:
    """One side of a match box: the team's name (or what stands in for it, dimmed: "winner W1-3", "bye"),
    its score ("7", or games won in a best of three), and whether it has won or lost the match (neither
    while it is being played)."""

    name: str
    score: str = ""
    won: bool = False
    lost: bool = False
    known: bool = True


@dataclass(frozen=True)
class MatchBox:
    """A match as drawn: its id (the label above the box), its two sides, how it stands, and the ids of the
    matches whose winners feed it (the lines drawn into it from the column before)."""

    id: str
    top: SideLine
    bottom: SideLine
    state: str = WAITING
    fed_by: tuple[str, ...] = ()


@dataclass(frozen=True)
class BracketColumn:
    """One round of a bracket: its heading ("Quarter-finals") and its matches from the top."""

    title: str
    matches: tuple[MatchBox, ...]


@dataclass(frozen=True)
class BracketSection:
    """A bracket of the tournament (winners', losers', the final, the consolation) as its rounds, left to
    right; the picture wraps them onto further bands when there are more than fit across."""

    title: str
    columns: tuple[BracketColumn, ...]


@dataclass(frozen=True)
class BracketScene:
    """A bracket picture: the tournament's name, a line on its format, the winners named so far, the
    brackets, and a last line (what the other pages hold)."""

    title: str
    subtitle: str
    sections: tuple[BracketSection, ...]
    winners: tuple[str, ...] = ()  # e.g. "Champion: Ada & Basil", "Consolation: Cleo & Dee"
    footer: str = ""


@dataclass(frozen=True)
class StandingRow:
    """One line of a table: the place, the name, the figures under the table's columns, a short tag
    ("by draw", "sat out 2"), and whether the line is marked (a team going on; a computer, dimmed)."""

    place: int
    name: str
    cells: tuple[str, ...]
    tag: str = ""
    marked: bool = False
    computer: bool = False


@dataclass(frozen=True)
class StandingsTable:
    """A pool's or a club night's standings: its heading, the column headings, the lines in order, and a
    note under it (how far the pool has got)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[StandingRow, ...]
    note: str = ""


@dataclass(frozen=True)
class StandingsScene:
    """A standings picture: the tournament's name, a line on its format, the tables, and a last line."""

    title: str
    subtitle: str
    tables: tuple[StandingsTable, ...]
    footer: str = ""
