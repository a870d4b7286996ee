"""The console's blind clock: one per console session, kept in memory.

The console is one "channel": `blinds start turbo` starts its clock, and `blinds`, `pause`,
`next` ... and rulings without blinds act on it until the session ends. Nothing here imports
more than the standard library until a clock exists, so the console's cold start does not pay
for the blind clock. Discord keeps its clocks in the database instead (handlers/blinds/service).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from handlers.context import Context
from handlers.scoped import Scoped

if TYPE_CHECKING:
    from handlers.blinds.model import BlindClock


@dataclass
class ConsoleBlinds:
    clock: BlindClock | None = None

    def context(self, ctx: Context, now: float) -> Context:
        """`ctx` with the level in force, for a ruling that leaves the blinds out."""
        if self.clock is None or self.clock.stopped:
            return ctx
        from handlers.blinds.model import level_in_force

        return replace(ctx, blind_level=level_in_force(self.clock, now))


_SESSIONS: Scoped[ConsoleBlinds] = Scoped()


def current_session() -> ConsoleBlinds | None:
    """The console session's blind clock holder; None outside the console (Discord has its own)."""
    return _SESSIONS.current()


def use_session(session: ConsoleBlinds) -> contextlib.AbstractContextManager[ConsoleBlinds]:
    """`session` is the console's blind clock holder for the block (the console's run)."""
    return _SESSIONS.use(session)
