"""Contracts (RULES.md §4, §6, §8.6, §11): what the declarer may name, how each is spelled, and what each
special contract changes.

A ``Contract`` is a value (its kind, trump, how doubles play). Each kind has one ``ContractRule`` object
that owns everything the kind changes (the way mk5's rule layers do): when the table and the bid allow
it, who sits out, the goal that settles the hand, whether a lead may be declared as its lower end, and
which tiles are trump. The suit tables built from them (``suits.py``) decide what may follow and who wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from .calls import Call, CallKind, parse_suit, suit_word
from .errors import IllegalAction
from .layout import TableRules
from .seats import Seating
from .tiles import TileSet


class ContractKind(StrEnum):
    """The kinds of contract."""

    SUIT = "suit"
    DOUBLES = "doubles"
    FOLLOW_ME = "follow-me"
    NELLO = "nello"
    SEVENS = "sevens"
    SEVENS_TRUMP = "sevens-trump"  # RULES.md §11: tiles totalling seven are trump
    COUNT = "count"  # Geezer's 51: the count tiles are trump


SUIT, DOUBLES, FOLLOW_ME, NELLO, SEVENS = (
    ContractKind.SUIT,
    ContractKind.DOUBLES,
    ContractKind.FOLLOW_ME,
    ContractKind.NELLO,
    ContractKind.SEVENS,
)
SEVENS_TRUMP, COUNT = ContractKind.SEVENS_TRUMP, ContractKind.COUNT


class Goal(StrEnum):
    """What settles a hand: the bid in points, every trick, or (Nello) no trick for the bidder."""

    POINTS = "points"
    EVERY_TRICK = "every trick"
    NO_TRICK = "no trick"


@dataclass(frozen=True)
class Contract:
    """A declared contract: its kind, the trump number (``suit``), how doubles play when not trump
    ("high", "low" or "suit"), the Sevens target, and the number made low (Geezer's Nello)."""

    kind: ContractKind
    trump: int | None = None
    doubles: str = "high"
    sevens_target: int = 7
    low: int | None = (
        None  # Nello with ``nello_low``: tiles bearing this number rank lowest in their other suit
    )

    @property
    def rule(self) -> ContractRule:
        """The rule object of this contract's kind."""
        return RULES[self.kind]

    @property
    def every_trick(self) -> bool:
        """Sevens must take every trick (as must any bid that says so, which the hand knows)."""
        return self.kind == SEVENS

    def text(self) -> str:
        """The hand-record spelling (see ``contract_text`` for the table's canonical one)."""
        if self.kind == SUIT:
            assert self.trump is not None
            return suit_word(self.trump)
        if self.kind == FOLLOW_ME:
            return "follow-me doubles-suit" if self.doubles == "suit" else "follow-me"
        if self.kind == NELLO:
            if self.low is not None:
                return f"nello {suit_word(self.low)}-low"
            return f"nello doubles-{self.doubles}"
        return self.kind.value

    def title(self) -> str:
        """A short name for people: "Fives", "Nello (doubles low)", "Follow me", "Sevens trump"."""
        if self.kind == SUIT:
            return self.text().capitalize()
        if self.kind == FOLLOW_ME:
            return "Follow me" + (" (doubles own suit)" if self.doubles == "suit" else "")
        if self.kind == NELLO:
            if self.low is not None:
                return f"Nello ({suit_word(self.low)} low)"
            return {
                "high": "Nello (doubles high)",
                "low": "Nello (doubles low)",
                "suit": "Nello (doubles own suit)",
            }[self.doubles]
        return {SEVENS_TRUMP: "Sevens trump", COUNT: "Count"}.get(self.kind, self.kind.value.capitalize())


class ContractRule:
    """What a kind of contract changes. This base is a trump (or no-trump) contract all seats play."""

    kind: ContractKind

    def offered(self, rules: TableRules, bid: Call, forced: bool) -> list[Contract]:
        """The contracts of this kind the declarer may name after ``bid`` (``forced``: the dealer was made
        to bid)."""
        return []

    def sitting_out(self, seating: Seating, bidder: int) -> tuple[int, ...]:
        """The seats that lay their tiles face down and sit out the hand."""
        return ()

    def goal(self, bid: Call) -> Goal:
        """What the bidders must do: the bid's own goal, unless the contract changes it."""
        return Goal.EVERY_TRICK if bid.every_trick else Goal.POINTS

    declares_leads = True  # a lead may be declared as its lower end (first suit declared, 7-3 and 8-2)

    def trumps(self, tiles: TileSet, contract: Contract) -> dict[int, int]:
        """Trump tile id -> its rank among trumps (higher wins); empty when nothing is trump."""
        return {}

    def trump_suit(self, tiles: TileSet, contract: Contract) -> int:
        """The trump suit's number in the suit table: a named trump suit (``top + 2``) where there are
        trumps, else -1. A suit contract's trump is its number, doubles' the doubles suit."""
        return tiles.top + 2 if self.trumps(tiles, contract) else -1

    def doubles(self, contract: Contract) -> str:
        """How doubles that are not trump play: "high" in their number, "low" in it, or "suit" of their own."""
        return "high"

    def low_number(self, contract: Contract) -> int | None:
        """A number whose tiles rank lowest in their other suit (Geezer's Nello), or None."""
        return None

    def distances(self, tiles: TileSet, contract: Contract) -> tuple[int, ...] | None:
        """Sevens: tile id -> its distance from the target (the nearest must be played and wins); else None."""
        return None


def _plays_with(rules: TableRules, bid: Call) -> bool:
    """Nello and Sevens need a bid of 1 mark or more that leaves the bidder to declare (RULES.md §4, §10)."""
    return bid.level >= rules.layout.one_mark and not bid.special


class SuitRule(ContractRule):
    """A trump suit: every tile showing the number; its double highest, then by the other end."""

    kind = SUIT

    def offered(self, rules: TableRules, bid: Call, forced: bool) -> list[Contract]:
        if bid.trump is not None:  # Eighty-eight: the bid named it
            return [Contract(SUIT, bid.trump)]
        tiles = rules.layout.tiles
        return [Contract(SUIT, k) for k in range(tiles.top + 1) if tiles.suit_masks[k] & tiles.all_mask]

    def trump_suit(self, tiles: TileSet, contract: Contract) -> int:
        assert contract.trump is not None
        return contract.trump

    def trumps(self, tiles: TileSet, contract: Contract) -> dict[int, int]:
        k = contract.trump
        return {
            t: 50 if tiles.hi[t] == tiles.lo[t] else 1 + (tiles.hi[t] if tiles.lo[t] == k else tiles.lo[t])
            for t in range(len(tiles.hi))
            if k in (tiles.hi[t], tiles.lo[t])
        }


class DoublesRule(ContractRule):
    """Doubles are trump (option ``doubles_trump``), ranked by pips."""

    kind = DOUBLES

    def offered(self, rules: TableRules, bid: Call, forced: bool) -> list[Contract]:
        return [Contract(DOUBLES)] if rules.options.doubles_trump and bid.trump is None else []

    def trump_suit(self, tiles: TileSet, contract: Contract) -> int:
        return tiles.top + 1  # the doubles suit

    def trumps(self, tiles: TileSet, contract: Contract) -> dict[int, int]:
        return {t: tiles.hi[t] + 1 for t in range(len(tiles.hi)) if tiles.hi[t] == tiles.lo[t]}


class FollowMeRule(ContractRule):
    """No trump (option ``follow_me``); doubles high, or their own suit (``follow_me_doubles``)."""

    kind = FOLLOW_ME

    def offered(self, rules: TableRules, bid: Call, forced: bool) -> list[Contract]:
        if not rules.options.follow_me or bid.trump is not None:
            return []
        return [Contract(FOLLOW_ME, doubles=rules.options.follow_me_doubles)]

    def doubles(self, contract: Contract) -> str:
        return contract.doubles


class SevensTrumpRule(ContractRule):
    """RULES.md §11: the tiles whose pips total seven are trump, ranked by their higher end."""

    kind = SEVENS_TRUMP

    def offered(self, rules: TableRules, bid: Call, forced: bool) -> list[Contract]:
        return [Contract(SEVENS_TRUMP)] if rules.options.sevens_trump and bid.trump is None else []

    def trumps(self, tiles: TileSet, contract: Contract) -> dict[int, int]:
        return {t: tiles.hi[t] + 1 for t in range(len(tiles.hi)) if tiles.hi[t] + tiles.lo[t] == 7}


class CountRule(ContractRule):
    """Geezer's 51 (option ``count_trump``): the count tiles are trump, tens over fives, then by higher end."""

    kind = COUNT

    def offered(self, rules: TableRules, bid: Call, forced: bool) -> list[Contract]:
        level = rules.layout.count_trump_at  # Geezer's 51; 0 where the game has no count trump
        ok = (
            level > 0
            and rules.options.count_trump
            and bid.kind == CallKind.POINTS
            and bid.level == level
            and not bid.special
        )
        return [Contract(COUNT)] if ok else []

    def trumps(self, tiles: TileSet, contract: Contract) -> dict[int, int]:
        return {t: tiles.points[t] * 10 + tiles.hi[t] for t in range(len(tiles.hi)) if tiles.points[t]}


class NelloRule(ContractRule):
    """Nello (Pistol in Eighty-four): the bidder must lose every trick; all his partners sit out."""

    kind = NELLO

    def offered(self, rules: TableRules, bid: Call, forced: bool) -> list[Contract]:
        o = rules.options
        if not _plays_with(rules, bid) or not (o.nello == "on" or (o.nello == "forced-only" and forced)):
            return []
        out = [Contract(NELLO, doubles=d) for d in o.nello_doubles]
        if o.nello_low:
            out.extend(Contract(NELLO, low=n) for n in range(rules.layout.tiles.top + 1))
        return out

    def sitting_out(self, seating: Seating, bidder: int) -> tuple[int, ...]:
        return seating.partners(bidder)

    def goal(self, bid: Call) -> Goal:
        return Goal.NO_TRICK

    def doubles(self, contract: Contract) -> str:
        return (
            "high" if contract.low is not None else contract.doubles
        )  # with a number low, doubles stay high

    def low_number(self, contract: Contract) -> int | None:
        return contract.low


class SevensRule(ContractRule):
    """Sevens (§6): the tile nearest the target wins; every tile played must be the nearest held."""

    kind = SEVENS
    declares_leads = False  # it has no suits

    def offered(self, rules: TableRules, bid: Call, forced: bool) -> list[Contract]:
        if not rules.options.sevens or not _plays_with(rules, bid):
            return []
        return [Contract(SEVENS, sevens_target=rules.options.sevens_target)]

    def goal(self, bid: Call) -> Goal:
        return Goal.EVERY_TRICK

    def distances(self, tiles: TileSet, contract: Contract) -> tuple[int, ...] | None:
        return tuple(abs(tiles.hi[t] + tiles.lo[t] - contract.sevens_target) for t in range(len(tiles.hi)))


RULES: dict[ContractKind, ContractRule] = {
    rule.kind: rule
    for rule in (
        SuitRule(),
        DoublesRule(),
        FollowMeRule(),
        SevensTrumpRule(),
        CountRule(),
        NelloRule(),
        SevensRule(),
    )
}
# The order contracts are offered in: plain ones first, then Nello and Sevens.
OFFER_ORDER = (SUIT, DOUBLES, FOLLOW_ME, SEVENS_TRUMP, COUNT, NELLO, SEVENS)


def legal_contracts(rules: TableRules, bid: Call, forced: bool) -> list[Contract]:
    """Every contract the declarer may name after winning with ``bid``.

    ``forced`` is true when the dealer was made to bid (all others passed under ``forced_bid``).
    """
    out: list[Contract] = []
    for kind in OFFER_ORDER:
        out.extend(RULES[kind].offered(rules, bid, forced))
    return out


def contract_text(contract: Contract, rules: TableRules) -> str:
    """The canonical spelling: plain "nello" where the table allows only one doubles choice."""
    if contract.kind == NELLO and contract.low is None and len(rules.options.nello_doubles) == 1:
        return "nello"
    return contract.text()


class ReadsContracts(Protocol):
    """What reads a contract as a game spells it: a table's rules (``Rules.parse_contract``)."""

    def parse_contract(self, text: str) -> Contract:
        """The contract ``text`` spells at this table; IllegalAction if it spells none."""
        ...


def parse_contract(text: str, rules: ReadsContracts) -> Contract:
    """Read a contract as the table's game spells it (its variant's ``parse_contract``); IllegalAction if it is
    none. Legality now is the hand's to check."""
    return rules.parse_contract(text)


def read_contract(text: str, rules: TableRules, nello_word: str = "nello") -> Contract:
    """Read a contract in the standard spellings, with ``nello_word`` (Eighty-four's "pistol") for Nello;
    IllegalAction if it is none. The variants' ``parse_contract`` starts here."""
    if not isinstance(text, str):
        raise IllegalAction(f'a contract is written like "fives", not {text!r}')
    words = text.strip().split()
    o = rules.options
    top = rules.layout.tiles.top
    if words and words[0] == nello_word:
        words[0] = "nello"
    if len(words) == 1 and parse_suit(words[0], top) is not None:
        return Contract(SUIT, parse_suit(words[0], top))
    if words in (["doubles"], ["sevens-trump"], ["count"]):
        return Contract(ContractKind(words[0]))
    if words == ["sevens"]:
        return Contract(SEVENS, sevens_target=o.sevens_target)
    if words and words[0] == "follow-me":
        if len(words) == 1:
            return Contract(FOLLOW_ME, doubles=o.follow_me_doubles)
        if words[1:] == ["doubles-suit"]:
            if o.follow_me_doubles != "suit":
                raise IllegalAction(
                    "this table plays follow-me with doubles high, not as a suit of their own"
                )
            return Contract(FOLLOW_ME, doubles="suit")
    if words and words[0] == "nello":
        allowed = o.nello_doubles
        if len(words) == 1:
            if len(allowed) == 1 or "high" in allowed:
                return Contract(NELLO, doubles=allowed[0] if len(allowed) == 1 else "high")
            raise IllegalAction("say how doubles play: " + " or ".join(f"nello doubles-{d}" for d in allowed))
        if len(words) == 2 and words[1] in ("doubles-high", "doubles-low", "doubles-suit"):
            return Contract(NELLO, doubles=words[1].removeprefix("doubles-"))
        if len(words) == 2 and words[1].endswith("-low"):
            # A number by its suit's name or its digit, like any suit ("threes-low", "3-low", "7-low")
            low = parse_suit(words[1].removesuffix("-low"), top)
            if low is not None:
                return Contract(NELLO, low=low)
    raise IllegalAction(
        f"{text!r} is not a contract: name a suit (like fives), doubles, follow-me, nello or sevens"
    )
