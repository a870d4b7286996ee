"""The SQLite store's busy timeout: set once per connection, lowered only for a call that queued.

Issue 14: statements run one after another on the store's thread, so each call's wait for another
process's lock must end on its own deadline (counted from when it was asked for), not queue behind
the others' waits. That used to be a PRAGMA before every statement; now the connection keeps one
timeout and only a call that reached the thread late changes it. The thread's queue is simulated
by a job put on it first that moves the store's monotonic clock on, so nothing races real time.
"""

from __future__ import annotations

import types
from pathlib import Path

import pytest

import handlers.store.sqlite as sqlite_mod
from handlers.store import StoreBusy
from handlers.store.sqlite import BASE_TIMEOUT_MS, BUSY_TIMEOUT_MS, SQLiteDb


@pytest.fixture
async def traced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """An open SQLiteDb on a file, the statements its connection runs, and its clock (seconds)."""
    now = [0.0]
    monkeypatch.setattr(sqlite_mod, "time", types.SimpleNamespace(monotonic=lambda: now[0]))
    db = SQLiteDb(tmp_path / "busy.db")
    await db.open()
    await db.execute("CREATE TABLE t (x INTEGER)")
    seen: list[str] = []
    await db._run(lambda: db._db.conn.set_trace_callback(seen.append))  # the connection's own thread
    try:
        yield db, seen, now
    finally:
        await db.close()


def _pragmas(seen: list[str]) -> list[str]:
    return [s for s in seen if s.startswith("PRAGMA busy_timeout =")]  # set, not read


async def _timeout(db: SQLiteDb) -> int:
    return int(next(iter((await db.fetch("PRAGMA busy_timeout"))[0].values())))


async def test_calls_that_do_not_queue_set_no_busy_timeout(traced):
    db, seen, _ = traced
    for i in range(20):
        await db.execute("INSERT INTO t VALUES (?)", i)
        assert len(await db.fetch("SELECT x FROM t")) == i + 1
    assert _pragmas(seen) == []
    assert await _timeout(db) == BASE_TIMEOUT_MS <= BUSY_TIMEOUT_MS


async def test_a_call_that_queued_waits_only_what_is_left_of_its_deadline_and_the_next_gets_the_full_one(traced):
    db, seen, now = traced
    db._executor.submit(lambda: now.__setitem__(0, now[0] + 0.75))  # 750 ms spent queueing behind it
    assert await _timeout(db) == BUSY_TIMEOUT_MS - 750
    assert await _timeout(db) == BASE_TIMEOUT_MS
    assert _pragmas(seen) == [f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS - 750}",
                              f"PRAGMA busy_timeout = {BASE_TIMEOUT_MS}"]


async def test_a_call_whose_deadline_passed_in_the_queue_gives_up_without_touching_the_file(traced):
    db, seen, now = traced
    db._executor.submit(lambda: now.__setitem__(0, now[0] + 1.5))
    seen.clear()
    with pytest.raises(StoreBusy):
        await db.execute("INSERT INTO t VALUES (1)")
    assert seen == []
    assert await db.fetch("SELECT x FROM t") == []
