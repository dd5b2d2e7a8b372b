"""Labelled pills on the felt: a seat's call in the auction, and what is waiting to be called.

The table and the player panel draw calls the same way, so a player reads the auction alike in both.
"""

from __future__ import annotations

from PIL import Image

from . import palette, shapes
from .fonts import TextDraw, fit, font, text_width

PASS = "Pass"


def call_pill_width(text: str | None, size: int) -> int:
    """The width a call pill needs for ``text`` at ``size``."""
    return max(2 * size + 12, text_width(text or "", size, True) + size)


def draw_call(
    img: Image.Image,
    draw: TextDraw,
    centre: tuple[int, int],
    call: str | None,
    *,
    size: int,
    width: int,
    high: bool = False,
    turn: bool = False,
    smallest: int | None = None,
) -> tuple[int, int, int, int]:
    """A seat's call centred at ``centre``: a bid in bold, Pass soft, a ringed high bid, the seat to call
    in gold ("…", or its last call in a gold rim when the auction comes round again), and a faint pill for a
    seat still waiting. A call too long for the pill is set smaller, down to ``smallest`` (default six
    sizes down), before it is cut. Returns the pill's box."""
    least = size - 6 if smallest is None else smallest
    height = size + 16
    left, top = centre[0] - width // 2, centre[1] - height // 2
    if call is None:
        edge, line = (palette.GOLD, 3) if turn else (palette.PLATE_EDGE, 1)
        pill = shapes.rounded_box(
            width, height, height // 2, palette.PLATE, edge, line, fill_alpha=255 if turn else 120
        )
        shapes.paste(img, pill, (left, top))
        if turn:
            draw.text(centre, "…", font=font(size, True), fill=palette.GOLD, anchor="mm")
        else:
            draw.text(centre, "waiting", font=font(max(size - 5, least)), fill=palette.TEXT_SOFT, anchor="mm")
        return (left, top, left + width, top + height)
    passed = call == PASS
    edge = (
        palette.GOLD if high or turn else palette.PLATE_EDGE
    )  # called before, and to call again (open auction)
    pill = shapes.rounded_box(
        width, height, height // 2, palette.PLATE, edge, 3 if high else 2 if turn else 1
    )
    shapes.paste(img, pill, (left, top))
    colour = palette.TEXT_SOFT if passed else (palette.GOLD if high else palette.TEXT)
    # A long call in a narrow pill gets a smaller face before it gets an ellipsis.
    size = next(
        (n for n in range(size, least - 1, -1) if text_width(call, n, not passed) <= width - 10), least
    )
    draw.text(
        centre, fit(call, width - 10, size, not passed), font=font(size, not passed), fill=colour, anchor="mm"
    )
    return (left, top, left + width, top + height)
