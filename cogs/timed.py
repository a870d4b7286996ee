"""What the cogs that keep a message up to date over time share (the player clock, the blind clock).

Both keep records by (guild, channel, message) in the database, resume them after a restart in the
process whose shards carry their server, link to their message, and show times as Discord
timestamps that every client counts down by itself.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import discord

from cogs.render import own_markup, render_messages
from handlers.reply import Reply
from handlers.store.errors import StoreError

NO_MENTIONS = discord.AllowedMentions.none()


class Placed(Protocol):
    """A stored clock of either kind: where its message is."""

    @property
    def guild_id(self) -> int: ...

    @property
    def channel_id(self) -> int: ...

    @property
    def message_id(self) -> int | None: ...


def serves_guild(bot: Any, guild_id: int | None) -> bool:
    """Whether this process's shards carry a server (several processes may share one database)."""
    ids = getattr(bot, "shard_ids", None)
    count = getattr(bot, "shard_count", None)
    if not ids or not count or not guild_id:
        return True
    return (guild_id >> 22) % count in ids


def message_link(rec: Placed) -> str:
    return f"https://discord.com/channels/{rec.guild_id or '@me'}/{rec.channel_id}/{rec.message_id}"


def discord_relative(t: float) -> str:
    """`<t:…:R>`: a Discord timestamp that every client shows as "in 12 minutes" and counts down."""
    return f"<t:{round(t)}:R>"


class ChannelBoard:
    """What the two clocks' boards (the services' way to show a clock) share: Discord timestamps,
    and editing a clock's message through the channel endpoint, which works after a restart too
    (no cached message object needed). Each cog's board adds what its clock shows besides."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def fmt_time(self, t: float) -> str:
        """`discord_relative`, marked as ours so the escape of the reply it lands in keeps it live."""
        return own_markup(f"t:{round(t)}:R")

    def channel(self, rec: Placed) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(rec.channel_id, guild_id=rec.guild_id or None)

    async def edit(self, rec: Placed, reply: Reply, **extra: Any) -> None:
        """Show `reply` in the clock's message (`extra`: the clock's buttons); no message yet, nothing."""
        if rec.message_id is None:
            return
        message = self.channel(rec).get_partial_message(rec.message_id)
        await message.edit(embeds=render_messages(reply)[0], allowed_mentions=NO_MENTIONS, **extra)


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
