"""Which database a `DATABASE_URL` names, and how to reach it.

One rule for relative paths: a relative SQLite path (`sqlite:///texas42.db`) is taken from the folder the
bot is started in (its working directory), like the `.env` file, and is made absolute at start-up so the
log says which file is used. PostgreSQL URLs (`postgresql://user:pass@host/db`, or
`postgresql://user@/db?host=/socket/dir` for a Unix socket; `postgres://` as some hosts write it) are passed
to asyncpg as they are.
"""

from __future__ import annotations

import os.path
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from urllib.parse import unquote

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

DEFAULT_DATABASE_URL = "sqlite:///texas42.db"
_SQLITE_PREFIX = "sqlite:///"
_POSTGRES_SCHEMES = ("postgresql://", "postgres://", "postgresql+asyncpg://")


class Backend(StrEnum):
    """The kinds of database the bot can keep its tables in (each has its driver, see `store.DRIVERS`)."""

    SQLITE = "sqlite"
    POSTGRESQL = "postgresql"


@dataclass(frozen=True)
class DatabaseTarget:
    """A database the bot can open: SQLite (a file, or ":memory:") or PostgreSQL."""

    backend: Backend
    path: Path | None = None  # the SQLite file, absolute; None for ":memory:" and PostgreSQL
    postgres_url: str | None = None  # the PostgreSQL URL as given (scheme normalised)

    @property
    def shared(self) -> bool:
        """True if several processes may use the database at once (PostgreSQL)."""
        return self.backend == Backend.POSTGRESQL

    def sqlalchemy_url(self) -> URL:
        """The URL for SQLAlchemy's async engine (aiosqlite or asyncpg)."""
        if self.backend == Backend.SQLITE:
            return make_url(f"sqlite+aiosqlite:///{self.path if self.path is not None else ':memory:'}")
        assert self.postgres_url is not None
        return make_url(self.postgres_url).set(drivername="postgresql+asyncpg")

    def asyncpg_dsn(self) -> str:
        """The URL for a plain asyncpg connection (the one that LISTENs)."""
        assert self.postgres_url is not None
        return self.postgres_url

    def describe(self) -> str:
        """The database for a log line or an error: the file, or the URL without its password."""
        if self.backend == Backend.SQLITE:
            return str(self.path) if self.path is not None else ":memory:"
        return unquote(
            self.sqlalchemy_url().set(drivername="postgresql").render_as_string(hide_password=True)
        )


def database_target(where: str | Path, *, cwd: Path | None = None) -> DatabaseTarget:
    """The database named by a `DATABASE_URL` (or a plain file path, as tests pass it); a relative SQLite
    path is resolved against `cwd` (default: the working directory). `ValueError`, saying what would do, if
    it names none (`Storage.open` turns it into a `StorageError`; the configuration, into its own error)."""
    if isinstance(where, Path):
        return _sqlite(str(where), cwd)
    url = where.strip()
    if url.startswith(_POSTGRES_SCHEMES):
        normalised = "postgresql://" + url.split("://", 1)[1]
        try:
            parsed = make_url(normalised)
        except ArgumentError as error:
            raise ValueError(f"DATABASE_URL is not a PostgreSQL URL I can read ({error})") from None
        if not parsed.database:
            raise ValueError(f"DATABASE_URL names no PostgreSQL database (got {_hidden(parsed)})")
        return DatabaseTarget(Backend.POSTGRESQL, postgres_url=normalised)
    if url.startswith(_SQLITE_PREFIX):
        rest = url[len(_SQLITE_PREFIX) :]
        if not rest or rest.endswith("/"):
            raise ValueError(f"DATABASE_URL names no database file (got {url!r})")
        return _sqlite(rest, cwd)
    if "://" in url or url.startswith("sqlite:"):
        raise ValueError(
            "DATABASE_URL must look like sqlite:///texas42.db or postgresql://user:password@host/database "
            f"(got {url.split('://', 1)[0]}://…)"
        )
    return _sqlite(url, cwd)


def _sqlite(path: str, cwd: Path | None) -> DatabaseTarget:
    if path == ":memory:":
        return DatabaseTarget(Backend.SQLITE)
    file = Path(path).expanduser()
    if not file.is_absolute():
        file = (cwd or Path.cwd()) / file
    return DatabaseTarget(
        Backend.SQLITE, path=Path(os.path.normpath(file))
    )  # `..` folded; links left as they are


def _hidden(url: URL) -> str:
    return url.render_as_string(hide_password=True)
