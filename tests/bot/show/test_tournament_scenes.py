"""The tournament scenes: every match once across a bracket's pages, each box in its state with the right
stand-ins and scores, the winners named, the pools' and a club night's tables in standings order."""

from __future__ import annotations

import random

from bot.pictures.bracket import TALLEST, page_height
from bot.pictures.tournament_scenes import DONE, OPEN, PASSED, WAITING
from bot.show import render
from bot.show.tournament_scenes import MOST_ROWS, bracket_pages, standings_pages
from bot.show.tournament_screens import MOST_PICTURES, shown_pages
from bot.show.tournament_words import ordinal
from bot.tournaments.model import CLUB, POOL
from bot.tournaments.progress import champion, record_game
from bot.tournaments.standings import pool_standings
from tests.bot.tournaments.results_driver import made_up, play_out


def _boxes(pages):
    return [box for page in pages for s in page.sections for c in s.columns for box in c.matches]


def test_a_small_single_elimination_is_one_page_with_every_match():
    for count in (4, 8):
        t = made_up("single", count, seed=count)
        pages = bracket_pages(t, "Open")
        assert len(pages) == 1 and pages[0].footer == ""
        assert sorted(b.id for b in _boxes(pages)) == sorted(m.id for m in t.matches)


def test_a_16_team_bracket_is_rounds_two_across_on_pages_of_a_phones_shape_every_match_once():
    t = made_up("double", 16, seed=1)
    pages = bracket_pages(t, "Open")
    assert sorted(b.id for b in _boxes(pages)) == sorted(m.id for m in t.matches)
    assert 1 < len(pages) <= MOST_PICTURES
    assert [p.footer for p in pages] == [f"Page {n} of {len(pages)}" for n in range(1, len(pages) + 1)]
    assert all(page_height(p) <= TALLEST for p in pages)
    # Each bracket's rounds in order, whatever the pages: the winners' four, the losers' six, the final.
    rounds: dict[str, list[str]] = {}
    for page in pages:
        for section in page.sections:
            rounds.setdefault(section.title, []).extend(c.title for c in section.columns)
    assert list(rounds) == ["Winners' bracket", "Losers' bracket", "Final"]
    assert rounds["Winners' bracket"] == ["Round 1", "Quarter-finals", "Semi-finals", "Winners' final"]
    assert len(rounds["Losers' bracket"]) == 6 and rounds["Losers' bracket"][-1] == "Losers' final"
    # A page starts a bracket's band of two rounds, never its second round.
    first = pages[0].sections[0]
    assert [c.title for c in first.columns[:2]] == ["Round 1", "Quarter-finals"]


def test_a_64_team_bracket_is_the_later_rounds_then_parts_of_the_earlier_each_match_once():
    t = made_up("pools", 64, seed=2)
    pages = bracket_pages(t, "State")
    bracket = [m.id for m in t.matches if m.stage != POOL]
    assert sorted(b.id for b in _boxes(pages)) == sorted(bracket)
    assert all(len(c.matches) <= MOST_ROWS for p in pages for s in p.sections for c in s.columns)
    assert all(page_height(p) <= TALLEST for p in pages)
    assert pages[0].footer == f"Page 1 of {len(pages)} · earlier rounds on the pages after"
    # The last page: the consolation's second eight first-round matches beside the four they lead to.
    (part,) = pages[-1].sections
    assert part.title == "Consolation bracket"
    assert [c.title for c in part.columns] == ["Round 1 · 9–16", "Round 2 · 5–8"]
    first, second = part.columns
    fed = {f for box in second.matches for f in box.fed_by}
    assert fed == {box.id for box in first.matches}


def test_a_long_losers_round_is_split_beside_the_round_it_feeds_one_to_one():
    pages = bracket_pages(made_up("double", 64, seed=3), "Open")
    parts = [
        s for p in pages for s in p.sections if s.title == "Losers' bracket" and "·" in s.columns[0].title
    ]
    assert [[c.title for c in s.columns] for s in parts] == [
        ["Round 1 · 1–8", "Round 2 · 1–8"],
        ["Round 1 · 9–16", "Round 2 · 9–16"],
    ]
    for section in parts:
        first, second = section.columns
        assert {f for box in second.matches for f in box.fed_by} - {""} == {b.id for b in first.matches}


def test_the_message_carries_the_pages_where_matches_are_played_first():
    t = made_up("double", 64, seed=4)  # nothing played: the open matches are all in the first round
    pages = bracket_pages(t, "Open")
    assert len(pages) > MOST_PICTURES
    shown = shown_pages(pages)
    assert len(shown) == MOST_PICTURES and shown == sorted(shown)
    opens = [n for n, p in enumerate(pages) if any(b.state == OPEN for b in _boxes([p]))]
    assert opens and set(opens[:MOST_PICTURES]) <= set(shown)
    assert shown_pages(pages[:3]) == [0, 1, 2]


def test_boxes_show_byes_open_matches_stand_ins_and_scores():
    t = made_up("double", 5, seed=3)
    boxes = {b.id: b for b in _boxes(bracket_pages(t, "Doubles"))}
    assert {b.state for b in boxes.values() if b.id.startswith("W1")} == {PASSED, OPEN}
    assert boxes["W3-1"].state == WAITING and boxes["W3-1"].top.name == "winner W2-1"
    assert not boxes["W3-1"].top.known
    assert boxes["L1-1"].top.name == "loser W1-2" and boxes["W3-1"].fed_by == ("W2-1", "W2-2")
    assert boxes["F"].fed_by == ("W3-1", "L3-1")
    t = record_game(t, "W1-2", (7, 5))
    box = {b.id: b for b in _boxes(bracket_pages(t, "Doubles"))}["W1-2"]
    assert box.state == DONE and (box.top.score, box.bottom.score) == ("7", "5")
    assert box.top.won and box.bottom.lost and not box.top.lost


def test_a_best_of_three_box_counts_games_and_stays_open_until_decided():
    t = made_up("single", 2, seed=1, best_of=3)
    t = record_game(t, "W1-1", (7, 6))
    box = _boxes(bracket_pages(t, "Series"))[0]
    assert box.state == OPEN and (box.top.score, box.bottom.score) == ("1", "0")
    assert not box.top.won and not box.bottom.lost
    assert "best of 3" in bracket_pages(t, "Series")[0].subtitle


def test_the_champion_and_the_consolation_winner_are_named():
    final = play_out(made_up("pools", 12, seed=4), random.Random(4))[-1]
    page = bracket_pages(final, "Cup")[0]
    top = final.name_of(champion(final) or 0)
    assert page.winners[0] == f"Champion: {top}" and page.winners[1].startswith("Consolation: ")


def test_pool_tables_follow_the_standings_and_mark_who_goes_on():
    t = play_out(made_up("pools", 16, seed=5), random.Random(5))[40]
    pages = standings_pages(t, "Open")
    assert len(pages) == 1 and [table.title for table in pages[0].tables] == [
        "Pool A",
        "Pool B",
        "Pool C",
        "Pool D",
    ]
    for table, pool in zip(pages[0].tables, t.pools, strict=True):
        lines = pool_standings(t, pool.name)
        assert [row.name for row in table.rows] == [t.name_of(s.entrant) for s in lines]
        assert [row.marked for row in table.rows] == [True, True, False, False]
        assert [row.tag == "by draw" for row in table.rows] == [s.drawn for s in lines]
        assert table.columns == ("W", "L", "For", "Agst")


def test_a_club_night_table_lists_every_player():
    t = play_out(made_up("club", 6, seed=6), random.Random(6), forfeits=0)[-1]
    (page,) = standings_pages(t, "Club")
    (table,) = page.tables
    assert len(table.rows) == 6 and table.columns == ("Won", "Marks")
    assert page.footer.startswith("Winner of the night: ")
    assert table.note == "all games played"
    assert all(m.stage == CLUB for m in t.matches)


def test_ordinals():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "23rd",
        "101st",
        "111th",
    ]


async def test_the_pictures_thread_draws_brackets_and_standings():
    t = made_up("pools", 8, seed=7)
    bracket_png = await render.draw("render_bracket", bracket_pages(t, "Cup")[0])
    standings_png = await render.draw("render_standings", standings_pages(t, "Cup")[0])
    assert bracket_png and bracket_png.startswith(b"\x89PNG")
    assert standings_png and standings_png.startswith(b"\x89PNG")
