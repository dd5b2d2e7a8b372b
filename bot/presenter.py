"""Shows tables on Discord: the table message in the channel, private hands and turn controls in DMs.

The presenter is the `TableListener` of the table service. It edits the table message through the channel
(never through an interaction token, which dies after 15 minutes), DMs each human their hand, sends turn
controls to the player whose turn it is and edits them away once the turn has passed.
"""

from __future__ import annotations

import io
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from engine import view_for

from . import notices, render
from .buttons import controls_view, finished_view, game_view, lobby_view
from .controls import page, turn_controls
from .scenes import game_end_scene, hand_end_scene, hand_scene, table_scene
from .table_settings import describe_duration
from .tables import Table, TableEvent
from .wording import action_phrase, bid_label, contract_title, plural, score_line, tile_label

if TYPE_CHECKING:
    from .client import Texas42Bot

log = logging.getLogger(__name__)
REPLY_EDITABLE_FOR = 14 * 60  # seconds: interaction tokens die after 15 minutes
RETRY_LIMIT = 30  # tries of a refused send (one every few seconds) before giving up on it
NO_MENTIONS = discord.AllowedMentions.none()
_PHASE_VERBS = {
    "auction": "bid",
    "contract": "name the contract",
    "exchange": "deal with the widow",
    "play": "play",
}


@dataclass
class Private:
    """A private message: text, a picture and, on the player's turn, controls."""

    content: str
    picture: bytes | None = None
    view: discord.ui.View | None = None
    filename: str = "hand.png"

    def file(self) -> discord.File | None:
        """The picture as an attachment."""
        return None if self.picture is None else discord.File(io.BytesIO(self.picture), filename=self.filename)


@dataclass
class Post:
    """A line (and perhaps a picture) for a table's channel, kept to send again if Discord refuses it for a
    moment (429, 5xx): hand summaries and notices matter as much as the table message."""

    table_id: int
    channel_id: int
    text: str
    picture: bytes | None = None
    mention: int | None = None
    attempts: int = 0


def transient(error: discord.HTTPException) -> bool:
    """A refusal worth trying again: rate limited, or Discord's own trouble."""
    return error.status == 429 or error.status >= 500


@dataclass
class TablePresenter:
    """Renders tables to Discord messages."""

    bot: Texas42Bot
    turn_messages: dict[tuple[int, int], discord.Message] = field(default_factory=dict)
    # The latest private `My hand` reply carrying a player's controls, editable through its interaction.
    private_replies: dict[tuple[int, int], tuple[discord.Interaction, float]] = field(default_factory=dict)
    # Sends Discord refused for a moment (429, 5xx): the game state is saved; these are tried again.
    stale_tables: dict[int, int] = field(default_factory=dict)  # table id -> attempts so far
    stale_privates: dict[tuple[int, int], int] = field(default_factory=dict)  # (table id, seat) -> attempts
    ended_notes: dict[int, str | None] = field(default_factory=dict)  # the closing line of a stale ended table
    pending_posts: list[Post] = field(default_factory=list)  # channel posts to send again, oldest first

    def remember_private_reply(self, table: Table, seat: int, interaction: discord.Interaction) -> None:
        """Remember a `My hand` reply with controls, to take them away when the turn passes."""
        self.private_replies[(table.id, seat)] = (interaction, time.monotonic())

    # ------------------------------------------------------------------ events

    async def on_table_event(self, table: Table, event: TableEvent) -> None:
        """Show one change at a table (called in order, with the table's lock held)."""
        if event.kind == "lobby":
            await self.update_table_message(table)
        elif event.kind == "dealt":
            await self._deal(table)
        elif event.kind == "acted":
            await self._acted(table, event)
        elif event.kind == "hand_over":
            assert event.hand is not None
            await self._hand_over(table, event)
        elif event.kind in ("game_over", "ended"):
            for seat in list(table.seats):
                await self.close_turn(table, seat, "The game is over." if event.kind == "game_over" else "The table was ended.")
            await self.update_table_message(table, ended_by=event.by)
        elif event.kind == "idle_closed":
            for seat in list(table.seats):
                await self.close_turn(table, seat, "The table was closed: nobody played for a long time.")
            await self.update_table_message(table, closed_note=notices.idle_closed(table))
        elif event.kind in ("reminded", "taken_over", "away", "back", "left"):
            await self._absence(table, event)

    async def _absence(self, table: Table, event: TableEvent) -> None:
        """Reminders, computers stepping in, away and back, a player leaving: said in the channel."""
        seat = event.seat
        assert seat is not None
        if event.kind == "reminded":
            await self.notice(table, notices.reminder(table, seat), mention=table.seats[seat].user_id)
            await self.direct(table, seat, notices.reminder_dm(table))
        elif event.kind == "taken_over":
            await self.notice(table, notices.taken_over(table, seat, event.action or ""))
        elif event.kind == "away":
            await self.notice(table, notices.away(table, seat))
            await self.update_table_message(table)
        elif event.kind == "back":
            await self.notice(table, notices.back(table, seat))
            if table.turn() == seat:
                await self.send_private(table, seat)
            await self.update_table_message(table)
        elif event.kind == "left":
            await self.close_turn(table, seat, "You left the game.")
            await self.notice(table, notices.left(table, seat, event.by))
            await self.update_table_message(table)

    async def notice(self, table: Table, text: str, *, mention: int | None = None) -> None:
        """Post one line in the table's channel (mentioning only `mention`, if given)."""
        await self.post(Post(table.id, table.channel_id, text, mention=mention))

    async def post(self, post: Post) -> None:
        """Send a channel post; one Discord refuses for a moment is queued for `retry_failed`."""
        allowed = discord.AllowedMentions(users=[discord.Object(post.mention)]) if post.mention else NO_MENTIONS
        files = [] if post.picture is None else [discord.File(io.BytesIO(post.picture), filename="hand.png")]
        try:
            await self.bot.get_partial_messageable(post.channel_id).send(
                post.text, files=files, allowed_mentions=allowed
            )
        except discord.HTTPException as error:
            if transient(error) and post.attempts < RETRY_LIMIT:
                post.attempts += 1
                self.pending_posts.append(post)
                log.warning("table %s: could not post in its channel (%s); will try again", post.table_id,
                            error.status)
            else:
                log.warning("table %s: could not post in its channel (%s)", post.table_id, error.status)

    async def direct(self, table: Table, seat: int, text: str) -> None:
        """DM one line to a seat's player, if their DMs are open."""
        row = table.seats.get(seat)
        if row is None or row.user_id is None or row.dm_closed:
            return
        try:
            user = self.bot.get_user(row.user_id) or await self.bot.fetch_user(row.user_id)
            await user.send(text)
        except discord.HTTPException:
            log.info("table %s: could not DM seat %s", table.id, seat)

    async def _deal(self, table: Table) -> None:
        for row in table.humans():
            await self.send_private(table, row.seat, fresh_deal=True)
        await self.update_table_message(table)

    async def _acted(self, table: Table, event: TableEvent) -> None:
        assert event.seat is not None and event.action is not None
        row = table.seats[event.seat]
        if not row.is_computer:
            did = action_phrase(event.action)
            note = f"Time ran out: a computer {did} for you." if event.by == "computer" else f"You {did}."
            await self.close_turn(table, event.seat, note)
        if event.hand is not None and event.hand.complete:
            return  # the hand summary and the next deal follow
        turn = table.human_turn()
        if turn is not None:
            await self.send_private(table, turn)
        out = table.view_for(event.seat)["out"] if event.action.startswith("nello") else None
        if out is not None and not table.seats[out].is_computer:
            await self.send_private(table, out)  # tell the partner they sit this one out
        await self.update_table_message(table)

    async def _hand_over(self, table: Table, event: TableEvent) -> None:
        assert event.hand is not None
        text = hand_summary_text(table, event.hand)
        picture = await render.draw("render_hand_end", hand_end_scene(table, event.hand))
        await self.post(Post(table.id, table.channel_id, text, picture))

    # ------------------------------------------------------------------ table message

    async def table_payload(
        self, table: Table, *, ended_by: str | None = None, closed_note: str | None = None
    ) -> tuple[str, bytes | None, discord.ui.View | None]:
        """The table message's text, picture and buttons for the table's current state."""
        if table.status == "lobby":
            return lobby_text(table), None, lobby_view(table)
        if table.status == "ended":
            who = f" by {ended_by}" if ended_by else ""
            note = closed_note or f"This table was ended{who}. Nothing was tallied."
            return f"**{title(table)}** · table {table.id}\n{note}", None, None
        if table.status == "finished":
            picture = await render.draw("render_game_end", game_end_scene(table))
            if table.rematch_id is not None:
                text = game_over_text(table).rsplit("\n", 1)[0] + f"\nRematch: table {table.rematch_id}, below."
                return text, picture, None
            return game_over_text(table), picture, finished_view(table)
        status = turn_line(table, mention=False)
        picture = await render.draw("render_table", table_scene(table, status))
        return playing_text(table), picture, game_view(table)

    async def update_table_message(
        self, table: Table, *, ended_by: str | None = None, closed_note: str | None = None, strict: bool = False
    ) -> None:
        """Edit the table message in place (re-posting it if it was deleted). If Discord refuses, the
        message is tried again by `retry_failed` (or, with `strict`, the error is raised to the caller)."""
        try:
            await self._update_table_message(table, ended_by=ended_by, closed_note=closed_note)
        except discord.HTTPException as error:
            if strict:
                raise
            log.warning("table %s: could not update the table message (%s); will try again", table.id, error.status)
            self.stale_tables[table.id] = self.stale_tables.get(table.id, 0) + 1
            if table.status == "ended":
                who = f" by {ended_by}" if ended_by else ""
                self.ended_notes[table.id] = closed_note or f"This table was ended{who}. Nothing was tallied."
        else:
            self.stale_tables.pop(table.id, None)

    async def retry_failed(self) -> None:
        """Send again what Discord refused earlier: channel posts, table messages, then turn controls."""
        posts, self.pending_posts = self.pending_posts, []
        for post in posts:
            await self.post(post)
        for table_id, attempts in list(self.stale_tables.items()):
            table = self.bot.service.table(table_id)
            if table is None or attempts > RETRY_LIMIT:
                self.stale_tables.pop(table_id, None)
                continue
            async with table.lock:
                await self.update_table_message(table, closed_note=self.ended_notes.get(table_id))
        for (table_id, seat), attempts in list(self.stale_privates.items()):
            self.stale_privates.pop((table_id, seat), None)
            table = self.bot.service.table(table_id)
            if table is None or attempts > RETRY_LIMIT:
                continue
            async with table.lock:
                if table.human_turn() == seat:
                    await self.send_private(table, seat, attempt=attempts + 1)

    async def _update_table_message(
        self, table: Table, *, ended_by: str | None = None, closed_note: str | None = None
    ) -> None:
        content, picture, view = await self.table_payload(table, ended_by=ended_by, closed_note=closed_note)
        channel = self.bot.get_partial_messageable(table.channel_id)
        if table.message_id is not None:
            message = channel.get_partial_message(table.message_id)
            try:
                await self._with_picture_or_without(
                    picture, lambda files: message.edit(content=content, attachments=files, view=view,
                                                        allowed_mentions=NO_MENTIONS)
                )
                return
            except discord.NotFound:
                log.info("table %s: its message is gone; posting a new one", table.id)
        extras = message_extras(view=view)
        sent = await self._with_picture_or_without(
            picture, lambda files: channel.send(content, files=files, allowed_mentions=NO_MENTIONS, **extras)
        )
        await self.bot.service.set_message(table, sent.id)

    @staticmethod
    async def _with_picture_or_without(picture: bytes | None, send: Callable[[list[discord.File]], Awaitable[Any]]) -> Any:
        """Send with the picture; if Discord refuses it (no Attach Files permission), send the text alone."""
        if picture is None:
            return await send([])
        try:
            return await send([discord.File(io.BytesIO(picture), filename="table.png")])
        except discord.Forbidden:
            log.warning("not allowed to attach pictures here; sending text only")
            return await send([])

    # ------------------------------------------------------------------ private messages

    async def private(self, table: Table, seat: int) -> Private:
        """A player's hand picture with, on their turn, their controls."""
        assert table.hand is not None
        view = table.view_for(seat)
        picture = await render.draw("render_hand", hand_scene(table, seat))
        lines = [private_header(table, seat)]
        controls = None
        if view["legal"]:
            lines.append(f"**Your turn to {_PHASE_VERBS.get(view['phase'], 'act')}.** {turn_hint(table, view)}".strip())
            controls = controls_view(table, page(turn_controls(view["phase"], view["legal"], view["hand"])))
        elif view["out"] == seat:
            lines.append("You sit out this hand: your partner plays Nello alone.")
        elif (turn := table.turn()) is not None:
            lines.append(f"Waiting for {seat_label(table, turn)}.")
        return Private("\n".join(line for line in lines if line), picture, controls)

    async def send_private(self, table: Table, seat: int, *, fresh_deal: bool = False, attempt: int = 0) -> None:
        """DM a player their hand (and controls on their turn); note closed DMs on the table. A DM Discord
        refuses for a moment (429, 5xx) is tried again by `retry_failed` if it carried controls."""
        row = table.seats[seat]
        if row.user_id is None:
            return
        if row.dm_closed and not fresh_deal:
            return
        message = await self.private(table, seat)
        await self.close_turn(table, seat, None)
        try:
            user = self.bot.get_user(row.user_id) or await self.bot.fetch_user(row.user_id)
            sent = await user.send(message.content, **message_extras(message.file(), message.view))
        except (discord.Forbidden, discord.NotFound):
            if not row.dm_closed:
                row.dm_closed = True
                await self.bot.service.storage.set_dm_closed(table.id, seat, True)
            return
        except discord.HTTPException as error:
            log.warning("table %s: could not DM seat %s (%s); will try again", table.id, seat, error.status)
            if message.view is not None:
                self.stale_privates[(table.id, seat)] = attempt
            return
        if row.dm_closed:
            row.dm_closed = False
            await self.bot.service.storage.set_dm_closed(table.id, seat, False)
        if message.view is not None:
            self.turn_messages[(table.id, seat)] = sent
            row.turn_channel_id, row.turn_message_id = sent.channel.id, sent.id
            await self.bot.service.storage.set_turn_message(table.id, seat, sent.channel.id, sent.id)

    async def close_turn(self, table: Table, seat: int, note: str | None) -> None:
        """Take the controls off a player's last turn DM and `My hand` reply (they no longer apply)."""
        reply = self.private_replies.pop((table.id, seat), None)
        if reply is not None and time.monotonic() - reply[1] < REPLY_EDITABLE_FOR:
            try:
                await reply[0].edit_original_response(view=None)
            except discord.HTTPException:
                log.info("table %s: could not tidy seat %s's My hand reply", table.id, seat)
        sent = self.turn_messages.pop((table.id, seat), None)
        row = table.seats.get(seat)
        stored = row is not None and row.turn_message_id is not None
        if sent is None and not stored:
            return
        try:
            if sent is not None:
                header = sent.content.split("\n")[0]
                content = sent.content if note is None else f"{header}\n{note}"
                await sent.edit(content=content, view=None)
            else:  # sent before a restart: only its id survived
                assert row is not None and row.turn_channel_id is not None and row.turn_message_id is not None
                partial = self.bot.get_partial_messageable(row.turn_channel_id).get_partial_message(row.turn_message_id)
                await partial.edit(view=None)
        except discord.HTTPException:
            log.info("table %s: could not tidy seat %s's controls", table.id, seat)
        if stored and row is not None:
            row.turn_channel_id = row.turn_message_id = None
            await self.bot.service.storage.set_turn_message(table.id, seat, None, None)


# ---------------------------------------------------------------------- words


def message_extras(file: discord.File | None = None, view: discord.ui.View | None = None) -> dict[str, Any]:
    """Keyword arguments for a send: the picture and the buttons, leaving out whichever is absent."""
    extras: dict[str, Any] = {}
    if file is not None:
        extras["file"] = file
    if view is not None:
        extras["view"] = view
    return extras



def title(table: Table) -> str:
    """The game's name, e.g. "Standard 42"."""
    return table.rules.title


def seat_label(table: Table, seat: int, *, mention: bool = True) -> str:
    """`<@id> (North)` for a human, `Computer East` for a computer."""
    row = table.seats.get(seat)
    compass = table.seat_names[seat]
    if row is None:
        return compass
    if row.is_computer:
        return row.name
    return f"<@{row.user_id}> ({compass})" if mention else f"{row.name} ({compass})"


def lobby_text(table: Table) -> str:
    """The lobby: who sits where and the table's rules in plain words."""
    lines = [f"**{title(table)}** · table {table.id} · host <@{table.host_id}>", ""]
    for seat, compass in enumerate(table.seat_names):
        row = table.seats.get(seat)
        who = "*empty*" if row is None else (row.name if row.is_computer else f"<@{row.user_id}>")
        lines.append(f"**{compass}**: {who}")
    lines.append("")
    lines.append("**Rules**")
    lines.extend(f"• {line}" for line in table.rules.describe())
    lines.append(f"• Computer players: {table.computer_level}.")
    lines.append(
        f"• Turn timer: {describe_duration(table.settings.turn_seconds)}; a table nobody plays at closes after "
        f"{describe_duration(table.settings.idle_seconds)}."
    )
    lines.append("")
    if table.full:
        lines.append("Every seat is taken: the host can press **Start**.")
    else:
        lines.append("Take a seat, or fill one with **Add computer**. The host starts when every seat is taken.")
    return "\n".join(lines)


def turn_line(table: Table, *, mention: bool = True) -> str:
    """`Turn: <@id> (South) to play`."""
    seat = table.turn()
    if seat is None or table.hand is None:
        return ""
    verb = _PHASE_VERBS.get(table.hand.phase, "act")
    return f"Turn: {seat_label(table, seat, mention=mention)} to {verb}"


def playing_text(table: Table) -> str:
    """The table message during a game, in text for screen readers and picture-less clients."""
    assert table.hand is not None and table.game is not None
    rules = table.rules
    view = view_for(table.hand, 0, table.scores)
    lines = [
        f"**{title(table)}** · table {table.id} · hand {table.hand_no + 1}",
        "Players: " + " · ".join(
            f"{compass} {row.name if row and not row.is_computer else 'computer'}"
            for compass, row in ((c, table.seats.get(s)) for s, c in enumerate(table.seat_names))
        ),
        score_line(rules.scoring, rules.team_names, table.scores, rules.target),
    ]
    facts = [f"Dealer: {seat_label(table, view['dealer'], mention=False)}"]
    if view["bid"] is not None and view["bidder"] is not None:
        facts.append(f"Bid: {bid_label(view['bid'])} by {seat_label(table, view['bidder'], mention=False)}")
    if view["contract"]:
        facts.append(f"Contract: {contract_title(view['contract'])}")
    lines.append(" · ".join(facts))
    calls = calls_line(table, view)
    if calls:
        lines.append(calls)
    if view["trick"]:
        lines.append("Trick: " + " · ".join(
            f"{seat_label(table, e['seat'], mention=False)} {tile_label(e['tile'])}" for e in view["trick"]
        ))
    if view["tricks"]:
        done = view["tricks"][-1]
        tiles = " ".join(tile_label(t) for t in done["tiles"])
        lines.append(
            f"Last trick: {tiles}, won by {seat_label(table, done['winner'], mention=False)} "
            f"({plural(done['points'], 'point')})"
        )
    if table.last_hand is not None:
        lines.append("Last hand: " + hand_result_sentence(table, table.last_hand))
    turn = turn_line(table)
    if turn:
        lines.append(turn)
    for row in table.humans():
        if row.dm_closed:
            lines.append(f"⚠ I can't DM <@{row.user_id}>: use **My hand** to see your tiles and play.")
    return "\n".join(lines)


def hand_result_sentence(table: Table, hand: object) -> str:
    """`North (Alice) bid 31 in Fives and made it: N–S +1 mark.`"""
    summary = hand.summary()  # type: ignore[attr-defined]
    rules = table.rules
    if summary.get("bidder") is None:
        return "Everyone passed; the hand was thrown in."
    who = seat_label(table, summary["bidder"], mention=False)
    contract = contract_title(summary.get("contract"))
    result = "made it" if summary.get("made") else "was set"
    award = summary.get("award") or {}
    gains = []
    for team, amount in enumerate(next(iter(award.values()), [])):
        if amount:
            gains.append(f"{rules.team_names[team]} +{plural(amount, rules.scoring.rstrip('s'))}")
    text = f"{who} bid {bid_label(summary['bid'])}" + (f" in {contract}" if contract else "") + f" and {result}"
    return text + (f": {', '.join(gains)}." if gains else ".")


def hand_summary_text(table: Table, hand: object) -> str:
    """The hand summary posted in the channel."""
    summary = hand.summary()  # type: ignore[attr-defined]
    rules = table.rules
    number = len(table.game.records) if table.game is not None else 0
    lines = [f"**Hand {number}** · {title(table)} · table {table.id}", hand_result_sentence(table, hand)]
    if summary.get("bidder") is not None:
        points = " · ".join(f"{name} {p}" for name, p in zip(rules.team_names, summary["points"], strict=False))
        lines.append(f"Points this hand: {points}")
    lines.append(score_line(rules.scoring, rules.team_names, table.scores, rules.target))
    return "\n".join(lines)


def game_over_text(table: Table) -> str:
    """Winners, final score and how to play again."""
    assert table.game is not None and table.game.winner is not None
    rules = table.rules
    winner = table.game.winner
    players = [seat_label(table, s) for s in range(rules.players) if rules.team_of(s) == winner]
    return "\n".join(
        [
            f"**{title(table)}** · table {table.id} · game over after {plural(len(table.game.records), 'hand')}",
            f"🏆 **{rules.team_names[winner]} win**: {', '.join(players)}",
            "Final " + score_line(rules.scoring, rules.team_names, table.scores, rules.target),
            "Press **Rematch** to play again with the same seats.",
        ]
    )


def calls_line(table: Table, view: dict) -> str:
    """`Calls: East pass · South 30 · West 31` while the auction is open (one round, from the dealer's left)."""
    if view["phase"] != "auction" or not view["calls"] or table.rules.preset == "big-game":
        return ""  # the Big Game's open auction skips players who passed: its calls are not one per seat
    players = table.rules.players
    said = [
        f"{table.seat_names[(view['dealer'] + 1 + i) % players]} {bid_label(call).lower() if call == 'pass' else bid_label(call)}"
        for i, call in enumerate(view["calls"])
    ]
    return "Calls: " + " · ".join(said)


def private_header(table: Table, seat: int) -> str:
    """`Table 3 in #general · hand 2 · you are North · Contract: Fives`."""
    assert table.hand is not None
    parts = [f"**{title(table)}** · table {table.id} in <#{table.channel_id}>", f"hand {table.hand_no + 1}",
             f"you are {table.seat_names[seat]}"]
    view = view_for(table.hand, seat, table.scores)
    if view["contract"]:
        parts.append(f"Contract: {contract_title(view['contract'])}")
    return " · ".join(parts)


def turn_hint(table: Table, view: dict) -> str:
    """One line of context for a decision: the high bid, or the trick so far."""
    if view["phase"] == "auction":
        if view["bid"] is None:
            return "No bids yet."
        return f"High bid: {bid_label(view['bid'])} by {seat_label(table, view['bidder'], mention=False)}."
    if view["phase"] == "play":
        if not view["trick"]:
            return "You lead."
        return "Trick: " + " · ".join(
            f"{seat_label(table, e['seat'], mention=False)} {tile_label(e['tile'])}" for e in view["trick"]
        )
    return ""
