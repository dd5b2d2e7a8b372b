"""Run the real, unchanged bot against a stand-in: `STANDIN_URL=http://127.0.0.1:PORT python -m tests.standin.launcher`.

It points discord.py at the stand-in before the bot starts (REST base URL, and the gateway URL that
`discord.Client` takes from `DiscordWebSocket.DEFAULT_GATEWAY` rather than from `GET /gateway/bot`), then runs
`python -m bot` in this process. With `STANDIN_CLIENT_LOG=path` it appends one JSON line for every HTTP
error that escapes discord.py into the bot's code (a 429 there means discord.py gave up retrying).
"""

from __future__ import annotations

import faulthandler
import json
import os
import runpy
import signal
import time
from typing import Any


def point_discord_at(url: str) -> None:
    """Send discord.py's REST and gateway traffic to the stand-in at `url` (http://host:port)."""
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = f"{url}/api/v10"
    gateway = "ws" + url.removeprefix("http") + "/gateway"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


def record_escaped_errors(path: str) -> None:
    """Log every `HTTPException`/`RateLimited` that leaves discord.py's request functions."""
    import discord
    import discord.http
    import discord.webhook.async_ as webhooks

    log = open(path, "a", buffering=1, encoding="utf-8")  # open for the process's life

    def write(route: Any, error: Exception) -> None:
        status = getattr(error, "status", 429 if isinstance(error, discord.RateLimited) else 0)
        entry = {
            "t": time.time(),
            "method": route.method,
            "route": route.path,
            "status": status,
            "code": getattr(error, "code", 0),
        }
        log.write(json.dumps(entry) + "\n")

    def wrap(original: Any) -> Any:
        async def request(self: Any, route: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return await original(self, route, *args, **kwargs)
            except (discord.HTTPException, discord.RateLimited) as error:
                write(route, error)
                raise

        return request

    discord.http.HTTPClient.request = wrap(discord.http.HTTPClient.request)  # type: ignore[method-assign]
    adapter = webhooks.AsyncWebhookAdapter
    adapter.request = wrap(adapter.request)  # type: ignore[method-assign]


# What `kill -USR2` counts of the bot's own keeping (attribute paths from the bot), beside tasks, threads and
# open files: what a month of play must not grow.
KEPT = (
    "service.registry.tables",
    "service.registry._locks",
    "service.registry._published",
    "service.chooser.seats",
    "service.computers.runners",
    "outbox.seen",
    "outbox.stamps",
    "outbox.outstanding",
    "outbox.posting",
    "delivery.lanes",
    "panels.panels",
    "panels.dm_channels",
    "table_message.shown.stamps",
    "table_message.shown.locks",
    "panels.shown.stamps",
    "panels.shown.locks",
    "table_message.last_edit",
    "table_message.tokens.dm_clicks",
    "table_message.tokens.table_clicks",
    "table_message.tokens.private_replies",
    "budget.windows",
    "storage.guarded.waiting",
    "_connection._view_store._views",
    "_connection._view_store._synced_message_views",
    "_connection._messages",
)


def inventory(*_: Any) -> None:
    """Print one `inventory: {...}` line: the event loop's tasks, threads, open files, objects, resident
    memory, and the size of each of the bot's containers in `KEPT` (`kill -USR2 <pid>`)."""
    import asyncio
    import gc
    import sys
    import threading

    gc.collect()
    found: dict[str, Any] = {
        "tasks": len(asyncio.all_tasks(asyncio.events._get_running_loop())),
        "threads": threading.active_count(),
        "fds": len(os.listdir("/proc/self/fd")),
        "objects": len(gc.get_objects()),
        "rss_kb": int(
            next(line for line in open("/proc/self/status") if line.startswith("VmRSS")).split()[1]
        ),
    }
    bot = next((o for o in gc.get_objects() if type(o).__name__ == "Texas42Bot"), None)
    for path in KEPT:
        value: Any = bot
        for name in path.split("."):
            value = getattr(value, name, None)
        found[path] = len(value) if value is not None else None
    print("inventory: " + json.dumps(found), file=sys.stdout, flush=True)


def main() -> None:
    """Patch discord.py from the environment, then run the bot as `python -m bot` would."""
    faulthandler.register(signal.SIGUSR1)  # `kill -USR1 <pid>` prints every thread's stack to the log
    signal.signal(signal.SIGUSR2, inventory)  # `kill -USR2 <pid>` prints what the bot keeps
    point_discord_at(os.environ["STANDIN_URL"])
    if os.environ.get("STANDIN_CLIENT_LOG"):
        record_escaped_errors(os.environ["STANDIN_CLIENT_LOG"])
    runpy.run_module("bot", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
