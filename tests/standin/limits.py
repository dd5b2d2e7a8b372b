"""Discord's REST limits as the stand-in enforces them, and the clock they run on.

What is modelled (SCALE-OUT.md §1, issue 13's measurements):
- 50 requests per second per bot token, over every process using the token; the interaction callback,
  `@original` and followup endpoints are exempt;
- per channel, 5 message creates and 5 message edits per 5 s: two counters reported under one bucket hash
  (so discord.py, which keys its limiter by hash, shares one limiter between them and meets 429s);
- edits of messages older than an hour: Discord allows an undisclosed few, then error 30046;
- interactions: the first response within 3 s, the token usable for 15 minutes.

Every other route reports a bucket that never runs out: Discord does not document them and they do not
bind a game bot.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections import deque
from dataclasses import dataclass, field

CHANNEL_MESSAGES_BUCKET = "c4f2e0b1d7a35e96"  # one hash for creates and edits, as Discord reports it


@dataclass(frozen=True)
class Limits:
    """The numbers the stand-in enforces; `enforce=False` turns every rate limit off (errors stay)."""

    global_per_second: int = 50
    channel_creates: int = 5
    channel_edits: int = 5
    channel_window: float = 5.0
    old_message_age: float = 3600.0
    old_message_edits: int = 0  # edits of older messages allowed per channel per `old_edit_window`
    old_edit_window: float = 20.0
    ack_deadline: float = 3.0
    token_lifetime: float = 900.0
    enforce: bool = True


class Clock:
    """Seconds since the epoch, with an offset tests can move forward; `frozen` stops it between advances."""

    def __init__(self, *, frozen: bool = False, start: float | None = None):
        self.frozen = frozen
        self._base = time.time() if start is None else start
        self._started = time.monotonic()
        self.offset = 0.0

    def now(self) -> float:
        """The current time on this clock."""
        if self.frozen:
            return self._base + self.offset
        return self._base + (time.monotonic() - self._started) + self.offset

    def advance(self, seconds: float) -> None:
        """Move the clock forward (message ages, interaction deadlines and rate-limit windows follow)."""
        self.offset += seconds


@dataclass
class Window:
    """A fixed window counter: `limit` uses, then none until the window that began with the first use ends."""

    limit: int
    period: float
    used: int = 0
    reset_at: float = 0.0

    def _roll(self, now: float) -> None:
        if now >= self.reset_at:
            self.used = 0
            self.reset_at = now + self.period

    def available(self, now: float) -> bool:
        """True if a use is allowed now."""
        self._roll(now)
        return self.used < self.limit

    def take(self, now: float) -> None:
        """Use one (call `available` first)."""
        self._roll(now)
        self.used += 1

    def remaining(self, now: float) -> int:
        """Uses left in the current window."""
        self._roll(now)
        return max(0, self.limit - self.used)

    def reset_after(self, now: float) -> float:
        """Seconds until the window resets."""
        return max(0.0, self.reset_at - now)


@dataclass
class SlidingWindow:
    """At most `limit` uses in any `period` seconds (the global limit)."""

    limit: int
    period: float = 1.0
    times: deque[float] = field(default_factory=deque)

    def retry_after(self, now: float) -> float:
        """0 if a use is allowed now, else the seconds until one is."""
        while self.times and self.times[0] <= now - self.period:
            self.times.popleft()
        if len(self.times) < self.limit:
            return 0.0
        return self.times[0] + self.period - now

    def take(self, now: float) -> None:
        """Use one."""
        self.times.append(now)


@dataclass(frozen=True)
class Verdict:
    """A rate-limit decision: allowed or not, with the headers (and, if refused, the 429 body) to send."""

    allowed: bool
    headers: dict[str, str]
    body: dict | None = None
    scope: str | None = None  # "global" or "user" (a route bucket) when refused


def route_hash(route: str) -> str:
    """A stable made-up bucket hash for a route Discord does not document."""
    return hashlib.sha1(route.encode()).hexdigest()[:16]


class RateLimiter:
    """One token's limits: the global window, and per-channel message windows."""

    def __init__(self, limits: Limits, clock: Clock):
        self.limits = limits
        self.clock = clock
        self.global_window = SlidingWindow(limits.global_per_second)
        self.creates: dict[int, Window] = {}
        self.edits: dict[int, Window] = {}
        self.old_edits: dict[int, SlidingWindow] = {}

    def check(
        self, route: str, *, exempt: bool, channel_id: int | None = None, kind: str | None = None
    ) -> Verdict:
        """Decide one request. `kind` is "create" or "edit" for the channel message routes."""
        now = self.clock.now()
        window = None
        if kind in ("create", "edit") and channel_id is not None:
            table, limit = (
                (self.creates, self.limits.channel_creates)
                if kind == "create"
                else (self.edits, self.limits.channel_edits)
            )
            window = table.get(channel_id)
            if window is None:
                window = table[channel_id] = Window(limit, self.limits.channel_window)
        if not self.limits.enforce:
            return Verdict(True, self._bucket_headers(route, window, now) if not exempt else {})
        if window is not None and not window.available(now):
            retry = window.reset_after(now)
            headers = self._bucket_headers(route, window, now)
            headers.update({"Retry-After": str(math.ceil(retry)), "X-RateLimit-Scope": "user"})
            return Verdict(False, headers, _too_many(retry, is_global=False), "user")
        if not exempt:
            retry = self.global_window.retry_after(now)
            if retry > 0:
                headers = {
                    "Retry-After": str(math.ceil(retry)),
                    "X-RateLimit-Global": "true",
                    "X-RateLimit-Scope": "global",
                }
                return Verdict(False, headers, _too_many(retry, is_global=True), "global")
            self.global_window.take(now)
        if window is not None:
            window.take(now)
        return Verdict(True, {} if exempt else self._bucket_headers(route, window, now))

    def old_edit_allowed(self, channel_id: int) -> bool:
        """Whether one more edit of an hour-old message in this channel is allowed now (and count it)."""
        window = self.old_edits.setdefault(
            channel_id, SlidingWindow(self.limits.old_message_edits, self.limits.old_edit_window)
        )
        now = self.clock.now()
        if self.limits.old_message_edits <= 0 or window.retry_after(now) > 0:
            return False
        window.take(now)
        return True

    def _bucket_headers(self, route: str, window: Window | None, now: float) -> dict[str, str]:
        if window is None:  # an undocumented route: a bucket that never runs out
            return {
                "X-RateLimit-Limit": "50",
                "X-RateLimit-Remaining": "49",
                "X-RateLimit-Reset-After": "1.000",
                "X-RateLimit-Reset": f"{now + 1:.3f}",
                "X-RateLimit-Bucket": route_hash(route),
            }
        reset_after = window.reset_after(now)
        return {
            "X-RateLimit-Limit": str(window.limit),
            "X-RateLimit-Remaining": str(window.remaining(now)),
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Reset": f"{now + reset_after:.3f}",
            "X-RateLimit-Bucket": CHANNEL_MESSAGES_BUCKET,
        }


def _too_many(retry_after: float, *, is_global: bool) -> dict:
    return {
        "message": "You are being rate limited.",
        "retry_after": round(retry_after, 3),
        "global": is_global,
        "code": 0,
    }
