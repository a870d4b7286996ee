"""Running clocks for a chat surface: timers, buttons, duplicates, restarts. No discord import.

The Discord cog supplies a `ClockBoard` (post and edit one message per clock); this module does
the rest, so all of it is tested with a fake board and `ManualTime`. Each clock has one task that
sleeps to the *absolute* moment of its next phase change and edits the message once there:
messages change only on state changes (countdown, time, stopped), and a slow or rate-limited
edit cannot shift the next deadline. Edits to one clock go through one lock, so a button press
and the timer never overwrite each other out of order.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Literal, Protocol

from handlers.clock import ClockRequest, clock_reply, new_clock, uses_server_times
from handlers.clock_model import ClockError, Phase, TimeSource, time_source
from handlers.clock_store import ClockStore, StoredClock
from handlers.context import Context
from handlers.reply import Reply

log = logging.getLogger(__name__)

Action = Literal["act", "cancel"]
PressResult = Literal["acted", "cancelled", "not_allowed", "already_stopped", "too_late", "unknown"]


class ClockBoard(Protocol):
    """How a surface shows clocks: the time format, and editing a clock's one message."""

    def fmt_time(self, t: float) -> str: ...

    async def update(self, rec: StoredClock, reply: Reply) -> None:
        """Edit the clock's message to `reply` (buttons only while `rec.clock` is live)."""
        ...


Post = Callable[[StoredClock, Reply], Awaitable[int]]


@dataclass(frozen=True)
class Started:
    """What `start` did: the clock (new, or the one already running) and its reply."""

    rec: StoredClock
    created: bool
    reply: Reply


class ClockService:
    def __init__(self, store: ClockStore, board: ClockBoard, time: TimeSource | None = None) -> None:
        self.store = store
        self.board = board
        self._time = time
        self._live: dict[int, StoredClock] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    @property
    def time(self) -> TimeSource:
        return self._time if self._time is not None else time_source()

    def live(self) -> list[StoredClock]:
        return list(self._live.values())

    def reply_for(self, rec: StoredClock, now: float | None = None) -> Reply:
        ctx = Context(lang=rec.lang, ruleset_id=rec.ruleset_id)
        at = self.time.now() if now is None else now
        return clock_reply(rec.clock, ctx, at, fmt_time=self.board.fmt_time, server_times=rec.server_times)

    def _lock(self, clock_id: int) -> asyncio.Lock:
        return self._locks.setdefault(clock_id, asyncio.Lock())

    async def start(
        self,
        guild_id: int,
        channel_id: int,
        request: ClockRequest,
        ctx: Context,
        user_id: int | None,
        post: Post,
    ) -> Started:
        """Start a clock and post its message through `post` (which returns the message id).

        A clock already running on that player in that channel is returned instead, unposted.
        """
        now = self.time.now()
        rec = StoredClock(
            id=None,
            guild_id=guild_id,
            channel_id=channel_id,
            clock=new_clock(request, ctx, now),
            lang=ctx.lang,
            ruleset_id=ctx.ruleset_id,
            started_by_id=user_id,
            server_times=uses_server_times(ctx),
        )
        rec, created = self.store.add(rec)
        if not created:
            return Started(rec, False, self.reply_for(rec))
        reply = self.reply_for(rec, now)
        try:
            message_id = await post(rec, reply)
        except BaseException:
            self.store.delete(rec.id)  # type: ignore[arg-type]
            raise
        rec = replace(rec, message_id=message_id)
        self.store.save(rec)
        self._track(rec)
        return Started(rec, True, reply)

    def _track(self, rec: StoredClock) -> None:
        assert rec.id is not None
        self._live[rec.id] = rec
        self._tasks[rec.id] = asyncio.create_task(self._run(rec.id), name=f"clock-{rec.id}")

    async def _run(self, clock_id: int) -> None:
        """Sleep to each phase change and show it; stop at the end or when the clock is stopped."""
        while True:
            rec = self._live.get(clock_id)
            if rec is None:
                return
            due = rec.clock.next_change(self.time.now())
            if due is None:
                return
            await self.time.sleep_until(due)
            async with self._lock(clock_id):
                rec = self._live.get(clock_id)
                if rec is None or rec.clock.stopped is not None:
                    return
                now = self.time.now()
                phase = rec.clock.phase(now)
                if phase is Phase.EXPIRED:
                    rec = replace(rec, clock=rec.clock.expire(now), shown=Phase.EXPIRED)
                    self._live.pop(clock_id, None)
                    self._tasks.pop(clock_id, None)
                elif phase is rec.shown:
                    continue
                else:
                    rec = replace(rec, shown=phase)
                    self._live[clock_id] = rec
                self.store.save(rec)
                await self._show(rec, now)
                if phase is Phase.EXPIRED:
                    return

    async def _show(self, rec: StoredClock, now: float) -> None:
        try:
            await self.board.update(rec, self.reply_for(rec, now))
        except Exception:  # a deleted message or a lost channel must not stop the others
            log.exception("could not update the message of clock %s", rec.id)

    async def press(
        self,
        clock_id: int,
        action: Action,
        user_id: int | None,
        can_manage: bool,
        by: str | None = None,
        at: float | None = None,
    ) -> tuple[PressResult, StoredClock | None]:
        """Acted / Cancel from a button. Only the caller or a member who manages messages.

        `at` is when the press came in, which decides "in time" and "at the same moment as time
        ran out"; default: now, read before waiting for the clock. The timer may hold the clock
        for a while (an edit waiting out a 429), and a press made in time stays in time.
        """
        pressed = self.time.now() if at is None else at
        async with self._lock(clock_id):
            rec = self._live.get(clock_id) or self.store.get(clock_id)
            if rec is None:
                return "unknown", None
            if not (can_manage or (user_id is not None and user_id == rec.started_by_id)):
                return "not_allowed", rec
            now = self.time.now()
            try:
                if action == "act":
                    clock = rec.clock.act(pressed, by=by)
                else:
                    clock = rec.clock.cancel(pressed, by=by)
            except ClockError as err:
                return ("too_late" if err.code == "too_late" else "already_stopped"), rec
            task = self._tasks.pop(clock_id, None)
            if task is not None:
                task.cancel()
            self._live.pop(clock_id, None)
            rec = replace(rec, clock=clock, shown=clock.phase(now))
            self.store.save(rec)
            await self._show(rec, now)
            return ("acted" if action == "act" else "cancelled"), rec

    async def resume(self, keep: Callable[[StoredClock], bool] | None = None) -> list[StoredClock]:
        """After a restart: close the clocks that ran out meanwhile, pick the others up again.

        `keep` limits it to the clocks this process serves (one shard group of several).
        """
        now = self.time.now()
        out: list[StoredClock] = []
        for rec in self.store.live():
            assert rec.id is not None
            if rec.id in self._live or (keep is not None and not keep(rec)):
                continue
            if rec.message_id is None:  # never got its message: nothing to show or resume
                self.store.delete(rec.id)
                continue
            phase = rec.clock.phase(now)
            if phase is Phase.EXPIRED:
                rec = replace(rec, clock=rec.clock.expire(now, late=True), shown=Phase.EXPIRED)
                self.store.save(rec)
                await self._show(rec, now)
            else:
                if phase is not rec.shown:
                    rec = replace(rec, shown=phase)
                    self.store.save(rec)
                    await self._show(rec, now)
                self._track(rec)
            out.append(rec)
        return out

    async def close(self) -> None:
        """Stop the timers (the bot is shutting down); the store keeps the clocks for resume."""
        tasks = list(self._tasks.values())
        self._tasks.clear()
        self._live.clear()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def idle(self) -> None:
        """Let every clock task run until it waits on time again (tests step time after this)."""
        for _ in range(50):
            await asyncio.sleep(0)
