"""The shared back end for shard clusters: PostgreSQL through asyncpg.

Why asyncpg (0.32, pinned) rather than psycopg 3: it is asyncio-native with no thread hop, its
pool re-opens a connection that died (a server restart) on the next acquire, and `add_listener`
gives LISTEN/NOTIFY as plain callbacks. Measured here (local server on 127.0.0.1, 2 loaded
cores, through this module): a settings SELECT 0.21 ms, an upsert with its NOTIFY in one
transaction 1.3 ms (SQLite on its thread: 0.19 ms and 4.5 ms with WAL fsyncs). psycopg 3 was not
measured; the settings are read from memory (5 us a `context_for`), so the driver's speed matters
only for writes, and the simpler reconnect story decided it.

Every call (`fetch`, `script`) has `STATEMENT_TIMEOUT` in all, counted from when it was asked
for: the wait for a pooled connection and each statement get what is left of it, so a server
that stops answering, or a lock held by another session, becomes `StoreBusy` in time for
Discord's 3 s deadline. (Each step used to have the whole timeout to itself -- and `pool.fetch`
waited for a connection with none -- so writes queued behind a lock answered after 4 s.) A lost connection is `StoreUnavailable`, the command answers
"try again", and the next command gets a fresh connection from the pool. Settings writes send
`NOTIFY floorcall_settings` in the same transaction; `listen` re-subscribes after a restart and
asks for a full reload, since notices sent while it was away are lost.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import asyncpg

from handlers.store.db import Row, Statement, numbered
from handlers.store.errors import ENV, Conflict, StoreBusy, StoreConfigError, StoreError, StoreUnavailable

log = logging.getLogger(__name__)

STATEMENT_TIMEOUT = 2.0
CONNECT_TIMEOUT = 5.0
RECONNECT_EVERY = 1.0
CHANNEL = "floorcall_settings"

# A connection lost or refused. InternalClientError is what asyncpg raises on a connection whose
# server went away in the middle of a statement (seen here on a restart of the server).
_DOWN = (OSError, asyncpg.exceptions.PostgresConnectionError, asyncpg.exceptions.CannotConnectNowError,
         asyncpg.exceptions.InterfaceError, asyncpg.exceptions.AdminShutdownError,
         asyncpg.exceptions.InternalClientError)


def _mapped(exc: BaseException) -> StoreError:
    if isinstance(exc, asyncpg.exceptions.UniqueViolationError):
        return Conflict(str(exc))
    if isinstance(exc, TimeoutError | asyncpg.exceptions.QueryCanceledError):
        return StoreBusy(str(exc) or "timed out")
    if isinstance(exc, _DOWN):
        return StoreUnavailable(str(exc) or type(exc).__name__)
    return StoreError(str(exc))


class _Deadline:
    """What is left of one call's STATEMENT_TIMEOUT; TimeoutError (so StoreBusy) once none is."""

    def __init__(self) -> None:
        self.at = time.monotonic() + STATEMENT_TIMEOUT

    def __call__(self) -> float:
        left = self.at - time.monotonic()
        if left <= 0:
            raise TimeoutError("no time left for this call")
        return left


def redact(url: str) -> str:
    """The URL without its password, for messages and logs: `user:pw@` and the query's
    `?password=` (libpq's and asyncpg's other spelling, printed as it was before)."""
    url = re.sub(r"//([^:/@]+):[^@]*@", r"//\1:***@", url)
    return _QUERY_SECRET.sub(r"\1***", url)


_QUERY_SECRET = re.compile(r"([?&](?:password|passwd|sslpassword|passfile)=)[^&#]*", re.IGNORECASE)


def secrets_of(url: str) -> list[str]:
    """The password(s) written in the URL, to be taken out of a driver's message that repeats them."""
    found = [m[1] for m in re.finditer(r"//[^:/@]+:([^@]*)@", url)]
    found += [m[0].split("=", 1)[1] for m in _QUERY_SECRET.finditer(url)]
    return [s for s in found if s]


def scrub(text: str, url: str) -> str:
    """`text` with every password of `url` (raw or percent-encoded) replaced by ***."""
    from urllib.parse import unquote

    for secret in secrets_of(url):
        for form in {secret, unquote(secret)}:
            if len(form) >= 1:
                text = text.replace(form, "***")
    return text


class PostgresDb:
    """`handlers.store.db.Db` over a pool of asyncpg connections."""

    dialect = "postgresql"

    def __init__(self, url: str, *, max_size: int = 5) -> None:
        self.url = url
        self.where = f"PostgreSQL at {redact(url)}"
        self.max_size = max_size
        self.pool: asyncpg.Pool | None = None
        self._listener: asyncpg.Connection | None = None
        self._listen_task: asyncio.Task[None] | None = None
        self._closed = False

    @property
    def opened(self) -> bool:
        return self.pool is not None

    async def open(self) -> None:
        """Connect. One line naming FLOORCALL_DB on failure: StoreUnavailable when the server cannot be
        reached (down, no network), StoreConfigError when it answers but refuses (password, database)."""
        try:
            self.pool = await asyncpg.create_pool(
                self.url, min_size=1, max_size=self.max_size, timeout=CONNECT_TIMEOUT,
                command_timeout=STATEMENT_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else (str(exc) or "timed out")
            raise StoreUnavailable(f"{ENV}: cannot reach {self.where}: {scrub(reason, self.url)}") from None
        except asyncpg.exceptions.InvalidPasswordError:
            raise StoreConfigError(f"{ENV}: {self.where} refused the user name or password") from None
        except asyncpg.exceptions.InvalidCatalogNameError as exc:
            raise StoreConfigError(f"{ENV}: {self.where}: {scrub(str(exc), self.url)}") from None
        except (asyncpg.PostgresError, asyncpg.exceptions.InterfaceError) as exc:
            raise StoreConfigError(f"{ENV}: {self.where}: {scrub(str(exc), self.url)}") from None
        except ValueError as exc:  # a malformed URL
            raise StoreConfigError(f"{ENV}: not a usable PostgreSQL URL ({scrub(str(exc), self.url)})") from None

    def _pool(self) -> asyncpg.Pool:
        if self.pool is None or self._closed:
            raise StoreUnavailable("the database is closed")
        return self.pool

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        left = _Deadline()
        try:
            async with self._pool().acquire(timeout=left()) as conn:
                rows = await conn.fetch(numbered(sql), *args, timeout=left())
        except (asyncpg.PostgresError, *_DOWN, TimeoutError) as exc:
            raise _mapped(exc) from None
        return [dict(r) for r in rows]

    async def execute(self, sql: str, *args: Any) -> int:
        return (await self.script([(sql, args)]))[0]

    async def script(self, statements: Sequence[Statement]) -> list[int]:
        left = _Deadline()
        try:
            async with self._pool().acquire(timeout=left()) as conn, conn.transaction():
                counts = []
                for sql, args in statements:
                    status = await conn.execute(numbered(sql), *args, timeout=left())
                    tail = status.rsplit(" ", 1)[-1]
                    counts.append(int(tail) if tail.isdigit() else 0)
                return counts
        except (asyncpg.PostgresError, *_DOWN, TimeoutError) as exc:
            raise _mapped(exc) from None

    # -- LISTEN/NOTIFY ----------------------------------------------------------------------------

    async def listen(self, on_notice: Callable[[str], None], on_reconnect: Callable[[], Awaitable[None]]) -> None:
        """Call `on_notice(payload)` for each settings notice; after a lost connection, reconnect
        (every RECONNECT_EVERY s) and await `on_reconnect()` (a full reload)."""

        def notice(_conn: Any, _pid: int, _channel: str, payload: str) -> None:
            on_notice(payload)

        async def connect() -> None:
            conn = await asyncpg.connect(self.url, timeout=CONNECT_TIMEOUT)
            await conn.add_listener(CHANNEL, notice)
            conn.add_termination_listener(lambda _c: lost.set())
            self._listener = conn

        lost = asyncio.Event()
        await connect()

        async def keep() -> None:
            while not self._closed:
                await lost.wait()
                lost.clear()
                while not self._closed:
                    await asyncio.sleep(RECONNECT_EVERY)
                    try:
                        await connect()
                        await on_reconnect()
                        log.info("settings notices: connected again to %s", self.where)
                        break
                    except (OSError, TimeoutError, asyncpg.PostgresError, StoreError,
                            asyncpg.exceptions.InterfaceError):
                        continue

        self._listen_task = asyncio.create_task(keep(), name="floorcall-pg-listen")

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._listen_task is not None:
            self._listen_task.cancel()
            await asyncio.gather(self._listen_task, return_exceptions=True)
        if self._listener is not None and not self._listener.is_closed():
            try:
                await asyncio.wait_for(self._listener.close(), 1.0)
            except (TimeoutError, OSError, asyncpg.exceptions.InterfaceError):
                self._listener.terminate()
        if self.pool is not None:
            try:
                await asyncio.wait_for(self.pool.close(), 1.0)
            except (TimeoutError, OSError, asyncpg.exceptions.InterfaceError):
                self.pool.terminate()

    def close_now(self) -> None:
        self._closed = True
        if self._listener is not None and not self._listener.is_closed():
            self._listener.terminate()
        if self.pool is not None:
            self.pool.terminate()
