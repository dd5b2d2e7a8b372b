"""Why, in words: hints and review lines say the reason for a tile or a call in one sentence, on positions
built so that the reason is known, and never name a tile the player cannot know about."""

from __future__ import annotations

import random
import re

from bot.show.reasons import bid_sentence, held_words, play_sentence, seat_words
from bot.show.review import MAX_TEXT, decision_line, hint_text, review_messages, review_text
from engine import Hand, Rules, read_record, view_for, write_record
from engine.ai import reasons
from engine.ai.card_play import Figures
from engine.ai.review import Decision, StrongVerdict, advise, review_hand

# North (seat 0) bids 30 and names sixes. North holds four sixes; East (1) one, the 6-2; South (2), North's
# partner, none; West (3) two, the 6-1 and 6-0.
DEAL = [
    ["6-6", "6-5", "6-4", "6-3", "5-5", "5-0", "4-4"],
    ["6-2", "1-0", "2-0", "3-0", "4-0", "2-1", "3-1"],
    ["5-4", "5-3", "5-2", "5-1", "4-3", "4-2", "4-1"],
    ["6-1", "6-0", "3-3", "2-2", "1-1", "0-0", "3-2"],
]
NAMES = ("Nora", "Earl", "Sue", "Wes")
TEAMS = (0, 1, 0, 1)
TILE = re.compile(r"\b\d-\d\b")


def _hand(
    plays: list[str], calls: list[str] | None = None, contract: str | None = "sixes", deal=DEAL, rules=None
) -> Hand:
    return read_record(
        {
            "variant": "standard",
            "rules": rules or {},
            "dealer": 3,
            "deal": deal,
            "widow": [],
            "calls": ["30", "pass", "pass", "pass"] if calls is None else calls,
            "exchange": {"take": [], "discard": []},
            "contract": contract,
            "plays": plays,
        }
    )


def _seats(viewer: int) -> tuple[str, ...]:
    return seat_words(NAMES, TEAMS, viewer)


# trick 1: North leads the 6-6; East must follow with his only six; South, out of sixes, throws the 4-2;
# West follows with the 6-0. North has seen five sixes: only the 6-1 is still out.
AFTER_TRICK_ONE = ["6-6", "6-2", "4-2", "6-0"]


def test_the_last_trump_drawn_and_the_voids_shown_are_said():
    view = view_for(_hand(AFTER_TRICK_ONE), 0)
    figures = {"6-5": Figures(22, 24), "5-0": Figures(15, 24), "4-4": Figures(18, 24)}
    why = reasons.explain_play(view, "6-5", figures)
    assert why.role == reasons.DRAW_TRUMP and why.trumps_out == 1
    text = hint_text("play", "6-5", 22 / 24, why, _seats(0))
    assert "play **6-5**, because it draws the last trump still out" in text
    # East followed a six and may hold more: only a seat that failed to follow is known to be out
    assert "; your partner Sue has no sixes left;" in text and "Earl" not in text
    assert (
        "in 22 of 24 deals that fit what you've seen, your side makes 30 after it, after 4-4 in only 18"
        in text
    )
    assert "%" not in text


def test_more_trumps_out_are_counted_and_drawing_them_protects_the_winners():
    why = reasons.explain_play(view_for(_hand([]), 0), "6-6")
    text = play_sentence(why, _seats(0))
    assert text.startswith(
        "it draws trump (3 sixes are still out), so the other side has fewer left to trump"
    )
    assert "judged at a glance" in text  # no figures: the fast policy chose


def test_a_lead_that_can_be_beaten_counts_what_is_still_out_to_beat_it():
    # North leads the 5-0: the 5-4, 5-3, 5-2 and 5-1 are higher fives, the 6-2, 6-1 and 6-0 trumps
    why = reasons.explain_play(view_for(_hand([]), 0), "5-0")
    assert why.role == reasons.LEAD and why.beaters_out == 7
    assert play_sentence(why, _seats(0)).startswith(
        "it leads fives with its 5 count, though 7 tiles still out can beat it"
    )


def test_a_defender_out_of_the_suit_led_trumps_in_and_says_what_it_takes():
    # trick 2: North leads the 5-5; East, out of fives, throws the 1-0; South follows; West, last to play
    # and out of fives, trumps with the 6-1 and takes the 5-5's ten
    hand = _hand([*AFTER_TRICK_ONE, "5-5", "1-0", "5-1"])
    why = reasons.explain_play(view_for(hand, 3), "6-1")
    assert why.role == reasons.TRUMP_IN and why.sure and why.goal == "set"
    text = play_sentence(why, _seats(3))
    assert text.startswith(
        "it trumps the fives lead, taking 10 count, and nothing still out can trump over it"
    )
    assert "; your partner Earl has no fives left; Sue has no sixes left" in text


def test_a_partner_sure_to_win_is_fed_count():
    # trick 2: North draws West's last trump; trick 3: North leads the 6-5, which nothing left can beat
    drawn = [*AFTER_TRICK_ONE, "6-4", "3-1", "4-3", "6-1"]
    unsure = _hand(drawn[:-2])  # with West still to play and the 6-1 still out, the 4-1 is only thrown off
    assert reasons.explain_play(view_for(unsure, 2), "4-1").role == reasons.THROW_OFF
    fed = _hand([*drawn, "6-5", "4-0"])
    why = reasons.explain_play(view_for(fed, 2), "4-1")
    assert why.role == reasons.FEED and why.tile_count == 5
    text = play_sentence(why, _seats(2))
    assert text.startswith("your partner is sure to win this trick, so it adds its 5 count (5 in the trick)")


def test_a_review_line_compares_the_choice_with_the_tile_played_and_explains_the_figures():
    view = view_for(_hand(AFTER_TRICK_ONE), 0)
    figures = {"6-5": Figures(22, 24), "5-0": Figures(15, 24), "4-4": Figures(0, 24)}
    why = reasons.explain_play(view, "6-5", figures, compare="4-4")
    decision = Decision(
        "play:4", "play", 1, "4-4", ("6-5", "5-0", "4-4"), None, StrongVerdict("6-5", 22 / 24, why)
    )
    line = decision_line(decision, _seats(0))
    assert "strong player: **6-5**, because it draws the last trump still out" in line
    assert (
        "in 22 of 24 deals that fit what you saw, your side makes 30 after it, after your 4-4 in none" in line
    )
    same = Decision("play:4", "play", 1, "6-5", ("6-5", "5-0"), None, StrongVerdict("6-5", 22 / 24, why))
    assert "strong player: **6-5** too, because" in decision_line(same, _seats(0))


def test_equal_chances_are_told_apart_by_the_points():
    view = view_for(_hand(AFTER_TRICK_ONE), 0)
    figures = {"6-5": Figures(24, 24, 36.4), "6-4": Figures(24, 24, 33.1)}
    why = reasons.explain_play(view, "6-5", figures)
    text = play_sentence(why, _seats(0))
    assert (
        "your side makes 30 in every one of 24 deals that fit what you've seen, after it or after 6-4" in text
    )
    assert text.endswith("but it takes 3 more points on average")
    unweighed = {"6-5": Figures(20, 24), "6-4": Figures(20, 24)}
    text = play_sentence(reasons.explain_play(view, "6-5", unweighed), _seats(0))
    assert text.endswith("your side makes 30 after it, and after 6-4 too, so either will do")


def test_a_bare_estimate_is_explained_as_deals_of_a_hundred():
    decision = Decision(
        "contract", "contract", None, "sixes", ("sixes", "fives"), None, StrongVerdict("sixes", 0.72)
    )
    line = decision_line(decision, _seats(0))
    assert "because your side makes the bid in 72 of 100 deals that fit what you saw" in line
    assert "%" not in line
    assert "72 of 100 deals" in hint_text("contract", "sixes", 0.72)


def test_a_bid_names_the_trumps_held_and_the_chance_in_deals_of_ten():
    hand = _hand([], calls=[], contract=None)
    why = reasons.explain_bid(view_for(hand, 0), "30")
    assert why.trumps == ("6-6", "6-5", "6-4", "6-3")  # the strongest first
    assert held_words(why) == "6-6, 6-5 and two more sixes, 4-4 and 5-5 as other doubles, and 5-0 for count"
    text = hint_text("auction", "30", why.chance, why, _seats(0))
    assert "bid **30**, because with 6-6, 6-5 and two more sixes" in text
    assert f"30 with sixes trump makes in about {why.in_ten} of 10 deals with a hand like yours" in text


def test_a_tile_held_twice_is_named_once():
    # Seventy-two and Eighty-eight play with two sets: a hand may hold both copies of a tile
    why = reasons.BidReason(
        "70", "Threes", ("3-3", "3-3", "5-3", "4-3"), ("3-3", "3-3", "1-1", "1-1"), (), 0.1
    )
    assert held_words(why) == "two 3-3s, 5-3 and one more three, and two 1-1s as other doubles"


def test_a_pass_under_a_partners_bid_says_so():
    hand = _hand([], calls=["pass", "30", "pass"], contract=None)  # North passed, East bid 30, South passed
    why = reasons.explain_bid(view_for(hand, 3), "pass")
    assert why.partner_bid == "30" and why.level == 31
    assert bid_sentence(why).startswith("your partner holds the bid at 30")


def test_a_pass_turns_down_the_lowest_open_bid_and_a_forced_bid_says_it_is_forced():
    hand = _hand([], calls=["30"], contract=None)  # North bid 30: East may pass or bid 31 and up
    why = reasons.explain_bid(view_for(hand, 1), "pass")
    assert why.level == 31 and why.partner_bid is None and why.lowest is not None
    assert f"31 with {(why.trump or '').lower()} trump" in bid_sentence(why)
    forced = _hand([], calls=["pass", "pass", "pass"], contract=None, rules={"forced_bid": True})
    why = reasons.explain_bid(view_for(forced, 3), "30")
    assert why.must_bid
    assert bid_sentence(why).endswith("and the dealer must bid when everyone else has passed")


def test_a_reason_never_names_a_tile_the_player_cannot_know_about():
    rules = Rules.from_preset("standard", {"forced_bid": True})
    rng = random.Random(7)
    checked = 0
    for deal in range(6):
        hand = Hand.new(rules, deal % 4, rng)
        while not hand.complete:
            seat = hand.to_act
            view = view_for(hand, seat)
            legal = list(view["legal"])
            if hand.phase in ("auction", "play") and len(legal) > 1:
                # every legal choice, with made-up figures for all of them (compared with one another)
                figures = None
                if view.get("contract"):
                    figures = {a: Figures(rng.randrange(9), 8, rng.random() * 9) for a in legal}
                # what the seat may know: its own tiles and every tile played so far
                known = set(view["hand"]) | {p.split("/")[0] for p in view["plays"]}
                for action in legal:
                    why = (
                        reasons.explain_bid(view, action)
                        if hand.phase == "auction"
                        else reasons.explain_play(view, action, figures, compare=rng.choice(legal))
                    )
                    text = hint_text(str(hand.phase), action, None, why, seat_words(NAMES, TEAMS, seat))
                    named = set(TILE.findall(text))
                    assert named <= known, (text, named - known)
                    checked += 1
            hand = hand.apply(rng.choice(legal))
    assert checked > 100


def test_every_game_gets_a_reason_for_every_choice_naming_only_known_tiles(preset):
    rules = Rules.from_preset(preset)
    rng = random.Random(11)
    names = tuple(f"P{s}" for s in range(rules.players))
    teams = [rules.team_of(s) for s in range(rules.players)]
    said = 0
    for deal in range(2):
        hand = Hand.new(rules, deal % rules.players, rng)
        while not hand.complete:
            seat = hand.to_act
            view = view_for(hand, seat)
            legal = list(view["legal"])
            if (
                hand.phase in ("auction", "play")
                and len(legal) > 1
                and (hand.phase == "auction" or view.get("contract"))
            ):
                known = set(view["hand"]) | {p.split("/")[0] for p in view["plays"]}
                action = rng.choice(legal)
                why = (
                    reasons.explain_bid(view, action)
                    if hand.phase == "auction"
                    else reasons.explain_play(view, action, {a: Figures(3, 8) for a in legal})
                )
                text = hint_text(str(hand.phase), action, None, why, seat_words(names, teams, seat))
                assert ", because " in text and "%" not in text, text
                assert set(TILE.findall(text)) <= known, text
                said += 1
            hand = hand.apply(rng.choice(legal))
    assert said


def test_the_same_view_gives_the_same_hint_whatever_the_hidden_hands():
    # East and West swap tiles North cannot see: North's view, and so its hint, are the same
    swapped = [list(h) for h in DEAL]
    swapped[1][swapped[1].index("3-0")], swapped[3][swapped[3].index("3-3")] = "3-3", "3-0"
    texts = set()
    for deal in (DEAL, swapped):
        view = view_for(_hand(AFTER_TRICK_ONE, deal=deal), 0)
        verdict = advise(view, seed=3, samples=6)
        texts.add(hint_text("play", verdict.action, verdict.estimate, verdict.reason, _seats(0)))
    assert len(texts) == 1, texts


def test_a_long_review_is_split_between_lines_into_messages_that_fit():
    from bot.pictures.scenes import SeatInfo

    rules = Rules.from_preset("standard", {"forced_bid": True})
    for seed in range(100):  # a hand played to the last trick: the most decisions to explain
        rng = random.Random(seed)
        hand = Hand.new(rules, 0, rng)
        while not hand.complete:
            hand = hand.apply(rng.choice(hand.legal_actions()))
        if hand.bidder is not None and len(hand.tricks) == 7:
            break
    assert hand.bidder is not None
    names = tuple(SeatInfo(n, label=n, team=TEAMS[s]) for s, n in enumerate(NAMES))
    review = review_hand(write_record(hand), hand.bidder, budget_s=60, strong_samples=2)
    whole = review_text(hand, 0, names, hand.bidder, review)
    messages = review_messages(hand, 0, names, hand.bidder, review)
    assert len(messages) > 1 and all(len(m) <= MAX_TEXT for m in messages)
    assert "\n".join(messages) == whole  # nothing cut: every reason whole, in order
    tiles = [x for x in whole.splitlines() if x.startswith("• Trick") and "strong player:" in x]
    assert tiles and all(", because " in x for x in tiles)
