"""The bot's configuration, read once from the environment (and a `.env` file in the working directory).

One rule for where things are: the bot reads `.env` from the folder it is started in, and a relative
SQLite path in `DATABASE_URL` is in that folder too (the log names the file at start-up).
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

from bot.computers.pools import WorkerPlan, cores

from .storage.target import DEFAULT_DATABASE_URL, DatabaseTarget, database_target


class ConfigError(Exception):
    """A setting is missing or unusable; the message is one line a person can act on."""


def default_process_id(shard_ids: tuple[int, ...] | None = None) -> str:
    """This process's name among the bot's processes, unless PROCESS_ID gives one: named after the shards
    it runs (`shard0`, `shards0-2`; `all-shards` without SHARD_IDS), so it is the same after a restart and
    the restarted process takes its tables back at once. Every shard is run by one process, so the names
    differ; two processes given the same shards would share one, and the second is refused at start-up."""
    if not shard_ids:
        return "all-shards"
    return ("shard" if len(shard_ids) == 1 else "shards") + "-".join(map(str, shard_ids))


@dataclass(frozen=True)
class Config:
    """Everything the bot reads from its environment."""

    token: str
    database: DatabaseTarget = field(default_factory=lambda: database_target(DEFAULT_DATABASE_URL))
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    computer_pause: float = 1.2  # seconds a computer player "thinks" before acting, so play reads naturally
    shard_count: int | None = None  # None: Discord's recommendation (one process runs them all)
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs; None: all of them
    process_id: str = field(default_factory=default_process_id)
    lease_seconds: float = 20.0  # how long a table stays with a process that stopped renewing its lease
    tick_seconds: float = 5.0  # timers, lease renewal and missed changes are checked this often
    seed: str | None = None  # DEAL_SEED: deals repeat per table and hand (for tests); unset: truly random

    @property
    def database_path(self) -> Path | None:
        """The SQLite file (None for PostgreSQL or an in-memory database)."""
        return self.database.path

    computer_workers: WorkerPlan | None = (
        None  # where computers think (COMPUTER_WORKERS, read as auto if unset)
    )
    picture_workers: int = 0  # processes that draw the pictures (PICTURE_WORKERS); 0: the bot's own threads

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None, *, load_dotenv_file: bool = True) -> Config:
        """Build the configuration from `environ` (default: the process environment plus `./.env`)."""
        if environ is None:
            if load_dotenv_file:
                from dotenv import load_dotenv

                load_dotenv(Path.cwd() / ".env")  # the working directory's, never one found elsewhere
            environ = dict(os.environ)
        token = environ.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(
                f"DISCORD_TOKEN is not set: put the bot token in the environment or in {Path.cwd() / '.env'}"
            )
        try:
            database = database_target(environ.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL)
        except ValueError as error:  # a DATABASE_URL that names no database; the message says what would
            raise ConfigError(str(error)) from None
        shard_count, shard_ids = _shards(environ.get("SHARD_COUNT", ""), environ.get("SHARD_IDS", ""))
        if (
            shard_ids is not None
            and shard_count is not None
            and len(shard_ids) < shard_count
            and not database.shared
        ):
            raise ConfigError(
                f"SHARD_IDS={','.join(map(str, shard_ids))} runs only some of the {shard_count} shards, which "
                "takes several processes, and several processes need PostgreSQL: set DATABASE_URL=postgresql://… "
                "(with SQLite, leave SHARD_IDS unset: one process runs every shard)"
            )
        tick = _seconds("TICK_SECONDS", environ.get("TICK_SECONDS", ""), cls.tick_seconds)
        lease = _seconds("LEASE_SECONDS", environ.get("LEASE_SECONDS", ""), cls.lease_seconds)
        if lease < 2 * tick:
            raise ConfigError(f"LEASE_SECONDS ({lease:g}) must be at least twice TICK_SECONDS ({tick:g})")
        return cls(
            token=token,
            database=database,
            dev_guild_id=_optional_int("DEV_GUILD_ID", environ.get("DEV_GUILD_ID", "")),
            log_level=_log_level(environ.get("LOG_LEVEL", "").strip() or "INFO"),
            computer_pause=_pause(environ.get("COMPUTER_PAUSE", "").strip()),
            shard_count=shard_count,
            shard_ids=shard_ids,
            process_id=environ.get("PROCESS_ID", "").strip() or default_process_id(shard_ids),
            lease_seconds=lease,
            tick_seconds=tick,
            seed=environ.get("DEAL_SEED", "").strip() or None,
            computer_workers=_workers(environ.get("COMPUTER_WORKERS", "").strip() or "auto"),
            picture_workers=_picture_workers(environ.get("PICTURE_WORKERS", "").strip() or "auto"),
        )


def _shards(count_text: str, ids_text: str) -> tuple[int | None, tuple[int, ...] | None]:
    count_text, ids_text = count_text.strip(), ids_text.strip()
    count = None
    if count_text:
        if not count_text.isdigit() or int(count_text) < 1:
            raise ConfigError(
                f"SHARD_COUNT must be a whole number of shards, at least 1 (got {count_text!r})"
            )
        count = int(count_text)
    if not ids_text:
        return count, None
    if count is None:
        raise ConfigError(
            "SHARD_IDS needs SHARD_COUNT too (the total number of shards, across every process)"
        )
    parts = [part.strip() for part in ids_text.split(",")]
    if not all(part.isdigit() for part in parts):
        raise ConfigError(f"SHARD_IDS must be shard numbers separated by commas, e.g. 0,1 (got {ids_text!r})")
    ids = tuple(sorted({int(part) for part in parts}))
    if ids[-1] >= count:
        raise ConfigError(
            f"SHARD_IDS names shard {ids[-1]}, but shards are numbered 0 to {count - 1} (SHARD_COUNT={count})"
        )
    return count, ids


def _optional_int(name: str, raw: str) -> int | None:
    raw = raw.strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise ConfigError(f"{name} must be a server id (digits only), got {raw!r}")
    return int(raw)


def _log_level(raw: str) -> str:
    level = raw.upper()
    if not isinstance(logging.getLevelName(level), int):
        raise ConfigError(f"LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR (got {raw!r})")
    return level


def _pause(raw: str) -> float:
    if not raw:
        return Config.computer_pause
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"COMPUTER_PAUSE must be a number of seconds (got {raw!r})") from None
    if value < 0:
        raise ConfigError(f"COMPUTER_PAUSE must not be negative (got {raw!r})")
    return value


def _seconds(name: str, raw: str, default: float) -> float:
    raw = raw.strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number of seconds (got {raw!r})") from None
    if value <= 0:
        raise ConfigError(f"{name} must be more than 0 seconds (got {raw!r})")
    return value


def _picture_workers(raw: str) -> int:
    """PICTURE_WORKERS: `auto` (two processes on two cores or more, none on one) or a whole number (0: draw
    in the bot's own threads)."""
    if raw.lower() == "auto":
        return 2 if cores() >= 2 else 0
    if not raw.isdigit():
        raise ConfigError(f"PICTURE_WORKERS must be auto or a whole number from 0 (got {raw!r})")
    return int(raw)


def _workers(raw: str) -> WorkerPlan:
    try:
        return WorkerPlan.parse(raw)
    except ValueError as error:
        raise ConfigError(f"COMPUTER_WORKERS: {error}") from None
