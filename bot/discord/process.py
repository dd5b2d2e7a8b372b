"""The process: run the bot until it stops or is asked to (SIGTERM, SIGINT), and say in one line why it could
not start or went away. It sees the bot only as a `discord.Client`: `python -m bot` builds it."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

import discord

from bot.storage.errors import StorageError

process_log = logging.getLogger("bot")  # the process's own lines (starting, stopping)


async def run_until_stopped(bot: discord.Client, token: str) -> None:
    """Run the bot until it stops or SIGTERM/SIGINT asks it to; a clean stop finishes the action in hand
    (`client.Texas42Bot.close` waits for it) and closes the database."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(signum, stop.set)
        except (NotImplementedError, RuntimeError):  # not on this platform: Ctrl-C still raises
            pass
    async with bot:
        running = asyncio.create_task(bot.start(token), name="bot")
        stopping = asyncio.create_task(stop.wait(), name="stop-signal")
        done, _ = await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if running in done:
            stopping.cancel()
            running.result()  # a login failure or a lost connection, for main() to explain
            return
        process_log.info("stopping: finishing the action in hand, then closing the database")
        await bot.close()
        await asyncio.gather(running, return_exceptions=True)


def run(bot: discord.Client, token: str) -> int:
    """Connect and play until stopped; the process's exit status (non-zero with one line on stderr when
    Discord refused the token or the connection, or the database failed)."""
    try:
        asyncio.run(run_until_stopped(bot, token))
    except discord.LoginFailure:
        print(
            "texas42: Discord rejected DISCORD_TOKEN: copy the bot token again from the developer portal",
            file=sys.stderr,
        )
        return 2
    except discord.PrivilegedIntentsRequired:
        print("texas42: Discord refused the connection's intents", file=sys.stderr)
        return 2
    except StorageError as error:
        print(f"texas42: {error}", file=sys.stderr)
        return 2
    except (OSError, discord.HTTPException) as error:
        print(f"texas42: could not reach Discord: {error}", file=sys.stderr)
        return 1
    return 0
