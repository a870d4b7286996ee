"""A running clock as stored: `StoredClock`, and its one mapping to a database row.

Every column is listed once, in `COLUMNS`, with its SQL type and how it is read from a record;
`to_row` / `from_row` and both back ends' table definitions (handlers/store/migrations.py) come
from that one list (its `Column` and derivations are the blind clock's too: handlers/rows.py), so
a new field is one line here plus one migration, not four edits.

`live` is 1 while the clock runs and NULL after; a unique index on (guild, channel, player key,
live) -- NULLs never collide -- makes "a second clock on the same player in the same channel" a
constraint of the database rather than a check two fast clicks could both pass. `owner` and
`lease_until` say which process runs the clock's timer, and until when (handlers/store/clocks.py).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from handlers.clock.command import player_key
from handlers.clock.model import Clock, Phase
from handlers.rows import Column, names_of, placement, values_of


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
    # The secret half of the buttons' custom ids (`clock:act:<id>:<key>`): ids are sequential,
    # and a crafted `clock:cancel:2` pressed in one server stopped another server's clock. None
    # for a clock stored before migration 5 (its buttons carry the id alone and still work).
    key: str | None = field(default_factory=lambda: new_key())

    @property
    def player_key(self) -> str:
        return player_key(self.clock.player)


def new_key() -> str:
    """16 URL-safe characters (96 random bits): a button nobody was shown cannot be guessed."""
    return secrets.token_urlsafe(12)


def _state(rec: StoredClock) -> str:
    return (rec.clock.stopped or Phase.RUNNING).value


COLUMNS: tuple[Column[StoredClock], ...] = (
    Column("guild_id", "bigint", lambda r: r.guild_id, not_null=True),
    Column("channel_id", "bigint", lambda r: r.channel_id, not_null=True),
    Column("message_id", "bigint", lambda r: r.message_id),
    Column("player", "text", lambda r: r.clock.player, not_null=True),
    Column("player_key", "text", lambda r: r.player_key),
    Column("started_by", "text", lambda r: r.clock.started_by),
    Column("started_by_id", "bigint", lambda r: r.started_by_id),
    Column("lang", "text", lambda r: r.lang),
    Column("ruleset_id", "text", lambda r: r.ruleset_id),
    Column("seconds", "int", lambda r: r.clock.seconds),
    Column("countdown", "int", lambda r: r.clock.countdown),
    Column("started_at", "real", lambda r: r.clock.started_at),
    Column("countdown_at", "real", lambda r: r.clock.countdown_at),
    Column("ends_at", "real", lambda r: r.clock.ends_at),
    Column("facing", "text", lambda r: r.clock.facing),
    Column("same_moment_stands", "int", lambda r: int(r.clock.same_moment_stands)),
    Column("server_times", "int", lambda r: int(r.server_times)),
    Column("live", "int", lambda r: 1 if r.clock.stopped is None else None),
    Column("state", "text", _state, not_null=True),
    Column("shown", "text", lambda r: r.shown.value),
    Column("stopped_at", "real", lambda r: r.clock.stopped_at),
    Column("stopped_by", "text", lambda r: r.clock.stopped_by),
    # 0 on time, 1 closed after the bot was away, 2 held back while the database was away
    # (`Clock.held`): one column, so that needed no migration.
    Column("closed_late", "int", lambda r: 2 if r.clock.held else int(r.clock.closed_late)),
    Column("same_moment", "int", lambda r: int(r.clock.same_moment)),
    # Added by migration 5: the buttons' secret (StoredClock.key).
    Column("button_key", "text", lambda r: r.key),
)
# The columns the table had at migration 1 (its CREATE); later ones are added by ALTER TABLE.
COLUMNS_V1: tuple[Column[StoredClock], ...] = COLUMNS[:-1]
NAMES: tuple[str, ...] = names_of(COLUMNS)


def to_row(rec: StoredClock) -> tuple[Any, ...]:
    """The record's values in `COLUMNS` order (without the id)."""
    return values_of(COLUMNS, rec)


def from_row(row: dict[str, Any]) -> StoredClock:
    """A record from a row holding `id` and every name in `COLUMNS`."""
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
        held=row["closed_late"] == 2,
    )
    return StoredClock(**placement(row), clock=clock, server_times=bool(row["server_times"]),
                       shown=Phase(row["shown"]), key=row.get("button_key"))
