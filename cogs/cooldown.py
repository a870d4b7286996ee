"""A per-user cooldown shared by every command surface (slash, context menu, mention).

Kept on the bot instance rather than in command decorators so that each bot (and each test's
bot) starts with fresh buckets, and so one user cannot dodge the limit by switching surfaces.
"""

from __future__ import annotations

from discord.app_commands import Cooldown

DEFAULT_RATE = 5
DEFAULT_PER = 10.0
_PRUNE_AT = 10_000


class UserCooldowns:
    """At most `rate` commands per `per` seconds for each user."""

    def __init__(self, rate: int = DEFAULT_RATE, per: float = DEFAULT_PER) -> None:
        self.rate = rate
        self.per = per
        self._buckets: dict[int, Cooldown] = {}
        # Users already told "slow down" in the cooldown they are in now: a burst of mentions
        # is answered once in the channel, then not at all until the bucket has room again
        # (200 mentions in a second gave 195 public "Slow down" messages, each one queued
        # behind the channel's send limit in front of real answers).
        self._told: set[int] = set()
        # Autocompletes: only the newest per user matters (see `newest`).
        self._latest: dict[int, int] = {}

    def hit(self, user_id: int) -> float | None:
        """Count one command; the seconds to wait if it is over the limit, else None."""
        if len(self._buckets) > _PRUNE_AT:
            self._buckets = {k: b for k, b in self._buckets.items() if b.get_tokens() < b.rate}
        bucket = self._buckets.get(user_id)
        if bucket is None:
            bucket = self._buckets[user_id] = Cooldown(self.rate, self.per)
        wait = bucket.update_rate_limit()
        if wait is None:
            self._told.discard(user_id)
        return wait

    def first_refusal(self, user_id: int) -> bool:
        """True the first time a user over the limit is refused in this cooldown, False after:
        the caller answers once and then stays silent until `hit` lets the user through again."""
        if user_id in self._told:
            return False
        if len(self._told) > _PRUNE_AT:
            self._told.clear()
        self._told.add(user_id)
        return True
