"""Reading pictures back from their pixels: pips on a tile, and tile-sized bright patches on the felt.

Deliberately independent of the renderer: it knows only that pips are dark round marks on a light face,
that a tile is two square halves, and the traditional pip patterns drawn below as text.
"""

from __future__ import annotations

from collections import deque

import numpy as np
from PIL import Image

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


def blobs(mask: np.ndarray, min_area: int = 1) -> list[list[tuple[int, int]]]:
    """4-connected groups of True pixels (as lists of (row, col)), ignoring those under ``min_area``."""
    seen = np.zeros_like(mask, dtype=bool)
    h, w = mask.shape
    found = []
    for r0, c0 in zip(*np.nonzero(mask), strict=True):
        if seen[r0, c0]:
            continue
        seen[r0, c0] = True
        queue = deque([(r0, c0)])
        pixels = []
        while queue:
            r, c = queue.popleft()
            pixels.append((r, c))
            for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= rr < h and 0 <= cc < w and mask[rr, cc] and not seen[rr, cc]:
                    seen[rr, cc] = True
                    queue.append((rr, cc))
        if len(pixels) >= min_area:
            found.append(pixels)
    return found


def half_cells(half: np.ndarray) -> set[tuple[int, int]]:
    """The 3 x 3 grid cells (row, col) holding a pip in one square half (luminance array)."""
    side = half.shape[0]
    inset = int(round(side * 0.12))  # keep clear of the rounded corners, the rim and the centre bar
    inner = half[inset : side - inset, inset : side - inset]
    face = float(np.median(inner))
    dark = inner < face * 0.55
    cells = set()
    for pixels in blobs(dark, min_area=max(2, side // 16)):
        rows, cols = zip(*pixels, strict=True)
        y = (np.mean(rows) + inset) / side
        x = (np.mean(cols) + inset) / side
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
    """Bounding boxes (left, top, right, bottom) of bright patches big enough to be a tile face."""
    bright = luminance(image) > 120  # the felt and plates stay far darker than even a dimmed tile
    boxes = []
    for pixels in blobs(bright, min_area=int(tile_side * tile_side * 0.8)):
        rows, cols = zip(*pixels, strict=True)
        boxes.append((min(cols), min(rows), max(cols) + 1, max(rows) + 1))
    return boxes
