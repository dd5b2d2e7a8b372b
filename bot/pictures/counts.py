"""Counted words, one rule for every message and picture: "1 game", "2 games", "0 points"."""

from __future__ import annotations


def plural(count: int, word: str) -> str:
    """`plural(1, "mark")` -> `"1 mark"`, `plural(2, "mark")` -> `"2 marks"`, `plural(0, "rated game")` ->
    `"0 rated games"` (the count as given: a sign is the caller's)."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
