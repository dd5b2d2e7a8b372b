"""What one seat may know about a hand (``view_for``: the player protocol's view), and what the table may
show everyone (``public_view``).

A ``View`` is PLAYER-PROTOCOL.md's fields (``ProtocolView``) plus fields the bot and the computer players
read for convenience (``ViewExtras``), which anyone could derive from the protocol's. A ``PublicView`` has
no seat's tiles at all; under stacking (RULES.md §11) it hides finished tricks but the last one.
"""

from __future__ import annotations

from typing import Any, TypedDict

from . import record
from .hand import Hand
from .phases import Phase
from .tiles import bits


class ExchangeView(TypedDict, total=False):
    """The exchange as a seat sees it: the bid winner all of it, others only tiles turned face up."""

    widow: list[str]  # the bid winner's only: the widow or kitty (Moon and Seventy-two: once taken)
    take: list[str]
    discard: list[str]


class ScoreView(TypedDict, total=False):
    """The game score before this hand: ``{"marks": [...]}`` or ``{"points": [...]}``."""

    marks: list[int]
    points: list[int]


class TrickView(TypedDict):
    """A finished trick: who led, the tiles in order (``seats[i]`` played ``tiles[i]``), who won, its worth."""

    leader: int
    tiles: list[str]
    seats: list[int]
    winner: int
    points: int


class PlayView(TypedDict):
    """One tile of the trick in progress."""

    seat: int
    tile: str


class ProtocolView(TypedDict):
    """PLAYER-PROTOCOL.md's view: a hand record as one seat sees it, plus its tiles and legal actions."""

    variant: str
    rules: dict[str, Any]
    seat: int
    dealer: int
    hand: list[str]
    calls: list[str]
    contract: str | None
    exchange: ExchangeView | None
    plays: list[str]
    score: ScoreView | None
    legal: list[str]


class ViewExtras(TypedDict):
    """Facts a view carries beyond the protocol's, each derivable from it (the bot and AI read them)."""

    players: int
    turn: int | None
    phase: str
    bidder: int | None  # the high bidder so far; the bid winner once the auction is over
    bid: str | None
    declarer: int | None  # names the contract and leads: the bidder, or his partner after Plunge and its kin
    out: int | None  # the one seat sitting out (Nello partner), or None; see ``sitting_out``
    sitting_out: list[int]  # every seat sitting out (Eighty-four's Pistol: all the bidder's partners)
    trick: list[PlayView]
    tricks: list[TrickView]
    points: list[int]
    made: bool | None
    complete: bool
    tile_counts: list[int]
    widow: list[str] | None  # the bid winner's view of the widow or kitty once he may see it, else None
    trumps: list[str]  # the seat's own tiles that are trump under the contract
    stacked: bool  # finished tricks are face down (stacking, RULES.md §11): show them from memory only


class View(ProtocolView, ViewExtras):
    """Everything one seat may know: ``ProtocolView`` plus ``ViewExtras``."""


class PublicView(TypedDict):
    """What the table shows everyone: no seat's tiles, and under stacking no trick but the latest."""

    variant: str
    rules: dict[str, Any]
    title: str
    players: int
    dealer: int
    phase: str
    turn: int | None
    calls: list[str]
    bidder: int | None
    bid: str | None
    declarer: int | None
    contract: str | None
    sitting_out: list[int]
    exchange: ExchangeView | None  # tiles turned face up, for everyone
    trick: list[PlayView]
    tricks: list[TrickView]  # under stacking: only the trick just finished, until the next lead
    tricks_taken: list[int]  # per team
    points: list[int] | None  # per team; None while stacking hides them
    made: bool | None
    complete: bool
    tile_counts: list[int]
    score: ScoreView | None
    stacked: bool


def _tricks(hand: Hand) -> list[TrickView]:
    names = hand.ts.names
    out: list[TrickView] = []
    for tr in hand.tricks:
        tiles = [names[t] for t in tr.tiles]
        if tr.declared >= 0:
            tiles[0] += f"/{tr.declared}"
        out.append(
            {
                "leader": tr.leader,
                "tiles": tiles,
                "seats": list(tr.seats),
                "winner": tr.winner,
                "points": tr.points,
            }
        )
    return out


def _trick(hand: Hand) -> list[PlayView]:
    names = hand.ts.names
    return [
        {"seat": s, "tile": names[t] + (f"/{hand.declared}" if i == 0 and hand.declared >= 0 else "")}
        for i, (s, t) in enumerate(zip(hand.trick_seats, hand.trick, strict=True))
    ]


def _score(hand: Hand, score: list[int] | None) -> ScoreView | None:
    if score is None:
        return None
    return {"marks": list(score)} if hand.rules.options.scoring == "marks" else {"points": list(score)}


def _face_up(hand: Hand) -> list[str]:
    rule = hand.rules.exchange
    return [] if rule is None else [hand.ts.names[t] for t in rule.face_up(hand)]


def _exchange_for(hand: Hand, seat: int) -> ExchangeView | None:
    """``None`` until the exchange begins; then the bid winner's full exchange, or the face-up tiles."""
    if hand.rules.exchange is None or not _exchange_begun(hand):
        return None
    names = hand.ts.names
    if seat != hand.bidder:
        return {"take": [], "discard": _face_up(hand)}
    seen = hand.widow if (not hand.lay.contract_first or hand.taken) else ()
    return {
        "widow": [names[t] for t in seen],
        "take": [names[t] for t in hand.taken],
        "discard": [names[t] for t in hand.discarded],
    }


def _exchange_begun(hand: Hand) -> bool:
    """Whether the exchange has begun: it is under way, or over."""
    if hand.phase == Phase.EXCHANGE or hand.taken:
        return True
    if hand.lay.contract_first:
        return hand.phase in (Phase.PLAY, Phase.DONE) and hand.contract is not None
    return hand.phase in (Phase.CONTRACT, Phase.PLAY, Phase.DONE) and hand.bidder is not None


def stacked(hand: Hand) -> bool:
    """Whether finished tricks are face down now: stacking is on, the bid is high enough, the hand not over."""
    mode = hand.rules.options.stacking
    if mode == "off" or hand.complete or hand.contract is None:
        return False
    return hand.counted_marks() >= (1 if mode == "marks" else 2)


def view_for(hand: Hand, seat: int, score: list[int] | None = None) -> View:
    """The view of ``seat``: never another seat's tiles, nor the widow unless ``seat`` won the bid."""
    rec = record.write(hand)
    exchange = _exchange_for(hand, seat)
    widow = exchange.get("widow") if exchange is not None and seat == hand.bidder else None
    out = hand.seats_out
    return {
        "variant": rec["variant"],
        "rules": rec["rules"],
        "seat": seat,
        "dealer": hand.dealer,
        "hand": hand.tiles_of(seat),
        "calls": rec["calls"],
        "contract": rec["contract"],
        "exchange": exchange,
        "plays": rec["plays"],
        "score": _score(hand, score),
        "legal": hand.legal_actions() if hand.turn == seat else [],
        "players": hand.players,
        "turn": hand.turn,
        "phase": hand.phase.value,
        "bidder": hand.high_seat,
        "bid": hand.high.text() if hand.high else None,
        "declarer": hand.declarer,
        "out": out[0] if len(out) == 1 else None,
        "sitting_out": list(out),
        "trick": _trick(hand),
        "tricks": _tricks(hand),
        "points": list(hand.points),
        "made": hand.made,
        "complete": hand.complete,
        "tile_counts": [bin(hand.held[s]).count("1") for s in range(hand.players)],
        "widow": widow,
        "trumps": _trumps(hand, seat),
        "stacked": stacked(hand),
    }


def public_view(hand: Hand, score: list[int] | None = None) -> PublicView:
    """What the table may show everyone. Under stacking only the trick just finished is shown (until the
    next lead), with how many tricks each side has taken but not their points."""
    hide = stacked(hand)
    tricks = _tricks(hand)
    if hide:
        tricks = tricks[-1:] if tricks and not hand.trick else []
    taken = [0] * hand.rules.teams
    for tr in hand.tricks:
        taken[hand.team[tr.winner]] += 1
    exchange: ExchangeView | None = None
    if _exchange_begun(hand) and hand.rules.exchange is not None:
        exchange = {"take": [], "discard": _face_up(hand)}
    return {
        "variant": hand.rules.preset,
        "rules": hand.rules.overrides(),
        "title": hand.rules.title,
        "players": hand.players,
        "dealer": hand.dealer,
        "phase": hand.phase.value,
        "turn": hand.turn,
        "calls": [c.text() for c in hand.calls],
        "bidder": hand.high_seat,
        "bid": hand.high.text() if hand.high else None,
        "declarer": hand.declarer,
        "contract": hand.contract_text(),
        "sitting_out": list(hand.seats_out),
        "exchange": exchange,
        "trick": _trick(hand),
        "tricks": tricks,
        "tricks_taken": taken,
        "points": None if hide else list(hand.points),
        "made": hand.made,
        "complete": hand.complete,
        "tile_counts": [bin(hand.held[s]).count("1") for s in range(hand.players)],
        "score": _score(hand, score),
        "stacked": hide,
    }


def _trumps(hand: Hand, seat: int) -> list[str]:
    """The seat's tiles that are trump under the contract (none before it, or with no trump)."""
    table = hand.table
    if table is None or table.trump < 0:
        return []
    trump_names = {hand.ts.names[t] for t in bits(hand.held[seat] & table.members[table.trump])}
    return [name for name in hand.tiles_of(seat) if name in trump_names]
