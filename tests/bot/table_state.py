"""A table's state in play, typed for tests: its hand, its game and the seat on turn. Each fails the test where
the table has none, instead of handing a None on to the next line."""

from __future__ import annotations

from bot.tables import Table
from engine import Game, Hand


def hand_of(table: Table) -> Hand:
    """The hand in play (or just finished) at a started table."""
    assert table.hand is not None, f"table {table.id} has no hand ({table.status})"
    return table.hand


def game_of(table: Table) -> Game:
    """The game of a started table."""
    assert table.game is not None, f"table {table.id} has no game ({table.status})"
    return table.game


def seat_on_turn(table: Table) -> int:
    """The seat to act now at a table in play."""
    seat = table.turn()
    assert seat is not None, f"nobody is on turn at table {table.id} ({table.status})"
    return seat
