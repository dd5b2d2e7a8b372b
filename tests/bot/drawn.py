"""Values hypothesis draws for tests that play them on simcord.

The bot runs on simcord's event loop, which hypothesis cannot drive, so the values are drawn first
(derandomized: the same every run) and then played against the bot one by one."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings


def examples(strategy, count: int) -> list:
    """`count` values hypothesis generates from `strategy` (derandomized: the same every run)."""
    found: list = []

    @settings(
        max_examples=count,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def collect(value):
        found.append(value)

    collect()
    return found
