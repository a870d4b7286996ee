"""The two primitives every repository is written against, so each query exists once.

A back end (SQLite in `sqlite.py`, PostgreSQL in `postgres.py`) runs statements written with `?`
placeholders (PostgreSQL's `$1 ...` are produced from them), off the event loop, and maps its
driver's errors onto `handlers.store.errors`. `script` runs several statements in one
transaction: a pair of settings, or a write and the notice that tells other processes about it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

Row = dict[str, Any]
Statement = tuple[str, Sequence[Any]]


class Db(Protocol):
    dialect: str  # "sqlite" | "postgresql"
    where: str  # what `FLOORCALL_DB` named, for messages (no password)

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        """Rows of one statement (also `insert ... returning`)."""
        ...

    async def execute(self, sql: str, *args: Any) -> int:
        """One statement in its own transaction; the number of rows it changed."""
        ...

    async def script(self, statements: Sequence[Statement]) -> list[int]:
        """Several statements in one transaction; each one's changed-row count."""
        ...

    async def close(self) -> None: ...


def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2 ...` (no query here has a literal `?`)."""
    parts = sql.split("?")
    out = [parts[0]]
    for i, part in enumerate(parts[1:], start=1):
        out.append(f"${i}{part}")
    return "".join(out)
