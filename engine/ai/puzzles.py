"""42 puzzles: positions cut from deals where one tile is clearly best with all four hands shown.

A deal is dealt from a seed (``engine.fair``), bid and played by the easy player (seeded from the same
seed) and, at each of its decisions once a trick or more is done, every legal tile is solved with all
four hands known (``solver``: exact points for the bidding side from there on, under best play by all).
The first position where the best tile is the only best one, and the next best loses at least
``MARGIN`` points or turns the contract (made into set, or set into made), is the puzzle. Only point
bids in suit, doubles or follow-me contracts: there every point counts and the margin means what it says.

Pure and deterministic: the same seed gives the same puzzle (or none) on any machine.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from engine.calls import POINTS, parse_call
from engine.contracts import NELLO, SEVENS
from engine.fair import deal_hand
from engine.hand import Hand
from engine.phases import PLAY
from engine.rules import Rules
from engine.view import view_for

from .easy import EasyPlayer
from .fastsolve import encode_lead
from .solver import Position, thread_problem

MARGIN = 10  # points the second-best tile must lose by (unless it turns the contract)
MIN_TRICKS_DONE = 1  # a puzzle starts once a trick is played: the solver's positions are quick from there
MAX_TILES_LEFT = 24  # tiles still in hands (the trick's played tiles not counted)
NODE_LIMIT = 20_000_000  # a position that would take longer is skipped, not waited for


@dataclass(frozen=True)
class Choice:
    """One legal tile of a puzzle and what it leads to under best play: the points each side ends with
    (the bidding side's first, as ``Hand.points`` counts teams) and whether the contract is made."""

    action: str
    bidders: int
    others: int
    made: bool


@dataclass(frozen=True)
class Puzzle:
    """A position (a seed's deal and the actions to it) and every legal tile's outcome; ``best`` is the one
    clearly best tile for the seat to play."""

    seed: str  # hex
    dealer: int
    actions: tuple[str, ...]
    choices: tuple[Choice, ...]
    best: str
    preset: str

    def hand(self) -> Hand:
        """The position as a hand, its seat to play on turn."""
        hand = deal_hand(Rules.from_preset(self.preset), self.dealer, bytes.fromhex(self.seed))
        for action in self.actions:
            hand = hand.apply(action)
        return hand

    def choice(self, action: str) -> Choice:
        """The outcome of one tile (KeyError if it is not a legal tile of the puzzle)."""
        return next(c for c in self.choices if c.action == action)

    def to_json(self) -> dict:
        """The puzzle as plain JSON data (``from_json`` reads it back)."""
        return {
            "seed": self.seed,
            "dealer": self.dealer,
            "actions": list(self.actions),
            "choices": [[c.action, c.bidders, c.others, c.made] for c in self.choices],
            "best": self.best,
            "preset": self.preset,
        }

    @classmethod
    def from_json(cls, data: dict) -> Puzzle:
        """A puzzle from ``to_json``'s data."""
        choices = tuple(Choice(str(a), int(b), int(o), bool(m)) for a, b, o, m in data["choices"])
        return cls(
            data["seed"], data["dealer"], tuple(data["actions"]), choices, data["best"], data["preset"]
        )


def suitable(hand: Hand) -> bool:
    """Whether the hand's contract suits puzzles: a point bid, every seat playing, no Nello or Sevens."""
    if hand.contract is None or hand.high is None or hand.sitting_out:
        return False
    call = parse_call(hand.high.text(), hand.rules)
    return call.kind == POINTS and hand.contract.kind not in (NELLO, SEVENS)


def outcomes(hand: Hand) -> list[Choice] | None:
    """Every legal tile of the seat to play, solved with all hands known; None if the search runs long."""
    assert hand.contract is not None and hand.high is not None and hand.bidder is not None
    assert hand.turn is not None
    rules = hand.rules
    problem = thread_problem(rules, hand.contract, hand.bidder, None, False)
    position = Position(
        list(hand.held), list(zip(hand.trick_seats, hand.trick, strict=True)), hand.lead, hand.turn
    )
    legal = hand.legal_actions()
    moves = []
    for text in legal:
        name, _, suit = text.partition("/")
        tid = hand.ts.id_of(name, hand.held[hand.turn])
        moves.append(encode_lead(tid, int(suit)) if suit else tid)
    values = problem.move_values(position, moves, node_limit=NODE_LIMIT)
    if values is None:
        return None
    side = rules.team_of(hand.bidder)
    taken = hand.points[side]
    total = rules.layout.total
    level = parse_call(hand.high.text(), rules).level
    return [
        Choice(text, taken + v, total - taken - v, taken + v >= level)
        for text, v in zip(legal, values, strict=True)
    ]


def on_bidders_side(hand: Hand) -> bool:
    """Whether the seat to play is on the bidder's side (else it defends)."""
    assert hand.bidder is not None and hand.turn is not None
    return hand.rules.team_of(hand.turn) == hand.rules.team_of(hand.bidder)


def clear_best(hand: Hand, choices: list[Choice]) -> Choice | None:
    """The one clearly best tile for the seat to play, if there is one (see the module docstring)."""
    if len(choices) < 2:
        return None
    ours = on_bidders_side(hand)

    def worth(c: Choice) -> tuple[bool, int]:  # for the seat to play: its goal first, then its points
        return (c.made == ours, c.bidders if ours else c.others)

    ranked = sorted(choices, key=worth, reverse=True)
    best, second = ranked[0], ranked[1]
    if worth(best) == worth(second):
        return None
    turned = best.made != second.made
    return best if turned or worth(best)[1] - worth(second)[1] >= MARGIN else None


def _seed_int(seed: bytes, label: str) -> int:
    return int.from_bytes(hashlib.sha256(seed + label.encode()).digest()[:8], "big")


def generate(seed: bytes, rules: Rules) -> Puzzle | None:
    """The puzzle a seed's deal gives (the first clear position in the easy player's play of it), or None."""
    dealer = seed[0] % rules.players
    hand = deal_hand(rules, dealer, seed)
    players = [EasyPlayer(_seed_int(seed, f"seat {s}")) for s in range(rules.players)]
    actions: list[str] = []
    while not hand.complete and hand.turn is not None:
        if hand.phase == PLAY and not suitable(hand):
            return None
        if hand.phase == PLAY and len(hand.tricks) >= MIN_TRICKS_DONE:
            left = sum(bin(mask).count("1") for mask in hand.held)
            if left <= MAX_TILES_LEFT:
                choices = outcomes(hand)
                best = clear_best(hand, choices) if choices is not None else None
                if best is not None and choices is not None:
                    return Puzzle(
                        seed.hex(), dealer, tuple(actions), tuple(choices), best.action, rules.preset
                    )
        action = players[hand.turn].choose(view_for(hand, hand.turn))
        hand = hand.apply(action)
        actions.append(action)
    return None


def find(seed: bytes, rules: Rules, tries: int = 50) -> Puzzle | None:
    """The first puzzle among ``tries`` deals drawn from ``seed`` (deal k's seed: SHA-256 of seed and k)."""
    for k in range(tries):
        found = generate(hashlib.sha256(seed + k.to_bytes(4, "big")).digest(), rules)
        if found is not None:
            return found
    return None
