"""Scene -> PNG, through the renderers of `bot.pictures` when they exist, else `bot.picture_fallback`.

Pictures are drawn in a worker thread so the event loop stays responsive; a renderer that fails falls back to
the plain picture rather than stopping the game.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from types import ModuleType
from typing import Any

from . import picture_fallback

_pictures: ModuleType | None
try:  # the pictures package is written in parallel; any renderer it does not export yet falls back
    from . import pictures as _pictures
except Exception:  # pragma: no cover - only while the pictures package is broken
    _pictures = None

log = logging.getLogger(__name__)


def renderer(name: str) -> Callable[[Any], bytes]:
    """The renderer called `name` (e.g. "render_hand"): the real one if exported, else the fallback."""
    real = getattr(_pictures, name, None) if _pictures is not None else None
    fallback = getattr(picture_fallback, name)
    if real is None:
        return fallback

    def render(scene: Any) -> bytes:
        """Draw with the real renderer, or the plain one if it fails."""
        try:
            return real(scene)
        except Exception:
            log.exception("%s failed; drawing the plain picture instead", name)
            return fallback(scene)

    return render


async def draw(name: str, scene: Any) -> bytes:
    """Render `scene` with the renderer `name` off the event loop."""
    return await asyncio.to_thread(renderer(name), scene)
