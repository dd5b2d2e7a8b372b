"""The hand picture: the tiles drawn are exactly the hand's, in racking order, marked and dimmed as promised."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from bot.pictures import HandScene, render_hand
from bot.pictures.hand import draw_hand
from bot.pictures.palette import COUNT
from bot.pictures.rack import order_hand

from .pip_probe import decode, read_pips, tile_patches

BEFORE_CONTRACT = HandScene(
    tiles=("6-4", "3-3", "5-0", "2-1", "6-6", "4-1", "5-5"), title="North · your hand"
)
FIVES_ON_TURN = HandScene(
    tiles=("6-4", "3-3", "5-0", "2-1", "6-6", "4-1", "5-5"),
    trumps=frozenset({"5-0", "5-5"}),
    playable=frozenset({"5-0", "5-5"}),
    title="North · Contract: Fives · your turn",
)
BIG_GAME = HandScene(
    tiles=("8-8", "8-7", "7-3", "8-2", "6-4", "7-7", "5-0", "4-4", "8-0", "3-1", "2-2"),
    trumps=frozenset({"8-8", "8-7", "8-2", "8-0"}),
    playable=frozenset({"8-8", "8-7", "8-2", "8-0"}),
    title="West · Contract: Eights",
    top=8,
)
SCENES = [BEFORE_CONTRACT, FIVES_ON_TURN, BIG_GAME, HandScene(tiles=("9-9", "0-0", "9-0"), top=9)]


@pytest.mark.parametrize("scene", SCENES, ids=["before", "fives", "big-game", "nines"])
def test_hand_picture_holds_exactly_the_hands_tiles(scene):
    picture = decode(render_hand(scene))  # a PNG, small and narrow
    drawn, slots = draw_hand(scene)
    assert picture.size == drawn.size

    # Every slot shows, in its pixels, the tile the layout says it holds ...
    for slot in slots:
        hi, lo = (int(v) for v in slot.tile.split("-"))
        assert sorted(read_pips(picture.crop(slot.box)), reverse=True) == sorted((hi, lo), reverse=True), slot
    assert Counter(s.tile for s in slots) == Counter(scene.tiles)

    # ... and there is no tile anywhere else in the picture.
    side = slots[0].box[2] - slots[0].box[0]
    patches = tile_patches(picture, side)
    assert len(patches) == len(scene.tiles)
    for patch in patches:
        assert any(_fills(patch, s.box) for s in slots), patch


def _fills(patch, box) -> bool:
    """Whether a bright patch lies inside a tile slot and covers most of it."""
    left, top, right, bottom = patch
    inside = left >= box[0] - 1 and top >= box[1] - 1 and right <= box[2] + 1 and bottom <= box[3] + 1
    area = (right - left) * (bottom - top)
    return inside and area >= 0.8 * (box[2] - box[0]) * (box[3] - box[1])


def test_probe_notices_a_tile_that_is_not_in_the_hand():
    # Swap one slot's pixels for a different tile: the per-slot reading must object.
    from bot.pictures import render_tile

    picture = decode(render_hand(BEFORE_CONTRACT))
    _, slots = draw_hand(BEFORE_CONTRACT)
    slot = slots[0]
    side = slot.box[2] - slot.box[0]
    intruder = render_tile(1, 0, size=side, vertical=True)
    picture.paste(intruder, slot.box[:2], intruder)
    hi, lo = (int(v) for v in slot.tile.split("-"))
    assert sorted(read_pips(picture.crop(slot.box)), reverse=True) != [hi, lo]


def test_racking_order_trumps_first_then_suits_high_to_low():
    assert order_hand(FIVES_ON_TURN.tiles, FIVES_ON_TURN.trumps) == [
        "5-5",
        "5-0",
        "6-6",
        "6-4",
        "4-1",
        "3-3",
        "2-1",
    ]
    assert order_hand(BEFORE_CONTRACT.tiles) == ["6-6", "6-4", "5-5", "5-0", "4-1", "3-3", "2-1"]
    doubles = frozenset({"6-6", "3-3", "5-5"})
    assert order_hand(BEFORE_CONTRACT.tiles, doubles)[:3] == ["6-6", "5-5", "3-3"]
    assert order_hand(BIG_GAME.tiles, BIG_GAME.trumps)[:4] == ["8-8", "8-7", "8-2", "8-0"]


def test_unplayable_tiles_are_dimmed_and_playable_ones_are_not():
    picture = decode(render_hand(FIVES_ON_TURN))
    _, slots = draw_hand(FIVES_ON_TURN)
    lum = np.asarray(picture.convert("L"), dtype=np.float32)

    def face(slot):
        left, top, right, bottom = slot.box
        return float(np.median(lum[top + 4 : bottom - 4, left + 4 : right - 4]))

    legal = FIVES_ON_TURN.playable
    assert legal is not None
    playable = [face(s) for s in slots if s.tile in legal]
    dimmed = [face(s) for s in slots if s.tile not in legal]
    assert all(s.dimmed == (s.tile not in legal) for s in slots)
    assert min(playable) > max(dimmed) + 40


def test_nothing_is_dimmed_when_it_is_not_the_players_turn():
    _, slots = draw_hand(BEFORE_CONTRACT)
    assert not any(s.dimmed for s in slots)


def test_count_tiles_carry_a_count_chip_and_others_do_not():
    picture = np.asarray(decode(render_hand(BEFORE_CONTRACT)), dtype=np.int32)
    _, slots = draw_hand(BEFORE_CONTRACT)
    for slot in slots:
        left, top, right, _ = slot.box
        above = picture[max(0, top - 32) : top - 2, left:right]
        coral = (np.abs(above - np.array(COUNT)).sum(axis=2) < 40).sum()
        hi, lo = (int(v) for v in slot.tile.split("-"))
        if hi + lo in (5, 10):
            assert coral > 50, slot
        else:
            assert coral == 0, slot


def test_trumps_are_flagged_in_the_layout():
    _, slots = draw_hand(FIVES_ON_TURN)
    assert [s.tile for s in slots if s.trump] == ["5-5", "5-0"]


def test_an_empty_hand_still_draws():
    picture = decode(render_hand(HandScene(tiles=())))
    assert picture.width > 0 and picture.height > 0


def test_a_twenty_tile_hand_fits_the_width_and_keeps_its_tiles():
    tiles = tuple(f"{a}-{b}" for a in range(9, 4, -1) for b in range(4))
    scene = HandScene(
        tiles=tiles,
        trumps=frozenset(t for t in tiles if t.startswith("9")),
        playable=frozenset(tiles[:3]),
        title="A very long title · " * 8,
        top=9,
    )
    picture = decode(render_hand(scene))  # a PNG, small and narrow
    _, slots = draw_hand(scene)
    assert all(0 <= s.box[0] and s.box[2] <= picture.width for s in slots)
    assert Counter(s.tile for s in slots) == Counter(tiles)
