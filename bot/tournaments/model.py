"""A tournament as plain data: its entrants, the recorded draws, and its matches, each knowing where its two
sides come from and the games played so far.

Everything here is a frozen value of ints, strings and tuples, so a tournament is written as JSON and read
back whole (``codec``), and a result makes a new tournament (``progress``) rather than changing this one.
Entrants are numbered from 0; a side of a match is a tuple of entrant numbers: one team in a team format, the
two partners at a club night (where the entrants are players).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

FORMATS = ("pools", "double", "single", "round-robin", "club")

# What part of the tournament a match belongs to.
POOL = "pool"  # a round-robin pool (also the one pool of the round-robin format)
WINNERS = "winners"  # the winners' bracket of an elimination (the whole bracket in single elimination)
LOSERS = "losers"  # the losers' bracket of double elimination
FINAL = "final"  # double elimination's final: the two brackets' winners, one match, no reset
CONSOLATION = "consolation"  # the bracket of the teams that did not reach the championship
CLUB = "club"  # a table of a club night

# How a game came about.
PLAYED = "played"
BYE = "bye"  # nobody to play: a win for the team that was there
FORFEIT = "forfeit"  # a team did not turn up: a win for the other

# Where a side of a match comes from.
ENTRANTS = "entrants"  # named when the schedule is made
WINNER = "winner"  # the winner of match ``ref``
LOSER = "loser"  # the loser of match ``ref``
PLACE = "place"  # the team finishing ``place`` in pool ``ref``
NOBODY = "bye"  # no one: the other side has a bye


class TournamentError(ValueError):
    """A result or a schedule the tournament cannot take, said so a person can act on it."""


@dataclass(frozen=True)
class Entrant:
    """A team (a player at a club night): its number, its name as shown, and who plays in it.

    ``players`` are opaque keys the bot chooses (user ids as text, ``"computer:3"``); ``computer`` marks a
    team of computers (or a computer filling a seat at a club night)."""

    id: int
    name: str
    players: tuple[str, ...] = ()
    computer: bool = False


@dataclass(frozen=True)
class Game:
    """One game's outcome: the marks each side took (side 0's first). A bye or a forfeit is recorded as a
    game too, with the marks the rules give it, and settles its match at once."""

    marks: tuple[int, int]
    kind: str = PLAYED

    @property
    def winner(self) -> int:
        """The side that won the game (games of 42 do not end level)."""
        return 0 if self.marks[0] > self.marks[1] else 1


@dataclass(frozen=True)
class Feed:
    """Where one side of a match comes from: the entrants themselves, the winner or loser of an earlier
    match (``ref`` its id), a place in a pool (``ref`` the pool's name), or nobody (a bye)."""

    kind: str
    ref: str = ""
    place: int = 0
    entrants: tuple[int, ...] = ()


@dataclass(frozen=True)
class Match:
    """One match: where it sits in the schedule, where its sides come from, who they turned out to be and
    the games played. ``first_to`` games win it (2 in a best of three); ``group`` names its pool."""

    id: str
    stage: str
    round: int
    feeds: tuple[Feed, Feed]
    sides: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    games: tuple[Game, ...] = ()
    first_to: int = 1
    group: str = ""

    @cached_property
    def is_bye(self) -> bool:
        """Whether one side is nobody: the other passes without playing."""
        return any(feed.kind == NOBODY for feed in self.feeds)

    @property
    def known(self) -> bool:
        """Whether both sides are known (a bye's one side is enough)."""
        return all(side or feed.kind == NOBODY for side, feed in zip(self.sides, self.feeds, strict=True))

    @cached_property  # matches are shared between the states of a tournament: worked out once each
    def winner_side(self) -> int | None:
        """The side that has won the match (0 or 1), or None while it is still to be decided."""
        if not self.games:
            return None
        won = [0, 0]
        for game in self.games:
            if game.kind != PLAYED:
                return game.winner
            won[game.winner] += 1
            if won[game.winner] >= self.first_to:
                return game.winner
        return None

    @property
    def decided(self) -> bool:
        """Whether the match has a winner."""
        return self.winner_side is not None

    def winners(self) -> tuple[int, ...]:
        """The winning side's entrants (empty until decided)."""
        side = self.winner_side
        return () if side is None else self.sides[side]

    def losers(self) -> tuple[int, ...]:
        """The losing side's entrants (empty until decided, and after a bye: nobody lost)."""
        side = self.winner_side
        return () if side is None else self.sides[1 - side]

    def entrants(self) -> tuple[int, ...]:
        """Everyone known to play in it, both sides."""
        return self.sides[0] + self.sides[1]


@dataclass(frozen=True)
class Pool:
    """A round-robin pool: its name ("A", "B", …) and its entrants in seed order."""

    name: str
    entrants: tuple[int, ...]


@dataclass(frozen=True)
class Tournament:
    """A whole tournament or club night: the format, the entrants, the recorded draws and the matches in
    the order they are played.

    ``seeds`` is the seeding draw (entrant numbers, seed 1 first); ``lots`` the draw that settles ties the
    standings cannot (drawn at the start, recorded, shown when used). ``final`` and ``consolation_final``
    name the matches whose winners are the champion and the consolation winner ("" where standings decide,
    or where there is no consolation bracket). ``advance`` is how many of each pool go on to the
    championship. ``target`` is the marks a game is played to: it scales a bye's and a forfeit's score.
    """

    format: str
    entrants: tuple[Entrant, ...]
    seeds: tuple[int, ...]
    lots: tuple[int, ...]
    matches: tuple[Match, ...]
    pools: tuple[Pool, ...] = ()
    best_of: int = 1
    target: int = 7
    advance: int = 0
    final: str = ""
    consolation_final: str = ""

    @cached_property
    def _index(self) -> dict[str, int]:
        return {m.id: i for i, m in enumerate(self.matches)}

    def with_matches(self, matches: tuple[Match, ...]) -> Tournament:
        """The same tournament with its matches moved on (the same ids in the same order: results change
        sides and games, never the schedule, so the index of ids carries over)."""
        moved = replace(self, matches=matches)
        if "_index" in self.__dict__:
            moved.__dict__["_index"] = self._index
        return moved

    def match(self, match_id: str) -> Match:
        """The match with this id (TournamentError if there is none)."""
        at = self._index.get(match_id)
        if at is None:
            raise TournamentError(f"there is no match {match_id!r} in this tournament")
        return self.matches[at]

    def position(self, match_id: str) -> int:
        """Where the match sits in the schedule."""
        self.match(match_id)
        return self._index[match_id]

    def pool(self, name: str) -> Pool:
        """The pool with this name."""
        for pool in self.pools:
            if pool.name == name:
                return pool
        raise TournamentError(f"there is no pool {name!r} in this tournament")

    def name_of(self, entrant: int) -> str:
        """The entrant's name."""
        return self.entrants[entrant].name


def bye_game(side: int, target: int) -> Game:
    """A bye, won by ``side``: 7–4 at target 7 (a narrow win), scaled to other targets."""
    return _scored(side, target, target * 4 // 7, BYE)


def forfeit_game(side: int, target: int) -> Game:
    """A forfeit, won by ``side``: 7–0 at target 7 (a shut-out), scaled to other targets."""
    return _scored(side, target, 0, FORFEIT)


def _scored(side: int, won: int, lost: int, kind: str) -> Game:
    return Game((won, lost) if side == 0 else (lost, won), kind)
