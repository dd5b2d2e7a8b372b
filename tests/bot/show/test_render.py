"""Pictures are drawn in one thread, a picture a player waits for (their turn's panel) ahead of the rest,
and never behind the picture being drawn: a second thread draws only those. The running bot has them drawn
in processes of their own, which give the same pictures, and a process that dies costs no picture."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from collections import deque

import pytest

from bot.pictures.examples import every_example
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


def waiting(asked: float, name: str) -> render.Waiting:
    """A picture waiting to be drawn since `asked`, as the queues hold it (no loop waits for these)."""
    return (asked, name, None, None, None)  # type: ignore[return-value]


def next_name(urgent_only: bool) -> str | None:
    """The name of the picture a thread would draw next (None: none)."""
    found = render._next(urgent_only)
    return None if found is None else found[1]


def test_a_picture_nobody_waits_for_goes_first_once_it_has_waited_long_enough(monkeypatch):
    # at 200 tables urgent pictures came without a pause and table messages waited a minute
    now = time.monotonic()
    urgent = deque([waiting(now, "turn")])
    monkeypatch.setattr(render, "_clicked", deque())
    monkeypatch.setattr(render, "_urgent", urgent)
    monkeypatch.setattr(render, "_later", deque([waiting(now - 0.5, "table")]))
    assert next_name(False) == "turn", "a picture a player waits for goes first"
    urgent.append(waiting(now, "turn 2"))
    monkeypatch.setattr(render, "_later", deque([waiting(now - render.LATER_WAIT - 0.1, "table")]))
    assert next_name(True) == "turn 2", "the urgent thread draws only urgent ones"
    urgent.append(waiting(now, "turn 3"))
    assert next_name(False) == "table", "one that waited long enough goes before it"
    assert next_name(False) == "turn 3"
    assert next_name(False) is None


def test_a_clicks_own_picture_goes_before_every_other(monkeypatch):
    now = time.monotonic()
    clicked: deque[render.Waiting] = deque()
    monkeypatch.setattr(render, "_urgent", deque([waiting(now - 1, "turn")]))
    monkeypatch.setattr(render, "_later", deque([waiting(now - render.LATER_WAIT - 1, "table")]))
    monkeypatch.setattr(render, "_clicked", clicked)
    for urgent_only in (True, False):
        clicked.append(waiting(now, "tile played"))
        assert next_name(urgent_only) == "tile played", "either thread draws a click's first"


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


@pytest.fixture
def picture_processes():
    """Pictures drawn in one process of their own for the test."""
    render.start_processes(1)
    yield
    render.stop_processes()


async def test_pictures_drawn_in_a_process_of_their_own_are_the_same_pictures(picture_processes):
    _, (kind, scene) = next((n, e) for n, e in every_example().items() if e[0] == "panel")
    there = await render.draw(f"render_{kind}", scene, urgent=True)
    assert render._processes is not None
    drawers = {process.pid for process in render._processes._processes.values()}
    assert drawers and os.getpid() not in drawers, "drawn in another process"
    render.stop_processes()
    here = await render.draw(f"render_{kind}", scene)
    assert there is not None and there == here


async def test_a_picture_process_that_dies_costs_no_picture(picture_processes):
    _, (kind, scene) = next((n, e) for n, e in every_example().items() if e[0] == "hand")
    first = await render.draw(f"render_{kind}", scene)
    assert render._processes is not None
    pool = render._processes
    for process in list(pool._processes.values()):
        assert process.pid is not None
        os.kill(process.pid, signal.SIGKILL)
        process.join()
    assert await render.draw(f"render_{kind}", scene) == first, "drawn here while the process is replaced"
    assert render._processes is not None and render._processes is not pool, "another process started"
    assert await render.draw(f"render_{kind}", scene) == first
