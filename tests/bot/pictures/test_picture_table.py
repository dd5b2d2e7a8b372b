"""The table, the end of a hand and the end of a game: they decode, keep their size and show what they say."""

from __future__ import annotations

import numpy as np
import pytest

from bot.pictures import (
    GameEndScene,
    HandEndScene,
    SeatInfo,
    TableScene,
    render_game_end,
    render_hand_end,
    render_table,
)
from bot.pictures.board import COLUMN, MARGIN
from bot.pictures.palette import GOLD
from bot.pictures.summary import STRIP
from bot.pictures.table import TRICK_TILE, WIDTH, picture_height, round_box, seat_spots
from bot.pictures.tile import tile_box

from .pip_probe import decode, read_pips, tile_patches


def seats(*names: str) -> tuple[SeatInfo, ...]:
    return tuple(SeatInfo(n, computer=i % 2 == 1) for i, n in enumerate(names))


FOUR = TableScene(
    seats=seats("Alice", "Bertha", "Carlos the Magnificent of Lubbock", "Dee"),
    dealer=3,
    turn=2,
    trick={0: "5-3", 1: "5-5", 3: "6-5"},
    last_trick={0: "6-6", 1: "6-2", 2: "4-1", 3: "6-0"},
    last_winner=0,
    bid="31 by North",
    contract="Fives",
    scores=(3, 5),
    hand_points=(18, 6),
    status="South to play",
)
THREE = TableScene(
    seats=seats("Ann", "Bo", "Cy"),
    dealer=0,
    turn=1,
    trick={0: "7-3/3", 2: "9-9"},
    bid="34 by East",
    contract="Threes",
    team_names=("Ann", "Bo", "Cy"),
    scores=(2, 7, 11),
    status="East to play",
    top=9,
)
SIX = TableScene(
    seats=seats("Ann", "Ben", "Cat", "Dan", "Eve", "Fay"),
    dealer=5,
    turn=None,
    trick={0: "6-6", 1: "6-1", 2: "6-3", 3: "6-4", 4: "6-0", 5: "6-2"},
    last_trick={i: t for i, t in enumerate(("2-2", "2-1", "2-0", "5-2", "3-2", "4-2"))},
    last_winner=3,
    bid="2 marks by Northwest",
    contract="Follow-me",
    team_names=("Ann·Cat·Eve", "Ben·Dan·Fay"),
    scores=(0, 4),
)
POINTS = TableScene(
    seats=seats("Alice", "Bertha", "Carlos", "Dee"),
    dealer=0,
    turn=None,
    bid="70 by West",
    contract="Nello (doubles low)",
    score_kind="points",
    scores=(212, 388),
    target=400,
    hand_points=(30, 15),
    out=1,
    status="Hand over",
    top=8,
)


@pytest.mark.parametrize("scene", [FOUR, THREE, SIX, POINTS], ids=["four", "three", "six", "points"])
def test_table_decodes_at_its_size_and_shows_each_trick_tile_in_front_of_its_seat(scene):
    picture = decode(render_table(scene))
    assert picture.size == (WIDTH, picture_height(scene))
    spots = seat_spots(len(scene.seats))
    for seat, text in scene.trick.items():
        spot = spots[seat]
        w, h = tile_box(TRICK_TILE, spot.vertical)
        left, top = spot.tile[0] - w // 2, spot.tile[1] - h // 2
        hi, lo = (int(v) for v in text.split("/")[0].split("-"))
        assert read_pips(picture.crop((left, top, left + w, top + h))) == (hi, lo), (seat, text)


def test_table_shows_no_trick_tiles_beyond_those_played():
    # The round part of the table holds the trick's tiles and nothing else that looks like one (the last
    # trick lies on the board below it).
    for scene in (FOUR, SIX):
        picture = decode(render_table(scene)).crop(round_box(len(scene.seats)))
        assert len(tile_patches(picture, TRICK_TILE)) == len(scene.trick)


def test_turn_and_last_winner_are_highlighted_in_gold():
    def gold_pixels(scene):
        arr = np.asarray(decode(render_table(scene)), dtype=np.int32)
        return int((np.abs(arr - np.array(GOLD)).sum(axis=2) < 30).sum())

    quiet = TableScene(
        seats=FOUR.seats,
        dealer=3,
        turn=None,
        trick=FOUR.trick,
        bid=FOUR.bid,
        contract=FOUR.contract,
        scores=FOUR.scores,
    )
    with_turn = TableScene(
        seats=FOUR.seats,
        dealer=3,
        turn=2,
        trick=FOUR.trick,
        bid=FOUR.bid,
        contract=FOUR.contract,
        scores=FOUR.scores,
    )
    assert gold_pixels(with_turn) > gold_pixels(quiet) + 200
    assert gold_pixels(FOUR) > gold_pixels(with_turn) + 100  # FOUR adds the last trick's winner


def test_more_marks_draw_more_tally_strokes():
    def ink(scores):
        scene = TableScene(seats=FOUR.seats, dealer=0, turn=None, scores=scores)
        arr = np.asarray(decode(render_table(scene)).convert("L"))
        top = round_box(4)[3]
        return int(
            (arr[top : top + 200, MARGIN + 70 : MARGIN + COLUMN - 60] > 200).sum()
        )  # left of the numbers

    assert ink((0, 0)) < ink((3, 0)) < ink((6, 0))


HAND_END = HandEndScene(
    seats=FOUR.seats,
    team_names=("N–S", "E–W"),
    bidder=0,
    bid="31",
    contract="Fives",
    made=True,
    points=(34, 8),
    counts=(("5-5", "6-4", "5-0", "4-1"), ("3-2",)),
    award=(1, 0),
    score_kind="marks",
    scores=(4, 5),
    target=7,
)
SET_HAND = HandEndScene(
    seats=SIX.seats,
    team_names=SIX.team_names,
    bidder=1,
    bid="2 marks",
    contract="Sixes",
    made=False,
    points=(10, 32),
    counts=(("5-5",), ("6-4", "5-0", "4-1", "3-2")),
    award=(2, 0),
    score_kind="marks",
    scores=(6, 5),
    target=7,
)
THROWN_IN = HandEndScene(
    seats=THREE.seats,
    team_names=("Ann", "Bo", "Cy"),
    bidder=None,
    bid=None,
    contract=None,
    made=None,
    points=(0, 0, 0),
    counts=((), (), ()),
    award=None,
    score_kind="points",
    scores=(120, 88, 201),
    target=250,
)


@pytest.mark.parametrize("scene", [HAND_END, SET_HAND, THROWN_IN], ids=["made", "set", "thrown-in"])
def test_hand_end_decodes_and_shows_the_count_tiles_caught(scene):
    picture = decode(render_hand_end(scene))
    assert picture.width == STRIP
    caught = sum(len(c) for c in scene.counts)
    assert len(tile_patches(picture, 30)) == caught


@pytest.mark.parametrize(
    "scene",
    [
        GameEndScene(
            team_names=("N–S", "E–W"),
            players=(("Alice", "Carlos"), ("Bertha", "Dee")),
            scores=(7, 5),
            score_kind="marks",
            winner=0,
            hands_played=14,
        ),
        GameEndScene(
            team_names=("Ann", "Bo", "Cy"),
            players=(("Ann",), ("Bo",), ("Cy",)),
            scores=(301, 412, 250),
            score_kind="points",
            winner=1,
            hands_played=9,
        ),
    ],
    ids=["marks", "points"],
)
def test_game_end_decodes(scene):
    picture = decode(render_game_end(scene))
    assert picture.width == 820 and picture.height > 300
    gold = np.abs(np.asarray(picture, dtype=np.int32) - np.array(GOLD)).sum(axis=2) < 30
    assert gold.sum() > 500  # the winners' title and plate


def test_crowded_scenes_stay_within_width_and_size():
    long = "Bartholomew Fitzgerald-Weatherby III"
    crowded = TableScene(
        seats=tuple(SeatInfo(f"{long} {i}", computer=True, away=i == 2) for i in range(6)),
        dealer=0,
        turn=5,
        trick={i: f"{9 - i}-{i}/{i}" for i in range(5)},
        last_trick={i: f"{i}-{i}" for i in range(6)},
        last_winner=5,
        bid="4 marks by Northwest, a long way over the last bid",
        contract="Nello (doubles a suit of their own)",
        team_names=(long, long + " and friends"),
        scores=(23, 17),
        hand_points=(41, 1),
        status=long + " to play " * 4,
    )
    decode(render_table(crowded))
    big_hand = HandEndScene(
        seats=crowded.seats,
        team_names=crowded.team_names,
        bidder=5,
        bid="4 marks",
        contract=long * 2,
        made=True,
        points=(42, 0),
        counts=(("5-5", "6-4", "5-0", "4-1", "3-2", "7-3", "8-2", "9-1", "5-5", "6-4", "7-3", "8-2"), ()),
        award=(4, 0),
        score_kind="marks",
        scores=(23, 17),
        target=7,
    )
    assert decode(render_hand_end(big_hand)).width == STRIP
    assert decode(
        render_game_end(
            GameEndScene(
                team_names=crowded.team_names,
                players=((long,) * 3, (long,) * 3),
                scores=(23, 17),
                score_kind="marks",
                winner=0,
                hands_played=40,
            )
        )
    )


def test_pictures_drawn_from_many_threads_match_those_drawn_alone():
    from concurrent.futures import ThreadPoolExecutor

    expected = render_table(FOUR)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda scene: render_table(scene), [FOUR] * 8))
    assert all(r == expected for r in results)
