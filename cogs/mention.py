"""`@floorcall <command>`: a message that mentions the bot runs the command after the mention.

Discord sends the text of messages that mention the bot even without the privileged message
content intent, so this works with the bot's plain intents. Replies go to the channel (there is
no private reply to a message) as a reply to the asker's message, pinging no one. `clock` is
handed to the clock cog (when loaded), so a clock asked for this way runs like `/clock`, and
`blinds` to the blind clock's cog likewise.
"""

from __future__ import annotations

import asyncio
import logging
import math
import re
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from cogs.message_hand import COMMANDS_READ, answer_first_hand, read_hands
from cogs.messages import DISCORD, PHONE
from cogs.render import render_messages
from cogs.respond import reply_view
from handlers.context import Context
from handlers.dispatch import find_command, split_command
from handlers.reply import Reply

if TYPE_CHECKING:
    from cogs.app import FloorcallBot

log = logging.getLogger("floorcall.discord")


def command_after_mention(content: str, bot_id: int) -> str | None:
    """The text after the first mention of the bot; None if the bot is not mentioned."""
    m = re.search(rf"<@!?{bot_id}>", content)
    if m is None:
        return None
    return content[m.end():].strip()


class MentionCog(commands.Cog):
    def __init__(self, bot: FloorcallBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        me = self.bot.user
        if me is None or message.author.bot or message.webhook_id is not None:
            return
        text = command_after_mention(message.content or "", me.id)
        if text is None:
            return
        ctx = self.bot.context_for_message(message)
        wait = self.bot.cooldowns.hit(message.author.id)
        if wait is not None:
            if not self.bot.cooldowns.first_refusal(message.author.id):
                return  # told once already in this cooldown: silence, not one message per mention
            await message.channel.send(DISCORD("slow_down", ctx.lang, seconds=max(1, math.ceil(wait))),
                                       reference=message.to_reference(fail_if_not_exists=False))
            return
        word, _, args, offset = split_command(text)
        command = find_command(word) if word else None
        if command is not None and command.name in ("clock", "blinds") and message.guild is None:
            # Clocks and blind levels belong to a server's table: in a DM there is none to run on.
            await message.channel.send(PHONE("server_only_timers", ctx.lang),
                                       reference=message.to_reference(fail_if_not_exists=False))
            return
        # The loaded extension's class, not an imported one: load_extension makes a module of its own.
        start_clock = getattr(self.bot.get_cog("ClockCog"), "clock_from_message", None)
        if command is not None and command.name == "clock" and start_clock is not None:
            # A clock runs: one message with Acted/Cancel that is edited as time passes.
            await start_clock(message, args, offset, ctx)
            return
        run_blinds = getattr(self.bot.get_cog("BlindsCog"), "blinds_from_message", None)
        if command is not None and command.name == "blinds" and run_blinds is not None:
            await run_blinds(message, args, offset, ctx)  # the channel's blind clock, as /blinds runs it
            return
        task = asyncio.ensure_future(self._answer(text, command.name if command else None, args, ctx))
        done, _ = await asyncio.wait({task}, timeout=self.bot.defer_after)
        if not done:
            await message.channel.typing()  # shows "floorcall is typing…" while the handler runs
        reply = await task
        # The command's own name, never the word typed (an unknown one is what someone wrote).
        log.debug("mention command %s ok=%s in guild %s", command.name if command is not None else "(none)",
                  reply.ok, message.guild.id if message.guild else None)
        messages = render_messages(reply)
        view = reply_view(reply)
        for i, embeds in enumerate(messages):
            extra: dict[str, Any] = {"view": view} if (view is not None and i == len(messages) - 1) else {}
            # A reply without `mention_author`: the bot-wide AllowedMentions.none() then covers
            # the replied-to user too (Discord's default is not to ping them).
            ref = message.to_reference(fail_if_not_exists=False) if i == 0 else None
            await message.channel.send(embeds=embeds, reference=ref, **extra)  # type: ignore[arg-type]


    async def _answer(self, text: str, command: str | None, args: str, ctx: Context) -> Reply:
        """The handler's reply to `text`; a hand in chat markup (a code block, a mention before the
        command word, several hands) is read as the Ruling menu reads it (`cogs.message_hand`).
        A plain `ruling <hand>` runs as typed, so its error offsets count from the message."""
        if command is None or command in COMMANDS_READ:
            found = read_hands(text)
            plain = command is not None and found.hands == [args.strip()]
            said = found.said
            if said is not None and found.hands and not plain:
                return await self.bot.run_in_worker(lambda: answer_first_hand(found, ctx, said))
        # A rule lookup runs on the lookup's own thread (it may wait for the index to load).
        return await self.bot.run_handler(text or "help", ctx, lookup=command == "rule")


async def setup(bot: FloorcallBot) -> None:
    await bot.add_cog(MentionCog(bot))
