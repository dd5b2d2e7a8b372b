"""The stand-in's gateway: HELLO, IDENTIFY (with `shard`), READY, GUILD_CREATE, heartbeats, RESUME, and the
routing of events to sessions as Discord does it: a guild's events to shard `(guild_id >> 22) % shard_count`,
DMs to shard 0.

Frames are compressed as the client asks (`compress=zlib-stream`, or `zstd-stream` when the `zstandard`
module is installed); without a compressor for what was asked, frames go out as text, which discord.py reads
as they are. Each session keeps its recent frames, so a client that reconnects can RESUME and miss nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import zlib
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .standin import DiscordStandIn

log = logging.getLogger(__name__)
DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, INVALID_SESSION, HELLO, HEARTBEAT_ACK = (
    0,
    1,
    2,
    6,
    7,
    9,
    10,
    11,
)
HEARTBEAT_INTERVAL_MS = 41_250
AUTHENTICATION_FAILED = 4004
REPLAY_FRAMES = 5000  # frames a session keeps for RESUME


class Connection:
    """One websocket: frames go out in order through a queue, compressed as the client asked."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None):
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._compress = _compressor(compress)
        self.writer = asyncio.create_task(self._write(), name="standin-gateway-writer")

    def send(self, frame: dict[str, Any]) -> None:
        """Queue one frame."""
        self.queue.put_nowait(json.dumps(frame))

    async def _write(self) -> None:
        while (text := await self.queue.get()) is not None:
            if self.ws.closed:
                return
            try:
                if self._compress is None:
                    await self.ws.send_str(text)
                else:
                    await self.ws.send_bytes(self._compress(text.encode()))
            except ConnectionError:
                return

    async def close(self, code: int = 1000) -> None:
        """Flush what is queued, then close the socket."""
        self.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.writer, 5)
        await self.ws.close(code=code)


def _compressor(kind: str | None):
    if kind == "zlib-stream":
        context = zlib.compressobj()
        return lambda data: context.compress(data) + context.flush(zlib.Z_SYNC_FLUSH)
    if kind == "zstd-stream":
        try:
            import zstandard  # type: ignore[import-not-found]
        except ImportError:
            return None  # text frames: discord.py reads them without decompressing
        stream = zstandard.ZstdCompressor().compressobj()
        return lambda data: stream.compress(data) + stream.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)
    return None


@dataclass(eq=False)
class Session:
    """A gateway session: one shard of one bot process, surviving reconnects (RESUME)."""

    id: str
    shard_id: int
    shard_count: int
    intents: int
    connection: Connection | None = None
    seq: int = 0
    frames: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=REPLAY_FRAMES))
    closed: bool = False  # invalidated: cannot be resumed

    @property
    def live(self) -> bool:
        """Connected now."""
        return self.connection is not None and not self.connection.ws.closed

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send (or keep for a RESUME) one event."""
        self.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.frames.append(frame)
        if self.live:
            assert self.connection is not None
            self.connection.send(frame)

    def takes_guild(self, guild_id: int | None) -> bool:
        """Whether Discord would send this guild's events (or, for None, DM events) to this session."""
        if guild_id is None:
            return self.shard_id == 0
        return (guild_id >> 22) % self.shard_count == self.shard_id


class Gateway:
    """Every session of the bot token, and the websocket endpoint."""

    def __init__(self, standin: DiscordStandIn):
        self.d = standin
        self.sessions: dict[str, Session] = {}
        self._rotation = 0

    def live_sessions(self) -> list[Session]:
        """Sessions connected now."""
        return [s for s in self.sessions.values() if s.live]

    def shards_connected(self) -> set[int]:
        """Shard ids with a live session."""
        return {s.shard_id for s in self.live_sessions()}

    # ------------------------------------------------------------------ routing

    def sessions_for(self, guild_id: int | None) -> list[Session]:
        """Sessions (connected, or waiting to resume) that receive events of this guild (None: DMs)."""
        return [s for s in self.sessions.values() if not s.closed and s.takes_guild(guild_id)]

    def dispatch_guild(self, guild_id: int | None, event: str, data: dict[str, Any]) -> None:
        """Send a guild event to every session of its shard."""
        for session in self.sessions_for(guild_id):
            session.dispatch(event, data)

    def deliver(
        self, guild_id: int | None, event: str, data: dict[str, Any], *, everywhere: bool = False
    ) -> int:
        """Send an event Discord delivers once (an interaction) to one session of its shard, live ones first
        (rotating among duplicates); with `everywhere`, to every session of every shard. Returns how many."""
        if everywhere:
            targets = [s for s in self.sessions.values() if not s.closed]
        else:
            candidates = self.sessions_for(guild_id)
            live = [s for s in candidates if s.live] or candidates
            if not live:
                return 0
            self._rotation += 1
            targets = [live[self._rotation % len(live)]]
        for session in targets:
            session.dispatch(event, data)
        return len(targets)

    def reconnect(self, shard_id: int | None = None) -> int:
        """Ask sessions (of one shard, or all) to reconnect and RESUME (opcode 7). Returns how many."""
        asked = 0
        for session in self.live_sessions():
            if shard_id is None or session.shard_id == shard_id:
                assert session.connection is not None
                session.connection.send({"op": RECONNECT, "d": None})
                asked += 1
        return asked

    async def drop(self, shard_id: int | None = None) -> int:
        """Close sessions' sockets abruptly (code 1006-like), as a network fault would; they may RESUME."""
        dropped = 0
        for session in self.live_sessions():
            if shard_id is None or session.shard_id == shard_id:
                assert session.connection is not None
                await session.connection.ws.close(code=4000)
                dropped += 1
        return dropped

    # ------------------------------------------------------------------ the websocket

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """Serve one gateway connection until it closes."""
        ws = web.WebSocketResponse(max_msg_size=0, compress=False)  # Discord offers no per-message deflate
        await ws.prepare(request)
        connection = Connection(ws, request.query.get("compress"))
        connection.send({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        session: Session | None = None
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    if msg.type == WSMsgType.BINARY:
                        log.warning("gateway: binary frame from the client ignored")
                    continue
                frame = json.loads(msg.data)
                op, data = frame.get("op"), frame.get("d")
                if op == HEARTBEAT:
                    connection.send({"op": HEARTBEAT_ACK})
                elif op == IDENTIFY:
                    session = await self._identify(connection, data or {})
                elif op == RESUME:
                    session = self._resume(connection, data or {})
        finally:
            if session is not None and session.connection is connection:
                session.connection = None
            connection.queue.put_nowait(None)
        return ws

    async def _identify(self, connection: Connection, data: dict[str, Any]) -> Session | None:
        if data.get("token") != self.d.token:
            await connection.close(AUTHENTICATION_FAILED)
            return None
        shard_id, shard_count = data.get("shard") or [0, 1]
        for stale in self.sessions.values():  # a restarted process: its old session will never resume
            if stale.shard_id == shard_id and not stale.live:
                stale.closed = True
        session = Session(
            secrets.token_hex(16), int(shard_id), int(shard_count), int(data.get("intents") or 0), connection
        )
        self.sessions[session.id] = session
        guilds = [g for g in self.d.guilds.values() if session.takes_guild(g.id)]
        session.dispatch(
            "READY",
            {
                "v": 10,
                "user": {**self.d.bot.payload(), "verified": True, "mfa_enabled": False},
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": session.id,
                "resume_gateway_url": self.d.gateway_url,
                "shard": [session.shard_id, session.shard_count],
                "private_channels": [],
                "relationships": [],
                "application": {"id": str(self.d.application_id), "flags": 0},
            },
        )
        for guild in guilds:
            session.dispatch("GUILD_CREATE", guild.payload(self.d.bot, self.d.started))
        self.d.notify()
        return session

    def _resume(self, connection: Connection, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        seq = data.get("seq") or 0
        if (
            session is None
            or session.closed
            or data.get("token") != self.d.token
            or (session.frames and session.frames[0]["s"] > seq + 1)
        ):
            connection.send({"op": INVALID_SESSION, "d": False})
            return None
        if session.connection is not None and session.connection is not connection:
            session.connection.queue.put_nowait(None)
        session.connection = connection
        for frame in session.frames:
            if frame["s"] > seq:
                connection.send(frame)
        session.dispatch("RESUMED", {})
        self.d.notify()
        return session

    async def close(self) -> None:
        """Close every connection (the stand-in is stopping)."""
        for session in self.live_sessions():
            assert session.connection is not None
            await session.connection.close(1001)
