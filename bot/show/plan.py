"""What an event at a table changes: the work it asks of the delivery (`screens.Work`), in order. Posts
and a finished hand's summary are written when the event happens (they tell of that moment); syncs show
whatever the table's state is when they are carried out."""

from __future__ import annotations

from dataclasses import replace

from bot.tables.events import (
    Acted,
    Away,
    Back,
    Dealt,
    DmChanged,
    Drawn,
    Ended,
    GameOver,
    HandOver,
    IdleClosed,
    Left,
    LobbyChanged,
    RematchOpened,
    Reminded,
    TableEvent,
    TableShown,
    TakenOver,
)
from bot.tables.model import Table
from engine.view import stacked as tricks_face_down

from . import learn_ids, messages, notices
from .scenes import hand_end_scene
from .screens import ButtonSpec, Picture, Post, Screen, Summary, SyncPanel, SyncTable, Work
from .wording import action_phrase, game_words


def hand_over_screen(table: Table, hand_no: int) -> Screen:
    """The summary of finished hand `hand_no` (from 0), with its picture and the game score after it."""
    hand = table.finished_hand(hand_no)
    scores = table.scores_after(hand_no)
    scene = replace(hand_end_scene(table, hand, hand_no + 1), scores=tuple(scores))
    review = ButtonSpec(learn_ids.make(learn_ids.REVIEW, table.id, hand_no, None), "Review")
    return Screen(
        messages.hand_summary_text(table, hand, hand_no + 1, scores),
        Picture("render_hand_end", scene, "hand.png"),
        (review,),
    )


def plan(table: Table, event: TableEvent) -> list[Work]:
    """The messages an event at `table` changes, in the order they should change. Posts are written now
    (they tell of this moment); syncs show whatever the table's state is when they are carried out."""
    if isinstance(event, LobbyChanged | RematchOpened | DmChanged | TableShown):
        return [SyncTable()]
    if isinstance(event, Drawn):
        return [Post(messages.draw_text(table, event.rounds, event.dealer))]
    if isinstance(event, Dealt):
        return [
            *(SyncPanel(user, messages.new_hand_note(table), fresh=True) for user in _humans(table)),
            SyncTable(),
        ]
    if isinstance(event, Acted):
        return _acted(table, event)
    if isinstance(event, HandOver):
        screen = hand_over_screen(table, event.hand_no)
        return [Summary(screen.text, screen.picture, screen.buttons)]
    if isinstance(event, GameOver | Ended | IdleClosed):
        note = {
            GameOver: None,
            Ended: "The table was ended: nothing was tallied.",
            IdleClosed: "The table was closed: nobody played for a long time.",
        }[type(event)]
        return [*(SyncPanel(user, note, fresh=True) for user in _humans(table)), SyncTable()]
    if isinstance(event, Reminded):
        user = table.seats[event.seat].user_id
        return [
            Post(notices.reminder(table, event.seat), mention=user),
            *([SyncPanel(user, notices.reminder_dm(table), renotify=True)] if user else []),
        ]
    if isinstance(event, TakenOver):
        return [Post(notices.taken_over(table, event.seat, event.action))]
    if isinstance(event, Away):
        return [Post(notices.away(table, event.seat)), SyncTable()]
    if isinstance(event, Back):
        user = table.seats[event.seat].user_id
        return [Post(notices.back(table, event.seat)), *([SyncPanel(user)] if user else []), SyncTable()]
    if isinstance(event, Left):
        return [
            SyncPanel(event.user_id, "You left the game.", fresh=True),
            Post(notices.left(table, event.seat, event.name)),
            SyncTable(),
        ]
    return []


def _humans(table: Table) -> list[int]:
    return [row.user_id for row in table.humans() if row.user_id is not None]


def move_note(table: Table, seat: int, action: str, *, by_computer: bool = False) -> str:
    """What a player's panel says of the move just made for their seat: "You played 6-4.", or that a
    computer made it when their time ran out. Under stacking the note stays on screen past the next lead,
    so it names no tile (RULES.md §11)."""
    hidden = table.hand is not None and tricks_face_down(table.hand)  # not a whole view: this runs every move
    did = action_phrase(action, game_words(table.rules), name_tile=not hidden)
    return f"Time ran out: a computer {did} for you." if by_computer else f"You {did}."


def _acted(table: Table, event: Acted) -> list[Work]:
    """A move: every seated player's panel follows it (the mover's saying what they did), then the table.
    A move that ends the hand leaves the panels to the next deal (the hand's summary comes first)."""
    if event.complete:
        return []
    row = table.seats[event.seat]
    mover = row.user_id if not row.is_computer else None
    note = move_note(table, event.seat, event.action, by_computer=event.by == "computer")
    return [*(SyncPanel(user, note if user == mover else None) for user in _humans(table)), SyncTable()]
