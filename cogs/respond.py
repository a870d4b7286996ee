"""Answering an interaction with a `Reply`: defer only when needed, errors ephemeral, long replies split.

Every surface funnels through here so the Discord rules are kept in one place: acknowledge within
three seconds (answer directly if the handler is quick, otherwise defer and edit), exactly one
callback per interaction, later parts as followups, and the Show rules button on the last part.
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


def reply_view(reply: Reply) -> discord.ui.View | None:
    """The Show rules button for a successful reply that cites rules."""
    if not reply.ok or not reply.citations:
        return None
    from cogs.show_rules import ShowRulesButton

    view = discord.ui.View(timeout=None)
    view.add_item(ShowRulesButton(reply.ruleset, reply.citation_ids, reply.lang))
    return view


async def compute_then_answer(
    interaction: discord.Interaction[FloorcallBot],
    compute: Callable[[], Reply],
    *,
    ephemeral: bool | None = None,
    with_view: bool = True,
) -> Reply:
    """Run `compute` on the worker; answer directly if it is quick, else defer first, then edit."""
    bot = interaction.client
    task = asyncio.ensure_future(bot.run_in_worker(compute))
    done, _ = await asyncio.wait({task}, timeout=bot.defer_after)
    deferred = False
    if not done:
        await interaction.response.defer(thinking=True, ephemeral=bool(ephemeral))
        deferred = True
        log.info("deferred %s (slow handler)", _name(interaction))
    reply = await task
    # Ids and outcomes only: never the text people typed.
    log.info("%s ok=%s guild=%s deferred=%s", _name(interaction), reply.ok, interaction.guild_id, deferred)
    await send_reply(interaction, reply, deferred=deferred, deferred_ephemeral=bool(ephemeral),
                     ephemeral=ephemeral, with_view=with_view)
    return reply


async def answer_command(
    interaction: discord.Interaction[FloorcallBot], command: str, args: str
) -> Reply:
    """Run a shared command on the arguments the user typed into an option."""
    ctx = interaction.client.context_for_interaction(interaction)
    from handlers.dispatch import handle

    return await compute_then_answer(interaction, lambda: handle(args, ctx, command=command))


async def send_reply(
    interaction: discord.Interaction[Any],
    reply: Reply,
    *,
    deferred: bool = False,
    deferred_ephemeral: bool = False,
    ephemeral: bool | None = None,
    with_view: bool = True,
) -> None:
    """Send `reply` (errors ephemeral unless told otherwise) as one or more messages."""
    eph = (not reply.ok) if ephemeral is None else ephemeral
    messages = render_messages(reply)
    view = reply_view(reply) if with_view else None
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


def _name(interaction: discord.Interaction[Any]) -> str:
    command = interaction.command
    return command.qualified_name if command is not None else str(interaction.type.name)


__all__ = ["answer_command", "compute_then_answer", "reply_view", "send_reply"]
