"""Tournament scenes built from a tournament's state: the bracket pictures' pages and the standings' pages, in
the words of ``tournament_words``.

The bracket picture shows two rounds side by side, so each bracket is cut into bands of a round and the
round after it. Bands whose rounds fit a column (eight matches) fill pages in order, as many as a page
about a phone screen's shape holds (a single elimination of up to eight teams is one page, a double
elimination of sixteen teams three). A band with a longer round is cut into parts of eight of its matches beside the matches they lead to, a page each,
after the others: the earlier rounds of a large bracket.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.pictures.bracket import ACROSS, TALLEST, page_height
from bot.pictures.tournament_scenes import (
    DONE,
    OPEN,
    PASSED,
    WAITING,
    BracketColumn,
    BracketScene,
    BracketSection,
    MatchBox,
    SideLine,
    StandingRow,
    StandingsScene,
    StandingsTable,
)
from bot.tournaments.model import CLUB, CONSOLATION, FINAL, LOSERS, WINNER, WINNERS, Match, Pool, Tournament
from bot.tournaments.progress import champion, consolation_winner, ready_matches
from bot.tournaments.standings import club_standings, pool_matches_of, pool_standings

from . import tournament_words as words

MOST_ROWS = 8  # matches a round shows down one column; a longer round is cut into parts
POOLS_A_PAGE = 4


def bracket_pages(tournament: Tournament, name: str) -> tuple[BracketScene, ...]:
    """The bracket pictures' scenes: the bands of rounds that fit a column, as many a page as fit a phone's
    screen, then a page for each part of a longer round."""
    ready = {m.id for m in ready_matches(tournament)}
    short: list[BracketSection] = []
    parts: list[BracketSection] = []
    for section in _sections(tournament, ready):
        for k in range(0, len(section.columns), ACROSS):
            band = section.columns[k : k + ACROSS]
            if all(len(c.matches) <= MOST_ROWS for c in band):
                short.append(BracketSection(section.title, band))
            else:
                parts += (BracketSection(section.title, part) for part in _parts(band))
    pages = _fill(tournament, name, short) + [[part] for part in parts]
    return tuple(
        _page(tournament, name, page, n, len(pages), bool(parts)) for n, page in enumerate(pages, start=1)
    )


def standings_pages(tournament: Tournament, name: str) -> tuple[StandingsScene, ...]:
    """The standings pictures' scenes: a club night's players, or the pools four to a page."""
    heading = words.subtitle(
        tournament.format, len(tournament.entrants), tournament.best_of, tournament.target
    )
    if tournament.format == CLUB:
        return (StandingsScene(name, heading, (_club_table(tournament),), _winners_footer(tournament)),)
    tables = [_pool_table(tournament, pool) for pool in tournament.pools]
    chunks = [tables[k : k + POOLS_A_PAGE] for k in range(0, len(tables), POOLS_A_PAGE)]
    return tuple(
        StandingsScene(name, heading, tuple(chunk), words.page_footer(n, len(chunks)))
        for n, chunk in enumerate(chunks, start=1)
    )


# ---------------------------------------------------------------------- brackets
def _sections(tournament: Tournament, ready: set[str]) -> list[BracketSection]:
    double = tournament.format in ("double", "pools")
    by_stage: dict[str, list[Match]] = {}
    for match in tournament.matches:
        by_stage.setdefault(match.stage, []).append(match)
    sections = []
    if WINNERS in by_stage:
        title = words.WINNERS_BRACKET if double else words.ONLY_BRACKET
        sections.append(BracketSection(title, _columns(tournament, by_stage[WINNERS], ready, double)))
    if LOSERS in by_stage:
        columns = _columns(tournament, by_stage[LOSERS], ready, double, losers=True)
        sections.append(BracketSection(words.LOSERS_BRACKET, columns))
    if FINAL in by_stage:
        final = tuple(_box(tournament, m, ready) for m in by_stage[FINAL])
        sections.append(BracketSection(words.FINAL, (BracketColumn("", final),)))
    if CONSOLATION in by_stage:
        columns = _columns(tournament, by_stage[CONSOLATION], ready, False)
        sections.append(BracketSection(words.CONSOLATION, columns))
    return sections


def _columns(
    tournament: Tournament, matches: list[Match], ready: set[str], double: bool, losers: bool = False
) -> tuple[BracketColumn, ...]:
    rounds = max(m.round for m in matches)
    return tuple(
        BracketColumn(
            words.round_title(r, rounds, double, losers),
            tuple(_box(tournament, m, ready) for m in matches if m.round == r),
        )
        for r in range(1, rounds + 1)
    )


def _box(tournament: Tournament, match: Match, ready: set[str]) -> MatchBox:
    if match.is_bye:
        state = PASSED
    elif match.decided:
        state = DONE
    else:
        state = OPEN if match.id in ready else WAITING
    top, bottom = (_side(tournament, match, k) for k in (0, 1))
    fed_by = (
        match.feeds[0].ref if match.feeds[0].kind == WINNER else "",
        match.feeds[1].ref if match.feeds[1].kind == WINNER else "",
    )
    return MatchBox(match.id, top, bottom, state, fed_by)


def _side(tournament: Tournament, match: Match, side: int) -> SideLine:
    feed = match.feeds[side]
    if not match.sides[side]:
        return SideLine(words.stand_in(feed.kind, feed.ref, feed.place), known=False)
    name = " & ".join(tournament.name_of(e) for e in match.sides[side])
    score = ""
    if match.games and not match.is_bye:
        if match.first_to == 1:
            score = str(sum(g.marks[side] for g in match.games))
        else:
            score = str(sum(g.winner == side for g in match.games))
    winner = match.winner_side
    return SideLine(name, score, won=winner == side, lost=winner == 1 - side)


def _parts(band: Sequence[BracketColumn]) -> list[tuple[BracketColumn, ...]]:
    """A band with a long first round as parts: ``MOST_ROWS`` of its matches and the matches of the next
    round they lead to (or, fed from elsewhere, those level with them), each headed with the matches it
    holds ("Round 1 · 9–16")."""
    first, later = band[0], band[1:]
    size = len(first.matches)
    everyone = {box.id for box in first.matches}
    parts = []
    for start in range(0, size, MOST_ROWS):
        end = min(start + MOST_ROWS, size)
        mine = {box.id for box in first.matches[start:end]}
        columns = [BracketColumn(words.rows_title(first.title, start + 1, end), first.matches[start:end])]
        for column in later:
            count = len(column.matches)
            picked = [
                k
                for k, box in enumerate(column.matches)
                if mine & set(box.fed_by)
                or (not everyone & set(box.fed_by) and start <= k * size // count < end)
            ]
            if picked:
                title = words.rows_title(column.title, picked[0] + 1, picked[-1] + 1)
                columns.append(BracketColumn(title, tuple(column.matches[k] for k in picked)))
        parts.append(tuple(columns))
    return parts


def _fill(tournament: Tournament, name: str, bands: list[BracketSection]) -> list[list[BracketSection]]:
    """The bands in pages, each page as many as its picture holds within ``TALLEST`` pixels (at least
    one); a bracket's bands on one page make one section."""
    pages: list[list[BracketSection]] = []
    for band in bands:
        page = pages[-1] if pages else []
        if page and page[-1].title == band.title:
            tried = [*page[:-1], BracketSection(band.title, page[-1].columns + band.columns)]
        else:
            tried = [*page, band]
        if page and page_height(_page(tournament, name, tried, 1, 2, True)) <= TALLEST:
            pages[-1] = tried
        else:
            pages.append([band])
    return pages


def _page(
    tournament: Tournament,
    name: str,
    sections: Sequence[BracketSection],
    page: int,
    pages: int,
    earlier: bool,
) -> BracketScene:
    heading = words.subtitle(
        tournament.format, len(tournament.entrants), tournament.best_of, tournament.target
    )
    footer = words.page_footer(page, pages, earlier)
    return BracketScene(name, heading, tuple(sections), _winners(tournament), footer)


def _winners(tournament: Tournament) -> tuple[str, ...]:
    lines = []
    top = champion(tournament)
    if top is not None:
        lines.append(words.champion_line(tournament.name_of(top), tournament.format == CLUB))
    consoled = consolation_winner(tournament)
    if consoled is not None:
        lines.append(words.consolation_line(tournament.name_of(consoled)))
    return tuple(lines)


def _winners_footer(tournament: Tournament) -> str:
    return " · ".join(_winners(tournament))


# ---------------------------------------------------------------------- standings
def _pool_table(tournament: Tournament, pool: Pool) -> StandingsTable:
    matches = [m for m in pool_matches_of(tournament, pool.name) if not m.is_bye]
    going_on = tournament.advance if tournament.format == "pools" else 0
    rows = tuple(
        StandingRow(
            place,
            tournament.name_of(line.entrant),
            (str(line.wins), str(line.losses), str(line.marks_for), str(line.marks_against)),
            words.BY_DRAW if line.drawn else "",
            marked=place <= going_on,
            computer=tournament.entrants[line.entrant].computer,
        )
        for place, line in enumerate(pool_standings(tournament, pool.name), start=1)
    )
    note = words.pool_note(sum(m.decided for m in matches), len(matches), going_on)
    title = words.STANDINGS if len(tournament.pools) == 1 else words.pool_title(pool.name)
    return StandingsTable(title, words.POOL_COLUMNS, rows, note)


def _club_table(tournament: Tournament) -> StandingsTable:
    rows = []
    for place, line in enumerate(club_standings(tournament), start=1):
        entrant = tournament.entrants[line.entrant]
        tags = [words.BY_DRAW] if line.drawn else []
        rows.append(
            StandingRow(
                place,
                entrant.name,
                (str(line.wins), str(line.marks_for)),
                " · ".join(tags),
                computer=entrant.computer,
            )
        )
    tables = [m for m in tournament.matches if m.stage == CLUB]
    note = words.club_note(sum(m.decided for m in tables), len(tables))
    return StandingsTable(words.STANDINGS, words.CLUB_COLUMNS, tuple(rows), note)
