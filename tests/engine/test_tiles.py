"""RULES.md §1: tiles, sets and counts."""

import pytest

from engine import Rules, TileError, TileSet, count_points, format_tile, parse_tile
from tests.engine.helpers import make_hand


def test_either_order_in_high_end_first_out():
    assert parse_tile("4-6") == parse_tile("6-4") == (6, 4)
    assert format_tile((4, 6)) == "6-4"
    assert format_tile(parse_tile(" 0-5 ")) == "5-0"
    assert [parse_tile("4-6") for _ in range(2)] == [(6, 4)] * 2  # the second from the memo


@pytest.mark.parametrize("bad", [["6-4"], None, 64])
def test_a_tile_that_is_no_text_is_an_error_not_a_crash(bad):
    with pytest.raises(TileError):
        parse_tile(bad)


@pytest.mark.parametrize("bad", ["6", "6-4-1", "a-b", "10-2", "", "6 4", "-6-4"])
def test_malformed_tiles_are_errors(bad):
    with pytest.raises(TileError):
        parse_tile(bad)


def test_tile_outside_the_set_says_so():
    with pytest.raises(TileError, match="not in this game's set"):
        TileSet(6).id_of("7-3")
    with pytest.raises(TileError, match="1-0"):
        TileSet(6, removed=((1, 0),)).id_of("0-1")
    assert TileSet(8).name(TileSet(8).id_of("3-7")) == "7-3"


@pytest.mark.parametrize("top, count", [(6, 28), (8, 45), (9, 55)])
def test_double_n_set_sizes(top, count):
    assert len(TileSet(top)) == count


def test_counts_and_the_42_total():
    assert [count_points(t) for t in ["5-5", "6-4", "5-0", "4-1", "3-2", "6-6", "3-1"]] == [
        10,
        10,
        5,
        5,
        5,
        0,
        0,
    ]
    assert TileSet(6).total_count() == 35
    assert Rules.from_preset("standard").layout.total == 42


def test_seats_and_partnerships():
    r = Rules.from_preset("standard")
    assert r.seat_names == ("North", "East", "South", "West")
    assert [r.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert r.team_names == ("N–S", "E–W")


def test_tile_outside_set_in_a_play_is_an_illegal_action():
    h = make_hand({0: ["6-6"]}, calls=["31", "pass", "pass", "pass"], contract="sixes")
    with pytest.raises(ValueError, match="not in this game's set"):
        h.apply("7-3")
