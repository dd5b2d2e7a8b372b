"""History, stats and the rating board in words: hands in order, figures also in text."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.learn.player_record import GamePlayed, player_record
from bot.learn.ratings import Rating
from bot.pictures.examples import FOUR
from bot.show.records import (
    MAX_REVIEW_BUTTONS,
    StoredGame,
    history_text,
    rating_board_text,
    reviewable,
    stats_scene,
    stats_text,
)
from engine import Hand, Rules, write_record
from engine.ai.arena import play_hand
from engine.ai.easy import EasyPlayer


def _game(table_id: int, hands: int) -> StoredGame:
    rules = Rules.from_preset("standard", {"forced_bid": True})
    rng = random.Random(table_id)
    records = tuple(
        write_record(play_hand(Hand.new(rules, i % 4, rng), [EasyPlayer(s) for s in range(4)]))
        for i in range(hands)
    )
    return StoredGame(
        table_id,
        77,
        "2026-11-23 21:40:00",
        "standard",
        {"forced_bid": True},
        FOUR,
        (1, 2, 3, 4),
        (7, 5),
        0,
        records,
    )


def test_history_lists_each_game_and_its_hands_in_order():
    games = [_game(12, 3), _game(9, 2)]
    text = history_text(games, None)
    assert text.index("**Table 12**") < text.index("**Table 9**")
    lines = text.splitlines()
    assert [x.split()[0] for x in lines if x[:1].isdigit() and "·" in x.split()[0]] == [
        "12·1",
        "12·2",
        "12·3",
        "9·1",
        "9·2",
    ]
    assert "N–S (Alice, Renée-Éloïse de la Montagne) 7" in text and "N–S won" in text
    assert reviewable(games) == [(12, 0), (12, 1), (12, 2), (9, 0), (9, 1)]
    assert len(reviewable([_game(1, 30)])) == MAX_REVIEW_BUTTONS
    assert "No finished games with bob" in history_text([], "bob")
    assert "hints on" not in text and "Standard 42 · hints on ·" in history_text(
        [replace(games[0], hints=True)], None
    )


def test_stats_text_carries_every_figure_of_the_picture():
    game = _game(3, 4)
    record = player_record([GamePlayed(3, 0, True, True, game.hands)])
    history = [Rating(26.0, 8.0, 1), Rating(27.5, 7.0, 2)]
    scene = stats_scene("Alice", 1, 1, 7, history[-1], history, record)
    text = stats_text(scene)
    assert f"Rating: **{history[-1].shown}** (from {history[0].shown})" in text
    for row in scene.bids:
        assert f"{row.level}: {row.tried} ({row.made} made, {row.set} set)" in text
    for row in scene.specials:
        assert f"{row.level} {row.tried}/{row.made}" in text
    assert f"Count fed to partners: {record.count_fed} points over {record.hands} hands" in text
    assert "hints on: 1" in text


def test_the_rating_board_ranks_as_given():
    text = rating_board_text([("Bo", Rating(30, 3, 5)), ("Al", Rating(25, 8.3, 1))])
    assert text.index("1. **Bo**") < text.index("2. **Al**")
    assert "No rated games" in rating_board_text([])
