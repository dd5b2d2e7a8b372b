"""The coach on Discord: the learning buttons (`/42 help`'s pages, a finished hand's `Review`, its record as a
JSON file, a hint) and the learning commands' answers. Every answer to a button is private; every click is
checked again against what is stored (`bot.learn.coaching`, which also says what may be shown)."""

from __future__ import annotations

import asyncio
import io
import json
import logging
from dataclasses import replace
from typing import Any, Protocol, cast

import discord

from bot.learn import standings
from bot.learn.coaching import Coaching, Refused, TableFinder, Why, review_seat
from bot.pictures.record import render_record
from bot.pictures.review import render_review
from bot.show import learn_ids as ids
from bot.show import learn_words as words
from bot.show import lessons
from bot.show.puzzle_words import record_line
from bot.show.reasons import seat_words
from bot.show.records import history_text, rating_board_text, reviewable, stats_scene, stats_text, stored_game
from bot.show.review import hint_text, review_messages, review_scene, seat_names
from bot.show.tournament_replies import tournaments_line
from bot.storage.errors import StorageUnavailable
from bot.storage.puzzles import load_player
from bot.storage.store import Storage
from bot.storage.tournaments import tournaments_of
from bot.storage.watchers import is_watching
from engine import Rules

from .outage import answered_when_away
from .private import reply

log = logging.getLogger(__name__)
BOARD_SIZE = 15


class CoachButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.TEMPLATE):
    """Any learning button (help pages, a hand's review, its record, a hint), after a restart too."""

    def __init__(
        self,
        custom_id: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ):
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id, style=style, disabled=disabled))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any, /
    ) -> CoachButton:
        """Rebuild the button from a click."""
        button = cast(discord.ui.Button, item)
        return cls(button.custom_id or "", button.label or "…", button.style, button.disabled)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the click to the bot's coach (the database away is answered: try again)."""
        async with answered_when_away(interaction):
            await cast(_WithCoach, interaction.client).coach.click(
                interaction, ids.parse(self.item.custom_id or "")
            )


class _WithCoach(Protocol):
    coach: Coach


def button(
    custom_id: str,
    label: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
) -> CoachButton:
    """A learning button."""
    return CoachButton(custom_id, label, style, disabled)


def view_of(*buttons: CoachButton) -> discord.ui.View:
    """A persistent view of learning buttons."""
    view = discord.ui.View(timeout=None)
    for item in buttons:
        view.add_item(item)
    return view


def _escape(text: str) -> str:
    return discord.utils.escape_markdown(text)


class Coach:
    """Answers the learning buttons and commands: asks `Coaching` and the standings, then sends the words
    and pictures."""

    def __init__(self, storage: Storage, tables: TableFinder):
        self.storage = storage
        self.coaching = Coaching(storage, tables)

    def close(self) -> None:
        """Let the review worker go (reviews under way finish; none start)."""
        self.coaching.close()

    # ------------------------------------------------------------------ clicks

    async def click(self, interaction: discord.Interaction, clicked: ids.LearnId | None) -> None:
        """One click on a learning button."""
        try:
            if clicked is None:
                raise Refused(Why.UNKNOWN_BUTTON)
            if clicked.kind == ids.HELP:  # no page: the lobby's `How to play` (a new private message)
                page = clicked.numbers[0]
                await self.help(interaction, page or 0, edit=page is not None)
            elif clicked.kind == ids.REVIEW and len(clicked.numbers) == 3:
                table_id, hand_no, seat = clicked.numbers
                await self.review(interaction, table_id or 0, hand_no or 0, seat)
            elif clicked.kind == ids.HINT and len(clicked.numbers) == 1:
                await self.hint(interaction, clicked.numbers[0] or 0)
            elif clicked.kind == ids.RECORD and len(clicked.numbers) == 2:
                await self.record_file(interaction, clicked.numbers[0] or 0, clicked.numbers[1] or 0)
            else:
                raise Refused(Why.UNKNOWN_BUTTON)
        except Refused as refused:
            await reply(interaction, words.refusal(refused))
        except StorageUnavailable:
            raise  # answered by the button (`outage.answered_when_away`)
        except Exception:
            log.exception("learning click %r failed", clicked)
            await reply(interaction, words.FAILED)

    # ------------------------------------------------------------------ help

    async def help(self, interaction: discord.Interaction, page: int = 0, *, edit: bool = False) -> None:
        """A help page with `Back` and `Next`, privately (a click edits the page in place)."""
        page = lessons.clamp(page)
        picture = await asyncio.to_thread(lessons.page_picture, page)
        file = discord.File(io.BytesIO(picture), filename="help.png")
        last = lessons.page_count() - 1
        view = view_of(
            button(ids.make(ids.HELP, max(0, page - 1)), words.BACK, disabled=page == 0),
            button(
                ids.make(ids.HELP, min(last, page + 1)),
                words.NEXT,
                discord.ButtonStyle.primary,
                disabled=page == last,
            ),
        )
        text = lessons.page_text(page)
        if edit:
            await interaction.response.edit_message(content=text, attachments=[file], view=view)
        else:
            await interaction.response.send_message(text, file=file, view=view, ephemeral=True)

    # ------------------------------------------------------------------ hints

    async def hint(self, interaction: discord.Interaction, table_id: int) -> None:
        """On the player's own turn at a table with hints on: the strong player's choice and why."""
        hand, hand_no, seat, names = await self.coaching.hint_turn(table_id, interaction.user.id)
        # Ephemeral even in a DM, so the turn's controls stay the newest message there.
        await interaction.response.defer(ephemeral=True, thinking=True)
        verdict = await self.coaching.hint(table_id, hand, hand_no, seat)
        teams = [hand.rules.team_of(s) for s in range(hand.players)]
        seats = seat_words([_escape(name) for name in names], teams, seat)
        await interaction.followup.send(
            hint_text(str(hand.phase), verdict.action, verdict.estimate, verdict.reason, seats),
            ephemeral=True,
        )

    # ------------------------------------------------------------------ reviews

    async def review(
        self, interaction: discord.Interaction, table_id: int, hand_no: int, seat: int | None
    ) -> None:
        """A finished hand trick by trick and, for a seat, its decisions judged; privately."""
        # a watcher of the table may review its finished hands too, from their watch panel (a DM)
        watcher = await is_watching(self.storage, table_id, interaction.user.id)
        row, hand = await self.coaching.finished_hand(
            interaction.guild_id, table_id, hand_no, watcher=watcher
        )
        seat = self.coaching.seat_to_review(row, hand, interaction.user.id, seat, watcher=watcher)
        await interaction.response.defer(ephemeral=True, thinking=True)
        rules: Rules = hand.rules
        names = seat_names(
            row.seats, tuple(rules.seat_names), [rules.team_of(s) for s in range(rules.players)]
        )
        analysed = await self.coaching.review(row, hand, hand_no, seat)
        picture = await asyncio.to_thread(render_review, review_scene(hand, hand_no, names, seat, analysed))
        escaped = tuple(replace(info, name=_escape(info.name)) for info in names)
        texts = review_messages(hand, hand_no, escaped, seat, analysed)
        view = view_of(button(ids.make(ids.RECORD, table_id, hand_no), words.RECORD_BUTTON))
        for i, text in enumerate(texts):  # the picture with the first words, the record button with the last
            extras: dict[str, Any] = {}
            if i == 0:
                extras["file"] = discord.File(io.BytesIO(picture), filename="review.png")
            if i == len(texts) - 1:
                extras["view"] = view
            await interaction.followup.send(text, ephemeral=True, **extras)

    async def record_file(self, interaction: discord.Interaction, table_id: int, hand_no: int) -> None:
        """A finished hand's record as a JSON file (HAND-RECORD.md), privately."""
        watcher = await is_watching(self.storage, table_id, interaction.user.id)
        row, _ = await self.coaching.finished_hand(interaction.guild_id, table_id, hand_no, watcher=watcher)
        data = json.dumps(row.hands[hand_no], indent=1).encode()
        await reply(
            interaction,
            words.record_file_text(table_id, hand_no),
            file=discord.File(io.BytesIO(data), filename=f"hand-{table_id}-{hand_no + 1}.json"),
        )

    # ------------------------------------------------------------------ history, stats, ratings

    async def history(self, interaction: discord.Interaction, player: discord.abc.User | None) -> None:
        """The last finished games of this server (with `player`: theirs), each hand with a `Review`."""
        assert interaction.guild_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        player_id = player.id if player else None
        tables = await self.coaching.history(interaction.guild_id, player_id)
        games = [stored_game(table, _escape) for table in tables]
        buttons = []
        for table_id, hand_no in reviewable(games):
            table = next(t for t in tables if t.table_id == table_id)
            seat = review_seat(table, hand_no, interaction.user.id, player_id)
            buttons.append(
                button(ids.make(ids.REVIEW, table_id, hand_no, seat), words.review_label(table_id, hand_no))
            )
        extras: dict[str, Any] = {"view": view_of(*buttons)} if buttons else {}
        await interaction.followup.send(
            history_text(games, _escape(player.display_name) if player else None),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
            **extras,
        )

    async def stats(self, interaction: discord.Interaction, who: discord.abc.User) -> None:
        """One player's record: a picture, and the same figures in text."""
        assert interaction.guild_id is not None
        await interaction.response.defer(thinking=True)
        standing = await standings.standing(self.storage, interaction.guild_id, who.id)
        puzzles = await load_player(self.storage, interaction.guild_id, who.id)
        puzzle_line = f"\n{record_line(puzzles)}" if puzzles is not None else ""
        name = _escape(who.display_name)
        if standing is None:
            await interaction.followup.send(
                words.no_games_yet(name) + puzzle_line, allowed_mentions=discord.AllowedMentions.none()
            )
            return
        row = standing.stats
        scene = stats_scene(
            who.display_name,
            row.games_played,
            row.games_won,
            row.marks_won,
            standing.rating,
            standing.history,
            standing.record,
            row.points_won,
        )
        picture = await asyncio.to_thread(render_record, scene)
        played, won = await tournaments_of(self.storage, interaction.guild_id, who.id)
        await interaction.followup.send(
            stats_text(replace(scene, name=name)) + puzzle_line + tournaments_line(played, won),
            file=discord.File(io.BytesIO(picture), filename="stats.png"),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def rating_board(self, interaction: discord.Interaction, limit: int = BOARD_SIZE) -> None:
        """This server's players ranked by skill rating, publicly."""
        assert interaction.guild_id is not None
        await interaction.response.defer(thinking=True)
        board = await standings.rating_board(self.storage, interaction.guild_id, limit)
        rows = [(_escape(name), rating) for name, rating in board]
        await interaction.followup.send(
            rating_board_text(rows), allowed_mentions=discord.AllowedMentions.none()
        )
