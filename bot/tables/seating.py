"""Where players sit for the first hand and who deals it: the table option `draw` (RULES.md §11).

With `draw = "off"` players keep the seats they took and the first dealer is chosen at random. With
`"dealer"` or `"partners"` the engine's draw (`engine.draw`) decides: everyone draws a tile, the highest
deals first, and under `"partners"` the draw also makes the teams, so players move to the seats it gives
them. The draw is told to the table (`Drawn`) before the first deal; replay never sees it.

Every deal draws from a `Shuffle`: the hand's tiles from a fresh seed (`dealing`), the first dealer and
the draw from the service's randomness; with a fixed `seed` (tests), both from the table's own for that
moment, so a seeded table's deals repeat whichever process deals them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from bot.storage.rows import SeatRow
from engine import Game
from engine.draw import draw_seats

from .dealing import SeedSource, seed_for, system_seeds
from .events import Drawn
from .model import Table


@dataclass(frozen=True)
class Shuffle:
    """Where the randomness of each deal comes from (see the module docstring)."""

    rng: random.Random
    seed: int | str | None = None
    seeds: SeedSource = system_seeds

    def for_deal(self, table: Table, moment: str) -> random.Random:
        """The randomness of the draw and the first dealer at `table` (`moment`: "start")."""
        return self.rng if self.seed is None else random.Random(f"{self.seed}:{table.id}:{moment}")

    def seed_for(self, table: Table, moment: str) -> bytes:
        """The seed of one deal at `table` (`moment`: "start", "hand 3", ...)."""
        return self.seeds() if self.seed is None else seed_for(f"{self.seed}:{table.id}:{moment}")


@dataclass(frozen=True)
class FirstSeating:
    """The seats for the game (seat -> row), the game to deal from, and the draw to tell (None: no draw)."""

    seats: dict[int, SeatRow]
    game: Game
    drawn: Drawn | None

    def moved(self, before: dict[int, SeatRow]) -> list[SeatRow]:
        """The rows whose seat the draw changed."""
        return [row for seat, row in sorted(self.seats.items()) if before.get(seat) != row]


def first_seating(table: Table, rng: random.Random) -> FirstSeating:
    """Seat a full table for its first hand as its `draw` option says."""
    rules = table.rules
    if rules.options.draw == "off":
        return FirstSeating(dict(table.seats), Game.new(rules, rng), None)
    draw = draw_seats(rules, rng)
    seats = {seat: replace(table.seats[player], seat=seat) for seat, player in enumerate(draw.seating)}
    rounds = [[[table.seats[player].name, tile] for player, tile in drawn] for drawn in draw.rounds]
    game = Game(rules, draw.first_dealer, (), (0,) * rules.teams)
    return FirstSeating(seats, game, Drawn(rules.options.draw, rounds, list(draw.seating), draw.first_dealer))
