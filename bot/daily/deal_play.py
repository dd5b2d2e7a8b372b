"""One daily deal as a player plays it: South, with a computer partner (North) against two computers.

A deal is its seed and the actions taken so far (every seat's, in order): the hand is always the replay
of those actions on the seed's deal, so what is stored is exactly what is needed to resume after a
restart. The computers decide from a seed drawn from the deal's seed and the number of actions so far, so
two players who make the same choices on the same deal meet exactly the same play: the field is fair.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from engine import DEFAULT_PRESET, Hand, Rules, view_for
from engine.fair import deal_hand

from .matchpoints import DealScore

RULES = Rules.from_preset(DEFAULT_PRESET)  # the daily deals are standard 42, whatever the server plays
PLAYER_SEAT = 2  # South; the partner sits North
DAILY_SAMPLES = 12  # the computers' solved samples per decision: fixed work, so their play repeats


class Chooser(Protocol):
    """A computer player: one of the view's legal actions."""

    def choose(self, view: Mapping[str, Any]) -> str: ...


PlayerMaker = Callable[[int], Chooser]  # a computer player from its decision's seed


def strong_fixed(seed: int) -> Chooser:
    """The strong player doing a fixed amount of search per decision (not a time budget), so the same
    position and seed give the same choice on any machine, however loaded."""
    from engine.ai.strong import StrongPlayer

    return StrongPlayer(seed, samples=DAILY_SAMPLES)


def dealer_of(deal_no: int) -> int:
    """The dealer of the day's deal ``deal_no`` (from 0): the deal passes round the table."""
    return deal_no % RULES.players


def replay(seed: bytes, deal_no: int, actions: list[str]) -> Hand:
    """The deal after ``actions`` (IllegalAction if one of them is not legal where it falls)."""
    hand = deal_hand(RULES, dealer_of(deal_no), seed)
    for action in actions:
        hand = hand.apply(action)
    return hand


def decision_seed(seed: bytes, moves: int) -> int:
    """The seed of the computer's decision after ``moves`` actions of this deal."""
    digest = hashlib.sha256(seed + b" decision " + moves.to_bytes(2, "big")).digest()
    return int.from_bytes(digest[:8], "big")


def computers_play(
    seed: bytes, hand: Hand, actions: list[str], player: PlayerMaker
) -> tuple[Hand, list[str]]:
    """The computers act until it is the player's turn or the deal is over; the hand and every action."""
    actions = list(actions)
    while not hand.complete and hand.turn is not None and hand.turn != PLAYER_SEAT:
        action = player(decision_seed(seed, len(actions))).choose(view_for(hand, hand.turn))
        hand = hand.apply(action)
        actions.append(action)
    return hand, actions


def score_of(hand: Hand) -> DealScore:
    """The finished deal for the player's side (a deal every seat passed scores nothing to either)."""
    us = RULES.team_of(PLAYER_SEAT)
    award = hand.award()
    marks = award if award is not None else [0] * RULES.teams
    them = 1 - us
    return DealScore(marks[us], marks[them], hand.points[us], hand.points[them])
