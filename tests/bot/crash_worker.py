"""A bot process without Discord, for the kill -9 test: computer-only tables playing as fast as they can.

`python -m tests.bot.crash_worker DB start N` opens N tables and plays; `... DB resume 0` reloads whatever
is stored and plays every table to its end. After every stored action it prints the table id and the
acknowledged hand record as one JSON line, so the test knows what was acknowledged when it killed us.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys

from bot.storage import SeatRow, Storage
from bot.tables import TableEvent, TableService
from bot.tables.events import Acted
from engine import write_record
from tests.bot.table_driver import quick_player


class Printer:
    """Prints each acknowledged action (the listener runs after the action is committed)."""

    hears = None  # every kind of event

    def publish(self, table, events) -> None:
        for event in (published.event for published in events):
            self.show(table, event)

    def show(self, table, event: TableEvent) -> None:
        if isinstance(event, Acted):
            # A finished hand has already been added to the game's records when we hear of it.
            record = table.game.records[event.hand_no] if event.complete else write_record(table.hand)
            print(json.dumps({"table": table.id, "hand_no": event.hand_no, "record": record}), flush=True)


async def main(path: str, mode: str, count: int) -> None:
    storage = await Storage.open(path)
    # Seeded, so every run deals the same games; the kill points are the test's only variable.
    service = TableService(
        storage,
        rng=random.Random(f"{mode}-{count}"),
        computer_pause=0,
        player_factory=quick_player,
        listeners=[Printer()],
    )
    if mode == "start":
        for number in range(count):
            seats = [SeatRow(seat=s, name=f"Computer {s}", computer_level="easy") for s in range(4)]
            # To 7 marks: games long enough that all three kills land mid-game, whatever the deal.
            table = await service.open_table(
                guild_id=1, channel_id=100 + number, host_id=1, target=7, seats=seats
            )
            await service.start(table, 1)
    else:
        await service.load()
        service.resume()
    while running := [
        r for t in service.tables.values() if (r := service.runner(t)) is not None and not r.done()
    ]:
        await asyncio.gather(*running, return_exceptions=True)
    print(json.dumps({"done": sorted(t.status for t in service.tables.values())}), flush=True)
    await storage.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
