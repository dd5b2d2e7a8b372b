"""The phases of a hand. A ``StrEnum``, so a phase compares equal to its name (``hand.phase == "play"``)."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where a hand is: bidding, exchanging with the widow or kitty, naming the contract, playing, over.

    The order after the auction is the variant's: most name the contract after the exchange, Moon and
    Seventy-two before it.
    """

    AUCTION = "auction"
    EXCHANGE = "exchange"
    CONTRACT = "contract"
    PLAY = "play"
    DONE = "done"


# The members as plain names: ``Phase.PLAY`` is a class-attribute look-up that costs ~5x a global's on the
# hot paths (benchmarks/engine.py).
AUCTION, EXCHANGE, CONTRACT, PLAY, DONE = (
    Phase.AUCTION,
    Phase.EXCHANGE,
    Phase.CONTRACT,
    Phase.PLAY,
    Phase.DONE,
)
