"""The player clock: the state machine (`model`), the command and its reply (`command`), the
running clocks of a chat surface (`service`), the console's ticker (`console`) and the one
mapping of a stored clock to its row (`records`).

`handlers.clock` is also the dispatcher's `clock` command module, so the command's public names
are re-exported here (`handle` above all).
"""

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
