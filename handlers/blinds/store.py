"""Blind clocks in SQLite, so a restart works the level out again from what was stored.

Same database file and opening as the player clock's store (`open_db` below). One row per
clock; `live` is 1 while it runs and NULL once stopped, and a unique index on (guild, channel,
live) makes "one clock per channel" a constraint of the database, so two fast `start`s cannot
both win. The table is created at a version recorded in `schema_versions` (name, version); a
later change adds a step to `_MIGRATIONS` instead of guessing from the columns.

Kept to a small class of its own (add / save / get / find_live / live / delete) so that it can be
carried over to a shared store interface as it is.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import sqlite_utils

from handlers.blinds.model import BlindClock, Stage
from handlers.blinds.structure import Structure
from handlers.settings_store import default_db_path


def open_db(path: str | None = None) -> sqlite_utils.Database:
    """The SQLite file the blind clocks live in: `path`, else `FLOORCALL_DB`'s file, in WAL mode.
    (The player clocks and settings are behind handlers.store; the blind clock joins them next.)"""
    if path == ":memory:":
        return sqlite_utils.Database(memory=True)
    target = Path(path) if path is not None else default_db_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite_utils.Database(target)
    db.enable_wal()
    return db

TABLE = "blind_clocks"
VERSIONS = "schema_versions"
SCHEMA_VERSION = 1


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


_COLUMNS: dict[str, Any] = {
    "id": int,
    "guild_id": int,
    "channel_id": int,
    "live": int,
    "message_id": int,
    "structure": str,
    "started_at": float,
    "pauses": str,
    "shift": float,
    "stopped_at": float,
    "lang": str,
    "ruleset_id": str,
    "started_by": str,
    "started_by_id": int,
    "shown_index": int,
    "shown_warned": int,
    "shown_paused": int,
    "shown_stopped": int,
    "shown_at": float,
}


def _create_v1(db: sqlite_utils.Database) -> None:
    db[TABLE].create(_COLUMNS, pk="id", not_null={"guild_id", "channel_id", "structure", "started_at"})
    db.execute(f"CREATE UNIQUE INDEX IF NOT EXISTS {TABLE}_one_per_channel ON {TABLE}(guild_id, channel_id, live)")


# version -> the step that brings the table from the version before it to this one.
_MIGRATIONS = {1: _create_v1}


def _row(rec: StoredBlinds) -> dict[str, Any]:
    c = rec.clock
    return {
        "guild_id": rec.guild_id,
        "channel_id": rec.channel_id,
        "live": None if c.stopped else 1,
        "message_id": rec.message_id,
        "structure": json.dumps(c.structure.to_json(), ensure_ascii=False),
        "started_at": c.started_at,
        "pauses": json.dumps([list(p) for p in c.pauses]),
        "shift": c.shift,
        "stopped_at": c.stopped_at,
        "lang": rec.lang,
        "ruleset_id": rec.ruleset_id,
        "started_by": rec.started_by,
        "started_by_id": rec.started_by_id,
        "shown_index": rec.shown.index,
        "shown_warned": int(rec.shown.warned),
        "shown_paused": int(rec.shown.paused),
        "shown_stopped": int(rec.shown.stopped),
        "shown_at": rec.shown_at,
    }


def _record(row: dict[str, Any]) -> StoredBlinds:
    clock = BlindClock(
        structure=Structure.from_json(json.loads(row["structure"])),
        started_at=row["started_at"],
        pauses=tuple((p[0], p[1]) for p in json.loads(row["pauses"] or "[]")),
        shift=row["shift"] or 0.0,
        stopped_at=row["stopped_at"],
    )
    return StoredBlinds(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        clock=clock,
        lang=row["lang"],
        ruleset_id=row["ruleset_id"],
        started_by=row["started_by"],
        started_by_id=row["started_by_id"],
        message_id=row["message_id"],
        shown=Stage(row["shown_index"] or 0, bool(row["shown_warned"]), bool(row["shown_paused"]),
                    bool(row["shown_stopped"])),
        shown_at=row["shown_at"],
    )


class BlindStore:
    """Blind clocks by id; the live one of a channel by (guild, channel)."""

    def __init__(self, db: sqlite_utils.Database | None = None) -> None:
        self.db = db if db is not None else open_db()
        with self.db.conn:
            if not self.db[VERSIONS].exists():
                self.db[VERSIONS].create({"name": str, "version": int}, pk="name")
            rows = list(self.db.query(f"select version from {VERSIONS} where name = ?", [TABLE]))
            have = rows[0]["version"] if rows else 0
            for version in range(have + 1, SCHEMA_VERSION + 1):
                _MIGRATIONS[version](self.db)
            if have != SCHEMA_VERSION:
                self.db[VERSIONS].upsert({"name": TABLE, "version": SCHEMA_VERSION}, pk="name")

    @property
    def _table(self) -> sqlite_utils.db.Table:
        return self.db.table(TABLE)

    def add(self, rec: StoredBlinds) -> tuple[StoredBlinds, bool]:
        """Store a new clock: (stored record, True), or (the one already running here, False)."""
        try:
            with self.db.conn:
                table = self._table
                table.insert(_row(rec))
                new_id = table.last_pk
        except sqlite3.IntegrityError:
            existing = self.find_live(rec.guild_id, rec.channel_id)
            if existing is None:  # pragma: no cover - the row that collided vanished in between
                raise
            return existing, False
        return replace(rec, id=int(new_id)), True

    def save(self, rec: StoredBlinds) -> None:
        if rec.id is None:
            raise ValueError("save() needs a stored clock; use add()")
        with self.db.conn:
            self._table.update(rec.id, _row(rec))

    def get(self, clock_id: int) -> StoredBlinds | None:
        try:
            return _record(self._table.get(clock_id))
        except sqlite_utils.db.NotFoundError:
            return None

    def find_live(self, guild_id: int, channel_id: int) -> StoredBlinds | None:
        rows = list(self._table.rows_where("guild_id = ? and channel_id = ? and live = 1",
                                           [guild_id, channel_id], limit=1))
        return _record(rows[0]) if rows else None

    def live(self) -> list[StoredBlinds]:
        return [_record(r) for r in self._table.rows_where("live = 1", order_by="id")]

    def delete(self, clock_id: int) -> None:
        with self.db.conn:
            self._table.delete(clock_id)
