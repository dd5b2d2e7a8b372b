"""The colours of the pictures, in one place so every picture matches.

The pictures carry their own opaque felt background, so they read the same in Discord's dark and
light themes; text sits on the felt, never on Discord's colour.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# The card table: a deep green baize, lighter in the middle where the lamp is.
FELT: RGB = (31, 99, 67)
FELT_CENTRE: RGB = (40, 120, 82)
FELT_EDGE: RGB = (20, 70, 47)
RAIL: RGB = (74, 46, 28)  # the wooden rim around the felt
RAIL_LIGHT: RGB = (110, 72, 42)

# Bones: aged ivory with black drilled pips and a brass spinner.
IVORY: RGB = (246, 240, 224)
IVORY_SHADE: RGB = (226, 216, 192)
TILE_EDGE: RGB = (176, 164, 138)
PIP: RGB = (24, 22, 20)
DIM: RGB = (58, 74, 66)  # what an unplayable tile fades toward
BAR: RGB = (70, 64, 56)
SPINNER: RGB = (196, 160, 84)
SPINNER_LIGHT: RGB = (236, 212, 150)

# Text on felt.
TEXT: RGB = (242, 238, 226)
TEXT_SOFT: RGB = (190, 212, 196)
TEXT_DARK: RGB = (30, 30, 28)

# Markers, kept few and calm.
GOLD: RGB = (236, 190, 72)  # whose turn, the winning tile, trumps
COUNT: RGB = (232, 118, 92)  # count tiles (5 and 10 points)
PLATE: RGB = (16, 52, 36)  # name plates on the felt
PLATE_EDGE: RGB = (70, 140, 104)
CHIP: RGB = (250, 250, 246)  # the dealer button
MADE: RGB = (120, 214, 140)
SET: RGB = (240, 110, 100)
COMPUTER: RGB = (128, 176, 224)
