"""Every sentence players read about a table: the lobby, the table in text, hand and game results, private
headers and hints (the channel's notices are in `notices.py`); and long text cut into messages Discord takes.
Pure functions of a table; no Discord here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.pictures.counts import plural
from bot.tables.model import Table
from bot.tables.options_text import describe_duration
from engine import Hand, public_view

from .settings_words import from_server_line
from .wording import (
    bid_label,
    commitment_line,
    contract_title,
    early_end_reason,
    latest_calls,
    reveal_line,
    score_line,
    tile_label,
)

MESSAGE_LIMIT = 2000  # Discord's characters per message
BACK_LABEL = "I'm back"
NEW_TO_42 = "New to 42? `/42 help` teaches it from zero, with pictures."
PHASE_VERBS = {
    "auction": "bid",
    "contract": "name the contract",
    "exchange": "deal with the widow",
    "play": "play",
}


def title(table: Table) -> str:
    """The game's name, e.g. "Standard 42"."""
    return table.rules.title


def seat_label(table: Table, seat: int, *, mention: bool = True) -> str:
    """`<@id> (North)` for a human (`alice (North)` without the mention), `Ada (East)` for a computer."""
    row = table.seats.get(seat)
    compass = table.seat_names[seat]
    if row is None:
        return compass
    if row.is_computer or not mention:
        return f"{row.name} ({compass})"
    return f"<@{row.user_id}> ({compass})"


def player_name(table: Table, seat: int) -> str:
    """`alice`, or `Ada (computer)`: who sits in a seat, for the list of players."""
    row = table.seats.get(seat)
    if row is None:
        return "*empty*"
    return f"{row.name} (computer)" if row.is_computer else row.name


def lobby_text(table: Table) -> str:
    """The lobby: who sits where and the table's rules in plain words."""
    lines = [f"**{title(table)}** · table {table.id} · host <@{table.host_id}>", ""]
    for seat, compass in enumerate(table.seat_names):
        row = table.seats.get(seat)
        who = (
            "*empty*"
            if row is None
            else (f"{row.name} (computer)" if row.is_computer else f"<@{row.user_id}>")
        )
        lines.append(f"**{compass}**: {who}")
    lines.append("")
    lines.append("**Rules**")
    if table.server_defaults:
        lines.append(f"• {from_server_line(table.server_defaults)}")
    lines.extend(f"• {line}" for line in table.rules.describe())
    if table.rules.options.draw != "off":
        lines.append(f"• {draw_rule(table)}")
    lines.append(f"• Computer players: {table.computer_level}.")
    if table.settings.hints:
        lines.append("• Hints: on — a **Hint** button on your turn shows what the strong computer would do.")
    lines.append(
        f"• Turn timer: {describe_duration(table.settings.turn_seconds)}; a table nobody plays at closes after "
        f"{describe_duration(table.settings.idle_seconds)}."
    )
    lines.append("")
    if table.full:
        lines.append("Every seat is taken: the host can press **Start**.")
    else:
        lines.append(
            "Take a seat, or fill one with **Add computer**. The host starts when every seat is taken."
        )
    lines.append(NEW_TO_42)
    return "\n".join(lines)


def draw_rule(table: Table) -> str:
    """What the table's `draw` option will do at **Start** (RULES.md §11)."""
    if table.rules.options.draw == "partners" and table.rules.layout.partners:
        return (
            "Drawing for partners: at Start everyone draws a tile; the highest deals first, and the higher "
            "half of the draws plays against the lower half, so players may move seats."
        )
    return "Drawing for the deal: at Start everyone draws a tile; the highest pip total deals first."


def draw_text(table: Table, rounds: list[list[list[str]]], dealer: int) -> str:
    """The draw before the first deal: who drew which tile, round by round (ties draw again), who deals
    and, when the draw made the teams, who partners whom and where they sit now."""
    lines = [f"🎲 **The draw** · {title(table)} · table {table.id}"]
    for number, drawn in enumerate(rounds, start=1):
        again = " (the tied draw again)" if number > 1 else ""
        tiles = " · ".join(f"{name} {tile} ({int(tile[0]) + int(tile[2])})" for name, tile in drawn)
        lines.append(f"Round {number}{again}: {tiles}")
    lines.append(f"{seat_label(table, dealer, mention=False)} deals first.")
    rules = table.rules
    if rules.options.draw == "partners" and rules.layout.partners:
        for team, name in enumerate(rules.team_names):
            members = [
                seat_label(table, s, mention=False) for s in range(rules.players) if rules.team_of(s) == team
            ]
            lines.append(f"{name}: {', '.join(members)}")
    return "\n".join(lines)


def ended_text(table: Table, note: str) -> str:
    """The table message of a table that was ended or closed before its game finished."""
    return f"**{title(table)}** · table {table.id}\n{note}"


def ended_note(by: str | None) -> str:
    """`This table was ended by Alice. Nothing was tallied.`"""
    who = f" by {by}" if by else ""
    return f"This table was ended{who}. Nothing was tallied."


def turn_line(table: Table, *, mention: bool = True) -> str:
    """`Turn: <@id> (South) to play`."""
    seat = table.turn()
    if seat is None or table.hand is None:
        return ""
    verb = PHASE_VERBS.get(table.hand.phase, "act")
    return f"Turn: {seat_label(table, seat, mention=mention)} to {verb}"


def playing_text(table: Table) -> str:
    """The table message during a game, in text for screen readers and picture-less clients."""
    assert table.hand is not None and table.game is not None
    view = public_view(table.hand, table.scores)  # under stacking, no finished trick but the one just played
    lines = [
        f"**{title(table)}** · table {table.id} · hand {table.hand_no + 1}",
        "Players: "
        + " · ".join(f"{compass} {player_name(table, s)}" for s, compass in enumerate(table.seat_names)),
        *game_lines(table, view),
    ]
    if table.last_hand is not None and view["phase"] == "auction" and not view["calls"]:
        lines.append(last_hand_line(table))  # until the first call: the summary just above says it too
    turn = turn_line(table)
    if turn:
        lines.append(turn)
    lines.append(commitment_line(table.hand_no + 1, table.commitment))
    for row in table.humans():
        if row.dm_closed:
            lines.append(f"⚠ I can't DM <@{row.user_id}>: use **My hand** to see your tiles and play.")
    return "\n".join(line for line in lines if line)


def game_lines(table: Table, view: Mapping[str, Any]) -> list[str]:
    """The state of the game in text, from the public view (`engine.public_view`): the score, dealer, bid and
    contract, each seat's call during the auction, the trick in progress and the last trick (each with its
    leader; under stacking only until the next lead, and the tricks each side took)."""
    rules = table.rules
    lines = [score_line(rules.scoring, rules.team_names, table.scores, rules.target)]
    facts = [f"Dealer: {seat_label(table, view['dealer'], mention=False)}"]
    if view["bid"] is not None and view["bidder"] is not None:
        facts.append(f"Bid: {bid_label(view['bid'])} by {seat_label(table, view['bidder'], mention=False)}")
    if view["contract"]:
        facts.append(f"Contract: {contract_title(view['contract'], table.rules.variant.nello_word)}")
    lines.append(" · ".join(facts))
    calls = calls_line(table, view)
    if calls:
        lines.append(calls)
    if view["trick"]:
        leader = view["trick"][0]["seat"]
        lines.append(
            f"Trick, led by {seat_label(table, leader, mention=False)}: "
            + " · ".join(f"{table.seat_names[e['seat']]} {tile_label(e['tile'])}" for e in view["trick"])
        )
    if view["tricks"]:
        done = view["tricks"][-1]
        played = " · ".join(
            f"{table.seat_names[s]} {tile_label(t)}"
            for s, t in zip(done["seats"], done["tiles"], strict=False)
        )
        lines.append(
            f"Last trick, led by {seat_label(table, done['leader'], mention=False)}: {played}. "
            f"{seat_label(table, done['winner'], mention=False)} won it: {plural(done['points'], 'point')}."
        )
    if view.get("stacked"):
        taken = " · ".join(
            f"{name} {count}"
            for name, count in zip(table.rules.team_names, view["tricks_taken"], strict=False)
        )
        lines.append(f"Tricks are stacked face down. Tricks taken: {taken}")
    return lines


def last_hand_line(table: Table) -> str:
    """`Last hand: Ada (East) bid 34 with Fives trump and was set: …. N–S +1 mark.`"""
    assert table.last_hand is not None
    return "Last hand: " + hand_result_sentence(table, table.last_hand)


def new_hand_note(table: Table) -> str | None:
    """The note on a player's first panel of a new hand: the last hand's result, and nothing else of it
    (None before the first hand is over)."""
    return last_hand_line(table) if table.last_hand is not None else None


def hand_result_sentence(table: Table, hand: Hand) -> str:
    """`alice (North) bid 34 with Fives trump and was set: needed 34, could reach at most 31. E–W +1 mark.`"""
    summary = hand.summary()
    rules = table.rules
    if summary.get("bidder") is None:
        return "Everyone passed; the hand was thrown in."
    who = seat_label(table, summary["bidder"], mention=False)
    contract = contract_title(summary.get("contract"), rules.variant.nello_word)
    result = "made it" if summary.get("made") else "was set"
    reason = early_end_reason(hand).partition(": ")[2]  # why it ended before the last trick, if it did
    award = summary.get("award") or {}
    gains = []
    for team, amount in enumerate(next(iter(award.values()), [])):
        if amount:
            sign = "+" if amount > 0 else "−"
            gains.append(f"{rules.team_names[team]} {sign}{plural(abs(amount), rules.scoring.rstrip('s'))}")
    text = (
        f"{who} bid {bid_label(summary['bid'])}"
        + (f" with {contract}" if contract else "")
        + f" and {result}"
    )
    text += f": {reason}." if reason else "."
    return text + (f" {', '.join(gains)}." if gains else "")


def hand_summary_text(table: Table, hand: Hand, number: int, scores: list[int] | None = None) -> str:
    """The summary of hand `number` (from 1), with the game score after it (`scores`; default: now)."""
    summary = hand.summary()
    rules = table.rules
    lines = [f"**Hand {number}** · {title(table)} · table {table.id}", hand_result_sentence(table, hand)]
    if summary.get("bidder") is not None:
        points = " · ".join(
            f"{name} {p}" for name, p in zip(rules.team_names, summary["points"], strict=False)
        )
        lines.append(f"Points this hand: {points}")
    lines.append(
        score_line(
            rules.scoring, rules.team_names, scores if scores is not None else table.scores, rules.target
        )
    )
    if table.game is not None and number <= len(table.game.records):  # the seed, now the hand is over
        lines.append(reveal_line(table.game.records[number - 1], number))
    return "\n".join(line for line in lines if line)


def game_over_text(table: Table) -> str:
    """Winners, final score and how to play again."""
    assert table.game is not None and table.game.winner is not None
    rules = table.rules
    winner = table.game.winner
    players = [seat_label(table, s) for s in range(rules.players) if rules.team_of(s) == winner]
    last = last_hand_line(table) if table.last_hand is not None else ""
    lines = [
        f"**{title(table)}** · table {table.id} · game over after {plural(len(table.game.records), 'hand')}",
        f"🏆 **{rules.team_names[winner]} win**: {', '.join(players)}",
        "Final " + score_line(rules.scoring, rules.team_names, table.scores, rules.target),
        *([last] if last else []),
    ]
    if table.rematch_id is not None:
        lines.append(f"Rematch: table {table.rematch_id}, below.")
    else:
        lines.append("Press **Rematch** to play again with the same seats.")
    return "\n".join(lines)


def calls_line(table: Table, view: Mapping[str, Any]) -> str:
    """`Calls: East pass · South 30 · West 31` while the auction is open: each seat's latest call, from the
    dealer's left (the Big Game's open auction goes round again, skipping those who passed)."""
    if view["phase"] != "auction" or not view["calls"]:
        return ""
    calls = latest_calls(view)
    players = len(calls)
    order = [(view["dealer"] + 1 + step) % players for step in range(players)]
    said = [
        f"{table.seat_names[seat]} {calls[seat].lower() if calls[seat] == 'Pass' else calls[seat]}"
        for seat in order
        if calls[seat] is not None
    ]
    return "Calls: " + " · ".join(said)


def private_header(table: Table, seat: int) -> str:
    """`**Standard 42** · table 3 in #general · hand 2 · you are North` (the contract follows in the game's
    lines, once)."""
    assert table.hand is not None
    parts = [
        f"**{title(table)}** · table {table.id} in <#{table.channel_id}>",
        f"hand {table.hand_no + 1}",
        f"you are {table.seat_names[seat]}",
    ]
    return " · ".join(parts)


def turn_hint(table: Table, view: Mapping[str, Any]) -> str:
    """One line of context for a decision: the high bid, or that the player leads."""
    if view["phase"] == "auction":
        if view["bid"] is None:
            return "No bids yet."
        return f"High bid: {bid_label(view['bid'])} by {seat_label(table, view['bidder'], mention=False)}."
    if view["phase"] == "exchange" and table.rules.exchange is not None:
        return table.rules.exchange.describe  # e.g. Seventy-two's: no trump or count unless he must
    if view["phase"] == "play" and not view["trick"]:
        return "You lead."
    return ""


def private_text(table: Table, seat: int, view: Mapping[str, Any], note: str | None = None) -> str:
    """A player's private message: where they sit, the whole game in text (score, bids or contract, the
    trick with its leader, the last trick), `note` (what just happened to them: on a hand's first panel the
    last hand's result, `new_hand_note`), then what the moment asks of them."""
    assert table.hand is not None
    lines = [
        private_header(table, seat),
        *game_lines(table, public_view(table.hand, table.scores)),
        commitment_line(table.hand_no + 1, table.commitment),
    ]
    if note:
        lines.append(note)
    if view["legal"]:
        verb = PHASE_VERBS.get(view["phase"], "act")
        lines.append(f"**Your turn to {verb}.** {turn_hint(table, view)}".strip())
    elif seat in view["sitting_out"]:
        nello = table.rules.variant.nello_word.capitalize()
        lines.append(
            f"You sit out this hand: {seat_label(table, view['bidder'], mention=False)} plays {nello} alone."
        )
    elif (turn := table.turn()) is not None:
        lines.append(f"Waiting for {seat_label(table, turn, mention=False)}.")
    return "\n".join(line for line in lines if line)


def private_closed_text(table: Table, note: str | None) -> str:
    """A player's private message once the table is over for them (game over, ended, left)."""
    lines = [f"**{title(table)}** · table {table.id} in <#{table.channel_id}>"]
    if table.status == "finished" and table.game is not None and table.game.winner is not None:
        rules = table.rules
        if table.last_hand is not None:
            lines.append(last_hand_line(table))
        lines.append(
            f"🏆 {rules.team_names[table.game.winner]} win. Final "
            + score_line(rules.scoring, rules.team_names, table.scores, rules.target)
        )
    if note:
        lines.append(note)
    return "\n".join(lines)


def message_chunks(lines: Sequence[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """`lines` joined into as few messages as fit `limit` characters each, never splitting a line
    (a line longer than the limit is cut)."""
    chunks: list[str] = []
    for line in lines:
        line = line[:limit]
        if chunks and len(chunks[-1]) + 1 + len(line) <= limit:
            chunks[-1] += "\n" + line
        else:
            chunks.append(line)
    return chunks or [""]
