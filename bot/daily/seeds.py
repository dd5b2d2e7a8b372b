"""The day's deals of a server: eight seeds a day, committed when the day starts, revealed when it ends.

Each server has a secret key (32 random bytes, drawn once and kept in the database). A day's seeds are
HMAC-SHA256 of the key and the day's date, one per deal: every process derives the same seeds at any time
without writing anything, their commitments (SHA-256 of each seed, as at the tables: `engine.fair`) can be
shown from the first minute of the day, and revealing a day's seeds says nothing of the key, so the days
to come stay secret. The day is the server's (`/42 settings` `timezone`): it starts and ends at midnight
there.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from engine.fair import SEED_BYTES, commitment

DEALS_A_DAY = 8
KEY_BYTES = 32


def deal_seed(key: bytes, day: date, deal_no: int) -> bytes:
    """The seed of one deal of the day (``deal_no`` from 0): HMAC-SHA256(key, "daily YYYY-MM-DD deal N")."""
    if not 0 <= deal_no < DEALS_A_DAY:
        raise ValueError(f"a day has {DEALS_A_DAY} deals")
    message = f"daily {day.isoformat()} deal {deal_no}".encode()
    seed = hmac.new(key, message, hashlib.sha256).digest()
    assert len(seed) == SEED_BYTES
    return seed


def day_seeds(key: bytes, day: date) -> list[bytes]:
    """The day's eight seeds, deal 1 first."""
    return [deal_seed(key, day, n) for n in range(DEALS_A_DAY)]


def day_commitments(key: bytes, day: date) -> list[str]:
    """What is published when the day starts: each seed's SHA-256, deal 1 first."""
    return [commitment(seed) for seed in day_seeds(key, day)]


@dataclass(frozen=True)
class ServerDay:
    """One day in a server's time zone: its date, and when it starts and ends (aware datetimes)."""

    day: date
    starts: datetime
    ends: datetime

    def over_at(self, now: datetime) -> bool:
        """Whether the day has ended at ``now`` (its seeds may then be revealed)."""
        return now >= self.ends


def server_day(now: datetime, timezone: str, days_back: int = 0) -> ServerDay:
    """The day ``now`` falls in, in the server's time zone (``days_back`` days before it)."""
    zone = ZoneInfo(timezone)
    today = now.astimezone(zone).date() - timedelta(days=days_back)
    return day_of(today, timezone)


def day_of(day: date, timezone: str) -> ServerDay:
    """A given date as a day of the server: from its midnight to the next, in the server's zone."""
    zone = ZoneInfo(timezone)
    starts = datetime.combine(day, time(0), zone)
    ends = datetime.combine(day + timedelta(days=1), time(0), zone)
    return ServerDay(day, starts, ends)
