"""With a long budget the strong player searches the Big Game's and Eighty-eight's play from 35 tiles left
(30 at the default 300 ms) and still answers inside its budget when the search is too deep."""

import random

from engine import Hand, Rules, View, view_for
from engine.ai import sampler
from engine.ai.easy import EasyPlayer
from engine.ai.strong import MAX_SOLVE_TILES, StrongPlayer


def deep_position(preset: str, most: int, least: int, seed: int) -> View:
    """A hand of ``preset`` played by easy players until between ``least`` and ``most`` tiles are left."""
    rules = Rules.from_preset(preset)
    rng = random.Random(seed)
    while True:
        hand = Hand.new(rules, rules.players - 1, rng)
        easy = EasyPlayer(seed)
        while hand.phase != "play" and not hand.complete:
            hand = hand.apply(easy.choose(view_for(hand, hand.to_act)))
        while not hand.complete:
            view = view_for(hand, hand.to_act)
            left = sum(bin(h).count("1") for s, h in enumerate(hand.held) if s != hand.out)
            if left < least:
                break
            if left <= most and len(view["legal"]) > 1:
                return view
            hand = hand.apply(easy.choose(view))


def test_search_depth_grows_with_the_budget():
    rules = Rules.from_preset("big-game")
    assert StrongPlayer(0, 0.3).solve_tiles(rules) == 30
    assert StrongPlayer(0, 0.6).solve_tiles(rules) == 35
    assert StrongPlayer(0, samples=4).solve_tiles(rules) == MAX_SOLVE_TILES == 30


def test_search_depth_follows_the_table_shape():
    # Seventy-two's positions search slower than double-six at four, eight-seat Eighty-four's faster
    depth = StrongPlayer(0, 0.3).solve_tiles
    assert depth(Rules.from_preset("seventy-two")) < depth(Rules.from_preset("standard"))
    assert depth(Rules.from_preset("eighty-four")) > depth(Rules.from_preset("eighty-four", {"players": 6}))


def test_deep_positions_are_searched_inside_the_budget(monkeypatch):
    calls: list[int] = []
    real = sampler.deal

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(sampler, "deal", counted)
    for preset, seed in (("big-game", 1), ("eighty-eight", 2)):
        view = deep_position(preset, 35, 31, seed)
        before = len(calls)
        action = StrongPlayer(seed, 0.6).choose(view)  # its time is a benchmark's business, not a test's
        assert action in view["legal"]
        assert len(calls) > before  # it tried the search rather than deferring to easy at once
