"""What a tournament shows, as plain data: its message in the channel (the text, the bracket or standings
pictures, the sign-up buttons) and the whole of it in text for `/42 tournament status`.

The message keeps within Discord's 2,000 characters: its text gives the state, who is playing where, the
latest results and what comes next, shortened as the field grows (the pictures and `/42 tournament status`
carry the rest: every match, the pools' tables, the draws).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.pictures.tournament_scenes import OPEN, BracketScene
from bot.tournaments.model import CLUB, NOBODY, Match, Tournament
from bot.tournaments.progress import champion, consolation_winner, ready_matches
from bot.tournaments.record import ENDED, FINISHED, RUNNING, SIGNUP, Stored
from bot.tournaments.standings import club_standings, pool_complete, pool_standings
from engine import Rules

from . import tournament_ids as ids
from . import tournament_words as words
from .messages import MESSAGE_LIMIT
from .screens import ButtonSpec, Picture
from .tournament_replies import round_label, side_name
from .tournament_scenes import bracket_pages, standings_pages
from .wording import plural

MOST_PICTURES = 4  # pages on the message (Discord takes 10; each is drawn again at every change)
SHOWN_PLAYING = 8
SHOWN_RESULTS = 6
STATUS = "Everything: `/42 tournament status`."


@dataclass(frozen=True)
class TournamentScreen:
    """The tournament message: its text, its pictures (bracket or standings pages) and its buttons."""

    text: str
    pictures: tuple[Picture, ...] = ()
    buttons: tuple[ButtonSpec, ...] = ()


def tournament_screen(stored: Stored) -> TournamentScreen:
    """The tournament message as the tournament stands."""
    head = _head(stored)
    if stored.status == SIGNUP or stored.record.tournament is None:
        return TournamentScreen(_fit([*head, *_signup_lines(stored)]), (), signup_buttons(stored))
    tournament = stored.record.tournament
    detail = [*_playing(stored, tournament), *_results(tournament), *_next(tournament)]
    return TournamentScreen(_fit([*head, *detail], tail=STATUS), pictures(stored))


def signup_buttons(stored: Stored) -> tuple[ButtonSpec, ...]:
    """`Join with partner`, `Join alone`, `Leave`, and the organiser's `Add computer team` and `Start`
    (a club night's players join alone, and it has no computer teams)."""
    club = stored.settings.club
    tid = stored.id
    buttons = [] if club else [ButtonSpec(ids.make(tid, ids.PAIR), "Join with partner", "primary")]
    buttons += [
        ButtonSpec(ids.make(tid, ids.ALONE), "Join alone", "primary"),
        ButtonSpec(ids.make(tid, ids.LEAVE), "Leave"),
    ]
    if not club:
        buttons.append(ButtonSpec(ids.make(tid, ids.COMPUTER), "Add computer team"))
    buttons.append(ButtonSpec(ids.make(tid, ids.START), "Start", "success"))
    return tuple(buttons)


def accept_button(stored: Stored, joiner_id: int) -> ButtonSpec:
    """The partner's `Accept` on the invitation."""
    return ButtonSpec(ids.make(stored.id, ids.ACCEPT, joiner_id), "Accept", "success")


def pictures(stored: Stored) -> tuple[Picture, ...]:
    """The bracket's pages, or the standings' (a round robin, a club night, pools still playing), as many as
    `shown_pages` picks (where the matches are being played), each named by its page number."""
    tournament = stored.record.tournament
    if tournament is None:
        return ()
    in_pools = tournament.pools and not all(pool_complete(tournament, p.name) for p in tournament.pools)
    if tournament.format in ("round-robin", CLUB) or in_pools:
        pages: Sequence[object] = standings_pages(tournament, stored.name)
        renderer, filename = "render_standings", "standings"
    else:
        pages = bracket_pages(tournament, stored.name)
        renderer, filename = "render_bracket", "bracket"
    return tuple(Picture(renderer, pages[n], f"{filename}-{n + 1}.png") for n in shown_pages(pages))


def shown_pages(pages: Sequence[object]) -> list[int]:
    """Which pages the message carries (their indexes, in order): all up to `MOST_PICTURES`, past that the
    pages with a match to play first, then the first pages."""
    first = sorted(range(len(pages)), key=lambda n: (not _playing_on(pages[n]), n))
    return sorted(first[:MOST_PICTURES])


def _playing_on(page: object) -> bool:
    """Whether a bracket page shows a match open to play."""
    if not isinstance(page, BracketScene):
        return False
    return any(box.state == OPEN for s in page.sections for c in s.columns for box in c.matches)


def status_lines(stored: Stored) -> list[str]:
    """The whole tournament in text: its state, the draws, the pools' or the night's standings, and every
    match with its result or where it stands (`/42 tournament status`, sent in pieces as long as it is)."""
    lines = _head(stored)
    tournament = stored.record.tournament
    if tournament is None:
        return [*lines, *_signup_lines(stored)]
    seeds = " · ".join(f"{n} {tournament.name_of(e)}" for n, e in enumerate(tournament.seeds, start=1))
    lines.append(f"Seeds (drawn by lot at Start): {seeds}")
    lines.append("Draw for ties: " + ", ".join(tournament.name_of(e) for e in tournament.lots))
    if tournament.format == CLUB:
        lines.append("**Standings** (games won, marks)")
        for place, line in enumerate(club_standings(tournament), start=1):
            lines.append(f"{place}. {tournament.name_of(line.entrant)}: {line.wins}, {line.marks_for}")
    for pool in tournament.pools:
        lines.append(f"**{words.pool_title(pool.name)}** (won–lost, marks for–against)")
        for place, line in enumerate(pool_standings(tournament, pool.name), start=1):
            tie = f" ({words.BY_DRAW})" if line.drawn else ""
            lines.append(
                f"{place}. {tournament.name_of(line.entrant)}: {line.wins}–{line.losses}, "
                f"{line.marks_for}–{line.marks_against}{tie}"
            )
    lines.append("**Matches**")
    lines += [match_line(stored, tournament, match) for match in tournament.matches]
    return lines


def match_line(stored: Stored, tournament: Tournament, match: Match) -> str:
    """One match: "`W1-2` R1 · **Ada & Basil** 7–3 Cleo & Dee", or who plays whom and where, or what its
    sides wait for."""
    label = f"`{match.id}` {round_label(match)} ·"
    names = [_side(tournament, match, side) for side in (0, 1)]
    if match.is_bye:
        present = names[0] if match.feeds[1].kind == NOBODY else names[1]
        return f"{label} {present}: {words.BYE}"
    winner = match.winner_side
    if winner is not None:
        names[winner] = f"**{names[winner]}**"
        return f"{label} {names[0]} {_score(match)} {names[1]}{_how(match)}"
    thread = stored.record.run(match.id).thread
    where = f" · <#{thread}>" if thread is not None else ""
    if match.games:
        return f"{label} {names[0]} vs {names[1]}, {_score(match)} so far{where}"
    return f"{label} {names[0]} vs {names[1]}{where}"


# ---------------------------------------------------------------------- the message's parts


def _head(stored: Stored) -> list[str]:
    tournament = stored.record.tournament
    settings = stored.settings
    count = len(tournament.entrants) if tournament else stored.record.signup.size(settings.club)
    subtitle = words.subtitle(settings.format, count, settings.best_of, settings.target)
    game = Rules.from_preset(settings.preset).title
    lines = [f"**{stored.name}** · {subtitle} · {game}"]
    if stored.status == SIGNUP:
        noshow = (
            "no forfeits" if settings.noshow is None else f"no-show forfeit after {_minutes(settings.noshow)}"
        )
        lines.append(f"Sign-up is open (organised by <@{stored.organiser_id}>) · {noshow}")
    elif stored.status == RUNNING and tournament is not None:
        done = sum(1 for m in tournament.matches if m.decided and not m.is_bye)
        total = sum(1 for m in tournament.matches if not m.is_bye)
        lines.append(f"Under way: {done} of {plural(total, 'match')} played")
    elif stored.status == ENDED:
        lines.append("Ended by its organiser: finished matches keep their results.")
    if stored.status == FINISHED and tournament is not None:
        top = champion(tournament)
        if top is not None:
            lines.append(f"🏆 {words.champion_line(tournament.name_of(top), tournament.format == CLUB)}")
        consoled = consolation_winner(tournament)
        if consoled is not None:
            lines.append(words.consolation_line(tournament.name_of(consoled)))
    return lines


def _signup_lines(stored: Stored) -> list[str]:
    signup = stored.record.signup
    club = stored.settings.club
    lines = []
    if signup.teams:
        lines.append("Teams: " + " · ".join(f"{a.name} & {b.name}" for a, b in signup.teams))
    if signup.computer_teams:
        lines.append(f"Computer teams: {signup.computer_teams}")
    if signup.alone:
        label = "Players" if club else "Alone (partners drawn at Start)"
        lines.append(f"{label}: " + ", ".join(p.name for p in signup.alone))
    if signup.asked:
        lines.append(
            "Waiting to accept: " + ", ".join(f"{b.name} (asked by {a.name})" for a, b in signup.asked)
        )
    if not (signup.teams or signup.alone or signup.computer_teams or signup.asked):
        lines.append("Nobody has signed up yet.")
    if club:
        fill = "computers fill the tables" if stored.settings.fill else "players sit out in turn"
        lines.append(f"A new partner every round; {fill} when the count is not a multiple of four.")
    else:
        lines.append(
            "`Join with partner`: name your partner (they accept privately). `Join alone`: drawn at Start."
        )
    return lines


def _playing(stored: Stored, tournament: Tournament) -> list[str]:
    now = [match_line(stored, tournament, m) for m in ready_matches(tournament)]
    if not now:
        return []
    more = f" (+{len(now) - SHOWN_PLAYING} more)" if len(now) > SHOWN_PLAYING else ""
    return [f"**Playing now**{more}", *now[:SHOWN_PLAYING]]


def _results(tournament: Tournament) -> list[str]:
    done = [m for m in tournament.matches if m.decided and not m.is_bye]
    if not done:
        return []
    latest = done[-SHOWN_RESULTS:]
    return [
        "**Results**" + (" (latest)" if len(done) > len(latest) else ""),
        *(_result(tournament, m) for m in latest),
    ]


def _next(tournament: Tournament) -> list[str]:
    ready = {m.id for m in ready_matches(tournament)}
    waiting = [m for m in tournament.matches if not m.decided and m.id not in ready and not m.is_bye]
    if not waiting:
        return []
    first = waiting[0]
    names = " vs ".join(_side(tournament, first, side) for side in (0, 1))
    return [f"Next: `{first.id}` {round_label(first)} · {names} ({plural(len(waiting), 'match')} to come)"]


def _result(tournament: Tournament, match: Match) -> str:
    names = [_side(tournament, match, side) for side in (0, 1)]
    winner = match.winner_side
    if winner is not None:
        names[winner] = f"**{names[winner]}**"
    return f"`{match.id}` {names[0]} {_score(match)} {names[1]}{_how(match)}"


def _side(tournament: Tournament, match: Match, side: int) -> str:
    if match.sides[side]:
        return side_name(tournament, match, side)
    feed = match.feeds[side]
    return words.stand_in(feed.kind, feed.ref, feed.place)


def _score(match: Match) -> str:
    if match.first_to == 1 or match.stage == CLUB:
        return "–".join(str(sum(g.marks[side] for g in match.games)) for side in (0, 1))
    return "–".join(str(sum(g.winner == side for g in match.games)) for side in (0, 1))


def _how(match: Match) -> str:
    kinds = {g.kind for g in match.games}
    return " (forfeit)" if "forfeit" in kinds else ""


def _minutes(seconds: int) -> str:
    return plural(seconds // 60, "minute") if seconds % 60 == 0 else plural(seconds, "second")


def _fit(lines: list[str], tail: str = "") -> str:
    """The lines within Discord's limit: those that do not fit are left out (the last line says where
    the rest is)."""
    limit = MESSAGE_LIMIT - len(tail) - 2
    kept: list[str] = []
    size = 0
    for line in lines:
        if size + len(line) + 1 > limit:
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join([*kept, tail] if tail else kept)
