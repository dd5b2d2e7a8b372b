"""Tests of the Discord bot."""
