"""Words players read: button labels for engine actions, contract and bid names, score lines.

The engine speaks hand-record notation ("nello doubles-low", "7-3/3"); this module is the one place
that turns it into the vocabulary of BOT.md ("Nello", "Doubles low", "7-3 as 3").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

SUIT_WORDS = ("Blanks", "Ones", "Twos", "Threes", "Fours", "Fives", "Sixes", "7s", "8s")
_SUIT_BY_NAME = {name.lower(): index for index, name in enumerate(SUIT_WORDS[:7])}
_CONTRACT_WORDS = {"doubles": "Doubles", "follow-me": "Follow me", "nello": "Nello", "sevens": "Sevens"}
_DOUBLES_WORDS = {"doubles-high": "Doubles high", "doubles-low": "Doubles low", "doubles-suit": "Doubles own suit"}
_TILE = re.compile(r"^\d-\d$")
_DECLARED = re.compile(r"^(\d-\d)/(\d)$")
_MARKS = re.compile(r"^(\d+) marks?$")


def suit_word(text: str) -> str | None:
    """`"fives"` or `"5"` -> `"Fives"`; None if `text` is not a suit."""
    if text in _SUIT_BY_NAME:
        return SUIT_WORDS[_SUIT_BY_NAME[text]]
    if text.isdigit() and int(text) < len(SUIT_WORDS):
        return SUIT_WORDS[int(text)]
    return None


def contract_label(contract: str) -> str:
    """A contract as its button label: `"fives"` -> `"Fives"`, `"follow-me"` -> `"Follow me"`."""
    head, _, rest = contract.partition(" ")
    word = suit_word(head) or _CONTRACT_WORDS.get(head, head.capitalize())
    if head == "follow-me" and rest == "doubles-suit":
        return "Follow me (doubles a suit)"
    return word


def contract_title(contract: str | None) -> str | None:
    """A contract in prose: `"nello doubles-low"` -> `"Nello (doubles low)"`."""
    if not contract:
        return None
    head, _, rest = contract.partition(" ")
    label = contract_label(contract)
    if head == "nello" and rest in _DOUBLES_WORDS:
        return f"{label} ({_DOUBLES_WORDS[rest].lower()})"
    return label


def bid_label(call: str) -> str:
    """A call as its button label: `"pass"` -> `"Pass"`, `"plunge 5"` -> `"Plunge"`, `"64 fives"` -> `"64 Fives"`."""
    if call == "pass":
        return "Pass"
    head, _, rest = call.partition(" ")
    if head in ("plunge", "splash"):
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


def action_label(action: str) -> str:
    """Any engine action as a button label."""
    if action == "take":
        return "Take widow"
    if action == "keep":
        return "Keep hand"
    if action.startswith("take "):
        return f"Take {action.removeprefix('take ')}"
    if _TILE.match(action) or _DECLARED.match(action) or action.startswith("discard "):
        return tile_label(action)
    head = action.partition(" ")[0]
    if head in _CONTRACT_WORDS or suit_word(head):
        if not head.isdigit() or " " not in action:
            return contract_label(action)
    return bid_label(action)


def submenu_label(action: str) -> str:
    """The label of an action shown inside its group: `"nello doubles-low"` -> `"Doubles low"`."""
    head, _, rest = action.partition(" ")
    if rest in _DOUBLES_WORDS:
        return _DOUBLES_WORDS[rest]
    return suit_word(rest) or rest


def action_phrase(action: str) -> str:
    """What a player did, after a name: `"bid 31"`, `"passed"`, `"called Fives"`, `"played 6-4"`."""
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
        return f"played {tile_label(action)}"
    head = action.partition(" ")[0]
    if head in _CONTRACT_WORDS or (suit_word(head) and " " not in action):
        return f"called {contract_title(action)}"
    return f"bid {bid_label(action)}"


def score_line(kind: str, team_names: Sequence[str], scores: Sequence[int], target: int) -> str:
    """`Marks: N–S 3 · E–W 1 (to 7)`."""
    parts = " · ".join(f"{name} {score}" for name, score in zip(team_names, scores, strict=False))
    return f"{kind.capitalize()}: {parts} (to {target})"


def plural(count: int, word: str) -> str:
    """`plural(1, "mark")` -> `"1 mark"`, `plural(2, "mark")` -> `"2 marks"`."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
