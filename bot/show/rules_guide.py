"""Each game in plain words, for `/42 rules`: how a hand goes, what the points are, and what each call and
contract the table allows means.

The engine's ``Rules.describe()`` says which rules are in force ("Bids 60 to 82 in steps of 2", "Pistol (a bid
of 1 mark or more …)"); a newcomer also needs to know what a trick, the count or a Pistol is. These lines are
built from the same rules (the layout and options, never the preset's name), so a house rule switched on
brings its explanation with it and one switched off takes it away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine import Rules

MESSAGE_LIMIT = 2000  # Discord's characters per message


def plain_words(rules: Rules) -> list[str]:
    """A few lines that explain the game of `rules` to someone who has never played it."""
    return [_how_a_hand_goes(rules), _points(rules), *_calls(rules), *_contracts(rules), _result(rules)]


def _how_a_hand_goes(rules: Rules) -> str:
    lay = rules.layout
    who = "their side" if lay.partners else "they"
    if lay.moon_bids:
        bid = f"bid how many tricks {who} will take; the high bidder names trumps and leads"
    elif lay.bids_name_trump:
        bid = f"bid how many points {who} will take, each bid naming its trump; the high bidder leads"
    else:
        bid = f"bid how many points {who} will take; the high bidder names trumps and leads"
    return (
        f"Each hand: deal, {bid}. Follow the suit led if you can (a tile's suit is its higher "
        "end; trumps are only trumps); the highest trump wins the trick, else the highest of the suit led."
    )


def _points(rules: Rules) -> str:
    lay = rules.layout
    values = lay.trick_values
    each = values[0]
    tricks = f"each trick is worth {each}" + (f", the last {values[-1]}" if values[-1] != each else "")
    if not lay.tiles.count:
        return f"No count: {tricks}, {lay.total} in all."
    ids = lay.tiles.ids
    count = {lay.tiles.names[t]: lay.tiles.points[t] for t in ids if lay.tiles.points[t]}
    tens = ", ".join(name for name, worth in sorted(count.items(), reverse=True) if worth == 10)
    fives = ", ".join(name for name, worth in sorted(count.items(), reverse=True) if worth == 5)
    copies = " (every copy)" if lay.tiles.copies > 1 else ""
    return (
        f"The count: {tens} are worth 10 points, {fives} are worth 5{copies}; {tricks}: "
        f"{lay.total} points in a hand."
    )


def _calls(rules: Rules) -> list[str]:
    lay, o = rules.layout, rules.options
    lines = []
    if lay.mark_bids:
        lowest = f"{lay.min_marks} mark{'s' if lay.min_marks > 1 else ''}"
        lines.append(f"A bid of {lowest} or more is a bid to take every trick.")
    if lay.moon_bids:
        lines.append(
            "Shooting the moon (21) is a bid to take every trick"
            + (", and shooting it over (42) outbids it." if o.shoot_over else ".")
        )
    doubles_bids = [b for b in lay.doubles_bids.values() if b.enabled(rules)]
    if doubles_bids:
        kinds = [b.kind.value.capitalize() for b in doubles_bids]
        names = " and ".join([", ".join(kinds[:-1]), kinds[-1]] if len(kinds) > 1 else kinds)
        lines.append(
            f"{names} are bids for a hand rich in doubles: the partner names trumps and leads, and "
            "the side must take every trick."
        )
    return lines


def _contracts(rules: Rules) -> list[str]:
    lay, o = rules.layout, rules.options
    lines = []
    if o.doubles_trump and not lay.bids_name_trump:
        lines.append("Doubles: the doubles are trumps, highest pips first; a double led calls for doubles.")
    if o.follow_me and not lay.bids_name_trump:
        lines.append("Follow me: no trumps; each trick goes to the highest tile of the suit led.")
    if o.nello != "off":
        alone = (
            "the bidder's partners lay their tiles down and sit out, and he "
            if lay.partners
            else "the bidder "
        )
        lines.append(f"{lay.nello_name.capitalize()}: {alone}must lose every trick.")
    if o.sevens:
        lines.append(
            f"Sevens: everyone must play the tile whose pips are closest to {o.sevens_target}; the "
            "closest takes the trick, the first played on a tie; the bidders must take every trick."
        )
    if o.sevens_trump:
        lines.append("Sevens trump: the tiles whose pips total seven are the trump suit.")
    if lay.count_trump_bid and o.count_trump:
        lines.append("Count as trump: on a bid of 51 the count tiles are the trump suit, tens over fives.")
    return lines


def _result(rules: Rules) -> str:
    partners = rules.layout.partners
    if rules.scoring == "points":
        who = "each side keeps its own" if partners else "each player keeps their own"
        return f"Points add up over the hands ({who} score); the first to {rules.target} wins the game."
    others = "the other side" if partners else "each of the others"
    return (
        f"A bid made wins its marks (a point bid 1 mark), a bid set gives them to {others}; the first to "
        f"{rules.target} marks wins the game."
    )


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
