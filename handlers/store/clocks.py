"""Player clocks in the store, and the lease that says which process runs each one's timer.

A clock belongs to the shard of its guild, and only a process serving that shard runs it. During a
hand-over two processes may both believe they do, so ownership is a row-level fact: the lease
(`claim`, `renew`, `release`, shared with the blind clocks in handlers/store/leases.py), and

- the end of a clock (`finish`) is one UPDATE from live to final that also needs `owner` to be the
  caller (or the clock unowned), so only one process ever announces it, and a press (Acted/Cancel)
  is the same compare-and-set on `live`, so a press and the timer cannot both win.
"""

from __future__ import annotations

from handlers.clock.records import NAMES, StoredClock, from_row, to_row
from handlers.store.leases import LEASE_SECONDS, LeaseRepo, owned

__all__ = ["LEASE_SECONDS", "ClockRepo"]


class ClockRepo(LeaseRepo[StoredClock]):
    table = "clocks"
    names = NAMES
    live_order = "ends_at"  # soonest end first
    to_row = staticmethod(to_row)
    from_row = staticmethod(from_row)

    async def _existing(self, rec: StoredClock) -> StoredClock | None:
        """The clock already running on that player in that channel."""
        return await self.find_live(rec.guild_id, rec.channel_id, rec.player_key)

    async def save(self, rec: StoredClock, owner: str | None = None) -> bool:
        """Write a live clock's state (message id, phase shown) -- only while it is live and, with
        `owner`, still ours. False when it ended or another process took it meanwhile."""
        if rec.id is None:
            raise ValueError("save() needs a stored clock; use add()")
        sql, args = owned(f"UPDATE clocks SET {self._set} WHERE id = ? AND live = 1", [*to_row(rec), rec.id], owner)
        return await self.db.execute(sql, *args) == 1

    async def finish(self, rec: StoredClock, owner: str | None = None) -> bool:
        """Record how a live clock ended (expired, acted, cancelled, or an Acted at the same
        moment over an expiry). True for exactly one caller: the one whose write made it final."""
        if rec.id is None or rec.clock.stopped is None:
            raise ValueError("finish() needs a stored clock that has stopped")
        sql, args = owned(f"UPDATE clocks SET {self._set}, owner = NULL, lease_until = NULL WHERE id = ? AND live = 1",
                          [*to_row(rec), rec.id], owner)
        return await self.db.execute(sql, *args) == 1

    async def amend(self, rec: StoredClock, state_was: str) -> bool:
        """Overwrite a final clock whose state is still `state_was` (rule 31: an Acted at the same
        moment as the end turns "time" into "acted"); False if it changed meanwhile."""
        sql = f"UPDATE clocks SET {self._set} WHERE id = ? AND live IS NULL AND state = ?"
        return await self.db.execute(sql, *to_row(rec), rec.id, state_was) == 1

    async def find_live(self, guild_id: int, channel_id: int, player_key: str) -> StoredClock | None:
        return await self._first_live("guild_id = ? AND channel_id = ? AND player_key = ?",
                                      guild_id, channel_id, player_key)
