"""Scenes of the newer games filled from the engine's public view: every seat sitting out (Pistol), Seventy-two's
discards face up and their count, Moon's scores below zero, and stacking's hidden tricks."""

from __future__ import annotations

from bot.show.plan import move_note
from bot.show.scenes import hand_end_scene, panel_scene, table_scene
from bot.storage import SeatRow
from bot.tables import Table
from engine import Game, Hand, Rules
from tests.engine.helpers import make_hand, play_all, run


def table_for(hand: Hand, scores: tuple[int, ...] | None = None) -> Table:
    rules = hand.rules
    seats = {s: SeatRow(seat=s, name=f"Player {s}", user_id=100 + s) for s in range(rules.players)}
    game = Game(rules, hand.dealer, (), scores or (0,) * rules.teams)
    return Table(
        id=1,
        guild_id=1,
        channel_id=1,
        host_id=100,
        rules=rules,
        status="playing",
        seats=seats,
        game=game,
        hand=hand,
    )


def test_pistol_sits_out_every_partner_of_the_bidder():
    hand = make_hand(variant="eighty-four", dealer=7, calls=["1 mark", *["pass"] * 7]).apply(
        "pistol doubles-low"
    )
    scene = table_scene(table_for(hand), "")
    assert scene.sitting_out == frozenset({2, 4, 6}) and scene.out is None
    assert all(scene.is_out(seat) for seat in (2, 4, 6)) and not scene.is_out(0)
    assert scene.contract == "Pistol (doubles low)"
    nello = make_hand(dealer=3, calls=["1 mark", "pass", "pass", "pass"]).apply("nello doubles-high")
    four = table_scene(table_for(nello), "")
    assert four.out == 2 and four.sitting_out == frozenset({2}) and four.contract == "Nello (doubles high)"


def test_seventy_two_shows_discarded_trumps_and_count_face_up():
    north = ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "5-5", "4-1", "3-2", "2-1"]
    hand = make_hand(
        {0: north},
        variant="seventy-two",
        widow=["6-6", "5-5"],
        calls=["40", "pass", "pass", "pass"],
        contract="sixes",
    )
    hand = play_all(hand, "take", "discard 6-4", "discard 2-1")  # 6-4 a trump and count: +10 at once
    scene = table_scene(table_for(hand), "")
    assert scene.face_up == ("6-4",) and scene.discard_points == 10
    assert scene.hand_points == (0, 10)
    plain = make_hand(
        {0: north},
        variant="seventy-two",
        widow=["3-1", "4-2"],
        calls=["40", "pass", "pass", "pass"],
        contract="sixes",
    )
    plain = play_all(plain, "take", "discard 3-1", "discard 4-2")
    assert table_scene(table_for(plain), "").face_up == ()  # plain discards stay face down


def _stacked(variant: str, calls: list[str], **kw) -> Hand:
    return make_hand(
        {0: ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"]},
        rules={"stacking": "marks"},
        variant=variant,
        calls=calls,
        contract="sixes",
        seed=3,
        **kw,
    )


def test_stacking_hides_a_finished_trick_once_the_next_lead_is_played():
    hand = _stacked("standard", ["1 mark", "pass", "pass", "pass"])
    for _ in range(4):
        hand = hand.apply(hand.legal_actions()[0])
    scene = table_scene(table_for(hand), "")
    assert scene.stacked and len(scene.last_trick) == 4 and scene.hand_points is None
    assert scene.tricks_taken is not None and sum(scene.tricks_taken) == 1
    hand = hand.apply(hand.legal_actions()[0])  # the next lead
    table = table_for(hand)
    for scene in (table_scene(table, ""), panel_scene(table, 1, "").table):
        assert (
            scene.stacked and scene.last_trick == {} and len(scene.trick) == 1 and scene.hand_points is None
        )
    done = run(hand)
    over = table_scene(table_for(done), "")
    assert not over.stacked and over.hand_points is not None  # once the hand is over everything may be shown


def test_stacking_reads_the_engines_threshold_not_the_bid_alone():
    # a bid of 31 is not stacked; Geezer's 1 mark (45) is
    open_hand = _stacked("standard", ["31", "pass", "pass", "pass"])
    assert not table_scene(table_for(open_hand), "").stacked
    geezer = make_hand(
        variant="geezer",
        rules={"stacking": "marks"},
        calls=["1 mark", "pass", "pass", "pass"],
        contract="fives",
    )
    assert table_scene(table_for(geezer), "").stacked


def test_moon_scores_per_player_below_zero():
    rules = Rules.from_preset("moon")
    hand = make_hand(
        variant="moon",
        dealer=2,
        calls=["7", "pass", "pass"],
        contract="sixes",
        exchange={"take": [], "discard": [], "done": False},
    )
    hand = run(hand)
    table = table_for(hand, scores=(-3, 5, 2))
    scene = table_scene(table, "")
    assert scene.team_names == tuple(rules.seat_names) and scene.scores == (-3, 5, 2)
    end = hand_end_scene(table, hand)
    assert len(end.points) == 3 and end.made is False  # North lost a trick on a bid of 7
    assert end.award == (-7, 0, 3)  # a set bid is taken off the bidder's score; the others score their tricks


def test_a_moon_hand_end_shows_no_count_tiles_however_many_pips_they_have():
    hand = run(
        make_hand(
            variant="moon",
            dealer=2,
            calls=["4", "pass", "pass"],
            contract="follow-me",
            exchange={"take": [], "discard": [], "done": False},
        )
    )
    taken = {t.split("/")[0] for trick in hand.summary()["tricks"] for t in trick["tiles"]}
    assert {"5-5", "6-4", "3-2"} <= taken  # tiles that are count in other games were taken
    assert hand_end_scene(table_for(hand), hand).counts == ((), (), ())
    standard = run(make_hand(calls=["30", "pass", "pass", "pass"], contract="sixes"))
    caught = {t.split("/")[0] for trick in standard.summary()["tricks"] for t in trick["tiles"]} & {
        "5-5",
        "6-4",
        "5-0",
        "4-1",
        "3-2",
    }
    shown = hand_end_scene(table_for(standard), standard).counts
    assert caught and sorted(t for c in shown for t in c) == sorted(
        caught
    )  # 42's count tiles, where they went


def test_the_move_note_names_no_tile_once_tricks_are_stacked():
    hand = _stacked("standard", ["1 mark", "pass", "pass", "pass"])
    tile = hand.legal_actions()[0]
    played = hand.apply(tile)
    assert move_note(table_for(played), 0, tile) == "You played a tile."
    open_hand = make_hand(
        {0: ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"]},
        variant="standard",
        calls=["1 mark", "pass", "pass", "pass"],
        contract="sixes",
        seed=3,
    )
    tile = open_hand.legal_actions()[0]
    assert move_note(table_for(open_hand.apply(tile)), 0, tile) == f"You played {tile}."
