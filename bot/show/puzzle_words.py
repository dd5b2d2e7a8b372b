"""A 42 puzzle in words and in its pictures' scenes: the question (every hand face up, what has been played,
what the bidders need), the answer (each tile and what it leads to under best play), a player's puzzle
record for `/42 stats`, and the refusals."""

from __future__ import annotations

from bot.learn.puzzles import PuzzleAnswer, PuzzleQuestion, player_rating
from bot.pictures.counts import plural
from bot.pictures.puzzle import Outcome, PuzzleScene, SeatRow
from bot.storage.puzzles import PuzzlePlayer
from engine import Hand
from engine.ai.puzzles import Choice, Puzzle

from .wording import bid_label, contract_title, tile_label

ANOTHER = "Another puzzle"
FAILED = "Something went wrong with the puzzle; nothing was changed. Try `/42 puzzle` again."


def _facts(hand: Hand) -> tuple[str, list[str]]:
    """The seat to play, and the position's facts in a few lines."""
    rules = hand.rules
    assert hand.turn is not None and hand.bidder is not None and hand.high is not None
    names = rules.seat_names
    bidders = rules.team_names[rules.team_of(hand.bidder)]
    contract = contract_title(hand.contract_text(), rules.variant.nello_word)
    points = " · ".join(
        f"{team} {points}" for team, points in zip(rules.team_names, hand.points, strict=False)
    )
    lines = [
        f"{names[hand.bidder]} bid {bid_label(hand.high.text())} · {contract}",
        f"Points so far: {points} · {bidders} need {hand.high.level}",
        f"Trick {len(hand.tricks) + 1} of {rules.layout.hand_size} · {names[hand.turn]} to play",
    ]
    return names[hand.turn], lines


def _outcome_words(hand: Hand, choice: Choice) -> str:
    """`N–S 34 · E–W 8 · made`."""
    rules = hand.rules
    assert hand.bidder is not None
    bidders = rules.team_of(hand.bidder)
    teams = rules.team_names
    result = "made" if choice.made else "set"
    return f"{teams[bidders]} {choice.bidders} · {teams[1 - bidders]} {choice.others} · {result}"


def question_title(question: PuzzleQuestion) -> str:
    """`Today's puzzle #12 · rated 1500`."""
    kind = "Today's puzzle" if question.daily else "Puzzle"
    return f"{kind} #{question.id} · rated {question.rating.shown}"


def question_text(question: PuzzleQuestion) -> str:
    """The question in text (for screen readers too): the facts, every hand, the trick so far."""
    hand = question.puzzle.hand()
    seat, lines = _facts(hand)
    out = [f"**{question_title(question)}**", *lines]
    for s, name in enumerate(hand.rules.seat_names):
        out.append(f"{name}: {' '.join(hand.tiles_of(s))}")
    if hand.trick:
        names = hand.ts.names
        played = " · ".join(
            f"{hand.rules.seat_names[s]} {tile_label(names[t])}"
            for s, t in zip(hand.trick_seats, hand.trick, strict=True)
        )
        out.append(f"This trick: {played}")
    out.append(f"**Every hand is face up. Which tile should {seat} play?** One tile is clearly best.")
    return "\n".join(out)


def question_scene(question: PuzzleQuestion) -> PuzzleScene:
    """The question's picture: the facts, the four hands (the seat to play marked), the trick so far."""
    hand = question.puzzle.hand()
    _, lines = _facts(hand)
    names = hand.rules.seat_names
    seats = tuple(SeatRow(name, tuple(hand.tiles_of(s)), s == hand.turn) for s, name in enumerate(names))
    trick = tuple((names[s][0], hand.ts.names[t]) for s, t in zip(hand.trick_seats, hand.trick, strict=True))
    return PuzzleScene(question_title(question), tuple(lines), seats, trick)


def answer_lines(puzzle: Puzzle, chosen: str | None) -> list[str]:
    """Every legal tile and what it leads to, best play after it: the best first."""
    hand = puzzle.hand()
    best = puzzle.choice(puzzle.best)
    rest = [c for c in puzzle.choices if c.action != puzzle.best]
    lines = [f"✓ **{best.action}**: {_outcome_words(hand, best)} (best)"]
    for choice in rest:
        mark = "✗ " if choice.action == chosen else ""
        lines.append(f"{mark}{choice.action}: {_outcome_words(hand, choice)}")
    return lines


def answer_text(answer: PuzzleAnswer) -> str:
    """The answer: right or not, each tile's outcome, the ratings after it."""
    head = f"**Puzzle #{answer.id}** · you played {answer.answer}: "
    head += "✓ right, the best tile." if answer.correct else f"✗ not the best: {answer.puzzle.best} was."
    lines = [head, "What each tile leads to with best play by all four after it:"]
    lines.extend(answer_lines(answer.puzzle, answer.answer))
    if answer.player is None:
        lines.append(
            f"You had answered this puzzle before: only your first answer counts. Puzzle rated {answer.rating.shown}."
        )
    else:
        lines.append(f"Puzzle now rated {answer.rating.shown}. {record_line(answer.player)}")
    return "\n".join(lines)


def answer_scene(answer: PuzzleAnswer) -> PuzzleScene:
    """The answer's picture: the question's facts, then each tile and what it leads to."""
    hand = answer.puzzle.hand()
    _, lines = _facts(hand)
    best = answer.puzzle.best
    outcomes = [
        Outcome(c.action, _outcome_words(hand, c), c.action == best, c.action == answer.answer)
        for c in sorted(answer.puzzle.choices, key=lambda c: c.action != best)
    ]
    verdict = "right!" if answer.correct else f"best: {best}"
    title = f"Puzzle #{answer.id} · you: {answer.answer} · {verdict}"
    return PuzzleScene(title, tuple(lines), outcomes=tuple(outcomes))


def record_line(player: PuzzlePlayer) -> str:
    """`Puzzles: rated 1523 · 7 of 9 solved · streak 3 (best 5)`."""
    return (
        f"Puzzles: rated {player_rating(player).shown} · {player.solved} of "
        f"{plural(player.answered, 'puzzle')} solved · streak {player.streak} (best {player.best_streak})"
    )
