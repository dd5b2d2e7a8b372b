"""The widow (Big Game) and kitty (Eighty-eight) exchange: RULES.md §8.2 and §8.3.

The bid winner takes widow tiles one at a time, discarding one of his own tiles after each; count tiles in
the widow must be taken and discards may not be count tiles, so a hand's points never change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import IllegalAction, TileError
from .tiles import bits

if TYPE_CHECKING:
    from .hand import Hand


def _discardable(hand: Hand) -> int:
    """The bidder's own (dealt) non-count tiles; any own tile if he has no other (a freak deal)."""
    ts = hand.ts
    own = hand.held[hand.bidder] & ts.mask_of(hand.deal[hand.bidder])
    plain = 0
    for t in bits(own):
        if not ts.points[t]:
            plain |= 1 << t
    return plain or own


def _count_left(hand: Hand) -> list[str]:
    return [hand.ts.names[t] for t in bits(hand.widow_left) if hand.ts.points[t]]


def legal(hand: Hand) -> list[str]:
    """The exchange actions open to the bid winner: take, keep, or the discard owed."""
    names = hand.ts.names
    if len(hand.discarded) < len(hand.taken):
        return sorted({f"discard {names[t]}" for t in bits(_discardable(hand))})
    out = []
    if hand.widow_left:
        if hand.lay.widow_size == 1:
            out.append("take")
        else:
            out.extend(sorted({f"take {names[t]}" for t in bits(hand.widow_left)}))
    if not _count_left(hand):
        out.append("keep")
    return out


def apply(hand: Hand, text: str) -> None:
    """Apply one exchange action to ``hand`` (a fresh clone); IllegalAction with the reason if not legal."""
    words = text.split()
    owed = len(hand.discarded) < len(hand.taken)
    if words and words[0] == "discard":
        if not owed:
            raise IllegalAction("take a tile from the widow before discarding")
        if len(words) != 2:
            raise IllegalAction("say which tile to discard, like \"discard 2-1\"")
        tid = _tile(hand, words[1], _discardable(hand))
        if not _discardable(hand) >> tid & 1:
            if hand.ts.points[tid]:
                raise IllegalAction(f"{hand.ts.names[tid]} is a count tile: discard a tile that is not a count")
            if not hand.held[hand.bidder] >> tid & 1:
                raise IllegalAction(f"you do not hold {hand.ts.names[tid]}")
            raise IllegalAction(f"you may not discard {hand.ts.names[tid]}, the tile you just took")
        hand.held[hand.bidder] &= ~(1 << tid)
        hand.discarded.append(tid)
        if not hand.widow_left:
            _finish(hand)
        return
    if owed:
        raise IllegalAction("discard one of your own tiles first, like \"discard 2-1\"")
    if words == ["keep"]:
        if _count_left(hand):
            raise IllegalAction(f"the widow holds {', '.join(_count_left(hand))}: a count tile must be taken")
        _finish(hand)
        return
    if words and words[0] == "take" and len(words) <= 2:
        if not hand.widow_left:
            raise IllegalAction("the widow is empty")
        if len(words) == 1:
            if len({hand.ts.names[t] for t in bits(hand.widow_left)}) > 1:
                raise IllegalAction("say which tile to take, like \"take 6-4\"")
            tid = next(bits(hand.widow_left))
        else:
            tid = _tile(hand, words[1], hand.widow_left)
            if not hand.widow_left >> tid & 1:
                raise IllegalAction(f"{hand.ts.names[tid]} is not in the widow")
        hand.widow_left &= ~(1 << tid)
        hand.held[hand.bidder] |= 1 << tid
        hand.taken.append(tid)
        return
    raise IllegalAction(f"{text!r} is not an exchange action: take, keep, or discard a tile")


def _tile(hand: Hand, text: str, prefer: int) -> int:
    try:
        return hand.ts.id_of(text, prefer)
    except TileError as e:
        raise IllegalAction(str(e)) from None


def _finish(hand: Hand) -> None:
    from .hand import CONTRACT

    hand.phase, hand.turn = CONTRACT, hand.declarer
