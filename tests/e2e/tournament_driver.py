"""Driving a tournament through simcord like its organiser and players do: open it, sign up, start it, and
play the matches people play in their threads."""

from __future__ import annotations

import discord

from tests.bot.table_driver import buttons, enabled_actions, run_as_bot, take_turn

TOURNAMENT_LABELS = ("Join with partner", "Join alone", "Leave", "Add computer team", "Start")


def club(env, *names: str):
    """A server with an admin (Manage Server) named first, the other members, and a "games" channel."""
    guild = env.create_guild()
    games = guild.create_text_channel("games")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user(names[0]), roles=[admins])
    return guild, games, [admin, *(guild.add_member(env.create_user(name)) for name in names[1:])]


def tournament_message(channel) -> discord.Message:
    """The tournament message: the newest message of the bot's in the channel that starts with a
    tournament's head line (its name in bold, then its format)."""
    for message in reversed(channel.history()):
        if message.content.startswith("**") and any(
            b.custom_id.startswith("t42t:") for b in buttons(message)
        ):
            return message
    for message in reversed(channel.history()):
        first = message.content.split("\n")[0]
        if message.content.startswith("**") and " · " in first and (" teams" in first or " players" in first):
            return message
    raise AssertionError("no tournament message in the channel")


async def team_up(joiner, partner, channel) -> None:
    """`joiner` clicks `Join with partner` and names `partner`, who accepts in their DMs."""
    menu = await joiner.click(tournament_message(channel), label="Join with partner")
    reply = menu.response
    assert reply is not None and reply.ephemeral
    picked = await joiner.select(reply, [partner])
    assert picked.acknowledged
    invitation = partner.user.dm_channel.last_message
    assert invitation is not None and "Accept" in [b.label for b in buttons(invitation)]
    accepted = await partner.user.click(invitation, label="Accept")
    assert accepted.acknowledged


def match_threads(channel) -> list:
    """The channel's threads (one per match), oldest first."""
    return sorted(channel.threads, key=lambda thread: thread.id)


async def play_people_matches(env, members, limit: int = 4000) -> int:
    """Click through the turns of every member who has controls until none has; the clicks made."""
    clicks = 0
    for _ in range(limit):
        if not await take_turn(members):
            await run_as_bot(env, env.bot.tournaments.idle())
            if not any(enabled_actions(m.user.dm_channel.last_message) for m in members if m.user.dm_channel):
                return clicks
            continue
        clicks += 1
    raise AssertionError("the matches did not end")


async def click_forged(env, channel, member, custom_id: str):
    """`member` clicks a button with `custom_id` on a message the bot sent (as a forged client would)."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="forged", custom_id=custom_id))
    await env.bot.get_channel(channel.id).send("forged", view=view)
    return await member.click(channel.last_message, custom_id=custom_id)


async def signed_up(env, channel, organiser, people, computer_teams: int, **options):
    """`organiser` opens a tournament here with `options`, `people` sign up in pairs (each pair's first
    names the second, who accepts), `computer_teams` are added and it starts; its id."""
    await organiser.slash(channel, "42 tournament new", name="Cup", **options)
    for joiner, partner in zip(people[::2], people[1::2], strict=True):
        await team_up(joiner, partner, channel)
    for _ in range(computer_teams):
        await organiser.click(tournament_message(channel), label="Add computer team")
    await organiser.click(tournament_message(channel), label="Start")
    stored = await env.bot.tournaments.latest_in(channel.id)
    assert stored is not None and stored.status in ("running", "finished")
    return stored.id


async def settle_tournament(env) -> None:
    """Let the tournaments and their messages finish what they are doing."""
    await run_as_bot(env, env.bot.tournaments.idle())
    await run_as_bot(env, env.bot.stage.idle())
