"""Hand records (HAND-RECORD.md): ``write`` a hand as JSON-able data, and ``read`` a hand back from one.

The reader is strict: every field is checked and every call and play is replayed through the rules, so a
record that reads is a legal hand. Faults raise RecordError with ``at`` locating them. This module
imports the hand, never the reverse (as python-chess's ``pgn.py`` imports the board).
"""

from __future__ import annotations

from typing import Any, NoReturn

from .errors import EngineError, RecordError, RulesError, TileError
from .hand import Hand
from .phases import Phase
from .rules import Rules
from .variants import DEFAULT_PRESET, PRESETS


def write(hand: Hand) -> dict[str, Any]:
    """The record of ``hand`` so far (lists stop early for a hand in progress)."""
    names = hand.ts.names
    record: dict[str, Any] = {
        "variant": hand.rules.preset,
        "rules": hand.rules.overrides(),
        "dealer": hand.dealer,
        "deal": [[names[t] for t in seat] for seat in hand.deal],
        "widow": [names[t] for t in hand.widow],
        "calls": [c.text() for c in hand.calls],
        "exchange": {"take": [names[t] for t in hand.taken], "discard": [names[t] for t in hand.discarded]},
        "contract": hand.contract_text(),
        "plays": [names[t] + (f"/{d}" if d >= 0 else "") for _, t, d in hand.plays],
    }
    if hand.phase == Phase.CONTRACT and hand.widow_left and hand.contract is None:
        # The bidder closed the exchange ("keep") but has not named the contract: a record alone could not
        # tell that from an exchange still open, so say it (readers that do not know the key ignore it).
        record["exchange"]["done"] = True
    rule = hand.rules.exchange
    if hand.phase == Phase.EXCHANGE and hand.taken and rule is not None and rule.whole:
        # Taken whole and not yet paid back in full: without the mark such a record is an error.
        record["exchange"]["done"] = False
    return record


def _fail(message: str, **at: Any) -> NoReturn:
    raise RecordError(message, at)


def read(record: Any) -> Hand:
    """Rebuild the exact hand a record describes."""
    if not isinstance(record, dict):
        _fail("a hand record is a JSON object with variant, dealer, deal and calls", record=None)
    preset = record.get("variant", DEFAULT_PRESET)
    if not isinstance(preset, str) or preset not in PRESETS:
        _fail(f"unknown variant {preset!r}: the variants are {', '.join(PRESETS)}", field="variant")
    overrides = record.get("rules") or {}
    if not isinstance(overrides, dict):
        _fail("rules must be an object of option overrides", field="rules")
    try:
        rules = Rules.from_preset(preset, overrides)
    except RulesError as e:
        _fail(str(e), field="rules")
    lay = rules.layout
    dealer = record.get("dealer")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < lay.players:
        _fail(f"dealer must be a seat from 0 to {lay.players - 1}", field="dealer")
    deal, widow = _read_deal(record, rules)
    hand = Hand.from_deal(rules, dealer, deal, widow)

    for i, text in enumerate(_list(record, "calls")):
        if hand.phase != Phase.AUCTION:
            _fail(f"call {text!r} comes after the auction is over", call=i)
        hand = _step(hand, text, {"call": i}, "call")

    exchange = record.get("exchange") or {}
    if not isinstance(exchange, dict):
        _fail("exchange must be an object with take and discard lists", exchange=0)
    takes, discards = exchange.get("take") or [], exchange.get("discard") or []
    if not isinstance(takes, list) or not isinstance(discards, list) or len(discards) > len(takes):
        _fail("exchange needs a take list and a discard list no longer than it", exchange=0)
    contract = record.get("contract")
    if lay.contract_first:
        hand = _read_contract(hand, contract)
        if (takes or discards) and contract is None:
            _fail(
                "the record exchanges tiles but names no contract: the contract comes first here", exchange=0
            )
        names = [hand.ts.names[t] for t in hand.widow]
        hand = _read_exchange(hand, takes, discards, names, still_open=exchange.get("done") is False)
    else:
        if (takes or exchange.get("done")) and hand.phase != Phase.EXCHANGE:
            _fail("the record exchanges tiles, but no bid winner may exchange now", exchange=0)
        hand = _read_exchange(hand, takes, discards, [])
        if (contract is not None or exchange.get("done")) and hand.phase == Phase.EXCHANGE:
            hand = _step(hand, "keep", {"exchange": len(takes)}, "exchange")
        hand = _read_contract(hand, contract)

    for text in _list(record, "plays"):
        at = {"trick": len(hand.tricks), "seat": hand.turn if hand.turn is not None else _next_leader(hand)}
        if hand.phase != Phase.PLAY:
            if hand.complete:
                _fail(f"{text!r} is played after the hand is over", **at)
            if hand.phase == Phase.EXCHANGE:
                _fail(f"{text!r} is played before the exchange is over", **at)
            _fail(f"{text!r} is played before the contract is named", **at)
        hand = _step(hand, text, at, "play")
    return hand


def _read_contract(hand: Hand, contract: Any) -> Hand:
    if contract is None:
        return hand
    if hand.phase != Phase.CONTRACT:
        _fail(
            "the record names a contract before the auction and exchange are over"
            if hand.phase in (Phase.AUCTION, Phase.EXCHANGE)
            else "the record names a contract, but the hand has none to name",
            contract=0,
        )
    return _step(hand, contract, {"contract": 0}, "contract")


def _read_exchange(
    hand: Hand, takes: list[Any], discards: list[Any], widow: list[str], still_open: bool = False
) -> Hand:
    rule = hand.rules.exchange
    if not takes and not discards:
        return hand
    if rule is None or hand.phase != Phase.EXCHANGE:
        _fail("the record exchanges tiles, but no bid winner may exchange now", exchange=0)
    for i, text in enumerate([*takes, *discards]):
        if not isinstance(text, str):
            _fail(f"{text!r} is not a tile", exchange=i if i < len(takes) else i - len(takes))
    for action, i in rule.steps(takes, discards, widow, still_open):
        hand = _step(hand, action, {"exchange": i}, "exchange")
    return hand


def _next_leader(hand: Hand) -> int | None:
    return hand.tricks[-1].winner if hand.tricks else hand.declarer


def _step(hand: Hand, action: Any, at: dict[str, Any], what: str) -> Hand:
    seat = hand.turn
    if not isinstance(action, str):
        raise RecordError(f"{action!r} is not a {what}: every {what} is written as text", at)
    try:
        return hand.apply(action)
    except EngineError as e:
        who = hand.rules.seat_names[seat] if seat is not None else "nobody"
        raise RecordError(f"{who} cannot {_verb(what)} {action!r}: {e}", at) from None


def _verb(what: str) -> str:
    return {"call": "call", "exchange": "do", "contract": "declare", "play": "play"}[what]


def _list(record: dict[str, Any], key: str) -> list[Any]:
    value = record.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        _fail(f"{key} must be a list", field=key)
    return value


def _read_deal(record: dict[str, Any], rules: Rules) -> tuple[list[list[int]], list[int]]:
    lay = rules.layout
    ts = lay.tiles
    deal = record.get("deal")
    if not isinstance(deal, list) or len(deal) != lay.players:
        _fail(f"deal must list the tiles of all {lay.players} seats", deal=None)
    copies_used: dict[int, int] = {}

    def take(text: Any, where: dict) -> int:
        if not isinstance(text, str):
            raise RecordError(f"{text!r} is not a tile: write tiles like 6-4", where)
        try:
            base = ts.id_of(text)
        except TileError as e:
            raise RecordError(str(e), where) from None
        used = copies_used.get(base, 0)
        if used >= ts.copies:
            raise RecordError(
                f"{ts.names[base]} is dealt {'twice' if ts.copies == 1 else 'too often'}", where
            )
        copies_used[base] = used + 1
        return base + used * ts.set_size

    seats = []
    for seat, tiles in enumerate(deal):
        if not isinstance(tiles, list) or len(tiles) != lay.hand_size:
            _fail(f"seat {seat} must be dealt {lay.hand_size} tiles", deal=seat)
        seats.append([take(t, {"deal": seat}) for t in tiles])
    widow_raw = record.get("widow")
    if widow_raw is None:
        if lay.widow_size:
            _fail(
                f"this variant deals a {'widow' if lay.widow_size == 1 else 'kitty'}: the record must list it",
                widow=None,
            )
        widow_raw = []
    if not isinstance(widow_raw, list) or len(widow_raw) != lay.widow_size:
        _fail(f"the widow must hold {lay.widow_size} tiles", widow=None)
    widow = [take(t, {"widow": i}) for i, t in enumerate(widow_raw)]
    return seats, widow
