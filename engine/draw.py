"""Drawing for shaker and partners (RULES.md §11, option ``draw``): before the first hand each player draws a
tile face up; the highest pip total deals first, and under ``"partners"`` the draw also makes the teams.

The draw decides where players sit and who deals first, not how any hand is played: records do not hold
it and replay ignores it. Randomness comes in as ``rng``, so a seeded source gives the same draw.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .rules import Rules


@dataclass(frozen=True)
class SeatDraw:
    """The outcome of a draw.

    ``rounds`` lists every round of drawing in order: (player, tile) for each player who drew, players
    named by the seat they held before the draw. ``seating[seat]`` is the player who sits there after it,
    and ``first_dealer`` the seat that deals the first hand.
    """

    rounds: tuple[tuple[tuple[int, str], ...], ...]
    first_dealer: int
    seating: tuple[int, ...]


class _Pool:
    """Face-down tiles to draw from; a fresh shuffled set if they run out (many tied rounds)."""

    def __init__(self, rules: Rules, rng: random.Random):
        self.names = [rules.layout.tiles.names[t] for t in rules.layout.tiles.ids]
        self.rng = rng
        self.left: list[str] = []

    def draw(self) -> str:
        if not self.left:
            self.left = list(self.names)
            self.rng.shuffle(self.left)
        return self.left.pop()


def _pips(name: str) -> int:
    return int(name[0]) + int(name[2])


def draw_seats(rules: Rules, rng: random.Random) -> SeatDraw:
    """Draw for the first dealer (and, under ``draw = "partners"``, the teams) as ``rules.options.draw`` says.

    ``"off"``: the first dealer is chosen at random and players keep their seats. ``"dealer"``: everyone
    draws, the highest total deals first, and players tied for highest draw again. ``"partners"`` (where
    players pair up): the higher half of the draws plays against the lower half, players tied across the
    halves (or for highest) draw again; the highest sits at seat 0 and deals, his team in draw order at
    seats 0, 2, 4 …, the other team in draw order at 1, 3, 5 …. Players tied inside a half keep the order
    they drew in (seat order).
    """
    n = rules.players
    mode = rules.options.draw
    if mode == "off":
        return SeatDraw((), rng.randrange(n), tuple(range(n)))
    pool = _Pool(rules, rng)
    keys: dict[int, list[int]] = {p: [] for p in range(n)}
    rounds: list[tuple[tuple[int, str], ...]] = []

    def draw(players: list[int]) -> None:
        drawn = tuple((p, pool.draw()) for p in players)
        rounds.append(drawn)
        for p, name in drawn:
            keys[p].append(_pips(name))

    def order() -> list[int]:
        return sorted(range(n), key=lambda p: ([-v for v in keys[p]], p))

    draw(list(range(n)))
    partners = mode == "partners" and rules.layout.partners
    while True:
        ranked = order()
        top = [p for p in ranked if keys[p] == keys[ranked[0]]]
        again = set(top) if len(top) > 1 else set()
        if partners:
            edge = keys[ranked[n // 2 - 1]]
            if keys[ranked[n // 2]] == edge:
                again |= {p for p in ranked if keys[p] == edge}
        if not again:
            break
        draw(sorted(again))
    ranked = order()
    if not partners:
        return SeatDraw(tuple(rounds), ranked[0], tuple(range(n)))
    seating = [0] * n
    for i, player in enumerate(ranked[: n // 2]):
        seating[2 * i] = player
    for i, player in enumerate(ranked[n // 2 :]):
        seating[2 * i + 1] = player
    return SeatDraw(tuple(rounds), 0, tuple(seating))
