"""The PostgreSQL leg of the tests cannot hide: without a server it is skipped on a developer's machine and
fails under CI=true (`tests/databases.py`, which `.ci/run` relies on)."""

from __future__ import annotations

import pytest

from tests.databases import server_url


def test_without_a_server_the_postgresql_leg_fails_under_ci_and_skips_elsewhere(monkeypatch):
    monkeypatch.delenv("TEST_DATABASE_URL", raising=False)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="must run, not skip"):
        server_url()
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception):
        server_url()
    monkeypatch.setenv("TEST_DATABASE_URL", "postgresql://postgres@/postgres?host=/tmp/pg")
    assert server_url() == "postgresql://postgres@/postgres?host=/tmp/pg"
