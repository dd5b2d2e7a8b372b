"""The bot has no voice: it never joins a voice channel, so it needs neither of the libraries discord.py
uses for voice (PyNaCl, davey) and should not warn at start-up that they are missing."""

from __future__ import annotations

import discord


def without_voice() -> None:
    """Tell discord.py that voice is not wanted, before a client is made: it warns once that PyNaCl and
    davey are missing unless these flags, its own way of warning only once, are already spent."""
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
