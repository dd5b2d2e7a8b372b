"""What to show for a table, as screens: the table message, a player's private panel, the buttons on
them, and the words that answer a move on the message clicked. No Discord types here: the adapter turns
these screens into messages and sends them.
"""

from __future__ import annotations

from bot.tables.model import Table

from . import custom_ids, learn_ids, messages, notices
from .controls import MAX_BUTTONS, Control, group_controls, page, view_controls
from .scenes import game_end_scene, panel_scene, table_scene
from .screens import ButtonSpec, Picture, Screen
from .wording import action_phrase, game_words

# ---------------------------------------------------------------------- buttons


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
    """The table message during a game: `My hand`, `Leave`, `Watch` and, while a seat is away, `I'm back`."""
    buttons = [ButtonSpec(custom_ids.make(table.id, custom_ids.HAND), "My hand", "primary")]
    if any(seat.away for seat in table.seats.values()):
        buttons.append(ButtonSpec(custom_ids.make(table.id, custom_ids.BACK), messages.BACK_LABEL, "success"))
    buttons.append(ButtonSpec(custom_ids.make(table.id, custom_ids.LEAVE, "game"), "Leave"))
    buttons.append(ButtonSpec(custom_ids.make(table.id, custom_ids.WATCH), "Watch"))  # for those not seated
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


def menu_buttons(table: Table, seat: int, menu: str) -> tuple[ButtonSpec, ...] | None:
    """The buttons behind a menu of a player's turn controls: a group's (Nello's doubles, bids by tens) with
    `‹ Back`, or another page of them (`menu` "group:<name>" or "page:<n>"); None if `menu` is neither."""
    view = table.view_for(seat)
    kind, _, value = menu.partition(":")
    if kind == "group":
        controls = group_controls(view["legal"], value) + [Control("‹ Back", custom_ids.MENU, "page:0")]
    elif kind == "page" and value.isdigit():
        controls = page(view_controls(view, game_words(table.rules)), int(value))
    else:
        return None
    return control_buttons(table, controls)


# ---------------------------------------------------------------------- screens


def table_screen(table: Table) -> Screen:
    """The table message for the table's current state."""
    if table.status == "lobby":
        return Screen(messages.lobby_text(table), None, lobby_buttons(table))
    if table.status == "ended":
        note = notices.idle_closed(table) if table.closed_idle else messages.ended_note(table.ended_by)
        return Screen(messages.ended_text(table, note))
    if table.status == "finished":
        picture = Picture("render_game_end", game_end_scene(table))
        # a tournament's match has no rematch: its next game, if any, is the tournament's to open
        done = table.rematch_id is not None or table.match_tag is not None
        buttons = () if done else finished_buttons(table)
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
        controls = view_controls(view, game_words(table.rules))
        buttons = control_buttons(table, page(controls))
        if table.settings.hints and len(buttons) < MAX_BUTTONS:  # practice tables: the strong player's advice
            buttons += (ButtonSpec(learn_ids.make(learn_ids.HINT, table.id), "Hint", "success"),)
    status = messages.turn_line(table, mention=False).removeprefix("Turn: ")
    scene = panel_scene(table, seat, status, note or "")
    return Screen(
        messages.private_text(table, seat, view, note), Picture("render_panel", scene, "hand.png"), buttons
    )


def closed_private_screen(table: Table, note: str | None) -> Screen:
    """A player's private message once the game is over for them (finished, ended, or they left)."""
    picture = None
    if table.status == "finished" and table.game is not None and table.game.winner is not None:
        picture = Picture("render_game_end", game_end_scene(table), "game.png")
    return Screen(messages.private_closed_text(table, note), picture)


def panel_mark(table: Table) -> str:
    """Words every private panel of the table carries (playing or closed), and no other message of the
    bot's: how panels left behind by a process that died are found in a player's DMs."""
    return f"table {table.id} in <#{table.channel_id}>"


# ---------------------------------------------------------------------- after a move, on a `My hand` reply


def reply_after_move(table: Table, action: str) -> str:
    """A `My hand` reply once its move is made: what the player did (under stacking no tile is named, as
    the note stays past the next lead: RULES.md §11)."""
    stacked = table.hand is not None and not table.hand.complete and table.view_for(0)["stacked"]
    return f"You {action_phrase(action, game_words(table.rules), name_tile=not stacked)}."
