"""Draw the daily deals' and the puzzles' samples in this folder, as the bot draws them:
``python docs/pictures/daily/make.py``.

- ``daily-result``: a player's finished day (eight deals played against the easy computer player by two
  seeded players, one of them the player shown), scored against the other.
- ``daily-turn``: a turn in one of the day's deals (the private panel).
- ``puzzle-question`` and ``puzzle-answer``: a generated puzzle (seeded), asked, and answered wrongly.

Each is written at the size the bot sends (``<what>.png``) and as a phone shows it 360 pixels wide
(``<what>-360.png``); the pictures' type is 28 pixels and more at 720 wide, so 14 and more there.
"""

from __future__ import annotations

import asyncio
import io
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
PHONE = 360
sys.path.insert(0, str(HERE.parents[2]))


def write(what: str, data: bytes) -> None:
    """Write a sample and its phone-width copy."""
    from PIL import Image

    picture = Image.open(io.BytesIO(data))
    (HERE / f"{what}.png").write_bytes(data)
    phone = picture.convert("RGB").resize(
        (PHONE, round(picture.height * PHONE / picture.width)), Image.Resampling.LANCZOS
    )
    phone.quantize(256, dither=Image.Dither.NONE).save(HERE / f"{what}-{PHONE}.png", optimize=True)
    print(f"{what}: {picture.width}x{picture.height}, at {PHONE} wide {phone.height} high")


async def daily() -> None:
    """Two players' day, and a turn of the first one's."""
    from bot.daily.screens import DailyDone, DailyTurn
    from bot.daily.service import DailyService
    from bot.pictures.day_card import render_day
    from bot.pictures.panel import render_panel
    from bot.show.daily_words import done_scene, turn_panel
    from bot.storage import Storage
    from engine.ai.easy import EasyPlayer

    with tempfile.TemporaryDirectory() as folder:
        storage = await Storage.open(Path(folder) / "daily.db")
        noon = datetime(2026, 11, 27, 18, 0, tzinfo=UTC).timestamp()
        service = DailyService(storage, lambda: noon, EasyPlayer, keys=lambda: bytes(range(32)))
        for user, name, pick in ((1, "Renée", 0), (2, "Basil", -1)):
            screen = await service.open(7, user, name)
            moves = 0
            while isinstance(screen, DailyTurn):
                if user == 1 and screen.deal_no == 2 and screen.hand.phase == "play" and len(screen.hand.trick) == 2:
                    write("daily-turn", render_panel(turn_panel(screen, name, user)))
                legal = screen.hand.legal_actions()
                choice = (moves * 7) % len(legal) if pick == 0 else len(legal) - 1
                day = screen.day.isoformat()
                screen = await service.act(7, user, name, day, screen.deal_no, screen.moves, choice)
                moves += 1
        done = await service.open(7, 1, "Renée")
        assert isinstance(done, DailyDone)
        write("daily-result", render_day(done_scene(done)))
        await storage.close()


def puzzle() -> None:
    """A seeded puzzle, asked and answered wrongly."""
    from bot.learn.puzzles import PuzzleAnswer, PuzzleQuestion
    from bot.learn.ratings import Rating
    from bot.pictures.puzzle import render_puzzle
    from bot.show.puzzle_words import answer_scene, question_scene
    from bot.storage.puzzles import PuzzlePlayer
    from engine import Rules
    from engine.ai.puzzles import find

    found = find(b"docs sample 3", Rules.from_preset("standard"))
    assert found is not None
    write("puzzle-question", render_puzzle(question_scene(PuzzleQuestion(12, found, True, Rating()))))
    wrong = next(c.action for c in found.choices if c.action != found.best)
    player = PuzzlePlayer(24.1, 7.9, 3, 2, 0, 2)
    answer = PuzzleAnswer(12, found, wrong, False, player, Rating(25.6, 7.9, 1))
    write("puzzle-answer", render_puzzle(answer_scene(answer)))


if __name__ == "__main__":
    asyncio.run(daily())
    puzzle()
