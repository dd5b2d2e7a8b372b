"""The daily deals in words: a player's turn, a deal's outcome, their finished day, the leaderboard, and
the refusals. Everything here goes to one player privately; the leaderboard says only what its reader may
know (scores once they have finished the day themselves)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from bot.daily.deal_play import PLAYER_SEAT, RULES
from bot.daily.screens import Board, BoardLine, DailyDone, DailyTurn, DealOutcome, Why
from bot.daily.seeds import DEALS_A_DAY
from bot.pictures.counts import plural
from bot.pictures.day_card import DayRow, DayScene
from bot.pictures.scenes import PanelScene
from bot.storage.rows import SeatRow
from bot.tables.model import Table
from engine import Hand, public_view, view_for

from .messages import PHASE_VERBS, game_lines, hand_result_sentence, turn_hint
from .scenes import panel_scene
from .wording import bid_label, commitment_line, contract_title

PARTNER, LEFT, RIGHT = "Ada", "Basil", "Cleo"  # the computers: North (partner), East, West
TITLE = "Daily deals"
REFUSALS = {
    Why.STALE: "That button is out of date: the deal has moved on. Use `/42 daily` to carry on.",
    Why.DAY_OVER: "That day's deals are over. Use `/42 daily` for today's.",
    Why.FORGED: "That is not a button I know.",
}
FAILED = "Something went wrong with the daily deals; nothing was changed. Try `/42 daily` again."
ONLY_IN_A_SERVER = "The daily deals belong to a server: use `/42 daily` there."


def refusal(why: Why) -> str:
    """Why a click changed nothing."""
    return REFUSALS[why]


def daily_table(hand: Hand, name: str, user_id: int) -> Table:
    """A stand-in table around one daily deal, so the table's words and pictures can show it: the player
    South, their computer partner North, computers East and West."""
    seats = {
        0: SeatRow(seat=0, name=PARTNER, computer_level="strong"),
        1: SeatRow(seat=1, name=LEFT, computer_level="strong"),
        2: SeatRow(seat=PLAYER_SEAT, name=name, user_id=user_id),
        3: SeatRow(seat=3, name=RIGHT, computer_level="strong"),
    }
    return Table(
        id=0, guild_id=0, channel_id=0, host_id=user_id, rules=RULES, status="playing", seats=seats, hand=hand
    )


def heading(day_text: str, deal_no: int) -> str:
    """`**Daily deals · 2026-11-27** · deal 3 of 8 · you are South, partnering Ada (North)`."""
    return (
        f"**{TITLE} · {day_text}** · deal {deal_no + 1} of {DEALS_A_DAY}"
        f" · you are South, partnering {PARTNER} (North)"
    )


def outcome_sentence(outcome: DealOutcome, name: str, user_id: int) -> str:
    """`Deal 2: Ada (North) bid 31 with Fives trump and made it. N–S +1 mark. (N–S 33 points, E–W 9)`."""
    table = daily_table(outcome.hand, name, user_id)
    score = outcome.score
    points = f"(your side {plural(score.us_points, 'point')}, theirs {score.them_points})"
    text = f"Deal {outcome.deal_no + 1}: {hand_result_sentence(table, outcome.hand)} {points}"
    if outcome.matchpoints is not None:
        text += f" · {matchpoint_words(outcome.matchpoints, outcome.possible)}"
    return text


def matchpoint_words(won: Fraction, possible: int) -> str:
    """`2½ of 3 matchpoints`, or that nobody else has played the deal yet."""
    if possible == 0:
        return "nobody else has played it yet"
    return f"{half(won)} of {plural(possible, 'matchpoint')}"


def half(value: Fraction) -> str:
    """A matchpoint count: `2`, `½`, `2½`."""
    whole = int(value)
    return (str(whole) if whole or value == whole else "") + ("½" if value != whole else "")


def percentage(value: float | None) -> str:
    """`62.5%`, or a dash while there is nobody to compare with."""
    return "—" if value is None else f"{value:.1f}%"


def turn_status(turn: DailyTurn) -> str:
    """What the panel says the player is to do."""
    return f"Your turn to {PHASE_VERBS.get(turn.hand.phase, 'act')}"


def turn_text(turn: DailyTurn, name: str, user_id: int) -> str:
    """The player's turn: where they are in the day, what happened in the last deal, the deal in text (for
    screen readers too) and what is asked of them."""
    table = daily_table(turn.hand, name, user_id)
    view = view_for(turn.hand, PLAYER_SEAT)
    lines = [heading(turn.day.isoformat(), turn.deal_no)]
    if turn.just_over is not None:
        lines.append(outcome_sentence(turn.just_over, name, user_id))
    lines.extend(game_lines(table, public_view(turn.hand, table.scores))[1:])  # no game score: one deal
    lines.append("Your tiles: " + " ".join(view["hand"]))
    lines.append(commitment_line(turn.deal_no + 1, turn.commitment))
    verb = PHASE_VERBS.get(view["phase"], "act")
    lines.append(f"**Your turn to {verb}.** {turn_hint(table, view)}".strip())
    return "\n".join(line for line in lines if line)


def turn_panel(turn: DailyTurn, name: str, user_id: int) -> PanelScene:
    """The turn's picture: the table's panel, titled with the day's deal."""
    table = daily_table(turn.hand, name, user_id)
    scene = panel_scene(table, PLAYER_SEAT, turn_status(turn))
    title = f"{name} · South · daily deal {turn.deal_no + 1} of {DEALS_A_DAY}"
    return replace(scene, hand=replace(scene.hand, title=title))


def done_text(done: DailyDone, name: str, user_id: int) -> str:
    """The player's finished day: each deal, their score against the field so far, their streak."""
    lines = [f"**{TITLE} · {done.day.isoformat()}** · all {DEALS_A_DAY} deals played"]
    if done.just_over is not None and done.just_over.deal_no != DEALS_A_DAY - 1:
        lines.append(outcome_sentence(done.just_over, name, user_id))
    lines.extend(outcome_sentence(outcome, name, user_id) for outcome in done.deals)
    score = done.score
    others = done.field - 1
    if score is None or score.percentage is None:
        lines.append("Your score: nobody else has finished these deals yet; it shows once someone has.")
    else:
        lines.append(
            f"Your score: **{percentage(score.percentage)}** ({half(score.won)} of "
            f"{plural(score.possible, 'matchpoint')}) against {plural(others, 'other player')} so far."
        )
    lines.append(
        f"Streak: {plural(done.streak, 'day')} in a row. `/42 daily show:leaderboard` ranks the day."
    )
    return "\n".join(lines)


def _line(rank: int | None, line: BoardLine, escape: Callable[[str], str]) -> str:
    start = f"{rank}. " if rank is not None else "• "
    score = f" — {percentage(line.percentage)}" if rank is not None else ""
    return f"{start}{escape(line.name)}{score} · streak {line.streak}"


def board_text(board: Board, escape: Callable[[str], str] = lambda s: s) -> str:
    """The leaderboard: today (ranked with scores for a reader who has finished, else only who finished)
    and yesterday's final ranking with its seeds revealed."""
    lines = [f"**{TITLE} · {board.day.isoformat()}** · leaderboard"]
    if not board.lines:
        lines.append("Nobody has finished today's deals yet.")
    elif board.shows_scores:
        lines.extend(_line(rank, line, escape) for rank, line in enumerate(board.lines, start=1))
    else:
        lines.append(
            f"{plural(len(board.lines), 'player')} finished today's deals. Their scores show here once you "
            "have finished yours (`/42 daily`)."
        )
        lines.extend(_line(None, line, escape) for line in board.lines)
    if board.playing:
        lines.append(f"{plural(board.playing, 'player')} still playing.")
    if board.yesterday_lines:
        lines.append(f"**{board.yesterday.isoformat()}** (final)")
        lines.extend(_line(rank, line, escape) for rank, line in enumerate(board.yesterday_lines, start=1))
    if board.yesterday_seeds:
        lines.append(f"Seeds of {board.yesterday.isoformat()} (check with `python -m engine verify`):")
        lines.extend(f"Deal {n}: `{seed}`" for n, seed in enumerate(board.yesterday_seeds, start=1))
    return "\n".join(lines)


def _deal_words(outcome: DealOutcome) -> str:
    """`Ada bid 31 · Fives · made · 34–8` for the day's card."""
    hand = outcome.hand
    summary = hand.summary()
    score = outcome.score
    if summary.get("bidder") is None:
        return f"thrown in · {score.us_points}–{score.them_points}"
    bidder = (PARTNER, LEFT, "you", RIGHT)[summary["bidder"]]
    contract = contract_title(summary.get("contract"), RULES.variant.nello_word) or ""
    result = "made" if summary.get("made") else "set"
    return f"{bidder} bid {bid_label(summary['bid'])} · {contract} · {result} · {score.us_points}–{score.them_points}"


def done_scene(done: DailyDone) -> DayScene:
    """The finished day as a picture: each deal, the score, the streak."""
    rows = []
    for outcome in done.deals:
        us, them = outcome.score.key
        ahead = None if (us, them) == (0, 0) else (us, them) > (0, 0)
        points = (
            "—"
            if not outcome.possible or outcome.matchpoints is None
            else f"{half(outcome.matchpoints)}/{outcome.possible}"
        )
        rows.append(DayRow(str(outcome.deal_no + 1), _deal_words(outcome), points, ahead))
    score = done.score
    if score is None or score.percentage is None:
        line = "Nobody else has finished these deals yet"
    else:
        line = f"{half(score.won)} of {plural(score.possible, 'matchpoint')} against {plural(done.field - 1, 'player')}"
    return DayScene(
        f"{TITLE} · {done.day.isoformat()}",
        percentage(score.percentage if score else None),
        line,
        tuple(rows),
        f"Streak: {plural(done.streak, 'day')} in a row · your side's points first",
    )
