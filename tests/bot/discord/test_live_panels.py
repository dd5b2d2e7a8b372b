"""A table that feels alive: every click shows its effect on the message it was made on, through its own
interaction, and every seated player's panel follows each move, picture and text; after a restart each
player has one panel."""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from dataclasses import replace
from types import SimpleNamespace

import pytest

from bot.discord.delivery import lanes, sender
from bot.discord.delivery.sender import Limits
from bot.discord.delivery.table_message import TableMessage
from bot.discord.delivery.tokens import Tokens
from bot.show import presenter, render
from bot.show.screens import Summary, SyncPanel, SyncTable
from bot.tables import TableService
from tests.bot.table_driver import (
    choose,
    enabled_actions,
    in_a_channel,
    make_bot,
    requests_since,
    run_as_bot,
    started_table,
    table_message,
)


@pytest.fixture
def scenes(monkeypatch):
    """Panel pictures drawn as a name for their scene: bytes -> the scene a panel picture was drawn from."""
    drawn: dict[bytes, object] = {}
    count = itertools.count()

    def record(scene) -> bytes:
        name = f"panel-{next(count)}".encode()
        drawn[name] = scene
        return name

    monkeypatch.setitem(render.RENDERERS, "render_panel", record)
    return drawn


async def panel_scene(member, scenes):
    """The scene of the picture on a member's newest DM (their panel)."""
    panel = member.user.dm_channel.last_message
    assert panel is not None and panel.attachments, f"{member.name} has a panel with a picture"
    return scenes[await panel.attachments[0].read()]


def edits_of_the_click(made, click_token: str) -> list:
    """The requests that edited the message clicked through the click's own interaction."""
    return [e for e in made if e.method == "PATCH" and f"/{click_token}/messages/@original" in e.path]


def callback_token(made) -> str:
    """The token of the click acknowledged in these requests (the first callback)."""
    callback = next(e for e in made if e.path.startswith("/interactions/") and e.path.endswith("/callback"))
    return callback.path.split("/")[3]


async def test_each_lobby_click_shows_its_effect_on_the_table_message_through_its_own_interaction(
    simcord_env, database
):
    env = simcord_env
    # Discord's rate plan, with table message edits nobody clicked a minute apart (their waits pass only
    # when the test advances simcord's time, which it does not): whatever shows, the clicks showed.
    old = env.bot
    paced = make_bot(database, clock=old.clock, limits=Limits(table_edit_gap=60.0))
    await env.restart_bot(paced)
    await old.storage.close()
    _, channel, [alice] = in_a_channel(env, "alice")
    await alice.slash(channel, "42 new", target=1)
    table = table_message(channel)
    for label, computers in [("Sit North", 0), ("Add computer", 1), ("Add computer", 2), ("Add computer", 3)]:
        mark = len(env.http_requests)
        await alice.click(table_message(channel), label=label)
        made = requests_since(env, mark)
        [edit] = edits_of_the_click(made, callback_token(made))
        content = edit.json["content"]
        assert f"**North**: <@{alice.id}>" in content and content.count("(computer)") == computers, content
        assert not [e for e in made if e.method == "PATCH" and e.path.startswith("/channels/")], (
            "nothing else edits the table message: the click showed it"
        )
    mark = len(env.http_requests)
    await alice.click(table_message(channel), label="Start")
    made = requests_since(env, mark)
    # the first edit through the click is the click's own (the computers' moves that follow at once go
    # through the same token: it is the table message's latest click)
    edit = edits_of_the_click(made, callback_token(made))[0]
    assert "My hand" in str(edit.json["components"]) and edit.json["attachments"], (
        "the game, with its picture"
    )
    assert table_message(channel).id == table.id
    await paced.storage.close()


async def test_every_seated_players_panel_follows_each_move_with_the_right_picture(simcord_env, scenes):
    env = simcord_env
    channel, members, _ = await started_table(env, target=1, options="timer=off")
    state = env.bot.service.table(1)
    moves = 0
    while state.status == "playing" and moves < 40:
        mover = next(m for m in members if enabled_actions(m.user.dm_channel.last_message))
        seat = state.seat_of(mover.id)
        panel = mover.user.dm_channel.last_message
        button = choose(enabled_actions(panel))
        hand_no, phase = state.hand_no, state.view_for(seat)["phase"]
        panels_before = {m.id: m.user.dm_channel.last_message.id for m in members}
        mark = len(env.http_requests)
        await mover.user.click(panel, custom_id=button.custom_id)
        made = requests_since(env, mark)
        moves += 1
        assert edits_of_the_click(made, callback_token(made)), (
            "the move shows on the panel clicked, through it"
        )
        if state.hand_no != hand_no or state.status != "playing":
            continue  # the hand is over: the next deal's panels follow
        for member in members:
            scene = await panel_scene(member, scenes)
            table = scene.table
            if phase == "play":
                tile = button.label
                assert tile in {*table.trick.values(), *table.last_trick.values()}, (
                    f"{member.name} sees {mover.name}'s {tile} on the table"
                )
                if member is mover:
                    assert tile not in scene.hand.tiles, "the tile left the mover's hand"
            elif table.phase == "auction":
                assert table.calls[seat] is not None, f"{member.name} sees {mover.name}'s call"
            if member is not mover:
                assert table.turn == state.turn(), f"{member.name}'s panel says whose turn it is"
                if state.human_turn() != state.seat_of(member.id):
                    assert member.user.dm_channel.last_message.id == panels_before[member.id], (
                        f"{member.name}'s panel was edited, not sent anew: a notification only on a turn"
                    )
    assert moves >= 9


async def test_a_turn_panel_never_repeats_a_move_of_an_earlier_trick(simcord_env):
    # "You played 6-0." stays on a player's panel while the others play to that trick; the panel that
    # brings their next turn comes a trick later, when that line would be stale.
    env = simcord_env
    channel, members, _ = await started_table(env, target=1, options="timer=off")
    state = env.bot.service.table(1)
    turn_panels = 0
    while state.status == "playing" and state.hand_no == 0:
        mover = next(m for m in members if enabled_actions(m.user.dm_channel.last_message))
        panel = mover.user.dm_channel.last_message
        if state.view_for(state.seat_of(mover.id))["phase"] == "play":
            turn_panels += 1
            assert "You played" not in panel.content, f"{mover.name}'s turn panel: {panel.content!r}"
        await mover.user.click(panel, custom_id=choose(enabled_actions(panel)).custom_id)
    assert turn_panels >= 5  # into the second trick at least, where the stale line showed


async def test_panels_left_behind_by_a_crash_are_deleted_after_the_restart(simcord_env, database):
    env = simcord_env
    channel, members, _ = await started_table(env, target=1, options="timer=off")
    old = env.bot
    state = old.service.table(1)
    bob = members[1]
    dm = bob.user.dm_channel.last_message
    # As if the bot had sent bob a panel and died before storing it (or before deleting the one before):
    # a second panel of the table in his DMs. A message that is no panel stays.
    sent = []

    async def send(text: str) -> None:
        sent.append(await old.get_partial_messageable(dm.channel.id).send(text))

    await run_as_bot(env, send(dm.content))
    await run_as_bot(env, send("Welcome to Texas 42."))
    stray, other = sent
    new = make_bot(database, clock=old.clock)
    await env.restart_bot(new)
    await old.storage.close()
    try:
        for member in members:
            panels = [
                m
                for m in member.user.dm_channel.history()
                if m.author.bot and presenter.panel_mark(state) in m.content
            ]
            assert len(panels) == 1, f"{member.name} has one panel: {[m.content[:40] for m in panels]}"
        left = [m.id for m in bob.user.dm_channel.history()]
        assert stray.id not in left and other.id in left
    finally:
        await new.storage.close()


async def test_a_panel_edit_that_changes_nothing_stored_writes_nothing(simcord_env, monkeypatch):
    env = simcord_env
    _, members, _ = await started_table(env, target=1, options="timer=off")
    storage = env.bot.storage
    saved: list = []
    save_panel = storage.save_panel

    async def counted(table_id, user_id, panel):
        saved.append(panel)
        await save_panel(table_id, user_id, panel)

    monkeypatch.setattr(storage, "save_panel", counted)
    state = env.bot.service.table(1)
    mover = next(m for m in members if enabled_actions(m.user.dm_channel.last_message))
    before = {
        m.id: (m.user.dm_channel.last_message.id, m.user.dm_channel.last_message.content) for m in members
    }
    panel = mover.user.dm_channel.last_message
    await mover.user.click(panel, custom_id=choose(enabled_actions(panel)).custom_id)
    waiting = [m for m in members if m is not mover and state.human_turn() != state.seat_of(m.id)]
    assert waiting
    for member in waiting:
        now = member.user.dm_channel.last_message
        assert (now.id, now.content) != before[member.id] and now.id == before[member.id][0], (
            f"{member.name}'s panel was edited"
        )
    # stored: the mover's panel (its controls spent) and the next player's new one; the waiting players'
    # edits store nothing
    assert saved and {p.user_id for p in saved if p is not None} <= {
        m.id for m in members if m not in waiting
    }, saved


async def test_a_panel_edit_nobody_clicked_waits_while_the_pictures_take_the_cpu(simcord_env, monkeypatch):
    env = simcord_env
    _, members, _ = await started_table(env, target=1, options="timer=off")
    state = env.bot.service.table(1)
    panels = env.bot.panels
    waiting = next(m for m in members if state.human_turn() != state.seat_of(m.id))
    work = SyncPanel(waiting.id)
    monkeypatch.setattr(panels, "limits", replace(Limits.none(), panel_busy=0.5))
    monkeypatch.setattr(render, "busy", lambda: 0.2)
    assert panels.delay(state, work, stamp=10**6) <= 0, "edited at once"
    monkeypatch.setattr(render, "busy", lambda: 0.7)
    assert panels.delay(state, work, stamp=10**6) > 0, "held while drawing takes most of the time"
    turn = next(m for m in members if state.human_turn() == state.seat_of(m.id))
    reminder = SyncPanel(turn.id, "Your turn.", renotify=True)
    assert panels.delay(state, reminder, stamp=10**6) == 0, "a new panel (a reminder's) never waits"


async def test_a_click_lets_go_of_its_panel_before_the_panel_is_stored(simcord_env, monkeypatch):
    # a player who answers at once (their lead after taking the trick) must not wait for the database
    env = simcord_env
    _, members, _ = await started_table(env, target=1, options="timer=off")
    storage, panels = env.bot.storage, env.bot.panels
    state = env.bot.service.table(1)
    mover = next(m for m in members if enabled_actions(m.user.dm_channel.last_message))
    key = (state.id, mover.id)
    storing, stored = asyncio.Event(), asyncio.Event()
    save_panel = storage.save_panel

    async def slow(table_id, user_id, panel):
        if user_id == mover.id and not stored.is_set():
            storing.set()
            await stored.wait()
        await save_panel(table_id, user_id, panel)

    monkeypatch.setattr(storage, "save_panel", slow)
    panel = mover.user.dm_channel.last_message
    click = asyncio.ensure_future(mover.user.click(panel, custom_id=choose(enabled_actions(panel)).custom_id))
    await asyncio.wait_for(storing.wait(), 10)
    assert not panels.shown.lock(key).locked(), "the panel is free while its record is written"
    assert panels.panels[key].message_id == panel.id and panels.panels[key].live_token is None, (
        "the panel kept in memory already shows its controls spent"
    )
    stored.set()
    assert (await click).acknowledged
    await env.settle()


async def test_work_whose_request_never_comes_back_waits_for_the_next_tick(simcord_env, monkeypatch):
    # a request Discord never answers must not hold the player's lane, and so their panel, for good
    env = simcord_env
    _, members, _ = await started_table(env, target=1, options="timer=off")
    delivery = env.bot.delivery
    monkeypatch.setattr(sender, "REQUEST_TIMEOUT", 0.2)

    async def never_answered(table, work, asked=(), stamp=0):
        await sender.answered(asyncio.Event().wait())  # as the sender makes every request

    monkeypatch.setattr(env.bot.panels, "sync", never_answered)
    lane = lanes.Lane(1, members[0].id)
    with pytest.raises(lanes.Refused):  # tried again at the next tick, as a send Discord refused
        await asyncio.wait_for(delivery._carry_out(lane, lanes.Item(SyncPanel(members[0].id))), 10)


class _Posting:
    """A sender that posts table messages and edits through clicks, and says when a post is out."""

    def __init__(self):
        self.out = asyncio.Event()
        self.through: list[object] = []  # the interactions a message was edited through

    async def send(self, table_id, channel_id, content, **kwargs):
        self.out.set()
        return SimpleNamespace(id=777)

    async def edit_original(self, table_id, interaction, **kwargs):
        self.through.append(interaction)


async def test_a_click_on_a_table_message_whose_post_is_not_yet_recorded_shows_through_itself(storage):
    # Discord shows a new message (the finished game's, with `Rematch`) before its answer to the post reaches
    # the bot: a click on it can come while its id is not yet recorded, and must still be shown through it.
    service = TableService(storage, rng=random.Random(5), computer_pause=0)
    table = await service.open_table(guild_id=1, channel_id=2, host_id=10, options="timer=off")
    recorded = asyncio.Event()
    record = service.set_message

    async def recorded_late(table, message_id, posted_at=None):
        await recorded.wait()
        await record(table, message_id, posted_at)

    service.set_message = recorded_late  # type: ignore[method-assign]
    sender = _Posting()
    shown = TableMessage(sender, Tokens(), service, lambda _: 1, Limits())  # type: ignore[arg-type]
    post = asyncio.create_task(shown.sync(table))
    await sender.out.wait()
    assert table.message_id is None, "the message is out, its id not yet recorded"
    click = SimpleNamespace(message=SimpleNamespace(id=777))

    async def clicking() -> None:
        async with shown.clicked(table, click):  # type: ignore[arg-type]
            pass

    clicked = asyncio.create_task(clicking())
    await asyncio.sleep(0.01)
    recorded.set()
    await asyncio.gather(post, clicked)
    assert table.message_id == 777
    assert sender.through == [click], "the click changed the message it was made on, through itself"


class _Editing(_Posting):
    """A sender that also edits table messages through their channel."""

    def __init__(self):
        super().__init__()
        self.edited: list[int] = []  # the message ids edited through the channel

    async def edit(self, table_id, channel_id, message_id, *, gate=None, **fields):
        async with gate() as wanted:
            if wanted:
                self.edited.append(message_id)
            return wanted


async def test_a_table_edit_left_waiting_by_its_gap_gives_way_to_a_summary_queued_meanwhile(storage):
    # A move's table edit waits for its gap; the hand ends meanwhile. Made then, the edit would show the
    # game's end (its `Rematch`) on the message the summary is about to take: a click there shows nowhere.
    service = TableService(storage, rng=random.Random(5), computer_pause=0)
    table = await service.open_table(guild_id=1, channel_id=2, host_id=10, options="timer=off")
    await service.set_message(table, 555, 0.0)
    sender = _Editing()
    shown = TableMessage(
        sender,  # type: ignore[arg-type]
        Tokens(),
        service,
        lambda _: 1,
        Limits(table_edit_gap=0.05),
        clock=lambda: 1.0,
    )
    for summary_comes in (False, True):
        queued = asyncio.Event()
        if summary_comes:
            asyncio.get_running_loop().call_later(0.01, queued.set)  # while the edit waits for its gap
        shown.last_edit[table.id] = time.monotonic()  # an edit just now: the next waits for its gap
        shown.shown.forget((table.id, None))
        await shown.bring_up_to_date(table, 1, queued.is_set)
    assert sender.edited == [555], "edited while no summary came; left to the summary when one did"


async def test_the_channel_lane_says_when_a_summary_is_queued_behind_a_table_edit():
    seen: list[bool] = []
    release = asyncio.Event()

    class Channel:
        async def bring_up_to_date(self, table, stamp, summary_next):
            seen.append(summary_next())
            await release.wait()  # the edit waits for its gap
            seen.append(summary_next())

        async def summary(self, table, work):
            seen.append(work.text == "the hand")

        def forget(self, table_id):
            pass

    class Outbox:
        async def flush_shown(self):
            pass

        async def shown(self, seqs):
            pass

    table = SimpleNamespace(id=7, open=True)
    tables = SimpleNamespace(owns=lambda _: True, table=lambda _: table)
    lanes_ = lanes.Lanes(Outbox(), tables, Channel(), panels=None)  # type: ignore[arg-type]
    lanes_.take(table, SyncTable(), {1}, 1)  # type: ignore[arg-type]
    await asyncio.sleep(0)
    lanes_.take(table, Summary("the hand"), {2}, 2)  # type: ignore[arg-type]
    release.set()
    await lanes_.idle()
    assert seen == [False, True, True], "no summary at first; one queued while the edit waited; then shown"
