"""Draw the phone samples in this folder from one seeded game, as the bot draws them:
``python docs/pictures/phone/make.py [--code CHECKOUT] [--prefix after]``.

Three moments of a real game (standard 42, seeded): a player's panel just after their own move, the table
message at that moment, and the summary of the hand before. Each is written at the size the bot sends
(``<prefix>-<what>.png``) and as a phone shows it in a chat 360 pixels wide (``<prefix>-<what>-360.png``).
``--code`` draws them with another checkout of the bot (``--prefix before`` with the code before a change),
so before and after can be laid side by side; ``--kept-picture`` draws the panel as the bot before issue 23
left it after a move: the picture of the turn, the tile still in hand.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PHONE = 360


def main() -> None:
    """Write the samples and print their sizes."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--code", type=Path, default=HERE.parents[2], help="the checkout to draw with")
    parser.add_argument("--prefix", default="after", help="the samples' name prefix (default after)")
    parser.add_argument(
        "--kept-picture",
        action="store_true",
        help="the panel after a move keeps the picture of the turn before it (as the bot did before)",
    )
    args = parser.parse_args()
    sys.path.insert(0, str(args.code.resolve()))

    from PIL import Image

    from bot.show import presenter, render
    from bot.show.plan import hand_over_screen
    from bot.storage import SeatRow
    from bot.tables import Table
    from engine import Game, Rules

    rules = Rules.from_preset("standard")
    rng = random.Random(23)
    names = {0: ("Alice", None), 1: ("Basil", "strong"), 2: ("Renée-Éloïse", None), 3: ("Dash", "strong")}
    seats = {
        s: SeatRow(seat=s, name=name, user_id=None if level else 100 + s, computer_level=level)
        for s, (name, level) in names.items()
    }
    table = Table(id=3, guild_id=1, channel_id=1, host_id=100, rules=rules, status="playing", seats=seats)
    table.game = Game(rules, 3, (), (0, 0))
    while True:  # to North's turn in the middle of a trick, a trick or more into a later hand
        table.hand = table.game.deal(rng)
        while not table.hand.complete:
            hand = table.hand
            if hand.phase == "play" and hand.turn == 0 and len(hand.tricks) >= 2 and len(hand.trick) == 2:
                break
            table.hand = hand.apply(rng.choice(hand.legal_actions()))
        if not table.hand.complete and table.hand_no >= 1:
            break
        table.game = table.game.record_hand(table.hand)
        table.last_hand = table.hand

    def draw(screen) -> bytes:
        return render.RENDERERS[screen.picture.renderer](screen.picture.scene)

    turn_panel = draw(presenter.private_screen(table, 0))
    tile = table.hand.legal_actions()[0]
    table.hand = table.hand.apply(tile)
    samples = {
        "panel-after-own-move": turn_panel
        if args.kept_picture
        else draw(presenter.private_screen(table, 0, f"You played {tile}.")),
        "table": draw(presenter.table_screen(table)),
        "summary": draw(hand_over_screen(table, table.hand_no - 1)),
    }
    for what, data in samples.items():
        picture = Image.open(io.BytesIO(data))
        (HERE / f"{args.prefix}-{what}.png").write_bytes(data)
        phone = picture.convert("RGB").resize(
            (PHONE, round(picture.height * PHONE / picture.width)), Image.Resampling.LANCZOS
        )
        phone.quantize(256, dither=Image.Dither.NONE).save(
            HERE / f"{args.prefix}-{what}-{PHONE}.png", optimize=True
        )
        print(f"{args.prefix}-{what}: {picture.width}x{picture.height}, at {PHONE} wide {phone.height} high")


if __name__ == "__main__":
    main()
