"""What a finished game adds to the server's records: each human's tally and each team's result."""

from __future__ import annotations

from bot.storage.rows import PlayerTally, TeamResult
from engine import Game, read_record

from .model import Table


def tally(table: Table, game: Game) -> tuple[list[PlayerTally], list[TeamResult]]:
    """Each human's tally (marks or points their team scored, hands they bid, made and were set in) and
    each team's result, for the finished `game` at `table`."""
    rules = table.rules
    kind = rules.scoring
    tallies: dict[int, PlayerTally] = {}
    for seat in table.humans():
        team = rules.team_of(seat.seat)
        score = game.scores[team]
        tallies[seat.seat] = PlayerTally(
            user_id=seat.user_id or 0,
            name=seat.name,
            won=game.winner == team,
            marks=score if kind == "marks" else 0,
            points=score if kind == "points" else 0,
        )
    for record in game.records:
        summary = read_record(record).summary()
        bidder = summary.get("bidder")
        if bidder is None or bidder not in tallies:
            continue
        tallies[bidder].hands_bid += 1
        if summary.get("made") is True:
            tallies[bidder].hands_made += 1
        elif summary.get("made") is False:
            tallies[bidder].hands_set += 1
    teams = [
        TeamResult(
            team=team,
            team_name=name,
            players=[table.seats[s].name for s in sorted(table.seats) if rules.team_of(s) == team],
            score=game.scores[team],
            score_kind=kind,
            won=game.winner == team,
        )
        for team, name in enumerate(rules.team_names)
    ]
    return list(tallies.values()), teams
