"""Tournament pictures for ``tournaments/``, drawn from seeded tournaments played part-way (or to the end)
with made-up results, through the bot's own scene builders: ``make_samples.py`` draws them."""

from __future__ import annotations

import random
from pathlib import Path

from bot.pictures.bracket import render_bracket
from bot.pictures.standings_table import render_standings
from bot.show.tournament_scenes import bracket_pages, standings_pages
from bot.tournaments.model import Entrant, Tournament
from bot.tournaments.progress import finished, ready_matches, record_forfeit, record_game
from bot.tournaments.schedule import new_tournament

FIRST_NAMES = (
    "Ada Basil Cleo Dee Etta Fitz Gwen Hank Ivy Jude Kit Lou Mae Ned Opal Pete Queenie Ray Sue Tex Una Vic Wes Xavi "
    "Yola Zeke Alma Bud Cora Dot Earl Faye Gus Hattie Ike June Kay Lyle Maxine Nell Otis Pearl Roy Sadie Tate Vera "
    "Walt Wren Abe Bea Cal Della Eli Flo Gil Hazel Irv Jo Kirby Lottie Mel Nan Ozzie Polly Renée-Éloïse Sid Tillie"
).split()


def teams(count: int, computers: int = 0) -> list[Entrant]:
    """Teams named like the bot names them ("Ada & Basil"); the last ``computers`` are computer teams."""
    out = []
    for i in range(count):
        n = len(FIRST_NAMES)  # past n / 2 teams, first names come round again with other partners
        a, b = FIRST_NAMES[2 * i % n], FIRST_NAMES[(2 * i + 1 + 4 * (2 * i // n)) % n]
        computer = i >= count - computers
        out.append(Entrant(i, f"Computers {i + 1}" if computer else f"{a} & {b}", computer=computer))
    return out


def players(count: int, computers: int = 0) -> list[Entrant]:
    """Club-night players; the last ``computers`` of them computers filling seats."""
    return [
        Entrant(
            i,
            f"Computer {i - count + computers + 1}" if i >= count - computers else FIRST_NAMES[i],
            computer=i >= count - computers,
        )
        for i in range(count)
    ]


def played(tournament: Tournament, seed: int, share: float = 1.0, forfeits: float = 0.0) -> Tournament:
    """``tournament`` with ``share`` of its matches played, with made-up scores."""
    rng = random.Random(seed)
    total = sum(not m.is_bye for m in tournament.matches)
    for _ in range(int(total * share)):
        if finished(tournament):
            break
        match = rng.choice(ready_matches(tournament))
        if rng.random() < forfeits:
            tournament = record_forfeit(tournament, match.id, rng.randrange(2))
            continue
        loser = rng.randrange(tournament.target)
        marks = (tournament.target, loser) if rng.randrange(2) == 0 else (loser, tournament.target)
        tournament = record_game(tournament, match.id, marks)
    return tournament


def samples() -> dict[str, tuple[str, object]]:
    """file stem -> (renderer, scene) for every sample: every page of each bracket (``-page1``, ``-page2``, …
    where it has several)."""
    out: dict[str, tuple[str, object]] = {}

    def bracket(stem: str, tournament: Tournament, name: str) -> None:
        pages = bracket_pages(tournament, name)
        for n, page in enumerate(pages, start=1):
            out[f"{stem}-page{n}" if len(pages) > 1 else stem] = ("bracket", page)

    bracket(
        "bracket-4-single",
        played(new_tournament("single", teams(4), random.Random(4)), 4),
        "Friday Forty-Two",
    )
    five = played(new_tournament("double", teams(5), random.Random(5)), 5, 0.5, forfeits=0.2)
    bracket("bracket-5-double-byes", five, "Hearne Doubles")
    eight = played(new_tournament("single", teams(8), random.Random(8)), 8, 0.45)
    bracket("bracket-8-single", eight, "Friday Forty-Two")
    eight = played(new_tournament("double", teams(8), random.Random(8), best_of=3), 8, 0.45)
    bracket("bracket-8-double", eight, "Hearne Best of Three")
    sixteen = played(new_tournament("double", teams(16, computers=2), random.Random(16)), 16, 0.55)
    bracket("bracket-16-double", sixteen, "Austin 42 Open")
    sixty_four = played(new_tournament("single", teams(64, computers=6), random.Random(65)), 65, 0.4)
    bracket("bracket-64-single", sixty_four, "Texas 42 Open")
    pools = played(new_tournament("pools", teams(64, computers=6), random.Random(64)), 64, 0.62)
    bracket("bracket-64-pools", pools, "Hallettsville State Championship")
    sixteen_pools = played(new_tournament("pools", teams(16), random.Random(3)), 3, 0.3)
    out["pools-16"] = ("standings", standings_pages(sixteen_pools, "Austin 42 Open")[0])
    club = played(new_tournament("club", players(8, computers=2), random.Random(6)), 6, 0.6)
    out["club-8"] = ("standings", standings_pages(club, "Thursday Club Night")[0])
    return out


def draw(folder: Path) -> None:
    """Write every tournament sample into ``folder`` (removing stale ones) and print its size."""
    folder.mkdir(exist_ok=True)
    renderers = {"bracket": render_bracket, "standings": render_standings}
    made = samples()
    for stale in folder.glob("*.png"):
        if stale.stem not in made:
            stale.unlink()
    for stem, (kind, scene) in made.items():
        data = renderers[kind](scene)  # type: ignore[operator]
        (folder / f"{stem}.png").write_bytes(data)
        print(f"{'tournaments/' + stem + '.png':40} {len(data) / 1000:6.1f} KB")
