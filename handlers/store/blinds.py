"""Blind clocks in the store, with the same leases as the player clocks (handlers/store/clocks.py).

A blind clock belongs to the shard of its guild; only a process serving that shard runs its timer,
and it does so while it holds the clock's lease (`owner`, `lease_until`; `claim`, `renew`,
`release` are the player clocks' own, from handlers/store/leases.py).

A blind clock's level changes are announced in the channel, so each one must be written once:
`save(rec, owner, was=...)` is a compare-and-set on the state the change was worked out from (the
clock's pauses and shift and the stage its status message shows, `records.STATE`). Two processes
that both believe they run the clock compute the same change from the same state; the first
UPDATE changes the row and the second no longer matches, so only the winner edits and announces.
Commands (pause, next, stop ...) are the same compare-and-set without the owner: the member's
command lands on whichever process got it, and never over a change it did not see.
"""

from __future__ import annotations

from handlers.blinds.records import NAMES, STATE, StoredBlinds, from_row, state_of, to_row
from handlers.store.leases import LEASE_SECONDS, LeaseRepo, owned

TABLE = "blind_clocks"
_SAME = " AND ".join(f"{n} = ?" for n in STATE)

__all__ = ["LEASE_SECONDS", "TABLE", "BlindRepo"]


class BlindRepo(LeaseRepo[StoredBlinds]):
    table = TABLE
    names = NAMES
    live_order = "id"  # oldest first
    to_row = staticmethod(to_row)
    from_row = staticmethod(from_row)

    async def _existing(self, rec: StoredBlinds) -> StoredBlinds | None:
        """The clock already running in that channel."""
        return await self.find_live(rec.guild_id, rec.channel_id)

    async def save(self, rec: StoredBlinds, owner: str | None = None, was: StoredBlinds | None = None) -> bool:
        """Write a live clock's new state; True when this write landed.

        `owner`: only while the lease is ours (or nobody's). `was`: only while the stored state is
        still the one this change was worked out from. A stopped clock gives its lease back."""
        if rec.id is None:
            raise ValueError("save() needs a stored clock; use add()")
        lease = ", owner = NULL, lease_until = NULL" if rec.clock.stopped else ""
        sql, args = owned(f"UPDATE {TABLE} SET {self._set}{lease} WHERE id = ? AND live = 1",
                          [*to_row(rec), rec.id], owner)
        if was is not None:
            sql += f" AND {_SAME}"
            args.extend(state_of(was))
        return await self.db.execute(sql, *args) == 1

    async def find_live(self, guild_id: int, channel_id: int) -> StoredBlinds | None:
        return await self._first_live("guild_id = ? AND channel_id = ?", guild_id, channel_id)
