"""The coach's work, without Discord: which finished hands a request may see, a hand's review (made once,
on a worker thread of its own, and kept), a hint on a player's own turn, and the games `/42 history` lists.

What may be shown (issue 15): only finished hands; only hands of tables in the server the request comes
from; a hand's review from its summary only to those who sat at the table (from `/42 history`, to anyone in
that server, the hand being over). A request that may not be answered raises `Refused`, naming why; the
words are `bot.show.learn_words`'.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from enum import Enum
from typing import Any, Protocol

from bot.storage import learning as kept
from bot.storage.learning import FinishedTable
from bot.storage.rows import TableRow
from bot.storage.store import Storage
from engine import Hand, RecordError, read_record, view_for
from engine.ai.review import (
    DEFAULT_BUDGET_S,
    HandReview,
    ReviewError,
    StrongVerdict,
    advise,
    decision_key,
    review_hand,
)

CACHE_SIZE = 256
HISTORY_GAMES = 5
HINT_BUDGET_S = 0.3  # the strong computer's own thinking time


class Why(Enum):
    """Why a learning request is refused."""

    UNKNOWN_BUTTON = "unknown button"
    NOT_HERE = "not from this server"
    NOT_STORED = "no such hand"
    DAMAGED = "record damaged"
    UNFINISHED = "hand still being played"
    NOT_SEATED = "asker not seated"
    NO_SUCH_SEAT = "no such seat"
    REVIEW_REFUSED = "the engine refused to review"  # its own sentence is in `Refused.detail`
    NOT_PLAYING = "not playing at that table"
    NO_HINTS = "table without hints"
    NOT_YOUR_TURN = "not the asker's turn"


class Refused(Exception):
    """A learning request that may not be answered, and why (told to the asker alone)."""

    def __init__(self, why: Why, detail: str = ""):
        super().__init__(detail or why.value)
        self.why, self.detail = why, detail


class Settings(Protocol):
    """A table's settings, as a hint reads them."""

    @property
    def hints(self) -> bool: ...


class NamedSeat(Protocol):
    """A taken seat, as a hint names it."""

    @property
    def name(self) -> str: ...


class PlayingTable(Protocol):
    """A live table as a hint reads it (the table service's `Table`)."""

    @property
    def status(self) -> str: ...

    @property
    def hand(self) -> Hand | None: ...

    @property
    def hand_no(self) -> int: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def seats(self) -> Mapping[int, NamedSeat]: ...

    @property
    def seat_names(self) -> tuple[str, ...]: ...

    def seat_of(self, user_id: int) -> int | None: ...

    def turn(self) -> int | None: ...


class TableFinder(Protocol):
    """Where the coach finds a live table (the table service)."""

    async def find(self, table_id: int) -> PlayingTable | None:
        """The table with this id, if it is open here."""


class Coaching:
    """Reviews and hints over the store; reviews run on their own worker thread (the solver and the strong
    player are CPU work) and are kept once made."""

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

    # ------------------------------------------------------------------ hints

    async def hint_turn(self, table_id: int, user_id: int) -> tuple[Hand, int, int, tuple[str, ...]]:
        """The hand, its number, the asker's seat and the seats' names (a player's, else the seat's label),
        if it is their own turn at a table with hints on."""
        table = await self.tables.find(table_id)
        seat = table.seat_of(user_id) if table is not None else None
        if table is None or table.status != "playing" or table.hand is None or seat is None:
            raise Refused(Why.NOT_PLAYING)
        if not table.settings.hints:
            raise Refused(Why.NO_HINTS)
        if table.turn() != seat:
            raise Refused(Why.NOT_YOUR_TURN)
        names = tuple(
            row.name if (row := table.seats.get(s)) is not None else label
            for s, label in enumerate(table.seat_names)
        )
        return table.hand, table.hand_no, seat, names

    async def hint(self, table_id: int, hand: Hand, hand_no: int, seat: int) -> StrongVerdict:
        """The strong player's choice for `seat` and its estimate; noted for the hand's review."""
        view = view_for(hand, seat)
        # Not on the review worker: a hint must not wait behind someone's review.
        verdict = await asyncio.to_thread(
            advise, view, seed=hash((table_id, hand_no, len(hand.plays))) & 0xFFFF, budget_s=self.hint_budget
        )
        await kept.note_hint(self.storage, table_id, hand_no, seat, decision_key(hand))
        return verdict

    # ------------------------------------------------------------------ reviews

    async def finished_hand(
        self, guild_id: int | None, table_id: int, hand_no: int, *, watcher: bool = False
    ) -> tuple[TableRow, Hand]:
        """The stored table and its hand `hand_no`, if a request from server `guild_id` (or, `watcher`,
        from anywhere by one who watches the table) may see it."""
        row = await self.storage.load_table(table_id)
        if row is None or (not watcher and (guild_id is None or row.guild_id != guild_id)):
            raise Refused(Why.NOT_HERE)
        if not 0 <= hand_no < len(row.hands):
            raise Refused(Why.NOT_STORED)
        try:
            hand = read_record(row.hands[hand_no])
        except RecordError:
            raise Refused(Why.DAMAGED) from None
        if not hand.complete:
            raise Refused(Why.UNFINISHED)
        return row, hand

    @staticmethod
    def seat_to_review(
        row: TableRow, hand: Hand, user_id: int, seat: int | None, *, watcher: bool = False
    ) -> int:
        """The seat a review is for: the one asked, or (from the hand's summary) the asker's own; for a
        watcher of the table, the bidder's (the hand's four hands are open to them once it is over)."""
        if seat is None:
            seat = next((s.seat for s in row.seats.values() if s.user_id == user_id), None)
            if seat is None and watcher:
                seat = hand.bidder if hand.bidder is not None else 0
            if seat is None:
                raise Refused(Why.NOT_SEATED)
        if not 0 <= seat < hand.players:
            raise Refused(Why.NO_SUCH_SEAT)
        return seat

    async def review(self, row: TableRow, hand: Hand, hand_no: int, seat: int) -> HandReview | None:
        """A finished hand's decisions for `seat`, judged (None for a hand thrown in: nothing to judge)."""
        if hand.bidder is None:
            return None
        try:
            return await self._review_of(row.id, hand_no, seat, row.hands[hand_no])
        except ReviewError as error:
            raise Refused(Why.REVIEW_REFUSED, str(error)) from None

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

    # ------------------------------------------------------------------ history

    async def history(self, guild_id: int, player_id: int | None) -> list[FinishedTable]:
        """The last finished games of a server (with `player_id`: theirs), newest first."""
        return await kept.finished_tables(self.storage, guild_id, user_id=player_id, limit=HISTORY_GAMES)


def review_seat(table: FinishedTable, hand_no: int, asker_id: int, player_id: int | None) -> int:
    """Whose decisions a history's `Review` button judges: the asker's, else the player asked about,
    else the bidder's."""
    for user_id in (asker_id, player_id):
        seat = next((s for s, (_, user, _) in table.seats.items() if user == user_id), None)
        if user_id is not None and seat is not None:
            return seat
    try:
        return read_record(table.hands[hand_no]).bidder or 0
    except RecordError:
        return 0
