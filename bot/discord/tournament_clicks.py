"""A tournament's buttons on Discord: the sign-up buttons of the tournament message (`Join with partner`,
`Join alone`, `Leave`, `Add computer team`, `Start`), the private partner menu, and the partner's `Accept`
in a DM. Each is a `DynamicItem` that reads its own id, so a click works after a restart and in any
process; the id names the tournament, never a permission: the service checks every request again.

A forged or stale click (an id that does not read, a tournament of another server or no longer signing
up, an `Accept` by someone not invited) gets a short private refusal and changes nothing.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Protocol, cast

import discord

from bot.show import tournament_ids as ids
from bot.show import tournament_replies as words
from bot.show.tournament_ids import TournamentId, budget_key
from bot.show.tournament_screens import accept_button
from bot.tournaments.record import RUNNING, Stored
from bot.tournaments.refusal import Refused, Why
from bot.tournaments.service import TournamentService
from bot.tournaments.signup import Player

from .buttons import view_of
from .delivery.sender import NO_MENTIONS, Sender
from .members import PrivateAnswers, manages_server
from .outage import answered_when_away

log = logging.getLogger(__name__)


class TournamentRouter(Protocol):
    """Whatever handles tournament clicks (`TournamentClicks`)."""

    async def route(self, interaction: discord.Interaction, clicked: TournamentId | None) -> None:
        """Handle one click; `clicked` is None for an id that looks like ours but cannot be read."""

    async def pick(self, interaction: discord.Interaction, tournament_id: int, chosen: list[Any]) -> None:
        """The partner menu's choice."""


class _WithRouter(Protocol):
    tournament_clicks: TournamentRouter


class TournamentButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.BUTTON_TEMPLATE):
    """Any button of any tournament (`parsed`: what its id says, None if it cannot be read)."""

    def __init__(self, custom_id: str, label: str = "", parsed: TournamentId | None = None):
        super().__init__(discord.ui.Button(label=label or "·", custom_id=custom_id))
        self.parsed = parsed if parsed is not None else ids.parse(custom_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TournamentButton:
        """Rebuild the button from a click, reading its id."""
        button = cast(discord.ui.Button, item)
        return cls(button.custom_id or "", button.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the click to the bot's tournament clicks."""
        async with answered_when_away(interaction):  # the database away: try again in a moment
            await cast(_WithRouter, interaction.client).tournament_clicks.route(interaction, self.parsed)


class PartnerMenu(discord.ui.DynamicItem[discord.ui.UserSelect], template=ids.MENU_TEMPLATE):
    """The private menu where a joiner names their partner."""

    def __init__(self, tournament_id: int):
        super().__init__(
            discord.ui.UserSelect(
                custom_id=ids.make(tournament_id, ids.PICK), placeholder=words.PARTNER_MENU, max_values=1
            )
        )
        self.tournament_id = tournament_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PartnerMenu:
        """Rebuild the menu from a choice, reading its id."""
        return cls(int(match["tid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the choice to the bot's tournament clicks."""
        router = cast(_WithRouter, interaction.client).tournament_clicks
        async with answered_when_away(interaction):  # the database away: try again in a moment
            await router.pick(interaction, self.tournament_id, list(self.item.values))


def display_name(user: discord.abc.User) -> str:
    """The name a player goes by in this server, markdown escaped."""
    return discord.utils.escape_markdown(user.display_name)


class TournamentClicks:
    """Answers the tournament buttons (see the module docstring)."""

    def __init__(self, service: TournamentService, answers: PrivateAnswers, sender: Sender):
        self.service = service
        self.answers = answers
        self.sender = sender

    async def route(self, interaction: discord.Interaction, clicked: TournamentId | None) -> None:
        """One click on a tournament button: checked, done, answered privately."""
        if clicked is None or clicked.kind == ids.PICK:
            await self.answers.refuse(interaction, words.refusal(Refused(Why.UNKNOWN_BUTTON)))
            return
        stored = await self.service.find(clicked.tournament_id)
        in_its_server = stored is not None and (
            clicked.kind == ids.ACCEPT or stored.guild_id == interaction.guild_id
        )
        if stored is None or not in_its_server:
            await self.answers.refuse(interaction, words.GONE)
            return
        try:
            await self._do(interaction, stored, clicked)
        except Refused as refused:
            await self.answers.refuse(interaction, words.refusal(refused))
        except discord.HTTPException as error:
            log.warning("tournament %s: a click's answer failed (%s)", stored.id, error.status)

    async def _do(self, interaction: discord.Interaction, stored: Stored, clicked: TournamentId) -> None:
        user = interaction.user
        manager = manages_server(interaction)
        if clicked.kind == ids.PAIR:
            _still_signing_up(stored)
            if stored.settings.club:
                raise Refused(Why.CLUB_ALONE)
            view = discord.ui.View(timeout=None)
            view.add_item(PartnerMenu(stored.id))
            await self.sender.respond(
                budget_key(stored.id), interaction, words.WHO_IS_YOUR_PARTNER, view=view, ephemeral=True
            )
            return
        if clicked.kind == ids.ACCEPT:
            if clicked.arg is None:
                raise Refused(Why.UNKNOWN_BUTTON)
            teamed = await self.service.accept(stored.id, user.id, clicked.arg)
            joiner = _name_of(teamed, clicked.arg)
            await self.sender.respond_by_editing(
                budget_key(stored.id), interaction, content=words.teamed(joiner, stored.name), view=None
            )
            return
        if clicked.kind == ids.ALONE:
            joined = await self.service.join_alone(stored.id, Player(user.id, display_name(user)))
            text = words.joined_alone(joined)
        elif clicked.kind == ids.LEAVE:
            after, alone = await self.service.leave(stored.id, user.id)
            text = words.left(after, alone.name if alone is not None else None)
        elif clicked.kind == ids.COMPUTER:
            added = await self.service.add_computer_team(stored.id, user.id, manager)
            text = words.computer_team_added(added.record.signup.computer_teams)
        elif clicked.kind == ids.START:
            text = words.started(await self.service.start(stored.id, user.id, manager))
        else:
            raise Refused(Why.UNKNOWN_BUTTON)
        await self.sender.respond(budget_key(stored.id), interaction, text, ephemeral=True)

    async def pick(self, interaction: discord.Interaction, tournament_id: int, chosen: list[Any]) -> None:
        """The joiner chose a partner: the partner is asked by DM (or, if they had named the joiner, the
        two are a team at once)."""
        stored = await self.service.find(tournament_id)
        if stored is None or stored.guild_id != interaction.guild_id or len(chosen) != 1:
            await self.answers.refuse(interaction, words.GONE)
            return
        partner = chosen[0]
        joiner = interaction.user
        try:
            if getattr(partner, "bot", False):
                raise Refused(Why.PARTNER_A_BOT)
            asked = await self.service.ask(
                tournament_id,
                Player(joiner.id, display_name(joiner)),
                Player(partner.id, display_name(partner)),
            )
        except Refused as refused:
            await self.answers.refuse(interaction, words.refusal(refused))
            return
        name = display_name(partner)
        key = budget_key(tournament_id)
        if asked.record.signup.team_of(joiner.id) is not None:
            text = words.teamed(name, asked.name)
        else:
            text = (
                words.asked(name)
                if await self._invite(asked, joiner, partner.id)
                else words.asked_but_no_dm(name)
            )
        try:
            await self.sender.respond_by_editing(key, interaction, content=text, view=None)
        except discord.HTTPException as error:
            log.warning("tournament %s: the partner menu's answer failed (%s)", tournament_id, error.status)

    async def _invite(self, stored: Stored, joiner: discord.abc.User, partner_id: int) -> bool:
        """Ask the partner by DM, with `Accept`; False if their DMs are closed."""
        key = budget_key(stored.id)
        try:
            channel = await self.sender.open_dm(key, partner_id)
            await self.sender.send(
                key,
                channel,
                words.invitation(display_name(joiner), stored.name, stored.channel_id),
                view=view_of([accept_button(stored, joiner.id)]),
                allowed_mentions=NO_MENTIONS,
            )
        except discord.HTTPException:
            return False
        return True


def _still_signing_up(stored: Stored) -> None:
    if stored.status == RUNNING:
        raise Refused(Why.STARTED)
    if not stored.open:
        raise Refused(Why.OVER)


def _name_of(stored: Stored, user_id: int) -> str:
    for a, b in stored.record.signup.teams:
        for player in (a, b):
            if player.user_id == user_id:
                return player.name
    return f"<@{user_id}>"
