"""A turn's tile buttons come in the order the panel draws the hand (trumps first, then each suit high to
low): the n-th button is the n-th tile drawn, in every preset, for every play and discard of whole hands."""

from __future__ import annotations

import random

import pytest

from bot.pictures.panel import draw_panel
from bot.pictures.scenes import PanelScene
from bot.show.controls import turn_controls
from bot.show.presenter import private_screen
from bot.storage import SeatRow
from bot.tables import Table
from engine import PRESETS, Hand, Rules


def table_at(rules: Rules, hand: Hand) -> Table:
    seats = {s: SeatRow(seat=s, name=f"Player {s}", user_id=100 + s) for s in range(rules.players)}
    return Table(
        id=1, guild_id=1, channel_id=1, host_id=100, rules=rules, status="playing", seats=seats, hand=hand
    )


def tile_buttons_and_drawn_tiles(table: Table, seat: int) -> tuple[list[str], list[str]]:
    """The labels of the tile buttons on a seat's panel (a declared lead's `7-3 as 3` is its tile's second
    button, not a tile of its own) and the tiles its picture draws, left to right and row by row."""
    screen = private_screen(table, seat)
    assert screen.picture is not None and isinstance(screen.picture.scene, PanelScene)
    _, layout = draw_panel(screen.picture.scene)
    labels = [b.label for b in screen.buttons if " as " not in b.label and b.label != "Hint"]
    return labels, list(dict.fromkeys(slot.tile for slot in layout.hand))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_nth_tile_button_is_the_nth_tile_drawn(preset):
    rules = Rules.from_preset(preset)
    rng = random.Random(f"buttons {preset}")
    turns_seen = trumps_first = 0
    for deal in range(3):
        hand = Hand.new(rules, deal % rules.players, random.Random(f"{preset} {deal}"))
        while not hand.complete:
            seat = hand.turn
            assert seat is not None
            table = table_at(rules, hand)
            view = table.view_for(seat)
            if view["phase"] == "play" or any(a.startswith("discard ") for a in view["legal"]):
                labels, drawn = tile_buttons_and_drawn_tiles(table, seat)
                assert labels == drawn, (preset, deal, view["hand"], view["trumps"])
                turns_seen += 1
                if view["trumps"] and len(view["trumps"]) < len(view["hand"]):
                    trumps_first += 1
                    assert set(labels[: len(set(view["trumps"]))]) == set(view["trumps"])
            hand = hand.apply(rng.choice(hand.legal_actions()))
    assert turns_seen >= 10
    assert trumps_first > 0  # the order was tried where trumps come first, not only where none are held


def test_buttons_in_the_hands_own_order_would_be_caught():
    # The engine deals 6-6 before 5-0; with fives trump the picture puts 5-0 first, and so must the buttons.
    held = ["6-6", "6-4", "4-1", "5-0"]
    in_picture = [c.label for c in turn_controls("play", held, held, trumps=frozenset({"5-0"}))]
    assert in_picture == ["5-0", "6-6", "6-4", "4-1"]
    assert [c.label for c in turn_controls("play", held, held)] != in_picture  # without trumps: 6-6 first
