"""A daily deal replays from its seed and actions, and the computers play every copy alike."""

from __future__ import annotations

import random

import pytest

from bot.daily.deal_play import PLAYER_SEAT, computers_play, replay, score_of, strong_fixed
from engine import Hand
from engine.ai import RandomPlayer

SEED = bytes(range(32))


def maker(seed: int) -> RandomPlayer:
    return RandomPlayer(seed)


def play_out(choices: random.Random, deal_no: int = 1) -> tuple[list[str], Hand]:
    hand = replay(SEED, deal_no, [])
    actions: list[str] = []
    while True:
        hand, actions = computers_play(SEED, hand, actions, maker)
        if hand.complete:
            return actions, hand
        assert hand.turn == PLAYER_SEAT
        action = choices.choice(hand.legal_actions())
        hand = hand.apply(action)
        actions.append(action)


def test_the_same_choices_meet_the_same_play():
    first, hand = play_out(random.Random(5))
    again, _ = play_out(random.Random(5))
    assert first == again
    assert replay(SEED, 1, first).summary() == hand.summary()


def test_a_deal_ends_scored_for_the_players_side():
    for n in range(6):
        actions, hand = play_out(random.Random(n), deal_no=n % 8)
        score = score_of(hand)
        award = hand.award()
        if award is None:  # everyone passed
            assert score.key == (0, 0)
        else:
            assert score.us_marks + score.them_marks == sum(award) > 0
            assert score.us_points + score.them_points <= 42  # a hand stops once it is decided


@pytest.mark.slow
def test_the_strong_computers_repeat_their_play_for_the_same_choices():
    """The computers the bot uses (a fixed search per decision, seeded per decision): two copies of a deal
    played with the same choices are the same deal, move for move."""

    def copy() -> list[str]:
        hand = replay(SEED, 1, [])
        actions: list[str] = []
        while True:
            hand, actions = computers_play(SEED, hand, actions, strong_fixed)
            if hand.complete:
                return actions
            action = hand.legal_actions()[0]
            hand = hand.apply(action)
            actions.append(action)

    first = copy()
    assert first == copy() and len(first) > 8
