"""What a seat can work out from a player-protocol view alone (PLAYER-PROTOCOL.md).

A protocol view carries only the hand record as one seat sees it: ``variant``, ``rules``, ``seat``,
``dealer``, ``hand``, ``calls``, ``contract``, ``exchange``, ``plays``, ``score`` and ``legal``. The computer
players also read what follows from those: the phase, whose turn it is, the high bid and its bidder, the
declarer, who sits out, the trick in progress and every completed trick (leader, seats, winner, points), the
points taken, how many tiles each seat holds and, for the bid winner, the widow.

Every game of RULES.md §8-§9 reads from the same fields: Moon and Seventy-two name the contract before the
widow (the exchange then follows the contract); Pistol seats out all the bidder's partners; each trick is
worth what the layout says (Seventy-two's last 3); a count tile Seventy-two's bidder discards scores for
the defenders at once (it is face up in every view). ``derive`` works these out
by replaying the public record through the engine's own pieces (calls, contracts, suit tables, trick
winners); ``complete`` returns the view the players read: the protocol fields plus the derived ones. Any
other field a sender adds is ignored, so a view means the same with or without the engine's extras.

A view that lacks a required field or contradicts itself raises ``ViewError`` with a sentence for the
sender.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.auction import doubles_bid_worth
from engine.calls import Call, parse_call
from engine.contracts import Contract, parse_contract
from engine.errors import EngineError
from engine.hand import AUCTION, CONTRACT, DONE, EXCHANGE, PLAY
from engine.rules import PRESETS, Rules
from engine.suits import SuitTable, suit_table
from engine.tiles import TileSet

from .situation import rules_of

PROTOCOL_FIELDS = (
    "variant",
    "rules",
    "seat",
    "dealer",
    "hand",
    "calls",
    "contract",
    "exchange",
    "plays",
    "score",
    "legal",
)
# ``rules`` may be absent (HAND-RECORD.md); ``contract`` and ``exchange`` are null until they exist and
# ``score`` is not needed to play, so a view without them reads them as null.
REQUIRED_FIELDS = ("variant", "seat", "dealer", "hand", "calls", "plays", "legal")
EXCHANGE_WORDS = ("take", "keep", "discard")


class ViewError(EngineError):
    """A view the protocol does not allow: a field missing or malformed, or facts that contradict each
    other."""


@dataclass
class PublicState:
    """Everything the protocol fields of one view imply (see the module docstring)."""

    rules: Rules
    seat: int
    phase: str = AUCTION
    turn: int | None = None
    high: Call | None = None  # the high bid so far (the winning bid once the auction is over)
    bidder: int | None = None  # who made it
    declarer: int | None = None  # names the contract and leads: the bidder, his partner after Plunge/Splash
    contract: Contract | None = None
    sitting_out: tuple[int, ...] = ()  # seats whose tiles lie face down (Nello's partner, Pistol's partners)
    trick: list[tuple[int, str]] = field(default_factory=list)  # (seat, tile) of the trick in progress
    tricks: list[dict[str, Any]] = field(default_factory=list)  # completed, as the engine's views list them
    points: list[int] = field(default_factory=list)  # per team (per player where each plays alone)
    tile_counts: list[int] = field(default_factory=list)  # tiles each seat holds now
    widow: list[str] | None = None  # the widow or kitty, for the bid winner once the exchange begins

    def fields(self) -> dict[str, Any]:
        """The derived facts under the names the engine's own views give them (docs/engine-api.md)."""
        return {
            "players": self.rules.players,
            "phase": self.phase,
            "turn": self.turn,
            "bidder": self.bidder,
            "bid": self.high.text() if self.high else None,
            "declarer": self.declarer,
            "out": self.sitting_out[0] if len(self.sitting_out) == 1 else None,
            "sitting_out": list(self.sitting_out),
            "trick": [{"seat": s, "tile": t} for s, t in self.trick],
            "tricks": self.tricks,
            "points": list(self.points),
            "tile_counts": list(self.tile_counts),
            "widow": self.widow,
        }


def complete(view: Any) -> dict[str, Any]:
    """The view the players read: its protocol fields, then every derived fact (extra fields are dropped)."""
    state = derive(view)
    out = {name: view.get(name) for name in PROTOCOL_FIELDS}
    out["rules"] = view.get("rules") or {}
    out.update(state.fields())
    return out


def derive(view: Any) -> PublicState:
    """Work out the public state from the protocol fields of ``view``; ViewError if they do not make one."""
    if not isinstance(view, dict):
        raise ViewError("a view is a JSON object with the fields of PLAYER-PROTOCOL.md")
    missing = [name for name in REQUIRED_FIELDS if name not in view]
    if missing:
        raise ViewError(
            f"the view has no {_listing(missing)}: every view carries " + ", ".join(PROTOCOL_FIELDS)
        )
    rules = _rules(view)
    n = rules.players
    seat = _seat(view, "seat", n)
    dealer = _seat(view, "dealer", n)
    ts = rules.layout.tiles
    hand = _tiles(view["hand"], ts, "hand")
    exchange = _exchange(view.get("exchange"), ts)
    legal = _strings(view["legal"], "legal")
    state = PublicState(rules, seat, points=[0] * rules.teams)
    _replay_auction(state, _strings(view["calls"], "calls"), dealer)
    plays = _strings(view["plays"], "plays")
    contract_text = view.get("contract")
    if contract_text is not None or plays:
        _declare(state, contract_text)
    _tiles([text.partition("/")[0] for text in plays], ts, "plays")
    _count_copies(ts, hand + [text.partition("/")[0] for text in plays] + exchange.get("discard", []))
    if state.phase != AUCTION:
        _after_auction(state, legal)
        if state.bidder == seat and "widow" in exchange:
            state.widow = list(exchange["widow"])
        _score_discards(state, exchange.get("discard", []))
    if state.contract is not None:
        _replay_plays(state, plays, ts)
    _check_legal(state, legal)
    state.tile_counts = _tile_counts(state, hand, exchange)
    return state


# --- reading the fields -------------------------------------------------------------------------------


def _listing(names: list[str], quote: bool = True, last: str = "or") -> str:
    """``"a", "b" or "c"``: field names quoted, tiles (``quote=False``) as they are."""
    words = [f'"{name}"' if quote else name for name in names]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {last} " + words[-1]


def _rules(view: dict) -> Rules:
    variant = view["variant"]
    if not isinstance(variant, str) or variant not in PRESETS:
        raise ViewError(f"unknown variant {variant!r}: the variants are {', '.join(PRESETS)}")
    overrides = view.get("rules")
    if overrides is None:
        overrides = {}
    if not isinstance(overrides, dict):
        raise ViewError('"rules" must be an object of option overrides, like {"nello": "off"}')
    try:
        return rules_of(variant, json.dumps(overrides, sort_keys=True))
    except EngineError as e:
        raise ViewError(f"bad rules: {e}") from None


def _seat(view: dict, name: str, players: int) -> int:
    value = view[name]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise ViewError(f'"{name}" must be a seat from 0 to {players - 1}, not {value!r}')
    return value


def _strings(value: Any, name: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ViewError(f'"{name}" must be a list of strings, not {value!r}')
    return value


def _tile_id(text: str, ts: TileSet, where: str) -> int:
    try:
        return ts.id_of(text)
    except EngineError as e:
        raise ViewError(f"{where}: {e}") from None


def _tiles(value: Any, ts: TileSet, name: str) -> list[str]:
    """Tile names, checked to be tiles of this game's set."""
    for text in _strings(value, name):
        _tile_id(text, ts, f'"{name}" lists {text!r}')
    return value


def _exchange(value: Any, ts: TileSet) -> dict[str, list[str]]:
    """The exchange as far as the seat sees it: {} before it begins."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ViewError('"exchange" must be null or an object like {"take": [], "discard": []}')
    return {
        name: _tiles(value[name], ts, f"exchange {name}")
        for name in ("widow", "take", "discard")
        if value.get(name) is not None
    }


def _count_copies(ts: TileSet, names: list[str]) -> None:
    """No tile may be held, played or laid away more often than the set holds it."""
    seen = Counter(ts.names[ts.id_of(name)] for name in names)
    extra = sorted(name for name, k in seen.items() if k > ts.copies)
    if extra:
        one = len(extra) == 1
        tiles = _listing(extra, quote=False, last="and")
        raise ViewError(
            f"{tiles} appear{'s' if one else ''} more often in the hand, plays and discards than "
            f"the set holds {'it' if one else 'them'}"
        )


# --- auction, exchange, contract ------------------------------------------------------------------------


def _replay_auction(state: PublicState, calls: list[str], dealer: int) -> None:
    """Whose each call was and what it did (RULES.md §3): one round from the dealer's left, or in the open
    auction round and round, skipping seats that passed, until all but one have passed."""
    rules = state.rules
    n, open_auction = rules.players, rules.layout.open_auction
    seat, passed = (dealer + 1) % n, set()
    for i, text in enumerate(calls):
        if state.phase != AUCTION:
            raise ViewError(f"call {i} ({text!r}) comes after the auction is over")
        try:
            call = parse_call(text, rules)
        except EngineError as e:
            raise ViewError(f"call {i} ({text!r}): {e}") from None
        if call.special and not call.marks:  # "plunge": worth its marks at that point of the auction
            marks = doubles_bid_worth(rules, state.high, call.kind)
            call = Call(call.kind, marks * rules.mark_points, marks, plunge_base=call.plunge_base)
        if call.is_bid:
            if state.high is not None and call.level <= state.high.level:
                raise ViewError(f"call {i} ({text!r}) does not beat the high bid {state.high.text()}")
            state.high, state.bidder = call, seat
        else:
            passed.add(seat)
        if open_auction:
            done = len(passed) == n or (len(passed) == n - 1 and state.high is not None)
        else:
            done = i + 1 == n
        if done:
            _close_auction(state)
        else:
            seat = (seat + 1) % n
            while open_auction and seat in passed:
                seat = (seat + 1) % n
    if state.phase == AUCTION:
        state.turn = seat


def _close_auction(state: PublicState) -> None:
    bidder = state.bidder
    if state.high is None or bidder is None:  # all passed: thrown in
        state.phase = DONE
        return
    n = state.rules.players
    state.declarer = (bidder + n // 2) % n if state.high.special else bidder
    state.phase = CONTRACT  # or the exchange: _after_auction tells them apart


def _declare(state: PublicState, text: Any) -> None:
    if state.phase in (AUCTION, DONE):
        what = "plays" if text is None else "a contract"
        why = "leave the auction open" if state.phase == AUCTION else "all pass"
        raise ViewError(f"the view has {what}, but its calls {why}")
    if text is None:
        raise ViewError("the view has plays but no contract")
    try:
        state.contract = parse_contract(text, state.rules)
    except EngineError as e:
        raise ViewError(f"contract {text!r}: {e}") from None
    if state.bidder is not None:  # Nello's partner, or every partner in Pistol (the contract's rule says)
        out = state.contract.rule.sitting_out(state.rules.layout.seating, state.bidder)
        state.sitting_out = tuple(sorted(out))


def _score_discards(state: PublicState, discards: list[str]) -> None:
    """Seventy-two: each count tile the bidder discarded scored for the defenders when he laid it away (the
    bidder's own view lists every discard, the others' the face-up ones, count among them)."""
    rule = state.rules.exchange
    if rule is None or not rule.scores_discards or state.bidder is None:
        return
    ts = state.rules.layout.tiles
    bidders = state.rules.team_of(state.bidder)
    defenders = next(t for t in range(state.rules.teams) if t != bidders)
    state.points[defenders] += sum(ts.points[ts.id_of(name)] for name in discards)


def _after_auction(state: PublicState, legal: list[str]) -> None:
    """Exchange, contract or play: the exchange is under way while its actions are the legal ones (a
    "keep" leaves no trace in the record, so the fields alone cannot say when it ended)."""
    if state.phase == DONE:
        return
    if any(text.split(" ")[0] in EXCHANGE_WORDS for text in legal):
        if not state.rules.layout.widow_size:
            raise ViewError(f"{state.rules.title} deals no widow: there is nothing to exchange")
        state.phase, state.turn = EXCHANGE, state.bidder
    elif state.contract is None:
        state.phase, state.turn = CONTRACT, state.declarer
    else:
        state.phase = PLAY


# --- tricks ---------------------------------------------------------------------------------------------


def _replay_plays(state: PublicState, plays: list[str], ts: TileSet) -> None:
    """Each play's seat, each trick's leader, winner and points, from the contract's suit table."""
    rules = state.rules
    table = suit_table(ts, state.contract)
    active = [s for s in range(rules.players) if s not in state.sitting_out]
    leader = state.declarer
    assert leader is not None  # a contract was named, so the auction closed with a bid
    ids: list[int] = []
    lead = -1
    for i, text in enumerate(plays):
        if len(state.tricks) == rules.layout.hand_size:
            raise ViewError(f"play {i} ({text!r}) comes after the last trick")
        name, declared = _play(text, ts, first=not ids, where=f"play {i}")
        tid = _tile_id(name, ts, f"play {i}")
        if not ids:
            lead = declared if declared >= 0 else table.lead_suit[tid]
            seat = leader
        else:
            seat = active[(active.index(state.trick[-1][0]) + 1) % len(active)]
        state.trick.append((seat, ts.names[tid] + (f"/{declared}" if declared >= 0 else "")))
        ids.append(tid)
        if len(ids) == len(active):
            leader = _finish_trick(state, table, ids, lead)
            ids = []
    if len(state.tricks) == rules.layout.hand_size:
        state.phase, state.turn = DONE, None
    elif state.phase == PLAY:
        state.turn = active[(active.index(state.trick[-1][0]) + 1) % len(active)] if state.trick else leader


def _play(text: str, ts: TileSet, first: bool, where: str) -> tuple[str, int]:
    """A play's tile and the suit it was declared as ("7-3/3": a lead as its lower end), or -1."""
    name, slash, suffix = text.partition("/")
    if not slash:
        return name, -1
    tid = _tile_id(name, ts, where)
    if not first:
        raise ViewError(f"{where} ({text!r}): only a lead can be declared as its lower end")
    if not suffix.isdigit() or int(suffix) != ts.lo[tid] or ts.hi[tid] == ts.lo[tid]:
        raise ViewError(f"{where} ({text!r}): a declared lead is written with its lower end, like 7-3/3")
    return name, int(suffix)


def _finish_trick(state: PublicState, table: SuitTable, ids: list[int], lead: int) -> int:
    """Close the trick in progress: its winner (the engine's suit table decides) leads the next one."""
    rules, ts = state.rules, state.rules.layout.tiles
    seats = [s for s, _ in state.trick]
    winner = seats[table.winner_index(ids, lead)]
    points = rules.layout.trick_values[len(state.tricks)] + sum(ts.points[t] for t in ids)
    state.tricks.append(
        {
            "leader": seats[0],
            "tiles": [t for _, t in state.trick],
            "winner": winner,
            "points": points,
            "seats": seats,
        }
    )
    state.points[rules.team_of(winner)] += points
    state.trick = []
    return winner


def _tile_counts(state: PublicState, hand: list[str], exchange: dict) -> list[int]:
    """Tiles each seat holds now: a hand less what it played. The view's own hand must hold that many (the
    bid winner one more for each widow tile he has taken and not yet given back)."""
    size = state.rules.layout.hand_size
    played = Counter(s for tr in state.tricks for s in tr["seats"])
    played.update(s for s, _ in state.trick)
    counts = [size - played[s] for s in range(state.rules.players)]
    expected = counts[state.seat]
    if state.seat == state.bidder:
        expected += len(exchange.get("take", [])) - len(exchange.get("discard", []))
    if len(hand) != expected:
        raise ViewError(
            f"seat {state.seat} should hold {expected} tiles by the calls, exchange and plays, "
            f'but "hand" lists {len(hand)}'
        )
    counts[state.seat] = len(hand)
    return counts


def _check_legal(state: PublicState, legal: list[str]) -> None:
    """The legal actions must be of the phase the record is in (calls in the auction, tiles in play...)."""
    if not legal:
        raise ViewError('the view has no legal actions to choose from ("legal" must be a non-empty list)')
    if state.phase == DONE:
        raise ViewError("by its calls and plays the hand is over: there is nothing to choose")
    rules, ts = state.rules, state.rules.layout.tiles
    for text in legal:
        try:
            if state.phase == AUCTION:
                parse_call(text, rules)
            elif state.phase == CONTRACT:
                parse_contract(text, rules)
            elif state.phase == PLAY:
                _tile_id(_play(text, ts, first=not state.trick, where="a legal play")[0], ts, "a legal play")
        except EngineError as e:
            raise ViewError(
                f'the record is in the {state.phase} phase, but "legal" lists {text!r}: {e}'
            ) from None
