"""How a stored record's dataclass maps to its table's columns, for every clock table.

The player clocks (handlers/clock/records.py) and the blind clocks (handlers/blinds/records.py)
each list their columns once -- name, SQL type, how the value is read from a record -- and derive
the row, the column names, the repositories' SQL and both back ends' table definitions
(handlers/store/migrations.py) from that one list. The list's element and the two derivations
are the same for both tables and live here; reading a row back (`from_row`) builds a different
record for each and stays with it. This module sits outside handlers/store/ because the records
modules are imported by the store's own package (its __init__ opens the repositories).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

R = TypeVar("R")


@dataclass(frozen=True)
class Column(Generic[R]):
    """One column: name, SQL type ("int", "bigint", "real", "text"), and its value in a record."""

    name: str
    type: str
    get: Callable[[R], Any]
    not_null: bool = False


def names_of(columns: Iterable[Column[R]]) -> tuple[str, ...]:
    """The column names, in the list's order (what every SELECT and INSERT names)."""
    return tuple(c.name for c in columns)


def values_of(columns: Iterable[Column[R]], rec: R) -> tuple[Any, ...]:
    """The record's values in the list's order (without the id)."""
    return tuple(c.get(rec) for c in columns)


def placement(row: dict[str, Any]) -> dict[str, Any]:
    """What every stored clock record holds besides its clock, read from its row: the id, where
    its message is (guild, channel, message), its language and ruleset, and who started it --
    the same columns with the same meaning in both tables, as keyword arguments of the record."""
    return {
        "id": int(row["id"]),
        "guild_id": int(row["guild_id"]),
        "channel_id": int(row["channel_id"]),
        "lang": row["lang"],
        "ruleset_id": row["ruleset_id"],
        "started_by_id": row["started_by_id"],
        "message_id": row["message_id"],
    }
