"""A player's record read from their stored hands: bids and results by bid level, the special contracts
they called and made, and the count they fed their partners.

Pure: it reads hand records (HAND-RECORD.md) with the engine and returns figures; storage finds the hands,
the pictures and messages show them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import RecordError, read_record
from engine.phases import Phase

SPECIALS = ("Nello", "Plunge", "Splash", "Sevens")


@dataclass(frozen=True)
class GamePlayed:
    """One finished game a player sat in: their seat, whether their side won, whether hints were on,
    and the game's hand records in order."""

    game_id: int
    seat: int
    won: bool
    hints: bool
    hands: tuple[dict[str, Any], ...]


@dataclass
class Tally:
    """How often something was tried and how it went."""

    tried: int = 0
    made: int = 0
    set: int = 0

    def add(self, made: bool | None) -> None:
        """Count one more try and its result (None: not settled)."""
        self.tried += 1
        if made is True:
            self.made += 1
        elif made is False:
            self.set += 1

    @property
    def rate(self) -> float | None:
        """Share made, or None before any try."""
        return self.made / self.tried if self.tried else None


@dataclass
class PlayerRecord:
    """Everything ``/42 stats`` shows beside games, marks and the rating."""

    games: int = 0
    won: int = 0
    hint_games: int = 0
    hands: int = 0
    bids: dict[str, Tally] = field(default_factory=dict)  # by bid level, as players read it
    specials: dict[str, Tally] = field(default_factory=lambda: {name: Tally() for name in SPECIALS})
    count_fed: int = 0  # count points played onto tricks a partner won
    damaged: int = 0  # hands whose record could not be read (skipped)

    def bid_levels(self) -> list[str]:
        """Bid levels in ladder order: point bids, then marks, then the rest."""
        return sorted(self.bids, key=_level_order)

    def to_json(self) -> dict[str, Any]:
        """The record as plain data (kept per game and player: `bot.storage.learning.keep_game_records`)."""
        tallies = lambda kept: {k: [t.tried, t.made, t.set] for k, t in kept.items() if t.tried}  # noqa: E731
        counts = ("games", "won", "hint_games", "hands", "count_fed", "damaged")
        return {
            **{name: getattr(self, name) for name in counts},
            "bids": tallies(self.bids),
            "specials": tallies(self.specials),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PlayerRecord:
        """A record from `to_json`'s data."""
        out = cls()
        for name in ("games", "won", "hint_games", "hands", "count_fed", "damaged"):
            setattr(out, name, int(data.get(name, 0)))
        for kept, tallies in ((out.bids, data.get("bids", {})), (out.specials, data.get("specials", {}))):
            for key, (tried, made, set_) in tallies.items():
                kept[key] = Tally(tried, made, set_)
        return out


def added_up(records: Iterable[dict[str, Any]]) -> PlayerRecord:
    """The records of separate games (as `PlayerRecord.to_json` gives them) added up: a player's record.
    Added as plain data, not as records (a busy player's thousands of games add up in milliseconds)."""
    total: dict[str, Any] = {}
    for data in records:
        for key, value in data.items():
            if not isinstance(value, dict):
                total[key] = total.get(key, 0) + value
                continue
            kept = total.setdefault(key, {})
            for name, (tried, made, set_) in value.items():
                tally = kept.get(name)
                if tally is None:
                    kept[name] = [tried, made, set_]
                else:
                    tally[0] += tried
                    tally[1] += made
                    tally[2] += set_
    return PlayerRecord.from_json(total)


def _level_order(level: str) -> tuple[int, float, str]:
    head = level.split()[0]
    if head.isdigit() and "mark" not in level:
        return (0, int(head), level)
    if head.isdigit():
        return (1, int(head), level)
    return (2, 0, level)


def bid_level(bid: str) -> str:
    """The column a bid is counted in: "30" … "41", "1 mark", "2 marks", "Plunge", "Splash", ..."""
    words = bid.split()
    if words and words[0].isdigit():
        return " ".join(words[:2]) if len(words) > 1 and words[1].startswith("mark") else words[0]
    return words[0].capitalize() if words else bid


def special_of(bid: str, contract: str | None) -> str | None:
    """Which of SPECIALS a hand was played as, if any."""
    head = bid.split()[0] if bid else ""
    if head in ("plunge", "splash"):
        return head.capitalize()
    if contract:
        if contract.startswith("nello") or contract.startswith("pistol"):
            return "Nello"
        if contract == "sevens":
            return "Sevens"
    return None


def player_record(games: Iterable[GamePlayed]) -> PlayerRecord:
    """Add up a player's finished games."""
    out = PlayerRecord()
    for game in games:
        out.games += 1
        out.won += int(game.won)
        out.hint_games += int(game.hints)
        for record in game.hands:
            try:
                hand = read_record(record)
            except RecordError:
                out.damaged += 1
                continue
            if not hand.complete:
                continue
            out.hands += 1
            _add_hand(out, hand, game.seat)
    return out


def game_records(
    players: Mapping[int, tuple[int, bool]], hints: bool, hands: Iterable[dict[str, Any]]
) -> dict[int, PlayerRecord]:
    """Each player's record of one finished game (`players`: user -> their seat and whether their side won),
    reading each hand once; a player's record is the sum of their games' (`PlayerRecord.add_up`)."""
    out = {
        user: PlayerRecord(games=1, won=int(won), hint_games=int(hints)) for user, (_, won) in players.items()
    }
    for record in hands:
        try:
            hand = read_record(record)
        except RecordError:
            for kept in out.values():
                kept.damaged += 1
            continue
        if not hand.complete:
            continue
        for user, (seat, _) in players.items():
            out[user].hands += 1
            _add_hand(out[user], hand, seat)
    return out


def _add_hand(out: PlayerRecord, hand: Any, seat: int) -> None:
    summary = hand.summary()
    if summary["bidder"] == seat and summary["bid"] and hand.phase == Phase.DONE:
        out.bids.setdefault(bid_level(summary["bid"]), Tally()).add(summary["made"])
        special = special_of(summary["bid"], summary["contract"])
        if special is not None:
            out.specials[special].add(summary["made"])
    team = hand.rules.team_of(seat)
    points = hand.ts.points
    for trick in hand.tricks:
        if trick.winner == seat or hand.rules.team_of(trick.winner) != team:
            continue
        for who, tile in zip(trick.seats, trick.tiles, strict=True):
            if who == seat:
                out.count_fed += points[tile]
