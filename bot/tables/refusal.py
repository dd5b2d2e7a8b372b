"""Why a request at a table is turned down: `Refusal` carries the reason (`Why`) and the facts its sentence
needs; the sentence itself is the presentation's (`bot.show.refusals`)."""

from __future__ import annotations

import enum


class Why(enum.Enum):
    """The reasons a request is refused (each value is a short phrase for logs)."""

    # the lobby
    CHANNEL_BUSY = "the channel has a table"
    BAD_RULES = "the rules don't work"  # detail: the engine's sentence
    UNKNOWN_COMPUTER_LEVEL = "no such computer level"
    NO_SUCH_SEAT = "no such seat"
    SEAT_TAKEN = "seat taken"  # seat_name: the seat's compass name
    TABLE_FULL = "every seat is taken"
    NOT_SEATED = "not seated"
    SEATS_FIXED = "the game has started"
    HOST_STARTS = "only the host starts"
    SEATS_EMPTY = "a seat is empty"
    ALREADY_ENDED = "already ended"
    HOST_ENDS = "only the host ends"
    REMATCH_TOO_EARLY = "the game is not over"
    REMATCH_PLAYERS_ONLY = "not a player of this game"
    REMATCH_OPEN = "the rematch is open"  # table_id: the rematch
    MATCH_NO_REMATCH = "a tournament match has no rematch"
    CHANNEL_NOT_ALLOWED = "tables open elsewhere here"  # channels: where the server lets tables open
    # a tournament's rules
    TEAMS_OF_TWO_ONLY = "a tournament plays a game of two teams of two"  # detail: the game's name
    NO_DRAW_FOR_PARTNERS = "a tournament makes its own teams"
    # the server's settings
    MANAGE_SERVER_ONLY = "settings need Manage Server"
    BAD_CHANNELS = "channels unreadable"  # detail: what was typed
    BAD_TIMEZONE = "no such time zone"  # detail: what was typed
    ORGANISER_SET_AND_CLEARED = "an organiser role given and cleared at once"
    # play
    NOT_PLAYING = "not playing"
    NOT_STARTED = "the game has not started"
    GAME_OVER = "the game is over"
    TABLE_ENDED = "the table has ended"
    CONTROLS_OUT_OF_DATE = "controls out of date"
    NOT_YOUR_TURN = "not your turn"
    ILLEGAL_MOVE = "illegal move"  # detail: the engine's sentence
    NOT_A_MOVE = "not a move"
    # the service
    TABLE_BUSY = "the table kept changing"
    RESTARTING = "the bot is restarting"
    # a click the Discord adapter turns down before the service sees it
    UNKNOWN_BUTTON = "unknown button"
    BUTTON_OUT_OF_DATE = "button out of date"
    HAND_BEFORE_START = "no hand before the game starts"
    HAND_AFTER_END = "no hand after the game"


class Refusal(Exception):
    """A request the game turns down, and why. Nothing changed; the asker is told
    (`bot.show.refusals.sentence`)."""

    def __init__(
        self,
        why: Why,
        *,
        detail: str = "",
        seat_name: str = "",
        table_id: int | None = None,
        channels: tuple[int, ...] = (),
    ):
        super().__init__(why, detail)
        self.why = why
        self.detail = detail  # the engine's own sentence, for ILLEGAL_MOVE and BAD_RULES
        self.seat_name = seat_name  # for SEAT_TAKEN
        self.table_id = table_id  # for REMATCH_OPEN
        self.channels = channels  # for CHANNEL_NOT_ALLOWED

    def __str__(self) -> str:
        return f"{self.why.value}: {self.detail}" if self.detail else self.why.value
