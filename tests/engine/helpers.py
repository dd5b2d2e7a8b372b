"""Build hands for tests from the tiles that matter; the rest of the deal is filled in from a seeded shuffle."""

from __future__ import annotations

import random
from collections import Counter

from engine import Game, Hand, Rules, read_record
from engine.calls import Call


def make_record(
    seats: dict[int, list[str]] | None = None,
    *,
    variant: str = "standard",
    rules: dict | None = None,
    dealer: int = 3,
    calls=(),
    contract=None,
    plays=(),
    widow=None,
    exchange=None,
    seed: int = 0,
) -> dict:
    """A hand record whose seats hold at least the given tiles."""
    r = Rules.from_preset(variant, rules or {})
    lay = r.layout
    names = [lay.tiles.names[t] for t in lay.tiles.ids]
    given = {s: list(t) for s, t in (seats or {}).items()}
    pool = Counter(names)
    for tiles in [*given.values(), widow or []]:
        for t in tiles:
            pool[t] -= 1
            assert pool[t] >= 0, f"{t} used too often"
    rest = [t for t, n in sorted(pool.items()) for _ in range(n)]
    random.Random(seed).shuffle(rest)
    deal = []
    for s in range(lay.players):
        tiles = given.get(s, [])
        need = lay.hand_size - len(tiles)
        deal.append(tiles + rest[:need])
        rest = rest[need:]
    if widow is None:
        widow, rest = rest[: lay.widow_size], rest[lay.widow_size :]
    assert not rest
    record = {
        "variant": variant,
        "rules": rules or {},
        "dealer": dealer,
        "deal": deal,
        "widow": widow,
        "calls": list(calls),
        "contract": contract,
        "plays": list(plays),
    }
    if exchange is not None:
        record["exchange"] = exchange
    return record


def make_hand(seats=None, **kw) -> Hand:
    """The hand of ``make_record``, rebuilt through the rules."""
    return read_record(make_record(seats, **kw))


def high(hand: Hand) -> Call:
    """The high bid of a hand (the test fails if nobody has bid yet)."""
    assert hand.high is not None, "nobody has bid"
    return hand.high


def award(hand: Hand) -> list[int]:
    """The award of a complete hand (the test fails if the hand is open or was thrown in)."""
    award = hand.award()
    assert award is not None, "no award: the hand is open or was thrown in"
    return award


def winner(game: Game) -> int:
    """The winning team of a game that is over (the test fails if it is not)."""
    assert game.winner is not None, "the game is not over"
    return game.winner


def run(hand: Hand) -> Hand:
    """Finish a hand with the first legal action each time."""
    while not hand.complete:
        hand = hand.apply(hand.legal_actions()[0])
    return hand


def play_all(hand: Hand, *actions: str) -> Hand:
    """Apply actions in turn."""
    for a in actions:
        hand = hand.apply(a)
    return hand


# Seat 0 bids first when seat 3 deals: "standard four pass-through": 0 bids, 1-3 pass.
BID_31 = ["31", "pass", "pass", "pass"]
