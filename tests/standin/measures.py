"""Figures the load benchmark reports: percentiles, turn latency, and a process's CPU and memory from /proc."""

from __future__ import annotations

import math
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from .players import Click, Human
from .records import Action

_CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank `q`-th percentile (0 < q ≤ 100) of `values` (NaN if there are none)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def _norm(text: str) -> str:
    """A button label and a hand-record action in one spelling: `Follow me` ~ `follow-me`, `7-3 as 3` ~ `7-3/3`."""
    return re.sub(r"[^a-z0-9/]", "", text.lower().replace(" as ", "/"))


@dataclass(frozen=True)
class Turn:
    """One human turn: from their click to their next controls, and the computer moves in between."""

    click: float
    arrival: float
    computer_moves: int

    def latency(self, pause: float) -> float:
        """The wait the bot added: the interval minus the cosmetic pause of each computer move."""
        return self.arrival - self.click - pause * self.computer_moves


def turns(human: Human, actions: list[Action]) -> tuple[list[Turn], int]:
    """Pair each of the human's turn clicks with the next controls they got, and count the computer moves
    between the action the click made and the human's next action (from the stored records). Returns the
    turns and how many turn clicks could not be matched to a stored action (skipped)."""
    clicks = [c for c in human.clicks if c.kind == "turn"]
    mine = [i for i, a in enumerate(actions) if a.human]
    matched: list[tuple[Click, int]] = []
    i = 0
    for click in clicks:
        # The click's action is the next human action with its label; actions skipped were not clicked
        # (a turn timer's), and a click with no such action was refused or opened a menu.
        for j in range(i, min(i + 3, len(mine))):
            if _norm(actions[mine[j]].action) == _norm(click.label):
                matched.append((click, j))
                i = j + 1
                break
    lobby = [c.at for c in human.clicks if c.kind == "lobby"]
    arrivals = [a.at for a in human.arrivals]
    result = []
    for click, j in matched:
        if j + 1 >= len(mine):
            continue
        here, following = actions[mine[j]], actions[mine[j + 1]]
        if here.table_id != following.table_id:
            continue  # the game ended in between
        arrival = next((t for t in arrivals if t > click.at), None)
        if arrival is None or any(click.at < t < arrival for t in lobby):
            continue
        result.append(Turn(click.at, arrival, mine[j + 1] - mine[j] - 1))
    return result, len(clicks) - len(matched)


@dataclass
class ProcessSampler:
    """CPU time and resident memory of a process and its descendants, sampled from /proc."""

    pid: int
    samples: list[tuple[float, float, int]] = field(default_factory=list)  # (perf_counter, cpu s, rss bytes)

    def sample(self) -> tuple[float, int]:
        """Record and return (CPU seconds so far, RSS bytes now) over the process tree."""
        cpu, rss = 0.0, 0
        for pid in self._tree():
            try:
                stat = Path(f"/proc/{pid}/stat").read_text()
                fields = stat[stat.rindex(")") + 2 :].split()
                cpu += (int(fields[11]) + int(fields[12])) / _CLOCK_TICKS
                status = Path(f"/proc/{pid}/status").read_text()
                found = re.search(r"VmRSS:\s+(\d+) kB", status)
                rss += int(found[1]) * 1024 if found else 0
            except (OSError, ValueError, IndexError):
                continue  # the process ended between listing and reading
        self.samples.append((time.perf_counter(), cpu, rss))
        return cpu, rss

    def _tree(self) -> list[int]:
        parents: dict[int, int] = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    stat = (entry / "stat").read_text()
                    parents[int(entry.name)] = int(stat[stat.rindex(")") + 2 :].split()[1])
                except (OSError, ValueError, IndexError):
                    continue
        tree, frontier = [self.pid], [self.pid]
        while frontier:
            frontier = [child for child, parent in parents.items() if parent in frontier]
            tree.extend(frontier)
        return tree

    def cpu_share(self, start: float, end: float) -> float:
        """Mean CPU use (1.0 = one core) between two perf_counter times."""
        inside = [s for s in self.samples if start <= s[0] <= end]
        if len(inside) < 2:
            return math.nan
        return (inside[-1][1] - inside[0][1]) / (inside[-1][0] - inside[0][0])

    def rss(self, start: float, end: float) -> tuple[int, int]:
        """(peak, last) resident bytes between two perf_counter times."""
        inside = [s[2] for s in self.samples if start <= s[0] <= end]
        return (max(inside), inside[-1]) if inside else (0, 0)
