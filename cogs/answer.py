"""Answering an interaction with a `Reply`: defer only when needed, errors ephemeral, long replies split.

Every surface funnels through here so the Discord rules are kept in one place: acknowledge within
three seconds (answer directly if the handler is quick, otherwise defer and edit), exactly one
callback per interaction, later parts as followups, and a view (buttons) on the last part.

Which view a reply gets is the caller's: `cogs.respond` adds the Show rules button, and that
button's own answer (the cited rules) comes through here without one. Keeping the button out of
this module is what lets `cogs.show_rules` use it without importing `cogs.respond` back.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from cogs.render import render_messages
from handlers.reply import Reply

if TYPE_CHECKING:
    from cogs.app import FloorcallBot

log = logging.getLogger("floorcall.discord")

ViewFor = Callable[[Reply], discord.ui.View | None]


async def compute_then_answer(
    interaction: discord.Interaction[FloorcallBot],
    compute: Callable[[], Reply],
    *,
    ephemeral: bool | None = None,
    view_for: ViewFor | None = None,
    echo: str | None = None,
    lookup: bool = False,
) -> Reply:
    """Run `compute` on the worker (`lookup`: the rule lookup's thread); answer directly if it is
    quick, else defer first, then edit.

    The worker's future is awaited as it is, with a timer that starts the deferral only if the
    handler is still running after `defer_after` (once a deferral starts, the reply waits for
    it). An `asyncio.wait` with a timeout around a task cost a task, a waiter and a timer per
    interaction; this is one timer (bench/bench_cluster.py --profile).
    """
    bot = interaction.client
    loop = asyncio.get_running_loop()
    deferring: list[asyncio.Task[Any]] = []

    def defer() -> None:
        deferring.append(loop.create_task(
            interaction.response.defer(thinking=True, ephemeral=bool(ephemeral))))
        log.info("deferred %s (slow handler)", _name(interaction))

    if bot.defer_after <= 0:
        defer()
    future = bot.submit(compute, lookup=True) if lookup else bot.submit(compute)
    timer = None if deferring else loop.call_later(bot.defer_after, lambda: None if future.done() else defer())
    try:
        reply = await future
    finally:
        if timer is not None:
            timer.cancel()
        if deferring:  # the reply (or the error report) must come after the deferral
            await deferring[0]
    deferred = bool(deferring)
    # Ids and outcomes only: never the text people typed. At DEBUG: one INFO line per answer
    # was a write to stderr per interaction, 0.05-0.1 ms of the bot's ~0.8 ms (and as much again
    # for whatever reads the log) at 1,000 a second (bench/bench_cluster.py); a deferral (above)
    # and every failure still log at INFO or higher.
    log.debug("%s ok=%s guild=%s deferred=%s", _name(interaction), reply.ok, interaction.guild_id, deferred)
    await send_reply(interaction, reply, deferred=deferred, deferred_ephemeral=bool(ephemeral),
                     ephemeral=ephemeral, view=view_for(reply) if view_for is not None else None, echo=echo)
    return reply


async def send_reply(
    interaction: discord.Interaction[Any],
    reply: Reply,
    *,
    deferred: bool = False,
    deferred_ephemeral: bool = False,
    ephemeral: bool | None = None,
    view: discord.ui.View | None = None,
    echo: str | None = None,
) -> None:
    """Send `reply` (errors ephemeral unless told otherwise) as one or more messages, `view` on the
    last; `echo` is what the user typed, shown with the failing place marked on an error."""
    eph = (not reply.ok) if ephemeral is None else ephemeral
    messages = render_messages(reply, echo=echo)
    last = len(messages) - 1

    def extra(i: int) -> dict[str, Any]:
        return {"view": view} if (i == last and view is not None) else {}

    first = messages[0]
    if not deferred:
        await interaction.response.send_message(embeds=first, ephemeral=eph, **extra(0))
    elif eph and not deferred_ephemeral:
        # A public "thinking…" cannot become private: remove it and answer privately.
        await interaction.delete_original_response()
        await interaction.followup.send(embeds=first, ephemeral=True, **extra(0))
    else:
        await interaction.edit_original_response(embeds=first, view=view if last == 0 else None)
    for i, embeds in enumerate(messages[1:], start=1):
        await interaction.followup.send(embeds=embeds, ephemeral=eph, **extra(i))
    if view is not None and all(isinstance(item, discord.ui.DynamicItem) for item in view.children):
        # A view of dynamic items only (the Show rules button) is not kept by discord.py once
        # sent: clicks find the button by its custom id. Emptied, it is freed by reference
        # counting now instead of waiting, in a View <-> item cycle, for the cyclic collector.
        view.clear_items()


def _name(interaction: discord.Interaction[Any]) -> str:
    command = interaction.command
    return command.qualified_name if command is not None else str(interaction.type.name)


__all__ = ["ViewFor", "compute_then_answer", "send_reply"]
