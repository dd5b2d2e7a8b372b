"""The search answers exactly as it did before it was made faster, on deep random positions of every game
(``solver_answers.jsonl``, written by the earlier search: see ``solver_answers.py``)."""

import json
import random
from pathlib import Path

import pytest

from engine import Rules
from engine.ai.solver import Position, Problem, Workspace
from engine.contracts import parse_contract

from .test_solver import CASES, rules_marks

ANSWERS = [
    json.loads(line) for line in (Path(__file__).parent / "solver_answers.jsonl").read_text().splitlines()
]


def problem_of(row: dict, workspace: Workspace | None = None) -> Problem:
    """The row's problem, as the positions were made (``test_solver.position``)."""
    preset, options, _, _ = CASES[row["case"]]
    rules = Rules.from_preset(preset, {**options, "play_out": True} if rules_marks(preset) else options)
    contract = parse_contract(row["contract"], rules)
    return Problem(rules, contract, row["bidder"], tuple(row["out"]), row["every"], workspace)


def position_of(row: dict) -> Position:
    return Position(row["held"], [(s, t) for s, t in row["trick"]], row["lead"], row["turn"])


def test_the_answers_cover_every_game_and_deep_positions():
    assert {row["case"] for row in ANSWERS} == set(range(len(CASES)))
    assert max(sum(bin(h).count("1") for h in row["held"]) for row in ANSWERS) >= 24
    assert any(any(row["made"]) and not all(row["made"]) for row in ANSWERS)  # some tiles make, others not


@pytest.mark.parametrize("case", range(len(CASES)))
def test_exact_values_and_make_or_set_answers_are_the_earlier_searchs(case):
    rows = [row for row in ANSWERS if row["case"] == case]
    assert rows
    for row in rows:
        problem, pos = problem_of(row), position_of(row)
        assert problem.move_values(pos, row["moves"]) == row["exact"], row
        need = row["need"]
        window = problem.move_values(pos, row["moves"], need - 1, need)
        assert window is not None
        assert [v >= need for v in window] == row["made"], row
        if row["value"] is not None:
            assert problem.value(pos) == row["value"], row


def test_any_window_answers_as_the_exact_values_say():
    """Around any threshold, a move's windowed value is on the side of it that its exact value is, and
    inside the window it is exact: whatever order the search tries moves in or cuts by."""
    rng = random.Random(7)
    workspace = Workspace()
    for row in ANSWERS[::3]:
        problem, pos = problem_of(row, workspace), position_of(row)
        exact = row["exact"]
        for _ in range(3):
            low = rng.randrange(min(exact) - 3, max(exact) + 3)
            high = low + rng.choice((1, 1, 2, 8))
            window = problem.move_values(pos, row["moves"], low, high)
            assert window is not None
            for v, x in zip(window, exact, strict=True):
                if x <= low:
                    assert x <= v <= low, (row, low, high)
                elif x >= high:
                    assert high <= v <= x, (row, low, high)
                else:
                    assert v == x, (row, low, high)


def test_problems_taking_turns_on_one_workspace_each_search_their_own_tables():
    workspace = Workspace()
    rows = [ANSWERS[0], ANSWERS[-1], ANSWERS[len(ANSWERS) // 2]]  # three games
    problems = [problem_of(row, workspace) for row in rows]
    for _ in range(2):
        for row, problem in zip(rows, problems, strict=True):
            assert problem.move_values(position_of(row), row["moves"]) == row["exact"]
