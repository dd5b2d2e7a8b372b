"""Trick play (RULES.md §2, §5, §6): which tiles may be played, reading a play, and what a play does.

Each function takes a ``HandState`` in play; ``play`` and ``read_play`` change it in place (a fresh copy).
``play`` and ``legal_plays`` are the hot path of every search: no asserts, one AND of two ints, a few list
look-ups (``suits.py``).
"""

from __future__ import annotations

from .calls import suit_word
from .errors import IllegalAction, TileError
from .phases import DONE, PLAY
from .scoring import settle, stop_if_decided
from .state import HandState, Trick
from .tiles import bits, parse_tile


def legal_plays(hand: HandState) -> int:
    """Mask of the tiles the seat to play may play (0 outside play)."""
    if hand.phase != PLAY:
        return 0
    # In play the table and turn are set; no asserts on the hot path (they cost ~10%).
    return hand.table.legal_mask(hand.held[hand.turn], hand.lead)  # type: ignore[union-attr, index]


def declarable(hand: HandState, tid: int) -> int:
    """The lower end a lead of ``tid`` may be declared as now, or -1."""
    contract, table = hand.contract, hand.table
    if hand.trick or contract is None or table is None or not contract.rule.declares_leads:
        return -1
    hi, lo = hand.ts.hi[tid], hand.ts.lo[tid]
    if hi == lo or table.lead_suit[tid] == table.trump:
        return -1
    first_lead = not hand.plays and hand.rules.options.first_suit_declared
    if first_lead or (hi, lo) in hand.lay.declarable:
        return lo
    return -1


def legal_play_texts(hand: HandState) -> list[str]:
    """The legal plays in record notation, a declarable lead also with its suffix (``"7-3/3"``)."""
    names = hand.ts.names
    out, seen = [], set()
    for t in bits(legal_plays(hand)):
        name = names[t]
        if name in seen:  # two identical tiles are one choice
            continue
        seen.add(name)
        out.append(name)
        low = declarable(hand, t)
        if low >= 0:
            out.append(f"{name}/{low}")
    return sorted(out, key=lambda s: (-int(s[0]), -int(s[2]), len(s)))


def play_text(hand: HandState, text: str) -> None:
    """Play ``text`` (``"6-4"``, or a declared lead ``"7-3/3"``) for the seat to play; IllegalAction says why
    not."""
    declared = -1
    tile_text = text
    if "/" in text:
        tile_text, _, suffix = text.partition("/")
        try:
            hi, lo = parse_tile(tile_text)
        except TileError as e:
            raise IllegalAction(str(e)) from None
        if not suffix.isdigit() or int(suffix) not in (hi, lo):
            raise IllegalAction(
                f"{text!r}: a declared lead is written with its lower end, like {hi}-{lo}/{lo}"
            )
        if int(suffix) != lo or hi == lo:
            raise IllegalAction(f"{text!r}: a lead may be declared only as its lower end, {hi}-{lo}/{lo}")
        declared = lo
    assert hand.turn is not None
    held = hand.held[hand.turn]
    try:
        tid = hand.ts.id_of(tile_text, held)
    except TileError as e:
        raise IllegalAction(str(e)) from None
    if not held >> tid & 1:
        raise IllegalAction(f"you do not hold {hand.ts.names[tid]}")
    legal = legal_plays(hand)
    if not legal >> tid & 1:
        raise IllegalAction(_why_not(hand, legal))
    if declared >= 0 and declarable(hand, tid) != declared:
        if hand.trick:
            raise IllegalAction("only a lead can be declared as its lower end")
        raise IllegalAction(f"{hand.ts.names[tid]} may not be declared as {suit_word(declared)} here")
    play(hand, tid, declared)


def _why_not(hand: HandState, legal: int) -> str:
    assert hand.table is not None and hand.contract is not None
    held_names = sorted({hand.ts.names[t] for t in bits(legal)}, reverse=True)
    listed = " and ".join([", ".join(held_names[:-1]), held_names[-1]] if len(held_names) > 1 else held_names)
    if hand.table.distance is not None:
        return f"in Sevens you must play the tile closest to {hand.contract.sevens_target}: you hold {listed}"
    return f"you must follow {hand.table.suit_name(hand.lead)}: you hold {listed}"


def play(hand: HandState, tid: int, declared: int) -> None:
    """The seat to play plays tile id ``tid`` (legal: the caller made sure), a lead declared as ``declared``
    or -1; a full trick is scored and settles the hand when its result is certain."""
    seat: int = hand.turn  # type: ignore[assignment]  # set in play (no assert on the hot path)
    hand.held[seat] &= ~(1 << tid)
    hand.plays.append((seat, tid, declared))
    if not hand.trick:
        hand.lead = declared if declared >= 0 else hand.table.lead_suit[tid]  # type: ignore[union-attr]
        hand.declared = declared
    hand.trick.append(tid)
    hand.trick_seats.append(seat)
    if len(hand.trick) < hand.trick_size:
        hand.turn = hand.next_seat[seat]
        return
    _finish_trick(hand)


def _finish_trick(hand: HandState) -> None:
    tiles = hand.trick
    winner = hand.trick_seats[hand.table.winner_index(tiles, hand.lead)]  # type: ignore[union-attr]
    points = hand.ts.points
    pts = hand.lay.trick_values[len(hand.tricks)] + sum(points[t] for t in tiles)
    hand.tricks.append(
        Trick(hand.trick_seats[0], tuple(hand.trick_seats), tuple(tiles), hand.declared, winner, pts)
    )
    hand.points[hand.team[winner]] += pts
    hand.trick, hand.trick_seats, hand.lead, hand.declared = [], [], -1, -1
    settle(hand, winner)
    if len(hand.tricks) == hand.lay.hand_size:
        if hand.made is None:  # every trick played and never decided: only the trick goals reach here
            hand.made = True
        hand.phase, hand.turn, hand.complete = DONE, None, True
    elif not stop_if_decided(hand):
        hand.turn = winner
