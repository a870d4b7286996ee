"""Running clocks for a chat surface: timers, buttons, duplicates, restarts, leases. No discord import.

The Discord cog supplies a `ClockBoard` (post and edit one message per clock); this module does
the rest, so all of it is tested with a fake board and `ManualTime`. Each clock has one task that
sleeps to the *absolute* moment of its next phase change and edits the message once there:
messages change only on state changes (countdown, time, stopped), and a slow or rate-limited
edit cannot shift the next deadline. Edits to one clock go through one lock, so a button press
and the timer never overwrite each other out of order.

Several processes may share the store (a shard cluster). A process runs the timer of a clock only
while it holds the clock's lease (handlers/store/clocks.py); every write that ends a clock is a
compare-and-set in the database, and only the writer that won it edits the message, so an end is
announced once even while two processes both believe they own a shard.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Literal, Protocol

from handlers.clock.command import ClockRequest, clock_reply, new_clock, uses_server_times
from handlers.clock.leased import LeasedTimers, Started, new_owner
from handlers.clock.messages import MSG
from handlers.clock.model import LATE_SECONDS, ClockError, Phase, TimeSource
from handlers.clock.records import StoredClock
from handlers.context import Context
from handlers.reply import Reply
from handlers.store.clocks import LEASE_SECONDS, ClockRepo
from handlers.store.errors import StoreError

log = logging.getLogger(__name__)

Action = Literal["act", "cancel"]
# "kept": taken while the database was away, held in memory and saved once it is back.
PressResult = Literal["acted", "cancelled", "kept", "not_allowed", "already_stopped", "too_late", "unknown"]
Keep = Callable[[StoredClock], bool]


class ClockBoard(Protocol):
    """How a surface shows clocks: the time format, and editing a clock's one message."""

    def fmt_time(self, t: float) -> str: ...

    async def update(self, rec: StoredClock, reply: Reply) -> None:
        """Edit the clock's message to `reply` (buttons only while `rec.clock` is live)."""
        ...


Post = Callable[[StoredClock, Reply], Awaitable[int]]


class ClockService(LeasedTimers[StoredClock]):
    kind = "clock"

    def __init__(self, store: ClockRepo, board: ClockBoard, time: TimeSource | None = None, *,
                 owner: str | None = None, lease: float = LEASE_SECONDS) -> None:
        super().__init__(store, board, time, owner or new_owner(), lease)
        self.store: ClockRepo = store
        self.board: ClockBoard = board
        self._busy = 0  # starts and presses in flight (close() lets them finish)
        self._idle = asyncio.Event()
        # Presses the database could not take, kept until it is back (`_hold`), and their writers.
        self._held: dict[int, StoredClock] = {}
        self._writers: dict[int, asyncio.Task[None]] = {}

    def live(self) -> list[StoredClock]:
        return list(self._live.values())

    def reply_for(self, rec: StoredClock, now: float | None = None) -> Reply:
        ctx = Context(lang=rec.lang, ruleset_id=rec.ruleset_id)
        at = self.time.now() if now is None else now
        return clock_reply(rec.clock, ctx, at, fmt_time=self.board.fmt_time, server_times=rec.server_times)

    def _enter(self) -> None:
        self._busy += 1
        self._idle.clear()

    def _leave(self) -> None:
        self._busy -= 1
        if self._busy == 0:
            self._idle.set()

    async def start(self, guild_id: int, channel_id: int, request: ClockRequest, ctx: Context,
                    user_id: int | None, post: Post) -> Started[StoredClock]:
        """Start a clock and post its message through `post` (which returns the message id).

        A clock already running on that player in that channel is returned instead, unposted.
        StoreError (busy, unreachable) comes out before anything is posted.
        """
        self._enter()
        try:
            now = self.time.now()
            rec = StoredClock(
                id=None, guild_id=guild_id, channel_id=channel_id, clock=new_clock(request, ctx, now),
                lang=ctx.lang, ruleset_id=ctx.ruleset_id, started_by_id=user_id,
                server_times=uses_server_times(ctx),
            )
            rec, created = await self.store.add(rec, self.owner, now + self.lease)
            if not created:
                return Started(rec, False, self.reply_for(rec))
            assert rec.id is not None
            reply = self.reply_for(rec, now)
            return Started(await self._post_new(rec, reply, post), True, reply)
        finally:
            self._leave()

    def _drop(self, clock_id: int) -> None:
        self._live.pop(clock_id, None)
        self._tasks.pop(clock_id, None)
        self._asleep.discard(clock_id)

    async def _run(self, clock_id: int) -> None:
        """Sleep to each phase change and show it; stop at the end or when the clock is stopped.

        A change is recorded before it is shown, and the write is retried while the database is
        away; a change shown LATE_SECONDS or more after it was due says so (the end then names no
        outcome: nobody at the table was told in time, the floor decides)."""
        while await self._sleep_to_next(clock_id):
            async with self._lock(clock_id):
                rec = self._live.get(clock_id)
                if rec is None or rec.clock.stopped is not None:
                    return
                now = self.time.now()
                phase = rec.clock.phase(now)
                if phase is rec.shown:
                    continue
                if phase is Phase.EXPIRED:
                    won, end, at = await self._write_end(rec)
                    self._drop(clock_id)
                    if won:
                        await self._show(end, at)
                    return
                shown = replace(rec, shown=phase)
                if not await self._write(self.store.save, shown):
                    self._drop(clock_id)  # ended by a press elsewhere, or another process took it
                    return
                self._live[clock_id] = shown
                at = self.time.now()
                late = at - rec.clock.countdown_at >= LATE_SECONDS
                await self._show(shown, now, note=MSG("countdown_late", rec.lang) if late else None)

    async def _write_end(self, rec: StoredClock) -> tuple[bool, StoredClock, float]:
        """Record the end, retried while the database is away: (won, the end, when recorded).
        Each attempt is worked out at its own moment, so an end recorded LATE_SECONDS or more
        after time ran out is stored as held (and shown so, now and after a restart)."""
        made: list[tuple[StoredClock, float]] = []

        async def attempt() -> bool:
            at = max(self.time.now(), rec.clock.ends_at)
            held = at - rec.clock.ends_at >= LATE_SECONDS
            end = replace(rec, clock=rec.clock.expire(at, held=held), shown=Phase.EXPIRED)
            made.append((end, at))
            return await self.store.finish(end, self.owner)

        won = await self._retrying(rec.id, attempt)
        end, at = made[-1]
        return won, end, at

    async def _write(self, op: Callable[[StoredClock, str], Awaitable[bool]], rec: StoredClock) -> bool:
        """A timer's write (the end must be recorded before it is shown), retried."""
        return await self._retrying(rec.id, lambda: op(rec, self.owner))

    async def press(self, clock_id: int, action: Action, user_id: int | None, can_manage: bool,
                    by: str | None = None, at: float | None = None) -> tuple[PressResult, StoredClock | None]:
        """Acted / Cancel from a button. Only the caller or a member who manages messages.

        `at` is when the press came in, which decides "in time" and "at the same moment as time
        ran out"; default: now, read before waiting for the clock. The timer may hold the clock
        for a while (an edit waiting out a 429), and a press made in time stays in time.
        StoreError comes out when the database cannot take the press (nothing changed).
        """
        pressed = self.time.now() if at is None else at
        self._enter()
        try:
            async with self._lock(clock_id):
                if clock_id in self._held:  # already pressed, kept until the database is back
                    return "already_stopped", self._held[clock_id]
                rec = self._live.get(clock_id) or await self.store.get(clock_id)
                if rec is None:
                    return "unknown", None
                if not (can_manage or (user_id is not None and user_id == rec.started_by_id)):
                    return "not_allowed", rec
                now = self.time.now()
                try:
                    clock = rec.clock.act(pressed, by=by) if action == "act" else rec.clock.cancel(pressed, by=by)
                except ClockError as err:
                    return ("too_late" if err.code == "too_late" else "already_stopped"), rec
                new = replace(rec, clock=clock, shown=clock.phase(now))
                try:
                    if rec.clock.stopped is None:
                        won = await self.store.finish(new)
                    else:  # an Acted at the same moment as the recorded end (rule 31)
                        won = await self.store.amend(new, rec.clock.stopped.value)
                except StoreError:
                    if clock_id not in self._live or rec.clock.stopped is not None:
                        raise  # not a clock this process runs: nothing to keep it in; "try again"
                    self._hold(new, now)
                    await self._show(new, now, note=MSG("press_kept", new.lang))
                    return "kept", new
                if not won:
                    return "already_stopped", await self.store.get(clock_id)
                task = self._tasks.get(clock_id)
                self._drop(clock_id)
                if task is not None:
                    task.cancel()
                await self._show(new, now)
                return ("acted" if action == "act" else "cancelled"), new
        finally:
            self._leave()

    async def resume(self, keep: Keep | None = None) -> list[StoredClock]:
        """Take up the live clocks of the shards served here whose lease is free or has run out
        (after a restart, or when their owner died): close the ones that ran out meanwhile, run
        the others. `keep` limits it to this process's shards."""
        now = self.time.now()
        out: list[StoredClock] = []
        for rec, holder in await self.store.live_held():
            assert rec.id is not None
            if rec.id in self._live or rec.id in self._starting or rec.id in self._held \
                    or (keep is not None and not keep(rec)):
                continue
            if not await self._claim(rec.id, holder, now):
                continue  # another process runs it (or is still posting its message)
            async with self._lock(rec.id):
                if rec.message_id is None:  # never got its message: nothing to show or resume
                    await self.store.delete(rec.id)
                    continue
                phase = rec.clock.phase(now)
                if phase is Phase.EXPIRED:
                    rec = replace(rec, clock=rec.clock.expire(now, late=True), shown=Phase.EXPIRED)
                    if await self.store.finish(rec, self.owner):
                        await self._show(rec, now)
                        out.append(rec)
                    continue
                if phase is not rec.shown:
                    rec = replace(rec, shown=phase)
                    if not await self.store.save(rec, self.owner):
                        continue
                    await self._show(rec, now)
                self._track(rec)
                out.append(rec)
        return out

    def _hold(self, new: StoredClock, now: float) -> None:
        """Keep a press the database could not take (it is away) on a clock this process runs:
        its timer stops here (no end is announced over the press), and a writer saves it once
        the database is back. Were the clock closed another way meanwhile (its lease ran out
        and another process closed it), the message is brought back to what is stored, which
        says the end was late and the floor decides: the press is never lost silently."""
        assert new.id is not None
        task = self._tasks.get(new.id)
        self._drop(new.id)
        if task is not None:
            task.cancel()
        self._held[new.id] = new
        log.warning("clock %s: the database is away; keeping the press in memory until it is back", new.id)
        self._writers[new.id] = asyncio.create_task(self._save_held(new), name=f"clock-held-{new.id}")

    async def _save_held(self, new: StoredClock) -> None:
        assert new.id is not None
        try:
            won = await self._retrying(new.id, lambda: self.store.finish(new, self.owner))
            async with self._lock(new.id):
                if won:
                    log.info("clock %s: the press kept while the database was away is saved", new.id)
                    await self._show(new, self.time.now())
                    return
                stored = await self._retrying(new.id, lambda: self._stored(new.id))
                log.warning("clock %s: the press kept in memory could not be saved: the clock was closed "
                            "another way meanwhile", new.id)
                if stored is not None:
                    await self._show(stored, self.time.now())
        finally:
            self._held.pop(new.id, None)
            self._writers.pop(new.id, None)

    async def _stored(self, clock_id: int | None) -> StoredClock | None:
        assert clock_id is not None
        return await self.store.get(clock_id)

    def known(self, clock_id: int) -> StoredClock | None:
        """The clock as this process has it in memory (running here, or a press kept), if so."""
        return self._held.get(clock_id) or self._live.get(clock_id)

    async def take_up(self, keep: Keep | None) -> list[StoredClock]:
        return await self.resume(keep)

    async def close(self, drain: float = 1.0) -> None:
        """Let starts and presses in flight finish (up to `drain` s), stop the timers and give
        the leases back; the store keeps the clocks for whoever resumes them."""
        if self._busy:
            try:
                await asyncio.wait_for(self._idle.wait(), drain)
            except TimeoutError:
                log.warning("closing with %d clock operation(s) unfinished", self._busy)
        if self._writers:  # presses kept while the database was away: a last chance to save them
            writers = list(self._writers.values())
            _, pending = await asyncio.wait(writers, timeout=drain)
            for task in pending:
                task.cancel()
            if pending:
                log.warning("closing with %d kept press(es) unsaved: the database is still away", len(pending))
        await self._stop_timers(drain)

    async def idle(self, timeout: float = 5.0) -> None:
        """Wait until every clock task sleeps on the time again, or has ended, and no start or
        press is in flight (tests step `ManualTime` after this; database calls run on threads)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while loop.time() < deadline:
            waiting = all(t.done() or cid in self._asleep for cid, t in self._tasks.items())
            if waiting and self._busy == 0:
                for _ in range(3):
                    await asyncio.sleep(0)
                if all(t.done() or cid in self._asleep for cid, t in self._tasks.items()):
                    return
            await asyncio.sleep(0.002)
        raise TimeoutError("clock tasks still busy")
