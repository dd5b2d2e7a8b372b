"""A server's 42 on the Discord stand-in (CLUB.md): `/42 settings` by an admin and refused to a member, its
organiser role cleared (`organiser_clear:True`), a `/42 new` that takes the server's defaults and one that overrides them, a table refused outside the allowed
channels (a thread of an allowed one is allowed), and fair deals: the commitment every panel shows before
the first call is the one the revealed seed hashes to, no message tells the seed before the hand is over,
and the hand's record from `/42 history` verifies with `python -m engine verify` (a tampered copy does not)."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from dataclasses import replace

import discord
from simcord.builders import ChannelHandle

from bot.tables.options_text import option_suggestions
from tests.bot.table_driver import (
    buttons,
    in_a_channel,
    open_and_seat,
    play_until_over,
    refusal,
    reply,
    table_message,
)

COMMITMENT = re.compile(r"Deal (\d+) · sha256 ([0-9a-f]{12})…")
REVEAL = re.compile(r"Deal (\d+) · sha256 ([0-9a-f]{12})… · seed `([0-9a-f]{64})`")


def _club(env):
    """A server with an admin (a role with Manage Server), three members, and channels games and lounge."""
    guild = env.create_guild()
    games, lounge = guild.create_text_channel("games"), guild.create_text_channel("lounge")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("ada"), roles=[admins])
    members = [guild.add_member(env.create_user(name)) for name in ("bob", "cleo", "dee")]
    return guild, games, lounge, admin, members


def _verify(record) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engine", "verify", "-"],
        input=json.dumps(record),
        text=True,
        capture_output=True,
    )


async def test_settings_are_an_admins_and_refused_to_a_member(simcord_env):
    env = simcord_env
    guild, games, _, admin, [bob, *_] = _club(env)
    refused = refusal(await bob.slash(games, "42 settings"))
    assert "Manage Server" in refused
    refused = refusal(await bob.slash(games, "42 settings", preset="moon"))
    assert "Manage Server" in refused

    organisers = guild.create_role("organisers")
    saved = reply(
        await admin.slash(
            games,
            "42 settings",
            preset="tournament",
            target=3,
            options="timer=5m",
            channels=f"{games.mention}",
            organiser=organisers,
            timezone="America/Chicago",
        )
    )
    assert saved.ephemeral
    for words in (
        "Tournament 42",
        "3 marks",
        "timer=5m",
        games.mention,
        f"<@&{organisers.id}>",
        "America/Chicago",
    ):
        assert words in saved.content, (words, saved.content)
    suggested = [c["value"] for c in await admin.autocomplete(games, "42 settings", "options", "timer=5m ")]
    assert suggested and suggested == option_suggestions("tournament", "timer=5m "), "the server's game's"
    assert suggested != option_suggestions("standard", "timer=5m ")
    shown = reply(await admin.slash(games, "42 settings"))
    assert shown.ephemeral and "Tournament 42" in shown.content and "saved" not in shown.content
    settings = await env.bot.service.club.settings(guild.id)
    assert (settings.preset, settings.target, settings.channels) == ("tournament", 3, (games.id,))
    assert settings.organiser_role_id == organisers.id and settings.timezone == "America/Chicago"

    # a setting /42 new would refuse is refused with /42 new's own sentence, and nothing changes
    from_new = refusal(await admin.slash(games, "42 new", preset="tournament", options="players=6"))
    from_settings = refusal(await admin.slash(games, "42 settings", options="players=6"))
    assert from_settings == from_new and "players" in from_new
    bad_zone = refusal(await admin.slash(games, "42 settings", timezone="Mars/Olympus"))
    assert "IANA" in bad_zone
    assert await env.bot.service.club.settings(guild.id) == settings


async def test_the_organiser_role_can_be_cleared(simcord_env):
    env = simcord_env
    guild, games, _, admin, [bob, *_] = _club(env)
    organisers = guild.create_role("organisers")
    eve = guild.add_member(env.create_user("eve"), roles=[organisers])
    await admin.slash(games, "42 settings", organiser=organisers, channels=games.mention)
    kept = await env.bot.service.club.settings(guild.id)
    assert kept.organiser_role_id == organisers.id

    assert "Manage Server" in refusal(await bob.slash(games, "42 settings", organiser_clear=True))
    both = refusal(await admin.slash(games, "42 settings", organiser=organisers, organiser_clear=True))
    assert "not both" in both and await env.bot.service.club.settings(guild.id) == kept
    cleared = reply(await admin.slash(games, "42 settings", organiser_clear=True))
    assert cleared.ephemeral and "Tournament organisers: none" in cleared.content
    assert await env.bot.service.club.settings(guild.id) == replace(kept, organiser_role_id=None)
    assert "organiser role" in refusal(await eve.slash(games, "42 tournament new", name="Eve's Cup"))
    assert await env.bot.tournaments.in_channel(games.id) is None


async def test_new_takes_the_servers_defaults_and_what_it_gives_wins(simcord_env):
    env = simcord_env
    guild, games, lounge, admin, members = _club(env)
    await admin.slash(games, "42 settings", preset="tournament", target=3, options="timer=5m hints=on")

    await open_and_seat(env, games, admin, [])
    lobby = table_message(games).content
    assert lobby.startswith("**Tournament 42**")
    assert (
        "From this server's defaults (`/42 settings`): preset=tournament, target=3, timer=5m, hints=on"
        in lobby
    )
    assert "Turn timer: 5 minutes" in lobby
    rules = reply(await members[0].slash(games, "42 rules")).content
    assert "From this server's defaults" in rules and "preset=tournament" in rules
    table = await env.bot.service.table_in(games.id)
    assert table.rules.target == 3 and table.rules.preset == "tournament"

    await open_and_seat(env, lounge, admin, [], target=5, options="timer=off")
    table = await env.bot.service.table_in(lounge.id)
    assert table.rules.target == 5 and table.settings.turn_seconds is None and table.settings.hints
    assert table.server_defaults == ("preset=tournament", "hints=on")
    assert "preset=tournament, hints=on" in table_message(lounge).content

    other = guild.create_text_channel("moon")
    await open_and_seat(env, other, admin, [], preset="moon")
    table = await env.bot.service.table_in(other.id)
    assert table.rules.preset == "moon" and table.rules.target == 21, "another game plays as it comes"
    assert table.server_defaults == ("timer=5m", "hints=on"), "but the server's table settings hold"


async def test_a_table_is_refused_outside_the_allowed_channels(simcord_env):
    env = simcord_env
    guild, games, lounge, admin, members = _club(env)
    await admin.slash(games, "42 settings", channels=f"{games.mention}")
    refused = refusal(await members[0].slash(lounge, "42 new"))
    assert games.mention in refused and "Tables open only in" in refused
    assert await env.bot.service.table_in(lounge.id) is None
    thread = ChannelHandle(env, guild, env.backend.create_thread(games.id, "R1", members[0].id))
    opened = await members[0].slash(thread, "42 new")
    assert "Your table is open" in reply(opened).content
    assert (await env.bot.service.table_in(thread.id)) is not None, "a thread of an allowed channel"
    await admin.slash(games, "42 settings", channels="any")
    assert "Your table is open" in reply(await members[0].slash(lounge, "42 new")).content


async def test_a_deal_is_committed_before_the_first_call_and_its_record_verifies(simcord_env):
    env = simcord_env
    _, channel, members = in_a_channel(env, "alice", "bob", "carol", "dave")
    table = await open_and_seat(env, channel, members[0], members, target=1)
    await members[0].click(table, label="Start")
    mark = len(env.http_requests)
    state = await env.bot.service.table_in(channel.id)
    assert state.hand is not None and not state.hand.calls, "no call yet"
    texts = [table_message(channel).content, *(m.user.dm_channel.last_message.content for m in members)]
    found = [COMMITMENT.search(text) for text in texts]  # the table message and every panel
    shown = {match.groups() for match in found if match is not None}
    assert len(found) == 5 and None not in found
    assert len(shown) == 1
    number, digest = shown.pop()
    assert number == "1" and state.commitment.startswith(digest)
    seed = state.seed.hex()
    hand_over = None
    await play_until_over(channel, members)
    for message in channel.history():
        reveal = REVEAL.search(message.content)
        if reveal and reveal[1] == "1":
            hand_over = message
            assert reveal[2] == digest and hashlib.sha256(bytes.fromhex(reveal[3])).hexdigest()[:12] == digest
            assert reveal[3] == seed
    assert hand_over is not None, "the first hand's summary reveals its seed"
    told = [json.dumps(entry.json, ensure_ascii=False) for entry in env.http_requests[:mark]]
    summary_at = next(
        i
        for i, entry in enumerate(env.http_requests)
        if entry.json and REVEAL.search(json.dumps(entry.json, ensure_ascii=False))
    )
    told += [json.dumps(entry.json, ensure_ascii=False) for entry in env.http_requests[mark:summary_at]]
    assert not any(seed in text for text in told), "no message tells the seed before the hand is over"

    listed = reply(await members[0].slash(channel, "42 history"))
    review = reply(await members[0].click(listed, label=[b.label for b in buttons(listed)][0]))
    record = json.loads(
        await reply(await members[0].click(review, label="Record (JSON)")).attachments[0].read()
    )
    assert record["seed"] == seed and record["commitment"].startswith(digest)
    checked = _verify(record)
    assert checked.returncode == 0 and json.loads(checked.stdout) == {"ok": True}
    swapped = json.loads(json.dumps(record))
    swapped["deal"][0][0], swapped["deal"][1][0] = swapped["deal"][1][0], swapped["deal"][0][0]
    refused = _verify(swapped)
    assert refused.returncode == 1 and "not the seed's deal" in json.loads(refused.stdout)["error"]
    wrong_seed = {**record, "seed": "00" * 32}
    refused = _verify(wrong_seed)
    assert refused.returncode == 1 and "commitment" in json.loads(refused.stdout)["error"]
