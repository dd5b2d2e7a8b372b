"""Every version of every message some users could see on simcord, recorded as the bot makes it.

Each request the bot sends to Discord (a channel's or a DM's message, an interaction's reply, its follow-up or
an edit of either, whatever route it takes) is followed by a look at the messages it made or changed: each
one a watched user may see (their DMs, their own ephemeral replies, and the channels they can read) is kept
as a `Version` with all it shows: its text, embeds, buttons (labels and custom ids) and attached files (their
names and bytes). `note()` is asked at each request for what the test needs to judge the version against
(the hand in progress, say)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from simcord.backend.access import message_accessible
from simcord.http import router


@dataclass(frozen=True)
class Version:
    """One version of one message as `viewer` could see it, and what `note()` said when it was made."""

    viewer: int
    channel_id: int
    message_id: int
    public: bool  # in a server's channel for everyone there (not ephemeral, not a DM)
    texts: tuple[str, ...]  # content, each embed, each button's label and custom id, each file's name
    files: tuple[bytes, ...]  # each attached file's bytes
    custom_ids: tuple[str, ...]
    note: Any

    def everything(self) -> tuple[str, ...]:
        """Every string the version shows, its files' bytes read as text."""
        return self.texts + tuple(data.decode("latin-1") for data in self.files)


def _strings(value: Any) -> Iterator[str]:
    """Every string inside a message part (components, embeds: nested dicts and lists)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def _custom_ids(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        if isinstance(value.get("custom_id"), str):
            yield value["custom_id"]
        for item in value.values():
            yield from _custom_ids(item)
    elif isinstance(value, list):
        for item in value:
            yield from _custom_ids(item)


class Seen:
    """The versions of messages `viewers` could see, from the moment `recording` starts until it ends."""

    def __init__(self, env, viewers: set[int], note: Callable[[], Any]):
        self.env = env
        self.viewers = viewers  # may grow while recording: a viewer counts from when they are added
        self.note = note
        self.versions: list[Version] = []
        self.paused = False  # while the test itself sends something (as the bot)
        self._tokens: dict[str, Any] = {}  # interaction token -> simcord's interaction

    @contextmanager
    def recording(self) -> Iterator[Seen]:
        """Follow every request the bot sends while the block runs."""
        real = router.dispatch

        def dispatch(backend, method: str, path: str, **fields: Any) -> Any:
            result = real(backend, method, path, **fields)
            if method in ("POST", "PATCH") and backend is self.env.backend and not self.paused:
                self._look(path, fields.get("json"), result)
            return result

        router.dispatch = dispatch
        try:
            yield self
        finally:
            router.dispatch = real

    @contextmanager
    def not_the_bot(self) -> Iterator[None]:
        """What the test sends as the bot while the block runs (a forged button to click) is not recorded."""
        self.paused = True
        try:
            yield
        finally:
            self.paused = False

    def _look(self, path: str, body: Any, result: Any) -> None:
        """Keep the versions of the messages one request made or changed that a viewer could see."""
        backend = self.env.backend
        touched: set[tuple[int, int]] = set()
        if isinstance(result, dict) and "id" in result and "channel_id" in result:
            touched.add((int(result["channel_id"]), int(result["id"])))
        parts = path.strip("/").split("/")
        if parts[0] == "interactions" and len(parts) > 1:  # the answer to a click or a command
            interaction = backend.interactions.get(int(parts[1]))
            kind = body.get("type", 0) if isinstance(body, dict) else 0
            made = {4: "message_id", 5: "message_id", 7: "source_message_id"}.get(kind)  # 7: the clicked one
            if interaction is not None and made is not None and getattr(interaction, made) is not None:
                touched.add((interaction.channel_id, getattr(interaction, made)))
        elif parts[0] == "webhooks" and len(parts) > 4 and parts[3] == "messages":  # an edit by token
            interaction = self._by_token(parts[2])
            message_id = interaction and (
                interaction.message_id if parts[4] == "@original" else int(parts[4])
            )
            if interaction is not None and message_id is not None:
                touched.add((interaction.channel_id, message_id))
        note = None
        for channel_id, message_id in touched:
            message = backend.messages.get(channel_id, {}).get(message_id)
            if message is None:
                continue
            for viewer in self.viewers:
                if message_accessible(backend, channel_id, message, viewer):
                    if note is None:
                        note = self.note()
                    self.versions.append(self._version(viewer, message, note))

    def _by_token(self, token: str) -> Any:
        """The interaction a token belongs to (looked up once)."""
        if token not in self._tokens:
            self._tokens = {i.token: i for i in self.env.backend.interactions.values()}
        return self._tokens.get(token)

    def _version(self, viewer: int, message, note: Any) -> Version:
        texts = [message.content]
        texts += [json.dumps(embed) for embed in message.embeds]
        texts += list(_strings(message.components))
        files: list[bytes] = []
        for attachment in message.attachments:
            texts += [attachment.get("filename") or "", attachment.get("description") or ""]
            data = self.env.backend.cdn.get(attachment.get("url", ""))
            files.append(data or b"")
        channel = self.env.backend.channels.get(message.channel_id)
        public = not message.is_ephemeral and channel is not None and channel.guild_id is not None
        return Version(
            viewer,
            message.channel_id,
            message.id,
            public,
            tuple(texts),
            tuple(files),
            tuple(_custom_ids(message.components)),
            note,
        )
