"""A server's settings without Discord: `/42 settings` read with `/42 new`'s checks, the defaults under a
`/42 new`, where tables may open, who may run tournaments; and at the service on both backends."""

from __future__ import annotations

import random

import pytest

from bot.show.refusals import sentence
from bot.storage import Storage
from bot.storage.server_settings import ServerSettings
from bot.tables import Refusal, TableService, Why
from bot.tables.club import (
    SettingsChange,
    changed,
    may_run_tournaments,
    read_channels,
    read_timezone,
)
from bot.tables.defaults import checked_rules, may_open_in, with_defaults
from bot.tables.options_text import option_entries
from tests.bot.table_driver import quick_player

HOUSE = ServerSettings(1, "tournament", 3, "timer=5m hints=on", ())


def test_options_are_cut_into_entries_by_name():
    entries = option_entries("Nello-Doubles=high,low, timer = 90s computer=easy")
    assert [(e.name, e.value) for e in entries] == [
        ("nello_doubles", "high,low"),
        ("timer", "90s"),
        ("computers", "easy"),
    ]
    assert [e.word for e in entries] == ["nello_doubles=high,low", "timer=90s", "computers=easy"]
    junk = option_entries("junk nello=off")
    assert [(e.name, e.word) for e in junk] == [(None, "junk"), ("nello", "nello=off")]
    assert option_entries(None) == option_entries("  ") == []


def test_a_new_table_takes_the_servers_defaults():
    opening = with_defaults(HOUSE, None, None, None)
    assert (opening.preset, opening.target) == ("tournament", 3)
    assert opening.from_server == ("preset=tournament", "target=3", "timer=5m", "hints=on")
    rules, read = checked_rules(opening.preset, opening.target, opening.options)
    assert rules.preset == "tournament" and rules.target == 3
    assert read.settings.turn_seconds == 300 and read.settings.hints


def test_what_new_gives_overrides_the_defaults_by_name():
    opening = with_defaults(HOUSE, "tournament", 5, "timer=off plunge=off")
    assert opening.target == 5 and opening.from_server == ("hints=on",)
    rules, read = checked_rules(opening.preset, opening.target, opening.options)
    assert rules.target == 5 and read.settings.turn_seconds is None and read.settings.hints
    assert with_defaults(HOUSE, None, None, "target=9").target is None, "a target in the options wins too"


def test_another_game_keeps_only_the_table_settings():
    opening = with_defaults(ServerSettings(1, None, 3, "nello=off timer=5m"), "moon", None, None)
    assert (opening.preset, opening.target) == ("moon", None)
    assert opening.from_server == ("timer=5m",)
    rules, read = checked_rules(opening.preset, opening.target, opening.options)
    assert rules.preset == "moon" and read.settings.turn_seconds == 300


def test_a_server_without_settings_changes_nothing():
    opening = with_defaults(ServerSettings(1), None, None, "nello=off,  sevens=on")
    assert opening == type(opening)("standard", None, "nello=off,  sevens=on", ())


def test_settings_take_new_s_checks_and_sentences():
    with pytest.raises(Refusal) as from_new:
        checked_rules("tournament", None, "players=6")
    with pytest.raises(Refusal) as from_settings:
        changed(ServerSettings(1), SettingsChange(preset="tournament", options="players=6"))
    assert from_settings.value.why is Why.BAD_RULES
    assert sentence(from_settings.value) == sentence(from_new.value)
    kept = changed(ServerSettings(1), SettingsChange(preset="eighty-four", options="players=6"))
    assert changed(kept, SettingsChange(target=5)).options == "players=6"
    with pytest.raises(Refusal):  # a preset named later is checked against the options given with it
        changed(kept, SettingsChange(preset="standard", options="players=6"))
    with pytest.raises(Refusal):  # and against the options kept, when it is the same game
        changed(ServerSettings(1, preset="moon"), SettingsChange(options="players=6"))


def test_a_new_game_starts_its_defaults_afresh_and_options_none_clears():
    kept = changed(ServerSettings(1), SettingsChange(target=3, options="nello = off"))
    assert (kept.preset, kept.target, kept.options) == (None, 3, "nello=off")
    same = changed(kept, SettingsChange(preset="standard"))
    assert (same.target, same.options) == (3, "nello=off"), "the same game keeps them"
    fresh = changed(kept, SettingsChange(preset="moon"))
    assert (fresh.preset, fresh.target, fresh.options) == ("moon", None, "")
    cleared = changed(kept, SettingsChange(options="none"))
    assert cleared.options == "" and cleared.target == 3


def test_channels_and_time_zones_are_read_or_refused():
    assert read_channels("any") == read_channels(" ANY ") == ()
    assert read_channels("<#12> <#34>, <#12>") == (12, 34)
    for bad in ("#games", "", "<#12> and more", "12"):
        with pytest.raises(Refusal) as refused:
            read_channels(bad)
        assert refused.value.why is Why.BAD_CHANNELS
    assert read_timezone("America/Chicago") == "America/Chicago"
    assert read_timezone("utc") == "UTC"
    for bad in ("Mars/Olympus", "../etc/passwd", "", "America/"):
        with pytest.raises(Refusal) as refused:
            read_timezone(bad)
        assert refused.value.why is Why.BAD_TIMEZONE
        assert "IANA" in sentence(refused.value)


def test_where_tables_open_and_who_runs_tournaments():
    anywhere, kept = ServerSettings(1), ServerSettings(1, channels=(10, 11), organiser_role_id=7)
    assert may_open_in(anywhere, 99) and may_open_in(kept, 10) and not may_open_in(kept, 99)
    assert may_open_in(kept, 500, parent_id=11), "a thread of an allowed channel is allowed"
    refusal = Refusal(Why.CHANNEL_NOT_ALLOWED, channels=kept.channels)
    assert "<#10>" in sentence(refusal) and "<#11>" in sentence(refusal)
    assert may_run_tournaments(kept, manage_server=True, role_ids=[])
    assert may_run_tournaments(kept, manage_server=False, role_ids=[3, 7])
    assert not may_run_tournaments(kept, manage_server=False, role_ids=[3])
    assert not may_run_tournaments(anywhere, manage_server=False, role_ids=[7])


def test_the_organiser_role_is_cleared_and_given_or_cleared_not_both():
    kept = ServerSettings(1, channels=(10,), organiser_role_id=7)
    assert changed(kept, SettingsChange(organiser_role_id=8)).organiser_role_id == 8
    assert changed(kept, SettingsChange(target=3)).organiser_role_id == 7, "left as it is"
    cleared = changed(kept, SettingsChange(organiser_clear=True))
    assert cleared == ServerSettings(1, channels=(10,)), "only the role goes"
    assert not may_run_tournaments(cleared, manage_server=False, role_ids=[7])
    with pytest.raises(Refusal) as refused:
        changed(kept, SettingsChange(organiser_role_id=8, organiser_clear=True))
    assert refused.value.why is Why.ORGANISER_SET_AND_CLEARED
    assert "organiser_clear" in sentence(refused.value)


# ---------------------------------------------------------------------- the service, on both backends


def _service(storage: Storage) -> TableService:
    return TableService(storage, rng=random.Random(3), computer_pause=0, player_factory=quick_player)


async def test_settings_open_tables_where_allowed_with_the_defaults(storage):
    service = _service(storage)
    await service.club.change(1, SettingsChange(preset="tournament", target=3, channels="<#2>"))
    with pytest.raises(Refusal) as refused:
        await service.open_table(guild_id=1, channel_id=3, host_id=10)
    assert refused.value.why is Why.CHANNEL_NOT_ALLOWED and refused.value.channels == (2,)
    in_thread = await service.open_table(guild_id=1, channel_id=30, host_id=10, parent_id=2)
    assert in_thread.rules.preset == "tournament" and in_thread.server_defaults == (
        "preset=tournament",
        "target=3",
    )
    table = await service.open_table(guild_id=1, channel_id=2, host_id=10, target=5)
    assert table.rules.target == 5 and table.server_defaults == ("preset=tournament",)
    reloaded = _service(storage)
    await reloaded.load()
    back = reloaded.table(table.id)
    assert back is not None and back.server_defaults == ("preset=tournament",), "kept with the table"
    with pytest.raises(Refusal) as bad:
        await service.club.change(1, SettingsChange(timezone="Nowhere/Else"))
    assert bad.value.why is Why.BAD_TIMEZONE
    assert (await service.club.settings(1)).timezone == "UTC", "a refused change keeps nothing"
