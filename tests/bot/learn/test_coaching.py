"""The coach's rules without Discord: every refusal has its sentence, a history's `Review` button judges the
asker, else the player asked about, else the bidder, and a stored game reads as the history shows it."""

from __future__ import annotations

import random

from bot.learn.coaching import Refused, Why, review_seat
from bot.show.learn_words import REFUSALS, refusal
from bot.show.records import stored_game
from bot.storage.learning import FinishedTable
from engine import Hand, Rules, read_record, write_record
from engine.ai.arena import play_hand
from engine.ai.easy import EasyPlayer


def _table() -> FinishedTable:
    rules = Rules.from_preset("standard", {"forced_bid": True})
    record = write_record(play_hand(Hand.new(rules, 0, random.Random(3)), [EasyPlayer(s) for s in range(4)]))
    seats = {0: ("ann*", 10, None), 1: ("Computer", None, "easy"), 2: ("bo", 12, None), 3: ("cy", 13, None)}
    return FinishedTable(
        7, 1, 2, "2026-11-23", "standard", {"forced_bid": True}, False, seats, (7, 5), 0, (record,)
    )


def test_every_refusal_has_its_sentence_and_the_engines_own_is_kept():
    assert set(REFUSALS) == set(Why) - {Why.REVIEW_REFUSED}
    assert refusal(Refused(Why.NOT_HERE)) == "That hand isn't from a table in this server."
    assert refusal(Refused(Why.REVIEW_REFUSED, "That seat did not play.")) == "That seat did not play."


def test_a_history_review_judges_the_asker_else_the_player_else_the_bidder():
    table = _table()
    assert review_seat(table, 0, asker_id=12, player_id=13) == 2
    assert review_seat(table, 0, asker_id=99, player_id=13) == 3
    assert review_seat(table, 0, asker_id=99, player_id=None) == read_record(table.hands[0]).bidder


def test_a_stored_game_reads_with_names_escaped_and_computers_marked():
    game = stored_game(_table(), lambda name: name.replace("*", "\\*"))
    assert [info.name for info in game.names] == ["ann\\*", "Computer", "bo", "cy"]
    assert [info.computer for info in game.names] == [False, True, False, False]
    assert game.user_ids == (10, None, 12, 13) and game.winner == 0
