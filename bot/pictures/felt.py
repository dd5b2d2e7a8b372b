"""The card table every picture is drawn on: green baize inside a wooden rail, drawn once per size."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TypeVar

import numpy as np
from PIL import Image, ImageDraw

from . import palette
from .png import Backdrop, make_backdrop

S = TypeVar("S")


def felt(width: int, height: int, rail: int = 10) -> Image.Image:
    """A fresh copy of the table background, ready to draw on."""
    return _felt(width, height, rail).copy()


@lru_cache(maxsize=32)
def felt_backdrop(width: int, height: int, rail: int = 10) -> Backdrop:
    """The bare felt prepared for PNG encoding; draw on a copy of its ``image``."""
    return make_backdrop(_felt(width, height, rail))


def with_felt(draw: Callable[[S], Image.Image]) -> Callable[[S], tuple[Image.Image, Backdrop]]:
    """``draw`` returning also the bare felt it drew on (the backdrop its PNG is encoded against)."""

    def drawn(scene: S) -> tuple[Image.Image, Backdrop]:
        img = draw(scene)
        return img, felt_backdrop(img.width, img.height)

    return drawn


@lru_cache(maxsize=32)
def _felt(width: int, height: int, rail: int) -> Image.Image:
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    # A lamp over the middle of the table: lighter in the centre, darker toward the rail.
    d = np.sqrt(((x - width / 2) / (width * 0.62)) ** 2 + ((y - height / 2) / (height * 0.62)) ** 2)
    t = np.clip(d, 0, 1)[..., None] ** 1.6
    centre = np.array(palette.FELT_CENTRE, np.float32)
    edge = np.array(palette.FELT_EDGE, np.float32)
    rgb = centre + (edge - centre) * t
    img = Image.fromarray(rgb.clip(0, 255).astype(np.uint8), "RGB")
    if rail:
        draw = ImageDraw.Draw(img)
        for i in range(rail):
            # The rail: dark wood, a lighter bead along its inner edge.
            shade = palette.RAIL_LIGHT if i in (rail - 3, rail - 2) else palette.RAIL
            draw.rectangle((i, i, width - 1 - i, height - 1 - i), outline=shade)
        # The felt's edge sits a little in the rail's shadow.
        for i in range(4):
            a = 0.35 * (4 - i) / 4
            col = tuple(int(c * (1 - a)) for c in palette.FELT_EDGE)
            draw.rectangle((rail + i, rail + i, width - 1 - rail - i, height - 1 - rail - i), outline=col)
    return img
