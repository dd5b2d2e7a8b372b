"""Four members play a whole game from `/42 new` to the leaderboard, through slash commands and buttons."""

from __future__ import annotations

from bot.show.screens import SyncPanel
from engine import read_record, write_record
from tests.bot.table_driver import (
    buttons,
    in_a_channel,
    open_and_seat,
    play_until_over,
    show_now,
    started_table,
    table_message,
    take_turn,
)


async def test_four_members_play_a_game_to_the_leaderboard(simcord_env):
    env = simcord_env
    _, channel, members = in_a_channel(env, "alice", "bob", "carol", "dave")

    table = await open_and_seat(env, channel, members[0], members, target=1)
    assert "Every seat is taken" in table.content
    assert [b.label for b in buttons(table) if b.label.startswith("Sit")] == [
        "Sit North",
        "Sit East",
        "Sit South",
        "Sit West",
    ]
    assert all(b.disabled for b in buttons(table) if b.label.startswith("Sit"))

    start = await members[0].click(table, label="Start")
    assert start.acknowledged
    playing = channel.last_message
    assert playing.id == table.id  # one table message, edited in place
    assert "Marks: N–S 0 · E–W 0" in playing.content
    assert "Players: North alice · East bob · South carol · West dave" in playing.content
    assert [b.label for b in buttons(playing)] == ["My hand", "Leave", "Watch"]
    assert playing.attachments, "the table is shown as a picture"
    for member in members:
        dm = member.user.dm_channel.last_message
        assert dm is not None and dm.attachments, f"{member.name} got their hand as a picture"

    assert await take_turn(members)
    assert "Calls: " in table_message(channel).content, "the auction so far is on the table"

    final = await play_until_over(channel, members)
    assert "win" in final.content and "Final Marks:" in final.content
    summaries = [m for m in channel.history() if m.content.startswith("**Hand 1**")]
    assert summaries and ("made it" in summaries[0].content or "was set" in summaries[0].content)

    board = await members[1].slash(channel, "42 leaderboard")
    assert not board.ephemeral
    text = board.followups[0].content if board.followups else board.response.content
    for name in ("alice", "bob", "carol", "dave"):
        assert name in text
    assert "1 played" in text

    stats = await members[2].slash(channel, "42 stats", player=members[0])
    text = stats.followups[0].content if stats.followups else stats.response.content
    assert "alice" in text and "1 game played" in text


async def test_nello_doubles_choice_and_the_partner_sits_out(simcord_env):

    env = simcord_env
    channel, members, table = await started_table(env, target=1)
    # Arrange the auction so that alice (North) won it with 1 mark and now names the contract.
    game_table = env.bot.service.table(1)
    record = write_record(game_table.hand)
    order = [(record["dealer"] + 1 + i) % 4 for i in range(4)]
    record["calls"] = ["1 mark" if seat == 0 else "pass" for seat in order]
    game_table.hand = read_record(record)
    await show_now(env, game_table, SyncPanel(members[0].id, fresh=True))
    alice, carol = members[0], members[2]

    dm = alice.user.dm_channel.last_message
    assert "Nello" in [b.label for b in buttons(dm)]
    await alice.user.click(dm, label="Nello")
    inside = [b.label for b in buttons(alice.user.dm_channel.last_message)]
    assert inside == ["Doubles high", "Doubles low", "Doubles own suit", "‹ Back"]
    await alice.user.click(alice.user.dm_channel.last_message, label="Doubles low")

    assert write_record(game_table.hand)["contract"] == "nello doubles-low"
    assert "sit out" in carol.user.dm_channel.last_message.content
    assert "Contract: Nello (doubles low)" in table_message(channel).content
