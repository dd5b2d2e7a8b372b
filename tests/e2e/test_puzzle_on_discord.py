"""`/42 puzzle` on Discord: the question privately with a picture and a button per legal tile, the answer in
its place with every tile's outcome, `Another puzzle`, the player's puzzle record in `/42 stats`, and
forged puzzle buttons refused privately."""

from __future__ import annotations

from tests.bot.discord.test_hostile import click_forged
from tests.bot.table_driver import buttons, in_a_channel, refusal, reply


async def test_a_puzzle_answered_and_another_asked_for(simcord_env):
    env = simcord_env
    _, channel, (alice, bob) = in_a_channel(env, "alice", "bob")
    question = reply(await alice.slash(channel, "42 puzzle"))
    assert question.ephemeral and question.attachments and "Today's puzzle" in question.content
    tiles = [b.label for b in buttons(question)]
    assert tiles and all(b.custom_id.startswith("t42p:") for b in buttons(question))
    for seat in ("North:", "East:", "South:", "West:"):
        assert seat in question.content  # every hand, in text too
    puzzle = env.bot.puzzles.service
    kept = await puzzle.ask(channel.guild.id, bob.id)  # bob gets the same puzzle of the day
    best = kept.puzzle.best
    answer = reply(await alice.click(question, label=best))
    assert "✓ right" in answer.content and answer.attachments
    for tile in tiles:  # every legal tile's outcome is told
        assert any(line.lstrip("✓✗ *").startswith(tile) for line in answer.content.splitlines())
    assert [b.label for b in buttons(answer)] == ["Another puzzle"]
    more = reply(await alice.click(answer, label="Another puzzle"))
    assert more.ephemeral and "Today's" not in more.content and buttons(more)
    stats = reply(await alice.slash(channel, "42 stats"))
    assert "Puzzles: rated" in stats.content and "1 of 1 puzzle solved" in stats.content
    assert "streak 1" in stats.content


async def test_forged_puzzle_buttons_are_refused(simcord_env):
    env = simcord_env
    _, channel, (alice,) = in_a_channel(env, "alice")
    assert "not a button I know" in refusal(await click_forged(env, channel, alice, "t42p:999:0"))
