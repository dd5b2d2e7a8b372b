"""Scenes built from real engine hands: names, teams and labels from the table, each seat's call, who led,
and why a hand stopped early."""

from __future__ import annotations

import random

from bot.show.scenes import hand_end_scene, panel_scene, seat_infos, table_scene
from bot.show.wording import early_end_reason, latest_calls
from bot.storage import SeatRow
from bot.tables import Table
from engine import Hand, Rules
from tests.bot.table_state import hand_of
from tests.engine.helpers import high


def table_with(preset: str, hand: Hand | None = None, seed: int = 1) -> Table:
    rules = Rules.from_preset(preset)
    seats = {s: SeatRow(seat=s, name=f"Player {s}", user_id=100 + s) for s in range(rules.players)}
    seats[1] = SeatRow(seat=1, name="Ada", computer_level="easy")
    hand = hand or Hand.new(rules, 0, random.Random(seed))
    return Table(
        id=1, guild_id=1, channel_id=1, host_id=100, rules=rules, status="playing", seats=seats, hand=hand
    )


def play(hand: Hand, rng: random.Random, until=lambda h: h.complete) -> Hand:
    while not until(hand):
        hand = hand.apply(rng.choice(hand.legal_actions()))
    return hand


def test_seats_carry_the_tables_labels_teams_and_names():
    for preset, teams in (
        ("standard", [0, 1, 0, 1]),
        ("three-hand", [0, 1, 2]),
        ("eighty-eight", [0, 1] * 3),
    ):
        table = table_with(preset)
        infos = seat_infos(table)
        assert [i.label for i in infos] == list(table.rules.seat_names)
        assert [i.team for i in infos] == teams
        assert infos[1].name == "Ada" and infos[1].computer and not infos[0].computer


def test_each_seat_shows_its_latest_call_from_the_dealers_left():
    table = table_with("standard")
    hand = hand_of(table)
    for call in ("30", "pass", "31"):
        hand = hand.apply(call)
    table.hand = hand
    scene = table_scene(table, "West to bid")
    assert scene.phase == "auction"
    assert scene.calls == (None, "30", "Pass", "31")  # dealer North: East, South, West, then North to call
    assert scene.turn == 0 and scene.bidder == 3 and scene.trick == {}


def test_the_big_games_open_auction_skips_those_who_passed():
    view = {"players": 4, "dealer": 0, "calls": ["42", "pass", "43", "pass", "44"]}
    # East 42, South pass, West 43, North pass, then East again (South and North are out).
    assert latest_calls(view) == ("Pass", "44", "Pass", "43")


def test_the_trick_and_the_last_trick_carry_their_leaders():
    rng = random.Random(3)
    table = table_with("standard", seed=3)
    hand = play(
        hand_of(table), rng, until=lambda h: h.phase == "play" and len(h.tricks) == 1 and len(h.trick) == 2
    )
    table.hand = hand
    scene = table_scene(table, "")
    assert scene.phase == "play" and scene.calls == ()
    assert scene.leader == hand.trick_seats[0] and list(scene.trick) == list(hand.trick_seats)
    done = hand.tricks[0]
    assert scene.last_leader == done.leader and scene.last_winner == done.winner
    assert list(scene.last_trick) == list(done.seats)
    assert scene.tricks_taken is not None and sum(scene.tricks_taken) == 1
    panel = panel_scene(table, hand.to_act, "Your turn")
    assert panel.seat == hand.to_act and set(panel.hand.tiles) == set(hand.tiles_of(hand.to_act))


def test_a_hand_set_early_says_what_was_needed_and_what_could_be_reached():
    for seed in range(200):
        rng = random.Random(seed)
        table = table_with("standard", seed=seed)
        hand = play(hand_of(table), rng)
        if hand.made is False and not hand.every_trick() and len(hand.tricks) < 7:
            break
    else:
        raise AssertionError("no early set in 200 seeded hands")
    reason = early_end_reason(hand)
    need = high(hand).level
    assert hand.bidder is not None
    reach = hand.points[hand.rules.team_of(hand.bidder)] + 42 - sum(hand.points)
    assert reason == f"Set: needed {need}, could reach at most {reach}" and reach < need
    scene = hand_end_scene(table, hand)
    assert scene.reason == reason and scene.tricks_taken is not None
    assert sum(scene.tricks_taken) == len(hand.tricks)


def test_a_played_out_hand_gives_no_reason():
    rng = random.Random(5)
    for seed in range(50):
        hand = play(Hand.new(Rules.from_preset("standard"), 0, random.Random(seed)), rng)
        if len(hand.tricks) == 7:
            assert early_end_reason(hand) == ""
            return
    raise AssertionError("no played-out hand in 50 seeded hands")
