"""The player's panel: narrow enough for a phone, and it shows the hand, the trick with its leader, the last
trick, the auction's calls and the score as the scene says."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from bot.pictures import HandScene, PanelScene, TableScene, render_panel
from bot.pictures.examples import PANELS, TABLES, seats
from bot.pictures.palette import SET
from bot.pictures.panel import VALUE, WIDTH, draw_panel

from .pip_probe import blobs, decode, read_pips, shows_text, tile_faces


def pips_of(text: str) -> tuple[int, int]:
    hi, lo = (int(v) for v in text.split("/")[0].split("-"))
    return hi, lo


@pytest.mark.parametrize("name", sorted(PANELS))
def test_panel_is_phone_sized_and_holds_the_hand_and_the_trick(name):
    scene = PANELS[name]
    picture = decode(render_panel(scene))
    drawn, layout = draw_panel(scene)
    assert picture.size == drawn.size and picture.width == WIDTH <= 800
    assert Counter(slot.tile for slot in layout.hand) == Counter(scene.hand.tiles)
    for slot in layout.hand:
        assert sorted(read_pips(picture.crop(slot.box)), reverse=True) == sorted(
            pips_of(slot.tile), reverse=True
        )
    if scene.table.phase != "auction":
        assert set(layout.trick) == set(scene.table.trick)
        for seat, box in layout.trick.items():
            assert read_pips(picture.crop(box)) == pips_of(scene.table.trick[seat])


def test_the_trick_runs_in_playing_order_from_its_leader():
    scene = PANELS["panel-8"]
    _, layout = draw_panel(scene)
    leader = scene.table.trick_leader()
    # In reading order: eight seats go on two rows, left to right.
    order = sorted(layout.trick, key=lambda seat: (layout.trick[seat][1], layout.trick[seat][0]))
    assert len({box[1] for box in layout.trick.values()}) == 2
    assert order[0] == leader
    assert order == [(leader + i) % 8 for i in range(len(order))]


def test_last_trick_is_shown_in_order_and_with_its_tiles():
    scene = PANELS["panel-4"]
    picture = decode(render_panel(scene))
    _, layout = draw_panel(scene)
    last = scene.table.last_trick
    assert set(layout.last) == set(last)
    for seat, box in layout.last.items():
        assert read_pips(picture.crop(box)) == pips_of(last[seat])
    first = min(layout.last, key=lambda seat: layout.last[seat][0])
    assert first == scene.table.last_trick_leader()


def test_a_stacked_hand_shows_no_tile_of_a_finished_trick_in_the_panel():
    scene = PANELS["panel-stacked"]
    assert scene.table.stacked and scene.table.trick and scene.table.last_trick
    visible = len(scene.table.trick) + len(scene.hand.tiles)
    assert len(tile_faces(decode(render_panel(scene)), 20)) == visible
    opened = replace(scene, table=replace(scene.table, stacked=False))
    assert len(tile_faces(decode(render_panel(opened)), 20)) == visible + len(scene.table.last_trick)


@pytest.mark.parametrize("players", [3, 4, 6, 8])
def test_the_panel_shows_each_seats_call_during_the_auction(players):
    calls = ("Pass", "30", "2 marks", None, "Pass", "31", "Pass", "1 mark")[:players]
    table = TableScene(
        seats=seats(players), dealer=players - 1, turn=3 % players, phase="auction", calls=calls, bidder=2
    )
    scene = PanelScene(table, HandScene(tiles=("6-6", "5-0")), seat=0)
    picture = decode(render_panel(scene))
    _, layout = draw_panel(scene)
    assert set(layout.trick) == set(range(players))
    for seat, (left, top, right, bottom) in layout.trick.items():
        centre = ((left + right) // 2, (top + bottom) // 2)
        expected = calls[seat] or ("…" if seat == table.turn else "waiting")
        inside = right - left - 10  # the pill's own width: its neighbours' words stay out
        assert shows_text(picture, centre, expected, VALUE, inside), (seat, expected)
        for wrong in {"Pass", "30", "31", "2 marks", "1 mark"} - {expected}:
            assert not shows_text(picture, centre, wrong, VALUE, inside), (seat, wrong)
    # Calls go round from the dealer's left, in reading order.
    assert sorted(layout.trick, key=lambda s: (layout.trick[s][1], layout.trick[s][0]))[0] == 0


def test_a_moon_score_below_zero_carries_its_minus_sign_in_the_panel():
    scene = PANELS["panel-3-moon"]
    assert min(scene.table.scores) < 0
    picture = np.asarray(decode(render_panel(scene)), dtype=np.int32)
    red = np.abs(picture - np.array(SET)).sum(axis=2) < 60
    marks = sorted(blobs(red[:200], min_area=6), key=lambda b: b.left)  # the score strip is near the top
    assert len(marks) == 2
    minus, digit = marks
    assert minus.right - minus.left > 2 * (minus.bottom - minus.top) and minus.right <= digit.left
    positive = replace(scene, table=replace(scene.table, scores=tuple(abs(s) for s in scene.table.scores)))
    picture = np.asarray(decode(render_panel(positive)), dtype=np.int32)
    assert not (np.abs(picture - np.array(SET)).sum(axis=2) < 60)[:200].any()


def test_twelve_tiles_rack_in_two_rows_that_fit():
    scene = PANELS["panel-72-discard"]
    assert len(scene.hand.tiles) == 12
    _, layout = draw_panel(scene)
    tops = sorted({slot.box[1] for slot in layout.hand})
    assert len(tops) == 2
    assert all(0 <= slot.box[0] and slot.box[2] <= WIDTH for slot in layout.hand)


def test_long_and_foreign_names_are_cut_cleanly():
    names = ("Renée-Éloïse de la Montagne du Lac", "Ярослав Святославович", "田中 太郎", "Zoë")
    table = replace(
        TABLES["table-4"], seats=tuple(replace(s, name=n) for s, n in zip(seats(4), names, strict=True))
    )
    decode(render_panel(PanelScene(table, HandScene(tiles=("6-6",)), seat=1)))
