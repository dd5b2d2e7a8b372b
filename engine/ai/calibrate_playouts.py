"""The bidding table from hands played out by easy players (the Big Game, Seventy-two, Geezer, Eighty-eight,
Eighty-four: whole deals too deep to solve), so its chances are calibrated on self-play by construction."""

from __future__ import annotations

import json
import random
import sys
import time

from engine import Hand, view_for
from engine.contracts import DOUBLES, contract_text

from . import bidding, evaluate
from .arena import play_hand
from .calibrate_table import build, quoted, table_rules, trump_contracts, write_section
from .easy import EasyPlayer


def playouts(deals: int, seed: int, preset: str) -> list[tuple[str, list[float], int]]:
    """(contract kind "S"/"D", hand features, points taken) for the bidder's three best-looking trump
    contracts of random deals, each hand played out by easy players.

    The first seat wins the auction with the lowest bid (naming the contract's trump where bids do), does
    the widow or kitty exchange by easy's rules, declares the contract (before the widow in Seventy-two),
    and all four (six, eight) play it out. The features are the hand as seen when bidding.
    """
    rules = table_rules(preset, play_out=True)
    lay = rules.layout
    rng = random.Random(seed)
    players = [EasyPlayer(seed + s) for s in range(rules.players)]
    out = []
    for _ in range(deals):
        hand = Hand.new(rules, rules.players - 1, rng)  # seat 0 speaks first
        mine = hand.held[0]
        best = sorted(trump_contracts(rules), key=lambda c: -evaluate.tricks(rules, c, mine))[:3]
        for c in best:
            named = lay.bids_name_trump and c.trump is not None
            opening = f"{lay.min_bid} {rules.suit_name(c.trump or 0)}" if named else str(lay.min_bid)
            if opening not in hand.legal_actions():
                continue  # Eighty-eight: the bidder must hold a tile of the suit he names
            h = hand.apply(opening)
            while h.phase != "contract":
                h = h.apply(
                    "pass" if h.phase == "auction" else players[h.to_act].choose(view_for(h, h.to_act))
                )
            h = play_hand(h.apply(contract_text(c, rules)), players)
            kind = "D" if c.kind == DOUBLES else "S"
            out.append((kind, bidding.features(rules, c, mine), h.points[rules.team_of(0)]))
    return out


def build_playouts(preset: str, deals: int, seed: int) -> int:
    """Write ``preset``'s section from ``playouts``: per bid, a logistic model of "the side took at least
    the bid". Easy players bid, exchange and play these hands, so the chances are calibrated on self-play by
    construction: no offset, no every-trick discount and an identity made line."""
    start = time.perf_counter()
    data = json.loads(bidding.DATA.read_text())
    samples = playouts(deals, seed, preset)
    rules = table_rules(preset)
    lay = rules.layout
    section = build(samples, 0.0, 1.0, lay.total, lay.min_bid, lay.bid_step)
    section["made_line"] = [0.0, 1.0]
    section["built"] = {
        "deals": deals,
        "seed": seed,
        "from": "easy self-play playouts",
        "command": f"python -m engine.ai.calibrate --variant {quoted(preset)} --deals {deals} --seed {seed}",
    }
    write_section(data, preset, section)
    if lay.partner_call and rules.options.forced_bid:  # Geezer: what a forced dealer's partner makes
        section["partner_made"], section["built"]["forced_deals"] = forced_partner_rate(
            deals // 3, seed, preset
        )
        write_section(data, preset, section)
    print(
        f"wrote {preset} ({len(samples)} hands played out) to {bidding.DATA} in "
        f"{time.perf_counter() - start:.0f} s",
        file=sys.stderr,
    )
    return 0


def forced_partner_rate(deals: int, seed: int, preset: str) -> tuple[float, int]:
    """Geezer: how often a forced dealer's 39 makes when he calls ``partner`` (his partner names the contract
    and leads), on deals where the table would have every other seat pass; and how many such deals there
    were. Easy players declare and play, as in ``playouts``; the dealer compares it with his own hand's
    chance (``bidding.forced_call``)."""
    from .situation import read

    rules = table_rules(preset, play_out=True)
    rng = random.Random(seed)
    players = [EasyPlayer(seed + s) for s in range(rules.players)]
    made, seen = 0, 0
    for _ in range(deals):
        hand = Hand.new(rules, rules.players - 1, rng)  # seat 0 speaks first, the dealer last
        while hand.phase == "auction" and hand.turn != hand.dealer:
            view = view_for(hand, hand.to_act)
            if bidding.bid(read(view), opening_rule=False) != "pass":
                break
            hand = hand.apply("pass")
        if hand.phase != "auction" or hand.turn != hand.dealer:
            continue
        done = play_hand(hand.apply("partner"), players)
        seen += 1
        made += bool(done.made)
    return (round(made / seen, 4) if seen else 0.0), seen
