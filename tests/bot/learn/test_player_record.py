"""A player's record from their hand records: bids by level, specials, count fed to a partner."""

from __future__ import annotations

from bot.learn.player_record import GamePlayed, bid_level, player_record, special_of
from engine import Rules


def _play(rules: Rules, deal: list[list[str]], calls: list[str], contract: str, plays: list[str]) -> dict:
    record = {
        "variant": rules.preset,
        "rules": rules.overrides(),
        "dealer": 3,
        "deal": deal,
        "calls": calls,
        "contract": contract,
        "plays": plays,
    }
    return record


DEAL = [
    ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"],
    ["5-5", "5-4", "5-3", "5-2", "5-1", "5-0", "4-4"],
    ["4-3", "4-2", "4-1", "4-0", "3-3", "3-2", "3-1"],
    ["3-0", "2-2", "2-1", "2-0", "1-1", "1-0", "0-0"],
]


def test_bids_specials_and_count_fed_are_added_up():
    rules = Rules.from_preset("standard")
    # North bids 30 and names sixes; South (partner) throws count onto North's winning sixes; made (33)
    # after three tricks, where the hand stops.
    made = _play(
        rules,
        DEAL,
        ["30", "pass", "pass", "pass"],
        "sixes",
        ["6-6", "5-5", "4-1", "3-0", "6-5", "5-4", "3-2", "2-2", "6-4", "5-3", "4-3", "2-1"],
    )
    record = player_record([GamePlayed(1, 2, True, False, (made,))])  # South's view
    assert record.games == 1 and record.won == 1 and record.hands == 1
    assert record.bids == {}  # South did not bid
    assert record.count_fed == 5 + 5  # 4-1 and 3-2 onto North's tricks
    north = player_record([GamePlayed(1, 0, True, True, (made,))])
    assert north.bids["30"].tried == 1 and north.bids["30"].made == 1
    assert north.hint_games == 1 and north.count_fed == 0


def test_unreadable_and_unfinished_hands_are_skipped():
    broken = {"variant": "standard", "deal": []}
    record = player_record([GamePlayed(1, 0, False, False, (broken,))])
    assert record.damaged == 1 and record.hands == 0


def test_levels_and_specials_are_named_as_players_read_them():
    assert bid_level("31") == "31" and bid_level("2 marks") == "2 marks" and bid_level("plunge 5") == "Plunge"
    assert special_of("1 mark", "nello doubles-low") == "Nello"
    assert special_of("splash", "fives") == "Splash"
    assert special_of("1 mark", "sevens") == "Sevens"
    assert special_of("30", "fives") is None
