"""The search's memory belongs to the thread that searches: players are light and share it."""

from __future__ import annotations

import pickle
import random
import threading

from engine import Hand, Rules, View, view_for
from engine.ai import make_player
from engine.ai.solver import Workspace, thread_problem, thread_workspace
from engine.ai.strong import StrongPlayer
from engine.contracts import parse_contract


def play_views(count: int, seed: int) -> list[View]:
    """Views in play with a choice, from seeded hands played by easy players."""
    rules = Rules.from_preset("standard")
    rng = random.Random(seed)
    easy = [make_player("easy", s) for s in range(4)]
    out: list[View] = []
    while len(out) < count:
        hand = Hand.new(rules, rng.randrange(4), rng)
        while not hand.complete and len(out) < count:
            view = view_for(hand, hand.to_act)
            if view["phase"] == "play" and len(view["legal"]) > 1:
                out.append(view)
            hand = hand.apply(easy[hand.to_act].choose(view))
    return out


def in_a_thread(work):
    """Run `work` in a new thread; its result."""
    result = []
    thread = threading.Thread(target=lambda: result.append(work()))
    thread.start()
    thread.join()
    return result[0]


def test_any_number_of_players_in_one_thread_make_one_workspace():
    views = play_views(8, 31)

    def work():
        before = Workspace.made
        for i, view in enumerate(views):
            StrongPlayer(i, samples=2).choose(view)
        return Workspace.made - before, thread_workspace()

    grown, first = in_a_thread(work)
    assert grown == 1
    grown_again, second = in_a_thread(work)
    assert grown_again == 1 and second is not first  # another thread, another workspace


def test_a_player_is_light():
    player = StrongPlayer(3, 0.3)
    assert not hasattr(player, "workspace")
    assert len(pickle.dumps(player)) < 20_000  # a seed's random state, not 8 MB of search memory


def test_a_thread_keeps_its_problems_for_the_next_decision():
    rules = Rules.from_preset("standard")
    sixes = parse_contract("sixes", rules)

    def work():
        a = thread_problem(rules, sixes, 0, None, False)
        b = thread_problem(rules, sixes, 0, None, False)
        c = thread_problem(rules, sixes, 1, None, False)
        return a is b, a is c, a

    same, other, problem = in_a_thread(work)
    assert same and not other
    assert in_a_thread(lambda: thread_problem(rules, sixes, 0, None, False)) is not problem
