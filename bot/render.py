"""Scene -> PNG with the renderers of `bot.pictures`, drawn in one worker thread so the event loop stays free.

Drawing is CPU work that holds the GIL most of the time: several threads drawing at once only take turns,
and crowd the event loop (and the threads the computers think in) out. So pictures queue for one thread of
their own. A renderer that fails costs only its picture: the message goes out with its text, which carries
the same facts (for screen readers and picture-less clients anyway).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from . import pictures

log = logging.getLogger(__name__)
_DRAWING = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")

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
    """Render `scene` with the renderer `name` in the pictures' thread; None if it fails."""
    return await asyncio.get_running_loop().run_in_executor(_DRAWING, _draw, name, scene)
