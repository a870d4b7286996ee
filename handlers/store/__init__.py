"""Persistence: one store interface (`Store`) for settings and clocks over two back ends.

`FLOORCALL_DB` chooses the back end:

- unset: `floorcall.db` in the working directory (SQLite);
- a path, or `sqlite:///path` (relative; `sqlite:////abs/path` absolute, as SQLAlchemy writes them):
  that SQLite file (`:memory:` for a throwaway one);
- `postgresql://user:password@host:5432/dbname` (or `postgres://`): PostgreSQL, shared by every
  process of a shard cluster.

`open_store()` returns a migrated, loaded store, or raises `StoreConfigError` whose message is one
line naming the variable and the problem.

Layout: `db.py` (the two primitives a back end gives: `fetch`, `script`), `sqlite.py` and
`postgres.py` (the back ends), `migrations.py` (versioned schema, one list for both), `store.py`
(settings in memory + the repositories), `settings.py` (the settings' scopes, keys and bounds and
what is in force where: the pure part), `clocks.py` (the player clocks' repository and leases),
`blinds.py` (the blind clocks', with the same leases). Another table is a repository class like
`ClockRepo` over `Db` (queries with `?`), one `Migration` appended to `MIGRATIONS`, its name in
`OWN_TABLES`, and an attribute on `Store`; both back ends then carry it, and the behaviour suite's
`store` fixture tests it on both.
"""

from __future__ import annotations

import os
from pathlib import Path

from handlers.store.db import Db
from handlers.store.errors import ENV, Conflict, StoreBusy, StoreConfigError, StoreError, StoreUnavailable
from handlers.store.store import Store

DEFAULT_DB_NAME = "floorcall.db"


def configured_url(env: os._Environ[str] | dict[str, str] | None = None) -> str:
    """What `FLOORCALL_DB` says (default: ./floorcall.db)."""
    value = ((env if env is not None else os.environ).get(ENV) or "").strip()
    return value or DEFAULT_DB_NAME


def make_db(url: str | os.PathLike[str] | None = None) -> Db:
    """The back end for a `FLOORCALL_DB` value (not opened yet)."""
    text = str(url) if url is not None else configured_url()
    if text.startswith(("postgresql://", "postgres://")):
        from handlers.store.postgres import PostgresDb  # asyncpg only where it is used

        return PostgresDb(text)
    from handlers.store.sqlite import SQLiteDb  # and sqlite-utils only where that is

    if text.startswith("sqlite:///"):
        path = text[len("sqlite:///"):]
        if not path:  # a URL cut short would otherwise keep everything in memory, lost at exit
            raise StoreConfigError(f"{ENV}=sqlite:/// names no file; write sqlite:///path/to/floorcall.db")
        return SQLiteDb(path)
    if "://" in text:
        scheme = text.split("://", 1)[0]
        raise StoreConfigError(f"{ENV}: unknown kind of database '{scheme}://'; use a file path or postgresql://")
    return SQLiteDb(Path(text) if text != ":memory:" else text)


async def open_store(url: str | os.PathLike[str] | None = None, *, watch: bool = True,
                     busy_wait: float | None = None) -> Store:
    """A migrated store with its settings in memory, watching for other processes' writes."""
    if busy_wait is None:
        return await Store.open(make_db(url), watch=watch)
    return await Store.open(make_db(url), watch=watch, busy_wait=busy_wait)


__all__ = ["ENV", "Conflict", "Store", "StoreBusy", "StoreConfigError", "StoreError", "StoreUnavailable",
           "configured_url", "make_db", "open_store"]
