"""The pictures' own PNG writer: what it writes decodes to the picture drawn, with either deflate."""

from __future__ import annotations

import io
import zlib

import numpy as np
import pytest
from PIL import Image

from bot.pictures import png
from bot.pictures.examples import RENDERERS, every_example


def _decoded(data: bytes) -> np.ndarray:
    picture = Image.open(io.BytesIO(data))
    assert picture.format == "PNG" and picture.mode == "P"
    return np.asarray(picture.convert("RGB"))


def _pillows_png(image: Image.Image, backdrop: png.Backdrop) -> bytes:
    """The same mapping onto the palette, written by Pillow (as the pictures were before)."""
    mapped = np.asarray(image.convert("RGB").quantize(palette=png._palette(), dither=Image.Dither.NONE))
    indices = np.where(mapped == backdrop.mapped, backdrop.indices, mapped)
    picture = Image.fromarray(indices, "P")
    picture.putpalette(png._flat_palette(png._palette()))
    out = io.BytesIO()
    picture.save(out, "PNG")
    return out.getvalue()


@pytest.mark.parametrize("deflate", ["default", "zlib"])
def test_a_picture_decodes_to_what_pillow_would_have_written(monkeypatch, deflate):
    if deflate == "zlib":
        monkeypatch.setattr(png, "compress", zlib.compress)
    image = png.felt(300, 200)
    image.paste((240, 235, 220), (40, 50, 120, 90))  # an ivory block and a dark one on the felt
    image.paste((20, 20, 20), (150, 60, 200, 160))
    backdrop = png.felt_backdrop(300, 200)
    ours = png.to_png(image, backdrop)
    assert ours.startswith(b"\x89PNG\r\n\x1a\n")
    assert np.array_equal(_decoded(ours), _decoded(_pillows_png(image, backdrop)))


def test_palette_png_keeps_every_index_and_colour():
    rng = np.random.default_rng(3)
    indices = rng.integers(0, 4, size=(7, 13), dtype=np.uint8)
    colours = bytes([255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9])
    picture = Image.open(io.BytesIO(png.palette_png(indices, colours)))
    assert picture.size == (13, 7)
    assert np.array_equal(np.asarray(picture), indices)
    assert (picture.getpalette() or [])[:12] == list(colours)


def test_every_example_picture_is_a_png_pillow_reads():
    for name, (kind, scene) in every_example().items():
        data = RENDERERS[kind](scene)
        picture = Image.open(io.BytesIO(data))
        picture.load()  # a broken stream or checksum raises here
        assert picture.width > 0, name
