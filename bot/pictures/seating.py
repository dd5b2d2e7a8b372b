"""Seat names: seat 0 is North and seats go clockwise."""

from __future__ import annotations

SEAT_NAMES: dict[int, tuple[str, ...]] = {
    3: ("North", "East", "West"),
    4: ("North", "East", "South", "West"),
    6: ("North", "Northeast", "Southeast", "South", "Southwest", "Northwest"),
}


def seat_name(seats: int, seat: int) -> str:
    """The compass name of ``seat`` at a table of ``seats`` ("Seat 5" at unusual tables)."""
    names = SEAT_NAMES.get(seats)
    return names[seat] if names and 0 <= seat < len(names) else f"Seat {seat + 1}"
