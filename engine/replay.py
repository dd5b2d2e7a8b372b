"""``python -m engine replay FILE|-``: check a hand record against the rules and print its outcome as JSON.

Exit 0 with the outcome for a legal record; exit 1 with ``{"ok": false, "error", "at"}`` otherwise.
Whatever the input, no traceback.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from . import record
from .errors import RecordError


def replay(data: Any) -> dict[str, Any]:
    """The replay output for a parsed record; raises RecordError for an illegal or malformed one."""
    return record.read(data).summary()


def replay_text(text: str) -> tuple[int, dict[str, Any]]:
    """(exit status, output object) for a record's JSON text."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as e:
        return 1, {"ok": False, "error": f"the record is not valid JSON: {e}", "at": {}}
    try:
        return 0, replay(data)
    except RecordError as e:
        return 1, {"ok": False, "error": str(e), "at": e.at}
    except (
        ValueError,
        TypeError,
        KeyError,
        AttributeError,
        RecursionError,
    ) as e:  # a shape we did not foresee
        return 1, {"ok": False, "error": f"the record is malformed: {e}", "at": {}}


def main(argv: list[str]) -> int:
    """Entry point: ``replay FILE`` or ``replay -``."""
    if len(argv) != 1:
        print(
            json.dumps(
                {
                    "ok": False,
                    "error": "usage: python -m engine replay FILE (or - for standard input)",
                    "at": {},
                }
            )
        )
        return 2
    try:
        if argv[0] == "-":
            text = sys.stdin.buffer.read().decode("utf-8")
        else:
            with open(argv[0], encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        print(json.dumps({"ok": False, "error": f"cannot read the record: {e}", "at": {}}))
        return 1
    status, out = replay_text(text)
    print(json.dumps(out, ensure_ascii=False))
    return status
