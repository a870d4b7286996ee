"""`/settings language|ruleset|show`: what language and ruleset apply where, stored in SQLite.

Changing a channel's language needs Manage Channels; changing anything server-wide needs Manage
Server. Everyone may look (`show`), and the answer says where each value comes from, so a
floor person can tell why the bot answers in Korean in one channel and Japanese in the next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.messages import DISCORD, LANGUAGE_NAMES
from cogs.respond import send_reply
from engine.rulesets import RULESETS
from handlers.reply import Field, Reply
from handlers.settings_store import CHANNEL, LANGUAGE, RULESET, SERVER

if TYPE_CHECKING:
    from cogs.app import FloorcallBot

LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in LANGUAGE_NAMES.items()]
SCOPE_CHOICES = [
    app_commands.Choice(name="This channel", value=CHANNEL),
    app_commands.Choice(name="The whole server", value=SERVER),
]
RULESET_CHOICES = [app_commands.Choice(name=rs.name["en"], value=rs.id) for rs in RULESETS.values()]


def _refusal(lang: str, ruleset: str, key: str) -> Reply:
    return Reply(ok=False, command="settings", lang=lang, ruleset=ruleset, headline=DISCORD(key, lang))


def _done(lang: str, ruleset: str, text: str) -> Reply:
    return Reply(ok=True, command="settings", lang=lang, ruleset=ruleset, headline=text)


class SettingsCog(commands.GroupCog, group_name="settings",
                  group_description="Reply language and ruleset for this channel or server"):
    def __init__(self, bot: FloorcallBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="language", description="Set the language I answer in")
    @app_commands.describe(value="The language to answer in",
                           scope="This channel only, or the whole server (default: this channel)")
    @app_commands.choices(value=LANGUAGE_CHOICES, scope=SCOPE_CHOICES)
    async def language(
        self,
        interaction: discord.Interaction[FloorcallBot],
        value: app_commands.Choice[str],
        scope: app_commands.Choice[str] | None = None,
    ) -> None:
        where = scope.value if scope is not None else CHANNEL
        before = self.bot.context_for_interaction(interaction)
        if interaction.guild_id is None or interaction.channel_id is None:
            await send_reply(interaction, _refusal(before.lang, before.ruleset_id, "server_only"))
            return
        perms = interaction.permissions
        if where == CHANNEL and not perms.manage_channels:
            await send_reply(interaction, _refusal(before.lang, before.ruleset_id, "need_manage_channels"))
            return
        if where == SERVER and not perms.manage_guild:
            await send_reply(interaction, _refusal(before.lang, before.ruleset_id, "need_manage_server"))
            return
        scope_id = interaction.channel_id if where == CHANNEL else interaction.guild_id
        self.bot.store.set(where, scope_id, LANGUAGE, value.value)
        after = self.bot.context_for_interaction(interaction)
        key = "language_set_channel" if where == CHANNEL else "language_set_server"
        text = DISCORD(key, value.value, language=LANGUAGE_NAMES[value.value])
        await send_reply(interaction, _done(after.lang, after.ruleset_id, text))

    @app_commands.command(name="ruleset", description="Set the ruleset this server rules under")
    @app_commands.describe(value="The ruleset to rule under")
    @app_commands.choices(value=RULESET_CHOICES)
    async def ruleset(self, interaction: discord.Interaction[FloorcallBot], value: app_commands.Choice[str]) -> None:
        before = self.bot.context_for_interaction(interaction)
        if interaction.guild_id is None:
            await send_reply(interaction, _refusal(before.lang, before.ruleset_id, "server_only"))
            return
        if not interaction.permissions.manage_guild:
            await send_reply(interaction, _refusal(before.lang, before.ruleset_id, "need_manage_server"))
            return
        self.bot.store.set(SERVER, interaction.guild_id, RULESET, value.value)
        lang = before.lang
        text = DISCORD("ruleset_set", lang, ruleset=RULESETS[value.value].name[lang])
        await send_reply(interaction, _done(lang, value.value, text))

    @app_commands.command(name="show", description="Show the settings in force here and where they come from")
    async def show(self, interaction: discord.Interaction[FloorcallBot]) -> None:
        guild_locale = interaction.guild_locale.value if interaction.guild_locale else None
        here = self.bot.store.resolve(interaction.guild_id, interaction.channel_id, guild_locale)
        lang = here.lang
        fields = [
            Field(DISCORD("show_language", lang),
                  f"{LANGUAGE_NAMES[here.lang]} ({DISCORD('why_' + here.lang_source, lang)})", inline=True),
            Field(DISCORD("show_ruleset", lang),
                  f"{RULESETS[here.ruleset].name[lang]} ({DISCORD('why_' + here.ruleset_source, lang)})",
                  inline=True),
        ]
        if here.extra:
            fields.append(Field(DISCORD("show_other", lang),
                                "\n".join(f"{k}: {v}" for k, v in sorted(here.extra.items()))))
        reply = Reply(ok=True, command="settings", lang=lang, ruleset=here.ruleset,
                      headline=DISCORD("show_title", lang), fields=fields,
                      data={"language": here.lang, "language_source": here.lang_source,
                            "ruleset_source": here.ruleset_source})
        await send_reply(interaction, reply, ephemeral=True)


async def setup(bot: FloorcallBot) -> None:
    await bot.add_cog(SettingsCog(bot))
