"""``python -m engine player``: a computer player speaking PLAYER-PROTOCOL.md over stdin/stdout.

One JSON view per line in, one JSON action per line out; a malformed line gets ``{"error": ...}`` and the
player keeps reading. Every line stands alone. The player reads only the protocol's fields and what follows
from them (``engine.ai.public_state``): fields a sender adds are ignored.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import IO

from .ai import LEVELS, make_player
from .ai.public_state import ViewError, complete


def answer(player, line: str) -> dict:
    """The reply to one input line."""
    try:
        view = json.loads(line)
    except (json.JSONDecodeError, RecursionError) as e:
        return {"error": f"that line is not JSON: {e}"}
    if not isinstance(view, dict):
        return {"error": "a view is a JSON object"}
    start = time.perf_counter()
    try:
        view = complete(view)
    except ViewError as e:
        return {"error": str(e)}
    legal = view["legal"]
    try:
        action = player.choose(view)
    except Exception as e:  # a view the player cannot read must not end the session
        return {"error": f"cannot play this view: {e}"}
    if action not in legal:  # never answer outside legal, whatever went wrong inside
        action = legal[0]
    return {"action": action, "ms": round((time.perf_counter() - start) * 1000, 1)}


def serve(player, stdin: IO[str], stdout: IO[str]) -> None:
    """Answer every non-blank line of ``stdin`` until it ends."""
    for line in stdin:
        if not line.strip():
            continue
        stdout.write(json.dumps(answer(player, line)) + "\n")
        stdout.flush()


def main(argv: list[str]) -> int:
    """Entry point: ``player --level strong [--seed N] [--budget-ms N]``."""
    parser = argparse.ArgumentParser(prog="python -m engine player")
    parser.add_argument("--level", choices=LEVELS, default="strong")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--budget-ms", type=int, default=None)
    args = parser.parse_args(argv)
    player = make_player(args.level, seed=args.seed, budget_ms=args.budget_ms)
    serve(player, sys.stdin, sys.stdout)
    return 0
