"""Real bot processes sharing one PostgreSQL database, against the stand-in for Discord (`tests/standin`).

The stand-in routes as Discord does: a guild's clicks to its shard's process, every DM click to shard 0's.
`Cluster` starts and stops the processes (short leases and ticks, so failures recover in seconds);
`Board` reads the tables back from the database (what is stored, who runs it, what its messages should
show); `Players` are members who sit at one table and answer their turns from their DMs by seeded choice,
so two runs with the same deals play the same game. Everything waits on conditions with a timeout.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from bot.show import presenter
from bot.storage import Storage
from bot.storage.leases import Leases
from bot.tables import Table, TableService
from tests.standin import BotProcess, DiscordStandIn, Limits
from tests.standin.interactions import Interaction
from tests.standin.model import Channel, Guild, Message, User
from tests.standin.players import turn_controls

TICK, LEASE = 0.5, 3.0  # seconds: a dead owner's tables are adopted within LEASE + TICK
ENV = {
    "SHARD_COUNT": "2",
    "TICK_SECONDS": str(TICK),
    "LEASE_SECONDS": str(LEASE),
    "COMPUTER_PAUSE": "0",
    "DEAL_SEED": "42",
    "COMPUTER_WORKERS": "threads:1",
    "LOG_LEVEL": "INFO",
}
# The channel buckets relaxed: four players' DMs at Discord's 5 per 5 s would make every turn wait.
LIMITS = Limits(channel_creates=1000, channel_edits=1000)
T = TypeVar("T")


async def until(
    check: Callable[[], Awaitable[T | None]], timeout: float, what: str, every: float = 0.05
) -> T:
    """Wait until `check()` returns something true (asked again every `every` s); that value."""
    deadline = time.monotonic() + timeout
    while True:
        value = await check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout} s waiting for {what}")
        await asyncio.sleep(every)


@dataclass
class Cluster:
    """The bot processes of one test, all on `database_url`."""

    standin: DiscordStandIn
    database_url: str
    workdir: Path
    processes: dict[str, BotProcess] = field(default_factory=dict)
    extra_env: dict[str, str] = field(default_factory=dict)

    def start(self, name: str, shards: str | None, *, named: bool = True) -> BotProcess:
        """Start process `name` on `shards` ("0", "1", "0,1"; None: one process, every shard, no sharding
        settings), as PROCESS_ID `name` (`named` False: no PROCESS_ID, the bot's default from its shards)."""
        env = {**ENV, **self.extra_env, "DATABASE_URL": self.database_url, "PROCESS_ID": name}
        if not named:
            env.pop("PROCESS_ID")
        if shards is None:
            env.pop("SHARD_COUNT")
        else:
            env["SHARD_IDS"] = shards
        process = BotProcess(
            self.standin, database=self.workdir / "unused.db", workdir=self.workdir / name, env=env
        ).start()
        self.processes[name] = process
        return process

    async def kill(self, name: str) -> None:
        """`kill -9` the process."""
        await self.processes[name].kill()

    def signal(self, name: str, signum: signal.Signals) -> None:
        """Send the process a signal (SIGSTOP, SIGCONT)."""
        os.kill(self.processes[name].pid, signum)

    async def close(self) -> None:
        """End every process still running, all at once (`kill -9`: the test is done with them and its
        database is dropped; the clean stop has tests of its own)."""
        await asyncio.gather(*(process.kill() for process in self.processes.values()))

    def logs(self) -> str:
        """Every process's log, for a failing assertion's message."""
        return "\n".join(f"---- {name}\n{p.log()[-4000:]}" for name, p in self.processes.items())


class Board:
    """The tables as stored, read by the test with a store of its own."""

    def __init__(self, storage: Storage):
        self.storage = storage
        self.service = TableService(storage)  # only reads: rebuilds tables from their records

    @classmethod
    async def open(cls, database_url: str) -> Board:
        """A board on the database at `database_url`."""
        return cls(await Storage.open(database_url))

    async def table(self, table_id: int) -> Table | None:
        """The table as stored now (read afresh every time)."""
        self.service.tables.pop(table_id, None)
        return await self.service.find(table_id, ended_too=True)

    async def owners(self) -> dict[int, str]:
        """Which process holds each table's lease."""
        return await Leases(self.storage, "", 0).holders()

    async def records(self, table_id: int) -> list[dict[str, Any]]:
        """The table's hand records, in order."""
        row = await self.storage.load_table(table_id)
        return [] if row is None else row.hands

    async def close(self) -> None:
        """Close the store."""
        await self.service.shutdown()
        await self.storage.close()


def slow_acks(standin: DiscordStandIn, limit: float = 3.0) -> list[float | None]:
    """Interactions a bot process received but did not acknowledge within Discord's `limit` seconds."""
    return [
        i.ack_latency
        for i in standin.interactions
        if i.delivered and (i.ack_latency is None or i.ack_latency >= limit)
    ]


def table_message(channel: Channel) -> Message | None:
    """The table message of a channel: its newest message with the table's buttons."""
    return next(
        (
            m
            for m in reversed(channel.messages.values())
            if not m.deleted and any(b.custom_id.startswith("t42:") for b in m.buttons)
        ),
        None,
    )


def shows(channel: Channel, table: Table) -> bool:
    """True if the channel's table message shows the table as stored."""
    message = table_message(channel)
    return message is not None and message.content == presenter.table_screen(table).text


async def owner_is(board: Board, table_id: int, name: str) -> bool:
    """True if process `name` holds the table's lease."""
    return (await board.owners()).get(table_id) == name


async def current(board: Board, players: Players, table_id: int) -> bool:
    """True if the table message shows the table as stored and the player on turn has their controls."""
    table = await board.table(table_id)
    assert table is not None
    if not shows(players.channel, table):
        return False
    seat = table.turn()
    if seat is None:
        return True
    user = next(u for u in players.users if u.id == table.seats[seat].user_id)
    return players.controls(user, table_id, table.token) is not None


@dataclass
class Click:
    """A turn clicked: who, which control, at which moment of the game, and the interaction(s) sent."""

    user: User
    custom_id: str
    token: str
    interactions: list[Interaction]


class Players:
    """Members sitting at one table (one per seat, in seat order), answering turns by seeded choice."""

    def __init__(
        self, standin: DiscordStandIn, guild: Guild, channel: Channel, names: list[str], seed: int = 1
    ):
        self.standin, self.guild, self.channel = standin, guild, channel
        self.users = [standin.create_user(name) for name in names]
        for user in self.users:
            standin.add_member(guild, user)
        self.rng = random.Random(seed)
        self.clicks: list[Click] = []

    async def open_table(self, board: Board, options: str, target: int) -> int:
        """The first member opens a table here, everyone sits in order, the host starts; the table's id."""
        host = self.users[0]
        await self.standin.slash(host, self.channel, "42 new", wait="answer", target=target, options=options)
        names = ("Sit North", "Sit East", "Sit South", "Sit West")
        for user, label in zip(self.users, names, strict=True):
            lobby = await self.standin.wait_until(partial(self._enabled, label), 20, label)
            await self.standin.click(user, lobby, label)
        start = await self.standin.wait_until(lambda: self._enabled("Start"), 20, "Start enabled")
        await self.standin.click(host, start, "Start")
        table_id = int(start.button("Start").custom_id.split(":")[1])
        await until(lambda: self._playing(board, table_id), 20, "the game to start")
        return table_id

    def _enabled(self, label: str) -> Message | None:
        message = self.channel.find(label)
        button = message.button(label) if message is not None else None
        return message if button is not None and not button.disabled else None

    @staticmethod
    async def _playing(board: Board, table_id: int) -> bool:
        table = await board.table(table_id)
        return table is not None and table.status == "playing"

    def controls(self, user: User, table_id: int, token: str) -> tuple[Message, list[Any]] | None:
        """The user's newest private message offering turn controls of this moment, with them."""
        prefix = f"t42:{table_id}:act:{token}:"
        for message in reversed(self.standin.private_messages(user)):
            offered = [b for b in turn_controls(message) if b.custom_id.startswith(prefix)]
            if offered:
                return message, offered
        return None

    async def turn(
        self, board: Board, table_id: int, *, twice: bool = False, timeout: float = 30.0
    ) -> Click | None:
        """The player on turn answers from their DM once their controls for this moment arrive (clicking
        twice at once with `twice`); None if the game is over. Waits for the acknowledgement(s), then for
        the click to be stored."""
        click = await self.click(board, table_id, twice=twice, timeout=timeout)
        if click is None:
            return None
        self.clicks.append(click)
        await until(
            lambda: self._moved_on(board, table_id, click.token),
            timeout,
            f"{click.user.name}'s click to be stored",
        )
        return click

    async def click(
        self, board: Board, table_id: int, *, twice: bool = False, timeout: float = 30.0
    ) -> Click | None:
        """The player on turn clicks one of their controls for this moment; returns once acknowledged
        (the click may not be stored yet). None if no one is on turn."""
        table = await until(lambda: self._human_or_over(board, table_id), timeout, "a member's turn")
        seat = table.human_turn()
        if seat is None:
            return None
        user = next(u for u in self.users if u.id == table.seats[seat].user_id)
        token = table.token
        message, offered = await self.standin.wait_until(
            lambda: self.controls(user, table_id, token), timeout, f"{user.name}'s controls for {token}"
        )
        choice = self.rng.choice(sorted(offered, key=lambda b: b.custom_id))
        sent = [await self.standin.click(user, message, choice, wait=None) for _ in range(2 if twice else 1)]
        for interaction in sent:
            await interaction.wait_acknowledged(10)
        return Click(user, choice.custom_id, token, sent)

    async def again(self, board: Board, table_id: int, click: Click, timeout: float = 30.0) -> None:
        """A click whose process died just after acknowledging it: kept if it was stored; if not, its
        controls are live again and the member clicks the same control once more."""
        table = await board.table(table_id)
        assert table is not None
        if table.token != click.token or table.status != "playing":
            self.clicks.append(click)
            return
        message, offered = await self.standin.wait_until(
            lambda: self.controls(click.user, table_id, click.token),
            timeout,
            f"{click.user.name}'s controls again",
        )
        button = next(b for b in offered if b.custom_id == click.custom_id)
        interaction = await self.standin.click(click.user, message, button, wait=None)
        await interaction.wait_acknowledged(10)
        self.clicks.append(Click(click.user, click.custom_id, click.token, [interaction]))
        await until(
            lambda: self._moved_on(board, table_id, click.token), timeout, "the click clicked again stored"
        )

    @staticmethod
    async def _human_or_over(board: Board, table_id: int) -> Table | None:
        """The table once a member is on turn (computers have played) or the game is over."""
        table = await board.table(table_id)
        assert table is not None
        return table if table.human_turn() is not None or table.status != "playing" else None

    @staticmethod
    async def _moved_on(board: Board, table_id: int, token: str) -> bool:
        """True once the table is past the moment `token` names (the click is stored; the ack comes first)."""
        table = await board.table(table_id)
        return table is not None and (table.token != token or table.status != "playing")

    async def play_until(
        self,
        board: Board,
        table_id: int,
        done: Callable[[Table], bool],
        timeout: float = 120.0,
        **options: Any,
    ) -> None:
        """Answer turns until `done(table as stored)`."""
        deadline = time.monotonic() + timeout
        while True:
            table = await board.table(table_id)
            assert table is not None
            if done(table) or table.status != "playing":
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"table {table_id} did not get there in {timeout} s")
            await self.turn(board, table_id, **options)
