"""The member facts `/42 settings` and the tournaments read on Discord: Manage Server (or Administrator),
the organiser role among the member's roles, and a thread's channel."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import discord

from bot.discord.members import manages_server, may_run_tournaments_here, parent_channel
from bot.storage.server_settings import ServerSettings


class _Club:
    """The settings a server keeps, as `Club.settings` gives them."""

    def __init__(self, settings: ServerSettings):
        self.kept = settings

    async def settings(self, guild_id: int) -> ServerSettings:
        return self.kept


def _asking(*, roles: tuple[int, ...] = (), guild_id: int | None = 1, **permissions: bool) -> Any:
    user = SimpleNamespace(roles=[SimpleNamespace(id=role) for role in roles])
    return SimpleNamespace(
        guild_id=guild_id, user=user, permissions=discord.Permissions(**permissions), channel=None
    )


def test_manage_server_or_administrator():
    assert manages_server(cast(discord.Interaction, _asking(manage_guild=True)))
    assert manages_server(cast(discord.Interaction, _asking(administrator=True)))
    assert not manages_server(cast(discord.Interaction, _asking(manage_messages=True)))
    assert parent_channel(cast(discord.Interaction, _asking())) is None


async def test_who_may_run_tournaments_here():
    club: Any = _Club(ServerSettings(1, organiser_role_id=7))
    assert await may_run_tournaments_here(club, _asking(manage_guild=True))
    assert await may_run_tournaments_here(club, _asking(roles=(3, 7)))
    assert not await may_run_tournaments_here(club, _asking(roles=(3,)))
    assert not await may_run_tournaments_here(club, _asking(roles=(7,), guild_id=None)), "not in a DM"
    nobody: Any = _Club(ServerSettings(1))
    assert not await may_run_tournaments_here(nobody, _asking(roles=(7,)))
