"""The words of fair deals (CLUB.md "Fair deals"): the commitment line the table message and every panel show
while a hand is played, and the seed its summary reveals once it is over."""

from __future__ import annotations

from typing import Any

from engine.fair import short_commitment

CHECK_HINT = "check it with `python -m engine verify` on the hand's record from `/42 history`"


def commitment_line(number: int, digest: str | None) -> str:
    """`Deal 3 · sha256 9f2c4e5a6b7c…`: a hand's number (from 1) and the first 12 hex digits of its
    commitment; "" for a hand dealt without a seed (before fair deals)."""
    if digest is None:
        return ""
    return f"Deal {number} · sha256 {short_commitment(digest)}…"


def reveal_line(record: dict[str, Any], number: int) -> str:
    """`Deal 3 · sha256 9f2c4e5a6b7c… · seed 0a1b…`: a finished hand's seed, revealed, beside the commitment
    shown before it; "" for a hand dealt without one."""
    seed, digest = record.get("seed"), record.get("commitment")
    if not isinstance(seed, str) or not isinstance(digest, str):
        return ""
    return f"Deal {number} · sha256 {short_commitment(digest)}… · seed `{seed}` — {CHECK_HINT}"
