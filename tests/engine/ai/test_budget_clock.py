"""The strong player's budget is measured by the clock it is given (the bot gives it CPU time)."""

from __future__ import annotations

import itertools

from engine.ai import make_player, policy
from engine.ai.easy import EasyPlayer
from engine.ai.situation import read

from .test_workspaces import play_views


class StoppedClock:
    """A clock that never moves: a budget measured by it never runs out."""

    def __call__(self) -> float:
        return 0.0


def test_a_clock_that_runs_out_at_once_leaves_the_fast_policys_move():
    ticks = itertools.count(step=10.0)  # every reading is ten seconds later: no time to search

    for i, view in enumerate(play_views(6, 51)):
        player = make_player("strong", i, budget_ms=300, clock=lambda: next(ticks))
        quick = policy.choose(read(view)) if len(view["legal"]) > 1 else None  # card play: the policy's tile
        assert player.choose(view) == (quick or EasyPlayer(i).choose(view))  # else easy's rules


def test_a_clock_that_stands_still_lets_the_search_run_as_far_as_fixed_work():
    from engine.ai.search_budget import MAX_SAMPLES
    from engine.ai.strong import StrongPlayer

    late = [v for v in play_views(40, 52) if sum(v["tile_counts"]) <= 16][:3]  # quick to solve
    assert late
    for i, view in enumerate(late):
        timeless = make_player("strong", i, budget_ms=1000, clock=StoppedClock())
        assert timeless.choose(view) == StrongPlayer(i, samples=MAX_SAMPLES).choose(view)
        assert timeless.last_value is not None  # it searched
