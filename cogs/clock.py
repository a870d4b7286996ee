"""`/clock player:<text> [facing:bet|no-bet]`: one message per clock, with Acted and Cancel.

`@floorcall clock A` (the mention cog hands clock commands here) starts the same clock.

Only the Discord side lives here: the slash command, the two buttons, permissions and the
message edits. Timers, duplicates, restarts and the rule's outcomes are `handlers.clock.service`
(no discord import, tested on its own). The end is shown as `<t:…:R>`, which every client counts
down by itself, so the message is edited only when the state changes.

The buttons are `DynamicItem`s whose custom id carries the clock's id and a random secret stored
with it (`clock:act:<id>:<key>`): they keep working after a restart without re-sending any view,
and a press is taken only in the clock's own server and channel with the clock's own secret.
"""

from __future__ import annotations

import hmac
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs import timed
from cogs.guard import GUARD, press_allowed
from cogs.render import escape, render_messages
from engine.errors import FloorcallError
from handlers.clock import MSG, parse_request
from handlers.clock.model import Phase, TimeSource
from handlers.clock.records import StoredClock
from handlers.clock.service import ClockService, PressResult
from handlers.context import Context
from handlers.errors import error_reply
from handlers.i18n import Messages
from handlers.reply import Reply
from handlers.store.clocks import ClockRepo
from handlers.store.errors import StoreError, try_again

log = logging.getLogger("floorcall.clock")

BUTTONS = Messages("discord-clock")

NO_MENTIONS = timed.NO_MENTIONS


def clock_view(rec: StoredClock) -> discord.ui.View | None:
    """Acted / Cancel while the clock runs; no buttons once it is over."""
    if rec.clock.stopped is not None or rec.id is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(ClockButton("act", rec.id, rec.lang, rec.key))
    view.add_item(ClockButton("cancel", rec.id, rec.lang, rec.key))
    return view


# Anything under `clock:` reaches `from_custom_id`, which reads it strictly (`read_custom_id`):
# an id that does not parse is answered "not a clock I know" instead of being dropped (no
# answer) or reaching the database (`clock:act:99999999999999999999999999` overflowed SQLite's
# integer, and the traceback went to the log).
_TEMPLATE = r"clock:(?P<rest>.{1,90})"
_CUSTOM_ID = re.compile(r"(?P<action>act|cancel):(?P<id>[1-9][0-9]{0,18})(?::(?P<key>[A-Za-z0-9_-]{16}))?")
_MAX_ID = 2**63 - 1  # a 64-bit signed integer: SQLite's and PostgreSQL's BIGINT


def read_custom_id(rest: str) -> tuple[str, int, str | None] | None:
    """(action, clock id, key or None for a clock stored before keys) from what follows
    `clock:`; None for anything a clock button of ours never carried."""
    m = _CUSTOM_ID.fullmatch(rest)
    if m is None or int(m["id"]) > _MAX_ID:
        return None
    return m["action"], int(m["id"]), m["key"]


class ClockButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_TEMPLATE):
    def __init__(self, action: str, clock_id: int, lang: str = "en", key: str | None = None,
                 valid: bool = True) -> None:
        style = discord.ButtonStyle.success if action == "act" else discord.ButtonStyle.secondary
        custom_id = f"clock:{action}:{clock_id}" + (f":{key}" if key else "")
        super().__init__(discord.ui.Button(label=BUTTONS(action, lang), style=style, custom_id=custom_id))
        self.action = action
        self.clock_id = clock_id
        self.key = key
        self.valid = valid

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ClockButton:
        read = read_custom_id(match["rest"])
        if read is None:
            return cls("cancel", 0, valid=False)
        action, clock_id, key = read
        return cls(action, clock_id, key=key)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("ClockCog")
        if not isinstance(cog, ClockCog):
            return
        if not await press_allowed(interaction):
            return
        if not self.valid:
            await cog.refuse_unknown(interaction)
            return
        await cog.on_press(interaction, self.action, self.clock_id, self.key)


def belongs_here(rec: StoredClock, interaction: discord.Interaction[Any], key: str | None) -> bool:
    """Whether a press may touch `rec`: the clock lives in the server and channel the button was
    pressed in, and the button carries the clock's secret (a clock stored before secrets has
    none, and its old buttons still work where the clock is)."""
    if rec.guild_id != (interaction.guild_id or 0) or rec.channel_id != (interaction.channel_id or 0):
        return False
    if rec.key is None:
        return key is None
    return key is not None and hmac.compare_digest(key, rec.key)


class DiscordBoard(timed.ChannelBoard):
    """Edits a clock's message, with its buttons while it runs."""

    async def update(self, rec: StoredClock, reply: Reply) -> None:
        await self.edit(rec, reply, view=clock_view(rec))


class ClockCog(commands.Cog):
    def __init__(self, bot: commands.Bot, store: ClockRepo | None = None, time: TimeSource | None = None) -> None:
        self.bot = bot
        if store is None:
            store = bot.store.clocks  # type: ignore[attr-defined]
        self.store = store
        self.service = ClockService(store, DiscordBoard(bot), time)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ClockButton)
        await timed.pick_up(lambda: self.service.resume(keep=self._serves),
                            lambda: self.service.maintain(keep=self._serves), log,
                            "running clocks", "resumed or closed %d clock(s) after start-up")

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(ClockButton)
        await self.service.close()

    def _serves(self, rec: StoredClock) -> bool:
        """Whether this process's shards carry the clock's server (several processes may run)."""
        return timed.serves_guild(self.bot, rec.guild_id)

    def _context(self, interaction: discord.Interaction[Any]) -> Context:
        return timed.context_of(self.bot, interaction)

    # A server's table only (issue 22): never offered in DMs or where only a user installed the app.
    @app_commands.allowed_installs(guilds=True, users=False)
    @app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    @app_commands.command(
        name=_("clock"),
        description=_("Put a player on the clock under the rules in force (TDA 2026: 25 s, then a 5 s countdown)"),
    )
    @app_commands.describe(
        player=_("Who is on the clock: a name or a seat, e.g. seat 4"),
        facing=_("Whether the player faces a bet (decides the outcome if time runs out)"),
    )
    @app_commands.choices(
        facing=[
            app_commands.Choice(name=_("Facing a bet"), value="bet"),
            app_commands.Choice(name=_("Not facing a bet"), value="no-bet"),
        ]
    )
    async def clock(
        self, interaction: discord.Interaction[Any], player: str, facing: app_commands.Choice[str] | None = None
    ) -> None:
        text = player if facing is None else f"{player} facing:{facing.value}"

        async def answer(reply: Reply, rec: StoredClock | None, note: str | None) -> int:
            if rec is None:  # an error, or the clock already running: for the asker only
                await interaction.response.send_message(
                    note, embeds=render_messages(reply)[0], ephemeral=True, allowed_mentions=NO_MENTIONS
                )
                return 0
            view = clock_view(rec)
            extra: dict[str, Any] = {"view": view} if view is not None else {}  # (no view: no buttons)
            response = await interaction.response.send_message(
                embeds=render_messages(reply)[0], allowed_mentions=NO_MENTIONS, **extra
            )
            resource = getattr(response, "resource", None)
            if isinstance(resource, discord.InteractionMessage):
                return resource.id
            return (await interaction.original_response()).id

        await self._start(self._context(interaction), text, 0, interaction.guild_id, interaction.channel_id,
                          interaction.user.id, answer)

    async def clock_from_message(self, message: discord.Message, args: str, offset: int, ctx: Context) -> None:
        """`@floorcall clock A`: the same clock as `/clock`, answered as a reply to the message.

        There is no private reply to a message, so an error or "already running" is a reply too.
        """
        ref = message.to_reference(fail_if_not_exists=False)

        async def answer(reply: Reply, rec: StoredClock | None, note: str | None) -> int:
            view = clock_view(rec) if rec is not None else None
            extra: dict[str, Any] = {"view": view} if view is not None else {}
            sent = await message.channel.send(
                note, embeds=render_messages(reply)[0], reference=ref, allowed_mentions=NO_MENTIONS, **extra,
            )
            return sent.id

        await self._start(ctx, args, offset, message.guild.id if message.guild else None, message.channel.id,
                          message.author.id, answer)

    async def _start(
        self,
        ctx: Context,
        text: str,
        offset: int,
        guild_id: int | None,
        channel_id: int | None,
        user_id: int,
        answer: Callable[[Reply, StoredClock | None, str | None], Awaitable[int]],
    ) -> None:
        """Read the request, start the clock (or find the one running) and answer through `answer`:
        with the new clock's record (a public message with buttons; returns its id), or without
        one (an error, or a note pointing at the clock already running)."""
        try:
            request = parse_request(text, offset)
        except FloorcallError as err:
            await answer(error_reply("clock", ctx, err, MSG), None, None)
            return

        async def post(rec: StoredClock, reply: Reply) -> int:
            return await answer(reply, rec, None)

        try:
            started = await self.service.start(guild_id or 0, channel_id or 0, request, ctx, user_id, post)
        except StoreError as err:
            await answer(self._busy_reply(ctx, err), None, None)
            return
        if not started.created:
            rec = started.rec
            note = BUTTONS("running_here", ctx.lang, player=escape(rec.clock.player), link=timed.message_link(rec))
            await answer(started.reply, None, note)

    async def refuse_unknown(self, interaction: discord.Interaction[Any]) -> None:
        """A button whose custom id is not one of ours (a modified client), or whose clock is in
        another server or channel, or carries the wrong secret: one private line, nothing read."""
        await self._private(interaction, GUARD("unknown_button", self._context(interaction).lang))

    async def on_press(self, interaction: discord.Interaction[Any], action: str, clock_id: int,
                       key: str | None = None) -> None:
        """Acted / Cancel. Refusals are private; a stop edits the clock's one message."""
        pressed = self.service.time.now()  # before any wait: the defer, or the clock's lock
        ctx = self._context(interaction)
        try:  # a clock run here is known without the database (which may be away: the press is kept)
            rec = self.service.known(clock_id) or await self.store.get(clock_id)
        except StoreError as err:
            await self._private(interaction, try_again(err, ctx.lang))
            return
        if rec is not None and not belongs_here(rec, interaction, key):
            await self.refuse_unknown(interaction)
            return
        can_manage = bool(interaction.permissions.manage_messages) if interaction.guild_id else False
        if rec is not None and not (can_manage or interaction.user.id == rec.started_by_id):
            await self._private(interaction, MSG("not_allowed", ctx.lang))
            return
        # Only an "Acted" right at the end can still change a stopped clock (rule 31's same moment).
        stopped = rec.clock.stopped if rec is not None else Phase.CANCELLED
        if stopped in (Phase.ACTED, Phase.CANCELLED) or (stopped is Phase.EXPIRED and action != "act"):
            await self._private(interaction, MSG("already_stopped", ctx.lang))
            return
        # Acknowledge first: the edit may wait on a rate limit, the interaction may not.
        await interaction.response.defer()
        result: PressResult
        try:
            result, _rec = await self.service.press(
                clock_id, "act" if action == "act" else "cancel", interaction.user.id, can_manage,
                by=interaction.user.display_name, at=pressed,
            )
        except StoreError as err:
            await interaction.followup.send(try_again(err, ctx.lang), ephemeral=True, allowed_mentions=NO_MENTIONS)
            return
        if result in ("acted", "cancelled"):
            return
        if result == "kept":  # the message says it too; the presser is told it is not lost
            await interaction.followup.send(BUTTONS("kept", ctx.lang), ephemeral=True, allowed_mentions=NO_MENTIONS)
            return
        key = {"not_allowed": "not_allowed", "too_late": "too_late"}.get(result, "already_stopped")
        await interaction.followup.send(MSG(key, ctx.lang), ephemeral=True, allowed_mentions=NO_MENTIONS)

    @staticmethod
    def _busy_reply(ctx: Context, err: StoreError) -> Reply:
        return Reply(ok=False, command="clock", lang=ctx.lang, ruleset=ctx.ruleset_id,
                     headline=try_again(err, ctx.lang))

    async def _private(self, interaction: discord.Interaction[Any], text: str) -> None:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ClockCog(bot))
