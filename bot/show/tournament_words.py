"""Words players read about a tournament: its format, the brackets and their rounds, what stands in for a team
not yet known, the winners, the standings' headings, and the pages of a large bracket."""

from __future__ import annotations

from bot.pictures.counts import plural

FORMAT_WORDS = {
    "pools": "Pools, then double elimination",
    "double": "Double elimination",
    "single": "Single elimination",
    "round-robin": "Round robin",
    "club": "Club night",
}
WINNERS_BRACKET = "Winners' bracket"
LOSERS_BRACKET = "Losers' bracket"
ONLY_BRACKET = "Bracket"
FINAL = "Final"
CONSOLATION = "Consolation bracket"
BYE = "bye"
POOL_COLUMNS = ("W", "L", "For", "Agst")
CLUB_COLUMNS = ("Won", "Marks")
BY_DRAW = "by draw"
STANDINGS = "Standings"  # a round robin's one table, a club night's
COMPUTER = "computer"


def subtitle(format: str, entrants: int, best_of: int, target: int) -> str:
    """ "Double elimination · 16 teams · best of 3 · games to 7"."""
    who = "players" if format == "club" else "teams"
    parts = [FORMAT_WORDS.get(format, format), f"{entrants} {who}"]
    if best_of > 1 and format != "club":
        parts.append(f"best of {best_of}")
    parts.append(f"games to {target}")
    return " · ".join(parts)


def round_title(round_no: int, rounds: int, double: bool, losers: bool = False) -> str:
    """A round's heading: "Round 1", "Quarter-finals", "Semi-finals", "Final" (in double elimination the
    winners' and losers' last rounds are their brackets' finals; the final proper is its own)."""
    left = rounds - round_no
    if losers:
        return "Losers' final" if left == 0 else f"Round {round_no}"
    if left == 0:
        return "Winners' final" if double else "Final"
    if left == 1:
        return "Semi-finals"
    if left == 2:
        return "Quarter-finals"
    return f"Round {round_no}"


def stand_in(kind: str, ref: str, place: int) -> str:
    """What a side not yet known shows: "winner W1-3", "loser W2-1", "pool A, 2nd"."""
    if kind == "winner":
        return f"winner {ref}"
    if kind == "loser":
        return f"loser {ref}"
    if kind == "place":
        return f"pool {ref}, {ordinal(place)}"
    return BYE


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, … 21st."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def champion_line(name: str, club: bool = False) -> str:
    """ "Champion: Ada & Basil" (at a club night, the night's winner)."""
    return f"{'Winner of the night' if club else 'Champion'}: {name}"


def consolation_line(name: str) -> str:
    """ "Consolation: Cleo & Dee"."""
    return f"Consolation: {name}"


def pool_title(name: str) -> str:
    """ "Pool A"."""
    return f"Pool {name}"


def pool_note(played: int, total: int, going_on: int) -> str:
    """How far a pool has got, and who goes on."""
    progress = "all matches played" if played == total else f"{played} of {total} matches played"
    return f"{progress} · top {going_on} to the championship" if going_on else progress


def club_note(played: int, total: int) -> str:
    """How far a club night has got."""
    return "all games played" if played == total else f"{played} of {plural(total, 'game')} played"


def sat_out(count: int) -> str:
    """ "sat out 2"."""
    return f"sat out {count}"


def page_footer(page: int, pages: int, earlier: bool = False) -> str:
    """ "Page 1 of 3", and on the first page of a bracket whose earliest rounds come last, "· earlier
    rounds on the pages after"."""
    later = " · earlier rounds on the pages after" if earlier and page == 1 and pages > 1 else ""
    return f"Page {page} of {pages}{later}" if pages > 1 else ""


def rows_title(title: str, first: int, last: int) -> str:
    """A long round split across columns: "Round 1 · 9–16"."""
    return f"{title} · {first}–{last}"
