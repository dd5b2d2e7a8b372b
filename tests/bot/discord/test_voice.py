"""Start-up says nothing that reads as an error: the bot has no voice, and discord.py does not warn that the
voice libraries are missing."""

from __future__ import annotations

import logging

import discord
import pytest

from bot.discord.client import BotSettings, Texas42Bot


def test_making_the_bot_warns_of_nothing(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture):
    # discord.py warns once a process: make it want to again (as in a fresh process without PyNaCl and davey).
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    with caplog.at_level(logging.INFO):
        Texas42Bot(BotSettings("sqlite:///:memory:", warm_up_computers=False, tick_seconds=None))
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING] == []


def test_the_check_sees_the_warnings_discord_py_would_give(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
):
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    with caplog.at_level(logging.INFO):
        discord.Client(intents=discord.Intents(guilds=True))
    warned = [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING]
    assert warned == [
        "PyNaCl is not installed, voice will NOT be supported",
        "davey is not installed, voice will NOT be supported",
    ]
