"""The learning buttons' and commands' own sentences: why a request is refused, and the short replies and
labels around reviews, records and hints (the longer texts are `records.py`'s and `review.py`'s)."""

from __future__ import annotations

from bot.learn.coaching import Refused, Why

REFUSALS = {
    Why.UNKNOWN_BUTTON: "That button isn't one I know.",
    Why.NOT_HERE: "That hand isn't from a table in this server.",
    Why.NOT_STORED: "That hand isn't stored.",
    Why.DAMAGED: "That hand's record is damaged; it can't be shown.",
    Why.UNFINISHED: "That hand is still being played: it can be reviewed once it is over.",
    Why.NOT_SEATED: (
        "Only the players at that table can review its hands from here; "
        "`/42 history` lists this server's finished hands."
    ),
    Why.NO_SUCH_SEAT: "That seat isn't at this table.",
    Why.NOT_PLAYING: "You're not playing at that table.",
    Why.NO_HINTS: "This table plays without hints.",
    Why.NOT_YOUR_TURN: "Hints are for your own turn.",
}
FAILED = "Something went wrong on my side; please try again."
BACK, NEXT, RECORD_BUTTON = "Back", "Next", "Record (JSON)"


def refusal(refused: Refused) -> str:
    """Why a request is refused, in a sentence (the engine's own, when it refused to review a hand)."""
    return refused.detail or REFUSALS.get(refused.why, FAILED)


def no_games_yet(name: str) -> str:
    """`/42 stats` for someone with no finished game in this server."""
    return f"**{name}** hasn't finished a game here yet."


def record_file_text(table_id: int, hand_no: int) -> str:
    """The words beside a hand's record file."""
    return f"Hand {hand_no + 1} of table {table_id}: replay it with `python -m engine replay`."


def review_label(table_id: int, hand_no: int) -> str:
    """A history's `Review` button: `12·3`."""
    return f"{table_id}·{hand_no + 1}"
