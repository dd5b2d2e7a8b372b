"""A tournament of computer teams on the stand-in, as an organiser runs one: opened, filled and started; and
what its channel shows of it (its match threads, the champion once named). Shared by the tests with a real
bot process and the tournament benchmark."""

from __future__ import annotations

from .model import Channel
from .standin import DiscordStandIn

CHAMPION = "🏆"  # the tournament message names its champion with it


def threads_of(standin: DiscordStandIn, channel: Channel) -> list[Channel]:
    """The match threads opened under the tournament's channel."""
    return [c for c in standin.channels.values() if c.parent_id == channel.id]


def champion_named(channel: Channel) -> bool:
    """Whether the tournament message names its champion."""
    return any(CHAMPION in m.content for m in channel.messages.values() if not m.deleted)


async def computer_tournament(
    standin: DiscordStandIn,
    channel: Channel,
    *,
    name: str,
    teams: int,
    format: str,
    target: int,
    computers: str,
) -> None:
    """An organiser (Manage Server) opens the tournament in `channel`, adds `teams` computer teams of level
    `computers` and starts it."""
    organiser = standin.create_user("organiser", manage_server=True)
    standin.add_member(standin.guilds[channel.guild_id or 0], organiser)
    command, options = "42 tournament new", f"computers={computers}"
    await standin.slash(organiser, channel, command, name=name, format=format, target=target, options=options)
    await standin.wait_until(lambda: channel.find("Add computer team"), 60, "the tournament message")
    for added in range(1, teams + 1):
        message = channel.find("Add computer team")
        assert message is not None
        await standin.click(organiser, message, "Add computer team", timeout=60)
        if added % 16 == 0 or added == teams:  # the message follows a few changes at a time
            shown = f"Computer teams: {added}"
            await standin.wait_until(
                lambda: any(shown in m.content for m in channel.messages.values()),  # noqa: B023
                120,
                f"{added} computer teams shown",
            )
    message = channel.find("Start")
    assert message is not None
    await standin.click(organiser, message, "Start", timeout=60)
