"""The stand-in's REST API: the routes discord.py 2.7 uses for a slash-command and button bot.

Every request is counted by route; rate limits come from `limits.RateLimiter`; refusals carry Discord's
status, JSON body (`code`, `message`) and headers (`Via` included: discord.py treats a 429 without it as a
Cloudflare ban and does not retry).
"""

from __future__ import annotations

import copy
import json
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from .interactions import (
    APPLICATION_COMMAND,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    UPDATE_MESSAGE,
    Interaction,
)
from .model import (
    DM_CHANNEL,
    EPHEMERAL,
    LOADING,
    Attachment,
    Channel,
    Message,
    member_payload,
    walk_components,
)

if TYPE_CHECKING:
    from .standin import DiscordStandIn

VIA = {"Via": "1.1 google"}
SUPPRESS_EMBEDS, COMPONENTS_V2 = 1 << 2, 1 << 15


class Refused(Exception):
    """A Discord error response: HTTP status, Discord error code and message."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        headers: dict[str, str] | None = None,
        body: dict | None = None,
    ):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.headers = headers or {}
        self.body = body if body is not None else {"message": message, "code": code}


@dataclass(frozen=True)
class Upload:
    """A file sent with a request (multipart `files[n]`)."""

    filename: str
    data: bytes
    content_type: str | None


@dataclass
class Call:
    """One request being served."""

    request: web.Request
    route: str
    params: dict[str, str]
    payload: Any
    uploads: dict[int, Upload]
    headers: dict[str, str]  # rate-limit headers to add to the answer

    def int(self, name: str) -> int:
        """A path parameter as a number (404 if it is not one)."""
        try:
            return int(self.params[name])
        except ValueError:
            raise Refused(404, 0, "404: Not Found") from None


Handler = Callable[[Call], Awaitable[Any]]


@dataclass(frozen=True)
class Route:
    """A route: method, path template, handler, and which limits apply."""

    method: str
    template: str
    handler: str
    exempt: bool = False  # interaction endpoints: outside the global limit, no bot token
    bucket: str | None = None  # "create" or "edit": the per-channel message counters

    @property
    def key(self) -> str:
        """`METHOD /path/{param}` as counted in the stats."""
        return f"{self.method} {self.template}"

    def pattern(self) -> re.Pattern[str]:
        """The template as a regular expression."""
        parts = re.split(r"(\{[a-z_]+\})", self.template)
        regex = "".join(f"(?P<{p[1:-1]}>[^/]+)" if p.startswith("{") else re.escape(p) for p in parts)
        return re.compile(regex + "$")


ROUTES = [
    Route("GET", "/users/@me", "get_me"),
    Route("POST", "/users/@me/channels", "open_dm"),
    Route("GET", "/users/{user_id}", "get_user"),
    Route("GET", "/oauth2/applications/@me", "get_application"),
    Route("GET", "/applications/@me", "get_application"),
    Route("GET", "/gateway/bot", "get_gateway"),
    Route("GET", "/gateway", "get_gateway"),
    Route("PUT", "/applications/{application_id}/commands", "put_commands"),
    Route("GET", "/applications/{application_id}/commands", "get_commands"),
    Route("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", "put_commands"),
    Route("GET", "/applications/{application_id}/guilds/{guild_id}/commands", "get_commands"),
    Route("GET", "/guilds/{guild_id}", "get_guild"),
    Route("GET", "/guilds/{guild_id}/channels", "get_guild_channels"),
    Route("GET", "/guilds/{guild_id}/members/{user_id}", "get_member"),
    Route("GET", "/channels/{channel_id}", "get_channel"),
    Route("GET", "/channels/{channel_id}/messages", "get_history"),
    Route("POST", "/channels/{channel_id}/messages", "create_message", bucket="create"),
    Route("GET", "/channels/{channel_id}/messages/{message_id}", "get_message"),
    Route("PATCH", "/channels/{channel_id}/messages/{message_id}", "edit_message", bucket="edit"),
    Route("DELETE", "/channels/{channel_id}/messages/{message_id}", "delete_message"),
    Route("POST", "/channels/{channel_id}/typing", "typing"),
    Route("POST", "/channels/{channel_id}/threads", "start_thread", bucket="create"),
    Route("POST", "/interactions/{interaction_id}/{token}/callback", "callback", exempt=True),
    Route("GET", "/webhooks/{application_id}/{token}/messages/@original", "get_original", exempt=True),
    Route("PATCH", "/webhooks/{application_id}/{token}/messages/@original", "edit_original", exempt=True),
    Route("DELETE", "/webhooks/{application_id}/{token}/messages/@original", "delete_original", exempt=True),
    Route("POST", "/webhooks/{application_id}/{token}", "followup", exempt=True),
    Route("GET", "/webhooks/{application_id}/{token}/messages/{message_id}", "get_followup", exempt=True),
    Route("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}", "edit_followup", exempt=True),
    Route(
        "DELETE", "/webhooks/{application_id}/{token}/messages/{message_id}", "delete_followup", exempt=True
    ),
]
_COMPILED = [(route, route.pattern()) for route in ROUTES]


def match(method: str, path: str) -> tuple[Route, dict[str, str]] | None:
    """The route serving `method path` (path without the `/api/v10` prefix), with its parameters."""
    for route, pattern in _COMPILED:
        if route.method == method:
            found = pattern.match(path)
            if found:
                return route, found.groupdict()
    return None


class RestApi:
    """The HTTP handlers, over the stand-in's state."""

    def __init__(self, standin: DiscordStandIn):
        self.d = standin

    # ------------------------------------------------------------------ plumbing

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """Serve one `/api/v{n}/...` request: match, authorise, rate-limit, handle, count."""
        path = "/" + request.match_info["path"]
        found = match(request.method, path)
        now = time.perf_counter()
        if found is None:
            self.d.stats.unknown[f"{request.method} {path}"] += 1
            self.d.stats.record(f"{request.method} (unknown)", 404, now, exempt=False)
            return _error(Refused(404, 0, "404: Not Found"))
        route, params = found
        if params.get("channel_id", "").isdigit():
            self.d.stats.by_channel[int(params["channel_id"])] += 1
        try:
            if not route.exempt and request.headers.get("Authorization") != f"Bot {self.d.token}":
                raise Refused(401, 0, "401: Unauthorized")
            channel_id = (
                int(params["channel_id"]) if route.bucket and params["channel_id"].isdigit() else None
            )
            verdict = self.d.limiter.check(
                route.key, exempt=route.exempt, channel_id=channel_id, kind=route.bucket
            )
            if not verdict.allowed:
                assert verdict.scope is not None and verdict.body is not None
                self.d.stats.record_429(route.key, verdict.scope)
                raise Refused(429, 0, "You are being rate limited.", verdict.headers, verdict.body)
            payload, uploads = await _read_body(request)
            call = Call(request, route.key, params, payload, uploads, dict(verdict.headers))
            if self.d.on_request is not None:
                await self.d.on_request(route.key, params)
            result = await getattr(self, route.handler)(call)
            if self.d.on_done is not None:
                await self.d.on_done(route.key, params)
        except Refused as refusal:
            self.d.stats.record(route.key, refusal.status, now, exempt=route.exempt)
            if refusal.status != 429:
                self.d.stats.errors[(route.key, refusal.code)] += 1
            return _error(refusal)
        status = 204 if result is None else 200
        self.d.stats.record(route.key, status, now, exempt=route.exempt)
        if result is None:
            return web.Response(status=204, headers={**VIA, **call.headers})
        return _json(200, result, call.headers)

    async def attachment(self, request: web.Request) -> web.StreamResponse:
        """The CDN: a stored file's bytes."""
        found = self.d.attachments.get(int(request.match_info["attachment_id"]))
        if found is None or found.data is None:
            return web.Response(status=404)
        return web.Response(body=found.data, content_type=found.content_type or "application/octet-stream")

    def _message_json(self, message: Message) -> dict[str, Any]:
        return message.payload(self.d.url, self.d.application_id)

    def _channel(self, call: Call) -> Channel:
        channel = self.d.channels.get(call.int("channel_id"))
        if channel is None:
            raise Refused(404, 10003, "Unknown Channel")
        return channel

    def _message(self, channel: Channel, call: Call) -> Message:
        message = channel.messages.get(call.int("message_id"))
        if message is None or message.deleted:
            raise Refused(404, 10008, "Unknown Message")
        return message

    # ------------------------------------------------------------------ users, application, gateway

    async def get_me(self, call: Call) -> Any:
        return {**self.d.bot.payload(), "verified": True, "mfa_enabled": False}

    async def get_user(self, call: Call) -> Any:
        user = self.d.users.get(call.int("user_id"))
        if user is None:
            raise Refused(404, 10013, "Unknown User")
        return user.payload()

    async def open_dm(self, call: Call) -> Any:
        user = self.d.users.get(int(call.payload.get("recipient_id", 0)))
        if user is None:
            raise Refused(400, 50035, "Invalid Form Body")
        return self.d.dm_channel(user).payload(self.d.bot)

    async def get_application(self, call: Call) -> Any:
        return {
            "id": str(self.d.application_id),
            "name": self.d.bot.name,
            "icon": None,
            "description": "",
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": 0,
            "owner": self.d.owner.payload(),
            "team": None,
            "summary": "",
            "bot": self.d.bot.payload(),
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "approximate_guild_count": len(self.d.guilds),
        }

    async def get_gateway(self, call: Call) -> Any:
        return {
            "url": self.d.gateway_url,
            "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
        }

    # ------------------------------------------------------------------ application commands

    async def put_commands(self, call: Call) -> Any:
        guild_id = call.int("guild_id") if "guild_id" in call.params else None
        return self.d.register_commands(guild_id, list(call.payload or []))

    async def get_commands(self, call: Call) -> Any:
        guild_id = call.int("guild_id") if "guild_id" in call.params else None
        return list(self.d.commands.get(guild_id, {}).values())

    # ------------------------------------------------------------------ guilds and channels

    async def get_guild(self, call: Call) -> Any:
        guild = self.d.guilds.get(call.int("guild_id"))
        if guild is None:
            raise Refused(404, 10004, "Unknown Guild")
        return guild.payload(self.d.bot, self.d.started)

    async def get_guild_channels(self, call: Call) -> Any:
        guild = self.d.guilds.get(call.int("guild_id"))
        if guild is None:
            raise Refused(404, 10004, "Unknown Guild")
        return [c.payload(self.d.bot) for c in guild.channels.values()]

    async def get_member(self, call: Call) -> Any:
        guild = self.d.guilds.get(call.int("guild_id"))
        user = guild.members.get(call.int("user_id")) if guild is not None else None
        if user is None:
            raise Refused(404, 10007, "Unknown Member")
        return member_payload(user, self.d.started)

    async def get_channel(self, call: Call) -> Any:
        return self._channel(call).payload(self.d.bot)

    async def start_thread(self, call: Call) -> Any:
        """A public thread of a guild channel (started without a message), named as asked."""
        parent = self._channel(call)
        if parent.guild_id is None:
            raise Refused(400, 50024, "Cannot execute action on this channel type")
        name = str((call.payload or {}).get("name", "thread"))[:100]
        return self.d.create_thread(parent, name).payload(self.d.bot)

    async def typing(self, call: Call) -> Any:
        self._channel(call)
        return None

    # ------------------------------------------------------------------ messages

    async def get_history(self, call: Call) -> Any:
        channel = self._channel(call)
        limit = int(call.request.query.get("limit", "50"))
        newest = [m for m in reversed(channel.messages.values()) if not m.deleted][:limit]
        return [self._message_json(m) for m in newest]

    async def get_message(self, call: Call) -> Any:
        channel = self._channel(call)
        return self._message_json(self._message(channel, call))

    async def create_message(self, call: Call) -> Any:
        channel = self._channel(call)
        if channel.type == DM_CHANNEL and channel.recipient is not None and not channel.recipient.dms_open:
            raise Refused(403, 50007, "Cannot send messages to this user")
        message = self.d.new_message(channel, self.d.bot)
        self._apply(message, call, creating=True)
        self.d.post(message)
        return self._message_json(message)

    async def edit_message(self, call: Call) -> Any:
        channel = self._channel(call)
        message = self._message(channel, call)
        if message.author is not self.d.bot:
            raise Refused(403, 50005, "Cannot edit a message authored by another user")
        if (
            self.d.clock.now() - message.created > self.d.limits.old_message_age
            and not self.d.limiter.old_edit_allowed(channel.id)
        ):
            raise Refused(
                400, 30046, "Maximum number of edits to messages older than 1 hour reached. Try again later"
            )
        self._apply(message, call, creating=False)
        self.d.edited(message)
        return self._message_json(message)

    async def delete_message(self, call: Call) -> Any:
        channel = self._channel(call)
        self.d.delete(self._message(channel, call))
        return None

    def _apply(self, message: Message, call: Call, *, creating: bool) -> None:
        """Set a message's fields from a create or edit body (absent fields of an edit stay as they were).
        The change is checked on a draft first: a refused body leaves the message as it was."""
        body = call.payload if isinstance(call.payload, dict) else {}
        draft = copy.copy(message)
        if "content" in body or creating:
            draft.content = body.get("content") or ""
        if "embeds" in body or creating:
            draft.embeds = list(body.get("embeds") or [])
        if "components" in body or creating:
            draft.components = list(body.get("components") or [])
        if "flags" in body and body["flags"] is not None:
            keep = message.flags & (EPHEMERAL | LOADING) if not creating else 0
            draft.flags = keep | (int(body["flags"]) & (SUPPRESS_EMBEDS | COMPONENTS_V2 | EPHEMERAL))
        attachments = self._attachments(body.get("attachments"), call.uploads, message.attachments)
        if attachments is not None:
            draft.attachments = attachments
        if "content" in body or "allowed_mentions" in body or creating:
            draft.mentions = self.d.mentions(draft.content, body.get("allowed_mentions"))
        if not creating:
            draft.flags &= ~LOADING
        _validate(draft)
        vars(message).update(vars(draft))

    def _attachments(
        self, spec: list[dict] | None, uploads: dict[int, Upload], existing: list[Attachment]
    ) -> list[Attachment] | None:
        """The attachments after a create or edit: files named in `attachments` (new uploads by index,
        existing ones by id) plus uploads not named; None when nothing changes."""
        if spec is None and not uploads:
            return None
        by_id = {a.id: a for a in existing}
        result: list[Attachment] = [] if spec is not None else list(existing)
        used: set[int] = set()
        for item in spec or []:
            key = int(item.get("id", -1))
            if key in uploads and key not in used:
                used.add(key)
                result.append(self.d.new_attachment(uploads[key], item.get("filename")))
            elif key in by_id:
                result.append(by_id[key])
        result.extend(self.d.new_attachment(u, None) for k, u in sorted(uploads.items()) if k not in used)
        return result

    # ------------------------------------------------------------------ interactions

    def _interaction(self, call: Call, *, by_token: bool) -> Interaction:
        """The interaction a callback (by id and token) or webhook route (by token) names."""
        token = call.params["token"]
        found = self.d.interactions_by_token.get(token)
        if by_token:
            if found is None or call.params.get("application_id") != str(self.d.application_id):
                raise Refused(401, 50027, "Invalid Webhook Token")
            if self.d.clock.now() - found.created > self.d.limits.token_lifetime:
                found.errors.append("token expired")
                raise Refused(401, 50027, "Invalid Webhook Token")
            return found
        if found is None or str(found.id) != call.params["interaction_id"]:
            raise Refused(404, 10062, "Unknown interaction")
        return found

    async def callback(self, call: Call) -> Any:
        interaction = self._interaction(call, by_token=False)
        if interaction.response_type is not None:
            interaction.errors.append("acknowledged twice")
            raise Refused(400, 40060, "Interaction has already been acknowledged.")
        if self.d.clock.now() - interaction.created > self.d.limits.ack_deadline:
            interaction.errors.append("acknowledged too late")
            raise Refused(404, 10062, "Unknown interaction")
        body = call.payload if isinstance(call.payload, dict) else {}
        kind = int(body.get("type", 0))
        data = body.get("data") or {}
        original: Message | None = None
        if kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            original = self.d.new_message(
                interaction.channel,
                self.d.bot,
                interaction=interaction,
                ephemeral=bool(int(data.get("flags") or 0) & EPHEMERAL),
            )
            original.type = 20 if interaction.type == APPLICATION_COMMAND else 19
            if kind == DEFERRED_CHANNEL_MESSAGE:
                original.flags |= LOADING
            else:
                self._apply(
                    original, Call(call.request, call.route, {}, data, call.uploads, {}), creating=True
                )
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            if interaction.message is None:
                raise Refused(400, 50035, "Invalid Form Body: this interaction has no message to update")
            original = interaction.message
        elif kind != 1:
            raise Refused(
                400, 50035, f"Invalid Form Body: callback type {kind} is not served by the stand-in"
            )
        interaction.acknowledge(kind, original)
        if kind == UPDATE_MESSAGE and original is not None:
            self._apply(original, Call(call.request, call.route, {}, data, call.uploads, {}), creating=False)
            interaction.changed_clicked_message()
            self.d.edited(original)
        elif kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE) and original is not None:
            self.d.post(original)
        else:
            self.d.notify()
        if call.request.query.get("with_response") not in ("1", "true", "True"):
            return None
        response: dict[str, Any] = {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.type,
                "response_message_id": str(original.id) if original is not None else None,
                "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(original is not None and original.ephemeral),
            }
        }
        if original is not None and kind != DEFERRED_UPDATE:
            response["resource"] = {"type": kind, "message": self._message_json(original)}
        return response

    def _original(self, interaction: Interaction) -> Message:
        if interaction.original is None or interaction.original.deleted:
            raise Refused(404, 10008, "Unknown Message")
        return interaction.original

    async def get_original(self, call: Call) -> Any:
        return self._message_json(self._original(self._interaction(call, by_token=True)))

    async def edit_original(self, call: Call) -> Any:
        interaction = self._interaction(call, by_token=True)
        message = self._original(interaction)
        was_loading = message.loading
        self._apply(message, call, creating=False)
        if message is interaction.message:
            interaction.changed_clicked_message()
        self.d.edited(message)
        if was_loading or interaction.response_type in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            interaction.answered()
        return self._message_json(message)

    async def delete_original(self, call: Call) -> Any:
        interaction = self._interaction(call, by_token=True)
        self.d.delete(self._original(interaction))
        return None

    async def followup(self, call: Call) -> Any:
        interaction = self._interaction(call, by_token=True)
        if interaction.response_type is None:
            raise Refused(404, 10015, "Unknown Webhook")  # nothing to follow up yet
        original = interaction.original
        body = call.payload if isinstance(call.payload, dict) else {}
        if original is not None and original.loading and not original.deleted:
            # The first followup after a deferred reply fills the "thinking…" message.
            self._apply(original, call, creating=False)
            self.d.edited(original)
            interaction.answered()
            return self._message_json(original)
        ephemeral = bool(int(body.get("flags") or 0) & EPHEMERAL)
        message = self.d.new_message(
            interaction.channel, self.d.bot, interaction=interaction, ephemeral=ephemeral
        )
        self._apply(message, call, creating=True)
        interaction.followups.append(message)
        self.d.post(message)
        interaction.answered()
        return self._message_json(message)

    def _followup(self, call: Call) -> tuple[Interaction, Message]:
        interaction = self._interaction(call, by_token=True)
        wanted = call.int("message_id")
        candidates = interaction.followups + (
            [interaction.original] if interaction.original is not None else []
        )
        message = next((m for m in candidates if m.id == wanted and not m.deleted), None)
        if message is None:
            raise Refused(404, 10008, "Unknown Message")
        return interaction, message

    async def get_followup(self, call: Call) -> Any:
        return self._message_json(self._followup(call)[1])

    async def edit_followup(self, call: Call) -> Any:
        _, message = self._followup(call)
        self._apply(message, call, creating=False)
        self.d.edited(message)
        return self._message_json(message)

    async def delete_followup(self, call: Call) -> Any:
        _, message = self._followup(call)
        self.d.delete(message)
        return None


async def _read_body(request: web.Request) -> tuple[Any, dict[int, Upload]]:
    """The JSON body, or a multipart body's `payload_json` and `files[n]`."""
    if not request.body_exists:
        return None, {}
    if request.content_type.startswith("multipart/"):
        payload: Any = {}
        uploads: dict[int, Upload] = {}
        reader = await request.multipart()
        async for part in reader:
            assert isinstance(part, BodyPartReader), "discord.py sends flat multipart bodies"
            if part.name == "payload_json":
                payload = json.loads(await part.text())
                continue
            found = re.fullmatch(r"files\[(\d+)\]", part.name or "")
            if found is None:
                continue
            data = await part.read()
            uploads[int(found[1])] = Upload(
                part.filename or "file", bytes(data), part.headers.get("Content-Type")
            )
        return payload, uploads
    text = await request.text()
    if not text:
        return None, {}
    try:
        return json.loads(text), {}
    except json.JSONDecodeError:
        raise Refused(400, 50109, "The request body contains invalid JSON.") from None


def _validate(message: Message) -> None:
    """Refuse what Discord refuses (400, code 50035 or 50006), so a bot's mistakes show here too."""
    problems = []
    if len(message.content) > 2000:
        problems.append("content: Must be 2000 or fewer in length.")
    if len(message.embeds) > 10:
        problems.append("embeds: Must be 10 or fewer in length.")
    components = list(walk_components(message.components))
    ids = [c["custom_id"] for c in components if c.get("custom_id")]
    if len(ids) != len(set(ids)):
        problems.append("components: Component custom id cannot be duplicated")
    if any(len(i) > 100 for i in ids):
        problems.append("components: custom_id must be 100 or fewer in length.")
    if any(len(c.get("label") or "") > 80 for c in components if c.get("type") == 2):
        problems.append("components: label must be 80 or fewer in length.")
    if not message.flags & COMPONENTS_V2:
        rows = message.components
        if len(rows) > 5 or any(len(r.get("components") or []) > 5 for r in rows):
            problems.append("components: at most 5 rows of at most 5 components.")
    if problems:
        raise Refused(400, 50035, "Invalid Form Body: " + "; ".join(problems))
    if not (
        message.content or message.embeds or message.attachments or message.components or message.loading
    ):
        raise Refused(400, 50006, "Cannot send an empty message")


def _error(refusal: Refused) -> web.Response:
    return _json(refusal.status, refusal.body, refusal.headers)


def _json(status: int, body: Any, headers: dict[str, str]) -> web.Response:
    # Exactly `application/json`, no charset: discord.py compares the header to that string.
    return web.Response(
        status=status,
        body=json.dumps(body).encode(),
        headers={**VIA, **headers, "Content-Type": "application/json"},
    )
