"""Running clocks in SQLite, so a restart resumes them (or closes the ones that ran out meanwhile).

The same database file as the settings store (`settings_store.default_db_path`, i.e.
`FLOORCALL_DB`). One row per clock; `live` is 1 while it runs and NULL after, and a unique index
on (guild, channel, player, live) -- NULLs never collide -- makes "a second clock on the same
player in the same channel" a constraint of the database rather than a check that two fast
clicks could both pass.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import sqlite_utils

from handlers.clock import player_key
from handlers.clock_model import Clock, Phase
from handlers.settings_store import default_db_path

TABLE = "clocks"


def open_db(path: str | None = None) -> sqlite_utils.Database:
    """The bot's database: `path`, else the settings store's file (`FLOORCALL_DB`, else
    ./floorcall.db), in WAL mode like the settings store, so the two share one file."""
    if path == ":memory:":
        return sqlite_utils.Database(memory=True)
    target = Path(path) if path is not None else default_db_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite_utils.Database(target)
    db.enable_wal()
    return db


@dataclass(frozen=True)
class StoredClock:
    """A clock with where it lives on Discord and whom it belongs to."""

    id: int | None
    guild_id: int
    channel_id: int
    clock: Clock
    lang: str
    ruleset_id: str
    started_by_id: int | None = None
    message_id: int | None = None
    server_times: bool = False
    # The phase the message last showed, so a restart edits only when something changed.
    shown: Phase = Phase.RUNNING

    @property
    def player_key(self) -> str:
        return player_key(self.clock.player)


_COLUMNS: dict[str, Any] = {
    "id": int,
    "guild_id": int,
    "channel_id": int,
    "message_id": int,
    "player": str,
    "player_key": str,
    "started_by": str,
    "started_by_id": int,
    "lang": str,
    "ruleset_id": str,
    "seconds": int,
    "countdown": int,
    "started_at": float,
    "countdown_at": float,
    "ends_at": float,
    "facing": str,
    "same_moment_stands": int,
    "server_times": int,
    "live": int,
    "state": str,
    "shown": str,
    "stopped_at": float,
    "stopped_by": str,
    "closed_late": int,
    "same_moment": int,
}


def _row(rec: StoredClock) -> dict[str, Any]:
    c = rec.clock
    return {
        "guild_id": rec.guild_id,
        "channel_id": rec.channel_id,
        "message_id": rec.message_id,
        "player": c.player,
        "player_key": rec.player_key,
        "started_by": c.started_by,
        "started_by_id": rec.started_by_id,
        "lang": rec.lang,
        "ruleset_id": rec.ruleset_id,
        "seconds": c.seconds,
        "countdown": c.countdown,
        "started_at": c.started_at,
        "countdown_at": c.countdown_at,
        "ends_at": c.ends_at,
        "facing": c.facing,
        "same_moment_stands": int(c.same_moment_stands),
        "server_times": int(rec.server_times),
        "live": 1 if c.stopped is None else None,
        "state": (c.stopped or Phase.RUNNING).value,
        "shown": rec.shown.value,
        "stopped_at": c.stopped_at,
        "stopped_by": c.stopped_by,
        "closed_late": int(c.closed_late),
        "same_moment": int(c.same_moment),
    }


def _record(row: dict[str, Any]) -> StoredClock:
    state = Phase(row["state"])
    clock = Clock(
        player=row["player"],
        seconds=row["seconds"],
        countdown=row["countdown"],
        started_at=row["started_at"],
        facing=row["facing"],
        started_by=row["started_by"],
        same_moment_stands=bool(row["same_moment_stands"]),
        stopped=None if state.live else state,
        stopped_at=row["stopped_at"],
        stopped_by=row["stopped_by"],
        closed_late=bool(row["closed_late"]),
        same_moment=bool(row["same_moment"]),
    )
    return StoredClock(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        clock=clock,
        lang=row["lang"],
        ruleset_id=row["ruleset_id"],
        started_by_id=row["started_by_id"],
        message_id=row["message_id"],
        server_times=bool(row["server_times"]),
        shown=Phase(row["shown"]),
    )


class ClockStore:
    """Clocks by id; live ones by (guild, channel, player)."""

    def __init__(self, db: sqlite_utils.Database | None = None) -> None:
        self.db = db if db is not None else open_db()
        table = self.db[TABLE]
        if not table.exists():
            self.db[TABLE].create(_COLUMNS, pk="id", not_null={"guild_id", "channel_id", "player", "state"})
        # `live` is 1 or NULL, so only running clocks collide.
        self.db.execute(
            f"CREATE UNIQUE INDEX IF NOT EXISTS {TABLE}_one_live_per_player "
            f"ON {TABLE}(guild_id, channel_id, player_key, live)"
        )
        self.db.execute(f"CREATE INDEX IF NOT EXISTS {TABLE}_live ON {TABLE}(live)")

    @property
    def _table(self) -> sqlite_utils.db.Table:
        return self.db.table(TABLE)

    def add(self, rec: StoredClock) -> tuple[StoredClock, bool]:
        """Store a new live clock: (stored record, True), or (the one already running, False)."""
        try:
            with self.db.conn:
                table = self._table
                table.insert(_row(rec))
                new_id = table.last_pk
        except sqlite3.IntegrityError:
            existing = self.find_live(rec.guild_id, rec.channel_id, rec.clock.player)
            if existing is None:  # pragma: no cover - the row that collided vanished in between
                raise
            return existing, False
        return replace(rec, id=int(new_id)), True

    def save(self, rec: StoredClock) -> None:
        """Write a record's current state (message id, phase shown, how it ended)."""
        if rec.id is None:
            raise ValueError("save() needs a stored clock; use add()")
        with self.db.conn:
            self._table.update(rec.id, _row(rec))

    def get(self, clock_id: int) -> StoredClock | None:
        try:
            return _record(self._table.get(clock_id))
        except sqlite_utils.db.NotFoundError:
            return None

    def find_live(self, guild_id: int, channel_id: int, player: str) -> StoredClock | None:
        rows = list(
            self._table.rows_where(
                "guild_id = ? and channel_id = ? and player_key = ? and live = 1",
                [guild_id, channel_id, player_key(player)],
                limit=1,
            )
        )
        return _record(rows[0]) if rows else None

    def live(self) -> list[StoredClock]:
        """Every clock still running (after a restart: the ones to resume or close)."""
        return [_record(r) for r in self._table.rows_where("live = 1", order_by="ends_at")]

    def delete(self, clock_id: int) -> None:
        """Forget a clock whose message could not be posted."""
        with self.db.conn:
            self._table.delete(clock_id)
