"""Which buttons a player gets for their turn, as plain data (no Discord types).

BOT.md fixes the labels; Discord fixes at most 25 buttons a message (5 rows of 5). Actions that belong
together are grouped behind one button that opens them: Nello's doubles and low numbers, Eighty-eight's
bid-and-trump and, when a bid ladder would not fit (Seventy-two's 40 … 71 and its mark bids), the higher
point bids by tens (`50–59`), the first ten bids staying one click away. A group holds only legal actions,
so whatever a player can open they may also do.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.pictures.rack import order_hand

from .wording import STANDARD_WORDS, GameWords, action_label, submenu_label, suit_word

MAX_BUTTONS = 25
PAGE_SIZE = 23  # leaves room for the page buttons
ROOM = MAX_BUTTONS - 1  # a turn's controls leave one button free (a practice table's `Hint`)
SHOWN_BIDS = 10  # when bids are grouped by tens, this many of the lowest stay on the first screen
_TILE = re.compile(r"^\d-\d(/\d)?$")


@dataclass(frozen=True)
class Control:
    """One button: `kind` "act" applies `arg` as an engine action; "menu" opens the group or page `arg`."""

    label: str
    kind: str
    arg: str
    enabled: bool = True


def _own_group(action: str) -> str | None:
    """The group an action always belongs to: Nello's choices, or a bid that names a trump (by its number)."""
    head, _, rest = action.partition(" ")
    if not rest or head == "discard":
        return None
    if head == "nello" or (head.isdigit() and suit_word(rest) is not None):
        return head
    return None


def groups(legal: list[str]) -> dict[str, str]:
    """The group each grouped action is shown under (actions not in it get a button of their own).

    Point bids are grouped by tens only when the ladder would not fit on one screen beside the rest."""
    found = {action: group for action in legal if (group := _own_group(action)) is not None}
    top_level = len(set(found.values())) + sum(
        1 for a in legal if a not in found and not a.startswith("discard ")
    )
    numbers = sorted((int(a) for a in legal if a.isdigit() and int(a) >= 10), key=int)
    if top_level > ROOM and len(numbers) > SHOWN_BIDS:
        for number in numbers[SHOWN_BIDS:]:
            found[str(number)] = f"{number // 10 * 10}s"
    return found


def _group_label(group: str, members: list[str], words: GameWords) -> str:
    if group.endswith("s") and group[:-1].isdigit():  # a range of bids: its lowest and highest
        return f"{members[0]}–{members[-1]}"
    return action_label(group, words)


def view_controls(view: Mapping[str, Any], words: GameWords = STANDARD_WORDS) -> list[Control]:
    """Every button of a player's turn, from their view (`engine.view_for`): tile buttons in the order the
    pictures rack the hand (trumps first), so that the n-th button is the n-th tile drawn."""
    return turn_controls(view["phase"], view["legal"], view["hand"], words, frozenset(view["trumps"]))


def turn_controls(
    phase: str,
    legal: list[str],
    tiles: list[str],
    words: GameWords = STANDARD_WORDS,
    trumps: frozenset[str] = frozenset(),
) -> list[Control]:
    """Every button of a player's turn before paging: tiles (unplayable ones disabled) or calls.

    Tiles come in racking order (`bot.pictures.rack.order_hand`: `trumps` first, then each suit high to
    low), as the hand is drawn. A tile held twice (Eighty-eight plays with two sets) gets one button: both
    copies play alike. Discards show every tile in hand, those the rules keep (Seventy-two's trumps and
    count) disabled.
    """
    tiles = list(dict.fromkeys(order_hand(tuple(tiles), trumps)))
    if phase == "play":
        return _tile_controls(legal, tiles)
    controls: list[Control] = []
    grouped = groups(legal)
    members: dict[str, list[str]] = {}
    for action in legal:
        if action in grouped:
            members.setdefault(grouped[action], []).append(action)
    shown: set[str] = set()
    for action in legal:
        if action.startswith("discard "):
            continue
        group = grouped.get(action)
        if group is None:
            controls.append(Control(action_label(action, words, phase), "act", action))
        elif group not in shown:
            shown.add(group)
            inside = members[group]
            if len(inside) == 1:
                label = action_label(group, words) if group == "nello" else action_label(action, words, phase)
                controls.append(Control(label, "act", action))
            else:
                controls.append(Control(_group_label(group, inside, words), "menu", f"group:{group}"))
    if any(action.startswith("discard ") for action in legal):
        discards = {action.removeprefix("discard ") for action in legal if action.startswith("discard ")}
        controls.extend(Control(tile, "act", f"discard {tile}", tile in discards) for tile in tiles)
    return controls


def _tile_controls(legal: list[str], tiles: list[str]) -> list[Control]:
    controls = []
    for tile in tiles:
        controls.append(Control(tile, "act", tile, tile in legal))
        controls.extend(
            Control(action_label(action), "act", action)
            for action in legal
            if action.startswith(f"{tile}/") and _TILE.match(action)
        )
    return controls


def group_controls(legal: list[str], group: str) -> list[Control]:
    """The buttons inside one group, e.g. Nello's `Doubles high`, `Doubles low`, `Doubles own suit`,
    `Threes low`, or the bids `50` … `59`."""
    grouped = groups(legal)
    return [Control(submenu_label(action), "act", action) for action in legal if grouped.get(action) == group]


def page(controls: list[Control], number: int = 0) -> list[Control]:
    """At most 25 buttons: the `number`th page of `controls`, with `More` / `Back` buttons when needed."""
    if len(controls) <= MAX_BUTTONS:
        return controls
    pages = [controls[start : start + PAGE_SIZE] for start in range(0, len(controls), PAGE_SIZE)]
    number = max(0, min(number, len(pages) - 1))
    shown = list(pages[number])
    if number > 0:
        shown.append(Control("‹ Back", "menu", f"page:{number - 1}"))
    if number < len(pages) - 1:
        shown.append(Control("More ›", "menu", f"page:{number + 1}"))
    return shown
