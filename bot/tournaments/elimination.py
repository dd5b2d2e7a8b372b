"""Single and double elimination brackets, laid out from the seeds before a game is played: every match knows
where its sides come from (a seed, the winner or the loser of an earlier match), so a match opens as soon as
both its teams are known.

Byes: the bracket is filled out to a power of two and the missing places go to the top seeds, in the first
round only, so no team has more than one. The losers' bracket never gives one: when the first round's
losers are too few or too many to pair off evenly, some of them (or of the second round's losers) join the
losers' bracket a round later, as the second round's losers always do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .model import FINAL, LOSER, LOSERS, NOBODY, WINNER, WINNERS, Feed, Match


def bracket_order(size: int) -> list[int]:
    """Seeds 1..``size`` (a power of two) in bracket order: 1 meets ``size``, 2 meets ``size - 1``, and
    the top seeds meet as late as they can (1 and 2 only in the final)."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def winners_bracket(
    seeds: Sequence[Feed], first_to: int = 1, stage: str = WINNERS, prefix: str = "W"
) -> tuple[list[Match], Feed, list[list[str]]]:
    """The bracket of ``seeds`` (seed 1 first): its matches round by round, the feed of its winner, and for
    each round the ids of the matches really played (a bye has no loser to drop to a losers' bracket).
    Ids read "W2-3": round 2, its third match."""
    if len(seeds) < 2:
        return [], seeds[0] if seeds else Feed(NOBODY), []
    size = 1 << (len(seeds) - 1).bit_length()
    round_feeds: list[Feed | None] = [seeds[s - 1] if s <= len(seeds) else None for s in bracket_order(size)]
    matches: list[Match] = []
    played_by_round: list[list[str]] = []
    round_no = 1
    while len(round_feeds) > 1:
        next_feeds: list[Feed | None] = []
        played = []
        for number in range(len(round_feeds) // 2):
            top, bottom = round_feeds[2 * number], round_feeds[2 * number + 1]
            match_id = f"{prefix}{round_no}-{number + 1}"
            matches.append(
                Match(
                    match_id,
                    stage,
                    round_no,
                    (top or Feed(NOBODY), bottom or Feed(NOBODY)),
                    first_to=first_to,
                )
            )
            if top is not None and bottom is not None:
                played.append(match_id)
            next_feeds.append(Feed(WINNER, match_id))
        played_by_round.append(played)
        round_feeds = next_feeds
        round_no += 1
    champion = round_feeds[0]
    assert champion is not None
    return matches, champion, played_by_round


def single_elimination(
    seeds: Sequence[Feed], first_to: int = 1, stage: str = WINNERS, prefix: str = "W"
) -> tuple[list[Match], str]:
    """A single-elimination bracket and the id of its last match ("" when there is nobody to play)."""
    matches, _, _ = winners_bracket(seeds, first_to, stage, prefix)
    return matches, matches[-1].id if matches else ""


def double_elimination(seeds: Sequence[Feed], first_to: int = 1) -> tuple[list[Match], str]:
    """A double-elimination bracket: the winners' bracket, the losers' bracket (a team is out after its
    second loss) and the final between their winners (one match, no reset), with the final's id."""
    winners, champion, played = winners_bracket(seeds, first_to)
    first_round = [m for m in winners if m.round == 1]
    losers, survivor = losers_bracket(first_round, played, first_to)
    final = Match("F", FINAL, 1, (champion, survivor), first_to=first_to)
    return [*winners, *losers, final], final.id


def losers_bracket(
    first_round: Sequence[Match], played: Sequence[Sequence[str]], first_to: int = 1
) -> tuple[list[Match], Feed]:
    """The losers' bracket fed by a winners' bracket whose first round is ``first_round`` and whose real
    matches, round by round, are ``played``: its matches (ids "L3-2": its round 3, second match) and the
    feed of its winner.

    After the first round the winners' bracket is a clean power of two, so only the first round's losers
    can be uneven in number. With at least a quarter of the bracket's places among them, they pair off
    where the first round had two matches side by side, and a loser whose neighbour was a bye joins in the
    next round. With fewer, each first-round loser plays one of the second round's losers, and the rest of
    the second round's losers join the round after. From then on every round either halves the bracket or
    meets the next round's losers one to one, crossed so that a team does not meet the team that just beat
    it."""
    rounds: list[list[Match]] = []

    def play(pairs: list[tuple[Feed, Feed]]) -> list[Feed]:
        if not pairs:
            return []
        column = len(rounds) + 1
        rounds.append(
            [
                Match(f"L{column}-{n}", LOSERS, column, pair, first_to=first_to)
                for n, pair in enumerate(pairs, start=1)
            ]
        )
        return [Feed(WINNER, m.id) for m in rounds[-1]]

    def halve(pool: list[Feed]) -> list[Feed]:
        return play(list(zip(pool[0::2], pool[1::2], strict=True)))

    def dropped(round_index: int) -> list[Feed]:
        feeds = [Feed(LOSER, match_id) for match_id in played[round_index]]
        return feeds[::-1] if round_index % 2 else feeds  # crossed every other round

    if len(played) == 1:  # two teams: the loser of the one match is the losers' bracket
        return [], dropped(0)[0]
    quarter = len(played[1])
    if len(played[0]) >= quarter:
        pool = _first_round_pairs(first_round, quarter, play)
        pool = play(list(zip(pool, dropped(1), strict=True)))
    else:
        second = dropped(1)
        first = dropped(0)
        winners = play(list(zip(first, second, strict=False)))
        later = second[len(first) :]
        pool = halve(_interleave(winners, later))
    for round_index in range(2, len(played)):
        incoming = dropped(round_index)
        if len(pool) > len(incoming):
            pool = halve(pool)
        pool = play(list(zip(pool, incoming, strict=True)))
    while len(pool) > 1:
        pool = halve(pool)
    return [m for column in rounds for m in column], pool[0]


def _first_round_pairs(
    first_round: Sequence[Match], quarter: int, play: Callable[[list[tuple[Feed, Feed]]], list[Feed]]
) -> list[Feed]:
    """The first-round losers paired by neighbouring matches (the first two, the next two, …); a loser whose
    neighbour was a bye goes straight on. The pool that meets the second round's losers, in bracket order."""
    pairs: list[tuple[Feed, Feed]] = []
    spots: list[Feed | int] = []  # a loser going straight on, or which pair's winner
    for k in range(quarter):
        losers = [Feed(LOSER, m.id) for m in first_round[2 * k : 2 * k + 2] if not m.is_bye]
        if len(losers) == 2:
            spots.append(len(pairs))
            pairs.append((losers[0], losers[1]))
        else:
            spots.append(losers[0])
    winners = play(pairs)
    return [winners[spot] if isinstance(spot, int) else spot for spot in spots]


def _interleave(first: list[Feed], second: list[Feed]) -> list[Feed]:
    """first[0], second[0], first[1], second[1], …, then whichever is longer."""
    out = [feed for pair in zip(first, second, strict=False) for feed in pair]
    shorter = min(len(first), len(second))
    return out + first[shorter:] + second[shorter:]
