"""A hand's first panel on Discord: it tells the last hand's result and nothing else of it, and once the
new hand's first call is made the last hand is not mentioned again."""

from __future__ import annotations

import re

from tests.bot.discord.test_message_flow import alone_with_computers, play_turn


async def test_on_discord_each_hands_first_panel_tells_only_the_last_hands_result(simcord_env):
    """Every version of alice's panel, in the order the bot wrote them: the first of each new hand carries
    the last hand's result and no note of her last move (the computers, with no pause here, may have called
    in it already); after that first panel, once the new hand's first call is made, the last hand is not
    mentioned again."""
    env = simcord_env
    channel, alice, state = await alone_with_computers(env, target=7, options="timer=off")
    while state.hand_no < 3 and state.status == "playing":
        await play_turn(alice)
    panels = [
        entry.json["content"]
        for entry in env.http_requests
        if isinstance(entry.json, dict) and "you are North" in (entry.json.get("content") or "")
    ]
    for number in (2, 3):
        this_hand = [text for text in panels if f"· hand {number} ·" in text]
        assert this_hand, number
        first = this_hand[0]
        assert "Last hand: " in first, first
        assert not re.search(r"\bYou (played|passed|bid|called)\b", first), first
        for text in this_hand[1:]:
            if "Calls: " in text or "Trick" in text:
                assert "Last hand" not in text, text
