"""The blind clock in an interactive terminal: one line that counts the level down in place.

Only the interactive console (a tty, no `--json`) follows the clock after `blinds start` (or
`blinds`); Enter or Ctrl-C goes back to the prompt and the clock keeps running in the session.
Each level change prints its announcement on a line of its own, as the channel would get it.
"Now" comes from the shared `TimeSource` and waiting from an injectable `wait(timeout)`, as the
player clock's console does (the same `Wait` and tty wait), so tests run it without waiting.
"""

from __future__ import annotations

import math
from typing import TextIO

from handlers.blinds.session import ConsoleBlinds
from handlers.blinds.text import announcement, blinds_text
from handlers.clock import console as clock_console
from handlers.clock.console import Wait
from handlers.clock.model import TimeSource, time_source
from handlers.context import Context
from handlers.i18n import Messages

MSG = Messages("blinds-console")


def ticker(session: ConsoleBlinds, now: float, lang: str) -> str:
    clock = session.clock
    assert clock is not None
    pos = clock.position(now)
    if pos.left is None:
        line = MSG("ticker_last", lang, n=pos.level.number, blinds=blinds_text(pos.level, lang))
    else:
        s = math.ceil(pos.left)
        left = f"{s // 60}:{s % 60:02d}"
        if pos.level.is_break:
            line = MSG("ticker_break", lang, left=left)
        else:
            line = MSG("ticker", lang, n=pos.level.number, blinds=blinds_text(pos.level, lang), left=left)
    return f"{MSG('paused', lang)} {line}" if clock.paused else line


def follow(session: ConsoleBlinds, ctx: Context, stdin: TextIO, stdout: TextIO, wait: Wait | None = None,
           time: TimeSource | None = None) -> None:
    """Count the session's clock down in place until Enter, end of input or Ctrl-C."""
    clock_time = time or time_source()
    wait = wait or clock_console._tty_wait(stdin)
    if session.clock is None:
        return
    shown = session.clock.stage(clock_time.now()).index
    try:
        while session.clock is not None and not session.clock.stopped:
            now = clock_time.now()
            index = session.clock.stage(now).index
            if index != shown:
                text = announcement(session.clock, now, ctx.lang)
                stdout.write("\r\x1b[K" + text + "\n")
                shown = index
            stdout.write("\r" + ticker(session, now, ctx.lang) + "\x1b[K")
            stdout.flush()
            left = session.clock.position(now).left
            step = (left - math.floor(left)) if left else 1.0
            if wait(step or 1.0) is not None:
                break
    except KeyboardInterrupt:
        pass
    stdout.write("\r\x1b[K")
    stdout.flush()
