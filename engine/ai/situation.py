"""What a view tells a computer player, turned into tile ids and masks once per decision.

A ``Situation`` is built from a view alone (never from a Hand), so a player cannot see hidden tiles even
by accident. It knows the rules, the contract's suit table, the seat's own tiles, what each seat has
played, the trick in progress and, from the way seats followed, which tiles each seat cannot hold.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine.contracts import NELLO, Contract, parse_contract
from engine.rules import Rules
from engine.suits import SuitTable, suit_table
from engine.tiles import TileSet, bits


@dataclass
class Situation:
    """A view decoded into ids and masks (see the module docstring)."""

    view: Mapping[str, Any]
    rules: Rules
    ts: TileSet
    seat: int
    players: int
    mine: int  # mask of the seat's own tiles
    contract: Contract | None = None
    table: SuitTable | None = None
    played: list[int] = field(default_factory=list)  # per seat: mask of tiles that seat played
    gone: int = 0  # every tile played so far
    trick: list[tuple[int, int]] = field(default_factory=list)  # (seat, tile id) of the trick in progress
    lead: int = -1  # suit led to the trick in progress, -1 when leading
    cannot: list[int] = field(default_factory=list)  # per seat: tiles it is known not to hold
    widow_known: int = 0  # tiles known to be out of play (own discards, for the bid winner)

    @property
    def suits(self) -> SuitTable:
        """The contract's suit table, for code that runs once a contract is named."""
        assert self.table is not None, "no contract yet"
        return self.table

    @property
    def named(self) -> Contract:
        """The contract, for code that runs once it is named."""
        assert self.contract is not None, "no contract yet"
        return self.contract

    # --- who is who ---------------------------------------------------------------------------------

    def team(self, seat: int) -> int:
        """The team a seat plays for."""
        return self.rules.team_of(seat)

    @property
    def bidder(self) -> int | None:
        """The high bidder (the bid winner once the auction is over), or None."""
        return self.view.get("bidder")

    def bidding_side(self, seat: int) -> bool:
        """Whether ``seat`` plays for the bid winner's side (for Nello: is the bidder himself)."""
        if self.bidder is None:
            return False
        if self.contract is not None and self.contract.kind == NELLO:
            return seat == self.bidder
        return self.team(seat) == self.team(self.bidder)

    @property
    def out(self) -> tuple[int, ...]:
        """The seats sitting out this hand (Nello's partner, Pistol's partners)."""
        return tuple(self.view.get("sitting_out") or ())

    def partners(self, seat: int) -> list[int]:
        """The other seats on ``seat``'s team that play this hand."""
        out = self.out
        return [
            s for s in range(self.players) if s != seat and s not in out and self.team(s) == self.team(seat)
        ]

    def active(self) -> list[int]:
        """Seats that play tricks (all but those sitting out)."""
        out = self.out
        return [s for s in range(self.players) if s not in out]

    def to_play_after(self) -> list[int]:
        """Seats still to play to the current trick after this seat, in order."""
        act = self.active()
        n = len(act)
        idx = act.index(self.seat)
        left = n - len(self.trick) - 1
        return [act[(idx + k) % n] for k in range(1, left + 1)]

    def unseen(self) -> int:
        """Tiles this seat has not seen: in other hands, the widow or a Nello partner's hand."""
        return self.ts.all_mask & ~self.mine & ~self.gone & ~self.widow_known

    def tile_id(self, text: str) -> int:
        """Id of a tile written as text, first copy (Eighty-eight copies are interchangeable)."""
        return self.ts.id_of(text.split("/")[0])


@lru_cache(maxsize=64)
def rules_of(variant: str, overrides: str) -> Rules:
    """The rules of a view, built once per table (a view carries them as preset + overrides)."""
    return Rules.from_preset(variant, json.loads(overrides))


@lru_cache(maxsize=16)
def _default_players(preset: str) -> int:
    return Rules.from_preset(preset).players


def table_name(rules: Rules) -> str:
    """How the data files (bidding table, opening bars) name a table: its preset, with its seats where an
    option changes them (six-hand Eighty-four is ``"eighty-four/6"``)."""
    if rules.players != _default_players(rules.preset):
        return f"{rules.preset}/{rules.players}"
    return rules.preset


def _ids_of(ts: TileSet, names: list[str], taken: int) -> tuple[int, int]:
    """Ids for tile names, choosing for each a copy not yet in ``taken``; returns (mask, new taken)."""
    mask = 0
    for name in names:
        base = ts.id_of(name.split("/")[0])
        tid = base
        for copy in range(ts.copies):
            cand = base + copy * ts.set_size
            if not (taken >> cand) & 1:
                tid = cand
                break
        mask |= 1 << tid
        taken |= 1 << tid
    return mask, taken


def read(view: Mapping[str, Any]) -> Situation:
    """Decode a view. Works in every phase; play facts are filled only once a contract exists."""
    rules = rules_of(view["variant"], json.dumps(view.get("rules") or {}, sort_keys=True))
    ts = rules.layout.tiles
    n = rules.players
    mine, taken = _ids_of(ts, view.get("hand") or [], 0)
    sit = Situation(view, rules, ts, view["seat"], n, mine, played=[0] * n, cannot=[0] * n)
    exchange = view.get("exchange") or {}
    if isinstance(exchange.get("discard"), list):  # the bid winner knows what he laid away
        sit.widow_known, taken = _ids_of(ts, exchange["discard"], taken)
    if not view.get("contract"):
        return sit
    sit.contract = parse_contract(view["contract"], rules)
    sit.table = suit_table(ts, sit.contract)
    tricks = [(tr["seats"], tr["tiles"]) for tr in view.get("tricks") or []]
    current = view.get("trick") or []
    tricks.append(([p["seat"] for p in current], [p["tile"] for p in current]))
    ids: list[int] = []
    for seats, tiles in tricks:
        ids = []
        for s, name in zip(seats, tiles, strict=True):
            m, taken = _ids_of(ts, [name], taken)
            tid = m.bit_length() - 1
            ids.append(tid)
            sit.played[s] |= m
            sit.gone |= m
        if ids:
            lead = _lead_of(sit.table, tiles[0], ids[0])
            _learn(sit, seats, ids, lead)
    if current:  # the loop's last round was the trick in progress
        sit.trick = list(zip([p["seat"] for p in current], ids, strict=True))
        sit.lead = _lead_of(sit.table, current[0]["tile"], ids[0])
    return sit


def _lead_of(table: SuitTable, text: str, tid: int) -> int:
    """The suit a lead calls for: a declared lower end ("7-3/3") or the tile's own suit."""
    if "/" in text:
        return int(text.split("/")[1])
    return table.lead_suit[tid]


def _learn(sit: Situation, seats: list[int], ids: list[int], lead: int) -> None:
    """What a trick says about hands: a seat that did not follow holds none of the suit led; in Sevens a
    seat holds nothing closer to the target than what it played."""
    table = sit.suits
    if table.distance is not None:
        dist = table.distance
        for s, t in zip(seats, ids, strict=True):
            closer = 0
            for u in sit.ts.ids:
                if dist[u] < dist[t]:
                    closer |= 1 << u
            sit.cannot[s] |= closer
        return
    members = table.members[lead]
    for s, t in zip(seats[1:], ids[1:], strict=True):
        if not (members >> t) & 1:
            sit.cannot[s] |= members


def count_bits(mask: int) -> int:
    """Number of tiles in a mask."""
    return bin(mask).count("1")


__all__ = ["Situation", "read", "count_bits", "bits", "table_name"]
