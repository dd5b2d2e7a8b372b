"""Puzzles below Discord: one puzzle of the day per server (the same for everyone, kept), another on
request, the first answer moving the player's and the puzzle's ratings and the streak, a repeated answer
moving nothing, and another server's puzzle refused."""

from __future__ import annotations

import hashlib
import itertools

import pytest

from bot.learn.puzzles import NotAPuzzle, PuzzleService
from bot.learn.ratings import Rating, rate_answer

NOON = 1_800_000_000.0


def service_on(storage) -> PuzzleService:
    counter = itertools.count()
    return PuzzleService(
        storage, lambda: NOON, seeds=lambda: hashlib.sha256(f"seed {next(counter)}".encode()).digest()
    )


async def test_the_puzzle_of_the_day_is_the_same_for_everyone_until_answered(storage):
    service = service_on(storage)
    alice = await service.ask(1, 10)
    bob = await service.ask(1, 20)
    assert alice.daily and bob.daily and alice.id == bob.id and alice.puzzle == bob.puzzle
    assert alice.rating.shown == 1500 or alice.rating.games == 0
    best = [c.action for c in alice.puzzle.choices].index(alice.puzzle.best)
    right = await service.answer(1, 10, alice.id, best)
    assert (
        right.correct and right.player is not None and right.player.streak == 1 and right.player.solved == 1
    )
    assert right.rating.mu < alice.rating.mu  # solved: the puzzle is easier than it was rated
    again = await service.answer(1, 10, alice.id, best)
    assert again.player is None and again.rating == right.rating  # only the first answer counts
    following = await service.ask(1, 10)  # today's is answered: a new one
    assert not following.daily and following.id != alice.id
    wrong = next(k for k, c in enumerate(following.puzzle.choices) if c.action != following.puzzle.best)
    missed = await service.answer(1, 10, following.id, wrong)
    assert not missed.correct and missed.player is not None
    assert (missed.player.streak, missed.player.best_streak, missed.player.answered) == (0, 1, 2)
    assert missed.rating.mu > following.rating.mu
    assert await service.record(1, 10) == missed.player and await service.record(1, 30) is None


async def test_another_servers_puzzle_or_tile_is_refused(storage):
    service = service_on(storage)
    question = await service.ask(1, 10)
    with pytest.raises(NotAPuzzle):
        await service.answer(2, 10, question.id, 0)
    with pytest.raises(NotAPuzzle):
        await service.answer(1, 10, question.id, 25)


def test_solving_a_puzzle_raises_the_player_and_lowers_the_puzzle():
    player, puzzle = rate_answer(Rating(), Rating(), solved=True)
    assert player.mu > Rating().mu > puzzle.mu and player.games == puzzle.games == 1
    player, puzzle = rate_answer(Rating(), Rating(), solved=False)
    assert player.mu < Rating().mu < puzzle.mu
