"""Fair deals at the tables (CLUB.md "Fair deals"): where each hand's seed comes from, the deal it gives, and
the seed revealed in the hand's record once the hand is over.

Every hand is dealt by `engine.fair.deal_hand` from 32 random bytes drawn for it (`secrets`). The seed is
kept beside the hand (in memory on the `Table`, in storage beside the hand's record), never in a record or
a message while the hand is in progress: the table shows only its commitment, SHA-256 of the seed. When
the hand is over its record gains `seed` and `commitment` (HAND-RECORD.md), so anyone can check the deal
with `python -m engine verify`.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from engine import Game, Hand
from engine.fair import SEED_BYTES, commitment, deal_hand

SeedSource = Callable[[], bytes]  # 32 fresh bytes for each deal


def system_seeds() -> bytes:
    """A seed from the operating system's randomness: how the bot deals."""
    return secrets.token_bytes(SEED_BYTES)


def seeds_from(rng: random.Random) -> SeedSource:
    """Seeds drawn from a seeded stream: a test that seeds the bot's randomness gets the same deals."""
    return lambda: rng.randbytes(SEED_BYTES)


def seed_for(label: str) -> bytes:
    """The seed a fixed label gives (`DEAL_SEED:table:moment`): deals that repeat whichever process deals."""
    return hashlib.sha256(label.encode()).digest()


def deal(game: Game, seed: bytes) -> Hand:
    """The game's next hand, dealt from `seed` (the dealer is the game's)."""
    if game.over:
        raise ValueError("the game is over")
    return deal_hand(game.rules, game.dealer, seed)


def revealed(record: dict[str, Any], seed: bytes | None) -> dict[str, Any]:
    """A finished hand's record with its seed and commitment (unchanged for a hand dealt without one)."""
    if seed is None:
        return record
    return {**record, "seed": seed.hex(), "commitment": commitment(seed)}


def reveal_last(game: Game, seed: bytes | None) -> Game:
    """The game whose last finished hand's record carries its seed and commitment."""
    if seed is None or not game.records:
        return game
    return replace(game, records=(*game.records[:-1], revealed(game.records[-1], seed)))


def keep_revealed(game: Game, stored: Sequence[dict[str, Any]]) -> Game:
    """A game rebuilt from stored records, its records given back the seeds the stored ones revealed (the
    engine writes a record afresh as it replays it)."""
    records = [
        {**mine, "seed": kept["seed"], "commitment": kept["commitment"]}
        if "seed" in kept and "commitment" in kept
        else mine
        for mine, kept in zip(game.records, stored, strict=True)
    ]
    return replace(game, records=tuple(records))
