"""`/ruling hand:<text>` and the **Ruling** message context menu: both run the shared `ruling`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.entry import answer_hand, open_entry
from cogs.hand_file import attached_history, history_command, pasted_history
from cogs.message_hand import answer_first_hand, read_hands
from cogs.messages import DISCORD
from cogs.respond import compute_then_answer, send_reply
from handlers.dispatch import handle
from handlers.reply import Reply

if TYPE_CHECKING:
    from cogs.app import FloorcallBot

MENU_NAME = "Ruling"


class RulingCog(commands.Cog):
    def __init__(self, bot: FloorcallBot) -> None:
        self.bot = bot
        self.menu = app_commands.ContextMenu(name=MENU_NAME, callback=self.ruling_on_message,
                                             allowed_installs=app_commands.AppInstallationType(guild=True, user=True),
                                             allowed_contexts=app_commands.AppCommandContext(
                                                 guild=True, dm_channel=True, private_channel=True))
        bot.tree.add_command(self.menu)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.menu.name, type=self.menu.type)

    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.command(
        name="ruling",
        description="Rule on a betting sequence: who acts, what it costs to call, the smallest and largest raise",
    )
    @app_commands.describe(hand="The hand, e.g. NL 100/200 flop: A bet 600, B raise 1600, C?")
    async def ruling(self, interaction: discord.Interaction[FloorcallBot],
                     hand: app_commands.Range[str, 1, 2000] | None = None) -> None:
        # Without a hand: the entry modal (game, blinds, street, stacks, actions), for a phone.
        if hand is None:
            await open_entry(interaction, "ruling")
            return
        await answer_hand(interaction, "ruling", hand)

    async def ruling_on_message(self, interaction: discord.Interaction[FloorcallBot], message: discord.Message) -> None:
        ctx = self.bot.context_for_interaction(interaction)
        # A hand history attached (`.txt`, `.phh`) or pasted: read whole, as the console reads it.
        history = await attached_history(list(message.attachments)) or pasted_history(message.content or "")
        if history is not None:
            command = history_command(history)
            await compute_then_answer(interaction, lambda: handle(history, ctx, command=command))
            return
        found = read_hands(message.content or "")
        if not found.hands:
            reply = Reply(ok=False, command="ruling", lang=ctx.lang, ruleset=ctx.ruleset_id,
                          headline=DISCORD("no_text", ctx.lang))
            await send_reply(interaction, reply)
            return
        await compute_then_answer(interaction, lambda: answer_first_hand(found, ctx, found.command))


async def setup(bot: FloorcallBot) -> None:
    await bot.add_cog(RulingCog(bot))
