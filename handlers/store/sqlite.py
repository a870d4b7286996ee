"""The embedded back end: one SQLite file through sqlite-utils, worked on one thread of its own.

Why a thread: a write lock held by another process made every statement wait in SQLite's busy
handler (5 s by default) on the event loop, so the gateway and every other interaction froze.
Here the connection lives on one worker thread (sqlite3 connections belong to the thread that
opened them), the loop only awaits the thread's future, and `BUSY_TIMEOUT_MS` is short enough that a
busy database turns into `StoreBusy` -- a localized "try again" -- well inside Discord's 3 s.

That wait is a deadline counted from when the statement was asked for, not from when the thread
gets to it: statements run one after another on the thread, so with a per-statement busy timeout
three writes arriving together under another process's lock answered after 1, 2 and 3 s, and the
third missed Discord's deadline (10062). So a call's busy timeout is never more than what is left
of its own deadline, and one whose deadline passed while it queued gives up at once. The timeout is
set once, when the connection opens, to `BUSY_TIMEOUT_MS` less `QUEUE_SLACK_MS`: a call that
reaches the thread within the slack (every call while nothing queues) runs under it as it is, and
only a call that queued longer lowers it to what it has left (the next fresh call raises it back),
instead of a PRAGMA before every statement.

WAL mode lets readers go on while one process writes. Settings are read from memory anyway
(handlers/store/store.py); `data_version` tells when another connection wrote, so a second
process on the same file sees the change within a poll.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import sqlite_utils

from handlers.store.db import Row, Statement
from handlers.store.errors import ENV, Conflict, StoreBusy, StoreConfigError, StoreError

T = TypeVar("T")

# Milliseconds a statement may wait, from the moment it is asked for, for another process's
# write lock (queueing behind this process's own statements included) before it gives up.
BUSY_TIMEOUT_MS = 1000
# How long a call may wait for the thread and still run under the connection's own busy timeout
# (BUSY_TIMEOUT_MS less this), which then still ends inside its deadline. A hop to an idle thread
# takes well under a millisecond; 50 ms leaves room for a loaded 2-core machine.
QUEUE_SLACK_MS = 50
BASE_TIMEOUT_MS = BUSY_TIMEOUT_MS - QUEUE_SLACK_MS


def _mapped(exc: sqlite3.Error) -> StoreError:
    text = str(exc)
    if isinstance(exc, sqlite3.IntegrityError):
        return Conflict(text)
    if "locked" in text or "busy" in text:
        return StoreBusy(text)
    return StoreError(text)


class SQLiteDb:
    """`handlers.store.db.Db` over one SQLite file (or `:memory:`)."""

    dialect = "sqlite"

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.where = f"SQLite file {self.path}" if self.path == ":memory:" else f"SQLite file {Path(self.path).absolute()}"
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="floorcall-sqlite")
        self._db: sqlite_utils.Database | None = None
        self._closed = False
        self._lock = threading.Lock()
        self._busy_ms = 0  # the connection's busy timeout now (set on the store's thread only)

    # -- opening ----------------------------------------------------------------------------------

    @property
    def opened(self) -> bool:
        return self._db is not None

    async def open(self) -> None:
        """Open (creating the file) and check it is a database; StoreConfigError in one line if not."""
        await self._run(self._open)

    def _open(self) -> None:
        if self.path == ":memory:":
            self._db = sqlite_utils.Database(memory=True, execute_plugins=False)
            self._db.conn.isolation_level = None
            self._set_busy_timeout(self._db.conn, BASE_TIMEOUT_MS)
            return
        target = Path(self.path)
        if target.is_dir():
            raise StoreConfigError(f"{ENV}={self.path} is a directory; name a file (e.g. {target / 'floorcall.db'})")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreConfigError(f"{ENV}={self.path}: cannot create its directory ({exc.strerror})") from None
        try:
            conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
            # No sqlite-utils plugin is part of floorcall; looking for them reads the metadata of
            # every installed distribution (1.3 MB of RSS for the bot, measured December 2026).
            db = sqlite_utils.Database(conn, execute_plugins=False)
            self._set_busy_timeout(conn, BASE_TIMEOUT_MS)
            db.execute("SELECT count(*) FROM sqlite_master").fetchall()
            if db.journal_mode != "wal":
                db.enable_wal()
            _probe_write(conn)
        except sqlite3.DatabaseError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise StoreBusy(str(exc)) from None
            raise StoreConfigError(f"{ENV}={self.path} {_why(exc, target)}") from None
        self._db = db

    # -- Db ---------------------------------------------------------------------------------------

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        def work(db: sqlite_utils.Database) -> list[Row]:
            cursor = db.conn.execute(sql, args)
            names = [d[0] for d in cursor.description or ()]
            return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

        return await self._call(work)

    async def execute(self, sql: str, *args: Any) -> int:
        return (await self.script([(sql, args)]))[0]

    async def script(self, statements: Sequence[Statement]) -> list[int]:
        def work(db: sqlite_utils.Database) -> list[int]:
            conn = db.conn
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
                self._db.conn.close()
                self._db = None

        try:
            await asyncio.get_running_loop().run_in_executor(self._executor, work)
        finally:
            self._executor.shutdown(wait=False)

    def close_now(self) -> None:
        """Close without the loop (after a timed-out shutdown)."""
        if not self._closed:
            self._closed = True
            def close() -> None:
                if self._db:
                    self._db.conn.close()

            self._executor.submit(close)
            self._executor.shutdown(wait=False)

    # -- the thread -------------------------------------------------------------------------------

    async def _call(self, work: Callable[[sqlite_utils.Database], T]) -> T:
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000

        def run() -> T:
            if self._db is None:
                raise StoreError("the database is closed")
            left_ms = int((deadline - time.monotonic()) * 1000)
            if left_ms <= 0:
                raise StoreBusy("waited past its deadline behind other statements (the file is locked)")
            try:
                want = min(left_ms, BASE_TIMEOUT_MS)  # never past this call's own deadline
                if want != self._busy_ms:  # it queued (lower), or the one before it did (back up)
                    self._set_busy_timeout(self._db.conn, want)
                return work(self._db)
            except sqlite3.Error as exc:
                raise _mapped(exc) from None

        return await self._run(run)

    def _set_busy_timeout(self, conn: sqlite3.Connection, ms: int) -> None:
        conn.execute(f"PRAGMA busy_timeout = {ms}")
        self._busy_ms = ms

    async def _run(self, fn: Callable[[], T]) -> T:
        if self._closed and self._db is None:
            raise StoreError("the database is closed")
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn)


def _probe_write(conn: sqlite3.Connection) -> None:
    """Write once and take it back. SQLite opens a file it may not write (0444, or a read-only
    mount) read-only without a word, and reads work; without this the bot ran and answered
    every write "busy, try again" forever. `BEGIN IMMEDIATE` alone passes on such a file: only a
    real write (a table made and rolled back) meets "attempt to write a readonly database"."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute("CREATE TABLE floorcall_write_probe (x INTEGER)")
    finally:
        conn.execute("ROLLBACK")


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
