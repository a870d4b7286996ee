"""The clock on a player as a pure state machine: running -> countdown -> expired | acted | cancelled.

Nothing here waits or reads the wall clock by itself. A `Clock` is a value holding its absolute
times (epoch seconds); its phase at any moment is a function of that moment, so tests step a
`ManualTime` instead of sleeping, and a restart recomputes the phase from the stored times.
Every surface (console, Discord) takes "now" from one `TimeSource`: `time_source()`, which tests
swap with `use_time_source()`.

The outcome when time runs out is ruleset data (`Ruleset.clock_no_bet_outcome`,
`Ruleset.clock_same_moment_stands`, read by `clock_rule`), not a branch on the ruleset:
TDA 2026 rule 31 kills a hand facing a bet and checks one that is not, and lets an action made
at the same moment as the time running out stand; TDA 2009 rule 20 kills the hand either way.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Literal, Protocol

from engine.rulesets import Ruleset
from handlers.scoped import Scoped

Facing = Literal["bet", "no_bet"]
Outcome = Literal["dead_hand", "check"]
FACINGS: tuple[Facing, ...] = ("bet", "no_bet")


class Phase(StrEnum):
    """Where a clock is. The first two are live; the other three are final."""

    RUNNING = "running"
    COUNTDOWN = "countdown"
    EXPIRED = "expired"
    ACTED = "acted"
    CANCELLED = "cancelled"

    @property
    def live(self) -> bool:
        return self in (Phase.RUNNING, Phase.COUNTDOWN)


@dataclass(frozen=True)
class ClockRule:
    """What a ruleset's clock rule decides once the countdown ends.

    on_time: the outcome for a player facing a bet and for one who is not.
    same_moment_stands: an action at the same moment as the end stands (TDA 2026 rule 31).
    """

    on_time: Mapping[Facing, Outcome]
    same_moment_stands: bool



# The clock times a server may set for itself (`/settings clock`). These are sanity bounds of the
# product, not rules: the rulesets' own times (engine/rulesets/__init__.py) lie inside them, and a test
# checks that. Seconds to act: 5 s to 10 min; countdown: none at all up to one minute, and never
# longer than the time to act.
CLOCK_SECONDS_RANGE = (5, 600)
CLOCK_COUNTDOWN_RANGE = (0, 60)

# How late a recorded action may be and still count as "at the same moment" as the end, where
# the rule lets it stand: a floor person presses the button a beat after the player moves, and
# the press travels over the network.
SAME_MOMENT_SECONDS = 1.0

# How late a change (a countdown, an end, a blind level) may be shown and still count as on time.
# Past it the message says it is late: an end is then not announced with the rule's outcome (the
# player could not have been told in time), and the floor decides. A loaded machine or a
# rate-limited edit stays well inside it; a database outage does not.
LATE_SECONDS = 2.0


def clock_rule(ruleset: Ruleset) -> ClockRule:
    """The clock rule of a ruleset, from its own fields: facing a bet the hand is dead under
    every ruleset; not facing one, what `clock_no_bet_outcome` says."""
    return _clock_rule(ruleset.clock_no_bet_outcome, ruleset.clock_same_moment_stands)


@functools.cache
def _clock_rule(no_bet: Outcome, same_moment_stands: bool) -> ClockRule:
    return ClockRule(MappingProxyType({"bet": "dead_hand", "no_bet": no_bet}), same_moment_stands)


class ClockError(Exception):
    """A transition that the state forbids (acting on a finished clock ...); `code` is stable."""

    def __init__(self, code: str, phase: Phase) -> None:
        super().__init__(f"{code} (clock is {phase.value})")
        self.code = code
        self.phase = phase


@dataclass(frozen=True)
class Clock:
    """One clock on one player. Times are epoch seconds; `stopped` is set once it is final.

    `stopped` is the recorded final phase (expired, acted, cancelled) and `stopped_at` when it
    happened; a clock with `stopped is None` is live and its phase is read from the times.
    """

    player: str
    seconds: int
    countdown: int
    started_at: float
    facing: Facing | None = None
    started_by: str | None = None
    same_moment_stands: bool = True
    stopped: Phase | None = None
    stopped_at: float | None = None
    stopped_by: str | None = None
    # True when the end was recorded after the fact (the bot was down when time ran out).
    closed_late: bool = False
    # True when an action was accepted after the end, within SAME_MOMENT_SECONDS.
    same_moment: bool = False
    # True (with closed_late) when the bot was up but its database was not when time ran out:
    # the end could be recorded, and so announced, only later (LATE_SECONDS or more after it).
    held: bool = False

    @property
    def countdown_at(self) -> float:
        return self.started_at + self.seconds

    @property
    def ends_at(self) -> float:
        return self.started_at + self.seconds + self.countdown

    def phase(self, now: float) -> Phase:
        """The phase at `now`: the recorded final phase, else what the times say."""
        if self.stopped is not None:
            return self.stopped
        if now < self.countdown_at:
            return Phase.RUNNING
        if now < self.ends_at:
            return Phase.COUNTDOWN
        return Phase.EXPIRED

    def remaining(self, now: float) -> float:
        """Seconds left until the end (0 once it has passed or the clock is stopped)."""
        if self.stopped is not None:
            return 0.0
        return max(0.0, self.ends_at - now)

    def next_change(self, now: float) -> float | None:
        """When the phase next changes (countdown start, then the end); None once final."""
        if self.stopped is not None:
            return None
        if now < self.countdown_at:
            return self.countdown_at
        return self.ends_at

    # -- transitions: each returns a new Clock, the old one is untouched --------------------

    def expire(self, now: float, *, late: bool = False, held: bool = False) -> Clock:
        """Record that time ran out. `late`: recorded after a restart, not as it happened;
        `held`: recorded late by a bot that ran all along but could not reach its database.
        Either way nobody could be told in time, so no outcome is announced by rule."""
        phase = self.phase(now)
        if phase is not Phase.EXPIRED or self.stopped is not None:
            raise ClockError("not_over" if phase.live else "already_stopped", phase)
        return replace(self, stopped=Phase.EXPIRED, stopped_at=self.ends_at, closed_late=late or held, held=held)

    def act(self, at: float, by: str | None = None) -> Clock:
        """The player acted at `at`. In time (or at the same moment as the end, where the rule
        lets that stand) the clock stops as acted; later, the action is too late and the clock
        is (or stays) expired: ClockError("too_late").

        An end already recorded can still be turned into "acted" by an action stamped within
        the same moment: the timer and the button press race, and the rule favours the action.
        """
        if self.stopped in (Phase.ACTED, Phase.CANCELLED):
            raise ClockError("already_stopped", self.stopped)
        grace = SAME_MOMENT_SECONDS if self.same_moment_stands else 0.0
        if at > self.ends_at + grace or (self.stopped is Phase.EXPIRED and self.closed_late):
            raise ClockError("too_late", Phase.EXPIRED)
        return replace(
            self,
            stopped=Phase.ACTED,
            stopped_at=at,
            stopped_by=by,
            closed_late=False,
            # Only a rule that lets such an action stand (TDA 2026 31) is announced as one; under
            # TDA 2009 an action stamped on the end itself is in time, and said so (it was told
            # "acted just as time ran out: the action stands", a 2026 provision 2009 lacks).
            same_moment=at >= self.ends_at and self.same_moment_stands,
        )

    def cancel(self, now: float, by: str | None = None) -> Clock:
        """Call the clock off (called in error, the hand ended another way)."""
        phase = self.phase(now)
        if not phase.live:
            raise ClockError("already_stopped", phase)
        return replace(self, stopped=Phase.CANCELLED, stopped_at=now, stopped_by=by)

    def settle(self, now: float) -> Clock:
        """The clock with its end recorded if time has run out by `now` (else unchanged)."""
        if self.stopped is None and self.phase(now) is Phase.EXPIRED:
            return self.expire(now)
        return self

    def outcomes(self, rule: ClockRule) -> dict[Facing, Outcome]:
        """The outcome(s) to announce at the end: the one for `facing`, or both when unknown."""
        if self.facing is not None:
            return {self.facing: rule.on_time[self.facing]}
        return {f: rule.on_time[f] for f in FACINGS}


def start_clock(
    ruleset: Ruleset,
    player: str,
    now: float,
    *,
    facing: Facing | None = None,
    started_by: str | None = None,
    seconds: int | None = None,
    countdown: int | None = None,
) -> Clock:
    """A new clock under the ruleset's times, or a server's own (`seconds`/`countdown`)."""
    return Clock(
        player=player,
        seconds=ruleset.clock_seconds if seconds is None else seconds,
        countdown=ruleset.clock_countdown if countdown is None else countdown,
        started_at=now,
        facing=facing,
        started_by=started_by,
        same_moment_stands=clock_rule(ruleset).same_moment_stands,
    )


# -- the one notion of time ------------------------------------------------------------------


class TimeSource(Protocol):
    """Where every clock reads "now" and waits. Real: `SystemTime`; tests: `ManualTime`."""

    def now(self) -> float: ...

    async def sleep_until(self, when: float) -> None: ...


class SystemTime:
    """Wall-clock time. Sleeps to an absolute moment so a slow edit never shifts the next one."""

    def now(self) -> float:
        return time.time()

    async def sleep_until(self, when: float) -> None:
        delay = when - time.time()
        if delay > 0:
            await asyncio.sleep(delay)


class ManualTime:
    """Time that moves only when a test says so. `sleep_until` returns once `advance` passes it."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._waiters: list[asyncio.Future[None]] = []

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        """Move time on; sleepers whose moment has come wake at their next chance to run."""
        self._now += seconds
        waiters, self._waiters = self._waiters, []
        for fut in waiters:
            if not fut.done():
                fut.set_result(None)

    @property
    def sleepers(self) -> int:
        """How many tasks are waiting on this time (tests wait for a task to reach its sleep)."""
        return sum(1 for f in self._waiters if not f.done())

    async def sleep_until(self, when: float) -> None:
        while self._now < when:
            fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiters.append(fut)
            await fut


_SOURCE: Scoped[TimeSource] = Scoped(SystemTime())


def time_source() -> TimeSource:
    """The time source every clock surface uses now."""
    source = _SOURCE.current()
    assert source is not None  # the system time stays at the bottom
    return source


def use_time_source(source: TimeSource) -> contextlib.AbstractContextManager[TimeSource]:
    """Swap the time source for the duration of a block (tests, benchmarks)."""
    return _SOURCE.use(source)
