"""Engine state -> picture scenes: the one place that reads engine views on behalf of `bot.pictures`."""

from __future__ import annotations

from engine import Hand, count_points, view_for

from .pictures.scenes import GameEndScene, HandEndScene, HandScene, SeatInfo, TableScene
from .tables import Table
from .wording import bid_label, contract_title


def seat_infos(table: Table) -> tuple[SeatInfo, ...]:
    """Every seat's name as the pictures show it."""
    infos = []
    for seat, compass in enumerate(table.seat_names):
        row = table.seats.get(seat)
        if row is not None and row.is_computer:
            infos.append(SeatInfo("Computer", computer=True))  # the picture adds the seat; keeps it short
        else:
            infos.append(SeatInfo(row.name if row else compass))
    return tuple(infos)


def top_pip(table: Table) -> int:
    """The set's highest pip."""
    return 8 if table.rules.preset == "big-game" else 6


def bid_text(table: Table, view: dict) -> str | None:
    """`"31 by Alice"`."""
    if view.get("bid") is None or view.get("bidder") is None:
        return None
    return f"{bid_label(view['bid'])} by {seat_infos(table)[view['bidder']].name}"


def hand_scene(table: Table, seat: int, hand: Hand | None = None) -> HandScene:
    """One player's tiles, with trumps marked and, on their turn to play, the playable ones."""
    hand = hand or table.hand
    assert hand is not None
    view = view_for(hand, seat, table.scores)
    tiles = tuple(view["hand"])
    playable = None
    if view["phase"] == "play" and view["legal"]:
        playable = frozenset(action.split("/")[0] for action in view["legal"])
    title = f"{table.seat_names[seat]} · hand {table.hand_no + 1}"
    if view["contract"]:
        title += f" · {contract_title(view['contract'])}"
    return HandScene(tiles, frozenset(view["trumps"]), playable, title, top_pip(table))


def table_scene(table: Table, status: str) -> TableScene:
    """The public table: trick in progress, last trick, bid, contract and score."""
    hand = table.hand
    seats = seat_infos(table)
    if hand is None:
        return TableScene(seats=seats, dealer=0, turn=None, status=status, score_kind=table.rules.scoring,
                          team_names=tuple(table.rules.team_names), scores=tuple(table.scores),
                          target=table.rules.target, top=top_pip(table))
    view = view_for(hand, 0, table.scores)
    last: dict[int, str] = {}
    last_winner = None
    if view["tricks"]:
        done = view["tricks"][-1]
        last = {s: t for s, t in zip(done["seats"], done["tiles"], strict=False)}
        last_winner = done["winner"]
    return TableScene(
        seats=seats,
        dealer=view["dealer"],
        turn=table.turn(),
        trick={entry["seat"]: entry["tile"] for entry in view["trick"]},
        last_trick=last,
        last_winner=last_winner,
        bid=bid_text(table, view),
        contract=contract_title(view["contract"]),
        score_kind=table.rules.scoring,
        team_names=tuple(table.rules.team_names),
        scores=tuple(table.scores),
        target=table.rules.target,
        hand_points=tuple(view["points"]),
        out=view["out"],
        status=status,
        top=top_pip(table),
    )


def hand_end_scene(table: Table, hand: Hand) -> HandEndScene:
    """The summary of a finished hand, with the game score after it."""
    summary = hand.summary()
    rules = table.rules
    counts: list[list[str]] = [[] for _ in rules.team_names]
    for trick in summary["tricks"]:
        team = rules.team_of(trick["winner"])
        counts[team].extend(t.split("/")[0] for t in trick["tiles"] if count_points(t.split("/")[0]))
    award = summary.get("award")
    return HandEndScene(
        seats=seat_infos(table),
        team_names=tuple(rules.team_names),
        bidder=summary["bidder"],
        bid=bid_label(summary["bid"]) if summary.get("bid") else None,
        contract=contract_title(summary.get("contract")),
        made=summary.get("made"),
        points=tuple(summary["points"]),
        counts=tuple(tuple(c) for c in counts),
        award=tuple(next(iter(award.values()))) if award else None,
        score_kind=rules.scoring,
        scores=tuple(table.scores),
        target=rules.target,
    )


def game_end_scene(table: Table) -> GameEndScene:
    """Winners and final score."""
    assert table.game is not None and table.game.winner is not None
    rules = table.rules
    names = seat_infos(table)
    players = tuple(
        tuple(names[s].name for s in range(rules.players) if rules.team_of(s) == team)
        for team in range(len(rules.team_names))
    )
    return GameEndScene(
        team_names=tuple(rules.team_names),
        players=players,
        scores=tuple(table.game.scores),
        score_kind=rules.scoring,
        winner=table.game.winner,
        hands_played=len(table.game.records),
    )
