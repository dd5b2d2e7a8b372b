"""Every sentence players read about a table: the lobby, the table in text, hand and game results, private
headers and hints, and the notices about absent players. Pure functions of a table; no Discord here."""

from __future__ import annotations

from engine import Hand, public_view, view_for

from .tables import Table
from .tables.options_text import describe_duration
from .wording import action_phrase, bid_label, contract_title, game_words, plural, score_line, tile_label

BACK_LABEL = "I'm back"
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
    """`<@id> (North)` for a human, `Computer East` for a computer."""
    row = table.seats.get(seat)
    compass = table.seat_names[seat]
    if row is None:
        return compass
    if row.is_computer:
        return row.name
    return f"<@{row.user_id}> ({compass})" if mention else f"{row.name} ({compass})"


def lobby_text(table: Table) -> str:
    """The lobby: who sits where and the table's rules in plain words."""
    lines = [f"**{title(table)}** · table {table.id} · host <@{table.host_id}>", ""]
    for seat, compass in enumerate(table.seat_names):
        row = table.seats.get(seat)
        who = "*empty*" if row is None else (row.name if row.is_computer else f"<@{row.user_id}>")
        lines.append(f"**{compass}**: {who}")
    lines.append("")
    lines.append("**Rules**")
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
        lines.append("Take a seat, or fill one with **Add computer**. The host starts when every seat is taken.")
    lines.append("New to 42? `/42 help` teaches it from zero, with pictures.")
    return "\n".join(lines)


def draw_rule(table: Table) -> str:
    """What the table's `draw` option will do at **Start** (RULES.md §11)."""
    if table.rules.options.draw == "partners" and table.rules.layout.partners:
        return ("Drawing for partners: at Start everyone draws a tile; the highest deals first, and the higher "
                "half of the draws plays against the lower half, so players may move seats.")
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
            members = [seat_label(table, s, mention=False) for s in range(rules.players) if rules.team_of(s) == team]
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
    rules = table.rules
    view = public_view(table.hand, table.scores)  # under stacking, no finished trick but the one just played
    lines = [
        f"**{title(table)}** · table {table.id} · hand {table.hand_no + 1}",
        "Players: " + " · ".join(
            f"{compass} {row.name if row and not row.is_computer else 'computer'}"
            for compass, row in ((c, table.seats.get(s)) for s, c in enumerate(table.seat_names))
        ),
        score_line(rules.scoring, rules.team_names, table.scores, rules.target),
    ]
    facts = [f"Dealer: {seat_label(table, view['dealer'], mention=False)}"]
    if view["bid"] is not None and view["bidder"] is not None:
        facts.append(f"Bid: {bid_label(view['bid'])} by {seat_label(table, view['bidder'], mention=False)}")
    if view["contract"]:
        facts.append(f"Contract: {contract_title(view['contract'], table.rules.layout.nello_name)}")
    lines.append(" · ".join(facts))
    calls = calls_line(table, view)
    if calls:
        lines.append(calls)
    if view["trick"]:
        lines.append("Trick: " + " · ".join(
            f"{seat_label(table, e['seat'], mention=False)} {tile_label(e['tile'])}" for e in view["trick"]
        ))
    if view["tricks"]:
        done = view["tricks"][-1]
        tiles = " ".join(tile_label(t) for t in done["tiles"])
        lines.append(
            f"Last trick: {tiles}, won by {seat_label(table, done['winner'], mention=False)} "
            f"({plural(done['points'], 'point')})"
        )
    if table.last_hand is not None:
        lines.append("Last hand: " + hand_result_sentence(table, table.last_hand))
    turn = turn_line(table)
    if turn:
        lines.append(turn)
    for row in table.humans():
        if row.dm_closed:
            lines.append(f"⚠ I can't DM <@{row.user_id}>: use **My hand** to see your tiles and play.")
    return "\n".join(lines)


def hand_result_sentence(table: Table, hand: Hand) -> str:
    """`North (Alice) bid 31 in Fives and made it: N–S +1 mark.`"""
    summary = hand.summary()
    rules = table.rules
    if summary.get("bidder") is None:
        return "Everyone passed; the hand was thrown in."
    who = seat_label(table, summary["bidder"], mention=False)
    contract = contract_title(summary.get("contract"), rules.layout.nello_name)
    result = "made it" if summary.get("made") else "was set"
    award = summary.get("award") or {}
    gains = []
    for team, amount in enumerate(next(iter(award.values()), [])):
        if amount:
            gains.append(f"{rules.team_names[team]} +{plural(amount, rules.scoring.rstrip('s'))}")
    text = f"{who} bid {bid_label(summary['bid'])}" + (f" in {contract}" if contract else "") + f" and {result}"
    return text + (f": {', '.join(gains)}." if gains else ".")


def hand_summary_text(table: Table, hand: Hand, number: int) -> str:
    """The summary of hand `number` (from 1) posted in the channel, with the game score after it."""
    summary = hand.summary()
    rules = table.rules
    lines = [f"**Hand {number}** · {title(table)} · table {table.id}", hand_result_sentence(table, hand)]
    if summary.get("bidder") is not None:
        points = " · ".join(f"{name} {p}" for name, p in zip(rules.team_names, summary["points"], strict=False))
        lines.append(f"Points this hand: {points}")
    lines.append(score_line(rules.scoring, rules.team_names, table.scores, rules.target))
    return "\n".join(lines)


def game_over_text(table: Table) -> str:
    """Winners, final score and how to play again."""
    assert table.game is not None and table.game.winner is not None
    rules = table.rules
    winner = table.game.winner
    players = [seat_label(table, s) for s in range(rules.players) if rules.team_of(s) == winner]
    lines = [
        f"**{title(table)}** · table {table.id} · game over after {plural(len(table.game.records), 'hand')}",
        f"🏆 **{rules.team_names[winner]} win**: {', '.join(players)}",
        "Final " + score_line(rules.scoring, rules.team_names, table.scores, rules.target),
    ]
    if table.rematch_id is not None:
        lines.append(f"Rematch: table {table.rematch_id}, below.")
    else:
        lines.append("Press **Rematch** to play again with the same seats.")
    return "\n".join(lines)


def calls_line(table: Table, view: dict) -> str:
    """`Calls: East pass · South 30 · West 31` while the auction is open (one round, from the dealer's left)."""
    if view["phase"] != "auction" or not view["calls"] or table.rules.preset == "big-game":
        return ""  # the Big Game's open auction skips players who passed: its calls are not one per seat
    players = table.rules.players
    said = [
        f"{table.seat_names[(view['dealer'] + 1 + i) % players]} {bid_label(call).lower() if call == 'pass' else bid_label(call)}"
        for i, call in enumerate(view["calls"])
    ]
    return "Calls: " + " · ".join(said)


def private_header(table: Table, seat: int) -> str:
    """`Table 3 in #general · hand 2 · you are North · Contract: Fives`."""
    assert table.hand is not None
    parts = [f"**{title(table)}** · table {table.id} in <#{table.channel_id}>", f"hand {table.hand_no + 1}",
             f"you are {table.seat_names[seat]}"]
    view = view_for(table.hand, seat, table.scores)
    if view["contract"]:
        parts.append(f"Contract: {contract_title(view['contract'], table.rules.layout.nello_name)}")
    return " · ".join(parts)


def turn_hint(table: Table, view: dict) -> str:
    """One line of context for a decision: the high bid, or the trick so far."""
    if view["phase"] == "auction":
        if view["bid"] is None:
            return "No bids yet."
        return f"High bid: {bid_label(view['bid'])} by {seat_label(table, view['bidder'], mention=False)}."
    if view["phase"] == "exchange" and table.rules.layout.exchange is not None:
        return table.rules.layout.exchange.describe  # e.g. Seventy-two's: no trump or count unless he must
    if view["phase"] == "play":
        if not view["trick"]:
            return "You lead."
        return "Trick: " + " · ".join(
            f"{seat_label(table, e['seat'], mention=False)} {tile_label(e['tile'])}" for e in view["trick"]
        )
    return ""


def private_text(table: Table, seat: int, view: dict) -> str:
    """A player's private message: the header and what the moment asks of them."""
    lines = [private_header(table, seat)]
    if view["legal"]:
        verb = PHASE_VERBS.get(view["phase"], "act")
        lines.append(f"**Your turn to {verb}.** {turn_hint(table, view)}".strip())
    elif seat in view["sitting_out"]:
        nello = table.rules.layout.nello_name.capitalize()
        lines.append(f"You sit out this hand: {seat_label(table, view['bidder'], mention=False)} plays {nello} alone.")
    elif (turn := table.turn()) is not None:
        lines.append(f"Waiting for {seat_label(table, turn)}.")
    return "\n".join(line for line in lines if line)


# ---------------------------------------------------------------------- absent players


def _who(table: Table, seat: int) -> str:
    row = table.seats.get(seat)
    compass = table.seat_names[seat]
    if row is None or row.user_id is None:
        return compass
    return f"<@{row.user_id}> ({compass})"


def reminder(table: Table, seat: int) -> str:
    """The channel's nudge when a turn's time runs out the first time."""
    left = describe_duration(table.settings.turn_seconds)
    return (f"⏰ {_who(table, seat)}, it's your turn at table {table.id}. "
            f"In {left} a computer plays it for you (`My hand` shows your controls).")


def reminder_dm(table: Table) -> str:
    """The same nudge, by DM."""
    left = describe_duration(table.settings.turn_seconds)
    return (f"⏰ It's your turn at table {table.id} in <#{table.channel_id}>. "
            f"In {left} a computer plays it for you.")


def taken_over(table: Table, seat: int, action: str) -> str:
    """A computer acted because the turn's time ran out twice."""
    return f"⌛ Time ran out: a computer {action_phrase(action, game_words(table.rules))} for {_who(table, seat)}."


def away(table: Table, seat: int) -> str:
    """Two turns in a row taken over: the seat is away."""
    return (f"💤 {_who(table, seat)} is away: a computer plays {table.seat_names[seat]} until they press "
            f"**{BACK_LABEL}** (or anything at the table).")


def back(table: Table, seat: int) -> str:
    """The away player came back."""
    return f"👋 {_who(table, seat)} is back and plays {table.seat_names[seat]} again."


def left(table: Table, seat: int, name: str | None) -> str:
    """A player left mid-game."""
    return f"🚪 {name or 'A player'} left the game: a computer plays {table.seat_names[seat]} from now on."


def idle_closed(table: Table) -> str:
    """The table's closing line when nobody played for too long."""
    idle = describe_duration(table.settings.idle_seconds)
    return f"This table was closed: nobody played for {idle}. Nothing was tallied."


def damaged(table_id: int, reason: str) -> str:
    """A table whose stored game could not be read after a restart."""
    return (f"⚠️ Table {table_id} can't be continued: its stored game is damaged ({reason}). "
            "It has been closed and nothing was tallied; start a new one with `/42 new`.")
