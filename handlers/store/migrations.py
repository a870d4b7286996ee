"""Versioned schema migrations, the same list for SQLite and PostgreSQL.

`schema_migrations` records each version applied. A database written before versioning (the
settings and clocks tables, no `schema_migrations`) is adopted: version 1 creates only what is
missing, with the columns that version wrote, and later versions alter it. Nothing is ever dropped.

A new table is one more `Migration` at the end of `MIGRATIONS` and one more entry in
`OWN_TABLES`; its statements are written once, with `TYPES[dialect]` for the column types that
differ. Version 3 did that for the blind clocks, whose table an earlier floorcall created by itself
in the settings' SQLite file (with its own `schema_versions` row): version 3 adopts it as it
is -- same name, same columns, same unique index -- and adds the lease columns; the old
`schema_versions` table is left alone. Version 4 adds two columns to the blind clocks (so version
3 creates the table with the columns it had then, `COLUMNS_V3`); version 5 one to the player
clocks (version 1 creates theirs with `COLUMNS_V1`).

Two processes starting at once may both try a version: each runs in one transaction together
with its `schema_migrations` row, so the loser's transaction fails on that row, rolls back, and
finds the version applied when it looks again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from handlers.blinds.records import COLUMNS_V3 as BLIND_COLUMNS_V3
from handlers.clock.records import COLUMNS_V1 as CLOCK_COLUMNS
from handlers.store.db import Db, Statement
from handlers.store.errors import ENV, StoreConfigError, StoreError

TYPES = {
    "sqlite": {"bigint": "INTEGER", "int": "INTEGER", "real": "REAL", "text": "TEXT", "id": "INTEGER PRIMARY KEY"},
    "postgresql": {"bigint": "BIGINT", "int": "INTEGER", "real": "DOUBLE PRECISION", "text": "TEXT",
                   "id": "BIGSERIAL PRIMARY KEY"},
}


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    statements: Callable[[str], list[str]]  # dialect -> SQL


def _v1(dialect: str) -> list[str]:
    t = TYPES[dialect]
    clock_cols = ", ".join(
        f"{c.name} {t[c.type]}{' NOT NULL' if c.not_null else ''}" for c in CLOCK_COLUMNS
    )
    return [
        f"CREATE TABLE IF NOT EXISTS settings (scope TEXT, scope_id {t['bigint']}, key TEXT, value TEXT, "
        "updated_at TEXT, PRIMARY KEY (scope, scope_id, key))",
        f"CREATE TABLE IF NOT EXISTS clocks (id {t['id']}, {clock_cols})",
        "CREATE UNIQUE INDEX IF NOT EXISTS clocks_one_live_per_player ON clocks(guild_id, channel_id, player_key, live)",
        "CREATE INDEX IF NOT EXISTS clocks_live ON clocks(live)",
    ]


def _v2(dialect: str) -> list[str]:
    """Leases: which process runs a clock's timer (`owner`), and until when it has it."""
    t = TYPES[dialect]
    return [
        "ALTER TABLE clocks ADD COLUMN owner TEXT",
        f"ALTER TABLE clocks ADD COLUMN lease_until {t['real']}",
    ]


def _v3(dialect: str) -> list[str]:
    """Blind clocks, one live per channel, with leases like the player clocks'. `IF NOT EXISTS`:
    a database where the blind clock kept its own table already has both (same definitions)."""
    t = TYPES[dialect]
    cols = ", ".join(f"{c.name} {t[c.type]}{' NOT NULL' if c.not_null else ''}" for c in BLIND_COLUMNS_V3)
    return [
        f"CREATE TABLE IF NOT EXISTS blind_clocks (id {t['id']}, {cols})",
        "CREATE UNIQUE INDEX IF NOT EXISTS blind_clocks_one_per_channel ON blind_clocks(guild_id, channel_id, live)",
        "CREATE INDEX IF NOT EXISTS blind_clocks_live ON blind_clocks(live)",
        "ALTER TABLE blind_clocks ADD COLUMN owner TEXT",
        f"ALTER TABLE blind_clocks ADD COLUMN lease_until {t['real']}",
    ]


def _v4(dialect: str) -> list[str]:
    """The floor's last next/back on a blind clock (which level a hand in play was dealt at)."""
    t = TYPES[dialect]
    return [
        f"ALTER TABLE blind_clocks ADD COLUMN moved_at {t['real']}",
        f"ALTER TABLE blind_clocks ADD COLUMN moved_from {t['int']}",
    ]


def _v5(dialect: str) -> list[str]:
    """Player clock buttons carry a secret beside the clock's id (handlers/clock/records.py), and
    finished records are found by age for the retention sweep (handlers/store/retention.py)."""
    return [
        "ALTER TABLE clocks ADD COLUMN button_key TEXT",
        "CREATE INDEX IF NOT EXISTS clocks_stopped_at ON clocks(stopped_at)",
        "CREATE INDEX IF NOT EXISTS blind_clocks_stopped_at ON blind_clocks(stopped_at)",
    ]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "settings and player clocks", _v1),
    Migration(2, "clock leases", _v2),
    Migration(3, "blind clocks with leases", _v3),
    Migration(4, "blind clocks remember the floor's last move", _v4),
    Migration(5, "clock button secrets; finished records found by age", _v5),
)
LATEST = MIGRATIONS[-1].version
MIGRATION_LOCK = 0x666C6F6F72  # "floor": the advisory lock key migrations take on PostgreSQL

# The tables floorcall writes, with the columns version 1 gave them: a table of that name
# without them belongs to someone else, and floorcall refuses to touch it.
OWN_TABLES: dict[str, frozenset[str]] = {
    "settings": frozenset({"scope", "scope_id", "key", "value"}),
    "clocks": frozenset({"id", *(c.name for c in CLOCK_COLUMNS)}),
    "blind_clocks": frozenset({"id", *(c.name for c in BLIND_COLUMNS_V3)}),
    "schema_migrations": frozenset({"version", "name", "applied_at"}),
}


async def columns(db: Db, table: str) -> set[str]:
    """The table's column names (empty when there is no such table)."""
    if db.dialect == "sqlite":
        rows = await db.fetch("SELECT name FROM pragma_table_info(?)", table)
        return {r["name"] for r in rows}
    rows = await db.fetch(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() "
        "AND table_name = ?", table)
    return {r["column_name"] for r in rows}


async def check_tables(db: Db) -> None:
    """StoreConfigError when a table of ours by name has columns we never wrote."""
    for table, needed in OWN_TABLES.items():
        have = await columns(db, table)
        if have and not needed <= have:
            raise StoreConfigError(
                f"{ENV}: {db.where} has a table '{table}' that floorcall did not write "
                f"(missing {', '.join(sorted(needed - have))}); point {ENV} at a database of floorcall's own")


async def applied(db: Db) -> set[int]:
    return {int(r["version"]) for r in await db.fetch("SELECT version FROM schema_migrations")}


async def migrate(db: Db) -> list[int]:
    """Bring the schema to `LATEST`; the versions this call applied (empty when up to date)."""
    await check_tables(db)
    # PostgreSQL's CREATE ... IF NOT EXISTS is not safe against a concurrent one (seen: a
    # duplicate key in pg_type), so there every migration transaction first takes one advisory
    # lock; SQLite's BEGIN IMMEDIATE already makes them one at a time.
    lock: list[Statement] = [("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))] if db.dialect == "postgresql" else []
    await db.script([*lock, (
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
        "applied_at TEXT NOT NULL)", ())])
    done = await applied(db)
    if done and max(done) > LATEST:
        raise StoreConfigError(
            f"{ENV}: {db.where} was written by a newer floorcall (schema {max(done)}, this one knows {LATEST}); "
            "upgrade floorcall")
    ran: list[int] = []
    for m in MIGRATIONS:
        if m.version in done:
            continue
        now = datetime.now(UTC).isoformat(timespec="seconds")
        statements: list[Statement] = [*lock, *((sql, ()) for sql in m.statements(db.dialect))]
        statements.append(("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                           (m.version, m.name, now)))
        try:
            await db.script(statements)
        except StoreError:
            if m.version not in await applied(db):  # not a race with another process: a real failure
                raise
            continue
        ran.append(m.version)
    return ran
