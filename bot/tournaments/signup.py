"""Signing up for a tournament, as plain data: teams of two (the partner has accepted), players who joined
alone (partners drawn at Start), a partner's invitation waiting for their `Accept`, and computer teams.

Each operation takes a sign-up and returns the next one, or raises `Refused` saying why (nothing
changed). At Start, `entrants` turns the sign-up into the tournament's entrants: the teams as they came, the
players alone paired by lot (an odd one out gets a computer partner), the computer teams; at a club night,
every player on their own (and computers to make a multiple of four, with `fill=computers`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from .draw import partner_draw
from .model import Entrant
from .refusal import Refused, Why

MOST_TEAMS = 128  # a tournament's largest field (the State Championship draws about 140)
MOST_PLAYERS = 64  # a club night's
COMPUTER = "computer"  # the player key of a computer (a team's, or a human's drawn partner)


@dataclass(frozen=True)
class Player:
    """A person signing up: their Discord id and the name shown."""

    user_id: int
    name: str


@dataclass(frozen=True)
class SignUp:
    """Who has signed up: `teams` (two players each, in the order they formed), players `alone`, the
    invitations `asked` ((who asked, whom), waiting for the second to accept) and the computer teams."""

    teams: tuple[tuple[Player, Player], ...] = ()
    alone: tuple[Player, ...] = ()
    asked: tuple[tuple[Player, Player], ...] = ()
    computer_teams: int = 0

    def team_of(self, user_id: int) -> tuple[Player, Player] | None:
        """The user's team, if they are in one."""
        return next((team for team in self.teams if user_id in (team[0].user_id, team[1].user_id)), None)

    def is_alone(self, user_id: int) -> bool:
        """Whether the user joined alone."""
        return any(player.user_id == user_id for player in self.alone)

    def signed_up(self, user_id: int) -> bool:
        """Whether the user is in a team, alone, or has asked someone to partner them."""
        return (
            self.team_of(user_id) is not None
            or self.is_alone(user_id)
            or any(who.user_id == user_id for who, _ in self.asked)
        )

    def size(self, club: bool) -> int:
        """How many entrants this makes so far: teams (a computer partner for an odd player alone), or at a
        club night players."""
        if club:
            return len(self.alone)
        return len(self.teams) + (len(self.alone) + 1) // 2 + self.computer_teams

    def humans(self) -> tuple[Player, ...]:
        """Everyone signed up, teams first."""
        return (*(p for team in self.teams for p in team), *self.alone)


def ask(signup: SignUp, joiner: Player, partner: Player, *, club: bool = False) -> SignUp:
    """`joiner` asks `partner` to be their partner (replacing any earlier ask of theirs; out of the players
    alone). If `partner` had asked `joiner`, that is their answer: they are a team at once."""
    if club:
        raise Refused(Why.CLUB_ALONE)
    if partner.user_id == joiner.user_id:
        raise Refused(Why.YOURSELF)
    if signup.team_of(joiner.user_id) is not None:
        raise Refused(Why.IN_A_TEAM)
    if signup.team_of(partner.user_id) is not None:
        raise Refused(Why.PARTNER_IN_A_TEAM, partner.name)
    if (partner.user_id, joiner.user_id) in _asks(signup):
        return accept(signup, joiner.user_id, partner.user_id)
    _room(signup, joiner.user_id, club)
    asked = tuple(pair for pair in signup.asked if pair[0].user_id != joiner.user_id)
    alone = tuple(p for p in signup.alone if p.user_id != joiner.user_id)
    return replace(signup, asked=(*asked, (joiner, partner)), alone=alone)


def accept(signup: SignUp, partner_id: int, joiner_id: int) -> SignUp:
    """`partner_id` accepts `joiner_id`'s invitation: they are a team (every other invitation of either
    goes), each under the name they had when it was made."""
    invitation = next(
        (pair for pair in signup.asked if pair[0].user_id == joiner_id and pair[1].user_id == partner_id),
        None,
    )
    if invitation is None:
        raise Refused(Why.NO_INVITATION)
    if signup.team_of(partner_id) is not None:
        raise Refused(Why.IN_A_TEAM)
    joiner, partner = invitation
    both = {joiner.user_id, partner.user_id}
    return replace(
        signup,
        teams=(*signup.teams, (joiner, partner)),
        alone=tuple(p for p in signup.alone if p.user_id not in both),
        asked=tuple(pair for pair in signup.asked if not {pair[0].user_id, pair[1].user_id} & both),
    )


def join_alone(signup: SignUp, player: Player, *, club: bool = False) -> SignUp:
    """`player` joins alone (their invitations withdrawn): partnered by lot at Start."""
    if signup.team_of(player.user_id) is not None:
        raise Refused(Why.IN_A_TEAM)
    if signup.is_alone(player.user_id):
        raise Refused(Why.ALREADY_ALONE)
    _room(signup, player.user_id, club)
    asked = tuple(pair for pair in signup.asked if pair[0].user_id != player.user_id)
    return replace(signup, alone=(*signup.alone, player), asked=asked)


def leave(signup: SignUp, user_id: int) -> tuple[SignUp, Player | None]:
    """The user leaves: out of their team (their partner stays, alone), the players alone, and every
    invitation from or to them. Returns the new sign-up and the partner left alone, if any."""
    team = signup.team_of(user_id)
    if team is None and not signup.signed_up(user_id):
        raise Refused(Why.NOT_SIGNED_UP)
    partner = None
    teams = signup.teams
    alone = tuple(p for p in signup.alone if p.user_id != user_id)
    if team is not None:
        partner = team[1] if team[0].user_id == user_id else team[0]
        teams = tuple(t for t in teams if t is not team)
        alone = (*alone, partner)
    asked = tuple(pair for pair in signup.asked if user_id not in (pair[0].user_id, pair[1].user_id))
    return replace(signup, teams=teams, alone=alone, asked=asked), partner


def add_computer_team(signup: SignUp) -> SignUp:
    """One more team of computers."""
    if signup.size(False) >= MOST_TEAMS:
        raise Refused(Why.FULL)
    return replace(signup, computer_teams=signup.computer_teams + 1)


def entrants(signup: SignUp, club: bool, rng: random.Random, *, computers: int = 0) -> list[Entrant]:
    """The tournament's entrants at Start (numbered in order): see the module docstring; `computers` more
    players at a club night. The partners drawn come from `rng` (the draw is recorded with the tournament:
    these entrants are kept)."""
    found: list[Entrant] = []

    def add(name: str, players: tuple[str, ...], computer: bool = False) -> None:
        found.append(Entrant(len(found), name, players, computer))

    if club:
        for player in signup.humans():
            add(player.name, (str(player.user_id),))
        for number in range(computers):
            add(f"Computer {number + 1}", (f"{COMPUTER}:{number + 1}",), True)
        return found
    for one, two in signup.teams:
        add(team_name(one.name, two.name), (str(one.user_id), str(two.user_id)))
    for one, other in partner_draw(list(signup.alone), rng):
        if other is None:
            add(team_name(one.name, None), (str(one.user_id), COMPUTER))
        else:
            add(team_name(one.name, other.name), (str(one.user_id), str(other.user_id)))
    for number in range(signup.computer_teams):
        add(f"Computers {number + 1}", (COMPUTER, COMPUTER), True)
    return found


def team_name(one: str, two: str | None) -> str:
    """ "Ada & Basil"; a player with a computer partner: "Ada & computer"."""
    return f"{one} & {two if two is not None else COMPUTER}"


def _asks(signup: SignUp) -> set[tuple[int, int]]:
    return {(who.user_id, whom.user_id) for who, whom in signup.asked}


def _room(signup: SignUp, user_id: int, club: bool) -> None:
    """Refuse a newcomer when the field is full (someone already counted may change how they joined)."""
    if signup.signed_up(user_id):
        return
    if signup.size(club) >= (MOST_PLAYERS if club else MOST_TEAMS):
        raise Refused(Why.FULL)
