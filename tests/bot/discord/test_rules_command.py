"""`/42 rules preset:X` answers with each of the nine games' rules in force and in plain words (the engine's
``Rules.describe()`` and ``Rules.explain()``, tested in tests/engine/test_rules_in_words.py); no reply passes
Discord's 2,000 characters."""

from __future__ import annotations

import simcord

from bot.show.messages import MESSAGE_LIMIT, message_chunks
from engine import Rules
from tests.bot.table_driver import in_a_channel


def test_long_rules_are_split_between_lines_and_nothing_is_lost():
    lines = [f"line {n} " + "x" * 300 for n in range(20)]
    chunks = message_chunks(lines, limit=1000)
    assert all(len(chunk) <= 1000 for chunk in chunks) and len(chunks) > 1
    assert "\n".join(chunks).split("\n") == lines
    assert message_chunks(["y" * 50], limit=20) == ["y" * 20]


async def test_rules_preset_answers_each_game_in_plain_words(simcord_env, preset):
    _, channel, [alice] = in_a_channel(simcord_env, "alice")
    result: simcord.InteractionResult = await alice.slash(channel, "42 rules", preset=preset)
    assert result.ephemeral
    replies = [result.response, *result.followups]
    [message] = replies
    assert message is not None
    rules = Rules.from_preset(preset)
    assert message.content.startswith(f"**{rules.title}**") and len(message.content) <= MESSAGE_LIMIT
    for line in (*rules.describe(), *rules.explain()):
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
