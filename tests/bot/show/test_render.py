"""Pictures are drawn in one thread, a picture a player waits for (their turn's panel) ahead of the rest,
and never behind the picture being drawn: a second thread draws only those."""

from __future__ import annotations

import asyncio
import threading
import time
from collections import deque

import pytest

from bot.show import render


@pytest.fixture
def renderers(monkeypatch):
    """Two renderers that note what they drew: `quick`, and `slow`, which says it has started and then waits
    for the gate. Returns (what was drawn, in order; started; the gate)."""
    drawn: list[str] = []
    started, gate = threading.Event(), threading.Event()

    def slow(scene: str) -> bytes:
        started.set()
        gate.wait()
        drawn.append(scene)
        return scene.encode()

    def quick(scene: str) -> bytes:
        drawn.append(scene)
        return scene.encode()

    monkeypatch.setitem(render.RENDERERS, "slow", slow)
    monkeypatch.setitem(render.RENDERERS, "quick", quick)
    return drawn, started, gate


async def test_an_urgent_picture_is_drawn_before_those_asked_for_earlier_even_while_one_is_drawn(renderers):
    drawn, started, gate = renderers
    loop = asyncio.get_running_loop()
    first = asyncio.create_task(render.draw("slow", "table 1"))
    await loop.run_in_executor(None, started.wait)  # the thread is busy with the first picture
    later = [asyncio.create_task(render.draw("quick", f"table {n}")) for n in (2, 3)]
    turn = asyncio.create_task(render.draw("quick", "alice's turn", urgent=True))
    assert await asyncio.wait_for(turn, 10) == b"alice's turn", "drawn while the first thread is busy"
    assert drawn == ["alice's turn"]
    for _ in range(3):
        await asyncio.sleep(0)  # every picture is asked for before the thread is free
    gate.set()
    results = await asyncio.gather(first, *later, turn)
    assert drawn == ["alice's turn", "table 1", "table 2", "table 3"]
    assert results == [b"table 1", b"table 2", b"table 3", b"alice's turn"], (
        "each caller gets its own picture"
    )


async def test_a_picture_that_fails_comes_back_as_none(monkeypatch):
    def broken(scene: object) -> bytes:
        raise ValueError("no such tile")

    monkeypatch.setitem(render.RENDERERS, "broken", broken)
    assert await render.draw("broken", None) is None
    assert await render.draw("broken", None, urgent=True) is None


async def test_a_picture_nobody_waits_for_is_never_drawn_beside_another(renderers):
    drawn, started, gate = renderers
    loop = asyncio.get_running_loop()
    first = asyncio.create_task(render.draw("slow", "table 1"))
    await loop.run_in_executor(None, started.wait)
    second = asyncio.create_task(render.draw("quick", "table 2"))
    await asyncio.sleep(0.2)  # the urgent pictures' thread is idle, and leaves it
    assert drawn == [] and render.backlog() == 1
    gate.set()
    assert await asyncio.gather(first, second) == [b"table 1", b"table 2"]
    assert drawn == ["table 1", "table 2"]


async def test_the_share_of_time_spent_drawing_is_measured(monkeypatch):
    def slow(scene: str) -> bytes:
        time.sleep(0.4)
        return b"drawn"

    monkeypatch.setitem(render.RENDERERS, "slow", slow)
    monkeypatch.setattr(render, "_spells", deque())
    assert render.busy() == 0.0
    await render.draw("slow", None)
    assert 0.4 / render.BUSY_SPAN <= render.busy() < 1.0
    now = time.monotonic
    monkeypatch.setattr(render.time, "monotonic", lambda: now() + render.BUSY_SPAN + 1)
    assert render.busy() == 0.0, "a picture drawn longer ago than the span counts no more"
