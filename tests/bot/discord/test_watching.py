"""Watching a table (CLUB.md "Watching a table"): `Watch` gives anyone not seated a private watch panel that
follows the game, `Stop watching` ends it, a seated player and a full table are refused, watch panels carry
on after a restart and end with the game, and on each move the players' panels go before the watchers'.
That a watcher never sees a tile of a hand that is not over is checked as a property in
test_watch_privacy.py."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from bot.discord.delivery import watch_panels
from bot.show import watching
from bot.storage.errors import StorageUnavailable
from bot.storage.watchers import load_watchers
from tests.bot.table_driver import (
    buttons,
    make_bot,
    play_until_over,
    refusal,
    reply,
    started_table,
    table_message,
    take_turn,
)

FOOTER = "-# Watching table"


def watch_panel(member):
    """A member's newest DM (their watch panel)."""
    panel = member.user.dm_channel.last_message
    assert panel is not None, f"{member.name} has a watch panel"
    return panel


def labels(message) -> list[str]:
    return [b.label for b in buttons(message)]


def public_text(content: str) -> str:
    """A watch panel's text without its watcher's footer: the table message's."""
    return content.split(f"\n{FOOTER}")[0].split("\n-# You watched table")[0]


async def watcher_at(env, channel, name: str = "erin"):
    """A member of the table's server who is not seated, watching the table."""
    erin = channel.guild.add_member(env.create_user(name))
    result = await erin.click(table_message(channel), label="Watch")
    assert watching.PANEL_IN_DMS in reply(result).content and reply(result).ephemeral
    return erin


async def test_watch_gives_a_panel_that_follows_the_game_and_stop_watching_ends_it(simcord_env):
    env = simcord_env
    channel, members, _ = await started_table(env, target=1, options="timer=off")
    erin = await watcher_at(env, channel)
    panel = watch_panel(erin)
    assert public_text(panel.content) == table_message(channel).content
    assert labels(panel) == [watching.STOP_LABEL] and panel.attachments
    for _ in range(6):
        assert await take_turn(members)
        panel = watch_panel(erin)
        assert public_text(panel.content) == table_message(channel).content, "the panel follows the table"
    stop = await erin.user.click(panel, label=watching.STOP_LABEL)
    assert stop.acknowledged
    panel = watch_panel(erin)
    assert "You stopped watching" in panel.content and not buttons(panel) and not panel.attachments
    assert await load_watchers(env.bot.storage) == []
    before = panel.content
    assert await take_turn(members)
    assert watch_panel(erin).content == before, "a panel stopped follows no more"


async def test_a_seated_players_watch_is_refused_privately(simcord_env):
    env = simcord_env
    channel, [alice, *_], _ = await started_table(env, target=1, options="timer=off")
    result = await alice.click(table_message(channel), label="Watch")
    assert refusal(result) == watching.SEATED
    assert await load_watchers(env.bot.storage) == []


async def test_a_forged_or_stale_stop_watching_is_refused_privately(simcord_env):
    env = simcord_env
    channel, _, _ = await started_table(env, target=1, options="timer=off")
    erin = await watcher_at(env, channel)
    frank = await watcher_at(env, channel, "frank")
    panels = env.bot.watching
    refused: list[str] = []

    async def refuse(interaction, text, table_id=None) -> None:
        refused.append(text)

    panels.refuse = refuse
    table = env.bot.service.table(1)
    own = watch_panel(frank).id
    # a Stop watching made for erin, clicked by frank on his own panel (a forged custom id)
    await panels.stop(
        table,
        SimpleNamespace(user=SimpleNamespace(id=frank.id), message=SimpleNamespace(id=own)),
        str(erin.id),
    )
    # frank's own button on a message that is not his panel (an old one)
    await panels.stop(
        table,
        SimpleNamespace(user=SimpleNamespace(id=frank.id), message=SimpleNamespace(id=1)),
        str(frank.id),
    )
    assert refused == [watching.NOT_WATCHING] * 2
    assert len(await load_watchers(env.bot.storage)) == 2
    assert watching.STOP_LABEL in labels(watch_panel(erin))


async def test_watchers_beyond_the_cap_are_refused_politely(simcord_env, monkeypatch):
    env = simcord_env
    monkeypatch.setattr(watch_panels, "MAX_WATCHERS", 2)
    channel, _, _ = await started_table(env, target=1, options="timer=off")
    await watcher_at(env, channel, "erin")
    await watcher_at(env, channel, "frank")
    gina = channel.guild.add_member(env.create_user("gina"))
    assert refusal(await gina.click(table_message(channel), label="Watch")) == watching.FULL


async def test_watch_panels_carry_on_after_a_restart_and_end_with_the_game(simcord_env, database):
    env = simcord_env
    channel, members, _ = await started_table(env, target=1, options="timer=off")
    erin = await watcher_at(env, channel)
    old = env.bot
    new = make_bot(database, clock=old.clock)
    await env.restart_bot(new)
    await old.storage.close()
    try:
        assert [w.user_id for w in await load_watchers(new.storage)] == [erin.id]
        assert await take_turn(members)
        assert public_text(watch_panel(erin).content) == table_message(channel).content
        await play_until_over(channel, members)
        final = watch_panel(erin)
        assert "You watched table" in final.content and not buttons(final), "the final result, no buttons"
        assert public_text(final.content) == table_message(channel).content
        assert await load_watchers(new.storage) == []
    finally:
        await new.storage.close()


async def test_a_watcher_may_review_a_finished_hand_from_the_watch_panel(simcord_env):
    env = simcord_env
    channel, members, _ = await started_table(env, target=2, options="timer=off")
    erin = await watcher_at(env, channel)
    for _ in range(200):
        if any(label.startswith("Review hand") for label in labels(watch_panel(erin))):
            break
        assert await take_turn(members)
    else:
        raise AssertionError("no hand was finished")
    reviewed = await erin.user.click(watch_panel(erin), label="Review hand 1")
    first = reviewed.followups[0] if reviewed.followups else reviewed.response
    assert first is not None and first.ephemeral and first.attachments, "the review, with the four hands"


async def test_a_watcher_whose_dms_are_closed_watches_in_an_ephemeral_reply(simcord_env):
    env = simcord_env
    channel, members, _ = await started_table(env, target=1, options="timer=off")
    erin = channel.guild.add_member(env.create_user("erin"))
    env.inject_error(
        "POST",
        f"/channels/{erin.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    result = await erin.click(table_message(channel), label="Watch")
    panel = reply(result)
    assert panel.ephemeral and watching.PANEL_HERE in panel.content and panel.attachments
    assert labels(panel) == [watching.STOP_LABEL]
    mark = len(env.http_requests)
    assert await take_turn(members)
    edits = [
        e
        for e in env.http_requests[mark:]
        if e.method == "PATCH"
        and e.path.startswith("/webhooks/")
        and watching.PANEL_HERE in e.json["content"]
    ]
    assert edits and public_text(edits[-1].json["content"]).endswith(table_message(channel).content)
    stop = await erin.click(panel, label=watching.STOP_LABEL)
    assert stop.acknowledged and await load_watchers(env.bot.storage) == []


async def test_with_a_shared_database_watchers_taken_by_another_process_are_followed(simcord_env):
    env = simcord_env
    channel, members, _ = await started_table(env, target=1, options="timer=off")
    panels = env.bot.watching
    panels.shared = True  # as with PostgreSQL: another process may answer a click
    erin = await watcher_at(env, channel)
    panels.watchers.clear()  # as if another process had answered erin's Watch: this one never heard of it
    panels.looked.clear()
    assert await take_turn(members)
    assert public_text(watch_panel(erin).content) == table_message(channel).content
    panels.watchers.clear()
    stop = await erin.user.click(watch_panel(erin), label=watching.STOP_LABEL)
    assert stop.acknowledged and "You stopped watching" in watch_panel(erin).content
    assert await load_watchers(env.bot.storage) == []


def whose(env, entry) -> int | None:
    """The user a request shows something to: the recipient of a DM it posts or edits, the clicker of the
    interaction it answers (None: a server channel's message, or no message at all)."""
    parts = entry.path.strip("/").split("/")
    backend = env.backend
    if parts[0] == "channels" and entry.method in ("POST", "PATCH"):
        channel = backend.channels.get(int(parts[1]))
        if channel is not None and channel.guild_id is None:
            return next(iter(set(channel.recipient_ids) - {backend.bot_user.id}), None)
        return None
    if parts[0] == "interactions" and (entry.json or {}).get("type") in (4, 5, 7):
        return backend.interactions[int(parts[1])].user_id
    if parts[0] == "webhooks" and entry.method in ("POST", "PATCH"):
        return next((i.user_id for i in backend.interactions.values() if i.token == parts[2]), None)
    return None


async def test_players_panels_go_before_the_watch_panels_on_each_move(simcord_env, monkeypatch):
    env = simcord_env
    channel, members, _ = await started_table(env, target=2, options="timer=off")
    erin = await watcher_at(env, channel, "erin")
    frank = channel.guild.add_member(env.create_user("frank"))  # DMs closed: an ephemeral watch panel
    env.inject_error(
        "POST", f"/channels/{frank.user.dm_channel.id}/messages", status=403, code=50007, times=None
    )
    assert watching.PANEL_HERE in reply(await frank.click(table_message(channel), label="Watch")).content
    panels, sync = env.bot.panels, env.bot.panels.sync

    async def slowly(*args, **kwargs) -> None:
        """Each player's panel takes a fifth of a second to show (its picture, Discord's answer): the watch panels,
        which follow the table message as soon as it is shown, wait for the players' (the lowest lane)."""
        await asyncio.sleep(0.2)
        await sync(*args, **kwargs)

    monkeypatch.setattr(panels, "sync", slowly)
    players, watchers = {m.id for m in members}, {erin.id, frank.id}
    for _ in range(8):
        mark = len(env.http_requests)
        assert await take_turn(members)
        await env.advance_time(0.5)
        shown = [whose(env, entry) for entry in env.http_requests[mark:]]
        to_players = [i for i, user in enumerate(shown) if user in players]
        to_watchers = [i for i, user in enumerate(shown) if user in watchers]
        assert to_players and to_watchers, f"the move shows on the players' panels and the watchers': {shown}"
        assert max(to_players) < min(to_watchers), f"a watch panel went before a player's: {shown}"


async def test_watch_panels_wait_quietly_while_the_database_is_away(simcord_env, monkeypatch, caplog):
    env = simcord_env
    channel, members, _ = await started_table(env, target=1, options="timer=off")
    erin = await watcher_at(env, channel)
    before = watch_panel(erin).content

    async def away(storage, table_ids=None):
        raise StorageUnavailable("the database is away for a moment")

    # as with PostgreSQL: the watchers are read from the database each time
    monkeypatch.setattr(env.bot.watching, "shared", True)
    monkeypatch.setattr(watch_panels, "load_watchers", away)
    caplog.set_level("INFO", logger="bot.discord.delivery.watch_panels")
    assert await take_turn(members)
    await env.advance_time(15)  # the watchers follow after the players, paced
    assert "wait for the database" in caplog.text and "Traceback" not in caplog.text
    assert not [r for r in caplog.records if r.levelname == "ERROR"], "no error for an outage the store named"
    monkeypatch.setattr(watch_panels, "load_watchers", load_watchers)
    assert await take_turn(members)
    await env.advance_time(15)
    assert watch_panel(erin).content != before, "they follow again once it is back"
