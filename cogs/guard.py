"""What a hostile or careless client can send, checked in one place before any work is done.

- **Servers the bot is not in.** With a user install (or a stale client) an interaction can come
  from a server the bot never joined: there it can answer (rulings, rule lookups, pots, help) but
  keeps nothing (settings, player clocks, blind clocks), since no one there can see its messages
  edited or ever clear what it stored. `keeps_nothing_in` is that test, one function the
  user-install work calls too; `needs_server` names the commands it refuses there.
- **Buttons.** Presses get a cooldown of their own (`press_allowed`), looser than the commands'.
- **Autocomplete.** One user typing fast (or a script) sends one autocomplete per keystroke;
  only the newest matters, so `Autocompletes` runs at most one per user at a time and answers
  the ones overtaken while they waited with no choices, without touching the worker.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

from cogs.messages import DISCORD
from handlers.i18n import Messages

GUARD = Messages("discord-guard")

T = TypeVar("T")

# Commands that store something for the server (a settings row, a clock's record): refused in a
# server the bot is not in. `/settings show` only reads, and answers the defaults there.
STORING_COMMANDS = ("clock", "blinds", "settings language", "settings ruleset", "settings clock", "settings erase")


def keeps_nothing_in(interaction: discord.Interaction[Any]) -> bool:
    """True when the interaction comes from a server the bot is not a member of: answer if the
    command can, store nothing. (A direct message has no server and is not such a place.)"""
    gid = interaction.guild_id
    return gid is not None and interaction.client.get_guild(gid) is None


def needs_server(qualified_name: str) -> bool:
    """Whether a command (`settings clock`, `blinds start` ...) stores something for the server."""
    return any(qualified_name == c or qualified_name.startswith(c + " ") for c in STORING_COMMANDS)


async def refuse_outside(interaction: discord.Interaction[Any], lang: str) -> None:
    """The private answer to a storing command from a server the bot is not in."""
    await interaction.response.send_message(GUARD("not_in_server", lang), ephemeral=True,
                                            allowed_mentions=discord.AllowedMentions.none())


async def press_allowed(interaction: discord.Interaction[Any]) -> bool:
    """Count a button press against the user's press cooldown. Over it, the first press is told
    (privately) to slow down and later ones get no answer until the cooldown clears."""
    cooldowns = getattr(interaction.client, "press_cooldowns", None)
    if cooldowns is None:
        return True
    wait = cooldowns.hit(interaction.user.id)
    if wait is None:
        return True
    if cooldowns.first_refusal(interaction.user.id):
        ctx_for = getattr(interaction.client, "context_for_interaction", None)
        lang = ctx_for(interaction).lang if ctx_for is not None else "en"
        await interaction.response.send_message(DISCORD("slow_down", lang, seconds=max(1, math.ceil(wait))),
                                                ephemeral=True)
    return False


class Autocompletes:
    """At most one autocomplete per user in flight, and at most one waiting behind it.

    At 1,000 autocompletes a second from one user every one of them used to queue on the bot's
    one worker thread, and `/help` elsewhere waited behind them (362 ms median). Here a new one
    waits for the user's one in flight; a newer one arriving meanwhile makes it stale (the
    client already shows a newer text), and it answers no choices at once.
    """

    def __init__(self) -> None:
        self._running: dict[int, asyncio.Future[Any]] = {}
        self._waiting: dict[int, asyncio.Future[bool]] = {}
        self.dropped = 0  # for the bench and the tests

    async def run(self, user_id: int, start: Callable[[], Awaitable[T]], budget: float) -> T | None:
        """`start()`'s result, or None when a newer autocomplete of the same user overtook this
        one (or the one in flight outlasted `budget`)."""
        older = self._waiting.pop(user_id, None)
        if older is not None and not older.done():
            older.set_result(False)  # overtaken: it answers at once
        running = self._running.get(user_id)
        if running is not None and not running.done():
            mine: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
            self._waiting[user_id] = mine
            def wake(_f: asyncio.Future[Any]) -> None:
                if not mine.done():
                    mine.set_result(True)

            running.add_done_callback(wake)
            try:
                go = await asyncio.wait_for(mine, budget)
            except TimeoutError:
                go = False
            if self._waiting.get(user_id) is mine:
                del self._waiting[user_id]
            if not go:
                self.dropped += 1
                return None
        future = asyncio.ensure_future(start())
        self._running[user_id] = future
        try:
            return await future
        finally:
            if self._running.get(user_id) is future:
                del self._running[user_id]
