"""`/rule query:<text>` with autocomplete: runs the shared `rule` lookup.

A sentence query may load the sentence encoder (0.8 s, once per process) and, with no disk
cache, embed the corpus (about 3 s): `answer_command` runs the handler on the bot's worker
thread, never on the event loop, and defers the interaction when it has not answered within
`DEFER_AFTER` (1.5 s). The autocomplete never uses the encoder (`semantic=False`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.respond import answer_command
from engine.rulesets import get_ruleset

if TYPE_CHECKING:
    from cogs.app import FloorcallBot

log = logging.getLogger("floorcall.discord")

# Autocomplete must answer well inside Discord's 3 s; a cold lookup index answers empty once.
AUTOCOMPLETE_BUDGET = 2.0
MAX_CHOICES = 25


def lookup_choices(current: str, lang: str, ruleset_id: str) -> list[tuple[str, str]]:
    """`handlers.autocomplete.choices`, or nothing while the lookup is not installed."""
    try:
        from handlers.autocomplete import choices
    except ModuleNotFoundError as exc:
        if exc.name != "handlers.autocomplete":
            raise
        return []
    return list(choices(current, lang, get_ruleset(ruleset_id)))


class RuleCog(commands.Cog):
    def __init__(self, bot: FloorcallBot) -> None:
        self.bot = bot

    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.command(name="rule", description="Find a rule by its number or by words, in any language")
    @app_commands.describe(query="A rule number such as 45 or RP-8, or a few words about the situation")
    async def rule(self, interaction: discord.Interaction[FloorcallBot], query: app_commands.Range[str, 1, 500]) -> None:
        await answer_command(interaction, "rule", query)

    @rule.autocomplete("query")
    async def query_autocomplete(
        self, interaction: discord.Interaction[FloorcallBot], current: str
    ) -> list[app_commands.Choice[str]]:
        ctx = self.bot.context_for_interaction(interaction)
        loop = asyncio.get_running_loop()

        async def lookup() -> list[tuple[str, str]]:
            future = loop.run_in_executor(self.bot.lookup_executor, lookup_choices, current, ctx.lang, ctx.ruleset_id)
            try:
                return await asyncio.wait_for(asyncio.shield(future), AUTOCOMPLETE_BUDGET)
            except TimeoutError:
                log.info("autocomplete answered empty while the lookup warms up")
                return []

        # Only the user's newest autocomplete reaches the worker (cogs.guard.Autocompletes).
        found = await self.bot.autocompletes.run(interaction.user.id, lookup, AUTOCOMPLETE_BUDGET)
        if found is None:
            return []
        return [
            app_commands.Choice(name=name[:100], value=str(value)[:100])
            for name, value in found[:MAX_CHOICES]
            if name and value
        ]


async def setup(bot: FloorcallBot) -> None:
    await bot.add_cog(RuleCog(bot))
