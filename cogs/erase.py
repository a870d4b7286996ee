"""`/settings erase`: a server's admins delete what floorcall keeps about the server.

What goes: the server's settings and its channels' (language, ruleset, clock times) and every
finished player and blind clock of the server (handlers/store/retention.py). A clock still
running is left to finish; the retention sweep removes it afterwards like any other.

The command only asks (privately, with an **Erase** button); the button does it. Both need
Manage Server, and the button works only for the member who asked, in the server it was asked
in: its custom id names both, and a press is checked against where it comes from, so a crafted
id does nothing a member could not do by running the command.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from cogs.guard import GUARD, keeps_nothing_in, press_allowed, refuse_outside
from cogs.messages import DISCORD
from handlers.store.errors import StoreError, try_again

log = logging.getLogger("floorcall.discord")

NO_MENTIONS = discord.AllowedMentions.none()
_MAX_ID = 2**63 - 1


def _lang(interaction: discord.Interaction[Any]) -> str:
    return str(interaction.client.context_for_interaction(interaction).lang)


class EraseButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"fc:erase:(?P<rest>.{1,60})"):
    def __init__(self, guild_id: int, user_id: int, lang: str = "en", valid: bool = True) -> None:
        super().__init__(discord.ui.Button(label=GUARD("erase_button", lang), style=discord.ButtonStyle.danger,
                                           custom_id=f"fc:erase:{guild_id}:{user_id}"))
        self.guild_id = guild_id
        self.user_id = user_id
        self.valid = valid

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> EraseButton:
        m = re.fullmatch(r"([1-9][0-9]{0,18}):([1-9][0-9]{0,18})", match["rest"])
        if m is None or int(m[1]) > _MAX_ID or int(m[2]) > _MAX_ID:
            return cls(0, 0, valid=False)
        return cls(int(m[1]), int(m[2]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not await press_allowed(interaction):
            return
        lang = _lang(interaction)
        if not self.valid or self.guild_id != interaction.guild_id or self.user_id != interaction.user.id:
            await interaction.response.send_message(GUARD("unknown_button", lang), ephemeral=True,
                                                    allowed_mentions=NO_MENTIONS)
            return
        if not interaction.permissions.manage_guild:
            await interaction.response.send_message(DISCORD("need_manage_server", lang), ephemeral=True)
            return
        if keeps_nothing_in(interaction):
            await refuse_outside(interaction, lang)
            return
        guild = interaction.guild
        channel_ids = [c.id for c in guild.channels] + [t.id for t in guild.threads] if guild is not None else []
        if interaction.channel_id is not None and interaction.channel_id not in channel_ids:
            channel_ids.append(interaction.channel_id)
        try:
            await interaction.client.store.erase_guild(self.guild_id, channel_ids)
        except StoreError as err:
            await interaction.response.send_message(try_again(err, lang), ephemeral=True)
            return
        log.info("erased the stored data of guild %s at an admin's request", self.guild_id)
        await interaction.response.edit_message(content=GUARD("erase_done", lang), view=None)


async def ask(interaction: discord.Interaction[Any]) -> None:
    """`/settings erase`: say what would go, privately, with the button that does it."""
    lang = _lang(interaction)
    if interaction.guild_id is None:
        await interaction.response.send_message(DISCORD("server_only", lang), ephemeral=True)
        return
    if not interaction.permissions.manage_guild:
        await interaction.response.send_message(DISCORD("need_manage_server", lang), ephemeral=True)
        return
    view = discord.ui.View(timeout=None)
    view.add_item(EraseButton(interaction.guild_id, interaction.user.id, lang))
    await interaction.response.send_message(GUARD("erase_confirm", lang), view=view, ephemeral=True,
                                            allowed_mentions=NO_MENTIONS)
