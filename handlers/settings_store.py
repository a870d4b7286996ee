"""Per-server and per-channel settings in SQLite (sqlite-utils, WAL), and what is in force where.

One table of `(scope, scope_id, key) -> value` rows, so a feature that needs a new setting (the
clock's times, a default game) adds a key, not a migration. The Discord layer passes plain ids
and locale strings in; nothing here imports discord, so the console and tests can use it too.

Language resolution follows the spec: the channel's setting, else the server's, else the
server's preferred locale when it is Japanese or Korean, else English.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import sqlite_utils

from engine.rulesets import DEFAULT_RULESET, RULESETS
from handlers.context import Context
from handlers.i18n import DEFAULT_LANG, LANGS

DEFAULT_DB_NAME = "floorcall.db"
TABLE = "settings"

# Scopes a row can belong to. "app" holds process-wide facts (e.g. the synced commands' hash).
CHANNEL, SERVER, APP = "channel", "server", "app"
SCOPES = (CHANNEL, SERVER, APP)

# Well-known keys. Others (e.g. "clock_seconds") may be stored with `set`/`get` directly.
LANGUAGE, RULESET = "language", "ruleset"
CLOCK_SECONDS, CLOCK_COUNTDOWN = "clock_seconds", "clock_countdown"


def default_db_path() -> Path:
    """`FLOORCALL_DB` if set, else `floorcall.db` in the working directory."""
    return Path(os.environ.get("FLOORCALL_DB") or DEFAULT_DB_NAME)


@dataclass(frozen=True)
class InForce:
    """What applies in one channel, and where each value came from (for `/settings show`)."""

    lang: str
    lang_source: str  # "channel" | "server" | "locale" | "default"
    ruleset: str
    ruleset_source: str  # "server" | "default"
    extra: dict[str, str]


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
        extra = {k: v for k, v in server.items() if k not in (LANGUAGE, RULESET)}
        return InForce(lang, lang_source, ruleset, ruleset_source, extra)

    def context_for(self, guild_id: int | None, channel_id: int | None, guild_locale: str | None,
                    user: str | None = None) -> Context:
        """The handlers' Context for a message or interaction in that channel."""
        here = self.resolve(guild_id, channel_id, guild_locale)
        return Context(
            lang=here.lang,
            ruleset_id=here.ruleset,
            game=here.extra.get("game"),
            clock_seconds=_int_or_none(here.extra.get(CLOCK_SECONDS)),
            clock_countdown=_int_or_none(here.extra.get(CLOCK_COUNTDOWN)),
            user=user,
        )


def locale_lang(locale: str | None) -> str:
    """'ja' / 'ko' for a Japanese or Korean Discord locale, else English."""
    if not locale:
        return DEFAULT_LANG
    base = locale.replace("_", "-").split("-")[0].lower()
    return base if base in ("ja", "ko") else DEFAULT_LANG


def _int_or_none(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None
