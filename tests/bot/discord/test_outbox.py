"""The outbox: every change is stored with its events in one transaction; the table's messages catch up
in the background, skipping states that are already old but never the latest, never a post, and in order;
after a crash they become current by themselves."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.storage import Change
from bot.storage.errors import StorageUnavailable
from bot.tables import Table, TableService
from engine import Rules, write_record
from tests.bot.table_driver import (
    buttons,
    choose,
    enabled_actions,
    make_bot,
    member_on_turn,
    reply,
    run_as_bot,
    spend_tokens,
    started_table,
    table_message,
    take_turn,
)
from tests.bot.table_state import hand_of


async def seated(service: TableService):
    table = await service.open_table(guild_id=1, channel_id=2, host_id=10, options="timer=off")
    for seat in range(4):
        await service.sit(table, 10 + seat, f"p{seat}", seat)
    await service.start(table, 10)
    return table


async def test_each_change_is_stored_with_its_events_in_order(storage):
    service = TableService(storage, rng=random.Random(5), computer_pause=0)
    table = await seated(service)
    await service.act(table, 10 + table.turn(), table.token, "pass")
    kinds = [kind for _, table_id, kind, _ in await storage.pending_events() if table_id == table.id]
    assert kinds == ["lobby"] * 4 + ["started", "dealt", "acted"]
    seqs = [seq for seq, *_ in await storage.pending_events()]
    assert seqs == sorted(seqs)


async def test_a_change_that_cannot_be_stored_leaves_no_event_and_changes_nothing(storage, monkeypatch):
    service = TableService(storage, rng=random.Random(5), computer_pause=0)
    table = await seated(service)
    before, events = write_record(table.hand), await storage.pending_events()

    def broken(self, *args, **kwargs):
        def write(run):
            raise OSError("disk full")

        self.writes.append(write)
        return self

    monkeypatch.setattr(Change, "save_hand", broken)
    with pytest.raises(StorageUnavailable) as failed:  # a disk's error is the database away for a moment
        await service.act(table, 10 + table.turn(), table.token, "pass")
    assert isinstance(failed.value.__cause__, OSError)
    assert write_record(table.hand) == before, "memory changes only after the change is stored"
    assert await storage.pending_events() == events, "the events went with the failed transaction"


async def test_the_table_message_skips_to_the_latest_state_and_posts_keep_their_order(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, target=7, options="timer=off")
    spend_tokens(env)
    state = env.bot.service.table(1)
    # Discord refuses the next table-message edit for a moment: the channel's lane waits for the tick
    # while the game goes on for a whole hand and more.
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/{table.id}", status=503, times=1)
    while state.hand_no < 2 and state.status == "playing":
        assert await take_turn(members)
    assert env.bot.delivery.pending() == {(1, None): 1}
    assert not [m for m in channel.history() if m.content.startswith("**Hand")], "posts wait behind the edit"
    stale = table_message(channel).content
    mark = len(env.http_requests)

    await run_as_bot(env, env.bot.tick())

    edits = [
        r
        for r in env.http_requests[mark:]
        if r.method == "PATCH" and r.path.endswith(f"/messages/{table.id}")
    ]
    assert len(edits) == 1, "every state the lane missed is skipped: one edit shows the latest"
    shown = table_message(channel).content
    assert shown != stale and f"hand {state.hand_no + 1}" in shown
    assert f"Turn: <@{member_on_turn(channel, members).id}>" in shown
    summaries = [m.content.split("**")[1] for m in channel.history() if m.content.startswith("**Hand")]
    assert summaries == ["Hand 1", "Hand 2"], "no post is skipped, and they come in order"
    assert await env.bot.storage.pending_events() == [], "everything shown has left the outbox"


async def test_after_a_crash_the_table_message_and_the_controls_catch_up_by_themselves(simcord_env, database):
    env = simcord_env
    channel, members, table = await started_table(env, target=2, options="timer=off")
    spend_tokens(env)
    # From here Discord refuses everything that is not an interaction: nothing of the next moves is shown,
    # and then the process dies (no clean stop).
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/*", status=503, times=None)
    env.inject_error("POST", "/channels/*/messages", status=503, times=None)
    state = env.bot.service.table(1)
    stale = table_message(channel).content
    for _ in range(3):  # played through `My hand`, answered through the interaction
        player = members[state.turn()]
        shown = reply(await player.click(table_message(channel), label="My hand"))
        assert (await player.click(shown, custom_id=choose(enabled_actions(shown)).custom_id)).acknowledged
    assert await env.bot.storage.pending_events(), "what could not be shown is still in the outbox"
    assert table_message(channel).content == stale
    env.backend.faults.clear()  # Discord is fine again when the bot comes back
    old = env.bot
    new = make_bot(database, clock=old.clock)
    await env.restart_bot(new)
    await old.storage.close()
    try:
        await env.settle()
        reloaded = new.service.table(1)
        assert reloaded is not None
        assert write_record(hand_of(reloaded)) == write_record(state.hand)
        shown = table_message(channel).content
        player = member_on_turn(channel, members)
        assert f"hand {reloaded.hand_no + 1}" in shown
        controls = enabled_actions(player.user.dm_channel.last_message)
        assert controls and all(f":{reloaded.token}:" in c.custom_id for c in controls)
        assert await new.storage.pending_events() == []
        assert "My hand" in [b.label for b in buttons(table_message(channel))]
    finally:
        await new.storage.close()


async def test_work_that_comes_while_a_lane_forgets_its_events_is_carried_out():
    """A lane forgets its shown events after its work (one transaction for many): work queued while that
    write is under way must not be stranded behind a lane that looks busy."""
    from types import SimpleNamespace

    from bot.discord.delivery.lanes import Lanes
    from bot.discord.delivery.outbox import Outbox
    from bot.show.screens import Post, SyncTable
    from bot.tables.events import TableShown

    class SlowStorage:
        def __init__(self) -> None:
            self.gate = asyncio.Event()
            self.forgotten: list[set[int]] = []

        async def events_shown(self, seqs) -> None:
            await self.gate.wait()
            self.forgotten.append(set(seqs))

    storage = SlowStorage()
    table = Table(id=1, guild_id=1, channel_id=2, host_id=3, rules=Rules.from_preset("standard"))  # open
    outbox = Outbox(storage)  # type: ignore[arg-type]
    tables = SimpleNamespace(table=lambda table_id: table, owns=lambda table_id: True, tables={})
    lanes = Lanes(outbox, tables, channel=None, panels=None)  # type: ignore[arg-type]
    outbox.read_by(lanes)
    done = []

    async def carry_out(lane, item) -> None:
        done.append(item.work)

    lanes._carry_out = carry_out  # type: ignore[method-assign]
    outbox.take_event(table, 7, TableShown())  # an event that only brings the table message up to date
    for _ in range(5):
        await asyncio.sleep(0)
    assert done == [SyncTable()] and lanes.lanes[(1, None)].busy, "the lane is forgetting event 7"
    outbox.show(table, [Post("while it writes")])
    storage.gate.set()
    await lanes.idle()
    assert done == [SyncTable(), Post("while it writes")]
    assert storage.forgotten == [{7}]


async def test_events_shown_while_a_post_is_being_forgotten_are_forgotten_too():
    """A post's event leaves the stored outbox at once, with the events shown before it; events shown while
    that write is under way wait for the next one. None is dropped: a busy month left thousands of shown
    events in the stored outbox for good when they were."""
    from bot.discord.delivery.outbox import Outbox

    class SlowStorage:
        def __init__(self) -> None:
            self.gate = asyncio.Event()
            self.forgotten: set[int] = set()

        async def events_shown(self, seqs) -> None:
            seqs = set(seqs)
            await self.gate.wait()
            self.forgotten |= seqs

    storage = SlowStorage()
    outbox = Outbox(storage)  # type: ignore[arg-type]
    outbox.outstanding = {1: 1, 2: 1, 3: 1}
    outbox.posting = {2}
    await outbox.shown({1})  # brought a message up to date: forgotten with the next batch
    posting = asyncio.create_task(outbox.shown({2}))  # posted: forgotten at once (and 1 with it)
    await asyncio.sleep(0)
    await outbox.shown({3})  # done while that write waits for the database
    storage.gate.set()
    await posting
    await outbox.flush_shown()
    assert storage.forgotten == {1, 2, 3}
