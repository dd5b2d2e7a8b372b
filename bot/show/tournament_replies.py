"""Every sentence a tournament says to one person, and what it posts in a match's thread: refusals, what a
sign-up click did, a partner's invitation, the thread's name and the players' call to their table."""

from __future__ import annotations

from bot.tournaments.model import CLUB, CONSOLATION, FINAL, LOSERS, POOL, Match, Tournament
from bot.tournaments.record import Stored
from bot.tournaments.refusal import Refused, Why

from .wording import plural

THREAD_NAME_LIMIT = 100  # Discord's characters in a thread's name

REFUSALS: dict[Why, str] = {
    Why.YOURSELF: "You can't be your own partner.",
    Why.IN_A_TEAM: "You're already in a team: `Leave` first to change partners.",
    Why.PARTNER_IN_A_TEAM: "{name} is already in a team.",
    Why.PARTNER_A_BOT: "Computers join as whole teams (`Add computer team`, the organiser's button).",
    Why.NOT_SIGNED_UP: "You haven't signed up for this tournament.",
    Why.ALREADY_ALONE: "You've already joined alone: a partner is drawn for you at Start.",
    Why.NO_INVITATION: "That invitation isn't open any more.",
    Why.FULL: "The field is full.",
    Why.CLUB_ALONE: "At a club night everyone joins alone: partners change every round.",
    Why.CLUB_NO_COMPUTER_TEAMS: "A club night has no computer teams: `options:fill=computers` fills its tables.",
    Why.CHANNEL_BUSY: "This channel already has a tournament: `/42 tournament end` it first.",
    Why.NOT_IN_A_THREAD: "A tournament runs in a channel (its matches get threads of it), not in a thread.",
    Why.NO_TOURNAMENT: "There's no tournament in this channel.",
    Why.STARTED: "The tournament has started: sign-up is closed.",
    Why.OVER: "This tournament is over.",
    Why.ORGANISER_ONLY: "Only the tournament's organiser, or someone with **Manage Server**, can do that.",
    Why.RUNNERS_ONLY: "Only members with **Manage Server** or this server's organiser role can run tournaments.",
    Why.TOO_FEW: "It takes at least {name} entrants to start.",
    Why.BAD_NOSHOW: "`noshow` is a time like `10m`, `90s` or `1h`, or `off` ({name}).",
    Why.BAD_NAME: "A tournament needs a name.",
    Why.BUSY: "The tournament changed just now; please try again.",
    Why.UNKNOWN_BUTTON: "That button isn't one I know.",
}
GONE = "That tournament isn't running any more."
WHO_IS_YOUR_PARTNER = "Who is your partner? They're asked privately and join once they accept."
PARTNER_MENU = "Choose your partner"


def refusal(refused: Refused) -> str:
    """What the person who asked reads."""
    return REFUSALS[refused.why].format(name=refused.name)


# ---------------------------------------------------------------------- signing up


def opened(stored: Stored) -> str:
    """`/42 tournament new`'s private answer."""
    return f"**{stored.name}** is open for sign-up: the tournament message is below in this channel."


def joined_alone(stored: Stored) -> str:
    """After `Join alone`."""
    if stored.settings.club:
        return f"You're in **{stored.name}**: a new partner each round."
    return f"You're in **{stored.name}**: a partner is drawn for you at Start."


def asked(partner: str) -> str:
    """After naming a partner, when they were asked privately."""
    return f"I've asked {partner} privately; you're a team once they accept."


def asked_but_no_dm(partner: str) -> str:
    """After naming a partner whose DMs are closed."""
    return (
        f"I couldn't message {partner} privately: ask them to click `Join with partner` and choose you "
        "(that makes you a team at once)."
    )


def teamed(partner: str, name: str) -> str:
    """When a team is made (an Accept, or two players who named each other)."""
    return f"You and {partner} are a team in **{name}**."


def invitation(joiner: str, name: str, channel_id: int) -> str:
    """The DM asking a partner to accept."""
    return (
        f"{joiner} asks you to be their partner in **{name}** (<#{channel_id}>). `Accept` to join as a team."
    )


def left(stored: Stored, partner: str | None) -> str:
    """After `Leave`."""
    if partner is not None:
        return f"You've left **{stored.name}**; {partner} stays signed up alone."
    return f"You've left **{stored.name}**."


def computer_team_added(count: int) -> str:
    """After `Add computer team`."""
    return f"Added: {plural(count, 'computer team')} now."


def started(stored: Stored) -> str:
    """After `Start`."""
    return f"**{stored.name}** has started: the seeds are drawn and the first matches are opening."


def ended(stored: Stored) -> str:
    """After `/42 tournament end`."""
    return f"**{stored.name}** is ended. Finished matches keep their results."


def tournaments_line(played: int, won: int) -> str:
    """`/42 stats`' line of the finished tournaments and club nights a player played here, and won (a
    line of its own after the record's text; nothing if none)."""
    if not played:
        return ""
    return f"\nTournaments played: {played} · won: {won}"


# ---------------------------------------------------------------------- a match's thread


def round_label(match: Match) -> str:
    """ "R1", "Pool A R2", "Losers R3", "Final", "Consolation R1"."""
    if match.stage == POOL:
        return f"Pool {match.group} R{match.round}"
    if match.stage == LOSERS:
        return f"Losers R{match.round}"
    if match.stage == FINAL:
        return "Final"
    if match.stage == CONSOLATION:
        return f"Consolation R{match.round}"
    return f"R{match.round}"


def side_name(tournament: Tournament, match: Match, side: int) -> str:
    """A side's name: the team's, or at a club night the two partners'."""
    names = [tournament.name_of(e) for e in match.sides[side]]
    return " & ".join(names)


def thread_name(tournament: Tournament, match: Match) -> str:
    """ "R1 · Ada & Basil vs Cleo & Dee", cut to Discord's 100 characters."""
    name = f"{round_label(match)} · {side_name(tournament, match, 0)} vs {side_name(tournament, match, 1)}"
    return name if len(name) <= THREAD_NAME_LIMIT else name[: THREAD_NAME_LIMIT - 1] + "…"


def call_to_table(stored: Stored, match: Match, game: int, mentions: tuple[list[int], list[int]]) -> str:
    """The post in a match's thread when its game's table opens, mentioning its players (side 0 sits
    North and South, side 1 East and West)."""
    tournament = stored.record.tournament
    assert tournament is not None
    sides = []
    for side, seats in ((0, "North–South"), (1, "East–West")):
        people = " ".join(f"<@{user}>" for user in mentions[side])
        name = side_name(tournament, match, side)
        sides.append(f"{name} ({seats}{', ' + people if people else ''})")
    lines = [f"**{thread_name(tournament, match)}** · {stored.name}", f"{sides[0]} vs {sides[1]}"]
    if match.first_to > 1:
        lines.append(f"Game {game} · first to {plural(match.first_to, 'game')}.")
    if game == 1 or match.stage == CLUB:
        lines.append("Your table is open below: your hands come by DM (or `My hand`).")
    else:
        lines.append("The next game's table is open below.")
    noshow = stored.settings.noshow
    if noshow is not None and any(mentions):
        lines.append(f"A team with no move at the table within {_duration(noshow)} forfeits the match.")
    return "\n".join(lines)


def _duration(seconds: int) -> str:
    for unit, word in ((3600, "hour"), (60, "minute")):
        if seconds % unit == 0:
            return plural(seconds // unit, word)
    return plural(seconds, "second")
