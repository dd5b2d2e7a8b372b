"""`/42 rules preset:X` describes each of the nine games in plain words: how a hand goes, the count and the
points of a hand, what each call and contract the table allows means, and how a game is won; house rules
bring their explanations with them; no reply passes Discord's 2,000 characters."""

from __future__ import annotations

import re

import pytest
import simcord

from bot.show.rules_guide import MESSAGE_LIMIT, message_chunks, plain_words
from engine import PRESETS, Rules
from tests.bot.table_driver import in_a_channel


def words(preset: str, options: dict | None = None) -> str:
    return "\n".join(plain_words(Rules.from_preset(preset, options or {})))


@pytest.mark.parametrize("preset", list(PRESETS))
def test_each_game_says_what_its_tiles_and_tricks_are_worth(preset):
    rules = Rules.from_preset(preset)
    lay = rules.layout
    text = words(preset)
    assert "leads. Follow the suit led" in text.split("\n")[0]
    assert f"{lay.total} points in a hand" in text or f"{lay.total} in all" in text
    count = {lay.tiles.names[t] for t in lay.tiles.ids if lay.tiles.points[t]}
    assert set(re.findall(r"\d-\d", text.split("\n")[1])) == count  # exactly the count tiles, named
    assert ("No count" in text) == (not count)
    alone = not lay.partners
    assert ("their side" in text) != alone and (
        "each of the others" in text or "each player" in text
    ) == alone


@pytest.mark.parametrize("preset", list(PRESETS))
def test_each_contract_the_game_allows_is_explained_and_no_other(preset):
    rules = Rules.from_preset(preset)
    o, lay = rules.options, rules.layout
    text = words(preset)
    nello = lay.nello_name.capitalize()
    assert (f"{nello}: " in text) == (o.nello != "off")
    assert ("Follow me: no trumps" in text) == (o.follow_me and not lay.bids_name_trump)
    assert ("Doubles: the doubles are trumps" in text) == (o.doubles_trump and not lay.bids_name_trump)
    specials = [b.kind.value.capitalize() for b in lay.doubles_bids.values() if b.enabled(rules)]
    assert all(name in text for name in specials)
    assert ("rich in doubles" in text) == bool(specials)
    assert ("Count as trump" in text) == bool(lay.count_trump_bid and o.count_trump)
    assert ("Shooting the moon" in text) == bool(lay.moon_bids)
    assert f"first to {rules.target}" in text


def test_house_rules_bring_their_explanation_and_take_it_away():
    assert "Sevens trump:" not in words("standard")
    assert "Sevens trump: the tiles whose pips total seven" in words("standard", {"sevens_trump": True})
    assert "closest to 7" in words("standard", {"sevens": True})
    assert "Nello:" not in words("standard", {"nello": "off"})
    assert "Pistol: the bidder's partners" in words("eighty-four")
    assert "Nello: the bidder must lose every trick" in words("moon", {"nello": "on"})  # nobody sits out
    assert "shooting it over" not in words("moon", {"shoot_over": False})


def test_long_rules_are_split_between_lines_and_nothing_is_lost():
    lines = [f"line {n} " + "x" * 300 for n in range(20)]
    chunks = message_chunks(lines, limit=1000)
    assert all(len(chunk) <= 1000 for chunk in chunks) and len(chunks) > 1
    assert "\n".join(chunks).split("\n") == lines
    assert message_chunks(["y" * 50], limit=20) == ["y" * 20]


@pytest.mark.parametrize("preset", list(PRESETS))
async def test_rules_preset_answers_each_game_in_plain_words(simcord_env, preset):
    _, channel, [alice] = in_a_channel(simcord_env, "alice")
    result: simcord.InteractionResult = await alice.slash(channel, "42 rules", preset=preset)
    assert result.ephemeral
    replies = [result.response, *result.followups]
    [message] = replies
    assert message is not None
    rules = Rules.from_preset(preset)
    assert message.content.startswith(f"**{rules.title}**") and len(message.content) <= MESSAGE_LIMIT
    for line in (*rules.describe(), *plain_words(rules)):
        assert f"• {line}" in message.content


async def test_a_table_with_many_house_rules_gets_its_rules_in_several_messages(simcord_env):
    _, channel, [alice] = in_a_channel(simcord_env, "alice")
    options = "sevens=on sevens_trump=on stacking=marks mark_raise=double draw=partners"
    await alice.slash(channel, "42 new", preset="geezer", options=options)
    result = await alice.slash(channel, "42 rules")
    messages = [result.response, *result.followups]
    assert len(messages) > 1 and all(len(m.content) <= MESSAGE_LIMIT for m in messages)
    text = "\n".join(m.content for m in messages)
    assert "Sevens trump: the tiles whose pips total seven" in text and "Stacking:" in text
    assert text.endswith("teaches it from zero, with pictures.")
