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

Several processes may share the store (a shard cluster). A process runs a clock's timer only while
it holds the clock's lease (handlers/store/blinds.py), and every write is a compare-and-set on the
state it was worked out from; only the writer that won edits the status message or announces, so
a level change is announced once even while two processes both believe they own the shard. A
write refused that way drops the clock here; `maintain` takes it up again (with what is stored) if
the lease is still or again this process's, within a third of the lease. A command that lands on
a process which does not run the clock is stored and shown there; the runner's next `maintain`
sees the stored state differ from its own and restarts the timer from it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Literal, Protocol

from handlers.blinds.model import BlindClock, BlindsError, level_in_force
from handlers.blinds.records import StoredBlinds, state_of
from handlers.blinds.structure import Level, Structure
from handlers.blinds.text import MSG, announcement, status_reply
from handlers.clock.leased import LeasedTimers, Started, new_owner
from handlers.clock.model import LATE_SECONDS, TimeSource
from handlers.context import BlindLevel, Context
from handlers.reply import Reply
from handlers.store.blinds import LEASE_SECONDS, BlindRepo
from handlers.store.errors import StoreBusy

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
Keep = Callable[[StoredBlinds], bool]


class BlindService(LeasedTimers[StoredBlinds]):
    kind = "blind clock"
    task_prefix = "blinds"

    def __init__(self, store: BlindRepo, board: BlindBoard, time: TimeSource | None = None, *,
                 owner: str | None = None, lease: float = LEASE_SECONDS) -> None:
        super().__init__(store, board, time, owner or new_owner(), lease)
        self.store: BlindRepo = store
        self.board: BlindBoard = board
        self._by_channel: dict[tuple[int, int], int] = {}

    def ctx(self, rec: StoredBlinds) -> Context:
        return Context(lang=rec.lang, ruleset_id=rec.ruleset_id)

    def reply_for(self, rec: StoredBlinds, now: float | None = None, note: str | None = None,
                  lang: str | None = None) -> Reply:
        at = self.time.now() if now is None else now
        ctx = Context(lang=lang or rec.lang, ruleset_id=rec.ruleset_id)
        return status_reply(rec.clock, ctx, at, fmt_time=self.board.fmt_time, note=note)

    async def find(self, guild_id: int, channel_id: int) -> StoredBlinds | None:
        """The clock running in a channel (the cache first: this process runs it)."""
        clock_id = self._by_channel.get((guild_id, channel_id))
        if clock_id is not None and clock_id in self._live:
            return self._live[clock_id]
        return await self.store.find_live(guild_id, channel_id)

    def level_for(self, guild_id: int | None, channel_id: int | None) -> BlindLevel | None:
        """The level in force in a channel, from memory only (cheap enough for every ruling)."""
        clock_id = self._by_channel.get((guild_id or 0, channel_id or 0))
        rec = self._live.get(clock_id) if clock_id is not None else None
        return level_in_force(rec.clock, self.time.now()) if rec is not None else None

    async def start(self, guild_id: int, channel_id: int, structure: Structure, ctx: Context,
                    user_id: int | None, post: Post) -> Started[StoredBlinds]:
        """Start a clock and post its status message through `post` (which returns its id).

        A clock already running in the channel is returned instead, unposted. StoreError (busy,
        unreachable) comes out before anything is posted.
        """
        now = self.time.now()
        clock = BlindClock(structure, now)
        rec = StoredBlinds(None, guild_id, channel_id, clock, ctx.lang, ctx.ruleset_id,
                           started_by=None, started_by_id=None,  # no one's name or id: nothing reads them (retention)
                           shown=clock.stage(now), shown_at=now)
        rec, created = await self.store.add(rec, self.owner, now + self.lease)
        if not created:
            return Started(rec, False, self.reply_for(rec, lang=ctx.lang))
        assert rec.id is not None
        reply = self.reply_for(rec, now, note=MSG("started", ctx.lang))
        return Started(await self._post_new(rec, reply, post), True, reply)

    async def command(self, guild_id: int, channel_id: int, action: Command, by: str | None,
                      lang: str | None = None) -> tuple[StoredBlinds, Reply]:
        """pause / resume / next / back / stop; BlindsError("not_running", ...) when refused,
        StoreError when the database cannot take it (nothing changed)."""
        found = await self.find(guild_id, channel_id)
        if found is None or found.id is None:
            raise BlindsError("not_running")
        clock_id = found.id
        async with self._lock(clock_id):
            rec = self._live.get(clock_id) or await self.store.get(clock_id)
            for _ in range(3):  # another process wrote meanwhile: work the command out again from that
                if rec is None or rec.clock.stopped:
                    raise BlindsError("not_running")
                now = self.time.now()
                clock = getattr(rec.clock, action)(now)
                new = replace(rec, clock=clock, shown=clock.stage(now), shown_at=now)
                if await self.store.save(new, was=rec):
                    break
                rec = await self.store.get(clock_id)
            else:
                raise StoreBusy("the blind clock kept changing under the command")
            rec = new
            ours = clock_id in self._live
            self._untrack(clock_id)
            if not clock.stopped and (ours or await self.store.claim(clock_id, self.owner, now, now + self.lease)):
                self._track(rec)
            await self._show(rec, now)
        who = by or MSG("someone", lang or rec.lang)
        return rec, self.reply_for(rec, now, note=MSG(f"did_{action}", lang or rec.lang, user=who), lang=lang)

    # -- the timer --------------------------------------------------------------------------

    def _track(self, rec: StoredBlinds) -> None:
        assert rec.id is not None
        super()._track(rec)
        self._by_channel[(rec.guild_id, rec.channel_id)] = rec.id

    def _untrack(self, clock_id: int) -> None:
        rec = self._live.pop(clock_id, None)
        if rec is not None:
            self._by_channel.pop((rec.guild_id, rec.channel_id), None)
        task = self._tasks.pop(clock_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _run(self, clock_id: int) -> None:
        """Sleep to each change (warning, next level) and show it; end when nothing is left."""
        while await self._sleep_to_next(clock_id):
            async with self._lock(clock_id):
                rec = self._live.get(clock_id)
                if rec is None:
                    return
                caught = await self._catch_up(rec, self.time.now(), retry=True, due=self._due.get(clock_id))
                if caught is None:  # another process wrote it first: maintain() takes it up again
                    self._untrack(clock_id)
                    return
                self._live[clock_id] = caught

    async def _catch_up(self, rec: StoredBlinds, now: float, away: bool = False,
                        retry: bool = False, due: float | None = None) -> StoredBlinds | None:
        """Show what changed since the status message was last edited: one edit, and one
        announcement when the level changed (naming the levels that ended if the bot was away).
        None when the write lost (another process wrote first) -- then nothing is shown here.

        `due`: when the timer's change was due. Shown LATE_SECONDS or more after it (the write
        waited for the database), the status and the announcement say when it began and that
        the floor decides for the hands dealt in between."""
        stage = rec.clock.stage(now)
        if stage == rec.shown:
            return rec
        passed: list[Level] | None = None
        if away and stage.index != rec.shown.index:
            passed = list(rec.clock.structure.levels[rec.shown.index:stage.index])
        changed_level = stage.index != rec.shown.index
        new = replace(rec, shown=stage, shown_at=now)
        if not await (self._write(new, rec) if retry else self.store.save(new, self.owner, was=rec)):
            return None
        late = None
        if due is not None and self.time.now() - due >= LATE_SECONDS:
            began = due  # the last change at or before `now` (the warning woke it, the level came too)
            while (after := rec.clock.next_change(began)) is not None and began < after <= now:
                began = after
            late = MSG("a_late", new.lang, at=self.board.fmt_time(began))
        await self._show(new, now, note=late)
        if changed_level:
            text = announcement(new.clock, now, new.lang, self.board.fmt_time, passed=passed)
            if late is not None:
                text = f"{text}\n{late}"
            try:
                await self.board.announce(new, text)
            except Exception:  # a lost channel must not stop the clock
                log.exception("could not announce the level of blind clock %s", new.id)
        return new

    async def _write(self, rec: StoredBlinds, was: StoredBlinds) -> bool:
        """The timer's write (a level change is recorded before it is shown), retried."""
        return await self._retrying(rec.id, lambda: self.store.save(rec, self.owner, was=was))

    async def resume_all(self, keep: Keep | None = None) -> list[StoredBlinds]:
        """Take up the live clocks of the shards served here whose lease is free, ours, or has run
        out (after a restart, or when their owner died): work each one's level out from its
        times, show it, and run it. `keep` limits it to this process's shards. A clock this
        process runs whose stored state changed elsewhere is restarted from the stored one."""
        now = self.time.now()
        out: list[StoredBlinds] = []
        for rec, holder in await self.store.live_held():
            assert rec.id is not None
            if rec.id in self._starting or (keep is not None and not keep(rec)):
                continue
            if rec.id in self._live:
                await self._sync(rec)
                continue
            if not await self._claim(rec.id, holder, now):
                continue  # another process runs it (or is still posting its status message)
            async with self._lock(rec.id):
                if rec.id in self._live:
                    continue
                if rec.message_id is None:  # never got its status message: nothing to resume
                    await self.store.delete(rec.id)
                    continue
                caught = await self._catch_up(rec, now, away=True)
                if caught is None:
                    continue
                self._track(caught)
            out.append(caught)
        return out

    async def _sync(self, seen: StoredBlinds) -> None:
        """`seen` (read from the store) differs from the clock run here: a command went to
        another process. Re-read under the clock's lock (our own write may have crossed the read)
        and restart the timer from what is stored."""
        assert seen.id is not None
        mine = self._live.get(seen.id)
        if mine is None or state_of(mine) == state_of(seen):
            return
        async with self._lock(seen.id):
            mine = self._live.get(seen.id)
            fresh = await self.store.get(seen.id)
            if mine is None or fresh is None or state_of(mine) == state_of(fresh):
                return
            self._untrack(seen.id)
            if not fresh.clock.stopped:
                self._track(fresh)

    async def take_up(self, keep: Keep | None) -> list[StoredBlinds]:
        return await self.resume_all(keep)

    async def close(self, drain: float = 1.0) -> None:
        """Stop the timers (shutting down) and give the leases back; the store keeps the clocks
        for whoever resumes them."""
        self._by_channel.clear()
        await self._stop_timers(drain)
