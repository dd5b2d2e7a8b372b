"""How much searching fits in a decision: the sample counts and the node limit every search keeps to."""

from __future__ import annotations

NODES_PER_SECOND = 12_000_000  # under the ~25M/s measured (benchmarks/first_tricks.py): a solve stops in time
MAX_SAMPLES = 64
MIN_SAMPLES = 4  # below this many solved samples the search's answer is not trusted
NODE_FLOOR = 20_000  # the nodes a solve gets however little time is left (a first answer)


def node_limit(seconds_left: float, floor: int = NODE_FLOOR) -> int:
    """A node limit that keeps one solve inside the time left (at most ~1 s of search), and at least
    ``floor``."""
    return max(floor, int(min(seconds_left, 1.0) * NODES_PER_SECOND))
