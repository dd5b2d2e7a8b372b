"""The sentence a player reads when a request at a table is refused: one per `Why`, filled in with the
facts the refusal carries (the engine's own sentence for an illegal move or bad rules stays the engine's)."""

from __future__ import annotations

from bot.tables.options_text import COMPUTER_LEVELS
from bot.tables.refusal import Refusal, Why

from .settings_words import channel_list

MY_HAND = "Use `My hand` for the current ones."
MY_CONTROLS = "Use `My hand` for your controls."
# In a DM there is no `My hand` button: the controls are on the newest panel there, and `/42 hand` in the
# table's channel brings them too.
IN_A_DM = {
    MY_HAND: "Your newest panel here has the current ones (or `/42 hand` in the table's channel).",
    MY_CONTROLS: "Your newest panel here has your controls (or `/42 hand` in the table's channel).",
}

SENTENCES: dict[Why, str] = {
    Why.CHANNEL_BUSY: "This channel already has a table. Finish it or `/42 end` it first.",
    Why.BAD_RULES: "Those rules don't work: {detail}",
    Why.UNKNOWN_COMPUTER_LEVEL: "Those rules don't work: computer players can be {levels}",
    Why.NO_SUCH_SEAT: "There is no such seat at this table.",
    Why.SEAT_TAKEN: "{seat_name} is taken.",
    Why.TABLE_FULL: "Every seat is taken.",
    Why.NOT_SEATED: "You're not seated at this table.",
    Why.SEATS_FIXED: "The game has started: seats are fixed now.",
    Why.HOST_STARTS: "Only the host can start the game.",
    Why.SEATS_EMPTY: "Every seat needs a player first (`Add computer` fills one).",
    Why.ALREADY_ENDED: "This table has already ended.",
    Why.HOST_ENDS: "Only the table's host, or someone with Manage Messages, can end it.",
    Why.REMATCH_TOO_EARLY: "A rematch opens once the game is over.",
    Why.REMATCH_PLAYERS_ONLY: "Only the players of this game can ask for a rematch.",
    Why.REMATCH_OPEN: "The rematch is already open: table {table_id}.",
    Why.MATCH_NO_REMATCH: "A tournament match has no rematch: the tournament opens its next game.",
    Why.CHANNEL_NOT_ALLOWED: "Tables open only in {channels} in this server (its `/42 settings`).",
    Why.TEAMS_OF_TWO_ONLY: "A tournament plays a game of four in two teams of two; {detail} is not one.",
    Why.NO_DRAW_FOR_PARTNERS: "A tournament makes its own teams: `draw=partners` can't be one of its options.",
    Why.MANAGE_SERVER_ONLY: "Only members with the **Manage Server** permission can see or change "
    "this server's `/42 settings`.",
    Why.BAD_CHANNELS: "`channels` is `any`, or channel mentions like #dominoes (not {detail!r}).",
    Why.BAD_TIMEZONE: "{detail!r} isn't a time zone I know: use an IANA name like America/Chicago, or UTC.",
    Why.ORGANISER_SET_AND_CLEARED: "Give `organiser` (a role) or `organiser_clear`, not both.",
    Why.NOT_PLAYING: "You're not playing at this table.",
    Why.NOT_STARTED: "The game hasn't started.",
    Why.GAME_OVER: "This game is over.",
    Why.TABLE_ENDED: "This table has ended.",
    Why.CONTROLS_OUT_OF_DATE: f"Those controls are out of date. {MY_HAND}",
    Why.NOT_YOUR_TURN: "It's not your turn.",
    Why.ILLEGAL_MOVE: "You can't do that: {detail}",
    Why.NOT_A_MOVE: f"That isn't a move you can make now. {MY_CONTROLS}",
    Why.TABLE_BUSY: "The table changed just now; please try again.",
    Why.RESTARTING: "The bot is restarting; try again in a minute.",
    Why.UNKNOWN_BUTTON: "That button isn't one I know.",
    Why.BUTTON_OUT_OF_DATE: f"That button is out of date. {MY_HAND}",
    Why.HAND_BEFORE_START: "The game hasn't started yet.",
    Why.HAND_AFTER_END: "This table's game is over.",
}


def sentence(refusal: Refusal, *, in_dm: bool = False) -> str:
    """What the player who asked reads; `in_dm`: they asked in a DM (pointed to what is there)."""
    text = SENTENCES[refusal.why].format(
        detail=refusal.detail,
        seat_name=refusal.seat_name,
        table_id=refusal.table_id,
        levels=" or ".join(COMPUTER_LEVELS),
        channels=channel_list(refusal.channels),
    )
    if in_dm:
        for there, here in IN_A_DM.items():
            text = text.replace(there, here)
    return text
