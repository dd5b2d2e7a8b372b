"""The newer games as the bot shows them, from real hands, for ``games/``: ``make_samples.py`` draws them.

Unlike the example scenes (hand-made in ``bot/pictures/examples.py``), these come from seeded engine hands
through the bot's own scene builders (``bot.pictures.from_views``): the public view fills the table, so what
is drawn is what the bot would send at that moment.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from bot.pictures import render_hand_end, render_panel, render_table
from bot.show.messages import turn_line
from bot.show.scenes import hand_end_scene, panel_scene, table_scene
from bot.storage import SeatRow
from bot.tables import Table
from engine import Game, Hand, Rules, read_record, write_record

NAMES = ("Ada", "Basil", "Cleo", "Dash", "Etta", "Fitz", "Gwen", "Hank")


def table_for(hand: Hand, scores: tuple[int, ...] | None = None, person: int = 0) -> Table:
    """A playing table around `hand`: the seat `person` is alice's, the others computers with names."""
    rules = hand.rules
    seats = {s: SeatRow(seat=s, name=NAMES[s], computer_level="easy") for s in range(rules.players)}
    seats[person] = SeatRow(seat=person, name="alice", user_id=1)
    game = Game(rules, hand.dealer, (), scores or (0,) * rules.teams)
    return Table(
        id=7,
        guild_id=1,
        channel_id=1,
        host_id=1,
        rules=rules,
        status="playing",
        seats=seats,
        game=game,
        hand=hand,
    )


def deal(preset: str, options: dict, seed: int) -> Hand:
    """A fresh hand of `preset` dealt from a seeded shuffle."""
    rng = random.Random(seed)
    return Game.new(Rules.from_preset(preset, options), rng).deal(rng)


def play(hand: Hand, rng: random.Random, until: Callable[[Hand], bool]) -> Hand:
    """Random legal actions until `until` holds."""
    while not until(hand):
        hand = hand.apply(rng.choice(hand.legal_actions()))
    return hand


def bid_and_name(hand: Hand, bid: str, contract: Callable[[list[str]], str]) -> Hand:
    """The first bidder bids `bid`, the others pass, and the bidder names the contract `contract` picks."""
    hand = hand.apply(bid)
    while hand.phase == "auction":
        hand = hand.apply("pass")
    return hand.apply(contract(hand.legal_actions()))


def moon_widow() -> Hand:
    """Moon: the bid winner named his contract and took the widow; now he discards."""
    hand = bid_and_name(deal("moon", {}, 3), "5", lambda legal: legal[-2])
    return hand.apply("take")


def seventy_two_face_up() -> Hand:
    """Seventy-two: North holds only one tile that is neither trump nor count, so a trump goes face up
    (6-4, also count: 10 scored at once for the defenders); then a few plays."""
    north = ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "5-5", "4-1", "3-2", "2-1"]
    widow = ["6-6", "5-5"]
    record = write_record(deal("seventy-two", {}, 2))
    rest = [t for tiles in record["deal"] for t in tiles] + record["widow"]
    for tile in north + widow:
        rest.remove(tile)
    record.update(
        dealer=3,
        widow=widow,
        deal=[north] + [rest[i * 10 : (i + 1) * 10] for i in range(3)],
        calls=["40", "pass", "pass", "pass"],
        contract="sixes",
    )
    hand = read_record(record).apply("take").apply("discard 6-4").apply("discard 2-1")
    return play(hand, random.Random(2), lambda h: len(h.tricks) == 1 and len(h.trick) == 2)


def geezer_nello_low() -> Hand:
    """Geezer: Nello with threes low, the partner sitting out, a trick under way."""
    hand = bid_and_name(deal("geezer", {}, 5), "1 mark", lambda legal: "nello threes-low")
    return play(hand, random.Random(5), lambda h: len(h.tricks) == 2 and len(h.trick) == 1)


def pistol() -> Hand:
    """Eighty-four: Pistol, the bidder's three partners sitting out, tricks of five."""
    hand = bid_and_name(deal("eighty-four", {}, 8), "1 mark", lambda legal: "nello doubles-high")
    return play(hand, random.Random(8), lambda h: len(h.tricks) == 1 and len(h.trick) == 3)


def six_hand() -> Hand:
    """Six-hand Eighty-four after the kitty, a trick under way."""
    hand = deal("eighty-four", {"players": 6}, 6).apply("64")
    while hand.phase == "auction":
        hand = hand.apply("pass")
    hand = hand.apply("keep")
    hand = hand.apply(hand.legal_actions()[0])
    return play(hand, random.Random(6), lambda h: len(h.tricks) == 2 and len(h.trick) == 2)


def stacked() -> Hand:
    """Stacking on a 2-mark bid (played out): a trick led after finished ones, which lie face down."""
    hand = bid_and_name(
        deal("standard", {"stacking": "marks", "play_out": True}, 4), "2 marks", lambda legal: legal[0]
    )
    return play(hand, random.Random(4), lambda h: len(h.tricks) == 3 and len(h.trick) == 1)


def moon_over() -> Hand:
    """A finished Moon hand (for its summary: per-player points, a set bid below zero)."""
    for seed in range(200):
        hand = play(
            bid_and_name(deal("moon", {}, seed), "6", lambda legal: legal[0]),
            random.Random(seed),
            lambda h: h.complete,
        )
        if hand.made is False:
            return hand
    raise RuntimeError("no seed sets the bidder")


SAMPLES = {
    "moon-widow": moon_widow,
    "seventy-two-face-up": seventy_two_face_up,
    "geezer-nello-threes-low": geezer_nello_low,
    "eighty-four-pistol": pistol,
    "eighty-four-six": six_hand,
    "standard-stacked": stacked,
}


def pictures() -> dict[str, bytes]:
    """Each sample's table and alice's panel (she sits where the turn is), and Moon's summary, by file name."""
    out: dict[str, bytes] = {}
    for name, build in SAMPLES.items():
        hand = build()
        table = table_for(hand, person=hand.turn if hand.turn is not None else 0)
        status = turn_line(table, mention=False).removeprefix("Turn: ")
        out[f"{name}-table.png"] = render_table(table_scene(table, status))
        out[f"{name}-panel.png"] = render_panel(panel_scene(table, table.seat_of(1) or 0, status))
    over = moon_over()
    out["moon-hand-end.png"] = render_hand_end(hand_end_scene(table_for(over, scores=(4, 9, -2)), over))
    return out


def draw(folder: Path) -> None:
    """Write every sample into `folder` (removing any it no longer makes) and print its size."""
    drawn = pictures()
    for stale in folder.glob("*.png"):
        if stale.name not in drawn:
            stale.unlink()
    for file, data in drawn.items():
        (folder / file).write_bytes(data)
        print(f"games/{file:34} {len(data) / 1000:6.1f} KB")
