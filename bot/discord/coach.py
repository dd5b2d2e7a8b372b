"""The coach: the learning side of the bot on Discord: `/42 help`'s pages, a finished hand's `Review` and its record
as a JSON file. Every answer is private; every click is checked again against what is stored.

What may be shown (issue 15): only finished hands; only hands of tables in the server the click comes
from; a hand's `Review` from its summary only to those who sat at the table (from `/42 history`, to
anyone in that server, the hand being over).
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any, Protocol, cast

import discord

from bot.learn import standings
from bot.learn.player_record import player_record
from bot.learn.ratings import RatingBook
from bot.pictures.record import render_record
from bot.pictures.review import render_review
from bot.pictures.scenes import SeatInfo
from bot.show import learn_ids as ids
from bot.show import lessons
from bot.show.records import StoredGame, history_text, rating_board_text, reviewable, stats_scene, stats_text
from bot.show.review import hint_text, review_scene, review_text, seat_names
from bot.storage import Storage, TableRow
from bot.storage import learning as kept
from bot.storage.learning import FinishedTable
from bot.tables import Table
from engine import Hand, RecordError, Rules, read_record, view_for
from engine.ai.review import DEFAULT_BUDGET_S, HandReview, ReviewError, advise, decision_key, review_hand

log = logging.getLogger(__name__)
CACHE_SIZE = 256
HISTORY_GAMES = 5
HINT_BUDGET_S = 0.3  # the strong computer's own thinking time
NOT_HERE = "That hand isn't from a table in this server."
NOT_SEATED = "Only the players at that table can review its hands from here; `/42 history` lists this server's finished hands."


class Refused(Exception):
    """A learning request that may not be answered; the message says why, to the asker alone."""


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
        """Hand the click to the bot's coach."""
        await cast(_WithCoach, interaction.client).coach.click(
            interaction, ids.parse(self.item.custom_id or "")
        )


class _WithCoach(Protocol):
    coach: Coach


class TableFinder(Protocol):
    """Where the coach finds a live table (the table service)."""

    async def find(self, table_id: int) -> Table | None:
        """The table with this id, if it is open here."""


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


async def reply(interaction: discord.Interaction, text: str, **extras: Any) -> None:
    """Answer privately, whether or not the interaction was acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **extras)
    else:
        await interaction.response.send_message(text, ephemeral=True, **extras)


class Coach:
    """Help pages, reviews and records for the cog and the buttons; reviews run on their own worker thread
    (the solver and the strong player are CPU work) and are kept once made."""

    def __init__(
        self,
        storage: Storage,
        tables: TableFinder,
        *,
        review_budget: float | None = None,
        hint_budget: float = HINT_BUDGET_S,
    ):
        self.storage = storage
        self.tables = tables
        self.review_budget = review_budget
        self.hint_budget = hint_budget
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")
        self._reviews: OrderedDict[tuple[int, int, int], asyncio.Future[HandReview]] = OrderedDict()

    def close(self) -> None:
        """Let the review worker go (reviews under way finish; none start)."""
        self._worker.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------ clicks

    async def click(self, interaction: discord.Interaction, clicked: ids.LearnId | None) -> None:
        """One click on a learning button."""
        try:
            if clicked is None:
                raise Refused("That button isn't one I know.")
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
                raise Refused("That button isn't one I know.")
        except Refused as refusal:
            await reply(interaction, str(refusal))
        except Exception:
            log.exception("learning click %r failed", clicked)
            await reply(interaction, "Something went wrong on my side; please try again.")

    # ------------------------------------------------------------------ help

    async def help(self, interaction: discord.Interaction, page: int = 0, *, edit: bool = False) -> None:
        """A help page with `Back` and `Next`, privately (a click edits the page in place)."""
        page = lessons.clamp(page)
        picture = await asyncio.to_thread(lessons.page_picture, page)
        file = discord.File(io.BytesIO(picture), filename="help.png")
        last = lessons.page_count() - 1
        view = view_of(
            button(ids.make(ids.HELP, max(0, page - 1)), "Back", disabled=page == 0),
            button(
                ids.make(ids.HELP, min(last, page + 1)),
                "Next",
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
        """On the player's own turn at a table with hints on: the strong player's choice and its estimate."""
        table = await self.tables.find(table_id)
        seat = table.seat_of(interaction.user.id) if table is not None else None
        if table is None or table.status != "playing" or table.hand is None or seat is None:
            raise Refused("You're not playing at that table.")
        if not table.settings.hints:
            raise Refused("This table plays without hints.")
        if table.turn() != seat:
            raise Refused("Hints are for your own turn.")
        hand, hand_no = table.hand, table.hand_no
        # Ephemeral even in a DM, so the turn's controls stay the newest message there.
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = view_for(hand, seat)
        # Not on the review worker: a hint must not wait behind someone's review.
        verdict = await asyncio.to_thread(
            advise, view, seed=hash((table_id, hand_no, len(hand.plays))) & 0xFFFF, budget_s=self.hint_budget
        )
        await kept.note_hint(self.storage, table_id, hand_no, seat, decision_key(hand))
        await interaction.followup.send(
            hint_text(str(hand.phase), verdict.action, verdict.estimate), ephemeral=True
        )

    # ------------------------------------------------------------------ reviews

    async def _finished_hand(
        self, interaction: discord.Interaction, table_id: int, hand_no: int
    ) -> tuple[TableRow, Hand]:
        """The stored table and its hand `hand_no`, if the asker may see it (else Refused)."""
        row = await self.storage.load_table(table_id)
        if row is None or interaction.guild_id is None or row.guild_id != interaction.guild_id:
            raise Refused(NOT_HERE)
        if not 0 <= hand_no < len(row.hands):
            raise Refused("That hand isn't stored.")
        try:
            hand = read_record(row.hands[hand_no])
        except RecordError:
            raise Refused("That hand's record is damaged; it can't be shown.") from None
        if not hand.complete:
            raise Refused("That hand is still being played: it can be reviewed once it is over.")
        return row, hand

    async def review(
        self, interaction: discord.Interaction, table_id: int, hand_no: int, seat: int | None
    ) -> None:
        """A finished hand trick by trick and, for a seat, its decisions judged; privately."""
        row, hand = await self._finished_hand(interaction, table_id, hand_no)
        mine = next((s.seat for s in row.seats.values() if s.user_id == interaction.user.id), None)
        if seat is None:  # from the hand's summary: the asker's own seat, if they sat there
            if mine is None:
                raise Refused(NOT_SEATED)
            seat = mine
        if not 0 <= seat < hand.players:
            raise Refused("That seat isn't at this table.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        rules: Rules = hand.rules
        names = seat_names(
            row.seats, tuple(rules.seat_names), [rules.team_of(s) for s in range(rules.players)]
        )
        analysed: HandReview | None = None
        if hand.bidder is not None:
            try:
                analysed = await self._review_of(table_id, hand_no, seat, row.hands[hand_no])
            except ReviewError as error:
                raise Refused(str(error)) from None
        picture = await asyncio.to_thread(render_review, review_scene(hand, hand_no, names, seat, analysed))
        escaped = tuple(replace(info, name=discord.utils.escape_markdown(info.name)) for info in names)
        text = review_text(hand, hand_no, escaped, seat, analysed)
        view = view_of(button(ids.make(ids.RECORD, table_id, hand_no), "Record (JSON)"))
        await interaction.followup.send(
            text, file=discord.File(io.BytesIO(picture), filename="review.png"), view=view, ephemeral=True
        )

    async def _review_of(self, table_id: int, hand_no: int, seat: int, record: dict[str, Any]) -> HandReview:
        """The review, made once on the review worker and kept (two asking at once share one)."""
        key = (table_id, hand_no, seat)
        future = self._reviews.get(key)
        if future is None or (future.done() and future.exception() is not None):
            budget_s = DEFAULT_BUDGET_S if self.review_budget is None else self.review_budget
            hinted = await kept.hints_shown(self.storage, table_id, hand_no, seat)
            future = asyncio.get_running_loop().run_in_executor(
                self._worker,
                lambda: review_hand(record, seat, budget_s=budget_s, seed=hash(key) & 0xFFFF, hinted=hinted),
            )
            self._reviews[key] = future
            while len(self._reviews) > CACHE_SIZE:
                self._reviews.popitem(last=False)
        self._reviews.move_to_end(key)
        return await asyncio.shield(future)

    async def record_file(self, interaction: discord.Interaction, table_id: int, hand_no: int) -> None:
        """A finished hand's record as a JSON file (HAND-RECORD.md), privately."""
        row, _ = await self._finished_hand(interaction, table_id, hand_no)
        data = json.dumps(row.hands[hand_no], indent=1).encode()
        await reply(
            interaction,
            f"Hand {hand_no + 1} of table {table_id}: replay it with `python -m engine replay`.",
            file=discord.File(io.BytesIO(data), filename=f"hand-{table_id}-{hand_no + 1}.json"),
        )

    # ------------------------------------------------------------------ history, stats, ratings

    async def history(self, interaction: discord.Interaction, player: discord.abc.User | None) -> None:
        """The last finished games of this server (with `player`: theirs), each hand with a `Review`."""
        assert interaction.guild_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        tables = await kept.finished_tables(
            self.storage, interaction.guild_id, user_id=player.id if player else None, limit=HISTORY_GAMES
        )
        games = [_stored(table) for table in tables]
        whose = discord.utils.escape_markdown(player.display_name) if player else None
        buttons = []
        for table_id, hand_no in reviewable(games):
            table = next(t for t in tables if t.table_id == table_id)
            seat = _seat_of(table, interaction.user.id)
            if seat is None and player is not None:
                seat = _seat_of(table, player.id)
            if seat is None:
                seat = _bidder(table.hands[hand_no])
            buttons.append(button(ids.make(ids.REVIEW, table_id, hand_no, seat), f"{table_id}·{hand_no + 1}"))
        extras: dict[str, Any] = {"view": view_of(*buttons)} if buttons else {}
        await interaction.followup.send(
            history_text(games, whose),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
            **extras,
        )

    async def stats(self, interaction: discord.Interaction, who: discord.abc.User) -> None:
        """One player's record: a picture, and the same figures in text."""
        assert interaction.guild_id is not None
        guild = interaction.guild_id
        await interaction.response.defer(thinking=True)
        await standings.rate_finished(self.storage, guild)
        row = await self.storage.player_stats(guild, who.id)
        name = discord.utils.escape_markdown(who.display_name)
        if row is None:
            await interaction.followup.send(
                f"**{name}** hasn't finished a game here yet.",
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        history = await standings.rating_history(self.storage, guild, who.id)
        games = await standings.games_of(self.storage, guild, who.id)
        record = await asyncio.to_thread(player_record, games)
        scene = stats_scene(
            who.display_name,
            row.games_played,
            row.games_won,
            row.marks_won,
            history[-1] if history else None,
            history,
            record,
            row.points_won,
        )
        picture = await asyncio.to_thread(render_record, scene)
        text = stats_text(replace(scene, name=name))
        await interaction.followup.send(
            text,
            file=discord.File(io.BytesIO(picture), filename="stats.png"),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def rating_board(self, interaction: discord.Interaction, limit: int = 15) -> None:
        """This server's players ranked by skill rating, publicly."""
        assert interaction.guild_id is not None
        guild = interaction.guild_id
        await interaction.response.defer(thinking=True)
        await standings.rate_finished(self.storage, guild)
        book = RatingBook(await standings.ratings(self.storage, guild))
        top = book.ranking()[:limit]
        names = await kept.names(self.storage, guild, [user for user, _ in top])
        rows = [(discord.utils.escape_markdown(names.get(user, str(user))), rating) for user, rating in top]
        await interaction.followup.send(
            rating_board_text(rows), allowed_mentions=discord.AllowedMentions.none()
        )


def _seat_of(table: FinishedTable, user_id: int) -> int | None:
    return next((seat for seat, (_, user, _) in table.seats.items() if user == user_id), None)


def _bidder(record: dict[str, Any]) -> int:
    try:
        return read_record(record).bidder or 0
    except RecordError:
        return 0


def _stored(table: FinishedTable) -> StoredGame:
    """A finished table as the history's words read it (names escaped for Discord)."""
    rules = Rules.from_preset(table.variant, table.rules)
    names = tuple(
        SeatInfo(
            discord.utils.escape_markdown(table.seats[seat][0]) if seat in table.seats else label,
            computer=seat in table.seats and table.seats[seat][2] is not None,
            label=label,
            team=rules.team_of(seat),
        )
        for seat, label in enumerate(rules.seat_names)
    )
    return StoredGame(
        table.table_id,
        table.channel_id,
        table.closed_at,
        table.variant,
        table.rules,
        names,
        tuple(table.seats.get(s, ("", None, None))[1] for s in range(rules.players)),
        table.scores,
        table.winner,
        table.hands,
        table.hints,
    )
