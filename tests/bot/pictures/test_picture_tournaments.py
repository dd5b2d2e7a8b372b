"""The bracket and standings pictures: every kind renders and decodes at the phone-friendly width, names stay
large enough to read at 360 pixels wide, a match sits between the two it follows, and gold marks what is
open and who won."""

from __future__ import annotations

import io
import random

import numpy as np
import pytest
from PIL import Image

from bot.pictures import bracket, standings_table
from bot.pictures.bracket import draw_bracket, render_bracket
from bot.pictures.fonts import text_width
from bot.pictures.palette import GOLD
from bot.pictures.standings_table import render_standings
from bot.pictures.tournament_scenes import BracketColumn, BracketScene, BracketSection, MatchBox, SideLine
from bot.show.tournament_scenes import bracket_pages, standings_pages
from tests.bot.tournaments.results_driver import made_up, play_out

PHONE = 360


def _decode(data: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))


def _gold(pixels: np.ndarray) -> int:
    return int(np.all(np.abs(pixels.astype(int) - GOLD) < 12, axis=2).sum())


def _half_played(format: str, teams: int, seed: int, **options):
    states = play_out(made_up(format, teams, seed, **options), random.Random(seed))
    return states[len(states) // 2]


@pytest.mark.parametrize(
    ("format", "teams", "best_of"),
    [("single", 4, 1), ("double", 8, 3), ("double", 16, 1), ("pools", 64, 1), ("double", 5, 1)],
)
def test_every_bracket_page_renders_at_the_phone_width(format, teams, best_of):
    pages = bracket_pages(_half_played(format, teams, seed=teams, best_of=best_of), "Friday Forty-Two")
    assert (len(pages) > 1) == (teams > 4)
    gold = 0
    for page in pages:
        pixels = _decode(render_bracket(page))
        assert pixels.shape[1] == bracket.WIDTH and 200 < pixels.shape[0] <= bracket.TALLEST
        gold += _gold(pixels)
    assert gold > 0  # an open match's ring, a winner's score


@pytest.mark.parametrize(("format", "count"), [("pools", 16), ("pools", 64), ("round-robin", 6), ("club", 8)])
def test_every_standings_page_renders(format, count):
    pages = standings_pages(_half_played(format, count, seed=count), "Thursday")
    assert len(pages) == (4 if count == 64 else 1)
    for page in pages:
        pixels = _decode(render_standings(page))
        assert pixels.shape[1] == standings_table.WIDTH


def test_names_are_large_enough_to_read_at_360_pixels_wide():
    assert bracket.NAME * PHONE / bracket.WIDTH >= 14 and bracket.TEXT * PHONE / bracket.WIDTH >= 14
    assert standings_table.SIZE * PHONE / standings_table.WIDTH >= 14
    # Two rounds across still fit a team of two longer first names and a two-figure score whole.
    across = bracket.ACROSS
    width = (bracket.WIDTH - 2 * bracket.MARGIN - (across - 1) * bracket.GAP) // across
    assert text_width("Queenie & Ray", bracket.NAME) + text_width("13", bracket.NAME, True) + 26 <= width


def test_a_match_sits_between_the_two_matches_it_follows():
    def side(name):
        return SideLine(name)

    first = BracketColumn(
        "Round 1", (MatchBox("W1-1", side("A"), side("B")), MatchBox("W1-2", side("C"), side("D")))
    )
    second = BracketColumn("Final", (MatchBox("W2-1", side("A"), side("C"), fed_by=("W1-1", "W1-2")),))
    placed, _ = bracket._place((first, second), 0, 300)
    (a, b), (final,) = placed
    assert final.y == (a.y + b.y) // 2
    image = draw_bracket(
        BracketScene("Cup", "Single elimination", (BracketSection("Bracket", (first, second)),))
    )
    assert image.width == bracket.WIDTH


def test_the_champion_is_named_in_gold_on_a_finished_bracket():
    final = play_out(made_up("single", 4, seed=9), random.Random(9))[-1]
    page = bracket_pages(final, "Cup")[0]
    assert page.winners and page.winners[0].startswith("Champion: ")
    header = _decode(render_bracket(page))[90:130]
    assert _gold(header) > 50
