"""Every refusal has its sentence, filled in with the facts the refusal carries."""

from __future__ import annotations

from bot.show.refusals import SENTENCES, sentence
from bot.tables.refusal import Refusal, Why


def test_every_reason_has_a_sentence():
    assert set(SENTENCES) == set(Why)
    assert all(sentence(Refusal(why)).strip() for why in Why)


def test_the_sentences_carry_the_refusals_facts():
    assert sentence(Refusal(Why.SEAT_TAKEN, seat_name="North")) == "North is taken."
    assert sentence(Refusal(Why.REMATCH_OPEN, table_id=12)) == "The rematch is already open: table 12."
    illegal = Refusal(Why.ILLEGAL_MOVE, detail="you must follow fives")
    assert sentence(illegal) == "You can't do that: you must follow fives"
    assert (
        sentence(Refusal(Why.BAD_RULES, detail="no such option")) == "Those rules don't work: no such option"
    )
    assert (
        sentence(Refusal(Why.UNKNOWN_COMPUTER_LEVEL))
        == "Those rules don't work: computer players can be strong or easy"
    )


def test_the_words_players_read_are_the_ones_they_always_read():
    assert sentence(Refusal(Why.NOT_YOUR_TURN)) == "It's not your turn."
    assert sentence(Refusal(Why.CONTROLS_OUT_OF_DATE)) == (
        "Those controls are out of date. Use `My hand` for the current ones."
    )
    assert sentence(Refusal(Why.CHANNEL_BUSY)) == (
        "This channel already has a table. Finish it or `/42 end` it first."
    )


def test_a_refusal_reads_as_its_reason_in_a_log_line():
    assert str(Refusal(Why.NOT_YOUR_TURN)) == "not your turn"
    assert (
        str(Refusal(Why.ILLEGAL_MOVE, detail="you must follow fives"))
        == "illegal move: you must follow fives"
    )
