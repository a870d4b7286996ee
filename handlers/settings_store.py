"""Per-server and per-channel settings in SQLite (sqlite-utils, WAL), and what is in force where.

One table of `(scope, scope_id, key) -> value` rows, so a feature that needs a new setting (the
clock's times, a default game) adds a key, not a migration. The Discord layer passes plain ids
and locale strings in; nothing here imports discord, so the console and tests can use it too.

Language resolution follows the spec: the channel's setting, else the server's, else the
server's preferred locale when it is Japanese or Korean, else English.
"""

from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import sqlite_utils

from engine.rulesets import DEFAULT_RULESET, RULESETS
from handlers.context import Context
from handlers.i18n import DEFAULT_LANG, LANGS

log = logging.getLogger(__name__)

DEFAULT_DB_NAME = "floorcall.db"
TABLE = "settings"

# Scopes a row can belong to. "app" holds process-wide facts (e.g. the synced commands' hash).
CHANNEL, SERVER, APP = "channel", "server", "app"
SCOPES = (CHANNEL, SERVER, APP)

# Well-known keys. Others (e.g. "clock_seconds") may be stored with `set`/`get` directly.
LANGUAGE, RULESET = "language", "ruleset"
CLOCK_SECONDS, CLOCK_COUNTDOWN = "clock_seconds", "clock_countdown"

# The clock times a server may set for itself (`/settings clock`). These are sanity bounds of the
# product, not rules: the rulesets' own times (engine/rulesets.py) lie inside them, and a test
# checks that. Seconds to act: 5 s to 10 min; countdown: none at all up to one minute, and never
# longer than the time to act.
CLOCK_SECONDS_RANGE = (5, 600)
CLOCK_COUNTDOWN_RANGE = (0, 60)


def default_db_path() -> Path:
    """`FLOORCALL_DB` if set, else `floorcall.db` in the working directory."""
    return Path(os.environ.get("FLOORCALL_DB") or DEFAULT_DB_NAME)


class ClockTimesError(ValueError):
    """Clock times a server may not set; `code` names the message, `params` fill it in."""

    def __init__(self, code: str, **params: int) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def check_clock_times(seconds: int, countdown: int) -> None:
    """Raise ClockTimesError unless a server may run its clock at these times."""
    lo, hi = CLOCK_SECONDS_RANGE
    if not lo <= seconds <= hi:
        raise ClockTimesError("clock_seconds_range", value=seconds, min=lo, max=hi)
    lo, hi = CLOCK_COUNTDOWN_RANGE
    if not lo <= countdown <= hi:
        raise ClockTimesError("clock_countdown_range", value=countdown, min=lo, max=hi)
    if countdown > seconds:
        raise ClockTimesError("clock_countdown_longer", seconds=seconds, countdown=countdown)


@dataclass(frozen=True)
class ClockTimes:
    """The clock's times in force in a server, and which of them the server set itself.

    `server_seconds` / `server_countdown` are the server's own values (None where the ruleset's
    applies); `seconds` / `countdown` are what a clock started now runs for.
    """

    seconds: int
    countdown: int
    server_seconds: int | None = None
    server_countdown: int | None = None

    @property
    def source(self) -> str:
        """"server" when the server set any of the two, else "ruleset"."""
        return "ruleset" if self.server_seconds is None and self.server_countdown is None else "server"


@dataclass(frozen=True)
class InForce:
    """What applies in one channel, and where each value came from (for `/settings show`)."""

    lang: str
    lang_source: str  # "channel" | "server" | "locale" | "default"
    ruleset: str
    ruleset_source: str  # "server" | "default"
    extra: dict[str, str]
    clock: ClockTimes


class SettingsStore:
    """A small key-value store; every call is one short SQLite statement (safe on the event loop)."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite_utils.Database(self.path)
        self.db.enable_wal()
        self._lock = threading.Lock()
        if TABLE not in self.db.table_names():
            self.db[TABLE].create(
                {"scope": str, "scope_id": int, "key": str, "value": str, "updated_at": str},
                pk=("scope", "scope_id", "key"),
            )
        self.closed = False

    # -- generic keys ----------------------------------------------------------------------------

    def get(self, scope: str, scope_id: int, key: str) -> str | None:
        with self._lock:
            rows = list(
                self.db.query(
                    f"select value from {TABLE} where scope = ? and scope_id = ? and key = ?",
                    [scope, int(scope_id), key],
                )
            )
        return rows[0]["value"] if rows else None

    def set(self, scope: str, scope_id: int, key: str, value: str) -> None:
        if scope not in SCOPES:
            raise ValueError(f"unknown scope {scope!r}")
        row = {"scope": scope, "scope_id": int(scope_id), "key": key, "value": str(value),
               "updated_at": datetime.now(UTC).isoformat(timespec="seconds")}
        with self._lock:
            self.db[TABLE].upsert(row, pk=("scope", "scope_id", "key"))

    def delete(self, scope: str, scope_id: int, key: str) -> None:
        with self._lock:
            self.db.execute(
                f"delete from {TABLE} where scope = ? and scope_id = ? and key = ?", [scope, int(scope_id), key]
            )
            self.db.conn.commit()

    def all_for(self, scope: str, scope_id: int) -> dict[str, str]:
        with self._lock:
            rows = self.db.query(
                f"select key, value from {TABLE} where scope = ? and scope_id = ?", [scope, int(scope_id)]
            )
            return {r["key"]: r["value"] for r in rows}

    # -- the clock's times -----------------------------------------------------------------------

    def set_clock_times(self, guild_id: int, seconds: int, countdown: int) -> None:
        """Give a server its own clock times (both, in one transaction); ClockTimesError if out of bounds."""
        check_clock_times(seconds, countdown)
        now = datetime.now(UTC).isoformat(timespec="seconds")
        rows = [(SERVER, int(guild_id), key, str(value), now)
                for key, value in ((CLOCK_SECONDS, seconds), (CLOCK_COUNTDOWN, countdown))]
        # One statement over both rows in one transaction: never one time without the other.
        with self._lock, self.db.conn as conn:
            conn.executemany(
                f"insert into {TABLE} (scope, scope_id, key, value, updated_at) values (?, ?, ?, ?, ?) "
                "on conflict (scope, scope_id, key) do update set value = excluded.value, "
                "updated_at = excluded.updated_at",
                rows,
            )

    def reset_clock_times(self, guild_id: int) -> bool:
        """Back to the ruleset's times; False when the server had none of its own."""
        with self._lock, self.db.conn:
            cursor = self.db.execute(
                f"delete from {TABLE} where scope = ? and scope_id = ? and key in (?, ?)",
                [SERVER, int(guild_id), CLOCK_SECONDS, CLOCK_COUNTDOWN],
            )
        return cursor.rowcount > 0

    def close(self) -> None:
        """Checkpoint the WAL and close; safe to call twice."""
        if self.closed:
            return
        with self._lock:
            try:
                self.db.execute("pragma wal_checkpoint(truncate)")
            finally:
                self.db.conn.close()
                self.closed = True

    # -- what is in force ------------------------------------------------------------------------

    def resolve(self, guild_id: int | None, channel_id: int | None, guild_locale: str | None) -> InForce:
        """The language and ruleset in force in a channel, and why (spec: channel → server → locale → en)."""
        server = self.all_for(SERVER, guild_id) if guild_id is not None else {}
        channel = self.all_for(CHANNEL, channel_id) if channel_id is not None else {}
        if channel.get(LANGUAGE) in LANGS:
            lang, lang_source = channel[LANGUAGE], "channel"
        elif server.get(LANGUAGE) in LANGS:
            lang, lang_source = server[LANGUAGE], "server"
        elif locale_lang(guild_locale) != DEFAULT_LANG:
            lang, lang_source = locale_lang(guild_locale), "locale"
        else:
            lang, lang_source = DEFAULT_LANG, "default"
        if server.get(RULESET) in RULESETS:
            ruleset, ruleset_source = server[RULESET], "server"
        else:
            ruleset, ruleset_source = DEFAULT_RULESET, "default"
        extra = {k: v for k, v in server.items() if k not in _SHOWN_KEYS}
        return InForce(lang, lang_source, ruleset, ruleset_source, extra, clock_times(server, ruleset))

    def context_for(self, guild_id: int | None, channel_id: int | None, guild_locale: str | None,
                    user: str | None = None) -> Context:
        """The handlers' Context for a message or interaction in that channel."""
        here = self.resolve(guild_id, channel_id, guild_locale)
        return Context(
            lang=here.lang,
            ruleset_id=here.ruleset,
            game=here.extra.get("game"),
            clock_seconds=here.clock.server_seconds,
            clock_countdown=here.clock.server_countdown,
            user=user,
        )


def locale_lang(locale: str | None) -> str:
    """'ja' / 'ko' for a Japanese or Korean Discord locale, else English."""
    if not locale:
        return DEFAULT_LANG
    base = locale.replace("_", "-").split("-")[0].lower()
    return base if base in ("ja", "ko") else DEFAULT_LANG


# Keys `/settings show` presents on their own lines rather than under "other settings".
_SHOWN_KEYS = frozenset({LANGUAGE, RULESET, CLOCK_SECONDS, CLOCK_COUNTDOWN})


def clock_times(server: dict[str, str], ruleset_id: str) -> ClockTimes:
    """The clock's times from a server's settings, each one falling back to the ruleset's.

    A stored value that is not a whole number inside the bounds (a hand-edited database) is
    ignored with a warning rather than run: the ruleset's time applies instead.
    """
    rs = RULESETS[ruleset_id]
    own_seconds = _stored_time(server, CLOCK_SECONDS, CLOCK_SECONDS_RANGE)
    own_countdown = _stored_time(server, CLOCK_COUNTDOWN, CLOCK_COUNTDOWN_RANGE)
    return ClockTimes(
        seconds=rs.clock_seconds if own_seconds is None else own_seconds,
        countdown=rs.clock_countdown if own_countdown is None else own_countdown,
        server_seconds=own_seconds,
        server_countdown=own_countdown,
    )


def _stored_time(server: dict[str, str], key: str, bounds: tuple[int, int]) -> int | None:
    raw = server.get(key)
    if raw is None:
        return None
    try:
        value = int(raw)
    except ValueError:
        value = None
    if value is None or not bounds[0] <= value <= bounds[1]:
        log.warning("ignoring the stored %s %r: not a whole number in %s..%s", key, raw, *bounds)
        return None
    return value
