"""A server's settings as kept, on both backends: the defaults for a server that set nothing, a change kept
across a reopening (a restart) and seen at once by another process's store, an organiser role cleared,
two changes at once both kept, and a refused change that keeps nothing."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from bot.storage import Storage
from bot.storage.server_settings import ServerSettings, load_settings, update_settings


async def test_a_server_that_set_nothing_reads_as_the_defaults(storage):
    assert await load_settings(storage, 5) == ServerSettings(5)
    assert (await load_settings(storage, 5)).timezone == "UTC"


async def test_settings_outlive_a_restart_and_another_process_sees_them_at_once(database_url):
    first, second = await Storage.open(database_url), await Storage.open(database_url)
    try:
        wanted = ServerSettings(5, "tournament", 3, "timer=5m", (11, 12), 77, "America/Chicago")
        kept = await update_settings(first, 5, lambda _: wanted)
        assert kept == wanted
        assert await load_settings(second, 5) == wanted, "no cache: the other process reads it now"
        assert await load_settings(second, 6) == ServerSettings(6), "one server's settings are its own"
    finally:
        await first.close()
        await second.close()
    reopened = await Storage.open(database_url)
    try:
        assert await load_settings(reopened, 5) == wanted
    finally:
        await reopened.close()


async def test_an_organiser_role_cleared_is_kept_cleared(database_url):
    first = await Storage.open(database_url)
    try:
        await update_settings(first, 5, lambda current: replace(current, organiser_role_id=77, target=3))
        await update_settings(first, 5, lambda current: replace(current, organiser_role_id=None))
    finally:
        await first.close()
    reopened = await Storage.open(database_url)
    try:
        assert await load_settings(reopened, 5) == ServerSettings(5, target=3)
    finally:
        await reopened.close()


async def test_two_changes_at_once_are_both_kept(database_url):
    first, second = await Storage.open(database_url), await Storage.open(database_url)
    try:

        def slowly(**values):
            def change(current: ServerSettings) -> ServerSettings:
                return replace(current, **values)

            return change

        await asyncio.gather(
            update_settings(first, 5, slowly(timezone="Europe/Paris")),
            update_settings(second, 5, slowly(channels=(42,))),
        )
        kept = await load_settings(first, 5)
        assert kept.timezone == "Europe/Paris" and kept.channels == (42,)
    finally:
        await first.close()
        await second.close()


async def test_a_refused_change_keeps_nothing(storage):
    await update_settings(storage, 5, lambda current: replace(current, preset="moon"))

    def refuse(current: ServerSettings) -> ServerSettings:
        raise ValueError("no")

    with pytest.raises(ValueError):
        await update_settings(storage, 5, refuse)
    assert await load_settings(storage, 5) == ServerSettings(5, preset="moon")
