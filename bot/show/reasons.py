"""Why the strong player chose a tile or a call, in one sentence a beginner can follow.

The facts come from ``engine.ai.reasons`` (built from the player's own view and the strong player's search
on it, so nothing hidden is ever named): what the tile does in its trick, the trumps still out, who has
shown out of a suit, and the search's figures — in how many of the deals it tried (the hidden tiles dealt
in every way that fits what the player has seen) the side reaches its goal after this tile and after the
one it is compared with. A call's reason names the hand's best trump and its tiles, and the bidding
table's chance, read as deals of ten.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.pictures.counts import plural
from engine.ai import reasons
from engine.ai.reasons import BidReason, PlayReason

SEEN = {False: "you've seen", True: "you saw"}  # a hint speaks now; a review of a finished hand
IN_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def seat_words(names: Sequence[str], teams: Sequence[int], viewer: int) -> tuple[str, ...]:
    """How a reason names each seat to ``viewer``: "you", "your partner Bob", or the player's name."""
    return tuple(
        "you" if s == viewer else f"your partner {name}" if teams[s] == teams[viewer] else name
        for s, name in enumerate(names)
    )


def in_words(n: int) -> str:
    """Small numbers as words ("two more sixes"), larger ones as figures."""
    return IN_WORDS[n] if 0 <= n < len(IN_WORDS) else str(n)


def one_of(suit: str) -> str:
    """A suit's name for one tile of it: "sixes" -> "six", "doubles" -> "double", "7s" -> "7"."""
    return suit[:-2] if suit.endswith("xes") else suit.removesuffix("s")


def _count(n: int, lead: str = " and its") -> str:
    return f"{lead} {n} count" if n else ""


def _threats(why: PlayReason) -> str:
    """What may still beat the tile: "2 tiles still out can" (a seat still to play may hold them)."""
    return f"{plural(why.beaters_out, 'tile')} still out can" if why.beaters_out else "a later seat may"


def role_clause(why: PlayReason) -> str:
    """What the tile does in its trick, with "it" for the tile (to follow "because")."""
    role, suit, trump = why.role, why.suit, why.trump or "trumps"
    if role == reasons.DRAW_TRUMP:
        if why.trumps_out == 1:
            return "it draws the last trump still out, so nobody can trump your winners after it"
        out = f"{why.trumps_out} {trump} are still out"
        return f"it draws trump ({out}), so the other side has fewer left to trump your winners with"
    if role == reasons.CASH:
        safe = f", so its {why.tile_count} count is safe" if why.tile_count else ""
        return f"nothing still out can beat it{safe}"
    if role == reasons.LEAD:
        risk = f"with its {why.tile_count} count" if why.tile_count else "without risking any count"
        return f"it leads {suit} {risk}, though {_threats(why)} beat it"
    if role == reasons.TAKE:
        return f"it takes the trick{_count(why.trick_count)}: nobody still to play can beat it"
    if role == reasons.TRY:
        return f"it goes for the trick{_count(why.trick_count)}, though {_threats(why)} beat it"
    if role == reasons.FEED:
        return (
            f"your partner is sure to win this trick, so it adds its {why.tile_count} count "
            f"({why.trick_count} in the trick)"
        )
    if role == reasons.TRUMP_IN:
        safe = "nothing still out can trump over it" if why.sure else "a later seat may still trump over it"
        return f"it trumps the {suit} lead{_count(why.trick_count, ', taking')}, and {safe}"
    gives = f"its {why.tile_count} count" if why.tile_count else "no count"
    if role == reasons.THROW_OFF:
        return f"you can't follow {suit}, and it gives away {gives}"
    return f"it follows {suit}, giving away {gives}"


def together(items: Sequence[str]) -> str:
    """Items in a sentence: `a`, `a and b`, `a, b and c`."""
    return " and ".join(items) if len(items) < 3 else f"{', '.join(items[:-1])} and {items[-1]}"


def voids_clause(why: PlayReason, seats: Sequence[str]) -> str:
    """Who has shown out of the tile's suit or of trump: "East has no sixes left" (known from a failed
    follow, so from the player's own view)."""
    by_suit: dict[str, list[str]] = {}
    for seat, suit in why.voids:
        by_suit.setdefault(suit, []).append(seats[seat] if seat < len(seats) else f"seat {seat + 1}")
    return "; ".join(
        f"{together(who)} {'has' if len(who) == 1 else 'have'} no {suit} left"
        for suit, who in by_suit.items()
    )


def figures_clause(why: PlayReason, yours: bool = False, past: bool = False) -> str:
    """The search's figures in words: "in 20 of 24 deals that fit what you've seen, your side makes 30
    after it, after 6-5 in only 14" (``yours``: the compared tile is the one the player played)."""
    if why.made is None or not why.deals:
        if why.source == "policy":
            return "judged at a glance: there was no time to try deals"
        return "by rule of thumb: there was no time to try deals" if why.source == "rules" else ""
    goal = f"makes {why.bid}" if why.goal == "make" and why.bid else "makes the bid"
    if why.goal == "set":
        goal = f"sets the {why.bid} bid" if why.bid else "sets the bid"
    fit = f"deals that fit what {SEEN[past]}"
    other = f"your {why.other}" if yours else why.other
    made, deals, against = why.made, why.deals, why.other_made
    if other is not None and against == made:
        if made in (0, deals):
            how = "every one of" if made else "none of the"
            text = f"your side {goal} in {how} {deals} {fit}, after it or after {other}"
        else:
            text = f"in {made} of {deals} {fit}, your side {goal} after it, and after {other} too"
        edge = why.points_edge
        if edge and round(edge):
            more = "more point" if edge > 0 else "fewer point"
            text += f", but it takes {plural(abs(round(edge)), more)} on average"
        else:
            text += ", so either will do"
        return text
    text = f"in {made} of {deals} {fit}, your side {goal} after it"
    if other is not None and against is not None:
        text += f", after {other} in {'none' if not against else f'only {against}' if against < made else against}"
    return text


def play_sentence(why: PlayReason, seats: Sequence[str], *, yours: bool = False, past: bool = False) -> str:
    """The whole reason for a tile, "it" for the tile: what it does; who is out of what; the figures."""
    parts = [role_clause(why)]
    voids = voids_clause(why, seats)
    if voids:
        parts.append(voids)
    figures = figures_clause(why, yours, past)
    if figures:
        parts.append(figures)
    return "; ".join(parts)


def _once(tiles: Sequence[str]) -> list[str]:
    """Tiles named once each, a tile held twice (the games of two sets) as "two 3-3s"."""
    return [tile if tiles.count(tile) == 1 else f"two {tile}s" for tile in dict.fromkeys(tiles)]


def held_words(why: BidReason) -> str:
    """The hand as a bid reads it: "6-6, 6-4 and two more sixes, 4-4 as another double and 5-5 for count"."""
    suit = (why.trump or "").lower()
    words = []
    trumps = _once(why.trumps)
    if trumps:
        named = trumps[:2]
        rest = len(why.trumps) - sum(2 if t.startswith("two ") else 1 for t in named)
        more = f"{in_words(rest)} more {suit if rest > 1 else one_of(suit)}"
        words.append(together([*named, more]) if rest else f"{together(named)} in {suit}")
    plain = [d for d in why.doubles if d not in why.trumps]
    others, one = _once(plain), len(plain) == 1
    if others and why.trumps:
        words.append(together(others) + (" as another double" if one else " as other doubles"))
    elif others:
        words.append(("the double " if one else "the doubles ") + together(others))
    count = _once([c for c in why.count if c not in why.trumps and c not in why.doubles])
    if count:
        words.append(together(count) + " for count")
    if len(words) > 1:  # the groups have "and"s of their own: the last one comes after a comma
        return f"{', '.join(words[:-1])}, and {words[-1]}"
    return words[0] if words else "this hand"


def bid_sentence(why: BidReason) -> str:
    """The reason for a call, to follow "because": "with 6-6, 6-4 and two more sixes, 30 with sixes trump
    makes in about 8 of 10 deals with a hand like yours"."""
    trump = (why.trump or "").lower()
    hand = held_words(why)
    like = "deals with a hand like yours"
    if why.call == "pass":
        said = f"your partner holds the bid at {why.partner_bid}" if why.partner_bid is not None else ""
        if why.lowest is None or why.level is None or not trump:
            return said or f"with {hand} no bid has a fair chance here"
        ten = round(10 * why.lowest)
        if ten < 5:
            chance = f"even {why.level} with {trump} trump makes in only about {ten} of 10 {like} ({hand})"
        else:
            chance = (
                f"{why.level} with {trump} trump would make in about {ten} of 10 {like} ({hand}), but the "
                "strong player judged passing the better risk"
            )
        return f"{said}, and {chance}" if said else chance
    if not trump:
        return f"of what the hand holds: {hand}"
    if why.in_ten is None:
        return f"with {hand}, {trump} trump is the hand's best"
    said = f"with {hand}, {why.call} with {trump} trump makes in about {why.in_ten} of 10 {like}"
    if why.must_bid:
        return f"{said}, and the dealer must bid when everyone else has passed"
    if why.in_ten < 5:
        return f"{said}: not often, but the strong player judged the bid worth the risk"
    return said


def estimate_words(estimate: float, past: bool = False) -> str:
    """A bare estimate explained: "your side makes the bid in 72 of 100 deals that fit what you've seen"."""
    return f"your side makes the bid in {round(100 * estimate)} of 100 deals that fit what {SEEN[past]}"
