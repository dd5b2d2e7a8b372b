"""`DiscordStandIn`: a local Discord (REST + gateway) for the real bot process, with simulated users.

    async with DiscordStandIn() as discord:
        guild = discord.create_guild("Domino Hall")            # on shard 0 of 1 unless told otherwise
        channel = discord.create_channel(guild, "games")
        alice = discord.create_user("alice")
        discord.add_member(guild, alice)
        bot = BotProcess(discord, database=tmp_path / "bot.db").start()   # the real `python -m bot`
        await discord.wait_for_bot()
        reply = await discord.slash(alice, channel, "42 new", target=1)  # waits for the acknowledgement
        table = channel.find("Sit North")                      # a Message: .text, .buttons, .attachments
        await discord.click(alice, table, "Sit North")
        ...
        discord.private_messages(alice)                        # her DMs and ephemeral replies, oldest first
        discord.stats.requests                                 # REST requests by route; .total_429, ...

Everything runs on the caller's event loop; the bot is another process talking HTTP and websockets to
`discord.url`. See docs/load-benchmark.md for the whole API and what is modelled.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from .gateway import Gateway
from .interactions import APPLICATION_COMMAND, MESSAGE_COMPONENT, Interaction
from .limits import Clock, Limits, RateLimiter
from .model import (
    DM_CHANNEL,
    EPHEMERAL,
    PUBLIC_THREAD,
    TEXT_CHANNEL,
    Attachment,
    Button,
    Channel,
    Guild,
    Message,
    Snowflakes,
    User,
    member_payload,
    mentioned_users,
)
from .rest import RestApi, Upload
from .stats import RestStats

DEFAULT_TOKEN = "standin.bot.token"
SUBCOMMAND, GROUP, USER_OPTION = 1, 2, 6


@dataclass(frozen=True)
class MessageEvent:
    """A message appeared, changed or went away; `at` is `time.perf_counter()`."""

    kind: str  # "create" | "edit" | "delete"
    message: Message
    at: float


Subscriber = Callable[[MessageEvent], None]
Hook = Callable[[str, dict[str, str]], Awaitable[None]]


class DiscordStandIn:
    """A local Discord for one bot token: its state, its HTTP server, and the simulated users' actions."""

    def __init__(
        self,
        *,
        limits: Limits | None = None,
        clock: Clock | None = None,
        token: str = DEFAULT_TOKEN,
        seed: int = 0,
        keep_files: bool = True,
        host: str = "127.0.0.1",
        port: int = 0,
    ):
        self.limits = limits or Limits()
        self.clock = clock or Clock()
        self.limiter = RateLimiter(self.limits, self.clock)
        self.stats = RestStats()
        self.token = token
        self.rng = random.Random(seed)
        self.keep_files = keep_files
        self.host, self.port = host, port
        self.started = self.clock.now()
        self.ids = Snowflakes(int(self.started * 1000) - 86_400_000)
        self.bot = User(self.ids.next(), "Texas 42", bot=True)
        self.owner = User(self.ids.next(), "owner")
        self.application_id = self.bot.id
        self.users: dict[int, User] = {self.bot.id: self.bot}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.dms: dict[int, Channel] = {}  # user id -> the bot's DM channel with them
        self.commands: dict[
            int | None, dict[str, dict[str, Any]]
        ] = {}  # guild id (None: global) -> name -> command
        self.interactions: list[Interaction] = []
        self.interactions_by_token: dict[str, Interaction] = {}
        self.attachments: dict[int, Attachment] = {}
        self.private: dict[int, list[Message]] = defaultdict(list)  # user id -> DMs and ephemeral replies
        self.gateway = Gateway(self)
        self.rest = RestApi(self)
        # Faults a test injects (e.g. `kill -9` of the bot): awaited with (route, params) when a request
        # comes, before it is carried out, and once it is carried out, before the bot hears the answer.
        self.on_request: Hook | None = None
        self.on_done: Hook | None = None
        self._subscribers: dict[tuple[str, int], list[Subscriber]] = defaultdict(list)
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.url = ""

    # ------------------------------------------------------------------ running

    async def start(self) -> DiscordStandIn:
        """Start serving on `self.url` (a free port unless one was given)."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/api/v{version:[0-9]+}/{path:.*}", self.rest.handle)
        app.router.add_get("/gateway{tail:.*}", self.gateway.handle)
        app.router.add_get("/attachments/{attachment_id:[0-9]+}/{filename}", self.rest.attachment)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        server = site._server
        assert isinstance(server, asyncio.Server) and server.sockets
        self.port = server.sockets[0].getsockname()[1]
        self.url = f"http://{self.host}:{self.port}"
        return self

    async def stop(self) -> None:
        """Close every connection and stop serving."""
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> DiscordStandIn:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def gateway_url(self) -> str:
        """Where clients open the gateway (discord.py appends `?v=10&encoding=json&compress=...`)."""
        return f"ws://{self.host}:{self.port}/gateway"

    def bot_environment(self) -> dict[str, str]:
        """What a bot process needs to reach this stand-in (see `tests.standin.launcher`)."""
        return {"STANDIN_URL": self.url, "DISCORD_TOKEN": self.token}

    # ------------------------------------------------------------------ the world

    def create_user(self, name: str, *, dms_open: bool = True, manage_server: bool = False) -> User:
        """A new user (not yet in any guild; with Manage Server in every guild if `manage_server`)."""
        user = User(self.ids.next(), name, dms_open=dms_open, manage_server=manage_server)
        self.users[user.id] = user
        return user

    def create_guild(self, name: str = "Domino Hall", *, shard: int = 0, shard_count: int = 1) -> Guild:
        """A new guild whose id routes it to `shard` of `shard_count`; connected sessions get GUILD_CREATE."""
        guild = Guild(self.ids.for_shard(shard, shard_count), name, self.owner.id)
        self.guilds[guild.id] = guild
        self.gateway.dispatch_guild(guild.id, "GUILD_CREATE", guild.payload(self.bot, self.started))
        return guild

    def create_channel(self, guild: Guild, name: str = "games") -> Channel:
        """A new text channel in `guild` (connected sessions get CHANNEL_CREATE)."""
        channel = Channel(self.ids.next(), TEXT_CHANNEL, name, guild.id)
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self.gateway.dispatch_guild(guild.id, "CHANNEL_CREATE", channel.payload(self.bot))
        return channel

    def create_thread(self, parent: Channel, name: str) -> Channel:
        """A public thread of `parent` (connected sessions get THREAD_CREATE)."""
        thread = Channel(self.ids.next(), PUBLIC_THREAD, name, parent.guild_id, parent_id=parent.id)
        guild = self.guilds[parent.guild_id] if parent.guild_id is not None else None
        if guild is not None:
            guild.channels[thread.id] = thread
        self.channels[thread.id] = thread
        if parent.guild_id is not None:
            self.gateway.dispatch_guild(parent.guild_id, "THREAD_CREATE", thread.payload(self.bot))
        return thread

    def add_member(self, guild: Guild, user: User) -> None:
        """Make `user` a member of `guild` (no event: the bot asks for no member intent)."""
        guild.members[user.id] = user

    def dm_channel(self, user: User) -> Channel:
        """The bot's DM channel with `user` (made on first use, as `POST /users/@me/channels` does)."""
        channel = self.dms.get(user.id)
        if channel is None:
            channel = Channel(self.ids.next(), DM_CHANNEL, "", recipient=user)
            self.dms[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def age_message(self, message: Message, seconds: float) -> None:
        """Make a message `seconds` older (e.g. past the hour after which edits meet error 30046)."""
        message.created -= seconds

    # ------------------------------------------------------------------ messages (the REST side)

    def new_message(
        self,
        channel: Channel,
        author: User,
        *,
        interaction: Interaction | None = None,
        ephemeral: bool = False,
    ) -> Message:
        """A message not yet shown (`post` shows it)."""
        message = Message(self.ids.next(), channel, author, self.clock.now(), interaction=interaction)
        if ephemeral and interaction is not None:
            message.flags |= EPHEMERAL
            message.audience = interaction.user
        return message

    def new_attachment(self, upload: Upload, filename: str | None) -> Attachment:
        """Store an uploaded file."""
        attachment = Attachment(
            self.ids.next(),
            filename or upload.filename,
            len(upload.data),
            upload.content_type,
            upload.data if self.keep_files else None,
        )
        self.attachments[attachment.id] = attachment
        return attachment

    def mentions(self, content: str, allowed: dict[str, Any] | None) -> list[User]:
        """The users a message's content pings."""
        return mentioned_users(content, allowed, self.users)

    def post(self, message: Message) -> None:
        """Show a new message to those who may see it."""
        if not message.ephemeral:
            message.channel.messages[message.id] = message
        reader = message.private_to
        if reader is not None:
            self.private[reader.id].append(message)
        self._publish(MessageEvent("create", message, time.perf_counter()))

    def edited(self, message: Message) -> None:
        """A message changed."""
        message.version += 1
        message.edited = self.clock.now()
        self._publish(MessageEvent("edit", message, time.perf_counter()))

    def delete(self, message: Message) -> None:
        """A message went away."""
        message.deleted = True
        message.channel.messages.pop(message.id, None)
        self._publish(MessageEvent("delete", message, time.perf_counter()))

    def register_commands(self, guild_id: int | None, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Replace the application's commands (globally, or in one guild), giving each an id."""
        old = self.commands.get(guild_id, {})
        stored: dict[str, dict[str, Any]] = {}
        for command in commands:
            previous = old.get(command["name"], {})
            stored[command["name"]] = {
                "type": 1,
                "description": "",
                "options": [],
                "default_member_permissions": None,
                "nsfw": False,
                **command,
                "id": previous.get("id") or str(self.ids.next()),
                "application_id": str(self.application_id),
                "version": str(self.ids.next()),
                **({"guild_id": str(guild_id)} if guild_id is not None else {}),
            }
        self.commands[guild_id] = stored
        self.notify()
        return list(stored.values())

    # ------------------------------------------------------------------ watching

    def subscribe(
        self, callback: Subscriber, *, user: User | None = None, channel: Channel | None = None
    ) -> Callable[[], None]:
        """Call `callback(event)` for every message event (of one user's private messages, or one channel's
        messages, or all). Returns a function that unsubscribes."""
        key = (
            ("user", user.id)
            if user is not None
            else ("channel", channel.id)
            if channel is not None
            else ("all", 0)
        )
        self._subscribers[key].append(callback)
        return lambda: self._subscribers[key].remove(callback)

    def _publish(self, event: MessageEvent) -> None:
        message = event.message
        keys = [("all", 0)]
        reader = message.private_to
        if reader is not None:
            keys.append(("user", reader.id))
        elif not message.ephemeral:
            keys.append(("channel", message.channel.id))
        for key in keys:
            for callback in list(self._subscribers.get(key, ())):
                callback(event)
        self.notify()

    def notify(self) -> None:
        """Wake everything waiting in `wait_until`."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(self, predicate: Callable[[], Any], timeout: float = 30.0, what: str = "") -> Any:
        """Wait until `predicate()` is true (checked after every change); returns its value."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not (value := predicate()):
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {timeout} s waiting for {what or predicate}")
            changed = self._changed
            try:
                await asyncio.wait_for(changed.wait(), remaining)
            except TimeoutError:
                pass
        return value

    async def wait_for_bot(self, shard_count: int = 1, timeout: float = 60.0) -> None:
        """Wait until the bot has registered its commands and every shard has a connected session."""
        wanted = set(range(shard_count))
        await self.wait_until(
            lambda: self.commands and wanted <= self.gateway.shards_connected(),
            timeout,
            f"the bot to sync commands and connect shards {sorted(wanted)}",
        )

    def private_messages(self, user: User) -> list[Message]:
        """What the bot showed `user` alone (DMs and ephemeral replies), oldest first, deleted ones left out."""
        return [m for m in self.private.get(user.id, []) if not m.deleted]

    # ------------------------------------------------------------------ acting as users

    async def slash(
        self,
        user: User,
        channel: Channel,
        command: str,
        *,
        wait: str | None = "ack",
        everywhere: bool = False,
        timeout: float = 10.0,
        **options: Any,
    ) -> Interaction:
        """`user` runs the slash command `command` ("42 new") in `channel` with `options` (a `User` for user
        options). Waits for the acknowledgement (`wait="ack"`), the visible answer ("answer"), or nothing (None)."""
        data = self._command_data(channel, command, options)
        interaction = self._dispatch(APPLICATION_COMMAND, user, channel, data, None, everywhere)
        return await _waited(interaction, wait, timeout)

    async def click(
        self,
        user: User,
        message: Message,
        button: str | Button,
        *,
        wait: str | None = "ack",
        everywhere: bool = False,
        timeout: float = 10.0,
    ) -> Interaction:
        """`user` clicks a button (by label, or a `Button`) on `message` as it stands now. Refuses (ValueError)
        what a Discord client could not click: a message `user` cannot see, a missing or disabled button."""
        if not message.visible_to(user):
            raise ValueError(f"{user.name} cannot see message {message.id}")
        label = button.label if isinstance(button, Button) else button
        found = next(
            (
                b
                for b in message.buttons
                if b.label == label and (not isinstance(button, Button) or b.custom_id == button.custom_id)
            ),
            None,
        )
        if found is None:
            raise ValueError(
                f"no button {label!r} on message {message.id}: {[b.label for b in message.buttons]}"
            )
        if found.disabled:
            raise ValueError(f"button {label!r} is disabled")
        data = {"custom_id": found.custom_id, "component_type": 2}
        interaction = self._dispatch(MESSAGE_COMPONENT, user, message.channel, data, message, everywhere)
        return await _waited(interaction, wait, timeout)

    def _dispatch(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        message: Message | None,
        everywhere: bool,
    ) -> Interaction:
        guild = self.guilds.get(channel.guild_id) if channel.guild_id is not None else None
        if guild is not None and user.id not in guild.members:
            raise ValueError(f"{user.name} is not a member of {guild.name}")
        interaction = Interaction(
            self.ids.next(),
            f"tok{self.rng.getrandbits(128):032x}",
            kind,
            user,
            channel,
            guild,
            data,
            self.clock.now(),
            message,
        )
        self.interactions.append(interaction)
        self.interactions_by_token[interaction.token] = interaction
        payload: dict[str, Any] = {
            "id": str(interaction.id),
            "application_id": str(self.application_id),
            "type": kind,
            "token": interaction.token,
            "version": 1,
            "data": data,
            "channel_id": str(channel.id),
            "channel": channel.payload(self.bot),
            "locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)} if guild else {"1": str(user.id)},
            "context": 0 if guild else 1,
            "attachment_size_limit": 26_214_400,
            "app_permissions": "2248473465835073",
        }
        if guild is not None:
            payload.update(
                {
                    "guild_id": str(guild.id),
                    "guild_locale": "en-US",
                    "member": member_payload(user, self.started),
                    "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
                }
            )
        else:
            payload["user"] = user.payload()
        if message is not None:
            payload["message"] = message.payload(self.url, self.application_id)
        interaction.sent_at = time.perf_counter()
        interaction.delivered = (
            self.gateway.deliver(
                guild.id if guild else None, "INTERACTION_CREATE", payload, everywhere=everywhere
            )
            > 0
        )
        return interaction

    def _command_data(self, channel: Channel, command: str, values: dict[str, Any]) -> dict[str, Any]:
        name, *path = command.split()
        scoped = self.commands.get(channel.guild_id, {}) if channel.guild_id is not None else {}
        definition = scoped.get(name) or self.commands.get(None, {}).get(name)
        if definition is None:
            raise ValueError(f"the bot registered no command {name!r}")
        data: dict[str, Any] = {"id": definition["id"], "name": name, "type": definition.get("type", 1)}
        if "guild_id" in definition:
            data["guild_id"] = definition["guild_id"]
        node, container = definition, data
        for part in path:
            spec = next(
                (
                    o
                    for o in node.get("options") or []
                    if o["name"] == part and o["type"] in (SUBCOMMAND, GROUP)
                ),
                None,
            )
            if spec is None:
                raise ValueError(f"/{name} has no subcommand {part!r}")
            child = {"name": part, "type": spec["type"], "options": []}
            container.setdefault("options", []).append(child)
            node, container = spec, child
        for key, value in values.items():
            spec = next((o for o in node.get("options") or [] if o["name"] == key), None)
            if spec is None:
                raise ValueError(f"/{command} has no option {key!r}")
            if spec["type"] == USER_OPTION:
                assert isinstance(value, User)
                resolved = data.setdefault("resolved", {"users": {}, "members": {}})
                resolved["users"][str(value.id)] = value.payload()
                member = member_payload(value, self.started)
                member.pop("user")
                resolved["members"][str(value.id)] = member
                value = str(value.id)
            container.setdefault("options", []).append({"name": key, "type": spec["type"], "value": value})
        return data


async def _waited(interaction: Interaction, wait: str | None, timeout: float) -> Interaction:
    if wait == "ack":
        return await interaction.wait_acknowledged(timeout)
    if wait == "answer":
        return await interaction.wait_answered(timeout)
    return interaction
