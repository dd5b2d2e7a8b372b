"""Protocol views of the games of RULES.md §8.4-§8.7 and the house rules of §11, one per phase, written exactly
as PLAYER-PROTOCOL.md writes them (its fields and nothing else), each with the facts a reader derives by hand
from its calls, exchange and plays. ``test_protocol_views`` checks them beside the older games' views.

Worth reading for what each game changes: Moon and Seventy-two name the contract before the widow, so
``exchange`` follows ``contract``; Seventy-two's forced count discard scores for the defenders at once and
lies face up in everyone's ``exchange``; Geezer's forced dealer, ``partner`` and dip hand the contract to
the partner; Pistol seats out every partner of the bidder (three of eight, two of six).
"""

# (name, the view as one protocol line, the facts it implies)
GAME_VIEWS = [
    (
        "Moon: over a 21 only pass or shoot it over",
        '{"variant": "moon", "rules": {}, "seat": 2, "dealer": 2, "hand": ["6-3", "5-5", "5-4", "4-2",'
        ' "4-1", "2-2", "2-1"], "calls": ["4", "21"], "contract": null, "exchange": null, "plays": [],'
        ' "score": {"points": [5, -3, 12]}, "legal": ["pass", "42"]}',
        {"phase": "auction", "turn": 2, "bidder": 1, "bid": "21"},
    ),
    (
        "Moon: the contract comes before the widow",
        '{"variant": "moon", "rules": {}, "seat": 0, "dealer": 2, "hand": ["6-6", "6-5", "6-4", "5-3",'
        ' "5-1", "4-3", "3-2"], "calls": ["5", "pass", "pass"], "contract": null, "exchange": null,'
        ' "plays": [], "score": {"points": [5, -3, 12]}, "legal": ["blanks", "ones", "twos", "threes",'
        ' "fours", "fives", "sixes", "follow-me"]}',
        {"phase": "contract", "turn": 0, "bidder": 0, "bid": "5", "declarer": 0, "widow": None},
    ),
    (
        "Moon: taking the widow once the contract is named",
        '{"variant": "moon", "rules": {}, "seat": 0, "dealer": 2, "hand": ["6-6", "6-5", "6-4", "5-3",'
        ' "5-1", "4-3", "3-2"], "calls": ["5", "pass", "pass"], "contract": "sixes",'
        ' "exchange": {"widow": [], "take": [], "discard": []}, "plays": [], "score": {"points": [5, -3,'
        ' 12]}, "legal": ["take"]}',
        {"phase": "exchange", "turn": 0, "widow": [], "tile_counts": [7, 7, 7]},
    ),
    (
        "Moon: one discard from eight tiles, the widow tile too",
        '{"variant": "moon", "rules": {}, "seat": 0, "dealer": 2, "hand": ["6-6", "6-5", "6-4", "5-3",'
        ' "5-1", "4-3", "3-2", "3-1"], "calls": ["5", "pass", "pass"], "contract": "sixes",'
        ' "exchange": {"widow": ["3-1"], "take": ["3-1"], "discard": []}, "plays": [],'
        ' "score": {"points": [5, -3, 12]}, "legal": ["discard 3-1", "discard 3-2", "discard 4-3",'
        ' "discard 5-1", "discard 5-3", "discard 6-4", "discard 6-5", "discard 6-6"]}',
        {"phase": "exchange", "turn": 0, "widow": ["3-1"], "tile_counts": [8, 7, 7]},
    ),
    (
        "Moon: following in the second trick, tricks of three and worth 1",
        '{"variant": "moon", "rules": {}, "seat": 1, "dealer": 2, "hand": ["6-1", "5-2", "4-4", "3-3",'
        ' "1-1", "0-0"], "calls": ["5", "pass", "pass"], "contract": "sixes", "exchange": {"take": [],'
        ' "discard": []}, "plays": ["6-6", "6-2", "6-3", "6-5"], "score": {"points": [5, -3, 12]},'
        ' "legal": ["6-1"]}',
        {
            "phase": "play",
            "turn": 1,
            "trick": [{"seat": 0, "tile": "6-5"}],
            "tricks": [
                {"leader": 0, "tiles": ["6-6", "6-2", "6-3"], "seats": [0, 1, 2], "winner": 0, "points": 1}
            ],
            "points": [1, 0, 0],
            "tile_counts": [5, 6, 6],
            "widow": None,
        },
    ),
    (
        "Moon with Nello: all three play a bid of 7",
        '{"variant": "moon", "rules": {"nello": "on"}, "seat": 1, "dealer": 2, "hand": ["6-2", "6-1",'
        ' "5-2", "4-4", "3-3", "1-1", "0-0"], "calls": ["7", "pass", "pass"],'
        ' "contract": "nello doubles-low", "exchange": {"take": [], "discard": []}, "plays": ["3-2"],'
        ' "score": {"points": [0, 0, 0]}, "legal": ["3-3"]}',
        {
            "phase": "play",
            "turn": 1,
            "bidder": 0,
            "sitting_out": [],
            "trick": [{"seat": 0, "tile": "3-2"}],
            "tile_counts": [6, 7, 7],
        },
    ),
    (
        "Seventy-two: the auction, bids 40 to 71",
        '{"variant": "seventy-two", "rules": {}, "seat": 2, "dealer": 3, "hand": ["6-6", "6-3", "6-2",'
        ' "5-5", "5-5", "5-4", "3-3", "2-2", "2-2", "1-1"], "calls": ["40", "pass"], "contract": null,'
        ' "exchange": null, "plays": [], "score": {"marks": [3, 4]}, "legal": ["pass", "41", "42", "43",'
        ' "44", "45", "46", "47", "48", "49", "50", "51", "52", "53", "54", "55", "56", "57", "58", "59",'
        ' "60", "61", "62", "63", "64", "65", "66", "67", "68", "69", "70", "71", "1 mark", "2 marks"]}',
        {"phase": "auction", "turn": 2, "bidder": 0, "bid": "40", "tile_counts": [10, 10, 10, 10]},
    ),
    (
        "Seventy-two: the contract before the widow",
        '{"variant": "seventy-two", "rules": {}, "seat": 0, "dealer": 3, "hand": ["6-5", "6-4", "5-4",'
        ' "5-2", "5-2", "5-1", "4-1", "4-1", "3-2", "1-1"], "calls": ["40", "pass", "pass", "pass"],'
        ' "contract": null, "exchange": null, "plays": [], "score": {"marks": [3, 4]}, "legal": ["ones",'
        ' "twos", "threes", "fours", "fives", "sixes", "doubles", "follow-me"]}',
        {"phase": "contract", "turn": 0, "declarer": 0, "widow": None},
    ),
    (
        "Seventy-two: taking both widow tiles",
        '{"variant": "seventy-two", "rules": {}, "seat": 0, "dealer": 3, "hand": ["6-5", "6-4", "5-4",'
        ' "5-2", "5-2", "5-1", "4-1", "4-1", "3-2", "1-1"], "calls": ["40", "pass", "pass", "pass"],'
        ' "contract": "fives", "exchange": {"widow": [], "take": [], "discard": []}, "plays": [],'
        ' "score": {"marks": [3, 4]}, "legal": ["take"]}',
        {"phase": "exchange", "turn": 0, "widow": []},
    ),
    (
        "Seventy-two: one plain tile, so a count tile or trump must go too",
        '{"variant": "seventy-two", "rules": {}, "seat": 0, "dealer": 3, "hand": ["6-5", "6-4", "5-4",'
        ' "5-3", "5-3", "5-2", "5-2", "5-1", "4-1", "4-1", "3-2", "1-1"], "calls": ["40", "pass", "pass",'
        ' "pass"], "contract": "fives", "exchange": {"widow": ["5-3", "5-3"], "take": ["5-3", "5-3"],'
        ' "discard": []}, "plays": [], "score": {"marks": [3, 4]}, "legal": ["discard 1-1", "discard 3-2",'
        ' "discard 4-1", "discard 5-1", "discard 5-2", "discard 5-3", "discard 5-4", "discard 6-4",'
        ' "discard 6-5"]}',
        {
            "phase": "exchange",
            "turn": 0,
            "widow": ["5-3", "5-3"],
            "tile_counts": [12, 10, 10, 10],
            "points": [0, 0],
        },
    ),
    (
        "Seventy-two: a discarded count tile has scored for the defenders",
        '{"variant": "seventy-two", "rules": {}, "seat": 0, "dealer": 3, "hand": ["6-5", "6-4", "5-4",'
        ' "5-3", "5-3", "5-2", "5-2", "5-1", "4-1", "3-2", "1-1"], "calls": ["40", "pass", "pass",'
        ' "pass"], "contract": "fives", "exchange": {"widow": ["5-3", "5-3"], "take": ["5-3", "5-3"],'
        ' "discard": ["4-1"]}, "plays": [], "score": {"marks": [3, 4]}, "legal": ["discard 1-1"]}',
        {"phase": "exchange", "turn": 0, "tile_counts": [11, 10, 10, 10], "points": [0, 5]},
    ),
    (
        "Seventy-two: a defender sees the count discarded face up and its points",
        '{"variant": "seventy-two", "rules": {}, "seat": 1, "dealer": 3, "hand": ["6-4", "6-2", "6-1",'
        ' "4-4", "4-3", "4-2", "3-2", "3-1", "2-1", "2-1"], "calls": ["40", "pass", "pass", "pass"],'
        ' "contract": "fives", "exchange": {"take": [], "discard": ["4-1"]}, "plays": ["5-4"],'
        ' "score": {"marks": [3, 4]}, "legal": ["6-4", "6-2", "6-1", "4-4", "4-3", "4-2", "3-2", "3-1",'
        ' "2-1"]}',
        {
            "phase": "play",
            "turn": 1,
            "trick": [{"seat": 0, "tile": "5-4"}],
            "points": [0, 5],
            "tile_counts": [9, 10, 10, 10],
            "widow": None,
        },
    ),
    (
        "Seventy-two with mark raises up to double",
        '{"variant": "seventy-two", "rules": {"mark_raise": "double"}, "seat": 1, "dealer": 3,'
        ' "hand": ["6-4", "6-2", "6-1", "4-4", "4-3", "4-2", "3-2", "3-1", "2-1", "2-1"],'
        ' "calls": ["2 marks"], "contract": null, "exchange": null, "plays": [], "score": {"marks": [0,'
        ' 0]}, "legal": ["pass", "3 marks", "4 marks"]}',
        {"phase": "auction", "turn": 1, "bidder": 0, "bid": "2 marks"},
    ),
    (
        "Geezer: the forced dealer bids 39, partner, or 2 marks and up",
        '{"variant": "geezer", "rules": {}, "seat": 3, "dealer": 3, "hand": ["7-1", "5-5", "5-1", "4-3",'
        ' "4-0", "3-3", "3-0", "1-1", "0-0"], "calls": ["pass", "pass", "pass"], "contract": null,'
        ' "exchange": null, "plays": [], "score": {"marks": [2, 5]}, "legal": ["39", "partner", "2 marks",'
        ' "dip", "dive"]}',
        {"phase": "auction", "turn": 3, "bidder": None, "bid": None},
    ),
    (
        "Geezer: dip and dive over an opening 41",
        '{"variant": "geezer", "rules": {}, "seat": 3, "dealer": 3, "hand": ["7-1", "5-5", "5-1", "4-3",'
        ' "4-0", "3-3", "3-0", "1-1", "0-0"], "calls": ["41", "pass", "pass"], "contract": null,'
        ' "exchange": null, "plays": [], "score": {"marks": [2, 5]}, "legal": ["pass", "42", "43", "44",'
        ' "1 mark", "46", "47", "48", "49", "50", "51", "52", "53", "54", "2 marks", "dip", "dive"]}',
        {"phase": "auction", "turn": 3, "bidder": 0, "bid": "41"},
    ),
    (
        "Geezer: after partner the forced dealer's partner names the contract",
        '{"variant": "geezer", "rules": {}, "seat": 1, "dealer": 3, "hand": ["7-6", "6-3", "6-2", "6-1",'
        ' "6-0", "5-2", "3-2", "3-1", "1-0"], "calls": ["pass", "pass", "pass", "partner"],'
        ' "contract": null, "exchange": null, "plays": [], "score": {"marks": [2, 5]}, "legal": ["blanks",'
        ' "ones", "twos", "threes", "fours", "fives", "sixes", "7", "doubles", "follow-me"]}',
        {"phase": "contract", "turn": 1, "bidder": 3, "bid": "partner", "declarer": 1},
    ),
    (
        "Geezer: after a dip the partner names the contract",
        '{"variant": "geezer", "rules": {}, "seat": 1, "dealer": 3, "hand": ["7-6", "6-3", "6-2", "6-1",'
        ' "6-0", "5-2", "3-2", "3-1", "1-0"], "calls": ["41", "pass", "pass", "dip"], "contract": null,'
        ' "exchange": null, "plays": [], "score": {"marks": [2, 5]}, "legal": ["blanks", "ones", "twos",'
        ' "threes", "fours", "fives", "sixes", "7", "doubles", "follow-me"]}',
        {"phase": "contract", "turn": 1, "bidder": 3, "bid": "dip", "declarer": 1},
    ),
    (
        "Geezer: leading the second trick after a forced 39",
        '{"variant": "geezer", "rules": {}, "seat": 3, "dealer": 3, "hand": ["7-1", "5-5", "5-1", "4-3",'
        ' "4-0", "3-0", "1-1", "0-0"], "calls": ["pass", "pass", "pass", "39"], "contract": "threes",'
        ' "exchange": null, "plays": ["3-3", "7-7", "6-3", "7-3"], "score": {"marks": [2, 5]},'
        ' "legal": ["7-1", "5-5", "5-1", "4-3", "4-0", "3-0", "1-1", "0-0"]}',
        {
            "phase": "play",
            "turn": 3,
            "bidder": 3,
            "bid": "39",
            "tricks": [
                {
                    "leader": 3,
                    "tiles": ["3-3", "7-7", "6-3", "7-3"],
                    "seats": [3, 0, 1, 2],
                    "winner": 3,
                    "points": 11,
                }
            ],
            "points": [0, 11],
        },
    ),
    (
        "Geezer: a winning 51 may name count",
        '{"variant": "geezer", "rules": {}, "seat": 0, "dealer": 3, "hand": ["7-7", "7-4", "7-2", "6-6",'
        ' "6-5", "6-4", "4-2", "4-1", "2-2"], "calls": ["51", "pass", "pass", "pass"], "contract": null,'
        ' "exchange": null, "plays": [], "score": {"marks": [2, 5]}, "legal": ["blanks", "ones", "twos",'
        ' "threes", "fours", "fives", "sixes", "7", "doubles", "follow-me", "count", "nello doubles-high",'
        ' "nello doubles-low", "nello doubles-suit", "nello blanks-low", "nello ones-low",'
        ' "nello twos-low", "nello threes-low", "nello fours-low", "nello fives-low", "nello sixes-low",'
        ' "nello 7-low"]}',
        {"phase": "contract", "turn": 0, "bidder": 0, "bid": "51", "declarer": 0},
    ),
    (
        "Geezer: count trump, a count lead calls for count",
        '{"variant": "geezer", "rules": {}, "seat": 3, "dealer": 3, "hand": ["7-1", "5-5", "5-1", "4-3",'
        ' "4-0", "3-3", "3-0", "1-1", "0-0"], "calls": ["51", "pass", "pass", "pass"],'
        ' "contract": "count", "exchange": null, "plays": ["6-4", "3-2", "7-3"], "score": {"marks": [2,'
        ' 5]}, "legal": ["5-5"]}',
        {
            "phase": "play",
            "turn": 3,
            "trick": [{"seat": 0, "tile": "6-4"}, {"seat": 1, "tile": "3-2"}, {"seat": 2, "tile": "7-3"}],
            "tile_counts": [8, 8, 8, 9],
        },
    ),
    (
        "Geezer: Nello with threes low, the partner sits out",
        '{"variant": "geezer", "rules": {}, "seat": 3, "dealer": 3, "hand": ["7-1", "5-5", "5-1", "4-3",'
        ' "4-0", "3-3", "3-0", "1-1", "0-0"], "calls": ["pass", "pass", "1 mark", "pass"],'
        ' "contract": "nello threes-low", "exchange": null, "plays": ["5-3"], "score": {"marks": [2, 5]},'
        ' "legal": ["5-5", "5-1"]}',
        {
            "phase": "play",
            "turn": 3,
            "bidder": 2,
            "bid": "1 mark",
            "out": 0,
            "sitting_out": [0],
            "trick": [{"seat": 2, "tile": "5-3"}],
            "tile_counts": [9, 9, 8, 9],
        },
    ),
    (
        "Geezer with sevens trump: 7-0 is a trump, not a seven",
        '{"variant": "geezer", "rules": {"sevens_trump": true}, "seat": 2, "dealer": 3, "hand": ["7-5",'
        ' "7-3", "7-0", "5-4", "5-3", "5-0", "4-4", "2-1", "2-0"], "calls": ["41", "pass", "pass",'
        ' "pass"], "contract": "sevens-trump", "exchange": null, "plays": ["7-4", "7-6"],'
        ' "score": {"marks": [0, 0]}, "legal": ["7-5", "7-3"]}',
        {"phase": "play", "turn": 2, "trick": [{"seat": 0, "tile": "7-4"}, {"seat": 1, "tile": "7-6"}]},
    ),
    (
        "Eighty-four: the auction, bids in steps of two",
        '{"variant": "eighty-four", "rules": {}, "seat": 3, "dealer": 7, "hand": ["6-0", "5-4", "5-1",'
        ' "4-2", "4-1", "1-0", "0-0"], "calls": ["60", "pass", "64"], "contract": null, "exchange": null,'
        ' "plays": [], "score": {"marks": [1, 3]}, "legal": ["pass", "66", "68", "70", "72", "74", "76",'
        ' "78", "80", "82", "1 mark", "2 marks"]}',
        {"phase": "auction", "turn": 3, "bidder": 2, "bid": "64", "tile_counts": [7, 7, 7, 7, 7, 7, 7, 7]},
    ),
    (
        "Eighty-four: the bid names no trump, the winner declares",
        '{"variant": "eighty-four", "rules": {}, "seat": 2, "dealer": 7, "hand": ["6-5", "6-4", "5-4",'
        ' "5-2", "5-0", "4-0", "2-2"], "calls": ["60", "pass", "64", "pass", "pass", "pass", "pass",'
        ' "pass"], "contract": null, "exchange": null, "plays": [], "score": {"marks": [1, 3]},'
        ' "legal": ["blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "doubles",'
        ' "follow-me"]}',
        {"phase": "contract", "turn": 2, "bidder": 2, "declarer": 2},
    ),
    (
        "Eighty-four: Pistol, three partners sit out and tricks have five tiles",
        '{"variant": "eighty-four", "rules": {}, "seat": 5, "dealer": 7, "hand": ["6-6", "6-5", "6-3",'
        ' "6-1", "5-0", "3-1"], "calls": ["60", "pass", "1 mark", "pass", "pass", "pass", "pass", "pass"],'
        ' "contract": "nello doubles-low", "exchange": null, "plays": ["2-2", "4-2", "2-2", "2-1", "3-2",'
        ' "5-4"], "score": {"marks": [1, 3]}, "legal": ["6-5", "5-0"]}',
        {
            "phase": "play",
            "turn": 5,
            "bidder": 2,
            "out": None,
            "sitting_out": [0, 4, 6],
            "trick": [{"seat": 3, "tile": "5-4"}],
            "tricks": [
                {
                    "leader": 2,
                    "tiles": ["2-2", "4-2", "2-2", "2-1", "3-2"],
                    "seats": [2, 3, 5, 7, 1],
                    "winner": 3,
                    "points": 7,
                }
            ],
            "points": [0, 7],
            "tile_counts": [7, 6, 6, 5, 7, 6, 7, 6],
        },
    ),
    (
        "six-hand Eighty-four: the kitty's count tile must be taken",
        '{"variant": "eighty-four", "rules": {"players": 6}, "seat": 0, "dealer": 5, "hand": ["6-3",'
        ' "6-1", "5-5", "5-3", "4-1", "3-2", "2-0", "1-0", "0-0"], "calls": ["1 mark", "pass", "pass",'
        ' "pass", "pass", "pass"], "contract": null, "exchange": {"widow": ["3-3", "5-5"], "take": [],'
        ' "discard": []}, "plays": [], "score": {"marks": [1, 3]}, "legal": ["take 3-3", "take 5-5"]}',
        {
            "phase": "exchange",
            "turn": 0,
            "bidder": 0,
            "widow": ["3-3", "5-5"],
            "tile_counts": [9, 9, 9, 9, 9, 9],
        },
    ),
    (
        "six-hand Eighty-four: a discard after a take",
        '{"variant": "eighty-four", "rules": {"players": 6}, "seat": 0, "dealer": 5, "hand": ["6-3",'
        ' "6-1", "5-5", "5-5", "5-3", "4-1", "3-2", "2-0", "1-0", "0-0"], "calls": ["1 mark", "pass",'
        ' "pass", "pass", "pass", "pass"], "contract": null, "exchange": {"widow": ["3-3", "5-5"],'
        ' "take": ["5-5"], "discard": []}, "plays": [], "score": {"marks": [1, 3]},'
        ' "legal": ["discard 0-0", "discard 1-0", "discard 2-0", "discard 5-3", "discard 6-1",'
        ' "discard 6-3"]}',
        {"phase": "exchange", "turn": 0, "tile_counts": [10, 9, 9, 9, 9, 9]},
    ),
    (
        "six-hand Eighty-four: the second kitty tile or keep",
        '{"variant": "eighty-four", "rules": {"players": 6}, "seat": 0, "dealer": 5, "hand": ["6-3",'
        ' "6-1", "5-5", "5-5", "5-3", "4-1", "3-2", "2-0", "0-0"], "calls": ["1 mark", "pass", "pass",'
        ' "pass", "pass", "pass"], "contract": null, "exchange": {"widow": ["3-3", "5-5"],'
        ' "take": ["5-5"], "discard": ["1-0"]}, "plays": [], "score": {"marks": [1, 3]},'
        ' "legal": ["take 3-3", "keep"]}',
        {"phase": "exchange", "turn": 0, "tile_counts": [9, 9, 9, 9, 9, 9]},
    ),
    (
        "six-hand Eighty-four: the contract after the kitty",
        '{"variant": "eighty-four", "rules": {"players": 6}, "seat": 0, "dealer": 5, "hand": ["6-3",'
        ' "6-1", "5-5", "5-5", "5-3", "4-1", "3-2", "2-0", "0-0"], "calls": ["1 mark", "pass", "pass",'
        ' "pass", "pass", "pass"], "contract": null, "exchange": {"widow": ["3-3", "5-5"],'
        ' "take": ["5-5"], "discard": ["1-0"]}, "plays": [], "score": {"marks": [1, 3]},'
        ' "legal": ["blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "doubles", "follow-me",'
        ' "nello doubles-high", "nello doubles-low", "nello doubles-suit"]}',
        {"phase": "contract", "turn": 0, "declarer": 0, "widow": ["3-3", "5-5"]},
    ),
    (
        "six-hand Eighty-four: Pistol, two partners sit out and tricks have four tiles",
        '{"variant": "eighty-four", "rules": {"players": 6}, "seat": 5, "dealer": 5, "hand": ["6-4",'
        ' "6-2", "6-2", "4-3", "3-3", "3-0", "3-0", "2-1", "2-0"], "calls": ["1 mark", "pass", "pass",'
        ' "pass", "pass", "pass"], "contract": "nello doubles-high", "exchange": {"take": [],'
        ' "discard": []}, "plays": ["6-1", "6-4", "6-6"], "score": {"marks": [1, 3]}, "legal": ["6-4",'
        ' "6-2"]}',
        {
            "phase": "play",
            "turn": 5,
            "sitting_out": [2, 4],
            "trick": [{"seat": 0, "tile": "6-1"}, {"seat": 1, "tile": "6-4"}, {"seat": 3, "tile": "6-6"}],
            "tile_counts": [8, 8, 9, 8, 9, 9],
            "widow": None,
        },
    ),
]
