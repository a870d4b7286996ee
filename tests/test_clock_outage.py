"""A clock whose database goes away while it runs, and a process that restarts after kill -9.

- An Acted (or Cancel) pressed while the database is away, on a clock this process runs, is
  kept in memory, shown at once with a note, and saved when the database is back; the timer
  never announces an end over it.
- A change shown LATE_SECONDS or more after it was due says so: a countdown carries a note, an
  end names no outcome ("the floor decides") and is stored as held, a blind level's
  announcement says when it began.
- A restarted process takes back at once the leases its dead predecessor held on this host
  (`owner_is_gone`), and only those: a live holder, or one on another host, is waited out.

The database failures here are a wrapper that raises as a real back end does when it is away
(tests/test_fault_injection.py stops a real PostgreSQL and locks a real SQLite file)."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from cogs.timed import discord_relative
from handlers.blinds.service import BlindService
from handlers.clock import MSG, parse_request
from handlers.clock.leased import owner_is_gone
from handlers.clock.model import LATE_SECONDS, ManualTime, Phase
from handlers.clock.records import StoredClock
from handlers.clock.service import ClockService
from handlers.context import Context
from handlers.reply import Reply
from handlers.store import StoreUnavailable, open_store

T0 = 1_800_000_000.0
G, CH = 111, 222
DEAD = MSG("bet_dead_hand", "en")


class Away:
    """A repository that raises StoreUnavailable on every call while `down` (as asyncpg's pool
    does while PostgreSQL restarts), and passes calls through otherwise."""

    def __init__(self, repo: Any) -> None:
        self.repo = repo
        self.down = False
        self.refused = 0

    def __getattr__(self, name: str) -> Any:
        target = getattr(self.repo, name)
        if not callable(target):
            return target

        async def call(*args: Any, **kwargs: Any) -> Any:
            if self.down:
                self.refused += 1
                raise StoreUnavailable("connection refused")
            return await target(*args, **kwargs)

        return call


class Board:
    def __init__(self) -> None:
        self.edits: list[Reply] = []
        self.posts: list[str] = []
        self._next = 1000

    def fmt_time(self, t: float) -> str:
        return discord_relative(t)

    async def post(self, rec: StoredClock, reply: Reply) -> int:
        self._next += 1
        return self._next

    async def update(self, rec: Any, reply: Reply) -> None:
        self.edits.append(reply)

    async def announce(self, rec: Any, text: str) -> None:
        self.posts.append(text)

    def states(self) -> list[str]:
        return [r.data.get("state", "") for r in self.edits]


@pytest.fixture
async def store(tmp_path):
    s = await open_store(tmp_path / "floorcall.db", watch=False)
    yield s
    await s.close()


async def until(check: Callable[[], bool], seconds: float = 20.0) -> None:
    """Wait (real time: the timer's retries back off on the event loop's clock) until `check`."""
    for _ in range(int(seconds / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("timed out waiting")


async def asleep(time: ManualTime, timers: int = 1) -> None:
    await until(lambda: time.sleepers >= timers, 10)


async def start(service: ClockService, text: str = "A facing:bet", ctx: Context | None = None) -> StoredClock:
    ctx = ctx or Context(user="Ann", clock_seconds=10, clock_countdown=2)
    started = await service.start(G, CH, parse_request(text), ctx, 7, service.board.post)  # type: ignore[attr-defined]
    return started.rec


async def test_acted_while_the_database_is_away_is_kept_and_saved(store):
    time = ManualTime(T0)
    repo = Away(store.clocks)
    board = Board()
    service = ClockService(repo, board, time)  # type: ignore[arg-type]
    rec = await start(service)
    await asleep(time)
    time.advance(3)
    repo.down = True  # PostgreSQL stopped at 3 s
    time.advance(3)
    result, kept = await service.press(rec.id, "act", 7, False, by="Ann")  # type: ignore[arg-type]
    assert result == "kept" and kept is not None and kept.clock.stopped is Phase.ACTED
    assert board.states() == ["acted"] and MSG("press_kept", "en") in board.edits[-1].text
    again, _ = await service.press(rec.id, "act", 7, False)  # type: ignore[arg-type]
    assert again == "already_stopped"
    time.advance(14)  # the end passes with the database still away: nothing is announced over the press
    await asyncio.sleep(0.3)
    assert board.states() == ["acted"]
    repo.down = False  # back at 20 s
    await until(lambda: len(board.edits) == 2)
    saved = await store.clocks.get(rec.id)  # type: ignore[arg-type]
    assert saved is not None and saved.clock.stopped is Phase.ACTED and saved.clock.stopped_at == T0 + 6
    assert board.states() == ["acted", "acted"] and MSG("press_kept", "en") not in board.edits[-1].text
    assert all(DEAD not in r.text for r in board.edits)
    assert await service.resume() == []  # nothing left to take up
    await service.close()


async def test_an_end_held_by_the_database_is_said_to_be_late_and_names_no_outcome(store):
    time = ManualTime(T0)
    repo = Away(store.clocks)
    board = Board()
    service = ClockService(repo, board, time)  # type: ignore[arg-type]
    rec = await start(service)
    await asleep(time)
    time.advance(3)
    repo.down = True
    time.advance(7)  # the countdown is due at 10 s: its write waits
    await until(lambda: repo.refused > 0)
    time.advance(10)  # 20 s: the database comes back
    repo.down = False
    await until(lambda: "expired" in board.states())
    countdown, end = board.edits
    assert countdown.data["state"] == "countdown" and MSG("countdown_late", "en") in countdown.text
    assert end.headline.startswith("Time on A ran out ") and MSG("held_late", "en") in end.text
    assert MSG("floor_decides_held", "en") in end.text and DEAD not in end.text
    stored = await store.clocks.get(rec.id)  # type: ignore[arg-type]
    assert stored is not None and stored.clock.held and stored.clock.closed_late
    too_late, _ = await service.press(rec.id, "act", 7, False)  # type: ignore[arg-type]
    assert too_late == "too_late"
    await service.close()


async def test_a_blip_shorter_than_late_is_on_time_with_the_rules_outcome(store):
    time = ManualTime(T0)
    repo = Away(store.clocks)
    board = Board()
    service = ClockService(repo, board, time)  # type: ignore[arg-type]
    await start(service)
    await asleep(time)
    time.advance(10)
    await until(lambda: board.states() == ["countdown"])
    await asleep(time)
    repo.down = True
    time.advance(2)
    await until(lambda: repo.refused > 0)
    time.advance(LATE_SECONDS / 4)
    repo.down = False
    await until(lambda: board.states() == ["countdown", "expired"])
    end = board.edits[-1]
    assert DEAD in end.text and MSG("held_late", "en") not in end.text
    await service.close()


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_which_holders_are_known_to_be_gone():
    me = f"{socket.gethostname()}:{os.getpid()}:new00000"
    host = socket.gethostname()
    assert owner_is_gone(f"{host}:{_dead_pid()}:old00000", me)
    assert owner_is_gone(f"{host}:{os.getpid()}:old00000", me)  # a restart into the same pid (a container's 1)
    assert not owner_is_gone(f"{host}:{os.getppid()}:old00000", me)  # alive
    assert not owner_is_gone(f"another-{host}:{_dead_pid()}:old00000", me)  # another host: not ours to judge
    assert not owner_is_gone(me, me)
    assert not owner_is_gone("one", me) and not owner_is_gone(None, me) and not owner_is_gone(f"{host}:x:y", me)


@pytest.mark.parametrize("holder, at_once", [("dead", True), ("alive", False), ("elsewhere", False)])
async def test_a_restart_takes_its_dead_predecessors_leases_back_at_once(store, holder, at_once):
    """kill -9 at 2 s of a 10 + 2 s clock, back at 2.6 s: the countdown at 10 s and the end at 12 s
    come on time (they came at 17.6 s, the lease's end, as "ran out while the bot was away")."""
    host = socket.gethostname()
    old = {"dead": f"{host}:{_dead_pid()}:old00000", "alive": f"{host}:{os.getppid()}:old00000",
           "elsewhere": f"another-{host}:{_dead_pid()}:old00000"}[holder]
    time = ManualTime(T0)
    first = ClockService(store.clocks, Board(), time, owner=old)
    rec = await start(first)
    for task in first._tasks.values():  # killed: no close(), the lease stays with `old`
        task.cancel()
    time.advance(2.6)
    board = Board()
    second = ClockService(store.clocks, board, time)
    taken = await second.resume()
    assert [r.id for r in taken] == ([rec.id] if at_once else [])
    if at_once:
        await asleep(time)
        time.advance(10 - 2.6)
        await until(lambda: board.states() == ["countdown"])
        await asleep(time)
        time.advance(2)
        await until(lambda: board.states() == ["countdown", "expired"])
        assert DEAD in board.edits[-1].text and MSG("closed_late", "en") not in board.edits[-1].text
    else:  # waited out: taken once the lease (15 s from the start) has run out
        time.advance(15)
        assert [r.id for r in await second.resume()] == [rec.id]
    await second.close()


async def test_a_blind_level_held_by_the_database_is_announced_late(store):
    from handlers.blinds.structure import parse_structure

    time = ManualTime(T0)
    repo = Away(store.blinds)
    board = Board()
    service = BlindService(repo, board, time)  # type: ignore[arg-type]
    await service.start(G, CH, parse_structure("2m: 100/200, 200/400"), Context(), 7, board.post)  # type: ignore[arg-type]
    await asleep(time)
    repo.down = True
    time.advance(120)
    await until(lambda: repo.refused > 0)
    time.advance(9)
    repo.down = False
    await until(lambda: len(board.posts) == 1)
    [post] = board.posts
    assert "200/400" in post and "Announced late" in post and discord_relative(T0 + 120) in post
    assert "Announced late" in board.edits[-1].text
    await service.close()
