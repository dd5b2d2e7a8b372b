"""Moved to `bot.pictures.from_views`; this re-export goes once the bot imports from there."""

from .pictures.from_views import game_end_scene, hand_end_scene, hand_scene, panel_scene, table_scene  # noqa: F401
