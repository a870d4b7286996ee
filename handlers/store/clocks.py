"""Player clocks in the store, and the lease that says which process runs each one's timer.

A clock belongs to the shard of its guild, and only a process serving that shard runs it. During a
hand-over two processes may both believe they do, so ownership is a row-level fact:

- `claim` is one UPDATE that sets `owner` and `lease_until` only where the clock is live and
  unowned, already ours, or its lease has run out -- of two claimants exactly one changes the row;
- the owner renews its leases every third of `LEASE_SECONDS`; a process killed with -9 stops
  renewing and its clocks become claimable once the lease runs out;
- the end of a clock (`finish`) is one UPDATE from live to final that also needs `owner` to be the
  caller (or the clock unowned), so only one process ever announces it, and a press (Acted/Cancel)
  is the same compare-and-set on `live`, so a press and the timer cannot both win.

Lease times are the processes' wall clocks (epoch seconds), so hosts of one cluster keep their
clocks in sync (NTP); a skew well under the lease (15 s) only moves when a dead owner's clock
is taken up, never lets two processes announce one end.
"""

from __future__ import annotations

from dataclasses import replace

from handlers.clock.records import NAMES, StoredClock, from_row, to_row
from handlers.store.db import Db
from handlers.store.errors import Conflict

LEASE_SECONDS = 15.0
_SELECT = f"SELECT id, {', '.join(NAMES)} FROM clocks"
_SET = ", ".join(f"{n} = ?" for n in NAMES)


class ClockRepo:
    def __init__(self, db: Db) -> None:
        self.db = db

    async def add(self, rec: StoredClock, owner: str | None = None, lease_until: float | None = None
                  ) -> tuple[StoredClock, bool]:
        """Store a new live clock owned by `owner`: (stored record, True), or (the one already
        running on that player in that channel, False)."""
        cols = ", ".join((*NAMES, "owner", "lease_until"))
        marks = ", ".join("?" for _ in range(len(NAMES) + 2))
        try:
            [row] = await self.db.fetch(f"INSERT INTO clocks ({cols}) VALUES ({marks}) RETURNING id",
                                        *to_row(rec), owner, lease_until)
        except Conflict:
            existing = await self.find_live(rec.guild_id, rec.channel_id, rec.player_key)
            if existing is None:  # the clock that collided ended in between: try once more
                return await self.add(rec, owner, lease_until)
            return existing, False
        return replace(rec, id=int(row["id"])), True

    async def save(self, rec: StoredClock, owner: str | None = None) -> bool:
        """Write a live clock's state (message id, phase shown) -- only while it is live and, with
        `owner`, still ours. False when it ended or another process took it meanwhile."""
        if rec.id is None:
            raise ValueError("save() needs a stored clock; use add()")
        sql = f"UPDATE clocks SET {_SET} WHERE id = ? AND live = 1"
        args: list[object] = [*to_row(rec), rec.id]
        if owner is not None:
            sql += " AND (owner = ? OR owner IS NULL)"
            args.append(owner)
        return await self.db.execute(sql, *args) == 1

    async def finish(self, rec: StoredClock, owner: str | None = None) -> bool:
        """Record how a live clock ended (expired, acted, cancelled, or an Acted at the same
        moment over an expiry). True for exactly one caller: the one whose write made it final."""
        if rec.id is None or rec.clock.stopped is None:
            raise ValueError("finish() needs a stored clock that has stopped")
        sql = f"UPDATE clocks SET {_SET}, owner = NULL, lease_until = NULL WHERE id = ? AND live = 1"
        args: list[object] = [*to_row(rec), rec.id]
        if owner is not None:
            sql += " AND (owner = ? OR owner IS NULL)"
            args.append(owner)
        return await self.db.execute(sql, *args) == 1

    async def amend(self, rec: StoredClock, state_was: str) -> bool:
        """Overwrite a final clock whose state is still `state_was` (rule 31: an Acted at the same
        moment as the end turns "time" into "acted"); False if it changed meanwhile."""
        sql = f"UPDATE clocks SET {_SET} WHERE id = ? AND live IS NULL AND state = ?"
        return await self.db.execute(sql, *to_row(rec), rec.id, state_was) == 1

    async def get(self, clock_id: int) -> StoredClock | None:
        rows = await self.db.fetch(f"{_SELECT} WHERE id = ?", clock_id)
        return from_row(rows[0]) if rows else None

    async def owner_of(self, clock_id: int) -> tuple[str | None, float | None]:
        rows = await self.db.fetch("SELECT owner, lease_until FROM clocks WHERE id = ?", clock_id)
        return (rows[0]["owner"], rows[0]["lease_until"]) if rows else (None, None)

    async def find_live(self, guild_id: int, channel_id: int, player_key: str) -> StoredClock | None:
        rows = await self.db.fetch(
            f"{_SELECT} WHERE guild_id = ? AND channel_id = ? AND player_key = ? AND live = 1",
            guild_id, channel_id, player_key)
        return from_row(rows[0]) if rows else None

    async def live(self) -> list[StoredClock]:
        """Every running clock, soonest end first."""
        return [from_row(r) for r in await self.db.fetch(f"{_SELECT} WHERE live = 1 ORDER BY ends_at")]

    async def claim(self, clock_id: int, owner: str, now: float, until: float) -> bool:
        """Take a live clock's timer: True for the one process whose UPDATE changed the row."""
        return await self.db.execute(
            "UPDATE clocks SET owner = ?, lease_until = ? WHERE id = ? AND live = 1 "
            "AND (owner IS NULL OR owner = ? OR lease_until IS NULL OR lease_until < ?)",
            owner, until, clock_id, owner, now) == 1

    async def renew(self, owner: str, until: float) -> int:
        """Extend every lease `owner` holds; how many it still holds."""
        return await self.db.execute(
            "UPDATE clocks SET lease_until = ? WHERE owner = ? AND live = 1", until, owner)

    async def release(self, owner: str, ids: list[int] | None = None) -> None:
        """Give leases back (a clean shutdown), so the next owner need not wait them out."""
        if ids is None:
            await self.db.execute("UPDATE clocks SET owner = NULL, lease_until = NULL WHERE owner = ?", owner)
            return
        for clock_id in ids:
            await self.db.execute(
                "UPDATE clocks SET owner = NULL, lease_until = NULL WHERE owner = ? AND id = ?", owner, clock_id)

    async def delete(self, clock_id: int) -> None:
        """Forget a clock whose message could not be posted."""
        await self.db.execute("DELETE FROM clocks WHERE id = ?", clock_id)
