"""What a finished game adds to the server's records: in partnerships each player gets the team's score; where
each plays alone (Moon, three-hand) each player gets their own, and only the winner a game won."""

from __future__ import annotations

import random

import pytest

from bot.storage import SeatRow
from bot.tables import Table
from bot.tables.tally import tally
from engine import Game, Rules


def finished_game(preset: str, target: int, seed: int) -> tuple[Table, Game]:
    """A whole game of `preset` at a table of humans (one seat a computer): the first bidder bids the lowest he
    may and the others pass (random bids would shoot the moon and sink below zero for ever), then random
    legal actions."""
    rules = Rules.from_preset(preset, {"target": target})
    rng = random.Random(seed)
    game = Game.new(rules, rng)
    while not game.over:
        hand = game.deal(rng)
        while not hand.complete:
            legal = hand.legal_actions()
            bids = [action for action in legal if action != "pass"]
            if hand.phase != "auction":
                hand = hand.apply(rng.choice(legal))
            else:
                hand = hand.apply(
                    "pass" if not bids or (hand.high is not None and "pass" in legal) else bids[0]
                )
        game = game.record_hand(hand)
    seats = {s: SeatRow(seat=s, name=f"player {s}", user_id=100 + s) for s in range(rules.players)}
    seats[1] = SeatRow(seat=1, name="Ada", computer_level="easy")
    table = Table(
        id=1, guild_id=1, channel_id=1, host_id=100, rules=rules, status="finished", seats=seats, game=game
    )
    return table, game


@pytest.mark.parametrize(
    ("preset", "target"), [("moon", 21), ("three-hand", 3), ("standard", 3), ("eighty-four", 2)]
)
@pytest.mark.parametrize("seed", range(3))
def test_each_human_gets_their_own_score_where_each_plays_alone(preset, target, seed):
    table, game = finished_game(preset, target, seed)
    rules = table.rules
    tallies, teams = tally(table, game)
    assert sorted(t.user_id for t in tallies) == [
        100 + s for s in range(rules.players) if s != 1
    ]  # humans only
    for each in tallies:
        seat = each.user_id - 100
        score = game.scores[rules.team_of(seat)]
        assert (each.points, each.marks) == ((score, 0) if rules.scoring == "points" else (0, score))
        assert each.won == (game.winner == rules.team_of(seat))
    assert sum(each.won for each in tallies) <= (1 if not rules.layout.partners else rules.players)
    assert [t.score for t in teams] == list(game.scores) and len(teams) == rules.teams
    if not rules.layout.partners:  # a team per player, named by its seat
        assert [t.players for t in teams] == [[table.seats[s].name] for s in range(rules.players)]
