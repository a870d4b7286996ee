"""The blind clock as a value: where a tournament is in its structure, worked out from times alone.

A `BlindClock` stores only when it started, its pauses, the play time added or taken back by
`next`/`back` (`shift`) and when it stopped. The level at any moment is arithmetic on those:
play time = (now - start) - time paused + shift, then the structure's cumulative durations. So
a restart needs nothing but the stored row and "now" to know the level, and tests step a
`ManualTime` (the player clock's one replaceable time source) instead of sleeping.

The last entry of a structure has no end: it runs until the clock is stopped.

`level_in_force` (the level a ruling without blinds uses) is arithmetic on the clock too, and both
the console's session and the Discord service ask for it; it lived in the service, so the
session's lazy import of it closed a circle through the store (service -> store -> blind records
-> handlers.blinds -> session -> service).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, replace
from functools import cached_property

from handlers.blinds.structure import Level, Structure
from handlers.context import BlindLevel

WARNING_SECONDS = 60
# Play time is a sum of floats; after `next`/`back` it should sit exactly on a level's start but
# may come out a hair below it (1e-13 s), which would read as the level before. A microsecond of
# slack settles that (found by the property test in tests/test_blinds_ruling.py).
EPSILON = 1e-6


class BlindsError(Exception):
    """A command the clock's state forbids (`resume` while running ...); `code` names the message."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Stage:
    """What the status message shows; it is edited only when this changes."""

    index: int
    warned: bool = False
    paused: bool = False
    stopped: bool = False


@dataclass(frozen=True)
class Position:
    """Where the clock is at one moment."""

    index: int
    level: Level
    left: float | None  # seconds left in this entry (None: the last one, which has no end)
    ends_at: float | None  # wall time it ends if the clock keeps running (None: paused or last)
    next: Level | None
    played: float  # play time at that moment (what the index and `left` were worked out from)

    @property
    def warned(self) -> bool:
        """Within the last minute of an entry long enough to warn about."""
        return self.left is not None and self.left <= WARNING_SECONDS + EPSILON and self.level.seconds > WARNING_SECONDS


@dataclass(frozen=True)
class BlindClock:
    structure: Structure
    started_at: float
    pauses: tuple[tuple[float, float | None], ...] = ()
    shift: float = 0.0
    stopped_at: float | None = None
    # The floor's last `next`/`back`: (the play time it landed on, the entry it moved from). The
    # entry it landed on was preceded by that one, not by the structure's entry before it: after
    # `back` from level 3, a hand in play was dealt at level 3, not level 1.
    moved: tuple[float, int] | None = None

    @cached_property
    def starts(self) -> tuple[int, ...]:
        """Play time (seconds) at which each entry starts."""
        out, total = [], 0
        for lv in self.structure.levels:
            out.append(total)
            total += lv.seconds
        return tuple(out)

    @property
    def paused(self) -> bool:
        return bool(self.pauses) and self.pauses[-1][1] is None

    @property
    def stopped(self) -> bool:
        return self.stopped_at is not None

    def _frozen_at(self, now: float) -> float:
        """The moment play time stands still at: a pause's start, the stop, else now."""
        t = now
        if self.stopped_at is not None:
            t = min(t, self.stopped_at)
        if self.paused:
            t = min(t, self.pauses[-1][0])  # type: ignore[type-var]
        return t

    def played(self, now: float) -> float:
        """Seconds of play since the start, counting next/back and leaving out pauses."""
        t = self._frozen_at(now)
        paused = sum((end if end is not None else t) - start for start, end in self.pauses if start < t)
        return max(0.0, t - self.started_at - paused + self.shift)

    def _index_at(self, played: float) -> int:
        return max(0, bisect.bisect_right(self.starts, played + EPSILON) - 1)

    def index(self, now: float) -> int:
        return self._index_at(self.played(now))

    def position(self, now: float) -> Position:
        """Everything about one moment, from one reading of the play time: callers that need the
        level, the time left and the stage take this once and pass it on."""
        played = self.played(now)
        i = self._index_at(played)
        levels = self.structure.levels
        last = i == len(levels) - 1
        left = None if last else max(0.0, self.starts[i + 1] - played)
        running = not self.paused and not self.stopped
        ends_at = now + left if left is not None and running else None
        return Position(i, levels[i], left, ends_at, None if last else levels[i + 1], played)

    def stage(self, now: float, pos: Position | None = None) -> Stage:
        """What the status message shows at `now` (`pos`: the position at `now`, if already known)."""
        pos = self.position(now) if pos is None else pos
        return Stage(pos.index, pos.warned, self.paused, self.stopped)

    def next_change(self, now: float) -> float | None:
        """Wall time of the next thing to show (the one-minute warning, the next entry)."""
        if self.paused or self.stopped:
            return None
        pos = self.position(now)
        if pos.left is None:
            return None
        warn_in = pos.left - WARNING_SECONDS
        if warn_in > EPSILON and pos.level.seconds > WARNING_SECONDS:
            return now + warn_in
        return now + pos.left

    # -- commands: each returns a new clock -------------------------------------------------

    def pause(self, now: float) -> BlindClock:
        self._live()
        if self.paused:
            raise BlindsError("already_paused")
        return replace(self, pauses=self.pauses + ((now, None),))

    def resume(self, now: float) -> BlindClock:
        self._live()
        if not self.paused:
            raise BlindsError("not_paused")
        start, _ = self.pauses[-1]
        return replace(self, pauses=self.pauses[:-1] + ((start, now),))

    def next(self, now: float) -> BlindClock:
        """The next entry starts now with its full time (paused stays paused)."""
        self._live()
        i = self.index(now)
        if i == len(self.structure.levels) - 1:
            raise BlindsError("last_level")
        return replace(self, shift=self.shift + self.starts[i + 1] - self.played(now), moved=(self.starts[i + 1], i))

    def back(self, now: float) -> BlindClock:
        """The previous entry again, from its full time."""
        self._live()
        i = self.index(now)
        if i == 0:
            raise BlindsError("first_level")
        return replace(self, shift=self.shift - (self.played(now) - self.starts[i - 1]), moved=(self.starts[i - 1], i))

    def entry_before(self, index: int) -> Level | None:
        """The entry in force just before entry `index` began: the one the floor moved from when
        `next`/`back` landed on it, else the structure's entry before it (None for the first)."""
        if self.moved is not None and abs(self.moved[0] - self.starts[index]) <= EPSILON:
            return self.structure.levels[self.moved[1]]
        return self.structure.levels[index - 1] if index > 0 else None

    def stop(self, now: float) -> BlindClock:
        self._live()
        return replace(self, stopped_at=now)

    def _live(self) -> None:
        if self.stopped:
            raise BlindsError("stopped")

    def passed_between(self, then: float, now: float) -> list[Level]:
        """The entries that began and ended between two moments (the bot was away)."""
        a, b = self.index(then), self.index(now)
        return list(self.structure.levels[a:b]) if b > a else []


# How long after a level change a floor call may still be about a hand dealt at the level before
# (TDA 25-A: new limits start with the next hand). A live hand takes about two minutes (some
# thirty hands an hour); three leave room for a slow one without flagging every call of the level.
FRESH_LEVEL_SECONDS = 180


def level_in_force(clock: BlindClock, now: float) -> BlindLevel | None:
    """The level a ruling without blinds uses (None once stopped).

    During a break, the level played just before it, marked `on_break`: a floor call in a break
    is about a hand dealt before it, which keeps its level (TDA 25-A: new limits start with the
    next hand). This used to be None, so the ruling answered "the blinds are missing".
    """
    if clock.stopped:
        return None
    pos = clock.position(now)  # once: the level, whether it is a break and the play time all come from it
    on_break = pos.level.is_break
    lv: Level | None = pos.level
    if on_break:
        lv = next((x for x in reversed(clock.structure.levels[:pos.index]) if not x.is_break), None)
    if lv is None or lv.number is None:
        return None
    since: int | None = None
    previous: BlindLevel | None = None
    if not on_break:
        elapsed = pos.played - clock.starts[pos.index]
        before = clock.entry_before(pos.index)
        if elapsed < FRESH_LEVEL_SECONDS and before is not None and not before.is_break and before.number is not None:
            since = int(elapsed)
            previous = BlindLevel(before.number, before.sb, before.bb, before.ante, before.ante_kind)
    return BlindLevel(lv.number, lv.sb, lv.bb, lv.ante, lv.ante_kind, on_break=on_break, since=since, previous=previous)
