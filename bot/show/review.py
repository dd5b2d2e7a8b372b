"""A reviewed hand put into a picture and words: the trick-by-trick scene and a short text of the
reviewed player's decisions. Pure: from a hand record, the seats' names and a review (engine data)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.pictures.counts import plural
from bot.pictures.learn_scenes import ReviewedTrick, ReviewScene
from bot.pictures.names import short_label
from bot.pictures.scenes import SeatInfo
from engine import Hand
from engine.ai.reasons import BidReason, PlayReason
from engine.ai.review import BidVerdict, Decision, HandReview

from .reasons import bid_sentence, estimate_words, play_sentence, seat_words
from .wording import bid_label, contract_title, early_end_reason, tile_label

MAX_TEXT = 1900  # Discord allows 2,000 characters a message


def result_word(hand: Hand) -> str:
    """`MADE`, `SET` or `THROWN IN`."""
    if hand.bidder is None:
        return "THROWN IN"
    return "MADE" if hand.made else "SET" if hand.made is False else ""


def bid_line(hand: Hand, names: tuple[SeatInfo, ...]) -> str:
    """`Alice bid 31 · Fives`, or `Everyone passed`."""
    if hand.bidder is None or hand.high is None:
        return "Everyone passed: thrown in"
    line = f"{names[hand.bidder].name} bid {bid_label(hand.high.text())}"
    title = contract_title(hand.contract_text())
    return f"{line} · {title}" if title else line


def end_line(hand: Hand) -> str:
    """Why the hand ended where it did, in one line."""
    if hand.bidder is None:
        return "Everyone passed: the hand was thrown in."
    reason = early_end_reason(hand)
    if reason:
        return reason
    verdict = "made" if hand.made else "set"
    return f"Played to the last trick: the bid was {verdict}."


def review_scene(
    hand: Hand, hand_no: int, names: tuple[SeatInfo, ...], seat: int, review: HandReview | None
) -> ReviewScene:
    """The picture of a finished hand, the reviewed seat's costly tiles marked."""
    costs: dict[int, Decision] = {}
    if review is not None:
        for decision in review.decisions:
            if decision.phase == "play" and decision.solver is not None and decision.solver.cost:
                costs[decision.trick or 0] = decision
    tricks = []
    for number, trick in enumerate(hand.tricks):
        tiles = [hand.ts.names[t] for t in trick.tiles]
        if trick.declared >= 0:
            tiles[0] += f"/{trick.declared}"
        flagged = costs.get(number)
        tricks.append(
            ReviewedTrick(
                trick.leader,
                tuple(zip(trick.seats, tiles, strict=True)),
                trick.winner,
                trick.points,
                cost=flagged.solver.cost if flagged and flagged.solver else 0,
                better=tile_label(flagged.solver.best) if flagged and flagged.solver else "",
            )
        )
    return ReviewScene(
        seats=names,
        viewer=seat,
        title=f"Hand {hand_no + 1} · {bid_line(hand, names)}",
        tricks=tuple(tricks),
        result=result_word(hand),
        made=hand.made,
        reason=end_line(hand) if hand.bidder is not None else "",
        team_names=tuple(hand.rules.team_names),
        points=tuple(hand.points),
        unit="points",
        top=hand.rules.layout.tiles.top,
        sitting_out=frozenset(hand.seats_out),
    )


def review_text(
    hand: Hand, hand_no: int, names: tuple[SeatInfo, ...], seat: int | None, review: HandReview | None
) -> str:
    """The review in words: the bid and result, why it ended, then each of the reviewed seat's decisions
    and why (whole: ``review_messages`` splits it to fit)."""
    lines = [
        f"**Hand {hand_no + 1}** · {bid_line(hand, names)} · {result_word(hand).lower() or 'over'}",
        end_line(hand),
        *trick_lines(hand, names),
    ]
    if seat is None or review is None:
        return "\n".join(lines)
    lines.append(
        f"**{names[seat].name}'s decisions** — *perfect play* knows every tile; the *strong player* "
        "sees only what you saw."
    )
    teams = [info.team if info.team is not None else -1 - s for s, info in enumerate(names)]
    seats = seat_words([info.name for info in names], teams, seat)
    for decision in review.decisions:
        lines.append("• " + decision_line(decision, seats))
    if not review.complete:
        lines.append("Some decisions were not analysed in time.")
    return "\n".join(lines)


def review_messages(
    hand: Hand, hand_no: int, names: tuple[SeatInfo, ...], seat: int | None, review: HandReview | None
) -> list[str]:
    """The review's words as messages of at most ``MAX_TEXT`` characters each, split between lines (every
    decision keeps its reason whole)."""
    messages = [""]
    for line in review_text(hand, hand_no, names, seat, review).splitlines():
        line = line if len(line) <= MAX_TEXT else line[: MAX_TEXT - 1] + "…"
        if messages[-1] and len(messages[-1]) + 1 + len(line) > MAX_TEXT:
            messages.append("")
        messages[-1] += ("\n" if messages[-1] else "") + line
    return messages


def trick_lines(hand: Hand, names: tuple[SeatInfo, ...]) -> list[str]:
    """Each trick in words: `Trick 1: N 5-5 · E 5-1 · S 5-0 · W 6-5 → Alice, 16 points` (the leader first)."""
    lines = []
    for number, trick in enumerate(hand.tricks, start=1):
        tiles = []
        for position, (seat, tile) in enumerate(zip(trick.seats, trick.tiles, strict=True)):
            text = hand.ts.names[tile] + (
                f"/{trick.declared}" if position == 0 and trick.declared >= 0 else ""
            )
            tiles.append(f"{short_label(names[seat], seat)} {text}")
        points = trick.points
        lines.append(
            f"Trick {number}: {' · '.join(tiles)} → {names[trick.winner].name}, {plural(points, 'point')}"
        )
    return lines


def _moment(decision: Decision) -> str:
    if decision.phase == "auction":
        return "Bid"
    if decision.phase == "contract":
        return "Contract"
    if decision.phase == "play":
        return f"Trick {(decision.trick or 0) + 1}"
    return decision.phase.capitalize()


def _said(decision: Decision, action: str) -> str:
    """An action as players read it: a tile, a contract or a call."""
    if decision.phase == "play":
        return tile_label(action)
    if decision.phase == "contract":
        return contract_title(action) or action
    return bid_label(action) if decision.phase == "auction" else action


def _trump_words(contract: str) -> str:
    """`sixes trump`, `doubles trump`, `follow me (no trump)`: a contract as the bid line names it."""
    return (contract_title(contract) or contract).lower()


def bid_verdict_line(verdict: BidVerdict, passed: bool) -> str:
    """A point bid or a pass judged with every tile known, the seat's side declaring: could it make?"""
    makes = ", ".join(_trump_words(c) for c in verdict.makes)
    if passed:
        if makes:
            return f"with every tile known your side could have made {verdict.level} ({makes})"
        return f"with every tile known your side could not have made {verdict.level} with any trump"
    if makes:
        return f"with every tile known {verdict.level} would make ({makes})"
    return f"with every tile known {verdict.level} would be set whatever the trump"


def decision_line(decision: Decision, seats: Sequence[str] = ()) -> str:
    """One decision: what was done, what perfect play and the strong player say (and why: ``seats`` are
    the seats as the reason names them, ``reasons.seat_words``)."""
    parts = [f"{_moment(decision)}: **{_said(decision, decision.action)}**"]
    if decision.hinted:
        parts[0] += " (hint shown)"
    if decision.bid is not None:
        parts.append(bid_verdict_line(decision.bid, decision.action == "pass"))
    solver = decision.solver
    if solver is not None:
        if solver.unit == "result":
            makes = [contract_title(a) or a for a, v in solver.values.items() if v]
            parts.append(
                "perfect play: "
                + (f"makes with {', '.join(makes)}" if makes else "no contract makes")
                + ("" if solver.made_after else "; yours is set")
            )
        elif solver.cost:
            change = ""
            if solver.made_after != solver.made_best:  # the choice decided the hand
                change = f"; the bid {'made' if solver.made_best else 'set'} with it, {'made' if solver.made_after else 'set'} with yours"
            parts.append(
                f"perfect play: **{_said(decision, solver.best)}** (cost {plural(solver.cost, solver.unit.removesuffix('s'))}{change})"
            )
        else:
            parts.append("perfect play: as good as any")
    if decision.strong is not None:
        parts.append("strong player: " + strong_words(decision, seats))
    if decision.note and decision.note != "only move":
        parts.append(decision.note)
    elif decision.note == "only move":
        parts.append("the only legal move")
    return " · ".join(parts)


def seat_names(seats: dict[int, Any], labels: tuple[str, ...], teams: list[int]) -> tuple[SeatInfo, ...]:
    """Seat infos from stored seat rows (name, computer) and the table's seat labels and teams."""
    infos = []
    for seat, label in enumerate(labels):
        row = seats.get(seat)
        infos.append(
            SeatInfo(
                row.name if row else label,
                computer=bool(row and row.is_computer),
                label=label,
                team=teams[seat],
            )
        )
    return tuple(infos)


def strong_words(decision: Decision, seats: Sequence[str]) -> str:
    """The strong player's choice at a reviewed decision and why: "**5-5**, because it takes the trick …"."""
    strong = decision.strong
    assert strong is not None
    said = f"**{_said(decision, strong.action)}**" + (" too" if strong.action == decision.action else "")
    why = _because(strong.reason, strong.estimate, seats, yours=strong.action != decision.action, past=True)
    return f"{said}{why}"


def _because(
    reason: PlayReason | BidReason | None,
    estimate: float | None,
    seats: Sequence[str],
    *,
    yours: bool = False,
    past: bool = False,
) -> str:
    """ ", because …" with the reason (or the estimate explained), or nothing where there is neither."""
    if isinstance(reason, PlayReason):
        return ", because " + play_sentence(reason, seats, yours=yours, past=past)
    if isinstance(reason, BidReason):
        return ", because " + bid_sentence(reason)
    if estimate is not None:
        return ", because " + estimate_words(estimate, past)
    return ""


def hint_text(
    phase: str,
    action: str,
    estimate: float | None,
    reason: PlayReason | BidReason | None = None,
    seats: Sequence[str] = (),
) -> str:
    """A hint in words: the strong player's choice and why (its reason; else its estimate explained)."""
    if phase == "play":
        said = f"play **{tile_label(action)}**"
    elif phase == "contract":
        said = f"name **{contract_title(action) or action}**"
    else:
        said = "**pass**" if action == "pass" else f"bid **{bid_label(action)}**"
    why = _because(reason, estimate, seats) or ": it had no time to weigh this choice"
    return f"💡 The strong player would {said}{why}. (The hint is noted in this hand's review.)"
