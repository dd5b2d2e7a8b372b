"""Scene -> PNG with the renderers of `bot.pictures`, drawn in a worker thread so the event loop stays free.

A renderer that fails costs only its picture: the message goes out with its text, which carries the same
facts (for screen readers and picture-less clients anyway).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from . import pictures

log = logging.getLogger(__name__)

RENDERERS: dict[str, Callable[[Any], bytes]] = {
    "render_table": pictures.render_table,
    "render_panel": pictures.render_panel,
    "render_hand": pictures.render_hand,
    "render_hand_end": pictures.render_hand_end,
    "render_game_end": pictures.render_game_end,
}


def _draw(name: str, scene: Any) -> bytes | None:
    try:
        return RENDERERS[name](scene)
    except Exception:
        log.exception("%s failed; sending the text without its picture", name)
        return None


async def draw(name: str, scene: Any) -> bytes | None:
    """Render `scene` with the renderer `name` off the event loop; None if it fails."""
    return await asyncio.to_thread(_draw, name, scene)
