"""Tiles read back from their pixels: every value 0..9 on each half, upright and lying, at several sizes."""

from __future__ import annotations

import numpy as np
import pytest

from bot.pictures import render_tile
from bot.pictures.fonts import font
from bot.pictures.tile import read_tile

from .pip_probe import PATTERNS, read_pips, read_tile_values

VALUES = range(10)


@pytest.mark.parametrize("vertical", [False, True])
def test_every_tile_shows_its_pips_in_the_traditional_layout(vertical):
    wrong = []
    for a in VALUES:
        for b in VALUES:
            img = render_tile(a, b, size=40, vertical=vertical)
            if read_tile_values(img) != (a, b):
                wrong.append((a, b, read_tile_values(img)))
    assert not wrong, f"tiles whose pixels read differently: {wrong[:5]}"


@pytest.mark.parametrize("size", [24, 56, 96])
def test_pips_stay_countable_at_small_and_large_sizes(size):
    for a, b in ((9, 8), (7, 0), (6, 5), (3, 2), (8, 8)):
        assert read_pips(render_tile(a, b, size=size, vertical=True)) == (a, b)
        assert read_pips(render_tile(a, b, size=size, vertical=False)) == (a, b)


@pytest.mark.parametrize(
    "size,vertical,expected", [(64, False, (128, 64)), (64, True, (64, 128)), (33, True, (33, 66))]
)
def test_tile_has_the_promised_size_and_transparent_corners(size, vertical, expected):
    img = render_tile(6, 4, size=size, vertical=vertical)
    assert img.size == expected
    assert img.mode == "RGBA"
    alpha = np.asarray(img)[..., 3]
    assert alpha[0, 0] == 0 and alpha[-1, -1] == 0  # rounded corners
    assert alpha[expected[1] // 2, expected[0] // 4] == 255  # solid face


def test_the_patterns_the_probe_checks_have_the_right_pip_counts():
    # Guards the test's own reference: a typo in a pattern would make the tile test meaningless.
    for value, rows in PATTERNS.items():
        assert sum(row.count("x") for row in rows) == value


def test_a_misdrawn_tile_is_caught():
    # The probe must be able to fail: a 6-4 is not read as a 6-5 or a 5-4.
    img = render_tile(6, 4, size=40)
    assert read_tile_values(img) == (6, 4)
    assert read_tile_values(render_tile(5, 4, size=40)) != (6, 4)


def test_rendered_tile_is_a_copy_callers_may_draw_on():
    first = render_tile(1, 1, size=30)
    first.paste((255, 0, 0, 255), (0, 0, 30, 30))
    assert read_pips(render_tile(1, 1, size=30)) == (1, 1)


def test_declared_lead_suffix_is_read_apart_from_the_tile():
    tile = read_tile("7-3/3")
    assert (tile.hi, tile.lo, tile.declared) == (7, 3, 3)
    assert read_tile("4-6").name == "6-4"


def test_font_has_the_en_dash_and_middle_dot_of_team_names():
    f = font(30)
    missing = f.getmask("\ue000").getbbox()  # a private-use character: the font's "missing" box
    for ch in "–·":
        box = f.getmask(ch).getbbox()
        assert box is not None and box != missing, f"{ch!r} is not in the font"
