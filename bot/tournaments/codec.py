"""A tournament as JSON and back, so it can be stored and rebuilt after a restart exactly as it was.

The JSON is plain objects and lists, with a version number; fields at their defaults are left out to keep
a 64-team tournament small. ``from_json(to_json(t)) == t`` for every tournament.
"""

from __future__ import annotations

from typing import Any

from .model import Entrant, Feed, Game, Match, Pool, Tournament, TournamentError

VERSION = 1


def to_json(tournament: Tournament) -> dict[str, Any]:
    """The tournament as JSON-ready data."""
    return {
        "v": VERSION,
        "format": tournament.format,
        "entrants": [_entrant(e) for e in tournament.entrants],
        "seeds": list(tournament.seeds),
        "lots": list(tournament.lots),
        "pools": [{"name": p.name, "entrants": list(p.entrants)} for p in tournament.pools],
        "best_of": tournament.best_of,
        "target": tournament.target,
        "advance": tournament.advance,
        "final": tournament.final,
        "consolation_final": tournament.consolation_final,
        "matches": [_match(m) for m in tournament.matches],
    }


def from_json(data: dict[str, Any]) -> Tournament:
    """The tournament written by :func:`to_json` (TournamentError for another version)."""
    if data.get("v") != VERSION:
        raise TournamentError(f"a tournament stored as version {data.get('v')!r}; this bot reads {VERSION}")
    return Tournament(
        data["format"],
        tuple(
            Entrant(e["id"], e["name"], tuple(e.get("players", ())), e.get("computer", False))
            for e in data["entrants"]
        ),
        tuple(data["seeds"]),
        tuple(data["lots"]),
        tuple(_read_match(m) for m in data["matches"]),
        tuple(Pool(p["name"], tuple(p["entrants"])) for p in data["pools"]),
        data["best_of"],
        data["target"],
        data["advance"],
        data["final"],
        data["consolation_final"],
    )


def _entrant(entrant: Entrant) -> dict[str, Any]:
    out: dict[str, Any] = {"id": entrant.id, "name": entrant.name}
    if entrant.players:
        out["players"] = list(entrant.players)
    if entrant.computer:
        out["computer"] = True
    return out


def _match(match: Match) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": match.id,
        "stage": match.stage,
        "round": match.round,
        "feeds": [_feed(f) for f in match.feeds],
    }
    if any(match.sides):
        out["sides"] = [list(side) for side in match.sides]
    if match.games:
        out["games"] = [[*g.marks, g.kind] for g in match.games]
    if match.first_to != 1:
        out["first_to"] = match.first_to
    if match.group:
        out["group"] = match.group
    return out


def _read_match(data: dict[str, Any]) -> Match:
    one, other = (_read_feed(f) for f in data["feeds"])
    first, second = (tuple(side) for side in data.get("sides", ((), ())))
    return Match(
        data["id"],
        data["stage"],
        data["round"],
        (one, other),
        (first, second),
        tuple(Game((a, b), kind) for a, b, kind in data.get("games", ())),
        data.get("first_to", 1),
        data.get("group", ""),
    )


def _feed(feed: Feed) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": feed.kind}
    if feed.ref:
        out["ref"] = feed.ref
    if feed.place:
        out["place"] = feed.place
    if feed.entrants:
        out["entrants"] = list(feed.entrants)
    return out


def _read_feed(data: dict[str, Any]) -> Feed:
    return Feed(data["kind"], data.get("ref", ""), data.get("place", 0), tuple(data.get("entrants", ())))
