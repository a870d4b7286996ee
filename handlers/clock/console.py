"""The clock in an interactive terminal: a line that counts down in place, Enter = acted.

Only the interactive console (a tty, no `--json`) follows a clock; piped input and JSON Lines
get the immediate reply with the times and move on. The loop reads "now" from the shared
`TimeSource` and waits through an injectable `wait(timeout)`, so tests run it without waiting.
"""

from __future__ import annotations

import math
import select
from collections.abc import Callable
from datetime import datetime
from typing import TextIO

from handlers.clock.command import clock_reply, uses_server_times
from handlers.clock.model import Clock, ClockError, Phase, TimeSource, time_source
from handlers.context import Context
from handlers.i18n import Messages
from handlers.reply import Reply

MSG = Messages("clock-console")

# (timeout seconds) -> a line, "" at end of input, None when the time passed with no input.
Wait = Callable[[float], str | None]


def clock_from_reply(reply: Reply) -> Clock:
    """The clock a start reply describes (its JSON keys carry everything needed)."""
    d = reply.data
    started = datetime.fromisoformat(d["started_at"].replace("Z", "+00:00")).timestamp()
    return Clock(
        player=d["player"],
        seconds=d["seconds"],
        countdown=d["countdown"],
        started_at=started,
        facing=d["facing"],
        started_by=d["started_by"],
        same_moment_stands=d["same_moment_stands"],
    )


def ticker(clock: Clock, now: float, lang: str) -> str:
    """The one line that is rewritten in place: whole seconds left, rounded up."""
    phase = clock.phase(now)
    left = math.ceil(clock.remaining(now) - (0 if phase is Phase.COUNTDOWN else clock.countdown))
    return MSG(phase.value if phase.live else "countdown", lang, player=clock.player, left=max(left, 0))


def _tty_wait(stdin: TextIO) -> Wait:
    def wait(timeout: float) -> str | None:
        ready, _, _ = select.select([stdin], [], [], max(0.0, timeout))
        return stdin.readline() if ready else None

    return wait


def follow(
    reply: Reply,
    ctx: Context,
    stdin: TextIO,
    stdout: TextIO,
    wait: Wait | None = None,
    time: TimeSource | None = None,
) -> Reply:
    """Count the clock of a start reply down in the terminal and print how it ended."""
    clock_time = time or time_source()
    wait = wait or _tty_wait(stdin)
    clock = clock_from_reply(reply)
    try:
        while True:
            now = clock_time.now()
            if clock.phase(now) is Phase.EXPIRED:
                clock = clock.expire(now)
                break
            stdout.write("\r" + ticker(clock, now, ctx.lang) + "\x1b[K")
            stdout.flush()
            # Wake at the next whole second left (or the phase change, whichever is first).
            left = clock.remaining(now)
            step = left - math.floor(left) or 1.0
            due = clock.next_change(now)
            got = wait(min(step, due - now if due is not None else step))
            if got is None:
                continue
            if got == "":  # end of input: stop following, the clock is called off
                clock = clock.cancel(clock_time.now())
                break
            try:
                clock = clock.act(clock_time.now())
            except ClockError:
                clock = clock.expire(clock_time.now())
            break
    except KeyboardInterrupt:
        clock = clock.cancel(clock_time.now()) if clock.stopped is None else clock
    final = clock_reply(clock, ctx, clock_time.now(), server_times=uses_server_times(ctx))
    stdout.write("\r\x1b[K" + final.text + "\n\n")
    stdout.flush()
    return final

