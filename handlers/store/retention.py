"""What floorcall keeps about people, for how long, and a server's way to have it erased.

A running player clock needs the player's name (its message shows it), the caller's display name
and user id (only the caller, or a member who manages messages, may stop it), where its message
is, and its times. A running blind clock needs its structure, times and message; it keeps no one's
name or id (`handlers.blinds.service` stores none). Once a clock is over nothing reads those any
more, except an "Acted" pressed at the very moment it ran out (rule 31), which comes within
seconds. So:

- `GRACE_SECONDS` after a clock ended, the sweep blanks its people: the player's name, the
  caller's and stopper's display names and the caller's user id;
- `FLOORCALL_RETENTION_DAYS` (default `DEFAULT_DAYS`, fractions allowed, 0 = at the first sweep
  after the grace) after it ended, the record is deleted, with its server, channel and message
  ids and times;
- settings (language, ruleset, clock times) are kept while the server uses them; `erase_guild`
  (Discord: `/settings erase`) deletes them with every finished clock of the server.

The sweep runs at start and every `SWEEP_EVERY` seconds in every bot process (idempotent
statements, so several processes sharing one database do no harm).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

from handlers.store.db import Db, Statement
from handlers.store.errors import StoreConfigError

RETENTION_ENV = "FLOORCALL_RETENTION_DAYS"
DEFAULT_DAYS = 7.0
MAX_DAYS = 3650.0
GRACE_SECONDS = 120.0
SWEEP_EVERY = 3600.0
DAY = 86400.0

# The columns that name or identify a person, per table, and what they become.
_PEOPLE = {
    "clocks": "player = '', player_key = NULL, started_by = NULL, started_by_id = NULL, stopped_by = NULL",
    "blind_clocks": "started_by = NULL, started_by_id = NULL",
}


def retention_days(env: dict[str, str] | os._Environ[str] | None = None) -> float:
    """The days finished records are kept; StoreConfigError in one line for a value that is not
    a number of days from 0 to MAX_DAYS."""
    raw = ((env if env is not None else os.environ).get(RETENTION_ENV) or "").strip()
    if not raw:
        return DEFAULT_DAYS
    try:
        days = float(raw)
    except ValueError:
        days = math.nan
    if not (0 <= days <= MAX_DAYS):  # NaN fails too
        raise StoreConfigError(f"{RETENTION_ENV}={raw!r}: give the days finished clocks are kept, "
                               f"a number from 0 to {MAX_DAYS:.0f} (default {DEFAULT_DAYS:.0f})")
    return days


@dataclass(frozen=True)
class Swept:
    """What one sweep did: records whose people were blanked, and records deleted."""

    blanked: int
    deleted: int


async def sweep(db: Db, now: float, days: float) -> Swept:
    """Blank the people of clocks over for GRACE_SECONDS, delete those over for `days`."""
    grace = now - GRACE_SECONDS
    cutoff = min(grace, now - days * DAY)
    statements: list[Statement] = []
    for table, blank in _PEOPLE.items():
        statements.append((f"DELETE FROM {table} WHERE live IS NULL AND stopped_at < ?", (cutoff,)))
        statements.append((f"UPDATE {table} SET {blank} WHERE live IS NULL AND stopped_at < ? "
                           "AND (started_by IS NOT NULL OR started_by_id IS NOT NULL)", (grace,)))
    # A record that ended without a time (written by hand, or by a version that never set it)
    # cannot be aged: its people are blanked like the others'.
    statements.append((f"UPDATE clocks SET {_PEOPLE['clocks']} WHERE live IS NULL AND stopped_at IS NULL "
                       "AND started_by_id IS NOT NULL", ()))
    counts = await db.script(statements)
    return Swept(blanked=counts[1] + counts[3] + counts[4], deleted=counts[0] + counts[2])


def erase_statements(guild_id: int, channel_ids: list[int]) -> list[Statement]:
    """Every row a server left: its settings and its channels', and its finished clocks. A clock
    still running is left to its timer; it ends and is swept like any other."""
    out: list[Statement] = [("DELETE FROM settings WHERE scope = 'server' AND scope_id = ?", (int(guild_id),))]
    for cid in channel_ids:
        out.append(("DELETE FROM settings WHERE scope = 'channel' AND scope_id = ?", (int(cid),)))
    for table in _PEOPLE:
        out.append((f"DELETE FROM {table} WHERE guild_id = ? AND live IS NULL", (int(guild_id),)))
    return out
