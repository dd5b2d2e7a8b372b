"""What a picture shows, as plain data. The bot fills these from engine views; the renderers draw them.

Keeping scenes free of engine and Discord types lets the pictures be drawn, tested and benchmarked alone.
Tiles are written as in hand records: "6-4" (a declared lead may be "7-3/3"). Seats are numbered in
playing order from 0; every mapping keyed by seat uses those numbers. Every field added after the first
version has a default, so older callers keep working: they simply do not get the newer drawing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

PHASES = ("auction", "contract", "exchange", "play", "over")


@dataclass(frozen=True)
class SeatInfo:
    """One seat at the table as the pictures name it.

    ``name`` is drawn as given (shortened with an ellipsis to fit; characters the picture font lacks are
    left out). ``label`` is the seat's place at the table in BOT.md's words ("North", "Northeast", …): it
    is drawn as a tag and abbreviated ("NE") where room is short; an empty label draws the seat's number.
    ``team`` indexes the scene's ``team_names``; None means the picture does not mark the seat's side.
    """

    name: str
    computer: bool = False
    away: bool = False
    label: str = ""
    team: int | None = None


@dataclass(frozen=True)
class HandScene:
    """A player's own tiles, drawn for their private message (up to 12: Seventy-two before its discard)."""

    tiles: tuple[str, ...]
    trumps: frozenset[str] = frozenset()  # which of the tiles are trump (empty before the contract)
    playable: frozenset[str] | None = None  # on the player's turn to play: the legal tiles; the rest dimmed
    title: str = ""  # e.g. "North · Contract: Fives"
    top: int = 6  # the set's highest pip (7 in Geezer, 8 in the Big Game)
    counting: bool = True  # tiles carry count (5s and 10s) and get their chips; False in Moon, which has none


@dataclass(frozen=True)
class TableScene:
    """The public table: seats, the auction or the trick in progress, the contract and the score.

    Fields added for the auction, the new games and house rules (all optional):

    - ``phase``: what the hand is doing (one of ``PHASES``). It words the turn ("to bid", "to play") and,
      in ``"auction"``, the table draws each seat's call instead of trick tiles; only ``"play"`` draws the
      empty slot where the player to move will lay a tile.
    - ``calls``: during the auction, per seat, the seat's latest call as players read it ("30", "Pass",
      "2 marks"), or None for a seat still to call. Empty outside the auction.
    - ``bidder``: the seat holding the high bid (in the auction) or that won it; its call is ringed.
    - ``leader`` / ``last_leader``: who led the trick in progress / the last trick (None: the first seat of
      ``trick`` / ``last_trick`` as given, which builders fill in playing order).
    - ``stacked``: the ``stacking`` house rule is in force for this hand: finished tricks are hidden. The
      picture draws ``last_trick`` only until the next lead (while ``trick`` is empty), and shows
      ``tricks_taken`` instead of points. Builders clear it once the hand is over.
    - ``tricks_taken``: per team, tricks taken this hand (drawn under stacking, or when points are None).
    - ``face_up``: Seventy-two's discarded trumps, turned face up for everyone.
    - ``discard_points``: the count the bidder discarded, scored at once for the defenders.
    - ``reason``: one line on why the hand stopped early ("Set: needed 34, could reach at most 31").
    """

    seats: tuple[SeatInfo, ...]  # in playing order from seat 0; 3, 4, 6 or 8 seats
    dealer: int
    turn: int | None
    trick: dict[int, str] = field(default_factory=dict)  # seat -> tile played to the trick in progress
    last_trick: dict[int, str] = field(default_factory=dict)  # seat -> tile, the last completed trick
    last_winner: int | None = None  # seat that won the last completed trick
    bid: str | None = None  # e.g. "31 by North"
    contract: str | None = None  # e.g. "Fives", "Nello (doubles low)"
    score_kind: str = "marks"  # "marks" | "points"
    team_names: tuple[str, ...] = ("N–S", "E–W")
    scores: tuple[int, ...] = (0, 0)  # per team (per player where each plays alone); may be below zero
    target: int = 7
    hand_points: tuple[int, ...] | None = None  # points taken this hand, per team
    out: int | None = None  # the seat sitting out (Nello partner); see also ``sitting_out``
    status: str = ""  # one line, e.g. "West to play"
    top: int = 6
    phase: str = "play"
    calls: tuple[str | None, ...] = ()
    bidder: int | None = None
    leader: int | None = None
    last_leader: int | None = None
    stacked: bool = False
    tricks_taken: tuple[int, ...] | None = None
    face_up: tuple[str, ...] = ()
    discard_points: int = 0
    reason: str = ""
    sitting_out: frozenset[int] = frozenset()  # every seat sitting out (Pistol: all the bidder's partners)

    def is_out(self, seat: int) -> bool:
        """Whether ``seat`` sits this hand out."""
        return seat == self.out or seat in self.sitting_out

    def trick_leader(self) -> int | None:
        """Who led the trick in progress."""
        return self.leader if self.leader is not None else next(iter(self.trick), None)

    def last_trick_leader(self) -> int | None:
        """Who led the last completed trick."""
        return self.last_leader if self.last_leader is not None else next(iter(self.last_trick), None)

    def shown_last_trick(self) -> dict[int, str]:
        """The last trick as players may see it: under stacking, only until the next lead is played."""
        if self.stacked and self.trick:
            return {}
        return self.last_trick


@dataclass(frozen=True)
class PanelScene:
    """A player's own view of the whole game, for their private message: a compact table above their hand.

    ``table`` is the same public scene as the channel's table picture; ``hand`` is the player's tiles (its
    ``title`` heads the panel); ``seat`` is whose panel it is (marked "you"). ``note`` is one more line,
    e.g. the last hand's result.
    """

    table: TableScene
    hand: HandScene
    seat: int
    note: str = ""


@dataclass(frozen=True)
class HandEndScene:
    """The summary of a finished hand.

    ``award`` may hold negative values (Moon takes a set bid off the bidder's score). ``reason`` is one line
    on why the hand ended early, e.g. "Set: needed 34, could reach at most 31" (empty: played out).
    ``tricks_taken`` is shown beside the points where given (per team); ``number`` heads it ("Hand 3").
    """

    seats: tuple[SeatInfo, ...]
    team_names: tuple[str, ...]
    bidder: int | None
    bid: str | None
    contract: str | None
    made: bool | None
    points: tuple[int, ...]  # per team, taken this hand
    counts: tuple[tuple[str, ...], ...]  # per team, the count tiles caught
    award: tuple[int, ...] | None  # per team, marks or points awarded (None: thrown in)
    score_kind: str
    scores: tuple[int, ...]  # game score after this hand
    target: int
    reason: str = ""
    tricks_taken: tuple[int, ...] | None = None
    number: int | None = None  # the hand's number in the game, from 1


@dataclass(frozen=True)
class GameEndScene:
    """The end of a game: winners and the final score (scores may be below zero in Moon)."""

    team_names: tuple[str, ...]
    players: tuple[tuple[str, ...], ...]  # per team, the players' names
    scores: tuple[int, ...]
    score_kind: str
    winner: int
    hands_played: int


# ---------------------------------------------------------------------- facts read off a table scene
def hand_notes(scene: TableScene) -> tuple[str, ...] | None:
    """The line under each team's score: tricks taken under stacking (or when points are not given), else
    the points taken this hand."""
    if scene.tricks_taken is not None and (scene.stacked or scene.hand_points is None):
        return tuple(f"tricks: {n}" for n in scene.tricks_taken)
    if scene.hand_points is not None and not scene.stacked:
        return tuple(f"this hand: {p}" for p in scene.hand_points)
    return None


def defenders_name(scene: TableScene) -> str:
    """Who the bidder plays against, for "count to E–W"; "the defenders" when the scene does not say."""
    bidder = scene.bidder
    if bidder is None or not 0 <= bidder < len(scene.seats) or scene.seats[bidder].team is None:
        return "the defenders"
    others = [name for team, name in enumerate(scene.team_names) if team != scene.seats[bidder].team]
    return others[0] if len(others) == 1 else "the defenders"


def trick_order(seats: list[int], leader: int | None, players: int) -> list[int]:
    """The seats of a trick in playing order, starting with its leader."""
    if leader is None:
        return list(seats)
    return sorted(seats, key=lambda s: (s - leader) % max(1, players))
