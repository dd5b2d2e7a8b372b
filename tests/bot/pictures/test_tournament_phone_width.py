"""The tournament pictures read on a phone: every page of a 4-, 8-, 16- and 64-team bracket (single and double
elimination, and pools into a championship and a consolation bracket), and the pools' and a club night's
standings, drawn part-way through with teams named as people name them, then scaled to 360 pixels wide and
every piece of text measured there as the table message's is: names, scores and every other word at least
14 pixels. Each page stays about a phone screen's shape and well under a megabyte."""

from __future__ import annotations

import random

import pytest

from bot.pictures import bracket
from bot.pictures.bracket import draw_bracket, render_bracket
from bot.pictures.standings_table import draw_standings, render_standings
from bot.pictures.tournament_scenes import BracketScene
from bot.show.tournament_scenes import bracket_pages, standings_pages
from bot.tournaments.model import Entrant, Tournament
from bot.tournaments.schedule import new_tournament
from tests.bot.tournaments.results_driver import play_out

from .text_probe import measured, too_small

FIRST = (
    "Queenie Ada Basil Renée Cleo Dee Etta Fitz Gwen Hank Ivy Jude Kit Lou Mae Ned Opal Pete Ray Sue".split()
)
BRACKETS = [
    ("single", 4),
    ("double", 4),
    ("single", 8),
    ("double", 8),
    ("single", 16),
    ("double", 16),
    ("single", 64),
    ("double", 64),
    ("pools", 64),
]
MEGABYTE = 1_000_000


def teams(count: int) -> list[Entrant]:
    """Teams of two first names, the longest ones the bot will meet ("Queenie & Renée"), two of computers."""
    out = []
    for i in range(count):
        a, b = FIRST[i % len(FIRST)], FIRST[(3 * i + 1) % len(FIRST)]
        computer = i >= count - 2
        out.append(Entrant(i, f"Computers {i + 1}" if computer else f"{a} & {b}", computer=computer))
    return out


def part_way(format: str, count: int) -> Tournament:
    """A tournament about half played: finished matches with scores, open ones, ones still waiting."""
    rng = random.Random(count)
    states = play_out(new_tournament(format, teams(count), rng), rng)
    return states[len(states) // 2]


def bracket_cases() -> dict[str, BracketScene]:
    cases = {}
    for format, count in BRACKETS:
        pages = bracket_pages(part_way(format, count), "Hallettsville State Championship")
        for n, page in enumerate(pages, start=1):
            cases[f"{format}-{count} page {n} of {len(pages)}"] = page
    return cases


BRACKET_PAGES = bracket_cases()


@pytest.mark.parametrize("name", sorted(BRACKET_PAGES))
def test_every_bracket_page_reads_at_phone_width(name):
    scene = BRACKET_PAGES[name]
    picture, texts = measured(draw_bracket, scene)
    assert too_small(picture.width, texts) == []
    boxes = [box for s in scene.sections for c in s.columns for box in c.matches]
    names = {side.name for box in boxes for side in (box.top, box.bottom) if side.known}
    scores = {side.score for box in boxes for side in (box.top, box.bottom) if side.score}
    written = {t.text for t in texts}
    # The names and scores were written (and so measured), a name whole or cut short with an ellipsis.
    assert all(n in written or any(t.endswith("…") and n.startswith(t[:-1]) for t in written) for n in names)
    assert scores <= written
    assert picture.height <= bracket.TALLEST, "about a phone screen's shape"
    assert len(render_bracket(scene)) < MEGABYTE


@pytest.mark.parametrize(("format", "count"), [("pools", 16), ("pools", 64), ("round-robin", 6), ("club", 8)])
def test_every_standings_page_reads_at_phone_width(format, count):
    for page in standings_pages(part_way(format, count), "Hallettsville State Championship"):
        picture, texts = measured(draw_standings, page)
        assert too_small(picture.width, texts) == []
        assert {row.name for table in page.tables for row in table.rows} <= {t.text for t in texts}
        assert picture.height <= 2.3 * picture.width
        assert len(render_standings(page)) < MEGABYTE


def test_the_measure_fails_on_type_too_small_for_a_phone():
    scene = BRACKET_PAGES["double-16 page 1 of 3"]
    picture, texts = measured(draw_bracket, scene)
    # The same words on a picture twice as wide (four rounds across, as the bracket once was): 7 pixels.
    assert texts and len(too_small(2 * picture.width, texts)) == len(texts)
