"""Every shape of game on the table: 3, 4, 6 and 8 seats, the auction, stacking, Moon's scores below zero."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import numpy as np
import pytest

from bot.pictures import TableScene, render_table
from bot.pictures.examples import LABELS, RENDERERS, TABLES, every_example, seats
from bot.pictures.palette import SET
from bot.pictures.table import CALL_SIZE, TRICK_TILE, middle, ring_for, round_box, seat_spots
from bot.pictures.tile import tile_box

from .pip_probe import blobs, decode, read_pips, shows_text, tile_faces, tile_patches

# One distinct tile per seat, so a tile read from the pixels names the seat that must have played it.
DISTINCT = ("6-6", "5-1", "4-0", "3-3", "6-2", "5-4", "2-0", "1-1")


@pytest.mark.parametrize("name", sorted(every_example()))
def test_every_example_picture_decodes_small_and_narrow(name):
    kind, scene = every_example()[name]
    picture = decode(RENDERERS[kind](scene))
    assert picture.height > 100


@pytest.mark.parametrize("players", [3, 4, 6, 8])
def test_plates_trick_tiles_calls_and_the_dealers_button_never_overlap(players):
    gap = 6  # and a little felt between any two
    boxes = []
    pill = ring_for(players).call_width  # the widest a call pill is drawn
    for seat, spot in enumerate(seat_spots(players)):
        boxes.append((f"plate {seat}", spot.plate_box))
        w, h = tile_box(TRICK_TILE, spot.vertical)
        boxes.append(
            (
                f"tile {seat}",
                (spot.tile[0] - w // 2, spot.tile[1] - h // 2, spot.tile[0] + w // 2, spot.tile[1] + h // 2),
            )
        )
        cx, cy = spot.call
        boxes.append(
            (
                f"call {seat}",
                (cx - pill // 2, cy - (CALL_SIZE + 16) // 2, cx + pill // 2, cy + (CALL_SIZE + 16) // 2),
            )
        )
        boxes.append((f"chip {seat}", spot.chip_box()))
    for (a, box_a), (b, box_b) in combinations(boxes, 2):
        kinds = {a.split()[0], b.split()[0]}
        if kinds == {"call", "tile"} or kinds == {"chip"}:
            continue  # calls and tiles are never drawn together, nor two dealers
        if kinds == {"chip", "plate"} and a.split()[1] == b.split()[1]:
            continue  # the dealer's button sits on its own plate's corner
        apart = (
            box_a[2] + gap <= box_b[0]
            or box_b[2] + gap <= box_a[0]
            or box_a[3] + gap <= box_b[1]
            or box_b[3] + gap <= box_a[1]
        )
        assert apart, (a, box_a, b, box_b)
    left, top, right, bottom = round_box(players)
    assert all(left + 8 <= box[0] and box[2] <= right - 8 for _, box in boxes)
    assert all(top <= box[1] and box[3] <= bottom for _, box in boxes)


@pytest.mark.parametrize("players", [3, 4, 6, 8])
def test_each_trick_tile_lies_in_front_of_the_seat_that_played_it(players):
    trick = {seat: DISTINCT[seat] for seat in range(players)}
    scene = TableScene(
        seats=seats(players), dealer=0, turn=None, trick=trick, leader=0, bid="31 by Alice", contract="Sixes"
    )
    picture = decode(render_table(scene))
    spots = seat_spots(players)
    area = round_box(players)
    patches = tile_patches(picture.crop(area), TRICK_TILE)
    assert len(patches) == players
    found = {}
    for left, top, right, bottom in ((x0, y0 + area[1], x1, y1 + area[1]) for x0, y0, x1, y1 in patches):
        pips = tuple(sorted(read_pips(picture.crop((left, top, right, bottom))), reverse=True))
        seat = next(s for s, t in trick.items() if tuple(int(v) for v in t.split("-")) == pips)
        centre = ((left + right) / 2, (top + bottom) / 2)
        # The nearest name plate is the player's own, and the tile lies between it and the middle.
        nearest = min(range(players), key=lambda s: _distance(spots[s].plate, centre))
        assert nearest == seat, (seat, trick[seat], centre)
        assert _distance(centre, middle(players)) < _distance(spots[seat].plate, middle(players))
        found[seat] = pips
    assert sorted(found) == list(range(players))


def _distance(a, b) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


def test_a_tile_drawn_in_front_of_the_wrong_seat_is_caught():
    # The probe must be able to fail: move East's tile to West's spot and the nearest plate is West's.
    spots = seat_spots(4)
    assert min(range(4), key=lambda s: _distance(spots[s].plate, spots[3].tile)) == 3 != 1


def test_a_stacked_hand_draws_no_tile_of_a_finished_trick():
    stacked = TABLES["table-stacked"]
    assert stacked.stacked and stacked.trick and stacked.last_trick
    picture = decode(render_table(stacked))
    assert len(tile_faces(picture, 20)) == len(stacked.trick)
    # The same table without stacking shows the last trick: the count above can tell the two apart.
    open_table = decode(render_table(replace(stacked, stacked=False)))
    assert len(tile_faces(open_table, 20)) == len(stacked.trick) + len(stacked.last_trick)


def test_stacking_shows_the_trick_just_finished_until_the_next_lead():
    just_finished = replace(TABLES["table-stacked"], trick={}, leader=None)
    picture = decode(render_table(just_finished))
    assert len(tile_faces(picture, 20)) == len(just_finished.last_trick)


@pytest.mark.parametrize("players", [3, 4, 6, 8])
def test_the_auction_shows_each_seats_call_in_front_of_it(players):
    calls = ("Pass", "30", "2 marks", None, "Pass", "31", "Pass", "1 mark")[:players]
    scene = TableScene(
        seats=seats(players), dealer=players - 1, turn=3 % players, phase="auction", calls=calls, bidder=2
    )
    picture = decode(render_table(scene))
    pill = ring_for(players).call_width - 10  # inside the pill: the plates beside it have words of their own
    for seat, spot in enumerate(seat_spots(players)):
        expected = calls[seat] or ("…" if seat == scene.turn else "waiting")
        assert shows_text(picture, spot.call, expected, CALL_SIZE, pill), (seat, expected)
        for wrong in {"Pass", "30", "31", "2 marks", "1 mark", "waiting"} - {expected}:
            assert not shows_text(picture, spot.call, wrong, CALL_SIZE, pill), (seat, wrong)
    # And no trick tile anywhere: the auction has none.
    assert tile_patches(picture.crop(round_box(players)), TRICK_TILE) == []


def test_a_score_below_zero_is_drawn_with_its_minus_sign():
    moon = TABLES["table-3-moon"]
    assert moon.scores[1] < 0
    board = decode(render_table(moon))
    board = board.crop((0, round_box(3)[3], board.width, board.height))
    red = np.abs(np.asarray(board, dtype=np.int32) - np.array(SET)).sum(axis=2) < 60
    marks = sorted(blobs(red, min_area=6), key=lambda b: b.left)
    assert len(marks) == 2, marks  # the minus and the digit, nothing else in red
    minus, digit = marks
    assert minus.right - minus.left > 2 * (minus.bottom - minus.top)  # a dash, wider than tall
    assert (
        minus.right <= digit.left and abs(minus.centre[0] - digit.centre[0]) < 4
    )  # before the digit, mid-height
    # The same score above zero draws nothing in red: the probe sees the sign, not the number.
    plus = replace(moon, scores=(14, 3, 9))
    board = decode(render_table(plus))
    board = board.crop((0, round_box(3)[3], board.width, board.height))
    assert not (np.abs(np.asarray(board, dtype=np.int32) - np.array(SET)).sum(axis=2) < 60).any()


def test_seat_labels_are_the_scenes_own():
    assert [s.label for s in seats(8)] == list(LABELS[8])
    assert [s.team for s in seats(8)] == [0, 1] * 4
    assert [s.team for s in seats(3, alone=True)] == [0, 1, 2]
