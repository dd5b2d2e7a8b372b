"""Players' private panels: one message per player and table, in their DMs, with their hand and the game
as they may see it, following the game live.

- A click on a panel shows its move at once on that panel, through the click's own interaction: the tile
  leaves the hand and lies in the trick (`clicked`).
- Every move by anyone is shown on every seated player's panel, picture and text, by an edit: through the
  player's last click on it, or the interaction it was sent through, while their tokens live (outside the
  global limit; no more often than the panel gap), else through the DM channel, paced like the table
  message (`sync`, `delay`).
- On their turn the panel comes anew (a notification) with their controls: as a follow-up of their last
  click in their DMs while its token lives, else as a DM; the panel before it is deleted, and refusals
  answered in their DMs since are folded away.
- After a start, each player's DM is looked through once for panels of the table other than the one kept
  (a panel sent just before a `kill -9` and never stored, or one whose deletion never came): they go.
  (What goes, and how, is `tidy.Tidy`'s.)

DM channels are opened once and stored; a player whose DMs are closed is noted on the table (the table
message tells the channel to use `My hand`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from functools import partial
from typing import Any

import discord

from bot.show import presenter, render
from bot.show.messages import new_hand_note
from bot.show.plan import move_note
from bot.show.screens import Screen, SyncPanel
from bot.storage.rows import Panel
from bot.tables.model import Table

from ..buttons import Drawn, draw
from .sender import Limits, Sender, transient
from .shown import Shown
from .source import PanelStore, TableSource
from .tidy import Tidy
from .tokens import Click, Tokens

log = logging.getLogger(__name__)
Key = tuple[int, int]  # (table, user)
BACKLOG_PAUSE = 0.25  # seconds an edit nobody clicked waits while the pictures are behind or busy


class Panels:
    """Every player's panel at every table this process shows. `stamps(table_id)`: how many events the
    table has published so far (what a panel shows is known by it)."""

    def __init__(
        self,
        sender: Sender,
        tokens: Tokens,
        tables: TableSource,
        storage: PanelStore,
        stamps: Callable[[int], int],
        limits: Limits,
    ):
        self.sender = sender
        self.tokens = tokens
        self.tables = tables
        self.storage = storage
        self.stamps = stamps
        self.limits = limits
        self.panels: dict[Key, Panel] = {}  # (table, user) -> their private panel there
        self.dm_channels: dict[int, int] = {}  # user -> DM channel id (also stored)
        self.shown = Shown()  # the stamp each panel shows
        self.pictured: dict[Key, float] = {}  # when each panel last got a picture (time.monotonic)
        self.notes: dict[Key, tuple[int, str]] = {}  # what just happened to the player, and in which hand
        self.hands: dict[Key, int] = {}  # the hand each panel shows (once it went out)
        self.drawing: dict[Key, asyncio.Future[Drawn]] = {}  # an edit's picture waiting to be drawn
        self.untidy: set[int] = set()  # tables taken up from storage whose players' DMs are not looked over
        self.tidied: set[Key] = set()
        self.tidy = Tidy(sender, tokens)
        self._following, self._counted_at = 0, -1.0

    async def load(self, table_ids: set[int] | None) -> None:
        """Take up the stored panels (after a start, or at tables just adopted from another process); each
        player's DM at those tables is looked over once, at their panel's next change."""
        self.panels.update({(p.table_id, p.user_id): p for p in await self.storage.panels(table_ids)})
        self.untidy |= set(self.tables.tables) if table_ids is None else table_ids

    # ------------------------------------------------------------------ a click on a panel

    @asynccontextmanager
    async def clicked(
        self, table: Table, interaction: discord.Interaction, action: str
    ) -> AsyncIterator[None]:
        """A move clicked on a panel, acknowledged: hold the panel while the move is made (the body), then
        show the game as it stands on the message clicked, through the click's own interaction, saying what
        the player did. A move refused (the body raises) shows nothing. The message clicked is the
        player's panel from then on."""
        user = interaction.user.id
        key = (table.id, user)
        if interaction.channel_id is not None:
            self.dm_channels[user] = interaction.channel_id
        self.supersede(table.id, user)  # the click shows the game; an edit still drawing need not
        after: tuple[Panel, Panel | None, bool] | None = None  # the panel now, one it replaces, to store?
        async with self.shown.lock(key):
            hand_no = table.hand_no
            yield
            made = time.monotonic()
            message = interaction.message
            seat = table.seat_of(user)
            if message is None or seat is None or interaction.channel_id is None:
                return
            # a move that ended the hand shows the next one: its panel tells only the last hand's result
            note = None
            if table.status == "playing" and table.hand_no == hand_no:
                note = move_note(table, seat, action)
                self.notes[key] = (hand_no, note)  # it stays on the panel's next edits in this hand
            elif table.status == "playing":
                note = new_hand_note(table)
            stamp, shows, screen = self.stamps(table.id), table.hand_no, self._screen(table, seat, note)
            drawn = await draw(screen, clicked=True)  # the player waits for it
            try:
                await self.sender.edit_original(
                    table.id, interaction, content=drawn.content, attachments=drawn.files(), view=drawn.view
                )
            except discord.HTTPException as error:
                log.info(
                    "table %s: could not show %s's move on their panel (%s)", table.id, user, error.status
                )
                return
            self.shown.mark(key, stamp)
            self.hands[key] = shows
            self.pictured[key] = time.monotonic()
            self.sender.panel_followed(time.monotonic() - made)
            before = self.panels.get(key)
            live = table.token if drawn.view is not None else None
            if before is not None and before.message_id == message.id:
                kept, replaced = replace(before, live_token=live), None
            else:  # a panel not kept (one sent just before a restart): it is the panel now, the other goes
                kept, replaced = Panel(table.id, user, interaction.channel_id, message.id, live), before
            after = (kept, replaced, self._hold(key, kept))
        # stored, and the old one deleted, after the lock: a player who answers at once (their lead after
        # taking the trick) need not wait for the database
        if after is not None:
            kept, replaced, changed = after
            if changed:
                await self.storage.save_panel(key[0], key[1], kept)
            if replaced is not None:
                await self._remove(table, replaced)

    # ------------------------------------------------------------------ the edits nobody clicked

    def urgent(self, table: Table, work: SyncPanel) -> bool:
        """Whether `work` brings the player a new panel: their turn's (controls not on their panel yet), a
        reminder's, or a first one. It never waits, and an edit of their panel still drawing gives way."""
        key = (table.id, work.user_id)
        panel = self.panels.get(key)
        seat = table.seat_of(work.user_id)
        if panel is None or work.renotify:
            return True
        return seat is not None and table.human_turn() == seat and panel.live_token != table.token

    def supersede(self, table_id: int, user_id: int) -> None:
        """Newer work for the player's panel came (their turn, their own click): an edit of it whose
        picture is still waiting to be drawn gives way (the picture is not drawn; the newer work shows
        the game as it stands)."""
        drawing = self.drawing.pop((table_id, user_id), None)
        if drawing is not None:
            drawing.cancel()

    def delay(self, table: Table, work: SyncPanel, stamp: int) -> float:
        """Seconds to wait before carrying out `work` asked at `stamp` (0: now): a panel edit nobody clicked
        waits for the panel gap (through a token) or the table message's edit gap (through the channel);
        a turn's new panel, a first panel and a closed one never wait, nor work already shown."""
        key = (table.id, work.user_id)
        panel = self.panels.get(key)
        if panel is None or table.seat_of(work.user_id) is None or table.status != "playing":
            return 0.0
        if self.urgent(table, work) or self.shown.shows(key, stamp):
            return 0.0
        if self._token_to(key, panel) is not None:
            gap = self.limits.panel_gap(self._followed())
        else:
            gap = self.limits.edit_gap(sum(1 for t in self.tables.tables.values() if t.status == "playing"))
        wait = self.pictured.get(key, -gap) + gap - time.monotonic()
        if wait <= 0 and (
            render.backlog() >= self.limits.panel_backlog or render.busy() >= self.limits.panel_busy
        ):
            return BACKLOG_PAUSE  # the pictures are behind, or take the CPU: turns and clicks first
        return wait

    def _followed(self) -> int:
        """How many panels follow games now (the players seated at tables playing), counted at most once a
        second (every edit asks)."""
        now = time.monotonic()
        if now - self._counted_at >= 1.0:
            tables = self.tables.tables.values()
            self._following = sum(len(t.humans()) for t in tables if t.status == "playing")
            self._counted_at = now
        return self._following

    async def sync(self, table: Table, work: SyncPanel, asked: Sequence[float] = (), stamp: int = 0) -> None:
        """Bring a player's panel at the table up to date (see `bot.show.screens.SyncPanel`), unless it
        shows the state of `stamp` or later already. `asked`: when the work was asked for, each piece
        merged into it (the moves it shows, oldest first), from which the panel's time to follow each move
        is counted, and a turn's from the last."""
        key = (table.id, work.user_id)
        hand_no = table.hand_no
        if work.note and not work.fresh:  # a move's note stays on the panel's next edits in this hand
            self.notes[key] = (hand_no, work.note)
        await self.shown.settled(key)  # a click being shown on the panel shows this too
        seat = table.seat_of(work.user_id)
        row = table.seats.get(seat) if seat is not None else None
        playing = table.status == "playing" and row is not None and table.hand is not None
        live = playing and table.human_turn() == seat
        await self.tidy.private_reply(table.id, work.user_id, table.token if live else None)
        if row is not None and row.dm_closed:
            return
        if table.id in self.untidy and key not in self.tidied:
            await self._tidy_dm(table, key)
        panel = self.panels.get(key)
        if live and (panel is None or panel.live_token != table.token or work.renotify):
            assert seat is not None
            # a turn's panel says only what its own move says: an earlier move of theirs is a trick old
            own = replace(work, note=None) if work.carried else work
            screen = presenter.private_screen(table, seat, self._note(table, key, own, hand_no, kept=False))
            await self._new(table, key, screen, table.token, panel, asked=asked, turn=True)
            self.notes.pop(key, None)  # said; the next panels start from the turn's move
            return
        if panel is None:
            if playing:  # a panel to follow the game from (the first hand's, or one never stored)
                assert seat is not None
                screen = self._screen(table, seat, self._note(table, key, work, hand_no))
                await self._new(table, key, screen, None, None, asked=asked)
            return
        if self.shown.shows(key, stamp):
            return  # shown already (by the click that made the move, or a later edit)
        if seat is None:  # they left the game
            screen = presenter.closed_private_screen(table, work.note)
        else:
            screen = self._screen(table, seat, self._note(table, key, work, hand_no))
        await self._edit(table, key, panel, screen, asked)

    def _note(self, table: Table, key: Key, work: SyncPanel, hand_no: int, kept: bool = True) -> str | None:
        """What the panel says just happened to the player: the work's note (asked in hand `hand_no`)
        while that hand is played, else (with `kept`) what they last did in this hand; never their moves
        of the hand before. A new hand's panels tell the last hand's result until its first call, and the
        first panel the player gets of the hand tells it whenever it comes in the auction (the computers may
        have called already: the player has not read it yet)."""
        hand = table.hand
        if hand is None or table.status != "playing":
            return work.note
        first = self.hands.get(key) != table.hand_no and hand.phase == "auction"
        calls = hand.phase != "auction" or bool(hand.calls)
        note = work.note if hand_no == table.hand_no and not (work.fresh and calls and not first) else None
        last = self.notes.get(key) if kept else None
        if note is None and last is not None and last[0] == table.hand_no:
            note = last[1]
        if note is None and (first or not calls):
            note = new_hand_note(table)
        return note

    def _screen(self, table: Table, seat: int, note: str | None) -> Screen:
        """A seated player's panel as the game stands, with what just happened to them in this hand (once
        the game is over, the closed panel)."""
        if table.status != "playing" or table.hand is None:
            return presenter.closed_private_screen(table, note)
        return presenter.private_screen(table, seat, note)

    def _token_to(self, key: Key, panel: Panel) -> Click | str | None:
        """What edits the panel outside the global limit: the player's last click on it, or the token of
        the interaction it was sent through while it lives; None if neither."""
        click = self.tokens.on_panel(key[1], panel.message_id)
        if click is not None:
            return click
        if panel.via_token is not None and self.tokens.alive(panel.via_at):
            return panel.via_token
        return None

    # ------------------------------------------------------------------ the requests

    async def _dm_channel(self, table: Table, user_id: int) -> int:
        """The DM channel with a user: stored the first time it is opened, so later DMs cost one request."""
        channel_id = self.dm_channels.get(user_id)
        if channel_id is None:
            channel_id = await self.storage.dm_channel(user_id)
        if channel_id is None:
            channel_id = await self.sender.open_dm(table.id, user_id)
            await self.storage.set_dm_channel(user_id, channel_id)
        self.dm_channels[user_id] = channel_id
        return channel_id

    async def _new(
        self,
        table: Table,
        key: Key,
        screen: Screen,
        live_token: str | None,
        replacing: Panel | None,
        *,
        asked: Sequence[float] = (),
        turn: bool = False,
    ) -> None:
        """Send a panel as a new message (a notification): a follow-up of the player's last click in their
        DMs while its token lives, else a DM; then delete the panel it replaces and fold away the refusals
        answered in their DMs. `asked`: when the moves it shows were made; `turn`: it brings their turn
        (the last of those moves made it theirs)."""
        user = key[1]
        stamp, shows = self.stamps(table.id), table.hand_no  # what the screen shows, built just now
        drawn = await draw(screen, urgent=live_token is not None)  # a turn's controls: the player waits
        click = self.tokens.in_dms(user)
        sent: discord.Message | None = None
        via_token, via_at = None, None
        if click is not None:
            try:
                sent = await self.sender.follow_up_message(
                    table.id, click.interaction, drawn.content, **drawn.extras()
                )
                via_token, via_at = click.interaction.token, click.at
            except discord.HTTPException as error:
                log.info("table %s: no follow-up for %s (%s); sending a DM", table.id, user, error.status)
        if sent is None:
            channel_id = await self._dm_channel(table, user)
            try:
                sent = await self.sender.send(table.id, channel_id, drawn.content, **drawn.extras())
            except (discord.Forbidden, discord.NotFound):
                seat = table.seat_of(user)
                if seat is not None:
                    await self.tables.note_dm(table, seat, True)
                return
        self.shown.mark(key, stamp)
        self.hands[key] = shows
        self.pictured[key] = time.monotonic()
        # the player sees it now; keeping it and deleting the one before come after
        if turn and asked:
            self.sender.turn_panel_out(time.monotonic() - asked[-1])
        self._followed_moves(asked)
        panel = Panel(
            table.id,
            user,
            sent.channel.id,
            sent.id,
            live_token if drawn.view is not None else None,
            via_token,
            via_at,
        )
        await self._keep(key, panel)
        if replacing is not None:
            await self._remove(table, replacing)
        await self.tidy.fold_notices(table, user)

    async def _edit(
        self, table: Table, key: Key, panel: Panel, screen: Screen, asked: Sequence[float]
    ) -> None:
        """Edit a panel in place (no notification): through the player's last click on it, or the
        interaction it was sent through, while their tokens live; else through the DM channel. A panel
        Discord will not edit any more is sent anew."""
        stamp, shows = self.stamps(table.id), table.hand_no  # what the screen shows, built just now
        drawing = self.drawing[key] = asyncio.ensure_future(draw(screen))
        try:
            drawn = await drawing
        except asyncio.CancelledError:
            if drawing.cancelled() and not _cancelling():
                return  # superseded (`supersede`): newer work shows the game
            raise
        finally:
            if self.drawing.get(key) is drawing:
                del self.drawing[key]
        fields: dict[str, Any] = {"content": drawn.content, "attachments": drawn.files(), "view": drawn.view}
        gate = partial(self.shown.gate, key, stamp)
        token = self._token_to(key, panel)
        try:
            if token is None:
                sent = await self.sender.edit(
                    table.id, panel.channel_id, panel.message_id, gate=gate, **fields
                )
            else:
                async with gate() as sent:
                    if sent and isinstance(token, Click):
                        await self.sender.edit_original(table.id, token.interaction, **fields)
                    elif sent and isinstance(token, str):
                        await self.sender.edit_by_token(table.id, token, panel.message_id, **fields)
        except discord.HTTPException as error:
            if transient(error):
                raise
            log.info(
                "table %s: could not edit %s's panel (%s); sending it anew", table.id, key[1], error.status
            )
            await self._new(table, key, screen, table.token if drawn.view else None, panel, asked=asked)
            return
        if not sent:
            return  # a newer state went out meanwhile
        self.hands[key] = shows
        self.pictured[key] = time.monotonic()
        self._followed_moves(asked)
        await self._keep(key, replace(panel, live_token=table.token if drawn.view is not None else None))

    def _followed_moves(self, asked: Sequence[float]) -> None:
        """The panel shows these moves now (asked at these times): each one's time to follow is counted."""
        now = time.monotonic()
        for moved in asked:
            self.sender.panel_followed(now - moved)

    async def _remove(self, table: Table, panel: Panel) -> None:
        await self.tidy.remove(table, panel, self._token_to((table.id, panel.user_id), panel))

    async def _tidy_dm(self, table: Table, key: Key) -> None:
        """Once after a start: the player's DM is looked over for panels of this table left behind."""
        self.tidied.add(key)
        panel = self.panels.get(key)
        channel_id = panel.channel_id if panel is not None else None
        if channel_id is None:
            channel_id = self.dm_channels.get(key[1]) or await self.storage.dm_channel(key[1])
        if channel_id is not None:
            await self.tidy.look_over(table, key[1], channel_id, panel)

    async def forget(self, table_id: int) -> None:
        """The table is over and shown: its panels are let go of, here and in storage (the messages stay
        in the players' DMs as the game's last word)."""
        for key in [key for key in self.panels if key[0] == table_id]:
            await self._keep(key, None)

    async def _keep(self, key: Key, panel: Panel | None) -> None:
        """Keep the player's panel (here and in storage)."""
        if self._hold(key, panel):
            await self.storage.save_panel(key[0], key[1], panel)

    def _hold(self, key: Key, panel: Panel | None) -> bool:
        """Keep the player's panel here; whether storage must too (most edits change nothing stored, and a
        write per edit of every panel would queue the computers' moves behind it)."""
        if panel is not None and self.panels.get(key) == panel:
            return False
        if panel is None:
            self.panels.pop(key, None)
        else:
            self.panels[key] = panel
        return True


def _cancelling() -> bool:
    """Whether the running task itself is being cancelled (a stop), not only something it awaited."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0
