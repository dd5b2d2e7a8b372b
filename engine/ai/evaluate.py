"""Rules-of-thumb hand evaluation: how many tricks a hand should take under each contract.

Used by the easy player to bid, exchange and declare, and by the strong player as the features of its
calibrated bidding table. A hand is a mask of tile ids; nothing here looks at other seats.
"""

from __future__ import annotations

from functools import cache

from engine.contracts import COUNT, DOUBLES, FOLLOW_ME, NELLO, SEVENS, SEVENS_TRUMP, SUIT, Contract
from engine.rules import Rules
from engine.suits import suit_table
from engine.tiles import TileSet, bits

# Contracts with a trump suit: a number, the doubles, the tiles totalling seven (§11), Geezer's count
TRUMP_KINDS = (SUIT, DOUBLES, SEVENS_TRUMP, COUNT)


@cache
def ranked(ts: TileSet, contract: Contract, suit: int) -> tuple[int, ...]:
    """Base tile ids (first copy) of a suit under a contract, highest first."""
    table = suit_table(ts, contract)
    ids = [t for t in ts.ids if t < ts.set_size and table.members[suit] >> t & 1]
    return tuple(sorted(ids, key=lambda t: -table.rank[suit][t]))


def _base_mask(ts: TileSet, mask: int) -> int:
    """Fold Eighty-eight's second copies onto the first, so suit lists can be checked by base id."""
    if ts.copies == 1:
        return mask  # one copy: every id is its own base (the strong player's sampler asks this often)
    out = 0
    for t in bits(mask):
        out |= 1 << (t % ts.set_size)
    return out


def walkers(ts: TileSet, contract: Contract, suit: int, mask: int) -> int:
    """How many of a suit's top tiles the hand holds without a gap (they win in turn when led)."""
    return _walk(ranked(ts, contract, suit), _base_mask(ts, mask))


def _walk(order: tuple[int, ...], base: int) -> int:
    """How many of ``order``'s first base ids ``base`` holds without a gap."""
    n = 0
    for t in order:
        if not base >> t & 1:
            break
        n += 1
    return n


@cache
def _trump_plan(
    ts: TileSet, contract: Contract
) -> tuple[int, int, int, tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """What ``trump_tricks`` reads of a contract, looked up once per call (the strong player's sampler
    rates thousands of hands a second): the trump suit, its members' mask, how many tiles it has, each
    tile's suit when led and each suit's base ids highest first."""
    table = suit_table(ts, contract)
    trump = table.trump
    order = tuple(ranked(ts, contract, s) for s in range(len(table.members)))
    return trump, table.members[trump], len(order[trump]), table.lead_suit, order


def trump_tricks(ts: TileSet, contract: Contract, mask: int) -> float:
    """Expected tricks for a trump (suit or doubles) contract: walkers count fully, other trumps about
    half, and off doubles or tiles under a held double (they win once trumps are pulled) a bit less."""
    trump, trump_members, total_trumps, lead_suit, order = _trump_plan(ts, contract)
    base = _base_mask(ts, mask)
    trumps = mask & trump_members
    n_trumps = bin(trumps).count("1")
    walk = _walk(order[trump], base)
    control = 1.0 if n_trumps >= 4 or walk >= 2 else 0.7
    score = walk + 0.55 * (n_trumps - walk)
    if n_trumps * 2 > total_trumps:  # a long trump suit also wins the last tricks
        score += 0.4
    walk_of: dict[int, int] = {}  # per suit: the same for every tile of it
    size = ts.set_size
    for t in bits(mask & ~trumps):
        s = lead_suit[t]
        w = walk_of.get(s)
        if w is None:
            w = walk_of[s] = _walk(order[s], base)
        if w and t % size in order[s][:w]:
            score += 0.75 * control
    return score


def follow_me_tricks(ts: TileSet, contract: Contract, mask: int) -> float:
    """Expected tricks with no trump: only suit leaders (doubles and the tiles under them) win."""
    table = suit_table(ts, contract)
    score = 0.0
    for suit in range(len(table.members)):
        w = walkers(ts, contract, suit, mask)
        score += 0.8 * w
    return score


def nello_safety(ts: TileSet, contract: Contract, mask: int) -> float:
    """Expected tricks *lost* in Nello: a low tile in each suit ducks; high tiles are a danger."""
    table = suit_table(ts, contract)
    safe = 0.0
    for t in bits(mask):
        s = table.lead_suit[t]
        order = ranked(ts, contract, s)
        pos = order.index(t % ts.set_size) if t % ts.set_size in order else 0
        # fraction of the suit above this tile: the more tiles can beat it, the safer it is
        safe += pos / max(1, len(order) - 1)
    return safe


def tricks(rules: Rules, contract: Contract, mask: int) -> float:
    """Expected tricks the hand's side takes (Nello: tricks it safely loses) under ``contract``."""
    ts = rules.layout.tiles
    if contract.kind in TRUMP_KINDS:
        score = trump_tricks(ts, contract, mask)
    elif contract.kind == FOLLOW_ME:
        score = follow_me_tricks(ts, contract, mask)
    elif contract.kind == NELLO:
        return nello_safety(ts, contract, mask)
    elif contract.kind == SEVENS:
        dist = suit_table(ts, contract).distance
        assert dist is not None  # a Sevens table has distances
        return sum(1.0 if dist[t] == 0 else 0.6 if dist[t] == 1 else 0.0 for t in bits(mask))
    else:
        score = 0.0
    if rules.layout.partners:  # a partner takes some tricks too
        score += 1.0 if rules.players == 4 else 0.0  # two partners, but three opponents and the kitty
    return score


def expected_points(rules: Rules, contract: Contract, mask: int) -> float:
    """A rough estimate of the points the hand's side takes: its share of tricks times the hand's total."""
    return points_for_tricks(rules, tricks(rules, contract, mask), mask)


def points_for_tricks(rules: Rules, n_tricks: float, mask: int) -> float:
    """``expected_points`` for a hand expected to take ``n_tricks``; it never falls as they rise, so the
    best of several contracts' points is this of their most tricks."""
    lay = rules.layout
    frac = min(1.0, n_tricks / lay.hand_size)
    # count tiles are won where tricks are; a little extra for count the hand holds itself
    own = sum(lay.tiles.points[t] for t in bits(mask))
    return min(lay.total, frac * lay.total * 1.05 + 0.15 * own)


def best_contract(
    rules: Rules, contracts: list[Contract], mask: int, every_trick: bool = False
) -> tuple[Contract, float]:
    """The contract that looks best for the hand, and its expected points (Nello/Sevens: as fractions of
    the total, scaled so they compete only when they are near certain)."""
    lay = rules.layout
    best, best_v = contracts[0], -1.0
    for c in contracts:
        if c.kind == NELLO:
            v = lay.total if nello_safety(lay.tiles, c, mask) >= lay.hand_size - 0.6 else 0.0
        elif c.kind == SEVENS:
            v = lay.total if tricks(rules, c, mask) >= lay.hand_size - 0.3 else 0.0
        else:
            v = expected_points(rules, c, mask)
            if every_trick:
                v = tricks(rules, c, mask) / lay.hand_size * lay.total
        if v > best_v:
            best, best_v = c, v
    return best, best_v
