"""The embedded back end: one SQLite file through the standard sqlite3, worked on one thread of its own.

Why a thread: a write lock held by another process made every statement wait in SQLite's busy
handler (5 s by default) on the event loop, so the gateway and every other interaction froze.
Here the connection lives on one worker thread (sqlite3 connections belong to the thread that
opened them), the loop only awaits the thread's future, and `BUSY_TIMEOUT` is short enough that a
busy database turns into `StoreBusy` -- a localized "try again" -- well inside Discord's 3 s.

WAL mode lets readers go on while one process writes. Settings are read from memory anyway
(handlers/store/store.py); `data_version` tells when another connection wrote, so a second
process on the same file sees the change within a poll.

Why sqlite3 and not sqlite-utils (used here until December 2026): the store only ever ran SQL
through its connection, and importing sqlite-utils cost the bot 4.5 MB of RSS (pluggy, its
plugin look-up, and numpy imported at start-up whether a `/rule` needs it or not), against the
80 MB target of issue 14. The connection is set up as sqlite-utils did it (recursive triggers
on, WAL), so a database written before reads the same.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from handlers.store.db import Row, Statement
from handlers.store.errors import ENV, Conflict, StoreBusy, StoreConfigError, StoreError

T = TypeVar("T")

# Milliseconds SQLite waits for another process's write lock before the statement gives up.
BUSY_TIMEOUT_MS = 1000


def _mapped(exc: sqlite3.Error) -> StoreError:
    text = str(exc)
    if isinstance(exc, sqlite3.IntegrityError):
        return Conflict(text)
    if "locked" in text or "busy" in text:
        return StoreBusy(text)
    return StoreError(text)


def _setup(conn: sqlite3.Connection) -> sqlite3.Connection:
    """A connection as sqlite-utils set one up (recursive triggers on)."""
    conn.execute("PRAGMA recursive_triggers=on")
    return conn


class SQLiteDb:
    """`handlers.store.db.Db` over one SQLite file (or `:memory:`)."""

    dialect = "sqlite"

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.where = f"SQLite file {self.path}"
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="floorcall-sqlite")
        self._db: sqlite3.Connection | None = None
        self._closed = False
        self._lock = threading.Lock()

    # -- opening ----------------------------------------------------------------------------------

    @property
    def opened(self) -> bool:
        return self._db is not None

    async def open(self) -> None:
        """Open (creating the file) and check it is a database; StoreConfigError in one line if not."""
        await self._run(self._open)

    def _open(self) -> None:
        if self.path == ":memory:":
            self._db = _setup(sqlite3.connect(":memory:", isolation_level=None))
            return
        target = Path(self.path)
        if target.is_dir():
            raise StoreConfigError(f"{ENV}={self.path} is a directory; name a file (e.g. {target / 'floorcall.db'})")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreConfigError(f"{ENV}={self.path}: cannot create its directory ({exc.strerror})") from None
        try:
            db = _setup(sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None))
            db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            db.execute("SELECT count(*) FROM sqlite_master").fetchall()
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode=wal")
        except sqlite3.DatabaseError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise StoreBusy(str(exc)) from None
            raise StoreConfigError(f"{ENV}={self.path} {_why(exc, target)}") from None
        self._db = db

    # -- Db ---------------------------------------------------------------------------------------

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        def work(db: sqlite3.Connection) -> list[Row]:
            cursor = db.execute(sql, args)
            names = [d[0] for d in cursor.description or ()]
            return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

        return await self._call(work)

    async def execute(self, sql: str, *args: Any) -> int:
        return (await self.script([(sql, args)]))[0]

    async def script(self, statements: Sequence[Statement]) -> list[int]:
        def work(conn: sqlite3.Connection) -> list[int]:
            conn.execute("BEGIN IMMEDIATE")
            try:
                counts = [conn.execute(sql, tuple(args)).rowcount for sql, args in statements]
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            return counts

        return await self._call(work)

    async def data_version(self) -> int:
        """Changes whenever another connection commits to the file (SQLite's `data_version`)."""
        rows = await self.fetch("PRAGMA data_version")
        return int(next(iter(rows[0].values())))

    async def close(self) -> None:
        """Checkpoint the WAL and close; safe to call twice."""
        if self._closed:
            return
        self._closed = True
        if self._db is None:  # never opened (a bad FLOORCALL_DB): nothing to checkpoint
            self._executor.shutdown(wait=False)
            return

        def work() -> None:
            if self._db is None:
                return
            try:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error:
                pass  # another process holds the file: it checkpoints when it closes
            finally:
                self._db.close()
                self._db = None

        try:
            await asyncio.get_running_loop().run_in_executor(self._executor, work)
        finally:
            self._executor.shutdown(wait=False)

    def close_now(self) -> None:
        """Close without the loop (after a timed-out shutdown)."""
        if not self._closed:
            self._closed = True
            self._executor.submit(lambda: self._db and self._db.close())
            self._executor.shutdown(wait=False)

    # -- the thread -------------------------------------------------------------------------------

    async def _call(self, work: Callable[[sqlite3.Connection], T]) -> T:
        def run() -> T:
            if self._db is None:
                raise StoreError("the database is closed")
            try:
                return work(self._db)
            except sqlite3.Error as exc:
                raise _mapped(exc) from None

        return await self._run(run)

    async def _run(self, fn: Callable[[], T]) -> T:
        if self._closed and self._db is None:
            raise StoreError("the database is closed")
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn)


def _why(exc: sqlite3.DatabaseError, target: Path) -> str:
    """The reason a file could not be opened as floorcall's database, in a few words."""
    text = str(exc)
    if "not a database" in text or "malformed" in text:
        return "is not an SQLite database (some other file?); point it at a new file name"
    if "readonly" in text or "read-only" in text:
        return "is read-only (the file or its directory); floorcall needs to write there"
    if "unable to open" in text:
        return f"cannot be opened (is {target.parent} writable?)"
    return f"cannot be used: {text}"
