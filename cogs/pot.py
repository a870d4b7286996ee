"""`/pot hand:<text>`: settles a whole hand with the shared `pot` handler (thin, like /ruling)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.entry import answer_hand, open_entry

if TYPE_CHECKING:
    from cogs.app import FloorcallBot


class PotCog(commands.Cog):
    def __init__(self, bot: FloorcallBot) -> None:
        self.bot = bot

    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.command(
        name="pot",
        description="Settle a hand: main and side pots, who can win each, returned bets, odd chips, who shows first",
    )
    @app_commands.describe(hand="The whole hand, e.g. NL 100/200 stacks A 700 B 5000 preflop: A allin, B call; showdown: A > B")
    async def pot(self, interaction: discord.Interaction[FloorcallBot],
                  hand: app_commands.Range[str, 1, 2000] | None = None) -> None:
        # Without a hand: the entry modal (game, blinds, street, stacks, the whole hand), for a phone.
        if hand is None:
            await open_entry(interaction, "pot")
            return
        await answer_hand(interaction, "pot", hand)


async def setup(bot: FloorcallBot) -> None:
    await bot.add_cog(PotCog(bot))
