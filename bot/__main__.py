"""`python -m bot`: read the configuration, check the database, start the bot."""

from __future__ import annotations

import asyncio
import logging
import sys

from .config import Config, ConfigError
from .discord.client import BotSettings, Texas42Bot
from .discord.process import run
from .storage.errors import StorageError
from .storage.store import Storage

log = logging.getLogger("bot")


async def check_database(config: Config) -> None:
    """Open the database once (creating it and running migrations) so a bad DATABASE_URL fails early, and
    say which database it is."""
    path = config.database.path
    new = path is not None and not path.exists()
    storage = await Storage.open(config.database)
    await storage.close()
    if config.database.shared:
        log.info(
            "database: %s (PostgreSQL; this process is %s)", config.database.describe(), config.process_id
        )
    else:
        log.info(
            "database: %s (SQLite: one process only)%s",
            config.database.describe(),
            " — a new, empty database was created there" if new else "",
        )


def main() -> int:
    """Start the bot; on a configuration problem print one line and return non-zero."""
    try:
        config = Config.from_env()
    except ConfigError as error:
        print(f"texas42: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        asyncio.run(check_database(config))
    except StorageError as error:
        print(f"texas42: {error}", file=sys.stderr)
        return 2
    return run(Texas42Bot(BotSettings.from_config(config)), config.token)


if __name__ == "__main__":
    sys.exit(main())
