"""Which buttons a player gets for their turn, as plain data (no Discord types).

BOT.md fixes the labels; Discord fixes at most 25 buttons a message. Actions that belong together
(Nello's doubles choices, Eighty-eight's bid-and-trump) are grouped behind one button that opens them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .wording import action_label, submenu_label, suit_word

MAX_BUTTONS = 25
PAGE_SIZE = 23  # leaves room for the page buttons
_TILE = re.compile(r"^\d-\d(/\d)?$")


@dataclass(frozen=True)
class Control:
    """One button: `kind` "act" applies `arg` as an engine action; "menu" opens the group or page `arg`."""

    label: str
    kind: str
    arg: str
    enabled: bool = True


def group_of(action: str) -> str | None:
    """The group an action is shown under, or None for a top-level button."""
    head, _, rest = action.partition(" ")
    if not rest or head == "discard":
        return None
    if head == "nello" or (head.isdigit() and suit_word(rest) is not None):
        return head
    return None


def turn_controls(phase: str, legal: list[str], tiles: list[str]) -> list[Control]:
    """Every button of a player's turn before paging: tiles (unplayable ones disabled) or calls.

    A tile held twice (Eighty-eight plays with two sets) gets one button: both copies play alike.
    """
    tiles = list(dict.fromkeys(tiles))
    if phase == "play":
        return _tile_controls(legal, tiles)
    controls: list[Control] = []
    groups: dict[str, list[str]] = {}
    for action in legal:
        group = group_of(action)
        if group is not None:
            groups.setdefault(group, []).append(action)
    shown: set[str] = set()
    for action in legal:
        group = group_of(action)
        if action.startswith("discard "):
            continue
        if group is None:
            controls.append(Control(action_label(action), "act", action))
        elif group not in shown:
            shown.add(group)
            members = groups[group]
            if len(members) == 1:
                controls.append(Control(action_label(group if group == "nello" else action), "act", action))
            else:
                controls.append(Control(action_label(group), "menu", f"group:{group}"))
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
    """The buttons inside one group, e.g. Nello's `Doubles high`, `Doubles low`, `Doubles own suit`."""
    return [Control(submenu_label(action), "act", action) for action in legal if group_of(action) == group]


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
