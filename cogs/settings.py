"""`/settings language|ruleset|clock|show`: what language, ruleset and clock times apply where.

Changing a channel's language needs Manage Channels; changing anything server-wide (the server's
language, the ruleset, the clock's times) needs Manage Server. Everyone may look (`show`), and the
answer says where each value comes from, so a floor person can tell why the bot answers in Korean
in one channel and Japanese in the next, or why the clock runs 40 seconds and not the ruleset's 25.

`/settings clock seconds:<5-600> countdown:<0-60>` gives the server its own clock times (either
may be left out: it keeps the one in force); `/settings clock reset:True` goes back to the
ruleset's. The bounds live in `handlers.clock.model` (CLOCK_SECONDS_RANGE, ...).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.app import not_installed_here
from cogs.messages import DISCORD, LANGUAGE_NAMES, PHONE
from cogs.respond import send_reply
from engine.rulesets import RULESETS
from handlers.i18n import ruleset_name
from handlers.reply import Field, Reply
from handlers.store.settings import (
    CHANNEL,
    CLOCK_COUNTDOWN_RANGE,
    CLOCK_SECONDS_RANGE,
    LANGUAGE,
    RULESET,
    SERVER,
    USER,
    ClockTimesError,
    InForce,
)

if TYPE_CHECKING:
    from cogs.app import FloorcallBot

LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in LANGUAGE_NAMES.items()]
SCOPE_CHOICES = [
    app_commands.Choice(name="This channel", value=CHANNEL),
    app_commands.Choice(name="The whole server", value=SERVER),
    app_commands.Choice(name="Just me (DMs and servers without floorcall)", value=USER),
]
RULESET_CHOICES = [app_commands.Choice(name=ruleset_name(rs_id, "en"), value=rs_id) for rs_id in RULESETS]


def _refusal(lang: str, ruleset: str, key: str, **params: object) -> Reply:
    return Reply(ok=False, command="settings", lang=lang, ruleset=ruleset, headline=DISCORD(key, lang, **params))


def _done(lang: str, ruleset: str, text: str) -> Reply:
    return Reply(ok=True, command="settings", lang=lang, ruleset=ruleset, headline=text)


def _clock_field(here: InForce) -> Field:
    """The clock's times in force and whose they are (the server's, or the ruleset's)."""
    lang = here.lang
    if here.clock.source == "server":
        why = DISCORD("why_server", lang)
    else:
        why = DISCORD("why_clock_ruleset", lang, ruleset=ruleset_name(here.ruleset, lang))
    times = DISCORD("clock_times", lang, seconds=here.clock.seconds, countdown=here.clock.countdown)
    return Field(DISCORD("show_clock", lang), f"{times} ({why})", inline=True)


def _in_force(bot: FloorcallBot, interaction: discord.Interaction[FloorcallBot]) -> InForce:
    guild_locale = interaction.guild_locale.value if interaction.guild_locale else None
    return bot.store.resolve(interaction.guild_id, interaction.channel_id, guild_locale)


# Everywhere: a person sets their own language in DMs and servers without floorcall (scope:me).
@app_commands.allowed_installs(guilds=True, users=True)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class SettingsCog(commands.GroupCog, group_name="settings",
                  group_description="Reply language, ruleset and clock times for this channel or server"):
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
        before = self.bot.context_for_interaction(interaction)
        # Where the bot is not installed, a person's own language is the only one to set.
        default = USER if not_installed_here(interaction) else CHANNEL
        where = scope.value if scope is not None else default
        if where == USER:
            await self.bot.store.set(USER, interaction.user.id, LANGUAGE, value.value)
            text = PHONE("language_set_user", value.value, language=LANGUAGE_NAMES[value.value])
            await send_reply(interaction, _done(value.value, before.ruleset_id, text), ephemeral=True)
            return
        if interaction.guild_id is None or interaction.channel_id is None or not_installed_here(interaction):
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
        await self.bot.store.set(where, scope_id, LANGUAGE, value.value)
        after = self.bot.context_for_interaction(interaction)
        key = "language_set_channel" if where == CHANNEL else "language_set_server"
        text = DISCORD(key, value.value, language=LANGUAGE_NAMES[value.value])
        await send_reply(interaction, _done(after.lang, after.ruleset_id, text))

    @app_commands.command(name="ruleset", description="Set the ruleset this server rules under")
    @app_commands.describe(value="The ruleset to rule under")
    @app_commands.choices(value=RULESET_CHOICES)
    async def ruleset(self, interaction: discord.Interaction[FloorcallBot], value: app_commands.Choice[str]) -> None:
        before = self.bot.context_for_interaction(interaction)
        if interaction.guild_id is None or not_installed_here(interaction):  # a DM, or a server without the bot
            await send_reply(interaction, _refusal(before.lang, before.ruleset_id, "server_only"))
            return
        if not interaction.permissions.manage_guild:
            await send_reply(interaction, _refusal(before.lang, before.ruleset_id, "need_manage_server"))
            return
        await self.bot.store.set(SERVER, interaction.guild_id, RULESET, value.value)
        lang = before.lang
        text = DISCORD("ruleset_set", lang, ruleset=ruleset_name(value.value, lang))
        reply = _done(lang, value.value, text)
        after = _in_force(self.bot, interaction)
        if after.clock.source == "server":  # the server's own clock times outlive a change of ruleset
            reply.fields.append(_clock_field(after))
        await send_reply(interaction, reply)

    @app_commands.command(name="clock", description="Set this server's clock times, or go back to the ruleset's")
    @app_commands.describe(
        seconds="Seconds to act before the countdown (5-600)",
        countdown="Seconds of the final countdown (0-60, at most the seconds to act)",
        reset="True: forget this server's times and use the ruleset's again",
    )
    async def clock(
        self,
        interaction: discord.Interaction[FloorcallBot],
        seconds: app_commands.Range[int, CLOCK_SECONDS_RANGE[0], CLOCK_SECONDS_RANGE[1]] | None = None,
        countdown: app_commands.Range[int, CLOCK_COUNTDOWN_RANGE[0], CLOCK_COUNTDOWN_RANGE[1]] | None = None,
        reset: bool = False,
    ) -> None:
        """Discord's client keeps each number inside its range; the store checks them again (and
        the countdown against the seconds), so any value that gets here is answered in words."""
        here = _in_force(self.bot, interaction)
        lang, ruleset = here.lang, here.ruleset
        if interaction.guild_id is None or not_installed_here(interaction):  # a DM, or a server without the bot
            await send_reply(interaction, _refusal(lang, ruleset, "server_only"))
            return
        if not interaction.permissions.manage_guild:
            await send_reply(interaction, _refusal(lang, ruleset, "need_manage_server"))
            return
        if reset and (seconds is not None or countdown is not None):
            await send_reply(interaction, _refusal(lang, ruleset, "clock_reset_with_times"))
            return
        if reset:
            had_own = await self.bot.store.reset_clock_times(interaction.guild_id)
            after = _in_force(self.bot, interaction)
            key = "clock_reset" if had_own else "clock_reset_already"
            text = DISCORD(key, lang, ruleset=ruleset_name(ruleset, lang),
                           seconds=after.clock.seconds, countdown=after.clock.countdown)
            await send_reply(interaction, _done(lang, ruleset, text))
            return
        if seconds is None and countdown is None:
            reply = _refusal(lang, ruleset, "clock_nothing_given")
            reply.fields.append(_clock_field(here))
            await send_reply(interaction, reply)
            return
        new_seconds = here.clock.seconds if seconds is None else seconds
        new_countdown = here.clock.countdown if countdown is None else countdown
        try:
            await self.bot.store.set_clock_times(interaction.guild_id, new_seconds, new_countdown)
        except ClockTimesError as err:
            await send_reply(interaction, _refusal(lang, ruleset, err.code, **err.params))
            return
        text = DISCORD("clock_set", lang, seconds=new_seconds, countdown=new_countdown)
        await send_reply(interaction, _done(lang, ruleset, text))

    @app_commands.command(name="show", description="Show the settings in force here and where they come from")
    async def show(self, interaction: discord.Interaction[FloorcallBot]) -> None:
        here = _in_force(self.bot, interaction)
        lang = here.lang
        why_lang = DISCORD('why_' + here.lang_source, lang)
        if not_installed_here(interaction):  # a DM or a server without the bot: the person's own
            lang = self.bot.context_for_interaction(interaction).lang
            own = self.bot.store.get(USER, interaction.user.id, LANGUAGE)
            why_lang = PHONE("why_user" if own == lang else "why_user_locale", lang)
            here = replace(here, lang=lang, lang_source="user" if own == lang else "user_locale")
        fields = [
            Field(DISCORD("show_language", lang), f"{LANGUAGE_NAMES[lang]} ({why_lang})", inline=True),
            Field(DISCORD("show_ruleset", lang),
                  f"{ruleset_name(here.ruleset, lang)} ({DISCORD('why_' + here.ruleset_source, lang)})",
                  inline=True),
            _clock_field(here),
        ]
        if here.extra:
            fields.append(Field(DISCORD("show_other", lang),
                                "\n".join(f"{k}: {v}" for k, v in sorted(here.extra.items()))))
        reply = Reply(ok=True, command="settings", lang=lang, ruleset=here.ruleset,
                      headline=DISCORD("show_title", lang), fields=fields,
                      data={"language": lang, "language_source": here.lang_source,
                            "ruleset_source": here.ruleset_source, "clock_seconds": here.clock.seconds,
                            "clock_countdown": here.clock.countdown, "clock_source": here.clock.source})
        await send_reply(interaction, reply, ephemeral=True)


    @app_commands.command(name="erase", description="Erase what floorcall keeps about this server (Manage Server)")
    async def erase(self, interaction: discord.Interaction[FloorcallBot]) -> None:
        from cogs.erase import ask

        await ask(interaction)


async def setup(bot: FloorcallBot) -> None:
    from cogs.erase import EraseButton

    bot.add_dynamic_items(EraseButton)
    await bot.add_cog(SettingsCog(bot))
