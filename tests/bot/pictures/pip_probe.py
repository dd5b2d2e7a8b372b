"""Reading pictures back from their pixels: pips on a tile, tile-sized bright patches on the felt, and
whether a short text stands at a place.

Deliberately independent of the renderer: it knows only that pips are dark round marks on a light face,
that a tile is two square halves, the traditional pip patterns drawn below as text, and (for text) the
picture font, which it sets itself to compare glyph shapes.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from tests.paths import ROOT

# Traditional patterns for an upright half, top row first ("x" = pip). Lying tiles are these turned.
PATTERNS = {
    0: ("...", "...", "..."),
    1: ("...", ".x.", "..."),
    2: ("..x", "...", "x.."),
    3: ("..x", ".x.", "x.."),
    4: ("x.x", "...", "x.x"),
    5: ("x.x", ".x.", "x.x"),
    6: ("x.x", "x.x", "x.x"),
    7: ("x.x", "xxx", "x.x"),
    8: ("xxx", "x.x", "xxx"),
    9: ("xxx", "xxx", "xxx"),
}


def luminance(image: Image.Image) -> np.ndarray:
    """Luminance (0..255) of an image, as floats."""
    return np.asarray(image.convert("L"), dtype=np.float32)


@dataclass
class Blob:
    """A 4-connected group of pixels: its size, bounding box and centre."""

    area: int
    left: int
    top: int
    right: int  # exclusive
    bottom: int  # exclusive
    row_sum: float
    col_sum: float

    @property
    def centre(self) -> tuple[float, float]:
        """(row, column) of the blob's centre of mass."""
        return self.row_sum / self.area, self.col_sum / self.area


def blobs(mask: np.ndarray, min_area: int = 1) -> list[Blob]:
    """4-connected groups of True pixels, ignoring those under ``min_area``.

    Works on runs of pixels in each row joined with a union-find, so whole pictures read in milliseconds.
    """
    parent: list[int] = []

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    runs: list[tuple[int, int, int]] = []  # (row, start, end exclusive)
    previous: list[int] = []  # indices of the previous row's runs
    padded = np.zeros((mask.shape[0], mask.shape[1] + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    edges = np.diff(padded, axis=1)
    for row in range(mask.shape[0]):
        starts = np.flatnonzero(edges[row] == 1)
        ends = np.flatnonzero(edges[row] == -1)
        current = []
        j = 0
        for start, end in zip(starts.tolist(), ends.tolist(), strict=True):
            index = len(runs)
            runs.append((row, start, end))
            parent.append(index)
            current.append(index)
            # Join every run of the row above that overlaps this one.
            while j < len(previous) and runs[previous[j]][2] <= start:
                j += 1
            k = j
            while k < len(previous) and runs[previous[k]][1] < end:
                a, b = find(previous[k]), find(index)
                if a != b:
                    parent[b] = a
                k += 1
        previous = current
    groups: dict[int, Blob] = {}
    for index, (row, start, end) in enumerate(runs):
        root = find(index)
        n = end - start
        blob = groups.get(root)
        if blob is None:
            groups[root] = Blob(n, start, row, end, row + 1, row * n, (start + end - 1) * n / 2)
        else:
            blob.area += n
            blob.left, blob.right = min(blob.left, start), max(blob.right, end)
            blob.bottom = row + 1
            blob.row_sum += row * n
            blob.col_sum += (start + end - 1) * n / 2
    return [b for b in groups.values() if b.area >= min_area]


def half_cells(half: np.ndarray) -> set[tuple[int, int]]:
    """The 3 x 3 grid cells (row, col) holding a pip in one square half (luminance array)."""
    side = half.shape[0]
    inset = int(round(side * 0.12))  # keep clear of the rounded corners, the rim and the centre bar
    inner = half[inset : side - inset, inset : side - inset]
    face = float(np.median(inner))
    dark = inner < face * 0.55
    cells = set()
    for blob in blobs(dark, min_area=max(2, side // 16)):
        row, col = blob.centre
        y = (row + inset) / side
        x = (col + inset) / side
        cells.add((min(2, max(0, round((y - 0.25) / 0.25))), min(2, max(0, round((x - 0.25) / 0.25)))))
    return cells


def half_blob_count(half: np.ndarray) -> int:
    """How many dark blobs (pips) one square half holds."""
    side = half.shape[0]
    inset = int(round(side * 0.12))
    inner = half[inset : side - inset, inset : side - inset]
    return len(blobs(inner < float(np.median(inner)) * 0.55, min_area=max(2, side // 16)))


def halves(tile: Image.Image) -> tuple[np.ndarray, np.ndarray]:
    """The two square halves of a tile image (first = top or left), as luminance arrays."""
    lum = luminance(tile)
    h, w = lum.shape
    if h >= w:
        return lum[: h // 2], lum[h - h // 2 :]
    upright_first, upright_second = lum[:, : w // 2], lum[:, w - w // 2 :]
    # Turn lying halves back upright (the renderer turns an upright tile a quarter turn anticlockwise).
    return np.rot90(upright_first, k=-1), np.rot90(upright_second, k=-1)


def read_pips(tile: Image.Image) -> tuple[int, int]:
    """The pip counts of a tile image, first half then second."""
    a, b = halves(tile)
    return half_blob_count(a), half_blob_count(b)


def read_value(half: np.ndarray) -> int | None:
    """The value whose traditional pattern one half shows, or None if it matches none."""
    cells = half_cells(half)
    count = half_blob_count(half)
    for value, rows in PATTERNS.items():
        expected = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "x"}
        if expected == cells and count == value:
            return value
    return None


def read_tile_values(tile: Image.Image) -> tuple[int | None, int | None]:
    """Both halves' values read from the pixels (None where a half matches no traditional pattern)."""
    a, b = halves(tile)
    return read_value(a), read_value(b)


def tile_patches(image: Image.Image, tile_side: int) -> list[tuple[int, int, int, int]]:
    """Bounding boxes (left, top, right, bottom) of solid bright patches big enough to be a tile face."""
    bright = luminance(image) > 120  # the felt and plates stay far darker than even a dimmed tile
    boxes = []
    for blob in blobs(bright, min_area=int(tile_side * tile_side * 0.8)):
        # A face is solid (pips are small holes); outlines and rings are not.
        if blob.area >= 0.6 * (blob.right - blob.left) * (blob.bottom - blob.top):
            boxes.append((blob.left, blob.top, blob.right, blob.bottom))
    return boxes


MAX_BYTES = 200_000  # every picture stays small enough to send quickly
MAX_WIDTH = 1000


def decode(data: bytes) -> Image.Image:
    """A picture's PNG bytes read back as RGB, checking on the way that it is a PNG, small and narrow."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) < MAX_BYTES
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.width <= MAX_WIDTH
    return img.convert("RGB")


FONT_DIR = ROOT / "assets" / "fonts"


def shows_text(
    picture: Image.Image, centre: tuple[int, int], text: str, size: int, width: int | None = None
) -> bool:
    """Whether ``text`` stands centred at ``centre`` (bold or regular, at ``size`` or up to 6 smaller): ink
    on (nearly) every pixel of its glyphs and none between them inside the text's box (``width`` wide,
    default eight times the size)."""
    w, h = width or 8 * size, 2 * size
    box = (centre[0] - w // 2, centre[1] - h // 2, centre[0] + w // 2, centre[1] + h // 2)
    crop = luminance(picture.crop(box))
    for face in ("DejaVuSansCondensed-Bold.ttf", "DejaVuSansCondensed.ttf"):
        for px in range(size, size - 7, -1):
            template = Image.new("L", (w, h))
            font = ImageFont.truetype(str(FONT_DIR / face), px)
            ImageDraw.Draw(template).text((w // 2, h // 2), text, font=font, fill=255, anchor="mm")
            glyphs = np.asarray(template)
            drawn = template.getbbox()
            assert drawn is not None, f"{face} drew nothing of {text!r}"
            left, top, right, bottom = drawn
            between = np.zeros(glyphs.shape, bool)
            between[top:bottom, left:right] = glyphs[top:bottom, left:right] == 0
            if np.percentile(crop[glyphs > 160], 10) - np.percentile(crop[between], 95) > 60:
                return True
    return False


def tile_faces(image: Image.Image, tile_side: int) -> list[tuple[int, int, int, int]]:
    """The bright patches that are shaped like a tile (twice as long as wide), leaving out text and chips."""
    boxes = []
    for box in tile_patches(image, tile_side):
        w, h = box[2] - box[0], box[3] - box[1]
        if 1.8 <= max(w, h) / min(w, h) <= 2.3:
            boxes.append(box)
    return boxes
