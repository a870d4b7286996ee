"""`/help`: the shared usage text, privately, in the channel's language."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.respond import compute_then_answer
from handlers.dispatch import handle

if TYPE_CHECKING:
    from cogs.app import FloorcallBot


class HelpCog(commands.Cog):
    def __init__(self, bot: FloorcallBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="How to use floorcall, with examples")
    async def help(self, interaction: discord.Interaction[FloorcallBot]) -> None:
        ctx = self.bot.context_for_interaction(interaction)
        # Usage is for the person asking; the channel does not need a copy.
        await compute_then_answer(interaction, lambda: handle("", ctx, command="help"), ephemeral=True)


async def setup(bot: FloorcallBot) -> None:
    await bot.add_cog(HelpCog(bot))
