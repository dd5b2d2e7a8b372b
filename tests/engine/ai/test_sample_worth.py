"""The sampler's compiled hand rating gives exactly the Python's numbers."""

import random

import pytest

from engine import Rules
from engine.ai import evaluate, sample_worth, sampler


@pytest.mark.parametrize("preset", ["standard", "big-game", "geezer"])  # double-six, -eight, -seven
def test_compiled_most_tricks_equal_the_pythons_on_random_hands(preset):
    rules = Rules.from_preset(preset)
    ts = rules.layout.tiles
    contracts = sampler._trumps(rules)
    plan = sample_worth.plan_of(ts, contracts)
    rng = random.Random(3)
    ids = list(ts.ids)
    for _ in range(2000):
        mask = sum(1 << t for t in rng.sample(ids, rng.randrange(1, 12)))
        expected = max(evaluate.tricks(rules, c, mask) for c in contracts)
        assert sample_worth.most_tricks(mask, plan[0], plan[1], plan[2], 1.0) == expected, mask


def test_the_sampler_rates_hands_as_before():
    rules = Rules.from_preset("standard")
    rng = random.Random(4)
    for _ in range(300):
        mask = sum(1 << t for t in rng.sample(range(28), 7))
        python = evaluate.points_for_tricks(
            rules, max(evaluate.tricks(rules, c, mask) for c in sampler._trumps(rules)), mask
        )
        assert sampler._worth(rules, mask) == python
