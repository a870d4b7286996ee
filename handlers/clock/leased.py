"""What the player clock's and the blind clock's services share: the timers this process runs,
the leases it holds on them, renewing those leases in the background and giving them back.

Both services run one task per clock and hold a lease per clock in the shared store (see the
services' docstrings); only what they do with a clock differs. Keeping the lease loop and the
shutdown here means a fix to either (a renewal that must not die on a store error, leases given
back within the drain time) reaches both clocks at once. The timer's wait for its clock's next
change (`_sleep_to_next`, an absolute moment) and what `start` returns (`Started`) are shared too;
what a clock does once woken differs in meaning and stays in its service. No discord import.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any, Generic, Protocol, TypeVar

from handlers.clock.model import TimeSource, time_source
from handlers.reply import Reply
from handlers.store.errors import StoreError

log = logging.getLogger(__name__)

R = TypeVar("R")
T = TypeVar("T")


def new_owner() -> str:
    """This process's name on the leases it holds: host, pid and a random tail (pids are reused)."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def owner_is_gone(holder: str | None, me: str) -> bool:
    """Whether the process named `holder` (another lease owner than `me`) is provably dead, so
    its leases may be taken back at once instead of after they run out (up to 15 s: every clock
    ending in that time was lost to a crash-restart).

    Only a fact this process can check counts: the holder ran on this host (same host name) and
    its pid is either this process's own (a restart into the same pid, as a container's pid 1
    is: two live processes never share a pid on one host) or no longer exists. A holder on
    another host, a pid that is alive (maybe reused by another program), a name this code did
    not write: not provably gone, so its lease is waited out as before. That is what makes it
    safe in cluster mode: a process with the same shards on another machine, or a second copy
    started beside a live one, never steals a lease that is still renewed. And were it ever
    wrong (two pid namespaces sharing a host name and an SQLite file), every write that shows a
    change is still a compare-and-set on the owner, so one change is never announced twice.
    """
    if not holder or holder == me:
        return False
    parts = holder.split(":")
    if len(parts) != 3 or parts[0] != socket.gethostname() or not parts[1].isdigit():
        return False
    pid = int(parts[1])
    if pid == os.getpid():
        return True
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OSError):  # alive under another user, or not ours to ask
        return False
    return False


@dataclass(frozen=True)
class Started(Generic[R]):
    """What a service's `start` did: the clock (new, or the one already running) and its reply."""

    rec: R
    created: bool
    reply: Reply


class LeaseStore(Protocol):
    async def renew(self, owner: str, until: float) -> Any: ...

    async def release(self, owner: str, ids: list[int]) -> Any: ...

    async def claim(self, clock_id: int, owner: str, now: float, until: float) -> bool: ...

    async def take_over(self, clock_id: int, gone: str, owner: str, until: float) -> bool: ...


class LeasedTimers(Generic[R]):
    """Timers by clock id, with the leases this process (`owner`) holds on them.

    `kind` names the clocks in log lines and the background task ("clock", "blind clock").
    A subclass supplies `take_up(keep)`: resume the stored clocks it may run, return them.
    """

    kind = "clock"
    task_prefix = "clock"  # timer tasks are named "<prefix>-<id>"

    def __init__(self, store: Any, board: Any, time: TimeSource | None, owner: str, lease: float) -> None:
        self.store = store
        self.board = board
        self._time = time
        self.owner = owner
        self.lease = lease
        self._live: dict[int, R] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._starting: set[int] = set()  # stored, message not posted yet: resume leaves them alone
        self._asleep: set[int] = set()  # timers waiting on the time source (the player clock's idle())
        self._maintainer: asyncio.Task[None] | None = None
        self._due: dict[int, float] = {}  # the moment each timer last woke for (late or not)

    @property
    def time(self) -> TimeSource:
        return self._time if self._time is not None else time_source()

    def _lock(self, clock_id: int) -> asyncio.Lock:
        return self._locks.setdefault(clock_id, asyncio.Lock())

    def _track(self, rec: R) -> None:
        """Run the timer of `rec` here (the lease is ours)."""
        clock_id: int | None = getattr(rec, "id", None)
        assert clock_id is not None
        self._live[clock_id] = rec
        self._tasks[clock_id] = asyncio.create_task(self._run(clock_id), name=f"{self.task_prefix}-{clock_id}")

    async def _run(self, clock_id: int) -> None:
        raise NotImplementedError

    async def _sleep_to_next(self, clock_id: int) -> bool:
        """Sleep to the *absolute* moment of the clock's next change, so a slow edit before it
        never moves it; False when the clock is no longer run here or has nothing left to change."""
        rec: Any = self._live.get(clock_id)
        if rec is None:
            return False
        due = rec.clock.next_change(self.time.now())
        if due is None:
            return False
        self._due[clock_id] = due
        self._asleep.add(clock_id)
        try:
            await self.time.sleep_until(due)
        finally:
            self._asleep.discard(clock_id)
        return True

    async def _post_new(self, rec: Any, reply: Any, post: Callable[[Any, Any], Awaitable[int]]) -> Any:
        """Post a clock just stored (resume leaves it alone meanwhile), start its timer and store
        its message id. A failed post deletes the clock: nobody would see it run."""
        self._starting.add(rec.id)
        try:
            message_id = await post(rec, reply)
        except BaseException:
            await asyncio.shield(self.store.delete(rec.id))
            raise
        finally:
            self._starting.discard(rec.id)
        rec = replace(rec, message_id=message_id)
        self._track(rec)
        try:
            await self.store.save(rec, self.owner)
        except StoreError as exc:  # the message is out; the timer runs, its next write stores it
            log.warning("%s %s: could not store its message id: %s", self.kind, rec.id, exc)
        return rec

    async def _retrying(self, clock_id: int | None, write: Callable[[], Awaitable[T]]) -> T:
        """A timer's write, retried while the database is busy or away: a change the timer makes
        is recorded (and only then shown), however long the database takes to come back."""
        delay = 0.1
        while True:
            try:
                return await write()
            except StoreError as exc:
                log.warning("%s %s: the database did not take the write (%s); retrying", self.kind, clock_id, exc)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)

    async def _show(self, rec: Any, now: float, note: str | None = None) -> None:
        """Edit the clock's message to what it says at `now` (`note`: said below it, as a footer)."""
        reply = self.reply_for(rec, now)
        if note is not None:
            reply.footer = f"{reply.footer}\n{note}" if reply.footer else note
        try:
            await self.board.update(rec, reply)
        except Exception:  # a deleted message or a lost channel must not stop the others
            log.exception("could not update the message of %s %s", self.kind, rec.id)

    def reply_for(self, rec: Any, now: float | None = None) -> Any:
        raise NotImplementedError

    async def take_up(self, keep: Callable[[R], bool] | None) -> list[R]:
        raise NotImplementedError

    async def _claim(self, clock_id: int, holder: str | None, now: float) -> bool:
        """Take a clock's lease: free, ours, run out, or held by a process known to be dead
        (`owner_is_gone`: this process's predecessor, killed and restarted here)."""
        if await self.store.claim(clock_id, self.owner, now, now + self.lease):
            return True
        if owner_is_gone(holder, self.owner) and await self.store.take_over(
                clock_id, holder, self.owner, now + self.lease):
            log.info("%s %s: took its lease back from %s, which is no longer running", self.kind, clock_id, holder)
            return True
        return False

    def maintain(self, keep: Callable[[R], bool] | None = None, every: float | None = None) -> None:
        """In the background (real time, a third of the lease): renew this process's leases and
        take up clocks whose owner stopped renewing (killed, or its shards moved here)."""
        period = every if every is not None else self.lease / 3

        async def loop() -> None:
            while True:
                await asyncio.sleep(period)
                try:
                    await self.store.renew(self.owner, self.time.now() + self.lease)
                    taken = await self.take_up(keep)
                    if taken:
                        log.info("took up %d %s(s) whose owner stopped renewing", len(taken), self.kind)
                except StoreError as exc:
                    log.warning("%s leases: %s", self.kind, exc)

        if self._maintainer is None:
            self._maintainer = asyncio.create_task(loop(), name=f"{self.kind.replace(' ', '-')}-leases")

    async def _stop_timers(self, drain: float) -> None:
        """Cancel every timer and the lease loop, forget the clocks and give their leases back
        (within `drain` s: leases not given back run out by themselves)."""
        tasks = list(self._tasks.values())
        if self._maintainer is not None:
            tasks.append(self._maintainer)
            self._maintainer = None
        ids = list(self._live)
        self._tasks.clear()
        self._live.clear()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if ids:
            try:
                await asyncio.wait_for(self.store.release(self.owner, ids), drain)
            except (StoreError, TimeoutError) as exc:
                log.warning("could not give back the %s leases (%s); they run out by themselves", self.kind, exc)
