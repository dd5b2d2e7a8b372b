"""Why a computer chose what it chose, as plain data a sentence can be written from (``bot/show`` words it).

A play's reason (``PlayReason``) says what the tile does in the trick, read from the player's own view
(draws trump, cashes a sure winner, takes the trick and its count, feeds count to a partner who is sure to
win, trumps in, throws off), what is still out and who is known to be void, and the search's figures: in
how many of the sampled deals like this one the side reaches its goal after the tile, against the other
tile it is compared with, and the points between them where the search weighed points. A bid's reason
(``BidReason``) names the trump the table rates best, the tiles of it in hand, the doubles and count held,
and the chance the bidding table gives the bid (read as "makes in N of 10 deals like this").

Nothing here sees a hidden tile: facts come from ``read(view)``; figures from the strong player's search
on that view (``card_play.Figures``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.calls import parse_call

from .card_play import Figures
from .play_goal import mover_goal, play_moves
from .policy_features import applies, trick_key
from .situation import Situation, bits, count_bits, read

# what a tile does in its trick, from the player's view
DRAW_TRUMP = "draw trump"  # leads a trump while trumps are still out, for the bidding side
CASH = "cash a winner"  # leads a tile nothing still out can beat
LEAD = "lead"  # leads a tile that can be beaten
TAKE = "take the trick"  # wins the trick whatever the seats after play
TRY = "try for the trick"  # wins it for now; a seat after may still beat it
FEED = "feed count"  # partner is sure to win: gives him count
TRUMP_IN = "trump in"  # trumps a trick led in another suit
THROW_OFF = "throw off"  # cannot or need not win: gives away the least
FOLLOW = "follow"  # follows suit without winning


@dataclass(frozen=True)
class PlayReason:
    """Why ``tile`` (see the module docstring).

    ``role``: one of the words above; ``suit``: the suit of the trick it plays to (the suit it leads, or
    the suit led) in the words of the suit table ("fives", "doubles", "trumps"). ``sure``: it wins the trick whatever is still to be played, as far as
    the view can know. ``trick_count``: the count in the trick with this tile in it. ``trumps_out``: trumps
    the player has not seen. ``voids``: (seat, suit) pairs other seats have shown they are out of, in the
    tile's suit and in trump. ``goal``/``bid``: "make" or "set" the bid of ``bid`` points (None: a mark bid
    or special contract, where every trick counts). ``made``/``deals``: the search's figures for the tile
    (None where it did not search: ``source`` "policy" or "rules"). ``other``: the tile it is compared with
    (the player's own, in a review; else the search's next best), with ``other_made`` of the same deals,
    and ``points_edge`` the mean points this tile gains over it (None where the search did not weigh it).
    ``source``: "search" (figures from sampled deals), "policy" (the fast policy chose, no figures) or
    "rules" (easy's rules of thumb chose). ``trump``: the trump suit's name (None without one);
    ``tile_count``: the tile's own count; ``beaters_out``: the tiles still out that beat it and that a
    seat still to play may hold (for a tile that follows: an opponent).
    """

    tile: str
    role: str
    suit: str
    sure: bool
    trick_count: int
    trumps_out: int
    voids: tuple[tuple[int, str], ...]
    goal: str
    bid: int | None
    made: int | None = None
    deals: int | None = None
    other: str | None = None
    other_made: int | None = None
    points_edge: float | None = None
    source: str = "search"
    trump: str | None = None
    tile_count: int = 0
    beaters_out: int = 0


@dataclass(frozen=True)
class BidReason:
    """Why a call: the trump the table rates best for this hand (``trump``: a suit's name, or None), its
    tiles in hand (the strongest first), the doubles and the count tiles held, and the bidding table's
    chance of making the bid (``chance``; None for a pass or where no table applies), read as ``in_ten``
    deals of ten. ``level``: the bid the trump was rated for (a pass: the lowest bid still open; None where
    none is), and ``lowest``, for a pass, the table's chance of making that lowest bid with that trump
    (what passing turned down); ``partner_bid``: the partner's standing high bid, where the partner holds
    it; ``must_bid``: passing was not allowed (the dealer after three passes, with a forced bid)."""

    call: str
    trump: str | None
    trumps: tuple[str, ...]
    doubles: tuple[str, ...]
    count: tuple[str, ...]
    chance: float | None
    level: int | None = None
    lowest: float | None = None
    partner_bid: str | None = None
    must_bid: bool = False

    @property
    def in_ten(self) -> int | None:
        """The chance as deals of ten like this one (None without a chance)."""
        return None if self.chance is None else round(10 * self.chance)


def explain_play(
    view: Mapping[str, Any],
    tile: str,
    figures: Mapping[str, Figures] | None = None,
    compare: str | None = None,
) -> PlayReason:
    """The reason for playing ``tile`` from ``view`` (a play view), with the search's ``figures`` per legal
    tile where it searched; ``compare`` names the tile to set against it (default: the best other)."""
    sit = read(view)
    table = sit.suits
    options = {text: move for move, text in play_moves(sit).items()}
    move = options[tile]
    t = move & 63
    declared = (move >> 6) - 1
    leading = not sit.trick
    lead = (declared if declared >= 0 else table.lead_suit[t]) if leading else sit.lead
    trump_mask = table.members[table.trump] if table.trump >= 0 else 0
    unseen = sit.unseen()
    later = sit.to_play_after()
    key = trick_key(sit, t, lead)
    beaters = [u for u in bits(unseen) if trick_key(sit, u, lead) > key]
    opponents_after = [s for s in later if sit.team(s) != sit.team(sit.seat)]
    rivals = later if leading else opponents_after
    # the tiles still out that beat it and that a seat still to play may hold (as far as the view knows)
    threats = [u for u in beaters if any(not sit.cannot[s] >> u & 1 for s in rivals)]
    beaten = bool(threats)
    count = sum(sit.ts.points[x] for _, x in sit.trick) + sit.ts.points[t]
    role, sure = _role(sit, t, lead, key, trump_mask, unseen, beaten, later)
    goal = mover_goal(sit)
    bid_call = parse_call(sit.view["bid"], sit.rules)
    made = deals = other = other_made = edge = None
    if figures and tile in figures:
        mine = figures[tile]
        made, deals = mine.made, mine.deals
        rest = {a: f for a, f in figures.items() if a != tile}
        if compare is not None and compare != tile and compare in figures:
            other = compare
        elif rest:
            other = max(rest, key=lambda a: (rest[a].made, rest[a].points or -1e9))
        if other is not None:
            other_made = figures[other].made
            mine_pts, other_pts = mine.points, figures[other].points
            if mine_pts is not None and other_pts is not None:
                edge = round(mine_pts - other_pts, 1)
    elif compare is not None and compare != tile:
        other = compare
    return PlayReason(
        tile=tile,
        role=role,
        suit=table.suit_name(lead),
        sure=sure,
        trick_count=count,
        trumps_out=count_bits(unseen & trump_mask),
        voids=_voids(sit, lead),
        goal="make" if sit.bidding_side(sit.seat) else "set",
        bid=None if goal.every_trick else bid_call.level,
        made=made,
        deals=deals,
        other=other,
        other_made=other_made,
        points_edge=edge,
        source="search" if made is not None else "policy" if applies(sit) else "rules",
        trump=table.suit_name(table.trump) if table.trump >= 0 else None,
        tile_count=sit.ts.points[t],
        beaters_out=len(threats),
    )


def _can_hold(sit: Situation, seat: int, tiles: list[int]) -> bool:
    return any(not sit.cannot[seat] >> u & 1 for u in tiles)


def _role(
    sit: Situation, t: int, lead: int, key: int, trump_mask: int, unseen: int, beaten: bool, later: list[int]
) -> tuple[str, bool]:
    """What the tile does in its trick, and whether it is sure to win it."""
    is_trump = bool(trump_mask >> t & 1)
    if not sit.trick:
        if is_trump and unseen & trump_mask and sit.bidding_side(sit.seat):
            return DRAW_TRUMP, not beaten
        return (CASH, True) if not beaten else (LEAD, False)
    table = sit.suits
    tiles = [x for _, x in sit.trick]
    w = table.winner_index(tiles, sit.lead)
    best_key = trick_key(sit, tiles[w], sit.lead)
    partner_winning = sit.team(sit.trick[w][0]) == sit.team(sit.seat)
    if key > best_key:
        if is_trump and not table.members[sit.lead] >> t & 1:
            return TRUMP_IN, not beaten
        return (TAKE if not beaten else TRY), not beaten
    if partner_winning:
        opponents_after = [s for s in later if sit.team(s) != sit.team(sit.seat)]
        beaters = [u for u in bits(unseen) if trick_key(sit, u, sit.lead) > best_key]
        if not any(_can_hold(sit, s, beaters) for s in opponents_after) and sit.ts.points[t]:
            return FEED, False
    follows = bool(table.members[sit.lead] >> t & 1)
    return (FOLLOW if follows else THROW_OFF), False


def _voids(sit: Situation, lead: int) -> tuple[tuple[int, str], ...]:
    """Other seats that have shown out of the tile's suit, or of trump."""
    table = sit.suits
    suits = [lead] + ([table.trump] if table.trump >= 0 and table.trump != lead else [])
    out = []
    for s in sit.active():
        if s == sit.seat:
            continue
        for suit in suits:
            mask = table.members[suit]
            if mask and sit.cannot[s] & mask == mask:
                out.append((s, table.suit_name(suit)))
    return tuple(out)


def explain_bid(view: Mapping[str, Any], call: str) -> BidReason:
    """The reason for ``call`` from an auction view: the hand's best trump by the bidding table (for a
    pass: at the lowest bid), its tiles of that trump, doubles and count, and the table's chance."""
    from engine.suits import suit_table

    from . import bidding

    sit = read(view)
    names = sit.ts.names
    mine = list(bits(sit.mine))
    doubles = tuple(names[t] for t in mine if sit.ts.hi[t] == sit.ts.lo[t])
    count = tuple(names[t] for t in mine if sit.ts.points[t])
    # a pass turns down the lowest bid still open (the first legal number)
    open_bids = [int(c) for c in sit.view.get("legal") or () if str(c).isdigit()]
    level = int(call) if call.isdigit() else min(open_bids, default=0)
    high = sit.bidder
    partner_bid = (
        sit.view.get("bid")
        if high is not None and high != sit.seat and sit.team(high) == sit.team(sit.seat)
        else None
    )
    best, p = (
        bidding.best_contract(sit, level or sit.rules.layout.min_bid) if bidding.applies(sit) else (None, 0.0)
    )
    trump: str | None = None
    trumps: tuple[str, ...] = ()
    if best is not None:
        table = suit_table(sit.ts, best)
        mask = table.members[table.trump] if table.trump >= 0 else 0
        held = sorted((t for t in mine if mask >> t & 1), key=lambda t: -table.rank[table.trump][t])
        trump, trumps = best.title(), tuple(names[t] for t in held)  # the strongest first
    rated = best is not None and level > 0
    return BidReason(
        call,
        trump,
        trumps,
        doubles,
        count,
        p if rated and call.isdigit() else None,
        level if rated and (call.isdigit() or call == "pass") else None,
        p if rated and call == "pass" else None,
        partner_bid,
        "pass" not in (sit.view.get("legal") or ()),
    )
