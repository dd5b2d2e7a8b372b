"""``python -m engine replay FILE``, ``python -m engine verify FILE`` and ``python -m engine player --level LEVEL``."""

from __future__ import annotations

import sys

USAGE = (
    "usage: python -m engine replay FILE|-  or  python -m engine verify FILE|-"
    "  or  python -m engine player --level strong|easy|random"
)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("replay", "verify", "player"):
        print(USAGE, file=sys.stderr)
        return 2
    if argv[0] == "replay":
        from .replay import main as replay_main

        return replay_main(argv[1:])
    if argv[0] == "verify":
        from .verify import main as verify_main

        return verify_main(argv[1:])
    from .protocol import main as player_main

    return player_main(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
