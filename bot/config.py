"""The bot's configuration, read once from the environment (and a `.env` file in development)."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from .tables.pools import WorkerPlan

DEFAULT_DATABASE_URL = "sqlite:///texas42.db"
_SQLITE_PREFIX = "sqlite:///"


class ConfigError(Exception):
    """A setting is missing or unusable; the message is one line a person can act on."""


@dataclass(frozen=True)
class Config:
    """Everything the bot reads from its environment."""

    token: str
    database_path: Path
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    computer_pause: float = 1.2  # seconds a computer player "thinks" before acting, so play reads naturally
    computer_workers: WorkerPlan | None = None  # where computers think (COMPUTER_WORKERS, read as auto if unset)

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None, *, load_dotenv_file: bool = True) -> Config:
        """Build the configuration from `environ` (default: the process environment plus `.env`)."""
        if environ is None:
            if load_dotenv_file:
                from dotenv import load_dotenv

                load_dotenv()
            environ = dict(os.environ)
        token = environ.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError("DISCORD_TOKEN is not set: put the bot token in the environment or in .env")
        return cls(
            token=token,
            database_path=database_path_from_url(environ.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL),
            dev_guild_id=_optional_int("DEV_GUILD_ID", environ.get("DEV_GUILD_ID", "")),
            log_level=_log_level(environ.get("LOG_LEVEL", "").strip() or "INFO"),
            computer_pause=_pause(environ.get("COMPUTER_PAUSE", "").strip()),
            computer_workers=_workers(environ.get("COMPUTER_WORKERS", "").strip() or "auto"),
        )


def database_path_from_url(url: str) -> Path:
    """The SQLite file named by a `sqlite:///relative.db` or `sqlite:////absolute.db` URL."""
    if not url.startswith(_SQLITE_PREFIX):
        raise ConfigError(f"DATABASE_URL must look like sqlite:///texas42.db (got {url!r})")
    rest = url[len(_SQLITE_PREFIX) :]
    if not rest or rest.endswith("/"):
        raise ConfigError(f"DATABASE_URL names no database file (got {url!r})")
    return Path(rest)


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


def _workers(raw: str) -> WorkerPlan:
    try:
        return WorkerPlan.parse(raw)
    except ValueError as error:
        raise ConfigError(f"COMPUTER_WORKERS: {error}") from None
