"""Perfect-information solving of one deal: the Python face of ``fastsolve``.

``Problem`` turns a contract and a seating into the compiled search's tables once; ``Position`` is a deal
as every seat's remaining tiles plus the trick in progress. ``move_values`` gives each legal move's value
(points for the scoring side from now on), exact or as a make/set bound.

The search's scratch memory (8 MB, mostly the transposition table) belongs to the thread that searches, not
to a player: ``thread_workspace()`` gives each thread one, so a process with any number of computer seats
holds as many workspaces as it has threads deciding. ``thread_problem`` keeps that thread's recent problems.
"""

from __future__ import annotations

import itertools
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from engine.contracts import NELLO, SEVENS, Contract
from engine.rules import Rules
from engine.suits import suit_table

from . import fastsolve as fs


@dataclass
class Position:
    """A full-information position: remaining tiles per seat, the trick so far, who is to play."""

    held: list[int]  # mask per seat (all seats; the tiles of seats sitting out are ignored)
    trick: list[tuple[int, int]]  # (seat, tile) played to the trick in progress
    lead: int  # the suit led to it, -1 when the trick is empty
    turn: int


_serials = itertools.count()  # each problem's, so a workspace knows whose tables it holds
PROBLEMS_KEPT = 16  # per thread: a table's contract and its few alternatives while declaring


class Workspace:
    """The search's work array (8 MB, mostly the transposition table: ``fastsolve``), and the problems
    recently solved with it.

    Sharing one among any number of players is safe because every search starts a new generation, which
    empties the table logically; it is not safe across threads, hence one per thread (``thread_workspace``).
    """

    _live: weakref.WeakSet[Workspace] = weakref.WeakSet()
    made = 0  # workspaces made in this process so far

    def __init__(self):
        self.work = fs.new_work()
        self.loaded = -1  # the serial number of the problem whose tables are in ``work`` now
        self.problems: OrderedDict[tuple, Problem] = OrderedDict()
        Workspace._live.add(self)
        Workspace.made += 1

    @staticmethod
    def live() -> int:
        """How many workspaces exist in this process (each holds 8 MB)."""
        return len(Workspace._live)


_thread = threading.local()


def thread_workspace() -> Workspace:
    """The calling thread's workspace, made on its first search."""
    ws = getattr(_thread, "workspace", None)
    if ws is None:
        ws = _thread.workspace = Workspace()
    return ws


def thread_problem(rules: Rules, contract: Contract, bidder: int, out: Out, every_trick: bool) -> Problem:
    """A problem solved in the calling thread's workspace, built once per (rules, contract, seats) and kept
    for the next decisions of any player on this thread."""
    ws = thread_workspace()
    key = (rules, contract, bidder, seats_out(out), every_trick)
    prob = ws.problems.get(key)
    if prob is not None:
        ws.problems.move_to_end(key)
        return prob
    prob = ws.problems[key] = Problem(rules, contract, bidder, out, every_trick)
    if len(ws.problems) > PROBLEMS_KEPT:
        ws.problems.popitem(last=False)
    return prob


Out = int | tuple[int, ...] | None  # the seats sitting out: one (Nello's partner), several (Pistol), or none


def seats_out(out: Out) -> tuple[int, ...]:
    """The seats sitting out as a sorted tuple, however they were given."""
    if out is None:
        return ()
    return (out,) if isinstance(out, int) else tuple(sorted(out))


class Problem:
    """The tables of one contract at one table, with the side that scores and the side that maximises.

    ``every_trick``: count tricks only (mark bids, Plunge, Splash, Sevens, Nello). ``out``: the seats that
    sit out (Nello's partner, Pistol's partners). Each trick is worth what the layout says for its place in
    the hand (``Layout.trick_values``). Searches use ``workspace`` if one is given, else the workspace of
    the thread that calls.
    """

    def __init__(
        self,
        rules: Rules,
        contract: Contract,
        bidder: int,
        out: Out,
        every_trick: bool,
        workspace: Workspace | None = None,
    ):
        lay = rules.layout
        ts = lay.tiles
        table = suit_table(ts, contract)
        n_tiles = len(ts.hi)
        self.players = rules.players
        self.out = seats_out(out)
        self.active = [s for s in range(self.players) if s not in self.out]
        self.hand_size = lay.hand_size
        nello = contract.kind == NELLO
        counts_only = every_trick or nello or contract.kind == SEVENS
        n_active = len(self.active)
        tab = np.zeros(fs.TAB_SIZE, np.int64)
        tab[fs.P_TRUMP] = table.trump
        tab[fs.P_TRICK_VALUE] = 1 if counts_only else lay.trick_value
        values = [1] * lay.hand_size if counts_only else list(lay.trick_values)
        for left in range(lay.hand_size):  # the trick with ``left`` tricks after it is trick hand_size-1-left
            tab[fs.O_TRICK + left] = values[lay.hand_size - 1 - left]
            tab[fs.O_LEFT + left + 1] = tab[fs.O_LEFT + left] + tab[fs.O_TRICK + left]
        tab[fs.P_ACTIVE] = n_active
        tab[fs.P_SEATS] = self.players
        tab[fs.P_SEVENS] = int(table.distance is not None)
        tab[fs.P_SET_SIZE] = ts.set_size if ts.copies > 1 else 0
        tab[fs.P_TILES] = n_tiles
        for t in ts.ids:
            tab[fs.O_LEAD + t] = table.lead_suit[t]
            if not counts_only:
                tab[fs.O_PTS + t] = ts.points[t]
                if ts.points[t] == 5:
                    tab[fs.P_COUNT5] |= 1 << t
                elif ts.points[t] == 10:
                    tab[fs.P_COUNT10] |= 1 << t
            if table.distance is not None:
                tab[fs.O_DIST + t] = table.distance[t]
            for suit in range(len(table.members)):
                if table.members[suit]:  # suits no tile follows have no ranks (and no room in ``tab``)
                    tab[fs.O_RANK + suit * fs.MAX_TILES + t] = table.rank[suit][t]
        for suit, mask in enumerate(table.members):
            tab[fs.O_MEMBERS + suit] = mask
        tab[fs.O_TRUMPS] = -1
        if table.trump >= 0 and table.distance is None and ts.copies == 1:
            trumps = sorted(
                (t for t in ts.ids if table.members[table.trump] >> t & 1),
                key=lambda t: -table.rank[table.trump][t],
            )
            for i, t in enumerate(trumps):
                tab[fs.O_TRUMPS + i] = t
            tab[fs.O_TRUMPS + len(trumps)] = -1
        team = rules.team_of
        for s in range(self.players):
            n = (s + 1) % self.players
            while n in self.out:
                n = (n + 1) % self.players
            tab[fs.O_NXT + s] = n
            if nello:  # the bidder's tricks count; the defenders want him to take one
                tab[fs.O_SCORE + s] = int(s == bidder)
                tab[fs.O_MAX + s] = int(s != bidder)
            else:
                tab[fs.O_SCORE + s] = tab[fs.O_MAX + s] = int(team(s) == team(bidder))
        self.tab = tab
        self.serial = next(_serials)
        self.max_side = [int(tab[fs.O_MAX + s]) for s in range(self.players)]
        self.workspace = workspace
        self.last_nodes = 0

    def _workspace(self) -> Workspace:
        return self.workspace if self.workspace is not None else thread_workspace()

    def tile_points(self, tid: int) -> int:
        """What a tile adds to a trick's value in this problem (0 when only tricks count)."""
        return int(self.tab[fs.O_PTS + tid])

    def move_values(
        self,
        pos: Position,
        moves: list[int],
        alpha: int = -fs.INF,
        beta: int = fs.INF,
        node_limit: int = 50_000_000,
    ) -> list[int] | None:
        """Each move's value for the seat to play; None if the node limit was hit.

        Moves of one deal share the transposition table (a new generation per call).
        """
        w = self._start(pos, node_limit)
        for i, (s, t) in enumerate(pos.trick):
            w[fs.W_TRICK + 2 * i] = t
            w[fs.W_TRICK + 2 * i + 1] = s
        out = np.zeros(len(moves), np.int64)
        fs.root(w, len(pos.trick), pos.lead, pos.turn, alpha, beta, np.array(moves, np.int64), out)
        self.last_nodes = int(w[fs.W_NODES])
        if self.last_nodes > node_limit:
            return None
        return [int(v) for v in out]

    def value(
        self, pos: Position, node_limit: int = 200_000_000, alpha: int = -fs.INF, beta: int = fs.INF
    ) -> int | None:
        """The value of a position at a trick boundary under best play by all; None at the node limit.

        With a window (``alpha``, ``beta``) a value outside it is only a bound (at most ``alpha``, at least
        ``beta``), which searches faster."""
        w = self._start(pos, node_limit)
        v = fs.search(w, 0, 0, -1, pos.turn, alpha, beta, 0, 0, 0)
        self.last_nodes = int(w[fs.W_NODES])
        return None if self.last_nodes > node_limit else int(v)

    def _start(self, pos: Position, node_limit: int) -> np.ndarray:
        """The workspace's work array set for a search of ``pos``: this problem's tables, the hands, the
        node limit, a new generation of the transposition table."""
        ws = self._workspace()
        w = ws.work
        if ws.loaded != self.serial:
            w[: fs.TAB_SIZE] = self.tab
            ws.loaded = self.serial
        for s in range(fs.MAX_SEATS):
            w[fs.W_HELD + s] = pos.held[s] if s < self.players and s not in self.out else 0
        w[fs.W_NODES] = 0
        w[fs.W_LIMIT] = node_limit
        w[fs.W_ROWS] = fs.tt_rows(node_limit) - 1
        w[fs.W_GEN] += 1
        w[fs.W_KILL : fs.W_KILL + fs.MAX_PLIES] = -1
        return w

    @property
    def nodes(self) -> int:
        """Nodes searched by the last call."""
        return self.last_nodes
