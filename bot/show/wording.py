"""Words players read: button labels for engine actions, contract and bid names, score lines, the fair
deals' lines (CLUB.md "Fair deals": a hand's commitment, and its seed once it is over), each seat's latest
call, why a hand stopped early, and the titles drawn on the pictures.

The engine speaks hand-record notation ("nello doubles-low", "7-3/3", "dip 3", "sevens-trump"); this module
is the one place that turns it into the vocabulary of BOT.md ("Nello", "Doubles low", "7-3 as 3", "Dip",
"Sevens trump"). Eighty-four calls Nello "Pistol": functions that may name it take the game's word for it
(``rules.variant.nello_word``) as ``nello``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.pictures.counts import plural
from engine.fair import short_commitment

if TYPE_CHECKING:
    from engine import Hand, Rules

SUIT_WORDS = ("Blanks", "Ones", "Twos", "Threes", "Fours", "Fives", "Sixes", "7s", "8s")
_SUIT_BY_NAME = {name.lower(): index for index, name in enumerate(SUIT_WORDS[:7])}
_CONTRACT_WORDS = {
    "doubles": "Doubles",
    "follow-me": "Follow me",
    "nello": "Nello",
    "sevens": "Sevens",
    "sevens-trump": "Sevens trump",
    "count": "Count",
}
# Calls that bid by name rather than number; a number after them is their worth in marks, not shown on
# the button (only one worth is ever legal at a time): "plunge 5" is `Plunge`, "dip 3" is `Dip`.
_NAMED_CALLS = ("plunge", "splash", "dip", "dive", "partner")
# Contracts that name a trump suit: a suit, the doubles, Geezer's count (`sevens-trump` says so already).
_TRUMP_NAMED = {*_SUIT_BY_NAME, *(str(n) for n in range(len(SUIT_WORDS))), "doubles", "count"}
_DOUBLES_WORDS = {
    "doubles-high": "Doubles high",
    "doubles-low": "Doubles low",
    "doubles-suit": "Doubles own suit",
}
_TILE = re.compile(r"^\d-\d$")
_DECLARED = re.compile(r"^(\d-\d)/(\d)$")
_MARKS = re.compile(r"^(\d+) marks?$")
CHECK_HINT = "check it with `python -m engine verify` on the hand's record from `/42 history`"


@dataclass(frozen=True)
class GameWords:
    """What a game changes in the words: its name for Nello ("pistol" in Eighty-four) and the set's top
    pip (a bare `7` is the 7s where the set has them, else a bid)."""

    nello: str = "nello"
    top: int = 6


STANDARD_WORDS = GameWords()


def game_words(rules: Rules) -> GameWords:
    """The words of a table's game, from its rules."""
    return GameWords(rules.variant.nello_word, rules.layout.tiles.top)


def suit_word(text: str) -> str | None:
    """`"fives"` or `"5"` -> `"Fives"`; None if `text` is not a suit."""
    if text in _SUIT_BY_NAME:
        return SUIT_WORDS[_SUIT_BY_NAME[text]]
    if text.isdigit() and int(text) < len(SUIT_WORDS):
        return SUIT_WORDS[int(text)]
    return None


def contract_label(contract: str, nello: str = "nello") -> str:
    """A contract as its button label: `"fives"` -> `"Fives"`, `"follow-me"` -> `"Follow me"`,
    `"sevens-trump"` -> `"Sevens trump"`; Nello by the game's word for it (`nello="pistol"`: `"Pistol"`)."""
    head, _, rest = contract.partition(" ")
    if head == "nello":
        return nello.capitalize()
    word = suit_word(head) or _CONTRACT_WORDS.get(head, head.capitalize())
    if head == "follow-me" and rest == "doubles-suit":
        return "Follow me (doubles a suit)"
    return word


def nello_choice(rest: str) -> str:
    """How Nello's doubles or low number are named: `"doubles-low"` -> `"Doubles low"`, `"threes-low"` ->
    `"Threes low"` (Geezer: every tile bearing a three ranks low in its other suit)."""
    if rest in _DOUBLES_WORDS:
        return _DOUBLES_WORDS[rest]
    number, _, low = rest.rpartition("-")
    if low == "low" and suit_word(number):
        return f"{suit_word(number)} low"
    return rest


def contract_title(contract: str | None, nello: str = "nello") -> str | None:
    """A contract in prose, trump named as trump: `"fives"` -> `"Fives trump"`, `"doubles"` -> `"Doubles
    trump"`, `"follow-me"` -> `"Follow me (no trump)"`, `"nello doubles-low"` -> `"Nello (doubles low)"`, in
    Eighty-four (`nello="pistol"`) `"Pistol (doubles low)"`. (The buttons keep the short `contract_label`.)"""
    if not contract:
        return None
    head, _, rest = contract.partition(" ")
    label = contract_label(contract, nello)
    if head == "nello" and rest:
        return f"{label} ({nello_choice(rest).lower()})"
    if head in _TRUMP_NAMED:
        return f"{label} trump"
    if head == "follow-me" and not rest:
        return f"{label} (no trump)"
    return label


def bid_label(call: str) -> str:
    """A call as its button label: `"pass"` -> `"Pass"`, `"plunge 5"` -> `"Plunge"`, `"dip"` -> `"Dip"`,
    `"partner"` -> `"Partner"`, `"64 fives"` -> `"64 Fives"`; numbers as they are (`"21"`, `"42"` in Moon)."""
    if call == "pass":
        return "Pass"
    head, _, rest = call.partition(" ")
    if head in _NAMED_CALLS:
        return head.capitalize()
    if _MARKS.match(call):
        return call
    if rest and suit_word(rest):
        return f"{head} {suit_word(rest)}"
    return call


def tile_label(action: str) -> str:
    """A play or discard as its button label: `"6-4"`, `"7-3/3"` -> `"7-3 as 3"`, `"discard 2-1"` -> `"2-1"`."""
    if action.startswith("discard "):
        return action.removeprefix("discard ")
    declared = _DECLARED.match(action)
    if declared:
        return f"{declared.group(1)} as {declared.group(2)}"
    return action


def is_contract(action: str, words: GameWords = STANDARD_WORDS) -> bool:
    """Whether an action names a contract rather than bids. Suits 0-6 are words in the engine's actions;
    a bare number is a bid unless it is a suit of 7s or 8s this set has (Moon's `7` is a bid of 7 tricks,
    Geezer's `7` is the 7s)."""
    head, _, rest = action.partition(" ")
    if head.isdigit():
        return not rest and 7 <= int(head) <= words.top
    return head in _CONTRACT_WORDS or suit_word(head) is not None


def action_label(action: str, words: GameWords = STANDARD_WORDS, phase: str | None = None) -> str:
    """Any engine action as a button label. `phase` "auction" reads every action as a call."""
    if action == "take":
        return "Take widow"
    if action == "keep":
        return "Keep hand"
    if action.startswith("take "):
        return f"Take {action.removeprefix('take ')}"
    if _TILE.match(action) or _DECLARED.match(action) or action.startswith("discard "):
        return tile_label(action)
    if phase != "auction" and is_contract(action, words):
        return contract_label(action, words.nello)
    return bid_label(action)


def submenu_label(action: str) -> str:
    """The label of an action shown inside its group: `"nello doubles-low"` -> `"Doubles low"`,
    `"nello threes-low"` -> `"Threes low"`, `"64 fives"` -> `"Fives"`, a bid in a range of bids -> itself."""
    head, _, rest = action.partition(" ")
    if head == "nello":
        return nello_choice(rest)
    return suit_word(rest) or bid_label(action)


def action_phrase(action: str, words: GameWords = STANDARD_WORDS, *, name_tile: bool = True) -> str:
    """What a player did, after a name: `"bid 31"`, `"passed"`, `"called Fives"`, `"played 6-4"`,
    `"bid Dip"`, `"called Pistol (doubles low)"`; `name_tile=False`: `"played a tile"` (stacking)."""
    if action == "pass":
        return "passed"
    if action == "take":
        return "took the widow"
    if action == "keep":
        return "kept their hand"
    if action.startswith("take "):
        return "took a tile from the kitty"
    if action.startswith("discard "):
        return "discarded a tile"
    if _TILE.match(action) or _DECLARED.match(action):
        return f"played {tile_label(action)}" if name_tile else "played a tile"
    if is_contract(action, words):
        return f"called {contract_title(action, words.nello)}"
    return f"bid {bid_label(action)}"


def score_line(kind: str, team_names: Sequence[str], scores: Sequence[int], target: int) -> str:
    """`Marks: N–S 3 · E–W 1 (to 7)`."""
    parts = " · ".join(f"{name} {score}" for name, score in zip(team_names, scores, strict=False))
    return f"{kind.capitalize()}: {parts} (to {target})"


def commitment_line(number: int, digest: str | None) -> str:
    """`Deal 3 · sha256 9f2c4e5a6b7c…`: a hand's number (from 1) and the first 12 hex digits of its
    commitment; "" for a hand dealt without a seed (before fair deals)."""
    if digest is None:
        return ""
    return f"Deal {number} · sha256 {short_commitment(digest)}…"


def reveal_line(record: dict[str, Any], number: int) -> str:
    """`Deal 3 · sha256 9f2c4e5a6b7c… · seed 0a1b…`: a finished hand's seed, revealed, beside the commitment
    shown before it; "" for a hand dealt without one."""
    seed, digest = record.get("seed"), record.get("commitment")
    if not isinstance(seed, str) or not isinstance(digest, str):
        return ""
    return f"Deal {number} · sha256 {short_commitment(digest)}… · seed `{seed}` — {CHECK_HINT}"


def bid_by(call: str, name: str) -> str:
    """`"31 by Alice"`."""
    return f"{bid_label(call)} by {name}"


def hand_title(seat_name: str, number: int, contract: str | None) -> str:
    """A hand picture's title: `"North · hand 2 · Fives"` (hand `number` from 1; the contract once called)."""
    title = f"{seat_name} · hand {number}"
    return f"{title} · {contract}" if contract else title


def panel_title(name: str, seat_name: str, number: int) -> str:
    """A private panel's title: `"Alice · North · hand 2"`."""
    return f"{name} · {seat_name} · hand {number}"


def latest_calls(view: Mapping[str, Any]) -> tuple[str | None, ...]:
    """Each seat's latest call in the auction so far ("Pass", "31"), None for a seat yet to call.

    Calls go round from the dealer's left; a seat that passed is skipped (the Big Game's open auction goes
    round until one bidder is left; in one-round auctions nobody comes round again anyway).
    """
    players = view["players"]
    latest: list[str | None] = [None] * players
    passed: set[int] = set()
    seat = view["dealer"]
    for call in view["calls"]:
        seat = _next_in(seat, players, passed)
        latest[seat] = bid_label(call)
        if call == "pass":
            passed.add(seat)
    return tuple(latest)


def _next_in(seat: int, players: int, passed: set[int]) -> int:
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if candidate not in passed:
            return candidate
    return (seat + 1) % players


def early_end_reason(hand: Hand) -> str:
    """One line on why a decided hand stopped before its last trick ("" if it was played out)."""
    if (
        hand.made is None
        or hand.high is None
        or hand.bidder is None
        or len(hand.tricks) >= hand.lay.hand_size
    ):
        return ""
    if (hand.contract_text() or "").startswith("nello"):
        return "Set: the bidder took a trick" if not hand.made else ""
    if hand.every_trick():
        return "Set: the other side took a trick" if not hand.made else ""
    bidders = hand.rules.team_of(hand.bidder)
    taken = hand.points[bidders]
    need = hand.high.level
    if hand.made:
        return f"Made: {plural(taken, 'point')}, {need} needed"
    reach = taken + hand.lay.total - sum(hand.points)
    return f"Set: needed {need}, could reach at most {reach}"
