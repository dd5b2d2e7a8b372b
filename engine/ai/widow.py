"""The strong player's widow (Big Game) and kitty (Eighty-eight) exchange.

Keep or take is decided on the hand as it would be after the whole swap: each widow tile is tried with
the best discard the rules allow (own dealt tiles without count), and the hand evaluation of the result is
compared with keeping. The easy player instead weighs the hand with the extra tile before any discard,
which flatters every take.
"""

from __future__ import annotations

from engine.calls import POINTS, parse_call

from . import easy
from .situation import Situation, bits

MARGIN = 0.25  # points a swap must gain: a wash is not worth showing the opponents a take


def exchange(sit: Situation) -> str:
    """One exchange action from ``sit.view["legal"]``."""
    legal = sit.view["legal"]
    if legal[0].startswith("discard"):
        return _best_discard(sit, sit.mine, legal)[0]
    takes = [a for a in legal if a.startswith("take")]
    widow = sit.view.get("widow") or []
    best_text, best = None, -1e9
    for text in takes:
        name = widow[0] if text == "take" else text.split()[1]
        tid = easy._free_copy(sit, sit.ts.id_of(name))
        grown = sit.mine | (1 << tid)
        options = _discards(sit, grown & ~(1 << tid))
        value = max((worth(sit, grown & ~(1 << d)) for d in options), default=-1e9)
        if value > best:
            best_text, best = text, value
    if "keep" in legal and (best_text is None or best < worth(sit, sit.mine) + MARGIN):
        return "keep"
    return best_text or legal[0]


def worth(sit: Situation, mask: int) -> float:
    """The hand evaluation of ``mask``: expected points, or for every-trick bids mostly tricks."""
    points, tricks = easy.hand_value(easy._with_mine(sit, mask), easy._named_trump(sit))
    bid_text = sit.view.get("bid")
    if bid_text and parse_call(bid_text, sit.rules).kind != POINTS:
        return tricks * 10 + points * 0.1
    return points


def _discards(sit: Situation, mask: int) -> list[int]:
    """Tiles of ``mask`` the rules let the bid winner lay away: dealt to him and not count (if any)."""
    taken = 0
    for name in (sit.view.get("exchange") or {}).get("take") or []:
        taken |= 1 << sit.ts.id_of(name, sit.mine)
    own = mask & ~taken
    plain = [t for t in bits(own) if not sit.ts.points[t]]
    return plain or list(bits(own))


def _best_discard(sit: Situation, mask: int, legal: list[str]) -> tuple[str, float]:
    """The legal discard that leaves the best hand."""
    scored = []
    for text in legal:
        tid = sit.ts.id_of(text.split()[1], mask)
        scored.append((worth(sit, mask & ~(1 << tid)) - 0.01 * sit.ts.points[tid], text))
    value, text = max(scored)
    return text, value
