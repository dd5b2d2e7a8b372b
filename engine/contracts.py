"""The contract phase: which contracts a declarer may name, and reading their spellings (RULES.md §4)."""

from __future__ import annotations

from .calls import Call, parse_suit
from .errors import IllegalAction
from .rules import Rules
from .suits import DOUBLES, FOLLOW_ME, NELLO, SEVENS, SUIT, Contract


def legal_contracts(rules: Rules, bid: Call, forced: bool) -> list[Contract]:
    """Every contract the declarer may name after winning with ``bid``.

    ``forced`` is true when the dealer was made to bid (all others passed under ``forced_bid``).
    """
    lay = rules.layout
    if lay.bids_name_trump:
        return [Contract(SUIT, bid.trump)]
    out = [Contract(SUIT, k) for k in range(lay.tiles.top + 1)]
    if rules.doubles_trump:
        out.append(Contract(DOUBLES))
    if rules.follow_me:
        out.append(Contract(FOLLOW_ME, doubles=rules.follow_me_doubles))
    if bid.marks >= 1 and not bid.special:
        if rules.nello == "on" or (rules.nello == "forced-only" and forced):
            out.extend(Contract(NELLO, doubles=d) for d in rules.nello_doubles)
        if rules.sevens:
            out.append(Contract(SEVENS, sevens_target=rules.sevens_target))
    return out


def contract_text(contract: Contract, rules: Rules) -> str:
    """The canonical spelling: plain "nello" where the table allows only one doubles choice."""
    if contract.kind == NELLO and len(rules.nello_doubles) == 1:
        return "nello"
    return contract.text()


def parse_contract(text: str, rules: Rules) -> Contract:
    """Read a contract's spelling; IllegalAction if it is none (legality is checked by the hand)."""
    if not isinstance(text, str):
        raise IllegalAction(f"a contract is written like \"fives\", not {text!r}")
    words = text.strip().split()
    top = rules.layout.tiles.top
    if len(words) == 1 and parse_suit(words[0], top) is not None:
        return Contract(SUIT, parse_suit(words[0], top))
    if words == ["doubles"]:
        return Contract(DOUBLES)
    if words == ["sevens"]:
        return Contract(SEVENS, sevens_target=rules.sevens_target)
    if words and words[0] == "follow-me":
        if len(words) == 1:
            return Contract(FOLLOW_ME, doubles=rules.follow_me_doubles)
        if words[1:] == ["doubles-suit"]:
            if rules.follow_me_doubles != "suit":
                raise IllegalAction("this table plays follow-me with doubles high, not as a suit of their own")
            return Contract(FOLLOW_ME, doubles="suit")
    if words and words[0] == "nello":
        allowed = rules.nello_doubles
        if len(words) == 1:
            if len(allowed) == 1 or "high" in allowed:
                return Contract(NELLO, doubles=allowed[0] if len(allowed) == 1 else "high")
            raise IllegalAction("say how doubles play: " + " or ".join(f"nello doubles-{d}" for d in allowed))
        if len(words) == 2 and words[1] in ("doubles-high", "doubles-low", "doubles-suit"):
            return Contract(NELLO, doubles=words[1].removeprefix("doubles-"))
    raise IllegalAction(f"{text!r} is not a contract: name a suit (like fives), doubles, follow-me, nello or sevens")
