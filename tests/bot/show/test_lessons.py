"""The learning pictures: a review shows every trick's tiles in its seat's column, a record draws with and
without history, and every help page draws."""

from __future__ import annotations

import pytest

from bot.pictures.examples import FOUR, THREE
from bot.pictures.learn_scenes import LevelRow, ReviewedTrick, ReviewScene, StatsScene
from bot.pictures.record import render_record
from bot.pictures.review import COLUMN, LABEL_W, MARGIN, TILE, render_review
from bot.pictures.scenes import HandScene
from bot.show.lessons import PAGES, page_picture, page_text
from tests.bot.pictures.pip_probe import decode, read_pips, tile_faces

TRICKS = (
    ReviewedTrick(0, ((0, "5-5"), (1, "5-1"), (2, "5-0"), (3, "6-5")), 0, 16),
    ReviewedTrick(0, ((0, "6-6"), (1, "6-1"), (2, "6-4"), (3, "6-0")), 0, 11, cost=10, better="2-0"),
    ReviewedTrick(0, ((0, "4-4"), (1, "4-2"), (2, "3-1"), (3, "4-0")), 0, 1),
)


def test_a_review_draws_each_tile_in_its_seats_column_and_row():
    picture = decode(
        render_review(
            ReviewScene(FOUR, 2, "Hand 3 · Alice bid 31 · Fives", TRICKS, "MADE", True, points=(28, 0))
        )
    )
    faces = tile_faces(picture, TILE)
    assert len(faces) == 12
    for left, top, right, bottom in faces:
        seat = (left - MARGIN - LABEL_W) // COLUMN
        row = sorted({f[1] for f in faces}).index(top)
        hi, lo = read_pips(picture.crop((left, top, right, bottom)))
        expected = dict(TRICKS[row].plays)[seat]
        assert {hi, lo} == {int(expected[0]), int(expected[2])}


@pytest.mark.parametrize("seats", [FOUR, THREE])
def test_a_review_of_a_thrown_in_hand_or_three_seats_still_draws(seats):
    assert decode(render_review(ReviewScene(seats, 0, "Hand 1 · thrown in", (), "THROWN IN"))).height > 100


@pytest.mark.parametrize("history", [(), (1500,), (1500, 1530, 1490, 1560)])
def test_a_record_draws_with_any_history(history):
    scene = StatsScene(
        "Alice",
        3,
        2,
        history[-1] if history else None,
        history,
        (LevelRow("30", 2, 1, 1), LevelRow("1 mark", 1, 0, 1)),
        (LevelRow("Nello", 1, 1, 0),),
        15,
        20,
    )
    assert decode(render_record(scene)).height > 300


def test_every_help_page_draws_and_names_its_place():
    for number, page in enumerate(PAGES):
        assert decode(page_picture(number)).width > 300
        assert page.title in page_text(number) and f"page {number + 1} of {len(PAGES)}" in page_text(number)


def test_the_page_on_ranks_shows_every_tile_of_the_suit_highest_first():
    number = next(n for n, page in enumerate(PAGES) if page.title == "Tiles and suits")
    scene = PAGES[number].scene
    assert isinstance(scene, HandScene) and "The sixes" in scene.title
    picture = decode(page_picture(number))
    faces = sorted(tile_faces(picture, 30), key=lambda box: box[0])
    shown = [tuple(sorted(read_pips(picture.crop(box)), reverse=True)) for box in faces]
    assert shown == [(6, 6), (6, 5), (6, 4), (6, 3), (6, 2), (6, 1), (6, 0)]
