"""`python -m bot`: read the configuration, check the database, start the bot."""

from __future__ import annotations

import asyncio
import logging
import sys

import discord

from .client import BotSettings, Texas42Bot
from .config import Config, ConfigError
from .storage import Storage, StorageError


async def check_database(config: Config) -> None:
    """Open the database once (creating it and running migrations) so a bad DATABASE_URL fails early."""
    storage = await Storage.open(config.database_path)
    await storage.close()


def main() -> int:
    """Start the bot; on a configuration problem print one line and return non-zero."""
    try:
        config = Config.from_env()
        asyncio.run(check_database(config))
    except (ConfigError, StorageError) as error:
        print(f"texas42: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    bot = Texas42Bot(
        BotSettings(config.database_path, dev_guild_id=config.dev_guild_id, computer_pause=config.computer_pause)
    )
    try:
        bot.run(config.token, log_handler=None)
    except discord.LoginFailure:
        print("texas42: Discord rejected DISCORD_TOKEN: copy the bot token again from the developer portal", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("texas42: Discord refused the connection's intents", file=sys.stderr)
        return 2
    except (OSError, discord.HTTPException) as error:
        print(f"texas42: could not reach Discord: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
