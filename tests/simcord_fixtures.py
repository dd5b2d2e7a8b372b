"""Fixtures for the tests that drive the real bot on a simulated Discord (simcord), seeded and instant: the bot's
adapter tests (tests/bot/discord) and the end-to-end games (tests/e2e). simcord's own `simcord_env` fixture
runs the bot `simcord_bot` gives it."""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.databases import fresh_sqlite_database


@pytest.fixture
def database(tmp_path: Path, sqlite_template: Path) -> Path:
    """A fresh SQLite file for one test, already migrated (a copy of `sqlite_template`)."""
    return fresh_sqlite_database(sqlite_template, tmp_path)


@pytest.fixture
async def simcord_bot(database: Path):
    """The bot under test (simcord's `simcord_env` fixture runs it)."""
    from tests.bot.table_driver import make_bot  # here: pytest's controller loads this file, and needs no bot

    bot = make_bot(database)
    yield bot
    storage = getattr(bot, "storage", None)
    if storage is not None:
        await storage.close()


@pytest.fixture(scope="session", autouse=True)
def pictures_drawn_once_per_run(tmp_path_factory) -> Iterator[None]:
    """Each distinct picture the bot draws is drawn once per test run, and its bytes read back after (from a
    folder the run's workers share): the same seeded deals bring the same scenes test after test, and
    drawing was the largest share of these tests' CPU. The bytes are the renderer's own (a picture is a
    function of its scene); the pictures' own tests (tests/bot/pictures) call the renderers directly, and a
    test that puts its own renderer in `render.RENDERERS` replaces this for that test."""
    from bot.show import render

    run = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run = run.parent  # each worker's folder is in the run's
    folder = run / "pictures"
    folder.mkdir(exist_ok=True)
    originals = dict(render.RENDERERS)

    def memo(name: str, draw: Callable[[Any], bytes]) -> Callable[[Any], bytes]:
        def drawn_once(scene: Any) -> bytes:
            # scenes are frozen dataclasses, some holding lists: their repr names them, not their hash
            path = folder / hashlib.sha256(f"{name} {scene!r}".encode()).hexdigest()
            try:
                return path.read_bytes()
            except FileNotFoundError:
                picture = draw(scene)
                written = path.with_suffix(f".{os.getpid()}-{threading.get_ident()}")
                written.write_bytes(picture)
                written.replace(path)  # whole or not at all, for a worker reading it at the same moment
                return picture

        return drawn_once

    render.RENDERERS.update({name: memo(name, draw) for name, draw in originals.items()})
    yield
    render.RENDERERS.update(originals)
