"""What can go wrong with the database, in words a command can answer with.

`StoreBusy` and `StoreUnavailable` are passing conditions (another process holds SQLite's write
lock; PostgreSQL is restarting): the command answers a localized "try again" and nothing was
written. `StoreConfigError` is a setting that cannot work (`FLOORCALL_DB` names a directory, a
file of garbage, another program's tables ...): the bot prints its one line and exits.
"""

from __future__ import annotations

import functools
from typing import Any

ENV = "FLOORCALL_DB"


class StoreError(Exception):
    """Base of the store's errors."""


class StoreBusy(StoreError):
    """The database did not answer in time (a lock held elsewhere); try again shortly."""


class StoreUnavailable(StoreError):
    """The database cannot be reached right now (down, restarting, network); try again shortly."""


class StoreConfigError(StoreError):
    """`FLOORCALL_DB` points at something floorcall cannot use; the message is one line naming it."""


class Conflict(StoreError):
    """A unique constraint refused the row (a second live clock on one player in one channel)."""


@functools.cache
def _messages() -> Any:  # imported late: handlers.i18n is light, but errors.py is imported by everything here
    from handlers.i18n import Messages

    return Messages("store")


def try_again(err: StoreError, lang: str) -> str:
    """The localized "try again" for a database that is busy or away (any other StoreError too)."""
    key = "unavailable" if isinstance(err, StoreUnavailable) else "busy"
    return _messages()(key, lang)
