"""The store the bot holds: settings (kept in memory), player and blind clocks, and the back end.

Settings are read on every interaction (language, ruleset, clock times: six reads each, measured)
and written a few times a server's lifetime, so they all live in memory: `load` reads the table
once, reads (`get`, `resolve`, `context_for`) are dictionary lookups that never touch the database
or wait, and a write goes to the database first and to memory once it is committed. Other
processes learn of it by NOTIFY on PostgreSQL, by `data_version` polled each `POLL_SECONDS` on
SQLite. A read therefore never blocks the event loop and never fails when the database is busy;
only writes can answer "try again".

The settings of every server are a few short rows each (about 200 bytes a row in memory), so
100,000 servers with three settings each are some 60 MB -- far more servers than one process
serves before it shards.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sys
from datetime import UTC, datetime
from typing import TYPE_CHECKING, TypeGuard

from handlers.context import Context
from handlers.store.blinds import BlindRepo
from handlers.store.clocks import ClockRepo
from handlers.store.db import Db, Statement
from handlers.store.errors import ENV, StoreBusy, StoreConfigError, StoreError, StoreUnavailable
from handlers.store.migrations import migrate
from handlers.store.settings import (
    CLOCK_COUNTDOWN,
    CLOCK_SECONDS,
    SCOPES,
    SERVER,
    InForce,
    check_clock_times,
    context_of,
    resolve,
)

if TYPE_CHECKING:
    from handlers.store.postgres import PostgresDb
    from handlers.store.retention import Swept
    from handlers.store.sqlite import SQLiteDb

log = logging.getLogger(__name__)

POLL_SECONDS = 1.0
BUSY_WAIT = 10.0  # at start-up, how long another process may hold the database before giving up
Key = tuple[str, int]

_UPSERT = ("INSERT INTO settings (scope, scope_id, key, value, updated_at) VALUES (?, ?, ?, ?, ?) "
           "ON CONFLICT (scope, scope_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at")


def _is_postgres(db: Db) -> TypeGuard[PostgresDb]:
    """Whether `db` is the PostgreSQL back end, without importing it (asyncpg costs an SQLite
    bot 3.2 MB of RSS): a PostgresDb exists only once its module was imported."""
    module = sys.modules.get("handlers.store.postgres")
    return module is not None and isinstance(db, module.PostgresDb)


def _is_sqlite(db: Db) -> TypeGuard[SQLiteDb]:
    """Whether `db` is the SQLite back end, without importing it (sqlite-utils and what it
    imports, click and dateutil among them, cost a PostgreSQL bot 4 MB of RSS)."""
    module = sys.modules.get("handlers.store.sqlite")
    return module is not None and isinstance(db, module.SQLiteDb)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store:
    """Settings and clocks over one `Db`. `await Store.open(db)` migrates, loads and watches."""

    def __init__(self, db: Db) -> None:
        self.db = db
        self.clocks = ClockRepo(db)
        self.blinds = BlindRepo(db)
        self._settings: dict[Key, dict[str, str]] = {}
        self._watch: asyncio.Task[None] | None = None
        self.closed = False

    @classmethod
    async def open(cls, db: Db, *, watch: bool = True, busy_wait: float = BUSY_WAIT) -> Store:
        """Open, migrate and load. Another process holding the database (its migrations, a long
        write) is waited for up to `busy_wait` seconds; after that, StoreBusy in one line."""
        store = cls(db)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + busy_wait
        try:
            while True:
                try:
                    if (_is_sqlite(db) or _is_postgres(db)) and not db.opened:  # type: ignore[union-attr]
                        await db.open()
                    await migrate(db)
                    await store.load()
                    break
                except StoreBusy as exc:
                    if loop.time() >= deadline:
                        raise StoreBusy(f"{ENV}: {db.where} stayed locked by another process for "
                                        f"{busy_wait:.0f} s ({exc}); try again") from None
                    await asyncio.sleep(0.2)
                except (StoreConfigError, StoreUnavailable):
                    raise
                except StoreError as exc:  # the server refused a statement: say where, and what to do
                    raise StoreConfigError(_refused(db.where, exc)) from None
            if watch:
                await store._start_watching()
        except BaseException:
            await db.close()
            raise
        return store

    @property
    def where(self) -> str:
        return self.db.where

    # -- settings: reads from memory --------------------------------------------------------------

    async def load(self) -> None:
        """(Re)read every setting into memory."""
        rows = await self.db.fetch("SELECT scope, scope_id, key, value FROM settings")
        fresh: dict[Key, dict[str, str]] = {}
        for r in rows:
            fresh.setdefault((r["scope"], int(r["scope_id"])), {})[r["key"]] = r["value"]
        self._settings = fresh

    async def reload(self, scope: str, scope_id: int) -> None:
        rows = await self.db.fetch("SELECT key, value FROM settings WHERE scope = ? AND scope_id = ?",
                                   scope, int(scope_id))
        self._put((scope, int(scope_id)), {r["key"]: r["value"] for r in rows})

    def _put(self, key: Key, values: dict[str, str]) -> None:
        if values:
            self._settings[key] = values
        else:
            self._settings.pop(key, None)

    def get(self, scope: str, scope_id: int, key: str) -> str | None:
        return self._settings.get((scope, int(scope_id)), {}).get(key)

    def all_for(self, scope: str, scope_id: int) -> dict[str, str]:
        return dict(self._settings.get((scope, int(scope_id)), {}))

    def resolve(self, guild_id: int | None, channel_id: int | None, guild_locale: str | None) -> InForce:
        server = self._settings.get((SERVER, int(guild_id)), {}) if guild_id is not None else {}
        channel = self._settings.get(("channel", int(channel_id)), {}) if channel_id is not None else {}
        return resolve(server, channel, guild_locale)

    def context_for(self, guild_id: int | None, channel_id: int | None, guild_locale: str | None,
                    user: str | None = None) -> Context:
        return context_of(self.resolve(guild_id, channel_id, guild_locale), user)

    # -- settings: writes (database first, then memory, then the other processes) ----------------

    async def _write(self, key: Key, statements: list[Statement], changes: dict[str, str | None]) -> list[int]:
        """Run the statements (and the notice) in one transaction; once committed, apply `changes`
        (None: the key is gone) to memory, so this process never reads its own write stale."""
        if _is_postgres(self.db):
            from handlers.store.postgres import CHANNEL as NOTIFY_CHANNEL

            payload = json.dumps([key[0], key[1]])
            statements = [*statements, ("SELECT pg_notify(?, ?)", (NOTIFY_CHANNEL, payload))]
        counts = await self.db.script(statements)
        values = dict(self._settings.get(key, {}))
        for k, v in changes.items():
            if v is None:
                values.pop(k, None)
            else:
                values[k] = v
        self._put(key, values)
        return counts

    async def set(self, scope: str, scope_id: int, key: str, value: str) -> None:
        if scope not in SCOPES:
            raise ValueError(f"unknown scope {scope!r}")
        await self._write((scope, int(scope_id)), [(_UPSERT, (scope, int(scope_id), key, str(value), _now()))],
                          {key: str(value)})

    async def delete(self, scope: str, scope_id: int, key: str) -> None:
        await self._write((scope, int(scope_id)), [(
            "DELETE FROM settings WHERE scope = ? AND scope_id = ? AND key = ?", (scope, int(scope_id), key))],
            {key: None})

    async def set_clock_times(self, guild_id: int, seconds: int, countdown: int) -> None:
        """Give a server its own clock times (both in one transaction); ClockTimesError if out of bounds."""
        check_clock_times(seconds, countdown)
        now = _now()
        await self._write((SERVER, int(guild_id)), [
            (_UPSERT, (SERVER, int(guild_id), key, str(value), now))
            for key, value in ((CLOCK_SECONDS, seconds), (CLOCK_COUNTDOWN, countdown))],
            {CLOCK_SECONDS: str(seconds), CLOCK_COUNTDOWN: str(countdown)})

    async def reset_clock_times(self, guild_id: int) -> bool:
        """Back to the ruleset's times; False when the server had none of its own."""
        [count, *_] = await self._write((SERVER, int(guild_id)), [(
            "DELETE FROM settings WHERE scope = ? AND scope_id = ? AND key IN (?, ?)",
            (SERVER, int(guild_id), CLOCK_SECONDS, CLOCK_COUNTDOWN))],
            {CLOCK_SECONDS: None, CLOCK_COUNTDOWN: None})
        return count > 0

    async def erase_guild(self, guild_id: int, channel_ids: list[int]) -> int:
        """Delete a server's settings (its own and its channels') and its finished clocks
        (`handlers.store.retention`); how many rows went."""
        from handlers.store.retention import erase_statements

        statements = erase_statements(guild_id, channel_ids)
        keys: list[Key] = [(SERVER, int(guild_id)), *(("channel", int(c)) for c in channel_ids)]
        if _is_postgres(self.db):
            from handlers.store.postgres import CHANNEL as NOTIFY_CHANNEL

            statements += [("SELECT pg_notify(?, ?)", (NOTIFY_CHANNEL, json.dumps([k[0], k[1]]))) for k in keys]
        counts = await self.db.script(statements)
        for key in keys:
            self._put(key, {})
        return sum(counts[: len(statements) - (len(keys) if _is_postgres(self.db) else 0)])

    async def sweep(self, now: float, days: float) -> Swept:
        """The retention sweep (`handlers.store.retention`) over this store's database."""
        from handlers.store.retention import sweep

        return await sweep(self.db, now, days)

    # -- other processes' writes ----------------------------------------------------------------

    async def _start_watching(self) -> None:
        if _is_postgres(self.db):
            await self.db.listen(self._on_notice, self.load)
        elif _is_sqlite(self.db) and self.db.path != ":memory:":
            self._watch = asyncio.create_task(self._poll(self.db), name="floorcall-settings-poll")

    def _on_notice(self, payload: str) -> None:
        try:
            scope, scope_id = json.loads(payload)
        except (ValueError, TypeError):
            log.warning("ignoring a settings notice that is not ours: %.80r", payload)
            return
        task = asyncio.get_running_loop().create_task(self.reload(str(scope), int(scope_id)))
        task.add_done_callback(_log_failure)

    async def _poll(self, db: SQLiteDb) -> None:
        # The version is read first and the settings loaded again after it: a write by another
        # process that landed between the store's first load and this task's start would
        # otherwise be in neither, and stay unseen until some later write.
        seen = await db.data_version()
        await self.load()
        while True:
            await asyncio.sleep(POLL_SECONDS)
            try:
                now = await db.data_version()
                if now != seen:
                    await self.load()
                    seen = now
            except Exception as exc:  # a busy file: the next poll tries again
                log.debug("settings poll: %s", exc)

    async def close(self) -> None:
        """Stop watching and close the database; safe to call twice."""
        if self.closed:
            return
        self.closed = True
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watch
        await self.db.close()

    def close_now(self) -> None:
        """Close without awaiting (a shutdown that ran out of time)."""
        self.closed = True
        if self._watch is not None:
            self._watch.cancel()
        close_now = getattr(self.db, "close_now", None)
        if close_now is not None:
            close_now()


def _refused(where: str, exc: StoreError) -> str:
    """One line for a database that refused to be set up (seen: PostgreSQL 15+ gives a user who
    does not own the database no CREATE on its schema, and the bare "permission denied for schema
    public" named neither the variable nor the database)."""
    text = " ".join(str(exc).split())
    hint = ""
    if "permission denied" in text:
        hint = "; floorcall creates its tables there at start: make the user the database's owner"
    return f"{ENV}: {where} refused to set up floorcall's tables ({text}){hint}"


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("could not reload a setting after a notice: %s", task.exception())
