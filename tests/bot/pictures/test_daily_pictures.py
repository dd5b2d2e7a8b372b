"""The daily deals' and puzzles' pictures: 720 wide (type 28 and more: 14 at a phone's 360), every hand and
the trick on a puzzle's question, a line per tile on its answer, a line per deal on a day's card."""

from __future__ import annotations

import io

from PIL import Image

from bot.learn.puzzles import PuzzleAnswer, PuzzleQuestion
from bot.learn.ratings import Rating
from bot.pictures.day_card import DayRow, DayScene, draw_day, render_day
from bot.pictures.puzzle import draw_puzzle, render_puzzle
from bot.show.puzzle_words import answer_scene, question_scene
from engine import Rules
from engine.ai.puzzles import find


def test_a_puzzle_question_and_answer_draw_at_720_wide():
    puzzle = find(b"pictures", Rules.from_preset("standard"))
    assert puzzle is not None
    question = question_scene(PuzzleQuestion(1, puzzle, True, Rating()))
    assert len(question.seats) == 4 and sum(row.to_play for row in question.seats) == 1
    assert sum(len(row.tiles) for row in question.seats) + len(question.trick) == 28 - 4 * len(
        puzzle.hand().tricks
    )
    answer = answer_scene(PuzzleAnswer(1, puzzle, puzzle.best, True, None, Rating()))
    assert [o.best for o in answer.outcomes].count(True) == 1 and answer.outcomes[0].tile == puzzle.best
    for scene in (question, answer):
        image = Image.open(io.BytesIO(render_puzzle(scene)))
        assert image.width == 720 and image.height == draw_puzzle(scene).height


def test_a_day_card_has_a_line_per_deal():
    rows = tuple(DayRow(str(n), f"deal {n} words", "1/2", n % 2 == 0) for n in range(1, 9))
    short = DayScene("Daily deals · 2026-11-27", "62.5%", "5 of 8", rows[:2])
    full = DayScene("Daily deals · 2026-11-27", "62.5%", "5 of 8", rows, "Streak: 3 days in a row")
    assert draw_day(full).height > draw_day(short).height
    assert Image.open(io.BytesIO(render_day(full))).width == 720
