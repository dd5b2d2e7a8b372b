"""Why a request about a tournament is turned down: `Refused` carries the reason (`Why`) and the name its
sentence needs; the sentence itself is the presentation's (`bot.show.tournament_replies`)."""

from __future__ import annotations

import enum


class Why(enum.Enum):
    """The reasons a tournament request is refused (each value a short phrase for logs)."""

    # signing up
    YOURSELF = "one can't partner oneself"
    IN_A_TEAM = "already in a team"
    PARTNER_IN_A_TEAM = "the partner is in a team"
    PARTNER_A_BOT = "the partner is a bot"
    NOT_SIGNED_UP = "not signed up"
    ALREADY_ALONE = "already signed up alone"
    NO_INVITATION = "no such invitation"
    FULL = "the field is full"
    CLUB_ALONE = "a club night's players join alone"
    CLUB_NO_COMPUTER_TEAMS = "a club night has no computer teams"
    # the tournament
    CHANNEL_BUSY = "the channel has a tournament"
    NOT_IN_A_THREAD = "tournaments run in a channel"
    NO_TOURNAMENT = "no tournament here"
    STARTED = "the tournament has started"
    OVER = "the tournament is over"
    ORGANISER_ONLY = "only its organiser"
    RUNNERS_ONLY = "only Manage Server or the organiser role"
    TOO_FEW = "too few entrants"  # name: how many it needs
    BAD_NOSHOW = "noshow unreadable"  # name: what was typed
    BAD_NAME = "no name"
    BUSY = "the tournament kept changing"
    UNKNOWN_BUTTON = "unknown button"


class Refused(Exception):
    """A tournament request turned down, and why; nothing changed. `name` is the other player's name, or
    the fact the sentence needs."""

    def __init__(self, why: Why, name: str = ""):
        super().__init__(why.value)
        self.why = why
        self.name = name
