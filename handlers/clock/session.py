"""The console's running player clocks: one per player, kept in memory for the session.

On Discord a second `clock` on a player whose clock still runs in the channel answers with that
clock (the store keys clocks by `player_key`). The console answered every `clock A` with a new
clock, so a director piping commands could hold two clocks on one player with two different
ends. A console session now keeps the clocks it started, by the same key, and answers the same
way. The console's cold start imports only this module and the standard library: the package's
`__init__` loads the command and its model (asyncio) only when one of their names is asked for.
The blind clock's twin is handlers/blinds/session.py.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from handlers.scoped import Scoped

if TYPE_CHECKING:
    from handlers.clock.model import Clock


# Clocks one console session may run at once: ten tables of ten players, five times over. A
# session piping `clock Player1` ... `clock Player50000` kept every clock (each lives 30 s),
# 23.5 -> 42.1 MB; past this it is told so, and memory stays flat.
MAX_RUNNING = 500


@dataclass
class ConsoleClocks:
    clocks: dict[str, Clock] = field(default_factory=dict)

    def running(self, key: str, now: float) -> Clock | None:
        """The clock on that player if it has not run out or been stopped by `now`."""
        clock = self.clocks.get(key)
        if clock is not None and not clock.phase(now).live:
            del self.clocks[key]
            return None
        return clock

    def full(self, now: float) -> bool:
        """Whether MAX_RUNNING clocks still run at `now` (the ones over are dropped first: a
        clock was dropped only when its player was asked about again)."""
        if len(self.clocks) < MAX_RUNNING:
            return False
        for key in [k for k, c in self.clocks.items() if not c.phase(now).live]:
            del self.clocks[key]
        return len(self.clocks) >= MAX_RUNNING

    def end(self, key: str) -> None:
        """The clock on that player is over (the interactive console followed it to its end)."""
        self.clocks.pop(key, None)


_SESSIONS: Scoped[ConsoleClocks] = Scoped()


def current_clocks() -> ConsoleClocks | None:
    """The console session's player clocks; None outside the console."""
    return _SESSIONS.current()


def use_clocks(session: ConsoleClocks) -> contextlib.AbstractContextManager[ConsoleClocks]:
    return _SESSIONS.use(session)
