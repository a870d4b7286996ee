"""Store fixtures: one real PostgreSQL server per test session, and `store` / `store_url`
parametrized over both back ends, so the behaviour suite runs against SQLite and PostgreSQL.

Each test gets a database of its own (a new SQLite file; a new PostgreSQL database).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from pgtest import NoPostgres, PgServer

from handlers.store import Store, open_store

_names = itertools.count(1)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    try:
        server = PgServer()
        server.start()
    except NoPostgres as exc:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI must run the PostgreSQL tests, but: {exc}")
        pytest.skip(f"PostgreSQL tests skipped (not in CI): {exc}")
    try:
        yield server
    finally:
        server.cleanup()


@pytest.fixture
def pg_url(pg_server: PgServer) -> str:
    return pg_server.create_db(f"t{os.getpid()}_{next(_names)}")


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "floorcall.db")
    return request.getfixturevalue("pg_url")


@pytest.fixture
async def store(store_url: str) -> AsyncIterator[Store]:
    s = await open_store(store_url)
    try:
        yield s
    finally:
        await s.close()
