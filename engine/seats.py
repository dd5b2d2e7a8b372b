"""Seat geometry: names for 3, 4, 6 and 8 seats, teams, partners, and the next seat to play.

Seats are numbered clockwise from 0. Where players pair up, teams alternate around the table (even seats
against odd seats); three-player games have no teams: each seat is its own "team".
"""

from __future__ import annotations

from dataclasses import dataclass, field

SEAT_NAMES: dict[int, tuple[str, ...]] = {
    3: ("North", "East", "West"),
    4: ("North", "East", "South", "West"),
    6: ("North", "Northeast", "Southeast", "South", "Southwest", "Northwest"),
    8: ("North", "Northeast", "East", "Southeast", "South", "Southwest", "West", "Northwest"),
}
_SHORT = {
    "North": "N",
    "Northeast": "NE",
    "East": "E",
    "Southeast": "SE",
    "South": "S",
    "Southwest": "SW",
    "West": "W",
    "Northwest": "NW",
}


@dataclass(frozen=True)
class Seating:
    """How ``players`` sit: in two alternating teams (``partnerships``) or each alone."""

    players: int
    partnerships: bool = True
    team: tuple[int, ...] = field(init=False, repr=False, compare=False)  # seat -> team, for the hot paths

    def __post_init__(self) -> None:
        if self.players not in SEAT_NAMES:
            raise ValueError(f"no table seats {self.players} players")
        teams = tuple(s % 2 if self.partnerships else s for s in range(self.players))
        object.__setattr__(self, "team", teams)

    @property
    def teams(self) -> int:
        """How many sides score: 2 with partners, else one per player."""
        return 2 if self.partnerships else self.players

    def team_of(self, seat: int) -> int:
        """The team ``seat`` plays for (its own seat number where each plays alone)."""
        return self.team[seat]

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s team, clockwise from it."""
        n = self.players
        return tuple(s for s in ((seat + k) % n for k in range(1, n)) if self.team[s] == self.team[seat])

    def partner(self, seat: int) -> int:
        """The partner opposite ``seat`` (four players), or the first partner clockwise."""
        n = self.players
        opposite = (seat + n // 2) % n
        return opposite if self.team[opposite] == self.team[seat] else self.partners(seat)[0]

    def mask(self, seats: tuple[int, ...] | list[int]) -> int:
        """A set of seats as a bitmask."""
        out = 0
        for s in seats:
            out |= 1 << s
        return out

    def next_seats(self, out: int) -> tuple[int, ...]:
        """For each seat, the next seat clockwise that plays, skipping the seats in the mask ``out``."""
        n = self.players
        table = []
        for seat in range(n):
            nxt = (seat + 1) % n
            while out >> nxt & 1 and nxt != seat:
                nxt = (nxt + 1) % n
            table.append(nxt)
        return tuple(table)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """ "North", "East", … in seat order."""
        return SEAT_NAMES[self.players]

    @property
    def team_names(self) -> tuple[str, ...]:
        """ "N–S" and "E–W" for four; the seats' short names joined for six and eight; seat names alone."""
        names = self.seat_names
        if not self.partnerships:
            return names
        if self.players == 4:
            return ("N–S", "E–W")
        return tuple("·".join(_SHORT[names[s]] for s in range(team, self.players, 2)) for team in (0, 1))
