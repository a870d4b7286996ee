"""`/blinds start|show|pause|resume|next|back|stop`: a tournament's blind levels in the channel.

Only the Discord side lives here: the slash commands, permissions, the status message and the
announcements. Structures, the level arithmetic, timers, restarts and leases are
`handlers.blinds` (no discord import, tested on their own); the clocks are kept in the bot's
store (`bot.store.blinds`: SQLite or PostgreSQL, whatever `FLOORCALL_DB` names). The `/blinds start` answer is the
channel's status message; it is edited through the channel endpoint (which keeps working after
a restart), and each level's end is shown as `<t:…:R>`, which every client counts down by itself.

Starting and changing the clock needs Manage Server or Manage Events; anyone may look. Rulings in
a channel whose clock runs get its level through the bot's context hook (`ruling` may then leave
the blinds out).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs import timed
from cogs.render import render_messages, unmark
from engine.errors import FloorcallError
from handlers.blinds.model import BlindsError
from handlers.blinds.records import StoredBlinds
from handlers.blinds.service import BlindService, Command
from handlers.blinds.structure import parse_structure
from handlers.blinds.text import ERRORS
from handlers.clock.model import TimeSource
from handlers.context import Context
from handlers.errors import error_reply
from handlers.i18n import Messages
from handlers.reply import Reply
from handlers.store.blinds import BlindRepo
from handlers.store.errors import StoreError, try_again

log = logging.getLogger("floorcall.blinds")

NO_MENTIONS = timed.NO_MENTIONS

NOTES = Messages("discord-blinds")

# Japanese and Korean names and descriptions, added to the shared translator table here so the
# blind clock's wording stays with it ("show" is /settings show's already).


class DiscordBoard(timed.ChannelBoard):
    """The status message is edited through the channel endpoint; announcements are plain posts."""

    async def update(self, rec: StoredBlinds, reply: Reply) -> None:
        await self.edit(rec, reply)

    async def announce(self, rec: StoredBlinds, text: str) -> None:
        await self.channel(rec).send(unmark(text), allowed_mentions=NO_MENTIONS)


def may_run(permissions: discord.Permissions) -> bool:
    """Manage Server or Manage Events (a tournament director's usual role)."""
    return bool(permissions.manage_guild or permissions.manage_events)


# A server's channel only (issue 22): never offered in DMs or where only a user installed the app.
@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
class BlindsCog(commands.GroupCog, group_name=_("blinds"),
                group_description=_("The blind clock: a tournament's levels, run in this channel")):
    def __init__(self, bot: commands.Bot, store: BlindRepo | None = None, time: TimeSource | None = None) -> None:
        self.bot = bot
        if store is None:
            store = bot.store.blinds  # type: ignore[attr-defined]
        self.store = store
        self.service = BlindService(store, DiscordBoard(bot), time)
        super().__init__()

    async def cog_load(self) -> None:
        hooks = getattr(self.bot, "context_hooks", None)
        if hooks is not None:
            hooks.append(self._with_level)
        await timed.pick_up(lambda: self.service.resume_all(keep=self._serves),
                            lambda: self.service.maintain(keep=self._serves), log,
                            "blind clocks", "picked up %d blind clock(s) after start-up")

    async def cog_unload(self) -> None:
        hooks = getattr(self.bot, "context_hooks", None)
        if hooks is not None and self._with_level in hooks:
            hooks.remove(self._with_level)
        await self.service.close()

    def _with_level(self, ctx: Context, guild_id: int | None, channel_id: int | None) -> Context:
        """The bot's context hook: the channel's blind level, for rulings without blinds."""
        level = self.service.level_for(guild_id, channel_id)
        return ctx if level is None else replace(ctx, blind_level=level)

    def _serves(self, rec: StoredBlinds) -> bool:
        return timed.serves_guild(self.bot, rec.guild_id)

    def _context(self, interaction: discord.Interaction[Any]) -> Context:
        return timed.context_of(self.bot, interaction)

    async def _private(self, interaction: discord.Interaction[Any], reply: Reply, note: str | None = None) -> None:
        await interaction.response.send_message(note, embeds=render_messages(reply)[0], ephemeral=True,
                                                allowed_mentions=NO_MENTIONS)

    def _refusal(self, ctx: Context, code: str, **params: Any) -> Reply:
        from handlers.blinds import STATE_HINTS

        return error_reply("blinds", ctx, FloorcallError(code, hint=STATE_HINTS.get(code), **params), ERRORS)

    @staticmethod
    def _busy(ctx: Context, err: StoreError) -> Reply:
        """The database is busy or away: a localized "try again" (nothing was changed)."""
        return Reply(ok=False, command="blinds", lang=ctx.lang, ruleset=ctx.ruleset_id,
                     headline=try_again(err, ctx.lang))

    @app_commands.command(name=_("start"), description=_("Start the levels in this channel (Manage Server or Manage Events)"))
    @app_commands.describe(
        structure=_("turbo, regular, deep, or levels such as 20m: 100/200, 200/400, break 10m, 300/600 bba 600"))
    async def start(self, interaction: discord.Interaction[Any], structure: app_commands.Range[str, 1, 2000]) -> None:
        ctx = self._context(interaction)
        if not may_run(interaction.permissions):
            await self._private(interaction, self._refusal(ctx, "not_allowed"))
            return
        try:
            parsed = parse_structure(structure)
        except FloorcallError as err:
            await self._private(interaction, error_reply("blinds", ctx, err, ERRORS))
            return

        async def post(rec: StoredBlinds, reply: Reply) -> int:
            response = await interaction.response.send_message(embeds=render_messages(reply)[0],
                                                               allowed_mentions=NO_MENTIONS)
            resource = getattr(response, "resource", None)
            if isinstance(resource, discord.InteractionMessage):
                return resource.id
            return (await interaction.original_response()).id

        try:
            started = await self.service.start(interaction.guild_id or 0, interaction.channel_id or 0, parsed, ctx,
                                               interaction.user.id, post)
        except StoreError as err:  # raised before anything was posted
            await self._private(interaction, self._busy(ctx, err))
            return
        if not started.created:
            note = NOTES("running_here", ctx.lang, link=timed.message_link(started.rec))
            await self._private(interaction, started.reply, note)
        else:
            log.info("blind clock %s started in guild %s", started.rec.id, interaction.guild_id)

    @app_commands.command(name=_("show"), description=_("The current level, its blinds and ante, when it ends and the next level"))
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        ctx = self._context(interaction)
        try:
            rec = await self.service.find(interaction.guild_id or 0, interaction.channel_id or 0)
        except StoreError as err:
            await self._private(interaction, self._busy(ctx, err))
            return
        if rec is None:
            await self._private(interaction, self._refusal(ctx, "not_running"))
            return
        await self._private(interaction, self.service.reply_for(rec, lang=ctx.lang))

    async def _command(self, interaction: discord.Interaction[Any], action: Command) -> None:
        ctx = self._context(interaction)
        if not may_run(interaction.permissions):
            await self._private(interaction, self._refusal(ctx, "not_allowed"))
            return
        task = asyncio.ensure_future(self.service.command(
            interaction.guild_id or 0, interaction.channel_id or 0, action, interaction.user.display_name,
            lang=ctx.lang))
        # The command edits the status message before it answers; a rate-limited edit may wait
        # longer than Discord's 3 seconds, so acknowledge first when it is slow.
        done, _ = await asyncio.wait({task}, timeout=getattr(self.bot, "defer_after", 1.5))
        deferred = not done
        if deferred:
            await interaction.response.defer(thinking=True)
        try:
            _rec, reply = await task
        except (BlindsError, StoreError) as err:
            refusal = self._refusal(ctx, err.code) if isinstance(err, BlindsError) else self._busy(ctx, err)
            if deferred:
                await interaction.delete_original_response()
                await interaction.followup.send(embeds=render_messages(refusal)[0], ephemeral=True,
                                                allowed_mentions=NO_MENTIONS)
            else:
                await self._private(interaction, refusal)
            return
        if deferred:
            await interaction.edit_original_response(embeds=render_messages(reply)[0], allowed_mentions=NO_MENTIONS)
        else:
            await interaction.response.send_message(embeds=render_messages(reply)[0], allowed_mentions=NO_MENTIONS)

    async def blinds_from_message(self, message: discord.Message, args: str, offset: int, ctx: Context) -> None:
        """`@floorcall blinds start turbo`, `@floorcall blinds pause` ...: as the slash commands, answered
        as a reply to the message (there is no private reply to a message, so refusals are replies too)."""
        from handlers.blinds import refuse_extra, split_sub

        ref = message.to_reference(fail_if_not_exists=False)

        async def say(reply: Reply, note: str | None = None) -> int:
            sent = await message.channel.send(note, embeds=render_messages(reply)[0], reference=ref,
                                              allowed_mentions=NO_MENTIONS)
            return sent.id

        guild_id, channel_id = message.guild.id if message.guild else 0, message.channel.id
        try:
            sub, rest, rest_at, _ = split_sub(args, offset)
            refuse_extra(sub, rest, rest_at)
            if sub == "show":
                rec = await self.service.find(guild_id, channel_id)
                await say(self.service.reply_for(rec, lang=ctx.lang) if rec else self._refusal(ctx, "not_running"))
                return
            author = message.author
            perms = message.channel.permissions_for(author) if isinstance(author, discord.Member) else None
            if perms is None or not may_run(perms):  # type: ignore[arg-type]
                await say(self._refusal(ctx, "not_allowed"))
                return
            if sub == "start":
                structure = parse_structure(rest, rest_at)
                started = await self.service.start(guild_id, channel_id, structure, ctx, author.id,
                                                   lambda rec, reply: say(reply))
                if not started.created:
                    await say(started.reply, NOTES("running_here", ctx.lang, link=timed.message_link(started.rec)))
                return
            _rec, reply = await self.service.command(guild_id, channel_id, sub, author.display_name,  # type: ignore[arg-type]
                                                     lang=ctx.lang)
            await say(reply)
        except FloorcallError as err:
            await say(error_reply("blinds", ctx, err, ERRORS))
        except BlindsError as err:
            await say(self._refusal(ctx, err.code))
        except StoreError as err:
            await say(self._busy(ctx, err))

    @app_commands.command(name=_("pause"), description=_("Pause the clock; the time left is kept"))
    async def pause(self, interaction: discord.Interaction[Any]) -> None:
        await self._command(interaction, "pause")

    @app_commands.command(name=_("resume"), description=_("Resume a paused clock"))
    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        await self._command(interaction, "resume")

    @app_commands.command(name=_("next"), description=_("Go to the next level now, with its full time"))
    async def next(self, interaction: discord.Interaction[Any]) -> None:
        await self._command(interaction, "next")

    @app_commands.command(name=_("back"), description=_("Go back to the previous level, with its full time"))
    async def back(self, interaction: discord.Interaction[Any]) -> None:
        await self._command(interaction, "back")

    @app_commands.command(name=_("stop"), description=_("Stop the blind clock in this channel"))
    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        await self._command(interaction, "stop")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(BlindsCog(bot))
