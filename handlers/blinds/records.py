"""A running blind clock as stored: `StoredBlinds`, and its one mapping to a database row.

Every column is listed once, in `COLUMNS`, with its SQL type and how it is read from a record;
`to_row` / `from_row`, the repository (handlers/store/blinds.py) and both back ends' table
definition (handlers/store/migrations.py, version 3) come from that list (its `Column` and
derivations are the player clock's too: handlers/rows.py).

`live` is 1 while the clock runs and NULL once stopped; a unique index on (guild, channel, live)
-- NULLs never collide -- makes "one clock per channel" a constraint of the database, so two fast
`start`s cannot both win. The columns up to `shown_at` are the ones the blind clock's first table
had (written by sqlite-utils next to the settings), so a database from then is taken over as it
is; `moved_at` and `moved_from` came with migration 4.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from handlers.blinds.model import BlindClock, Stage
from handlers.blinds.structure import Structure
from handlers.rows import Column, names_of, placement, values_of


@dataclass(frozen=True)
class StoredBlinds:
    """A blind clock with where it is shown and what its status message shows now."""

    id: int | None
    guild_id: int
    channel_id: int
    clock: BlindClock
    lang: str
    ruleset_id: str
    started_by: str | None = None
    started_by_id: int | None = None
    message_id: int | None = None
    shown: Stage = Stage(0)
    # When the status message was last brought up to date (a restart tells what passed since).
    shown_at: float | None = None


def _structure(rec: StoredBlinds) -> str:
    return json.dumps(rec.clock.structure.to_json(), ensure_ascii=False)


def _pauses(rec: StoredBlinds) -> str:
    return json.dumps([list(p) for p in rec.clock.pauses])


COLUMNS: tuple[Column[StoredBlinds], ...] = (
    Column("guild_id", "bigint", lambda r: r.guild_id, not_null=True),
    Column("channel_id", "bigint", lambda r: r.channel_id, not_null=True),
    Column("live", "int", lambda r: None if r.clock.stopped else 1),
    Column("message_id", "bigint", lambda r: r.message_id),
    Column("structure", "text", _structure, not_null=True),
    Column("started_at", "real", lambda r: r.clock.started_at, not_null=True),
    Column("pauses", "text", _pauses),
    Column("shift", "real", lambda r: r.clock.shift),
    Column("stopped_at", "real", lambda r: r.clock.stopped_at),
    Column("lang", "text", lambda r: r.lang),
    Column("ruleset_id", "text", lambda r: r.ruleset_id),
    Column("started_by", "text", lambda r: r.started_by),
    Column("started_by_id", "bigint", lambda r: r.started_by_id),
    Column("shown_index", "int", lambda r: r.shown.index),
    Column("shown_warned", "int", lambda r: int(r.shown.warned)),
    Column("shown_paused", "int", lambda r: int(r.shown.paused)),
    Column("shown_stopped", "int", lambda r: int(r.shown.stopped)),
    Column("shown_at", "real", lambda r: r.shown_at),
    # Added by migration 4: the floor's last next/back (BlindClock.moved), NULL when none.
    Column("moved_at", "real", lambda r: r.clock.moved[0] if r.clock.moved else None),
    Column("moved_from", "int", lambda r: r.clock.moved[1] if r.clock.moved else None),
)
# The columns the table had at migration 3 (its CREATE); later ones are added by ALTER TABLE.
COLUMNS_V3: tuple[Column[StoredBlinds], ...] = COLUMNS[:-2]
NAMES: tuple[str, ...] = names_of(COLUMNS)
# What a level-change write compares before it lands: the clock's times and what its status
# message shows. Two processes computing the same change from the same state cannot both match.
STATE: tuple[str, ...] = ("pauses", "shift", "shown_index", "shown_warned", "shown_paused", "shown_stopped")
_GET = {c.name: c.get for c in COLUMNS}


def to_row(rec: StoredBlinds) -> tuple[Any, ...]:
    """The record's values in `COLUMNS` order (without the id)."""
    return values_of(COLUMNS, rec)


def state_of(rec: StoredBlinds) -> tuple[Any, ...]:
    """The record's values of `STATE`, in that order."""
    return tuple(_GET[name](rec) for name in STATE)


def from_row(row: dict[str, Any]) -> StoredBlinds:
    """A record from a row holding `id` and every name in `COLUMNS`."""
    clock = BlindClock(
        structure=Structure.from_json(json.loads(row["structure"])),
        started_at=row["started_at"],
        pauses=tuple((p[0], p[1]) for p in json.loads(row["pauses"] or "[]")),
        shift=row["shift"] or 0.0,
        stopped_at=row["stopped_at"],
        moved=None if row.get("moved_at") is None else (row["moved_at"], int(row["moved_from"])),
    )
    return StoredBlinds(
        **placement(row),
        clock=clock,
        started_by=row["started_by"],
        shown=Stage(row["shown_index"] or 0, bool(row["shown_warned"]), bool(row["shown_paused"]),
                    bool(row["shown_stopped"])),
        shown_at=row["shown_at"],
    )
