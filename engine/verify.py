"""``python -m engine verify FILE|-``: check that a finished hand's record was dealt from its revealed seed.

Prints ``{"ok": true}`` and exits 0 when SHA-256 of the seed is the record's commitment and the seed deals
exactly the record's hands and widow (HAND-RECORD.md, "Fair deals"); otherwise ``{"ok": false, "error":
"<a sentence>"}`` and exit 1. Whatever the input, no traceback.
"""

from __future__ import annotations

import json
import sys

from .fair import verify


def verify_text(text: str) -> tuple[int, dict[str, object]]:
    """(exit status, output object) for a record's JSON text."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as e:
        return 1, {"ok": False, "error": f"the record is not valid JSON: {e}"}
    try:
        error = verify(data)
    except (
        ValueError,
        TypeError,
        KeyError,
        AttributeError,
        RecursionError,
    ) as e:  # a shape we did not foresee
        error = f"the record is malformed: {e}"
    return (0, {"ok": True}) if error is None else (1, {"ok": False, "error": error})


def main(argv: list[str]) -> int:
    """Entry point: ``verify FILE`` or ``verify -``."""
    if len(argv) != 1:
        print(
            json.dumps(
                {"ok": False, "error": "usage: python -m engine verify FILE (or - for standard input)"}
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
        print(json.dumps({"ok": False, "error": f"cannot read the record: {e}"}))
        return 1
    status, out = verify_text(text)
    print(json.dumps(out, ensure_ascii=False))
    return status
