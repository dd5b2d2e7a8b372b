"""Scenes built from engine views plus seat names: the one place that reads engine state for the renderers.

The renderers draw only what a scene says; this module says it, in the words of `wording`. Names and
teams come from the table's rules (the engine names seats and teams) and its seat rows (the bot names
players and computers). The public table is built from the public parts of a view only (calls, the trick,
the tricks, points), never from anyone's tiles.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.pictures.scenes import GameEndScene, HandEndScene, HandScene, PanelScene, SeatInfo, TableScene
from engine import Hand, count_points, public_view, view_for

from .wording import (
    bid_by,
    bid_label,
    contract_title,
    early_end_reason,
    hand_title,
    latest_calls,
    panel_title,
)

if TYPE_CHECKING:
    from bot.tables.model import Table


def seat_infos(table: Table) -> tuple[SeatInfo, ...]:
    """Every seat as the pictures show it: the player's name, the seat's label and its team."""
    rules = table.rules
    infos = []
    for seat, label in enumerate(table.seat_names):
        row = table.seats.get(seat)
        infos.append(
            SeatInfo(
                row.name if row else label,
                computer=bool(row and row.is_computer),
                away=bool(row and row.away),
                label=label,
                team=rules.team_of(seat),
            )
        )
    return tuple(infos)


def top_pip(table: Table) -> int:
    """The set's highest pip."""
    return table.rules.layout.tiles.top


def bid_text(table: Table, view: Mapping[str, Any]) -> str | None:
    """`"31 by Alice"`."""
    if view.get("bid") is None or view.get("bidder") is None:
        return None
    return bid_by(view["bid"], seat_infos(table)[view["bidder"]].name)


def hand_scene(table: Table, seat: int, hand: Hand | None = None) -> HandScene:
    """One player's tiles, with trumps marked and, on their turn to play, the playable ones."""
    hand = hand or table.hand
    assert hand is not None
    view = view_for(hand, seat, table.scores)
    tiles = tuple(view["hand"])
    playable = None
    if view["phase"] == "play" and view["legal"]:
        playable = frozenset(action.split("/")[0] for action in view["legal"])
    contract = contract_title(view["contract"], table.rules.variant.nello_word)
    return HandScene(
        tiles,
        frozenset(view["trumps"]),
        playable,
        hand_title(table.seat_names[seat], table.hand_no + 1, contract),
        top_pip(table),
        counting=table.rules.layout.tiles.count_total > 0,
    )


def table_scene(table: Table, status: str) -> TableScene:
    """The public table: the auction or the trick in progress, the last trick, bid, contract and score.

    Built from the engine's public view only, so it shows what everyone may see: under stacking (RULES.md
    §11) no finished trick but the one just played, and tricks taken instead of points; the seats sitting
    out (Pistol: every partner of the bidder); Seventy-two's discards turned face up, and their count.
    """
    hand = table.hand
    seats = seat_infos(table)
    rules = table.rules
    if hand is None:
        return TableScene(
            seats=seats,
            dealer=0,
            turn=None,
            status=status,
            score_kind=rules.scoring,
            team_names=tuple(rules.team_names),
            scores=tuple(table.scores),
            target=rules.target,
            top=top_pip(table),
            phase="over",
        )
    view = public_view(hand, table.scores)
    last: dict[int, str] = {}
    last_winner = last_leader = None
    if view["tricks"]:
        done = view["tricks"][-1]
        last = dict(zip(done["seats"], done["tiles"], strict=False))
        last_winner, last_leader = done["winner"], done["leader"]
    phase = "over" if view["complete"] else view["phase"]
    face_up = tuple(view["exchange"]["discard"]) if view["exchange"] else ()
    out = view["sitting_out"]
    return TableScene(
        seats=seats,
        dealer=view["dealer"],
        turn=table.turn(),
        trick={entry["seat"]: entry["tile"] for entry in view["trick"]},
        last_trick=last,
        last_winner=last_winner,
        bid=bid_text(table, view),
        contract=contract_title(view["contract"], table.rules.variant.nello_word),
        score_kind=rules.scoring,
        team_names=tuple(rules.team_names),
        scores=tuple(table.scores),
        target=rules.target,
        hand_points=None if view["points"] is None or phase == "auction" else tuple(view["points"]),
        out=out[0] if len(out) == 1 else None,
        sitting_out=frozenset(out),
        status=status,
        top=top_pip(table),
        phase=phase,
        calls=latest_calls(view) if phase == "auction" else (),
        bidder=view["bidder"],
        leader=view["trick"][0]["seat"] if view["trick"] else None,
        last_leader=last_leader,
        stacked=view["stacked"],
        tricks_taken=None if phase == "auction" else tuple(view["tricks_taken"]),
        face_up=face_up,
        discard_points=sum(count_points(tile) for tile in face_up),
        reason=early_end_reason(hand) if view["complete"] else "",
    )


def panel_scene(table: Table, seat: int, status: str, note: str = "") -> PanelScene:
    """A player's private panel: the public table compactly, their own tiles, and one more line.

    ``status`` speaks to the player ("Your turn: play a tile", "Waiting for Ada (East)"); ``note`` is e.g.
    the last hand's result. The panel's heading names the player, their seat and the hand (the bid and
    contract follow on their own line).
    """
    hand = hand_scene(table, seat)
    info = seat_infos(table)[seat]
    title = panel_title(info.name, info.label, table.hand_no + 1)
    return PanelScene(table=table_scene(table, status), hand=replace(hand, title=title), seat=seat, note=note)


def hand_end_scene(table: Table, hand: Hand, number: int | None = None) -> HandEndScene:
    """The summary of a finished hand (hand `number` of the game, from 1), with the game score after it."""
    summary = hand.summary()
    rules = table.rules
    tiles = rules.layout.tiles
    counts: list[list[str]] = [[] for _ in rules.team_names]
    tricks = [0] * len(rules.team_names)

    def worth(tile: str) -> int:  # the game's own count: none in Moon, where a 5-5 is just a tile
        return tiles.points[tiles.id_of(tile)]

    for trick in summary["tricks"]:
        team = rules.team_of(trick["winner"])
        tricks[team] += 1
        counts[team].extend(t.split("/")[0] for t in trick["tiles"] if worth(t.split("/")[0]))
    award: Any = summary.get("award")
    return HandEndScene(
        seats=seat_infos(table),
        team_names=tuple(rules.team_names),
        bidder=summary["bidder"],
        bid=bid_label(summary["bid"]) if summary.get("bid") else None,
        contract=contract_title(summary.get("contract"), rules.variant.nello_word),
        made=summary.get("made"),
        points=tuple(summary["points"]),
        counts=tuple(tuple(c) for c in counts),
        award=tuple(next(iter(award.values()))) if award else None,
        score_kind=rules.scoring,
        scores=tuple(table.scores),
        target=rules.target,
        reason=early_end_reason(hand),
        tricks_taken=tuple(tricks),
        number=number,
    )


def game_end_scene(table: Table) -> GameEndScene:
    """Winners and final score."""
    assert table.game is not None and table.game.winner is not None
    rules = table.rules
    names = seat_infos(table)
    players = tuple(
        tuple(info.name for info in names if info.team == team) for team in range(len(rules.team_names))
    )
    return GameEndScene(
        team_names=tuple(rules.team_names),
        players=players,
        scores=tuple(table.game.scores),
        score_kind=rules.scoring,
        winner=table.game.winner,
        hands_played=len(table.game.records),
    )
