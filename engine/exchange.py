"""Exchanges with the widow or kitty: one rule object per way a game does it.

- ``PeekWidow`` (the Big Game, RULES.md §8.2): the bid winner looks at the widow tile, takes it (a count
  tile must be taken) or keeps his hand; after a take he discards one of his own non-count tiles.
- ``Kitty`` (Eighty-eight §8.3, six-hand Eighty-four §8.7): he takes kitty tiles one at a time, each
  followed by a discard of his own non-count tiles, until the kitty is empty or he keeps.
- ``WholeWidow`` (Moon §8.4, Seventy-two §8.5): after the contract he takes the whole widow, then discards
  as many tiles, one at a time, in any order.

A rule changes the hand's state it is given (a fresh copy) and, once the exchange is over, moves the hand
on: to the contract, or (the contract named first) to the first lead. A variant names its rule
(``Variant.exchange_rule``).
"""

from __future__ import annotations

from collections import Counter

from .errors import IllegalAction, RecordError, TileError
from .phases import CONTRACT, PLAY
from .scoring import settle, stop_if_decided
from .state import HandState
from .tiles import bits, format_tile, parse_tile


def _close(hand: HandState) -> None:
    """The exchange is over: on to the contract, or (contract first) to the first lead."""
    if hand.contract is None:
        hand.phase, hand.turn = CONTRACT, hand.declarer
        return
    hand.phase, hand.turn = PLAY, hand.declarer
    settle(hand, None)  # Seventy-two: discarded count may decide the hand before the first lead
    stop_if_decided(hand)


def _score_discard(hand: HandState, tid: int) -> None:
    """A discarded count tile scores for the defenders at once (Seventy-two)."""
    bidders = hand.team[hand.exchanger]
    defenders = next(t for t in range(hand.lay.seating.teams) if t != bidders)
    hand.points[defenders] += hand.ts.points[tid]


def _tile(hand: HandState, text: str, prefer: int) -> int:
    try:
        return hand.ts.id_of(text, prefer)
    except TileError as e:
        raise IllegalAction(str(e)) from None


class ExchangeRule:
    """How the bid winner exchanges tiles; the base holds what every way shares."""

    describe = ""  # one line for the table's rules
    scores_discards = False  # a discarded count tile scores for the defenders at once (Seventy-two)
    # The widow is taken whole and paid back in full: a record that stops in between says so ("done": false).
    whole = False

    def legal(self, hand: HandState) -> list[str]:
        """The exchange actions open to the bid winner now."""
        raise NotImplementedError

    def apply(self, hand: HandState, text: str) -> None:
        """Apply one exchange action; IllegalAction with the reason if it is not legal."""
        raise NotImplementedError

    def face_up(self, hand: HandState) -> list[int]:
        """Discards every seat may see (Seventy-two's trumps and count); none by default."""
        return []

    def steps(
        self, takes: list[str], discards: list[str], widow: list[str], still_open: bool = False
    ) -> list[tuple[str, int]]:
        """A record's exchange as actions to replay, each with the index ``at`` names if it fails.

        ``still_open``: the record marks the exchange as under way (``"done": false``), a hand in progress.
        """
        out = []
        for i, text in enumerate(takes):
            out.append((f"take {text}", i))
            if i < len(discards):
                out.append((f"discard {discards[i]}", i))
        return out


class _OneForOne(ExchangeRule):
    """Take a tile, discard one of your own non-count tiles: the Big Game and the kitty games."""

    def _discardable(self, hand: HandState) -> int:
        """The bidder's own (dealt) non-count tiles; any own tile if he has no other (a freak deal)."""
        ts = hand.ts
        own = hand.held[hand.exchanger] & ts.mask_of(hand.deal[hand.exchanger])
        plain = 0
        for t in bits(own):
            if not ts.points[t]:
                plain |= 1 << t
        return plain or own

    def _count_left(self, hand: HandState) -> list[str]:
        return [hand.ts.names[t] for t in bits(hand.widow_left) if hand.ts.points[t]]

    def _take_words(self, hand: HandState) -> list[str]:
        raise NotImplementedError

    def legal(self, hand: HandState) -> list[str]:
        names = hand.ts.names
        if len(hand.discarded) < len(hand.taken):
            return sorted({f"discard {names[t]}" for t in bits(self._discardable(hand))})
        out = self._take_words(hand) if hand.widow_left else []
        if not self._count_left(hand):
            out.append("keep")
        return out

    def apply(self, hand: HandState, text: str) -> None:
        words = text.split()
        owed = len(hand.discarded) < len(hand.taken)
        seat = hand.exchanger
        if words and words[0] == "discard":
            if not owed:
                raise IllegalAction("take a tile from the widow before discarding")
            if len(words) != 2:
                raise IllegalAction('say which tile to discard, like "discard 2-1"')
            allowed = self._discardable(hand)
            tid = _tile(hand, words[1], allowed)
            if not allowed >> tid & 1:
                if hand.ts.points[tid]:
                    raise IllegalAction(
                        f"{hand.ts.names[tid]} is a count tile: discard a tile that is not a count"
                    )
                if not hand.held[seat] >> tid & 1:
                    raise IllegalAction(f"you do not hold {hand.ts.names[tid]}")
                raise IllegalAction(f"you may not discard {hand.ts.names[tid]}, the tile you just took")
            hand.held[seat] &= ~(1 << tid)
            hand.discarded.append(tid)
            if not hand.widow_left:
                _close(hand)
            return
        if owed:
            raise IllegalAction('discard one of your own tiles first, like "discard 2-1"')
        if words == ["keep"]:
            if self._count_left(hand):
                raise IllegalAction(
                    f"the widow holds {', '.join(self._count_left(hand))}: a count tile must be taken"
                )
            _close(hand)
            return
        if words and words[0] == "take" and len(words) <= 2:
            if not hand.widow_left:
                raise IllegalAction("the widow is empty")
            if len(words) == 1:
                if len({hand.ts.names[t] for t in bits(hand.widow_left)}) > 1:
                    raise IllegalAction('say which tile to take, like "take 6-4"')
                tid = next(bits(hand.widow_left))
            else:
                tid = _tile(hand, words[1], hand.widow_left)
                if not hand.widow_left >> tid & 1:
                    raise IllegalAction(f"{hand.ts.names[tid]} is not in the widow")
            hand.widow_left &= ~(1 << tid)
            hand.held[seat] |= 1 << tid
            hand.taken.append(tid)
            return
        raise IllegalAction(f"{text!r} is not an exchange action: take, keep, or discard a tile")


class PeekWidow(_OneForOne):
    """The Big Game's widow tile: take it (a count tile must be taken) or keep your hand."""

    describe = (
        "The bid winner may take the widow tile (a count tile must be taken), discarding a non-count tile."
    )

    def _take_words(self, hand: HandState) -> list[str]:
        return ["take"]


class Kitty(_OneForOne):
    """Eighty-eight's kitty: take tiles one at a time, each for a non-count tile of your own."""

    describe = "The bid winner may exchange up to 2 tiles with the kitty; count in the kitty must be taken."

    def _take_words(self, hand: HandState) -> list[str]:
        names = hand.ts.names
        return sorted({f"take {names[t]}" for t in bits(hand.widow_left)})


class WholeWidow(ExchangeRule):
    """Moon's and Seventy-two's widow, taken whole after the contract and paid back tile for tile.

    ``guard_trumps``: Seventy-two's rule that trumps and count tiles may be discarded only by a bidder
    holding too few other tiles; its discarded count then scores for the defenders at once and discarded
    trumps lie face up.
    """

    whole = True

    def __init__(self, guard_trumps: bool):
        self.guard_trumps = guard_trumps
        self.scores_discards = guard_trumps
        self.describe = (
            "After naming the contract the bid winner takes the widow and discards as many tiles"
            + (
                "; a trump or count tile only when he must, and discarded count scores for the defenders."
                if guard_trumps
                else " (the ones he took, if he likes)."
            )
        )

    def _guarded(self, hand: HandState) -> int:
        """Tiles the rule protects: the contract's trumps and the count tiles."""
        ts, table = hand.ts, hand.table
        assert table is not None
        protected = table.members[table.trump] if table.trump >= 0 else 0
        for t in bits(hand.held[hand.exchanger]):
            if ts.points[t]:
                protected |= 1 << t
        return protected

    def _discardable(self, hand: HandState) -> int:
        held = hand.held[hand.exchanger]
        if not self.guard_trumps:
            return held
        plain = held & ~self._guarded(hand)
        owed = len(hand.widow) - len(hand.discarded)
        # with fewer plain tiles than discards owed, every plain tile goes and trumps or count make up the rest
        return plain if bin(plain).count("1") >= owed else held

    def legal(self, hand: HandState) -> list[str]:
        if not hand.taken:
            return ["take"]
        names = hand.ts.names
        return sorted({f"discard {names[t]}" for t in bits(self._discardable(hand))})

    def apply(self, hand: HandState, text: str) -> None:
        words = text.split()
        seat = hand.exchanger
        if words == ["take"]:
            if hand.taken:
                raise IllegalAction('the widow is already taken: discard a tile, like "discard 2-1"')
            hand.taken = list(hand.widow)
            hand.held[seat] |= hand.widow_left
            hand.widow_left = 0
            return
        if words and words[0] == "discard":
            if not hand.taken:
                raise IllegalAction('take the widow first: say "take"')
            if len(words) != 2:
                raise IllegalAction('say which tile to discard, like "discard 2-1"')
            allowed = self._discardable(hand)
            tid = _tile(hand, words[1], allowed)
            if not hand.held[seat] >> tid & 1:
                raise IllegalAction(f"you do not hold {hand.ts.names[tid]}")
            if not allowed >> tid & 1:
                raise IllegalAction(f"{hand.ts.names[tid]} is a trump or a count tile: discard another tile")
            hand.held[seat] &= ~(1 << tid)
            hand.discarded.append(tid)
            if self.scores_discards and hand.ts.points[tid]:
                _score_discard(hand, tid)
            if len(hand.discarded) == len(hand.widow):
                _close(hand)
            return
        raise IllegalAction(f"{text!r} is not an exchange action: take the widow, then discard tiles")

    def face_up(self, hand: HandState) -> list[int]:
        if not self.guard_trumps or hand.table is None:
            return []
        table = hand.table
        trumps = table.members[table.trump] if table.trump >= 0 else 0
        return [t for t in hand.discarded if hand.ts.points[t] or trumps >> t & 1]

    def steps(
        self, takes: list[str], discards: list[str], widow: list[str], still_open: bool = False
    ) -> list[tuple[str, int]]:
        if not takes:
            if discards:
                raise RecordError("the record discards without taking the widow", {"exchange": 0})
            return []
        if Counter(_canonical(t) for t in takes) != Counter(widow):
            raise RecordError(
                f"the exchange must take the whole widow ({', '.join(widow)}), "
                f"not {', '.join(map(str, takes))}",
                {"exchange": 0},
            )
        if len(discards) < len(takes) and not still_open:
            # HAND-RECORD.md: "discard lists as many tiles"; only a hand the writer stopped mid-way says so
            raise RecordError(
                f"the bid winner takes the whole widow and discards {_count(len(takes))}: "
                f"the record discards {_count(len(discards))}",
                {"exchange": len(discards)},
            )
        return [("take", 0)] + [(f"discard {text}", i) for i, text in enumerate(discards)]


def _canonical(text: object) -> str:
    """A tile's text high end first (the record may write ``4-6``); anything else unchanged."""
    if not isinstance(text, str):
        return repr(text)
    try:
        return format_tile(parse_tile(text))
    except TileError:
        return text


def _count(n: int) -> str:
    return ("none", "one", "two")[n] if n < 3 else str(n)
