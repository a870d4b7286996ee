"""Blind clocks in the store, with the same leases as the player clocks (handlers/store/clocks.py).

A blind clock belongs to the shard of its guild; only a process serving that shard runs its timer,
and it does so while it holds the clock's lease (`owner`, `lease_until`): `claim` is one UPDATE
that of two claimants exactly one wins, `renew` keeps it every third of `LEASE_SECONDS`, and a
process killed with -9 stops renewing, so the process that takes its shards over claims the clock
once the lease has run out.

A blind clock's level changes are announced in the channel, so each one must be written once:
`save(rec, owner, was=...)` is a compare-and-set on the state the change was worked out from (the
clock's pauses and shift and the stage its status message shows, `records.STATE`). Two processes
that both believe they run the clock compute the same change from the same state; the first
UPDATE changes the row and the second no longer matches, so only the winner edits and announces.
Commands (pause, next, stop ...) are the same compare-and-set without the owner: the member's
command lands on whichever process got it, and never over a change it did not see.
"""

from __future__ import annotations

from dataclasses import replace

from handlers.blinds.records import NAMES, STATE, StoredBlinds, from_row, state_of, to_row
from handlers.store.clocks import LEASE_SECONDS
from handlers.store.db import Db
from handlers.store.errors import Conflict

TABLE = "blind_clocks"
_SELECT = f"SELECT id, {', '.join(NAMES)} FROM {TABLE}"
_SET = ", ".join(f"{n} = ?" for n in NAMES)
_SAME = " AND ".join(f"{n} = ?" for n in STATE)

__all__ = ["LEASE_SECONDS", "TABLE", "BlindRepo"]


class BlindRepo:
    def __init__(self, db: Db) -> None:
        self.db = db

    async def add(self, rec: StoredBlinds, owner: str | None = None, lease_until: float | None = None
                  ) -> tuple[StoredBlinds, bool]:
        """Store a new live clock owned by `owner`: (stored record, True), or (the one already
        running in that channel, False)."""
        cols = ", ".join((*NAMES, "owner", "lease_until"))
        marks = ", ".join("?" for _ in range(len(NAMES) + 2))
        try:
            [row] = await self.db.fetch(f"INSERT INTO {TABLE} ({cols}) VALUES ({marks}) RETURNING id",
                                        *to_row(rec), owner, lease_until)
        except Conflict:
            existing = await self.find_live(rec.guild_id, rec.channel_id)
            if existing is None:  # the clock that collided stopped in between: try once more
                return await self.add(rec, owner, lease_until)
            return existing, False
        return replace(rec, id=int(row["id"])), True

    async def save(self, rec: StoredBlinds, owner: str | None = None, was: StoredBlinds | None = None) -> bool:
        """Write a live clock's new state; True when this write landed.

        `owner`: only while the lease is ours (or nobody's). `was`: only while the stored state is
        still the one this change was worked out from. A stopped clock gives its lease back."""
        if rec.id is None:
            raise ValueError("save() needs a stored clock; use add()")
        lease = ", owner = NULL, lease_until = NULL" if rec.clock.stopped else ""
        sql = f"UPDATE {TABLE} SET {_SET}{lease} WHERE id = ? AND live = 1"
        args: list[object] = [*to_row(rec), rec.id]
        if owner is not None:
            sql += " AND (owner = ? OR owner IS NULL)"
            args.append(owner)
        if was is not None:
            sql += f" AND {_SAME}"
            args.extend(state_of(was))
        return await self.db.execute(sql, *args) == 1

    async def get(self, clock_id: int) -> StoredBlinds | None:
        rows = await self.db.fetch(f"{_SELECT} WHERE id = ?", clock_id)
        return from_row(rows[0]) if rows else None

    async def owner_of(self, clock_id: int) -> tuple[str | None, float | None]:
        rows = await self.db.fetch(f"SELECT owner, lease_until FROM {TABLE} WHERE id = ?", clock_id)
        return (rows[0]["owner"], rows[0]["lease_until"]) if rows else (None, None)

    async def find_live(self, guild_id: int, channel_id: int) -> StoredBlinds | None:
        rows = await self.db.fetch(f"{_SELECT} WHERE guild_id = ? AND channel_id = ? AND live = 1",
                                   guild_id, channel_id)
        return from_row(rows[0]) if rows else None

    async def live(self) -> list[StoredBlinds]:
        """Every running blind clock, oldest first."""
        return [from_row(r) for r in await self.db.fetch(f"{_SELECT} WHERE live = 1 ORDER BY id")]

    async def claim(self, clock_id: int, owner: str, now: float, until: float) -> bool:
        """Take a live clock's timer: True for the one process whose UPDATE changed the row."""
        return await self.db.execute(
            f"UPDATE {TABLE} SET owner = ?, lease_until = ? WHERE id = ? AND live = 1 "
            "AND (owner IS NULL OR owner = ? OR lease_until IS NULL OR lease_until < ?)",
            owner, until, clock_id, owner, now) == 1

    async def renew(self, owner: str, until: float) -> int:
        """Extend every lease `owner` holds; how many it still holds."""
        return await self.db.execute(f"UPDATE {TABLE} SET lease_until = ? WHERE owner = ? AND live = 1", until, owner)

    async def release(self, owner: str, ids: list[int] | None = None) -> None:
        """Give leases back (a clean shutdown), so the next owner need not wait them out."""
        if ids is None:
            await self.db.execute(f"UPDATE {TABLE} SET owner = NULL, lease_until = NULL WHERE owner = ?", owner)
            return
        for clock_id in ids:
            await self.db.execute(
                f"UPDATE {TABLE} SET owner = NULL, lease_until = NULL WHERE owner = ? AND id = ?", owner, clock_id)

    async def delete(self, clock_id: int) -> None:
        """Forget a clock whose status message could not be posted."""
        await self.db.execute(f"DELETE FROM {TABLE} WHERE id = ?", clock_id)
