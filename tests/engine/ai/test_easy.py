"""The easy player: always legal in every preset and phase, fast, and better than random."""

import random
import time

import pytest

from engine import Hand, Rules, view_for
from engine.ai import LEVELS, make_player
from engine.ai.arena import Timings, play_game, play_hand

EXTRAS = [
    ("standard", {"sevens": True, "forced_bid": True}),
    ("eighty-four", {"players": 6, "sevens_trump": True}),
    ("moon", {"nello": "on", "forced_bid": True, "made_scores": "bid"}),
    ("seventy-two", {"plunge": True, "splash": True, "nello": "on", "mark_raise": "double"}),
    ("geezer", {"sevens_trump": True, "stacking": "marks"}),
    ("standard", {"nello": "forced-only", "forced_bid": True, "follow_me_doubles": "suit"}),
    ("standard", {"first_suit_declared": True, "nello_doubles": ["low"]}),
]


def test_easy_plays_whole_games_legally(preset):
    rules = Rules.from_preset(preset)
    players = [make_player("easy", seed=s) for s in range(rules.players)]
    game = play_game(rules, players, random.Random(7))  # play_hand raises on any illegal action
    assert game.over


@pytest.mark.parametrize("preset,options", EXTRAS)
def test_easy_legal_under_house_rules(preset, options):
    rules = Rules.from_preset(preset, options)
    rng = random.Random(3)
    players = [make_player("easy", seed=s) for s in range(rules.players)]
    done = 0
    for dealer in range(40):
        hand = play_hand(Hand.new(rules, dealer % rules.players, rng), players)
        done += hand.complete
    assert done == 40


def test_easy_mixed_with_random_in_every_contract():
    # random bidders reach Nello, Splash, Plunge and Sevens often; easy must handle its side of them
    rules = Rules.from_preset("standard", {"sevens": True})
    rng = random.Random(11)
    seen = set()
    for i in range(150):
        players = [make_player("easy" if (s + i) % 2 else "random", seed=s + i) for s in range(4)]
        hand = play_hand(Hand.new(rules, i % 4, rng), players)
        if hand.contract is not None:
            seen.add(hand.contract.kind)
    assert {"suit", "nello"} <= seen


def test_easy_decisions_take_microseconds():
    rules = Rules.from_preset("standard")
    timings = Timings()
    players = [make_player("easy", seed=s) for s in range(4)]
    play_game(rules, players, random.Random(5), timings=timings)
    times = sorted(t for ts in timings.times.values() for t in ts)
    assert times[len(times) // 2] < 0.002


def test_easy_beats_random():
    rules = Rules.from_preset("standard")
    rng = random.Random(21)
    wins = 0
    for g in range(6):
        easy_team = g % 2
        players = [make_player("easy" if s % 2 == easy_team else "random", seed=s + 10 * g) for s in range(4)]
        game = play_game(rules, players, rng)
        wins += game.winner == easy_team
    assert wins >= 5


def test_make_player_levels():
    assert LEVELS == ("random", "easy", "strong")
    with pytest.raises(ValueError):
        make_player("grandmaster")
    start = time.perf_counter()
    view = view_for(Hand.new(Rules.from_preset("standard"), 0, random.Random(1)), 1)
    assert make_player("easy", seed=1).choose(view) in view["legal"]
    assert time.perf_counter() - start < 1
