"""What one seat may know about a hand (the player protocol's view): its own tiles and public facts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .tiles import bits

if TYPE_CHECKING:
    from .hand import Hand


def view_for(hand: Hand, seat: int, score: list[int] | None = None) -> dict[str, Any]:
    """The view of ``seat``: never another seat's tiles, nor the widow unless ``seat`` won the bid."""
    names = hand.ts.names
    record = hand.to_record()
    exchange = None
    widow = None
    if hand.bidder is not None and hand.lay.widow_size:
        if seat == hand.bidder:
            widow = record["widow"]
            exchange = {"widow": list(widow), "take": record["exchange"]["take"],
                        "discard": record["exchange"]["discard"]}
        else:  # PLAYER-PROTOCOL.md: only tiles turned face up, and no game here turns any up
            exchange = {"take": [], "discard": []}
    trick = [{"seat": s, "tile": names[t] + (f"/{hand.declared}" if i == 0 and hand.declared >= 0 else "")}
             for i, (s, t) in enumerate(zip(hand.trick_seats, hand.trick, strict=True))]
    tricks = hand.summary()["tricks"]
    for tr, done in zip(tricks, hand.tricks, strict=True):
        tr["seats"] = list(done.seats)
    return {
        "variant": record["variant"],
        "rules": record["rules"],
        "seat": seat,
        "dealer": hand.dealer,
        "players": hand.players,
        "hand": hand.tiles_of(seat),
        "calls": record["calls"],
        "contract": record["contract"],
        "exchange": exchange,
        "plays": record["plays"],
        "score": None if score is None else {hand.rules.scoring: list(score)},
        "legal": hand.legal_actions() if hand.turn == seat else [],
        "turn": hand.turn,
        "phase": hand.phase,
        "bidder": hand.high_seat,
        "bid": hand.high.text() if hand.high else None,
        "declarer": hand.declarer,
        "out": hand.out,
        "trick": trick,
        "tricks": tricks,
        "points": list(hand.points),
        "made": hand.made,
        "complete": hand.complete,
        "tile_counts": [bin(hand.held[s]).count("1") for s in range(hand.players)],
        "widow": widow,
        "trumps": _trumps(hand, seat),
    }


def _trumps(hand: Hand, seat: int) -> list[str]:
    """The seat's tiles that are trump under the contract (none before it, or with no trump)."""
    table = hand.table
    if table is None or table.trump < 0:
        return []
    trump_names = {hand.ts.names[t] for t in bits(hand.held[seat] & table.members[table.trump])}
    return [name for name in hand.tiles_of(seat) if name in trump_names]

