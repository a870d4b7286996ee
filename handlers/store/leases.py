"""The lease half of a clock repository, shared by the player clocks and the blind clocks.

Both tables carry `owner` and `lease_until` and the same `live` column (1 while running, NULL
after), and a process runs a clock's timer only while it holds that clock's lease. The SQL that
takes, keeps and gives back a lease is therefore the same for both, and is written here once
(handlers/store/clocks.py, handlers/store/blinds.py subclass `LeaseRepo`):

- `claim` is one UPDATE that sets `owner` and `lease_until` only where the clock is live and
  unowned, already ours, or its lease has run out -- of two claimants exactly one changes the row;
- the owner `renew`s every third of `LEASE_SECONDS`; a process killed with -9 stops renewing and
  its clocks become claimable once the lease runs out;
- `release` gives leases back at a clean shutdown, so the next owner need not wait them out;
- `take_over` takes a lease from an owner known to be dead (killed with -9 on this host and
  restarted: handlers/clock/leased.py `owner_is_gone`) at once, instead of waiting out its 15 s.

How a clock's state is written (`save`, and the player clock's `finish` / `amend`) differs in
meaning between the two -- one ends once, the other compare-and-sets a level change -- and stays
in each repository; `owned` is the one clause they share.

Lease times are the processes' wall clocks (epoch seconds), so hosts of one cluster keep their
clocks in sync (NTP); a skew well under the lease (15 s) only moves when a dead owner's clock
is taken up, never lets two processes announce one change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar, Generic, TypeVar

from handlers.store.db import Db
from handlers.store.errors import Conflict

LEASE_SECONDS = 15.0

R = TypeVar("R")


def owned(sql: str, args: list[object], owner: str | None) -> tuple[str, list[object]]:
    """`sql` (an UPDATE ... WHERE) limited to rows whose lease is `owner`'s or nobody's; as it is
    when `owner` is None (a write that may land whoever runs the timer)."""
    if owner is None:
        return sql, args
    return f"{sql} AND (owner = ? OR owner IS NULL)", [*args, owner]


class LeaseRepo(Generic[R]):
    """Rows of one clock table: adding, reading, and the leases. A subclass names its table,
    its columns and row mapping, the order of `live`, and how to find the clock an add collided with."""

    table: ClassVar[str]
    names: ClassVar[tuple[str, ...]]
    live_order: ClassVar[str]  # ORDER BY of `live`
    # The records module's mapping, as staticmethods: to_row(rec) -> values, from_row(row) -> rec.
    to_row: Callable[[Any], tuple[Any, ...]]
    from_row: Callable[[dict[str, Any]], Any]

    def __init__(self, db: Db) -> None:
        self.db = db
        # Built once: every read starts with `_select`, every state write sets `_set`.
        self._select = f"SELECT id, {', '.join(self.names)} FROM {self.table}"
        self._set = ", ".join(f"{n} = ?" for n in self.names)

    async def _existing(self, rec: R) -> R | None:
        """The live clock `rec` collided with on insert (the table's unique index), if any."""
        raise NotImplementedError

    async def add(self, rec: R, owner: str | None = None, lease_until: float | None = None) -> tuple[R, bool]:
        """Store a new live clock owned by `owner`: (stored record, True), or (the live one it
        collided with, False)."""
        cols = ", ".join((*self.names, "owner", "lease_until"))
        marks = ", ".join("?" for _ in range(len(self.names) + 2))
        try:
            [row] = await self.db.fetch(f"INSERT INTO {self.table} ({cols}) VALUES ({marks}) RETURNING id",
                                        *self.to_row(rec), owner, lease_until)
        except Conflict:
            existing = await self._existing(rec)
            if existing is None:  # the clock that collided ended in between: try once more
                return await self.add(rec, owner, lease_until)
            return existing, False
        return replace(rec, id=int(row["id"])), True  # type: ignore[type-var]

    async def get(self, clock_id: int) -> R | None:
        rows = await self.db.fetch(f"{self._select} WHERE id = ?", clock_id)
        return self.from_row(rows[0]) if rows else None

    async def _first_live(self, where: str, *args: object) -> R | None:
        rows = await self.db.fetch(f"{self._select} WHERE {where} AND live = 1", *args)
        return self.from_row(rows[0]) if rows else None

    async def live(self) -> list[R]:
        """Every running clock, in the table's `live_order`."""
        rows = await self.db.fetch(f"{self._select} WHERE live = 1 ORDER BY {self.live_order}")
        return [self.from_row(r) for r in rows]

    async def live_held(self) -> list[tuple[R, str | None]]:
        """Every running clock with the owner of its lease (None: free), in `live_order`: what
        `resume` needs to tell a lease held by a live process from one left by a dead one."""
        rows = await self.db.fetch(f"SELECT id, {', '.join(self.names)}, owner FROM {self.table} "
                                   f"WHERE live = 1 ORDER BY {self.live_order}")
        return [(self.from_row(r), r["owner"]) for r in rows]

    async def take_over(self, clock_id: int, gone: str, owner: str, until: float) -> bool:
        """Take the lease of a live clock that `gone` still holds (a process known to be dead:
        handlers/clock/leased.py `owner_is_gone`) without waiting for it to run out; False when
        someone else took it first or the clock ended."""
        return await self.db.execute(
            f"UPDATE {self.table} SET owner = ?, lease_until = ? WHERE id = ? AND live = 1 AND owner = ?",
            owner, until, clock_id, gone) == 1

    async def owner_of(self, clock_id: int) -> tuple[str | None, float | None]:
        rows = await self.db.fetch(f"SELECT owner, lease_until FROM {self.table} WHERE id = ?", clock_id)
        return (rows[0]["owner"], rows[0]["lease_until"]) if rows else (None, None)

    async def claim(self, clock_id: int, owner: str, now: float, until: float) -> bool:
        """Take a live clock's timer: True for the one process whose UPDATE changed the row."""
        return await self.db.execute(
            f"UPDATE {self.table} SET owner = ?, lease_until = ? WHERE id = ? AND live = 1 "
            "AND (owner IS NULL OR owner = ? OR lease_until IS NULL OR lease_until < ?)",
            owner, until, clock_id, owner, now) == 1

    async def renew(self, owner: str, until: float) -> int:
        """Extend every lease `owner` holds; how many it still holds."""
        return await self.db.execute(
            f"UPDATE {self.table} SET lease_until = ? WHERE owner = ? AND live = 1", until, owner)

    async def release(self, owner: str, ids: list[int] | None = None) -> None:
        """Give leases back (a clean shutdown), so the next owner need not wait them out."""
        free = f"UPDATE {self.table} SET owner = NULL, lease_until = NULL WHERE owner = ?"
        if ids is None:
            await self.db.execute(free, owner)
            return
        for clock_id in ids:
            await self.db.execute(f"{free} AND id = ?", owner, clock_id)

    async def delete(self, clock_id: int) -> None:
        """Forget a clock whose message could not be posted."""
        await self.db.execute(f"DELETE FROM {self.table} WHERE id = ?", clock_id)
