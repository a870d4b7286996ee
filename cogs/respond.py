"""Answering an interaction with a `Reply` that carries the Show rules button.

`cogs.answer` does the answering (deadline, defer, ephemeral errors, splitting); this module adds
the one thing every command's reply shares, the **Show rules** button under a successful reply
that cites rules. The button lives in `cogs.show_rules`, which answers through `cogs.answer`
directly, so the two modules no longer import each other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from cogs import answer
from cogs.show_rules import ShowRulesButton
from handlers.reply import Reply

if TYPE_CHECKING:
    from cogs.app import FloorcallBot


def reply_view(reply: Reply) -> discord.ui.View | None:
    """The Show rules button for a successful reply that cites rules. A rule lookup has none:
    it *is* the rule, and the button only showed the same rule again."""
    if not reply.ok or not reply.citations or reply.command == "rule":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(ShowRulesButton(reply.ruleset, reply.citation_ids, reply.lang))
    return view


async def compute_then_answer(
    interaction: discord.Interaction[FloorcallBot],
    compute: Callable[[], Reply],
    *,
    ephemeral: bool | None = None,
    lookup: bool = False,
) -> Reply:
    """Run `compute` on the worker (`lookup`: the lookup's thread) and answer with its reply (and
    the Show rules button)."""
    return await answer.compute_then_answer(interaction, compute, ephemeral=ephemeral, view_for=reply_view,
                                            lookup=lookup)


async def answer_command(
    interaction: discord.Interaction[FloorcallBot], command: str, args: str
) -> Reply:
    """Run a shared command on the arguments the user typed into an option (`/ruling` and
    `/pot` go through `cogs.entry.answer_hand`, which adds the echo and the Fix button)."""
    ctx = interaction.client.context_for_interaction(interaction)
    from handlers.dispatch import handle

    return await compute_then_answer(interaction, lambda: handle(args, ctx, command=command),
                                     lookup=command == "rule")


async def send_reply(interaction: discord.Interaction[Any], reply: Reply, *, ephemeral: bool | None = None) -> None:
    """Send `reply` (errors ephemeral unless told otherwise) as one or more messages, with the Show
    rules button. An answer without the button, or after a deferral, is `cogs.answer`'s to send:
    the options for those were copied here from it, and no caller used them."""
    await answer.send_reply(interaction, reply, ephemeral=ephemeral, view=reply_view(reply))


__all__ = ["answer_command", "compute_then_answer", "reply_view", "send_reply"]
