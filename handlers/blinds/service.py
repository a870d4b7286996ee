"""Running blind clocks for a chat surface: one per channel, timers, commands, restarts. No discord import.

The surface supplies a `BlindBoard` (edit the status message, post a short announcement); this
module does the rest and is tested with a fake board and `ManualTime`. Like the player clock's
service, each clock has one task that sleeps to the *absolute* moment of its next change (the
one-minute warning, the next level) and shows it there, so a slow or rate-limited edit never
moves a level's end, and commands and the timer go through one lock per clock.

What the channel gets per level, when the clock runs by itself:
- at the level change: one edit of the status message and one announcement post;
- one minute before the end: one edit of the status message (its headline says one minute left).
So no more than two edits and one post per level. Commands (pause, resume, next, back, stop)
answer with their own reply and edit the status message once; they post no announcement.
After a restart the status is brought up to date with at most one edit and, if the level
changed meanwhile, one announcement that says which levels ended while the bot was away.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Literal, Protocol

from handlers.blinds.model import BlindClock, BlindsError, current_level
from handlers.blinds.store import BlindStore, StoredBlinds
from handlers.blinds.structure import Level, Structure
from handlers.blinds.text import MSG, announcement, status_reply
from handlers.clock.model import TimeSource, time_source
from handlers.context import BlindLevel, Context
from handlers.reply import Reply

log = logging.getLogger(__name__)

Command = Literal["pause", "resume", "next", "back", "stop"]
COMMANDS: tuple[Command, ...] = ("pause", "resume", "next", "back", "stop")


class BlindBoard(Protocol):
    """How a surface shows a blind clock: its time format, the status message, announcements."""

    def fmt_time(self, t: float) -> str: ...

    async def update(self, rec: StoredBlinds, reply: Reply) -> None:
        """Edit the clock's status message to `reply`."""
        ...

    async def announce(self, rec: StoredBlinds, text: str) -> None:
        """Post one short line in the clock's channel."""
        ...


Post = Callable[[StoredBlinds, Reply], Awaitable[int]]


@dataclass(frozen=True)
class Started:
    rec: StoredBlinds
    created: bool
    reply: Reply


def level_in_force(clock: BlindClock, now: float) -> BlindLevel | None:
    """The level a ruling without blinds uses (None during a break or once stopped)."""
    lv = current_level(clock, now)
    if lv is None or lv.number is None:
        return None
    return BlindLevel(lv.number, lv.sb, lv.bb, lv.ante, lv.ante_kind)


class BlindService:
    def __init__(self, store: BlindStore, board: BlindBoard, time: TimeSource | None = None) -> None:
        self.store = store
        self.board = board
        self._time = time
        self._live: dict[int, StoredBlinds] = {}
        self._by_channel: dict[tuple[int, int], int] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    @property
    def time(self) -> TimeSource:
        return self._time if self._time is not None else time_source()

    def ctx(self, rec: StoredBlinds) -> Context:
        return Context(lang=rec.lang, ruleset_id=rec.ruleset_id)

    def reply_for(self, rec: StoredBlinds, now: float | None = None, note: str | None = None,
                  lang: str | None = None) -> Reply:
        at = self.time.now() if now is None else now
        ctx = Context(lang=lang or rec.lang, ruleset_id=rec.ruleset_id)
        return status_reply(rec.clock, ctx, at, fmt_time=self.board.fmt_time, note=note)

    def find(self, guild_id: int, channel_id: int) -> StoredBlinds | None:
        """The clock running in a channel (the cache first: this process runs it)."""
        clock_id = self._by_channel.get((guild_id, channel_id))
        if clock_id is not None and clock_id in self._live:
            return self._live[clock_id]
        return self.store.find_live(guild_id, channel_id)

    def level_for(self, guild_id: int | None, channel_id: int | None) -> BlindLevel | None:
        """The level in force in a channel, from memory only (cheap enough for every ruling)."""
        clock_id = self._by_channel.get((guild_id or 0, channel_id or 0))
        rec = self._live.get(clock_id) if clock_id is not None else None
        return level_in_force(rec.clock, self.time.now()) if rec is not None else None

    def _lock(self, clock_id: int) -> asyncio.Lock:
        return self._locks.setdefault(clock_id, asyncio.Lock())

    async def start(self, guild_id: int, channel_id: int, structure: Structure, ctx: Context,
                    user_id: int | None, post: Post) -> Started:
        """Start a clock and post its status message through `post` (which returns its id).

        A clock already running in the channel is returned instead, unposted.
        """
        now = self.time.now()
        clock = BlindClock(structure, now)
        rec = StoredBlinds(None, guild_id, channel_id, clock, ctx.lang, ctx.ruleset_id,
                           started_by=ctx.user, started_by_id=user_id, shown=clock.stage(now), shown_at=now)
        rec, created = self.store.add(rec)
        if not created:
            return Started(rec, False, self.reply_for(rec, lang=ctx.lang))
        reply = self.reply_for(rec, now, note=MSG("started", ctx.lang))
        try:
            message_id = await post(rec, reply)
        except BaseException:
            self.store.delete(rec.id)  # type: ignore[arg-type]
            raise
        rec = replace(rec, message_id=message_id)
        self.store.save(rec)
        self._track(rec)
        return Started(rec, True, reply)

    async def command(self, guild_id: int, channel_id: int, action: Command, by: str | None,
                      lang: str | None = None) -> tuple[StoredBlinds, Reply]:
        """pause / resume / next / back / stop; BlindsError("not_running", ...) when refused."""
        found = self.find(guild_id, channel_id)
        if found is None or found.id is None:
            raise BlindsError("not_running")
        clock_id = found.id
        async with self._lock(clock_id):
            rec = self._live.get(clock_id) or self.store.get(clock_id)
            if rec is None or rec.clock.stopped:
                raise BlindsError("not_running")
            now = self.time.now()
            clock = getattr(rec.clock, action)(now)
            rec = replace(rec, clock=clock, shown=clock.stage(now), shown_at=now)
            self.store.save(rec)
            self._untrack(clock_id)
            if not clock.stopped:
                self._track(rec)
            await self._show(rec, now)
        who = by or MSG("someone", lang or rec.lang)
        return rec, self.reply_for(rec, now, note=MSG(f"did_{action}", lang or rec.lang, user=who), lang=lang)

    # -- the timer --------------------------------------------------------------------------

    def _track(self, rec: StoredBlinds) -> None:
        assert rec.id is not None
        self._live[rec.id] = rec
        self._by_channel[(rec.guild_id, rec.channel_id)] = rec.id
        self._tasks[rec.id] = asyncio.create_task(self._run(rec.id), name=f"blinds-{rec.id}")

    def _untrack(self, clock_id: int) -> None:
        rec = self._live.pop(clock_id, None)
        if rec is not None:
            self._by_channel.pop((rec.guild_id, rec.channel_id), None)
        task = self._tasks.pop(clock_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _run(self, clock_id: int) -> None:
        """Sleep to each change (warning, next level) and show it; end when nothing is left."""
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
                if rec is None:
                    return
                self._live[clock_id] = await self._catch_up(rec, self.time.now())

    async def _catch_up(self, rec: StoredBlinds, now: float, away: bool = False) -> StoredBlinds:
        """Show what changed since the status message was last edited: one edit, and one
        announcement when the level changed (naming the levels that ended if the bot was away)."""
        stage = rec.clock.stage(now)
        if stage == rec.shown:
            return rec
        passed: list[Level] | None = None
        if away and stage.index != rec.shown.index:
            passed = list(rec.clock.structure.levels[rec.shown.index:stage.index])
        changed_level = stage.index != rec.shown.index
        rec = replace(rec, shown=stage, shown_at=now)
        self.store.save(rec)
        await self._show(rec, now)
        if changed_level:
            text = announcement(rec.clock, now, rec.lang, self.board.fmt_time, passed=passed)
            try:
                await self.board.announce(rec, text)
            except Exception:  # a lost channel must not stop the clock
                log.exception("could not announce the level of blind clock %s", rec.id)
        return rec

    async def _show(self, rec: StoredBlinds, now: float) -> None:
        try:
            await self.board.update(rec, self.reply_for(rec, now))
        except Exception:  # a deleted message or a lost channel must not stop the others
            log.exception("could not update the status of blind clock %s", rec.id)

    async def resume_all(self, keep: Callable[[StoredBlinds], bool] | None = None) -> list[StoredBlinds]:
        """After a restart: work each clock's level out from its times and pick it up again."""
        now = self.time.now()
        out: list[StoredBlinds] = []
        for rec in self.store.live():
            assert rec.id is not None
            if rec.id in self._live or (keep is not None and not keep(rec)):
                continue
            if rec.message_id is None:  # never got its status message: nothing to resume
                self.store.delete(rec.id)
                continue
            async with self._lock(rec.id):
                rec = await self._catch_up(rec, now, away=True)
                self._track(rec)
            out.append(rec)
        return out

    async def close(self) -> None:
        """Stop the timers (shutting down); the store keeps the clocks for the next start."""
        tasks = list(self._tasks.values())
        self._tasks.clear()
        self._live.clear()
        self._by_channel.clear()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
