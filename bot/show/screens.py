"""What to show for a table, as plain data: the table message, a player's private message, a hand's
summary, and which of them an event at the table changes. No Discord types here: `bot.delivery` turns
these screens into messages and sends them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

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
from engine import public_view

from . import custom_ids, learn_ids, messages
from .controls import MAX_BUTTONS, Control, page, turn_controls
from .scenes import game_end_scene, hand_end_scene, panel_scene, table_scene
from .wording import action_phrase, game_words

# ---------------------------------------------------------------------- screens


@dataclass(frozen=True)
class ButtonSpec:
    """One button: its custom id, label, style ("primary", "secondary", "success" or "danger")."""

    custom_id: str
    label: str
    style: str = "secondary"
    disabled: bool = False


@dataclass(frozen=True)
class Picture:
    """A picture to draw: the renderer's name in `bot.pictures` and its scene."""

    renderer: str
    scene: object
    filename: str = "table.png"


@dataclass(frozen=True)
class Screen:
    """A message's content: text, perhaps a picture, and its buttons (empty: none)."""

    text: str
    picture: Picture | None = None
    buttons: tuple[ButtonSpec, ...] = ()


def lobby_buttons(table: Table) -> tuple[ButtonSpec, ...]:
    """`Sit North` … (taken seats disabled), `Add computer`, `Leave`, `Start`, and `How to play` (the help)."""
    sits = [
        ButtonSpec(
            custom_ids.make(table.id, custom_ids.SIT, "lobby", str(seat)),
            f"Sit {name}",
            "primary",
            disabled=seat in table.seats,
        )
        for seat, name in enumerate(table.seat_names)
    ]
    return (
        *sits,
        ButtonSpec(custom_ids.make(table.id, custom_ids.ADD, "lobby"), "Add computer", disabled=table.full),
        ButtonSpec(custom_ids.make(table.id, custom_ids.LEAVE, "lobby"), "Leave"),
        ButtonSpec(
            custom_ids.make(table.id, custom_ids.START, "lobby"), "Start", "success", disabled=not table.full
        ),
        ButtonSpec(learn_ids.make(learn_ids.HELP, None), "How to play"),  # `/42 help`, privately
    )


def game_buttons(table: Table) -> tuple[ButtonSpec, ...]:
    """The table message during a game: `My hand`, `Leave` and, while a seat is away, `I'm back`."""
    buttons = [ButtonSpec(custom_ids.make(table.id, custom_ids.HAND), "My hand", "primary")]
    if any(seat.away for seat in table.seats.values()):
        buttons.append(ButtonSpec(custom_ids.make(table.id, custom_ids.BACK), messages.BACK_LABEL, "success"))
    buttons.append(ButtonSpec(custom_ids.make(table.id, custom_ids.LEAVE, "game"), "Leave"))
    return tuple(buttons)


def leave_confirm_buttons(table: Table) -> tuple[ButtonSpec, ...]:
    """The private second step of leaving a game in progress: `Leave the game`."""
    return (ButtonSpec(custom_ids.make(table.id, custom_ids.LEAVE, "confirm"), "Leave the game", "danger"),)


def finished_buttons(table: Table) -> tuple[ButtonSpec, ...]:
    """The table message after the game: `Rematch`."""
    return (ButtonSpec(custom_ids.make(table.id, custom_ids.REMATCH), "Rematch", "success"),)


def _style(control: Control) -> str:
    if not control.enabled or control.kind == custom_ids.MENU or control.arg == "pass":
        return "secondary"
    return "primary"


def control_buttons(table: Table, controls: list[Control]) -> tuple[ButtonSpec, ...]:
    """A player's turn controls, each carrying the current state token."""
    token = table.token
    seen: set[str] = set()
    buttons = []
    for control in controls:
        custom_id = custom_ids.make(table.id, control.kind, token, control.arg)
        if custom_id in seen:  # Discord refuses two buttons with one custom id
            continue
        seen.add(custom_id)
        buttons.append(ButtonSpec(custom_id, control.label, _style(control), disabled=not control.enabled))
    return tuple(buttons)


def table_screen(table: Table) -> Screen:
    """The table message for the table's current state."""
    if table.status == "lobby":
        return Screen(messages.lobby_text(table), None, lobby_buttons(table))
    if table.status == "ended":
        note = messages.idle_closed(table) if table.closed_idle else messages.ended_note(table.ended_by)
        return Screen(messages.ended_text(table, note))
    if table.status == "finished":
        picture = Picture("render_game_end", game_end_scene(table))
        buttons = () if table.rematch_id is not None else finished_buttons(table)
        return Screen(messages.game_over_text(table), picture, buttons)
    status = messages.turn_line(table, mention=False)
    return Screen(
        messages.playing_text(table), Picture("render_table", table_scene(table, status)), game_buttons(table)
    )


def private_screen(table: Table, seat: int, note: str | None = None) -> Screen:
    """A player's private panel: the game as they may see it (a picture of the table above their hand, and
    the same in text), `note` on what just happened to them, and on their turn their controls."""
    view = table.view_for(seat)
    buttons: tuple[ButtonSpec, ...] = ()
    if view["legal"]:
        controls = turn_controls(view["phase"], view["legal"], view["hand"], game_words(table.rules))
        buttons = control_buttons(table, page(controls))
        if table.settings.hints and len(buttons) < MAX_BUTTONS:  # practice tables: the strong player's advice
            buttons += (ButtonSpec(learn_ids.make(learn_ids.HINT, table.id), "Hint", "success"),)
    status = messages.turn_line(table, mention=False).removeprefix("Turn: ")
    scene = panel_scene(table, seat, status, note or "")
    return Screen(
        messages.private_text(table, seat, view, note), Picture("render_panel", scene, "hand.png"), buttons
    )


def private_words(table: Table, user_id: int, note: str | None) -> str:
    """The text of a player's panel as it should read now (no picture drawn): for a quick edit of the
    panel they just clicked, while the delivery brings its picture along later."""
    seat = table.seat_of(user_id)
    if table.status == "playing" and seat is not None and table.hand is not None:
        return messages.private_text(table, seat, table.view_for(seat), note)
    return messages.private_closed_text(table, note)


def closed_private_screen(table: Table, note: str | None) -> Screen:
    """A player's private message once the game is over for them (finished, ended, or they left)."""
    picture = None
    if table.status == "finished" and table.game is not None and table.game.winner is not None:
        picture = Picture("render_game_end", game_end_scene(table), "game.png")
    return Screen(messages.private_closed_text(table, note), picture)


def hand_over_screen(table: Table, hand_no: int) -> Screen:
    """The summary of finished hand `hand_no` (from 0), with its picture and the game score after it."""
    hand = table.finished_hand(hand_no)
    scores = table.scores_after(hand_no)
    scene = replace(hand_end_scene(table, hand), scores=tuple(scores))
    review = ButtonSpec(learn_ids.make(learn_ids.REVIEW, table.id, hand_no, None), "Review")
    return Screen(
        messages.hand_summary_text(table, hand, hand_no + 1, scores),
        Picture("render_hand_end", scene, "hand.png"),
        (review,),
    )


# ---------------------------------------------------------------------- what an event changes


@dataclass(frozen=True)
class SyncTable:
    """The table message should show the table's current state."""


@dataclass(frozen=True)
class Post:
    """A post in the table's channel (mentioning only `mention`), perhaps with a picture and buttons."""

    text: str
    mention: int | None = None
    picture: Picture | None = None
    buttons: tuple[ButtonSpec, ...] = ()


@dataclass(frozen=True)
class Summary:
    """A finished hand's summary: the table message becomes it (so the summaries read as the game's story
    in the channel), and the next table message is posted below it, where the channel sees it."""

    text: str
    picture: Picture | None = None
    buttons: tuple[ButtonSpec, ...] = ()  # the hand's Review


@dataclass(frozen=True)
class SyncPanel:
    """`user_id`'s private panel at the table should show the current state. On their turn it comes as a
    new message with controls (the one before is deleted), otherwise it is edited in place when
    something they should see changed: `note` (what just happened to them) or `fresh` (a new hand, sitting
    out). `renotify` asks for a new message even if the controls are current (a reminder)."""

    user_id: int
    note: str | None = None
    fresh: bool = False
    renotify: bool = False


Work = SyncTable | Post | Summary | SyncPanel


def plan(table: Table, event: TableEvent) -> list[Work]:
    """The messages an event at `table` changes, in the order they should change. Posts are written now
    (they tell of this moment); syncs show whatever the table's state is when they are carried out."""
    if isinstance(event, LobbyChanged | RematchOpened | DmChanged | TableShown):
        return [SyncTable()]
    if isinstance(event, Drawn):
        return [Post(messages.draw_text(table, event.rounds, event.dealer))]
    if isinstance(event, Dealt):
        return [*(SyncPanel(user, fresh=True) for user in _humans(table)), SyncTable()]
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
            Post(messages.reminder(table, event.seat), mention=user),
            *([SyncPanel(user, messages.reminder_dm(table), renotify=True)] if user else []),
        ]
    if isinstance(event, TakenOver):
        return [Post(messages.taken_over(table, event.seat, event.action))]
    if isinstance(event, Away):
        return [Post(messages.away(table, event.seat)), SyncTable()]
    if isinstance(event, Back):
        user = table.seats[event.seat].user_id
        return [Post(messages.back(table, event.seat)), *([SyncPanel(user)] if user else []), SyncTable()]
    if isinstance(event, Left):
        return [
            SyncPanel(event.user_id, "You left the game.", fresh=True),
            Post(messages.left(table, event.seat, event.name)),
            SyncTable(),
        ]
    return []


def _humans(table: Table) -> list[int]:
    return [row.user_id for row in table.humans() if row.user_id is not None]


def _acted(table: Table, event: Acted) -> list[Work]:
    work: list[Work] = []
    row = table.seats[event.seat]
    if row.user_id is not None and not row.is_computer:
        # under stacking the note stays on screen past the next lead: it names no tile (RULES.md §11)
        stacked = not event.complete and table.hand is not None and table.view_for(event.seat)["stacked"]
        did = action_phrase(event.action, game_words(table.rules), name_tile=not stacked)
        note = f"Time ran out: a computer {did} for you." if event.by == "computer" else f"You {did}."
        work.append(SyncPanel(row.user_id, note))
    if event.complete:
        return work  # the hand summary and the next deal follow
    turn = table.human_turn()
    user = table.seats[turn].user_id if turn is not None else None
    if user is not None and turn != event.seat:
        work.append(SyncPanel(user))
    sitting_out = table.view_for(event.seat)["sitting_out"] if event.action.startswith("nello") else []
    for out in sitting_out:  # tell Nello's partner (Pistol: every partner) they sit this one out
        partner = table.seats[out].user_id
        if partner is not None and not table.seats[out].is_computer:
            work.append(SyncPanel(partner, fresh=True))
    if _stacked_lead(table):  # the finished trick goes face down: off every panel that still shows it
        work.extend(
            SyncPanel(other, fresh=True) for other in _humans(table) if other not in (row.user_id, user)
        )
    work.append(SyncTable())
    return work


def _stacked_lead(table: Table) -> bool:
    """Whether the hand is stacked (RULES.md §11) and a trick has just been led after a finished one."""
    hand = table.hand
    return (
        hand is not None
        and not hand.complete
        and len(hand.trick) == 1
        and bool(hand.tricks)
        and public_view(hand)["stacked"]
    )
