"""What the cogs that keep a message up to date over time share (the player clock, the blind clock).

Both keep records by (guild, channel, message) in the database, resume them after a restart in the
process whose shards carry their server, link to their message, and show times as Discord
timestamps that every client counts down by itself.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from handlers.store.errors import StoreError


def serves_guild(bot: Any, guild_id: int | None) -> bool:
    """Whether this process's shards carry a server (several processes may share one database)."""
    ids = getattr(bot, "shard_ids", None)
    count = getattr(bot, "shard_count", None)
    if not ids or not count or not guild_id:
        return True
    return (guild_id >> 22) % count in ids


def message_link(guild_id: int | None, channel_id: int, message_id: int | None) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def discord_relative(t: float) -> str:
    """`<t:…:R>`: a Discord timestamp that every client shows as "in 12 minutes" and counts down."""
    return f"<t:{round(t)}:R>"


async def pick_up(resume: Callable[[], Awaitable[list[Any]]], maintain: Callable[[], None], log: logging.Logger,
                  what: str, done: str) -> None:
    """After start-up: take up this process's clocks, then keep their leases in the background.
    A busy or unreachable database is not fatal here: the lease maintainer tries again."""
    try:
        resumed = await resume()
    except StoreError as exc:
        log.warning("could not resume the %s yet: %s", what, exc)
        resumed = []
    if resumed:
        log.info(done, len(resumed))
    maintain()


def context_of(bot: Any, interaction: Any) -> Any:
    """The Context for an interaction: the bot's (settings, language, blind level), or a bare one
    when a test runs the cog on a plain bot."""
    ctx_for = getattr(bot, "context_for_interaction", None)
    if ctx_for is not None:
        return ctx_for(interaction)
    from handlers.context import Context

    return Context(user=interaction.user.display_name)
