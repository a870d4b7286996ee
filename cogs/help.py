"""`/help [command]`: the usage of every command, or of one, privately, in the asker's language.

The reply is the shared `help` handler's (the same commands, in the same order); `cogs.layout`
draws it for Discord: each command under the name the asker's client shows (`/裁定`), what it
does in one line, and an example as code in Discord's own syntax (`/ruling hand:…`). `/settings`
exists only on Discord, so its entry is the layout's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.layout import DISCORD_COMMANDS
from cogs.respond import compute_then_answer
from handlers.dispatch import handle
from handlers.help import TEXT
from handlers.i18n import ruleset_name
from handlers.reply import Reply

if TYPE_CHECKING:
    from cogs.app import FloorcallBot

# The commands `/help command:` offers (Discord shows each under its localized name).
TOPICS = DISCORD_COMMANDS


def settings_help(lang: str, ruleset: str) -> Reply:
    """`/help command:settings`: the handlers know no `settings` (it exists only on Discord)."""
    return Reply(ok=True, command="help", lang=lang, ruleset=ruleset,
                 headline=TEXT("title", lang, ruleset=ruleset_name(ruleset, lang)),
                 data={"commands": ["settings"]}, footer=TEXT("footer", lang))


class HelpCog(commands.Cog):
    def __init__(self, bot: FloorcallBot) -> None:
        self.bot = bot

    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.command(name="help", description="How to use floorcall, with examples")
    @app_commands.describe(command="Only this command")
    @app_commands.choices(command=[app_commands.Choice(name=t, value=t) for t in TOPICS])
    async def help(self, interaction: discord.Interaction[FloorcallBot],
                   command: app_commands.Choice[str] | None = None) -> None:
        ctx = self.bot.context_for_interaction(interaction)
        topic = command.value if command is not None else ""
        if topic == "settings":
            reply = settings_help(ctx.lang, ctx.ruleset_id)
            await compute_then_answer(interaction, lambda: reply, ephemeral=True)
            return
        # Usage is for the person asking; the channel does not need a copy.
        await compute_then_answer(interaction, lambda: handle(topic, ctx, command="help"), ephemeral=True)


async def setup(bot: FloorcallBot) -> None:
    await bot.add_cog(HelpCog(bot))
