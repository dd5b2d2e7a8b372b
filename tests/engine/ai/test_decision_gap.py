"""``benchmarks/decision_gap.py``: a choice scored on its labelled position's deals, and two runs compared."""

from __future__ import annotations

import gzip
import json

import pytest

from tests.paths import ROOT, benchmark_script


def test_a_choice_scores_its_share_of_deals_reaching_the_goal_and_its_points():
    gap = benchmark_script("decision_gap")
    row = {"actions": ["6-6", "5-5"], "values": [[30, 20, 42, 10], [29, 31, 31, 31]], "need": 30}
    # the bidders need 30: 6-6 makes on 2 of 4 deals, 5-5 on 3 of 4
    good, util = gap.scores({**row, "maximiser": True}, "6-6")
    assert good == 0.5 and util == pytest.approx(0.5 + 0.1 * 25.5 / 42)
    good, util = gap.scores({**row, "maximiser": True}, "5-5")
    assert good == 0.75 and util == pytest.approx(0.75 + 0.1 * 30.5 / 42)
    # the defenders set it where the bidders stay under 30, and their points are the bidders' negated
    good, util = gap.scores({**row, "maximiser": False}, "6-6")
    assert good == 0.5 and util == pytest.approx(0.5 - 0.1 * 25.5 / 42)


def test_strong_decides_labelled_positions_and_two_runs_compare_paired(tmp_path, capsys):
    gap = benchmark_script("decision_gap")
    source = ROOT / "training" / "data" / "positions-2.jsonl.gz"
    with gzip.open(source, "rt") as f:
        rows = [json.loads(next(f)) for _ in range(6)]
    positions = tmp_path / "positions.jsonl.gz"
    with gzip.open(positions, "wt") as f:
        f.writelines(json.dumps(r) + "\n" for r in rows)
    runs = {}
    for name, budget in (("short", "0.1"), ("long", "40")):
        out = tmp_path / f"{name}.jsonl"
        argv = ["--positions", str(positions), "--budget-ms", budget, "--out", str(out)]
        assert gap.main(argv) == 0
        runs[name] = [json.loads(line) for line in out.read_text().splitlines()]
    for run in runs.values():
        assert [d["i"] for d in run] == list(range(6))
        for d, row in zip(run, rows, strict=True):
            assert d["action"] in row["actions"]
            assert (d["good"], d["utility"]) == gap.scores(row, d["action"])
            assert d["regret"] >= 0
    capsys.readouterr()
    assert gap.main(["--compare", str(tmp_path / "short.jsonl"), str(tmp_path / "long.jsonl")]) == 0
    printed = capsys.readouterr().out
    expected = sum(b["good"] - a["good"] for a, b in zip(runs["short"], runs["long"], strict=True)) / 6
    assert "6 positions in both" in printed
    assert f"goal share {expected:+.4f}" in printed
