"""`/ruling hand:<text>` and the **Ruling** message context menu: both run the shared `ruling`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.messages import DISCORD
from cogs.respond import answer_command, send_reply
from engine.streets import mentions_showdown
from handlers.dispatch import find_command, split_command
from handlers.reply import Reply

if TYPE_CHECKING:
    from cogs.app import FloorcallBot

MENU_NAME = "Ruling"


def _read_message(content: str, bot_id: int | None) -> tuple[str | None, str]:
    """(the command word's command if it is `ruling` or `pot`, the hand) of a message, without a
    leading bot mention or that command word."""
    text = content.strip()
    if bot_id is not None:
        for mention in (f"<@{bot_id}>", f"<@!{bot_id}>"):
            if text.startswith(mention):
                text = text[len(mention):].strip()
    word, _, args, _ = split_command(text)
    cmd = find_command(word) if word else None
    if cmd is not None and cmd.name in ("ruling", "pot"):
        return cmd.name, args
    return None, text


def hand_text(content: str, bot_id: int | None) -> str:
    """The hand in a message: without a leading bot mention or a leading `ruling` command word."""
    return _read_message(content, bot_id)[1]


def menu_command(content: str, bot_id: int | None) -> str:
    """A message that says `pot ...`, or a hand that ends in a showdown, is settled (`pot`); any
    other is ruled on."""
    said, text = _read_message(content, bot_id)
    return "pot" if said == "pot" or mentions_showdown(text) else "ruling"


class RulingCog(commands.Cog):
    def __init__(self, bot: FloorcallBot) -> None:
        self.bot = bot
        self.menu = app_commands.ContextMenu(name=MENU_NAME, callback=self.ruling_on_message)
        bot.tree.add_command(self.menu)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.menu.name, type=self.menu.type)

    @app_commands.command(
        name="ruling",
        description="Rule on a betting sequence: who acts, what it costs to call, the smallest and largest raise",
    )
    @app_commands.describe(hand="The hand, e.g. NL 100/200 flop: A bet 600, B raise 1600, C?")
    async def ruling(self, interaction: discord.Interaction[FloorcallBot], hand: app_commands.Range[str, 1, 2000]) -> None:
        await answer_command(interaction, "ruling", hand)

    async def ruling_on_message(self, interaction: discord.Interaction[FloorcallBot], message: discord.Message) -> None:
        text = hand_text(message.content or "", self.bot.user.id if self.bot.user else None)
        if not text:
            ctx = self.bot.context_for_interaction(interaction)
            reply = Reply(ok=False, command="ruling", lang=ctx.lang, ruleset=ctx.ruleset_id,
                          headline=DISCORD("no_text", ctx.lang))
            await send_reply(interaction, reply)
            return
        bot_id = self.bot.user.id if self.bot.user else None
        await answer_command(interaction, menu_command(message.content or "", bot_id), text)


async def setup(bot: FloorcallBot) -> None:
    await bot.add_cog(RulingCog(bot))
