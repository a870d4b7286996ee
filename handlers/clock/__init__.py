"""The player clock: the state machine (`model`), the command and its reply (`command`), the
running clocks of a chat surface (`service`) and the timers and leases it shares with the blind
clock's (`leased`), the console's ticker (`console`) and its running clocks (`session`), and the
one mapping of a stored clock to its row (`records`).

`handlers.clock` is also the dispatcher's `clock` command module, so the command's public names
are re-exported here (`handle` above all). They are loaded on first use (PEP 562 `__getattr__`),
not when the package is: the console's cold start imports `session` and the blind clock imports
`leased`, and neither should pay for the command and its model (asyncio; 26 ms measured with
`python -X importtime`, against 1 ms for `session`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from handlers.clock.command import (
        MSG,
        ClockRequest,
        clock_data,
        clock_reply,
        handle,
        iso,
        new_clock,
        parse_request,
        player_key,
        uses_server_times,
        utc_time,
    )

__all__ = [
    "MSG", "ClockRequest", "clock_data", "clock_reply", "handle", "iso", "new_clock",
    "parse_request", "player_key", "uses_server_times", "utc_time",
]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module("handlers.clock.command"), name)
    globals()[name] = value  # later lookups find it without coming here
    return value
