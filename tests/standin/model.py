"""What the stand-in's Discord holds: users, guilds, channels, messages, and their wire payloads.

Messages are kept as a player sees them (text, embeds, attachments, buttons), with who may see them:
everyone in a guild channel, the recipient in a DM, the clicker alone for an ephemeral reply.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
TEXT_CHANNEL, DM_CHANNEL, PUBLIC_THREAD = 0, 1, 11
EVERYONE = 2248473465835073  # what every member may do (no permission model)
MANAGE_GUILD = 1 << 5
BUTTON, TEXT_DISPLAY = 2, 10
_MENTION = re.compile(r"<@!?(\d+)>")


class Snowflakes:
    """Discord-shaped ids: milliseconds since 2015 in the top bits, so `(id >> 22)` picks a guild's shard."""

    def __init__(self, start_ms: int):
        self._ms = start_ms - DISCORD_EPOCH_MS
        self._counter = 0

    def next(self) -> int:
        """A fresh id."""
        self._counter += 1
        if self._counter >= 4096:
            self._counter, self._ms = 0, self._ms + 1
        return (self._ms << 22) | self._counter

    def for_shard(self, shard: int, shard_count: int) -> int:
        """A fresh id with `(id >> 22) % shard_count == shard` (a guild id that lands on that shard)."""
        self._ms += 1
        while self._ms % shard_count != shard:
            self._ms += 1
        self._counter = 0
        return self._ms << 22


def iso(seconds: float) -> str:
    """Discord's timestamp format."""
    return dt.datetime.fromtimestamp(seconds, dt.UTC).isoformat()


@dataclass(eq=False)
class User:
    """A Discord user (a player, or the bot itself)."""

    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    manage_server: bool = False  # the member's permissions in every guild include Manage Server

    def payload(self) -> dict[str, Any]:
        """The user object."""
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }

    def close_dms(self) -> None:
        """From now on the bot's DMs to this user are refused (403, code 50007)."""
        self.dms_open = False

    def open_dms(self) -> None:
        """Accept the bot's DMs again."""
        self.dms_open = True


@dataclass(eq=False)
class Channel:
    """A guild text channel or a DM channel between the bot and one user."""

    id: int
    type: int
    name: str
    guild_id: int | None = None
    recipient: User | None = None
    messages: dict[int, Message] = field(default_factory=dict)  # in order of creation; ephemerals excluded
    parent_id: int | None = None  # a thread's channel

    @property
    def last_message(self) -> Message | None:
        """The newest message still in the channel."""
        return next(reversed(self.messages.values()), None)

    def find(self, label: str) -> Message | None:
        """The newest message with a button labelled `label`."""
        return next((m for m in reversed(self.messages.values()) if m.button(label) is not None), None)

    def payload(self, bot: User) -> dict[str, Any]:
        """The channel object."""
        base: dict[str, Any] = {"id": str(self.id), "type": self.type, "last_message_id": None, "flags": 0}
        if self.type == DM_CHANNEL:
            assert self.recipient is not None
            base["recipients"] = [self.recipient.payload()]
            return base
        base.update(
            {
                "name": self.name,
                "guild_id": str(self.guild_id),
                "position": 0,
                "permission_overwrites": [],
                "parent_id": None if self.parent_id is None else str(self.parent_id),
                "topic": None,
                "nsfw": False,
                "rate_limit_per_user": 0,
            }
        )
        if self.type == PUBLIC_THREAD:
            base["thread_metadata"] = {
                "archived": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": iso(0),
                "locked": False,
            }
            base["owner_id"] = str(bot.id)
            base["member_count"] = 1
            base["message_count"] = 0
        return base


@dataclass(eq=False)
class Guild:
    """A server: its channels and members (every member may see every channel)."""

    id: int
    name: str
    owner_id: int
    channels: dict[int, Channel] = field(default_factory=dict)
    members: dict[int, User] = field(default_factory=dict)

    def shard(self, shard_count: int) -> int:
        """The shard that receives this guild's events."""
        return (self.id >> 22) % shard_count

    def payload(self, bot: User, joined: float) -> dict[str, Any]:
        """The GUILD_CREATE object (no member list: the bot asks for no privileged intents)."""
        return {
            "id": str(self.id),
            "name": self.name,
            "owner_id": str(self.owner_id),
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "application_id": None,
            "features": [],
            "emojis": [],
            "stickers": [],
            "large": False,
            "unavailable": False,
            "roles": [
                {
                    "id": str(self.id),
                    "name": "@everyone",
                    "permissions": "2248473465835073",
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "member_count": len(self.members) + 1,
            "joined_at": iso(joined),
            "members": [member_payload(bot, joined)],
            "channels": [c.payload(bot) for c in self.channels.values()],
            "threads": [],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "premium_progress_bar_enabled": False,
        }


def member_payload(user: User, joined: float) -> dict[str, Any]:
    """A guild member object with its user (every member may do everything: no permission model)."""
    return {
        "user": user.payload(),
        "roles": [],
        "nick": None,
        "joined_at": iso(joined),
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "permissions": str(EVERYONE | (MANAGE_GUILD if user.manage_server else 0)),
        "avatar": None,
        "communication_disabled_until": None,
    }


@dataclass(frozen=True)
class Button:
    """A button as a player sees it."""

    label: str
    custom_id: str
    disabled: bool = False
    style: int = 2


@dataclass(frozen=True)
class Attachment:
    """A file on a message (`data` is None when the stand-in was told not to keep file bytes)."""

    id: int
    filename: str
    size: int
    content_type: str | None
    data: bytes | None = None

    def payload(self, base_url: str) -> dict[str, Any]:
        """The attachment object."""
        url = f"{base_url}/attachments/{self.id}/{self.filename}"
        return {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": url,
            "proxy_url": url,
            "content_type": self.content_type,
        }


@dataclass(eq=False)
class Message:
    """A message as it stands now; `version` counts its edits (0 when new)."""

    id: int
    channel: Channel
    author: User
    created: float  # on the stand-in's clock, so tests can age it
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    mentions: list[User] = field(default_factory=list)
    edited: float | None = None
    version: int = 0
    audience: User | None = None  # an ephemeral reply's only reader
    interaction: Any = None  # the Interaction this message answers, if any
    deleted: bool = False
    type: int = 0

    @property
    def ephemeral(self) -> bool:
        """Only `audience` can see it."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred reply still "thinking"."""
        return bool(self.flags & LOADING)

    def visible_to(self, user: User) -> bool:
        """Whether `user` can read this message."""
        if self.deleted:
            return False
        if self.ephemeral:
            return self.audience is user
        if self.channel.type == DM_CHANNEL:
            return self.channel.recipient is user
        return True

    @property
    def private_to(self) -> User | None:
        """The one user who can read it (a DM or an ephemeral reply), or None for a channel message."""
        if self.ephemeral:
            return self.audience
        if self.channel.type == DM_CHANNEL:
            return self.channel.recipient
        return None

    @property
    def buttons(self) -> list[Button]:
        """Every button, in order (action rows, and sections/containers of newer layouts)."""
        return [
            Button(c.get("label") or "", c.get("custom_id") or "", bool(c.get("disabled")), c.get("style", 2))
            for c in walk_components(self.components)
            if c.get("type") == BUTTON
        ]

    def button(self, label: str) -> Button | None:
        """The enabled-or-not button with this label, if any."""
        return next((b for b in self.buttons if b.label == label), None)

    @property
    def text(self) -> str:
        """Everything written on the message: content, embeds and text blocks."""
        parts = [self.content] if self.content else []
        for embed in self.embeds:
            parts.extend(str(embed[key]) for key in ("title", "description") if embed.get(key))
            for item in embed.get("fields", []):
                parts.append(f"{item.get('name', '')}: {item.get('value', '')}")
            if embed.get("footer", {}).get("text"):
                parts.append(embed["footer"]["text"])
        parts.extend(
            c.get("content", "") for c in walk_components(self.components) if c.get("type") == TEXT_DISPLAY
        )
        return "\n".join(parts)

    def payload(self, base_url: str, application_id: int) -> dict[str, Any]:
        """The message object."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": iso(self.created),
            "edited_timestamp": iso(self.edited) if self.edited is not None else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [u.payload() for u in self.mentions],
            "mention_roles": [],
            "attachments": [a.payload(base_url) for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
            "reactions": [],
            "sticker_items": [],
        }
        if self.channel.guild_id is not None:
            data["guild_id"] = str(self.channel.guild_id)
        if self.interaction is not None:
            data["webhook_id"] = str(application_id)
            data["application_id"] = str(application_id)
            data["interaction_metadata"] = {
                "id": str(self.interaction.id),
                "type": self.interaction.type,
                "user": self.interaction.user.payload(),
                "authorizing_integration_owners": {},
            }
        return data


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first (action rows, containers, sections and their accessories)."""
    for component in components:
        yield component
        yield from walk_components(component.get("components") or [])
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            yield from walk_components([accessory])


def mentioned_users(content: str, allowed: dict[str, Any] | None, users: dict[int, User]) -> list[User]:
    """The users a message pings: those named in its content that `allowed_mentions` lets through."""
    ids = [int(m) for m in _MENTION.findall(content or "")]
    if allowed is not None:
        parse = allowed.get("parse")
        listed = {int(u) for u in allowed.get("users") or []}
        ids = [i for i in ids if (parse is not None and "users" in parse) or i in listed]
    return [users[i] for i in dict.fromkeys(ids) if i in users]
