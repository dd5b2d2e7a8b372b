"""Counts of everything the bot asked of the stand-in: requests by route and second, and every 429."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field


@dataclass
class RestStats:
    """REST traffic as the stand-in saw it. Route keys look like `PATCH /channels/{channel_id}/messages/{message_id}`."""

    requests: Counter[str] = field(default_factory=Counter)
    statuses: Counter[tuple[str, int]] = field(default_factory=Counter)
    per_second: Counter[int] = field(default_factory=Counter)  # whole seconds (perf_counter) -> requests
    per_second_counted: Counter[int] = field(default_factory=Counter)  # ... that the global limit let through
    limited: Counter[str] = field(default_factory=Counter)  # route -> 429s
    limited_global: int = 0
    limited_bucket: int = 0
    exempt: int = 0  # interaction endpoints, outside the global limit
    unknown: Counter[str] = field(default_factory=Counter)  # "METHOD /path" the stand-in does not serve
    errors: Counter[tuple[str, int]] = field(default_factory=Counter)  # (route, Discord error code) refused
    by_channel: Counter[int] = field(
        default_factory=Counter
    )  # channel id -> requests naming it in their path

    def record(self, route: str, status: int, second: float, *, exempt: bool) -> None:
        """Count one request and its status."""
        self.requests[route] += 1
        self.statuses[(route, status)] += 1
        self.per_second[math.floor(second)] += 1
        if exempt:
            self.exempt += 1
        elif status != 429:
            self.per_second_counted[math.floor(second)] += 1

    def record_429(self, route: str, scope: str) -> None:
        """Count one 429 (scope "global" or "user")."""
        self.limited[route] += 1
        if scope == "global":
            self.limited_global += 1
        else:
            self.limited_bucket += 1

    @property
    def total(self) -> int:
        """Every request."""
        return sum(self.requests.values())

    @property
    def total_429(self) -> int:
        """Every 429 sent (each one reached discord.py, which waited and retried)."""
        return self.limited_global + self.limited_bucket

    def invalid(self) -> int:
        """Requests Discord counts towards its invalid-request limit (401, 403 and 429 answers)."""
        return sum(n for (_, status), n in self.statuses.items() if status in (401, 403, 429))

    def rate(self, start: float, end: float, *, counted: bool = False) -> tuple[float, int]:
        """Mean requests per second over [start, end) and the busiest whole second in it; with `counted`,
        only the requests the global limit let through (not exempt, not refused with 429)."""
        series = self.per_second_counted if counted else self.per_second
        seconds = range(math.floor(start), math.ceil(end))
        counts = [series.get(s, 0) for s in seconds]
        if not counts:
            return 0.0, 0
        return sum(counts) / max(end - start, 1e-9), max(counts)
