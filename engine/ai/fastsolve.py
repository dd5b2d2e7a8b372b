"""The perfect-information search, compiled with numba: alpha-beta over bitmask hands.

The value of a position is the points that tricks won by the *scoring* seats bring from now on (the trick
in progress included); *maximising* seats raise it, the others lower it. For a trump contract both are the
bidding side; for Nello the scoring seat is the bidder and the defenders maximise (they want him to win a
trick). Every-trick contracts count tricks only (trick value 1, no count). A trick's value may depend on
its place in the hand (Seventy-two's last trick is worth 3): ``tab`` lists it by the tricks left after it,
which is the hand size of the seat that plays the trick's last tile.

All tables travel in one int64 array (``tab``, laid out by the ``O_*`` offsets) because every array
argument of a numba call costs reference counting: six arrays per call instead of twenty doubled the speed.
A transposition table keyed on (tiles left, leader) at trick boundaries stores bounds; it is valid for one
deal, so callers start a new *generation* for each deal. Recursive numba functions are cached only with an
explicit signature and no literal arguments in the recursive calls (numba issue #6061), hence the shape.
"""

from __future__ import annotations

import numpy as np
from numba import int64, njit, void

# tab layout: params, then per-tile and per-seat tables, then rank[suit][tile]
P_TRUMP, P_TRICK_VALUE, P_ACTIVE, P_SEVENS, P_SET_SIZE, P_TILES, P_COUNT5, P_COUNT10 = range(8)
O_LEAD, O_MEMBERS, O_PTS, O_DIST, O_NXT, O_SCORE, O_MAX, O_RANK = 16, 80, 96, 160, 224, 232, 240, 256
MAX_TILES = 64
MAX_SUITS = 11  # the numbers 0-8, doubles as a suit, a trump suit that is no number (suits.py)
MAX_SEATS = 8
MAX_HAND = 16  # tricks in a hand, with room
# O_TRICK[k]: what a trick is worth with k tricks left after it; O_LEFT[k]: the last k tricks together
O_TRICK = O_RANK + MAX_SUITS * MAX_TILES
O_LEFT = O_TRICK + MAX_HAND
TAB_SIZE = O_LEFT + MAX_HAND
# stats: nodes searched, node limit, TT generation
S_NODES, S_LIMIT, S_GEN = range(3)
# tt columns
T_KEY, T_LO, T_HI, T_GEN = range(4)
TT_BITS = 18
INF = 1 << 20


@njit(int64(int64), cache=True, nogil=True)
def popcount(x):
    """Number of set bits of a non-negative int64."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


@njit(int64(int64), cache=True, nogil=True)
def low_index(low):
    """Index of the single set bit of ``low``."""
    return popcount(low - 1)


@njit(int64(int64, int64, int64[:]), cache=True, nogil=True)
def tile_key(t, lead, tab):
    """How strongly tile ``t`` bids for a trick led in ``lead`` (-1: it cannot win)."""
    if tab[P_SEVENS]:
        return 100 - tab[O_DIST + t]
    trump = tab[P_TRUMP]
    if trump >= 0 and (tab[O_MEMBERS + trump] >> t) & 1:
        return 1000 + tab[O_RANK + trump * MAX_TILES + t]
    if (tab[O_MEMBERS + lead] >> t) & 1:
        return 100 + tab[O_RANK + lead * MAX_TILES + t]
    return -1


@njit(int64(int64[:, :], int64, int64, int64, int64[:]), cache=True, nogil=True)
def winner_slot(trick, tno, count, lead, tab):
    """Slot (play order) of the tile winning the first ``count`` tiles of trick ``tno``; first of equals."""
    best_k = -2
    w = 0
    for j in range(count):
        k = tile_key(trick[tno, 2 * j], lead, tab)
        if k > best_k:
            best_k = k
            w = j
    return w


@njit(
    int64(
        int64[:],
        int64[:, :],
        int64[:, :],
        int64,
        int64,
        int64,
        int64,
        int64,
        int64,
        int64[:],
        int64[:, :],
        int64[:],
    ),
    cache=True,
    nogil=True,
)
def search(held, trick, buf, tno, ntrick, lead, turn, alpha, beta, tab, tt, stats):
    """Value of the position with ``turn`` to play tile ``ntrick`` of trick ``tno`` (see the module doc).

    ``trick[tno]`` holds (tile, seat) pairs of that trick; ``buf[depth]`` is this node's move list.
    """
    stats[S_NODES] += 1
    if stats[S_NODES] > stats[S_LIMIT]:
        return alpha  # out of budget: the caller discards this search
    n_active = tab[P_ACTIVE]
    trump = tab[P_TRUMP]
    h = held[turn]
    orig_alpha = alpha
    orig_beta = beta
    key = 0
    idx = 0
    if ntrick == 0:
        remaining = 0
        for s in range(held.shape[0]):
            remaining |= held[s]
        if remaining == 0:
            return 0
        # no line can take more than every point left nor less than none
        most = (
            tab[O_LEFT + popcount(remaining) // n_active]
            + 5 * popcount(remaining & tab[P_COUNT5])
            + 10 * popcount(remaining & tab[P_COUNT10])
        )
        if most <= alpha:
            return most
        if beta <= 0:
            return 0
        key = remaining | (turn << 58)
        hh = key * 2654435761
        hh ^= hh >> 29
        idx = hh & ((1 << TT_BITS) - 1)
        if tt[idx, T_GEN] == stats[S_GEN] and tt[idx, T_KEY] == key:
            lo = tt[idx, T_LO]
            hi = tt[idx, T_HI]
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
    # legal tiles
    if tab[P_SEVENS]:
        best_d = 99
        legal = 0
        m = h
        while m:
            low = m & -m
            d = tab[O_DIST + low_index(low)]
            if d < best_d:
                best_d = d
                legal = low
            elif d == best_d:
                legal |= low
            m ^= low
    elif ntrick == 0:
        legal = h
    else:
        legal = h & tab[O_MEMBERS + lead]
        if legal == 0:
            legal = h
    is_max = tab[O_MAX + turn]
    best_key = -2
    partner_winning = False
    if ntrick > 0:
        ws = winner_slot(trick, tno, ntrick, lead, tab)
        best_key = tile_key(trick[tno, 2 * ws], lead, tab)
        partner_winning = tab[O_MAX + trick[tno, 2 * ws + 1]] == is_max
    # order moves: score each candidate, insertion-sort into buf[depth]
    depth = tno * n_active + ntrick
    n = 0
    set_size = tab[P_SET_SIZE]
    m = legal
    while m:
        low = m & -m
        t = low_index(low)
        m ^= low
        if set_size > 0 and t >= set_size and (h >> (t - set_size)) & 1:
            continue  # the second copy of a tile we also hold: the same move
        p = tab[O_PTS + t]
        if ntrick == 0:
            s = tab[O_LEAD + t]
            sc = tab[O_RANK + s * MAX_TILES + t] + (200 if trump >= 0 and s == trump else 0) + p
        else:
            k = tile_key(t, lead, tab)
            if partner_winning:
                sc = p * 8 - (k if k > best_key else 0) // 4
            elif k > best_key:
                sc = 2000 - k + p * 8  # the cheapest winner first
            else:
                sc = -p * 8 - k
        v = sc * 64 + t
        i = n
        while i > 0 and buf[depth, i - 1] < v:
            buf[depth, i] = buf[depth, i - 1]
            i -= 1
        buf[depth, i] = v
        n += 1
    best = -INF if is_max else INF
    for i in range(n):
        t = buf[depth, i] & 63
        bit = 1 << t
        held[turn] ^= bit
        trick[tno, 2 * ntrick] = t
        trick[tno, 2 * ntrick + 1] = turn
        new_lead = lead
        if ntrick == 0:
            new_lead = tab[O_LEAD + t]
        if ntrick + 1 == n_active:
            w = trick[tno, 2 * winner_slot(trick, tno, n_active, new_lead, tab) + 1]
            gain = 0
            if tab[O_SCORE + w]:
                gain = tab[O_TRICK + popcount(held[turn])]
                for j in range(n_active):
                    gain += tab[O_PTS + trick[tno, 2 * j]]
            zero = n_active - n_active  # a runtime zero: literal arguments break numba's cache (#6061)
            v = gain + search(
                held, trick, buf, tno + 1, zero, zero - 1, w, alpha - gain, beta - gain, tab, tt, stats
            )
        else:
            v = search(
                held, trick, buf, tno, ntrick + 1, new_lead, tab[O_NXT + turn], alpha, beta, tab, tt, stats
            )
        held[turn] ^= bit
        if is_max:
            if v > best:
                best = v
            if v > alpha:
                alpha = v
        else:
            if v < best:
                best = v
            if v < beta:
                beta = v
        if alpha >= beta:
            break
    if ntrick == 0 and stats[S_NODES] <= stats[S_LIMIT]:
        lo = -INF
        hi = INF
        if tt[idx, T_GEN] == stats[S_GEN] and tt[idx, T_KEY] == key:
            lo = tt[idx, T_LO]
            hi = tt[idx, T_HI]
        if best <= orig_alpha:
            if best < hi:
                hi = best
        elif best >= orig_beta:
            if best > lo:
                lo = best
        else:
            lo = best
            hi = best
        tt[idx, T_KEY] = key
        tt[idx, T_LO] = lo
        tt[idx, T_HI] = hi
        tt[idx, T_GEN] = stats[S_GEN]
    return best


@njit(
    void(
        int64[:],
        int64[:, :],
        int64[:, :],
        int64,
        int64,
        int64,
        int64,
        int64,
        int64,
        int64[:],
        int64[:, :],
        int64[:],
        int64[:],
        int64[:],
    ),
    cache=True,
    nogil=True,
)
def root(held, trick, buf, tno, ntrick, lead, turn, alpha, beta, tab, tt, stats, moves, out):
    """Value of each move in ``moves`` for ``turn`` within the window (alpha, beta).

    A move is a tile id, or ``encode_lead(tile, suit)`` for a lead declared as ``suit`` (7-3 led as a
    three). Declared leads are searched at the root only: deeper leads take the tile's own suit.
    Values outside the window are bounds, which is all a make-or-set test needs.
    """
    n_active = tab[P_ACTIVE]
    for i in range(moves.shape[0]):
        t = moves[i] & (MAX_TILES - 1)
        declared = (moves[i] >> 6) - 1  # a declared lead: the suit called, else -1 (see ``encode_lead``)
        bit = 1 << t
        held[turn] ^= bit
        trick[tno, 2 * ntrick] = t
        trick[tno, 2 * ntrick + 1] = turn
        new_lead = lead
        if ntrick == 0:
            new_lead = declared if declared >= 0 else tab[O_LEAD + t]
        if ntrick + 1 == n_active:
            w = trick[tno, 2 * winner_slot(trick, tno, n_active, new_lead, tab) + 1]
            gain = 0
            if tab[O_SCORE + w]:
                gain = tab[O_TRICK + popcount(held[turn])]
                for j in range(n_active):
                    gain += tab[O_PTS + trick[tno, 2 * j]]
            zero = n_active - n_active
            out[i] = gain + search(
                held, trick, buf, tno + 1, zero, zero - 1, w, alpha - gain, beta - gain, tab, tt, stats
            )
        else:
            out[i] = search(
                held, trick, buf, tno, ntrick + 1, new_lead, tab[O_NXT + turn], alpha, beta, tab, tt, stats
            )
        held[turn] ^= bit


def encode_lead(tile: int, suit: int) -> int:
    """The root move "lead ``tile`` declared as ``suit``" (suit -1: undeclared, the plain tile id)."""
    return tile + ((suit + 1) << 6)


def new_tt() -> np.ndarray:
    """An empty transposition table: rows of (key, lower bound, upper bound, generation)."""
    tt = np.zeros((1 << TT_BITS, 4), np.int64)
    tt[:, T_GEN] = -1
    return tt
