"""The perfect-information search, compiled with numba: alpha-beta over bitmask hands.

The value of a position is the points that tricks won by the *scoring* seats bring from now on (the trick
in progress included); *maximising* seats raise it, the others lower it. For a trump contract both are the
bidding side; for Nello the scoring seat is the bidder and the defenders maximise (they want him to win a
trick). Every-trick contracts count tricks only (trick value 1, no count). A trick's value may depend on
its place in the hand (Seventy-two's last trick is worth 3): ``O_TRICK`` lists it by the tricks left after
it, which is the hand size of the seat that plays the trick's last tile.

Everything the search reads and writes lives in one int64 array, the *work* array ``w``: the problem's
tables first (``tab``, laid out by the ``O_*`` offsets, copied in by the caller), then the counters, the
hands, the trick in progress, the move lists and the transposition table (the ``W_*`` offsets). Every array
argument of a numba call costs reference counting on each call (six arrays instead of twenty had doubled the
speed); with one array, and the trick in progress carried as numbers (its winning tile's strength, the
winner, its points so far) so that no node looks back over the trick, a node costs a third of what it did
(about 10M nodes a CPU second at 24-28 tiles left became about 27M).
A transposition table keyed on (tiles left, leader) at trick boundaries stores bounds; it is valid for one
deal, so callers start a new *generation* for each deal. Recursive numba functions are cached only with an
explicit signature and no literal arguments in the recursive calls (numba issue #6061), hence the shape.
"""

from __future__ import annotations

import numpy as np
from numba import int64, njit, void

# tab layout: params, then per-tile and per-seat tables, then rank[suit][tile]
P_TRUMP, P_TRICK_VALUE, P_ACTIVE, P_SEVENS, P_SET_SIZE, P_TILES, P_COUNT5, P_COUNT10, P_SEATS = range(9)
O_LEAD, O_MEMBERS, O_PTS, O_DIST, O_NXT, O_SCORE, O_MAX, O_RANK = 16, 80, 96, 160, 224, 232, 240, 256
MAX_TILES = 64
MAX_SUITS = 11  # the numbers 0-8, doubles as a suit, a trump suit that is no number (suits.py)
MAX_SEATS = 8
MAX_HAND = 16  # tricks in a hand, with room
# O_TRICK[k]: what a trick is worth with k tricks left after it; O_LEFT[k]: the last k tricks together
O_TRICK = O_RANK + MAX_SUITS * MAX_TILES
O_LEFT = O_TRICK + MAX_HAND
# the trump tiles from the highest down, -1 after the last (none where no suit is trump, or two sets)
O_TRUMPS = O_LEFT + MAX_HAND
TAB_SIZE = O_TRUMPS + MAX_TILES + 1
# the work array: tab, then the counters (nodes searched, node limit, TT generation), the tiles each seat
# holds, the trick in progress at the root as (tile, seat) pairs, a move list per ply, a killer per ply,
# the TT's rows
W_NODES = 1088
W_LIMIT, W_GEN, W_ROWS = W_NODES + 1, W_NODES + 2, W_NODES + 3  # W_ROWS: the TT rows in use, less one
W_HELD = W_NODES + 8
W_TRICK = W_HELD + MAX_SEATS
MAX_PLIES = 16 * MAX_SEATS  # tricks (with room) times seats
MAX_MOVES = 16
W_BUF = W_TRICK + 2 * MAX_SEATS
T_KEY, T_LO, T_HI, T_GEN = range(4)  # a TT row: key, bounds, generation
TT_BITS = 18
# A search of few nodes uses only the TT's first rows: at a 5 ms budget (under 60,000 nodes) a 2 MB table
# kept in the processor's cache searched 28 tiles 10% faster, and deep searches keep the whole table
# (2 MB for every search made Seventy-two's at 32 tiles six times longer)
SMALL_TT_BITS = 16
# per ply, the tile that last cut the search off there (a "killer"), tried first in null windows (the
# make-or-set tests): 28% fewer nodes at 24 tiles, 6% at 28; in wider windows it cost more (exact values at
# 28 tiles +17% nodes), so there the order stays the rules' alone
W_KILL = W_BUF + MAX_PLIES * MAX_MOVES
W_TT = W_KILL + MAX_PLIES
W_SIZE = W_TT + 4 * (1 << TT_BITS)
assert TAB_SIZE <= W_NODES
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
def tile_key(t, lead, w):
    """How strongly tile ``t`` bids for a trick led in ``lead`` (-1: it cannot win)."""
    if w[P_SEVENS]:
        return 100 - w[O_DIST + t]
    trump = w[P_TRUMP]
    if trump >= 0 and (w[O_MEMBERS + trump] >> t) & 1:
        return 1000 + w[O_RANK + trump * MAX_TILES + t]
    if (w[O_MEMBERS + lead] >> t) & 1:
        return 100 + w[O_RANK + lead * MAX_TILES + t]
    return -1


@njit(int64(int64, int64, int64, int64[:]), cache=True, nogil=True)
def sure(remaining, scoring, tricks, w):
    """What the side holding the highest trump left surely takes of the ``tricks`` left: positive for the
    scoring seats, negative for the others, 0 where no trump is left.

    Every trick with one of a side's run of top trumps in it is the side's (its highest trump wins), so the
    side takes the run's points and as many tricks as the seat holding most of the run has of it (a seat
    plays one tile a trick; partners may play two of the run to one trick); the cheapest tricks left are
    counted."""
    side = -1
    run = 0
    points = 0
    i = O_TRUMPS
    while w[i] >= 0:
        t = w[i]
        i += 1
        if not (remaining >> t) & 1:
            continue
        mine = (scoring >> t) & 1
        if side < 0:
            side = mine
        elif mine != side:
            break
        run |= 1 << t
        points += w[O_PTS + t]
    if run == 0:
        return 0
    most = 0  # tricks: the most of the run one seat of the side holds
    for s in range(w[P_SEATS]):
        if w[O_SCORE + s] == side:
            c = popcount(w[W_HELD + s] & run)
            if c > most:
                most = c
    cheap = w[O_TRICK]  # the cheapest trick left (k tricks after it: k = 0 .. tricks - 1)
    k = 1
    while k < tricks:
        if w[O_TRICK + k] < cheap:
            cheap = w[O_TRICK + k]
        k += 1
    won = points + cheap * most
    return won if side else -won


@njit(int64(int64, int64, int64, int64, int64[:]), cache=True, nogil=True)
def same_trumps(mine, h, ntrick, wkey, w):
    """The trumps of ``mine`` (legal trumps of the hand ``h``) that play the same as a higher one kept: of
    equal points, with no trump between them that another seat holds, and (in a trick under way) both or
    neither beating the trick so far (``wkey``). Playing either leaves the same position up to the names
    of two equal tiles, so only the highest of each run needs searching."""
    if mine & (mine - 1) == 0:
        return 0
    others = 0
    for s in range(w[P_SEATS]):
        others |= w[W_HELD + s]
    others &= ~h
    skip = 0
    last = -1  # the last trump of ``mine`` kept, while no other seat's trump has come since
    i = O_TRUMPS
    while w[i] >= 0:
        t = w[i]
        i += 1
        if (others >> t) & 1:
            last = -1
        elif (mine >> t) & 1:
            if (
                last >= 0
                and w[O_PTS + t] == w[O_PTS + last]
                and (
                    ntrick == 0
                    or (w[O_RANK + w[P_TRUMP] * MAX_TILES + t] + 1000 > wkey)
                    == (w[O_RANK + w[P_TRUMP] * MAX_TILES + last] + 1000 > wkey)
                )
            ):
                skip |= 1 << t
            else:
                last = t
    return skip


@njit(int64(int64[:], int64, int64, int64, int64, int64, int64, int64, int64, int64), cache=True, nogil=True)
def search(w, depth, ntrick, lead, turn, alpha, beta, wkey, wseat, tpts):
    """Value of the position with ``turn`` to play tile ``ntrick`` of the trick in progress (see the module
    doc), its tiles so far worth ``tpts``, the best of them of strength ``wkey`` (``tile_key``) played by
    ``wseat``. ``depth`` is the ply from the root: ``w``'s move list ``depth`` is this node's."""
    w[W_NODES] += 1
    if w[W_NODES] > w[W_LIMIT]:
        return alpha  # out of budget: the caller discards this search
    n_active = w[P_ACTIVE]
    h = w[W_HELD + turn]
    orig_alpha = alpha
    orig_beta = beta
    key = 0
    row = 0
    if ntrick == 0:
        remaining = 0
        scoring = 0  # the tiles of the seats whose tricks count
        for s in range(w[P_SEATS]):
            remaining |= w[W_HELD + s]
            if w[O_SCORE + s]:
                scoring |= w[W_HELD + s]
        if remaining == 0:
            return 0
        # no line can take more than every point left nor less than none
        tricks = popcount(remaining) // n_active
        most = (
            w[O_LEFT + tricks]
            + 5 * popcount(remaining & w[P_COUNT5])
            + 10 * popcount(remaining & w[P_COUNT10])
        )
        if most <= alpha:
            return most
        if beta <= 0:
            return 0
        key = remaining | (turn << 58)
        hh = key * 2654435761
        hh ^= hh >> 29
        row = W_TT + 4 * (hh & w[W_ROWS])
        if w[row + T_GEN] == w[W_GEN] and w[row + T_KEY] == key:
            lo = w[row + T_LO]
            hi = w[row + T_HI]
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
        # nor can a side take less than its run of top trumps brings in
        won = sure(remaining, scoring, tricks, w)
        if won > 0:
            if won >= beta:
                return won
        elif won < 0 and most + won <= alpha:
            return most + won
    # legal tiles
    if w[P_SEVENS]:
        best_d = 99
        legal = 0
        m = h
        while m:
            low = m & -m
            d = w[O_DIST + low_index(low)]
            if d < best_d:
                best_d = d
                legal = low
            elif d == best_d:
                legal |= low
            m ^= low
    elif ntrick == 0:
        legal = h
    else:
        legal = h & w[O_MEMBERS + lead]
        if legal == 0:
            legal = h
    is_max = w[O_MAX + turn]
    partner_winning = ntrick > 0 and w[O_MAX + wseat] == is_max
    # order moves: score each candidate, insertion-sort into this ply's move list
    trump = w[P_TRUMP]
    buf = W_BUF + depth * MAX_MOVES
    n = 0
    set_size = w[P_SET_SIZE]
    m = legal
    if w[O_TRUMPS] >= 0:
        m &= ~same_trumps(legal & w[O_MEMBERS + trump], h, ntrick, wkey, w)
    while m:
        low = m & -m
        t = low_index(low)
        m ^= low
        if set_size > 0 and t >= set_size and (h >> (t - set_size)) & 1:
            continue  # the second copy of a tile we also hold: the same move
        p = w[O_PTS + t]
        if ntrick == 0:
            s = w[O_LEAD + t]
            sc = w[O_RANK + s * MAX_TILES + t] + (200 if trump >= 0 and s == trump else 0) + p
        else:
            k = tile_key(t, lead, w)
            if partner_winning:
                sc = p * 8 - (k if k > wkey else 0) // 4
            elif k > wkey:
                sc = 2000 - k + p * 8  # the cheapest winner first
            else:
                sc = -p * 8 - k
        if t == w[W_KILL + depth] and beta - alpha == 1:
            sc += 1 << 16
        v = sc * 64 + t
        i = n
        while i > 0 and w[buf + i - 1] < v:
            w[buf + i] = w[buf + i - 1]
            i -= 1
        w[buf + i] = v
        n += 1
    best = -INF if is_max else INF
    nxt = w[O_NXT + turn]
    zero = n - n  # a runtime zero: literal arguments break numba's cache (#6061)
    for i in range(n):
        t = w[buf + i] & 63
        bit = 1 << t
        w[W_HELD + turn] ^= bit
        # the trick after this tile (as ``play`` below, written out: numba compiles no mutual recursion)
        new_lead = lead
        new_key = wkey
        new_seat = wseat
        if ntrick == 0:
            new_lead = w[O_LEAD + t]
            new_key = tile_key(t, new_lead, w)
            new_seat = turn
        else:
            k = tile_key(t, lead, w)
            if k > wkey:
                new_key = k
                new_seat = turn
        pts = tpts + w[O_PTS + t]
        if ntrick + 1 == n_active:
            gain = 0
            if w[O_SCORE + new_seat]:
                gain = w[O_TRICK + popcount(w[W_HELD + turn])] + pts
            v = gain + search(
                w, depth + 1, zero, zero - 1, new_seat, alpha - gain, beta - gain, zero, zero, zero
            )
        else:
            v = search(w, depth + 1, ntrick + 1, new_lead, nxt, alpha, beta, new_key, new_seat, pts)
        w[W_HELD + turn] ^= bit
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
            w[W_KILL + depth] = t
            break
    if ntrick == 0 and w[W_NODES] <= w[W_LIMIT]:
        lo = -INF
        hi = INF
        if w[row + T_GEN] == w[W_GEN] and w[row + T_KEY] == key:
            lo = w[row + T_LO]
            hi = w[row + T_HI]
        if best <= orig_alpha:
            if best < hi:
                hi = best
        elif best >= orig_beta:
            if best > lo:
                lo = best
        else:
            lo = best
            hi = best
        w[row + T_KEY] = key
        w[row + T_LO] = lo
        w[row + T_HI] = hi
        w[row + T_GEN] = w[W_GEN]
    return best


@njit(
    int64(int64[:], int64, int64, int64, int64, int64, int64, int64, int64, int64, int64),
    cache=True,
    nogil=True,
)
def play(w, depth, ntrick, lead, turn, nxt, alpha, beta, wkey, wseat, tpts):
    """The value after ``turn`` has played tile ``ntrick`` of the trick (already taken from its hand), the
    trick now as ``search`` takes it: the next seat's (``nxt``) search, or with the trick complete its
    worth to the scoring seats plus the search from its winner's lead."""
    if ntrick + 1 == w[P_ACTIVE]:
        gain = 0
        if w[O_SCORE + wseat]:
            gain = w[O_TRICK + popcount(w[W_HELD + turn])] + tpts
        zero = ntrick - ntrick  # a runtime zero: literal arguments break numba's cache (#6061)
        return gain + search(w, depth + 1, zero, zero - 1, wseat, alpha - gain, beta - gain, zero, zero, zero)
    return search(w, depth + 1, ntrick + 1, lead, nxt, alpha, beta, wkey, wseat, tpts)


@njit(void(int64[:], int64, int64, int64, int64, int64, int64[:], int64[:]), cache=True, nogil=True)
def root(w, ntrick, lead, turn, alpha, beta, moves, out):
    """Value of each move in ``moves`` for ``turn`` within the window (alpha, beta), the trick in progress
    being ``w``'s ``ntrick`` (tile, seat) pairs led in ``lead``.

    A move is a tile id, or ``encode_lead(tile, suit)`` for a lead declared as ``suit`` (7-3 led as a
    three). Declared leads are searched at the root only: deeper leads take the tile's own suit.
    Values outside the window are bounds, which is all a make-or-set test needs.
    """
    wkey = -2
    wseat = 0
    tpts = 0
    for j in range(ntrick):  # the trick so far: its winner is the first of the strongest
        t = w[W_TRICK + 2 * j]
        k = tile_key(t, lead, w)
        if k > wkey:
            wkey = k
            wseat = w[W_TRICK + 2 * j + 1]
        tpts += w[O_PTS + t]
    nxt = w[O_NXT + turn]
    for i in range(moves.shape[0]):
        t = moves[i] & (MAX_TILES - 1)
        declared = (moves[i] >> 6) - 1  # a declared lead: the suit called, else -1 (see ``encode_lead``)
        bit = 1 << t
        w[W_HELD + turn] ^= bit
        if ntrick == 0:
            new_lead = declared if declared >= 0 else w[O_LEAD + t]
            k = tile_key(t, new_lead, w)
            out[i] = play(w, ntrick, ntrick, new_lead, turn, nxt, alpha, beta, k, turn, w[O_PTS + t])
        else:
            k = tile_key(t, lead, w)
            if k > wkey:
                out[i] = play(w, ntrick, ntrick, lead, turn, nxt, alpha, beta, k, turn, tpts + w[O_PTS + t])
            else:
                out[i] = play(
                    w, ntrick, ntrick, lead, turn, nxt, alpha, beta, wkey, wseat, tpts + w[O_PTS + t]
                )
        w[W_HELD + turn] ^= bit


def encode_lead(tile: int, suit: int) -> int:
    """The root move "lead ``tile`` declared as ``suit``" (suit -1: undeclared, the plain tile id)."""
    return tile + ((suit + 1) << 6)


def tt_rows(node_limit: int) -> int:
    """How many TT rows a search of at most ``node_limit`` nodes uses."""
    return 1 << (SMALL_TT_BITS if node_limit <= (1 << SMALL_TT_BITS) else TT_BITS)


def new_work() -> np.ndarray:
    """A work array with an empty transposition table (every row of an unused generation)."""
    w = np.zeros(W_SIZE, np.int64)
    w[W_TT + T_GEN :: 4] = -1
    return w
