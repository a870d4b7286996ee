"""Entering and correcting a hand on a phone: the error's **Fix and resend** button, and the entry
modal of `/ruling` and `/pot` (issue 22).

On a phone, retyping a whole hand to fix one character is the slowest thing a floor person can be
asked to do. A ruling or pot error therefore shows the line with the failing place marked
(`cogs.layout`), and a button under it opens a modal holding the hand as typed, ready to correct
and send again. `/ruling` and `/pot` without a hand open an entry modal: game and street as
selects, blinds, stacks and the actions as text. Either way the modal produces the same text the
slash option takes (nothing new to learn), and it is answered exactly as the slash command is.

The text a button refers to is kept here, in memory, for `KEEP_SECONDS` and at most `KEEP_MAX`
hands (a custom id holds 100 characters, a hand up to 2,000): a button pressed later, or after a
restart, says the hand is no longer kept and to type it again. Nothing is written to disk.
"""

from __future__ import annotations

import re
import secrets
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from cogs.answer import compute_then_answer
from cogs.messages import PHONE
from cogs.respond import reply_view
from handlers.reply import Reply

if TYPE_CHECKING:
    from cogs.app import FloorcallBot

KEEP_SECONDS = 15 * 60  # as long as Discord lets the error's interaction be followed up
KEEP_MAX = 2000
HAND_MAX = 2000  # what the slash option takes
COMMANDS = ("ruling", "pot")
GAMES = ("NL", "PL", "FL")
STREETS = ("preflop", "flop", "turn", "river")
MODAL_TIMEOUT = 15 * 60
# The words' keys (handlers/locales/phone.toml), written out so each is found in the code.
MODAL_TITLES = {"ruling": "modal_title_ruling", "pot": "modal_title_pot"}
ACTIONS_EXAMPLES = {"ruling": "modal_actions_example_ruling", "pot": "modal_actions_example_pot"}
GAME_LABELS = {"NL": "game_nl", "PL": "game_pl", "FL": "game_fl"}

_kept: OrderedDict[str, tuple[float, str, str]] = OrderedDict()


def keep(command: str, text: str, now: float | None = None) -> str:
    """Keep `text` for a Fix button; its token (for the custom id)."""
    now = time.monotonic() if now is None else now
    _forget(now)
    token = secrets.token_hex(8)
    _kept[token] = (now, command, text)
    while len(_kept) > KEEP_MAX:
        _kept.popitem(last=False)
    return token


def kept(token: str, now: float | None = None) -> tuple[str, str] | None:
    """(command, text) kept under `token`, or None once it is gone."""
    _forget(time.monotonic() if now is None else now)
    found = _kept.get(token)
    return None if found is None else (found[1], found[2])


def _forget(now: float) -> None:
    while _kept:
        token, (at, _, _) = next(iter(_kept.items()))
        if now - at < KEEP_SECONDS:
            break
        del _kept[token]


def compose(game: str, blinds: str, street: str, stacks: str, actions: str) -> str:
    """The entry modal's inputs as the line `/ruling hand:` takes: `NL 100/200 stacks A 5000 B
    3000 flop: A bet 600, B?`. Actions that name their own street first (`flop: …`, or a whole
    hand for `/pot`) are left to say it."""
    head = " ".join(x for x in (game.strip(), blinds.strip()) if x)
    if stacks.strip():
        head += " stacks " + stacks.strip()
    body = actions.strip()
    if not _NAMES_STREET.match(body):
        body = f"{street}: {body}"
    return f"{head} {body}".strip()


_NAMES_STREET = re.compile(r"^[^\s,;:]+\s*[:：]")


class FixButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"fc:fix:(?P<command>ruling|pot):(?P<token>[0-9a-f]{16})"):
    """Under an error: opens the hand as typed in a modal, to correct and send again."""

    def __init__(self, command: str, token: str, lang: str = "en") -> None:
        super().__init__(discord.ui.Button(label=PHONE("fix_button", lang), style=discord.ButtonStyle.primary,
                                           emoji="✏️", custom_id=f"fc:fix:{command}:{token}"))
        self.command = command
        self.token = token

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> FixButton:
        return cls(match["command"], match["token"])

    async def callback(self, interaction: discord.Interaction[FloorcallBot]) -> None:  # type: ignore[override]
        lang = interaction.client.context_for_interaction(interaction).lang
        found = kept(self.token)
        if found is None:
            await interaction.response.send_message(PHONE("fix_gone", lang), ephemeral=True)
            return
        command, text = found
        await interaction.response.send_modal(FixModal(command, text, lang))


def fix_view(command: str, text: str, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(FixButton(command, keep(command, text), lang))
    return view


async def answer_hand(interaction: discord.Interaction[FloorcallBot], command: str, text: str) -> Reply:
    """`command` on `text` as the slash command answers it: the reply, the Show rules button on a
    ruling, and on an error the line marked and the Fix button."""
    from handlers.dispatch import handle

    ctx = interaction.client.context_for_interaction(interaction)

    def view_for(reply: Reply) -> discord.ui.View | None:
        if reply.ok or command not in COMMANDS or reply.error is None:
            return reply_view(reply)
        return fix_view(command, text, reply.lang)

    return await compute_then_answer(interaction, lambda: handle(text, ctx, command=command),
                                     view_for=view_for, echo=text)


class FixModal(discord.ui.Modal):
    """The hand as typed, in one box, to correct and send again."""

    def __init__(self, command: str, text: str, lang: str) -> None:
        super().__init__(title=PHONE(MODAL_TITLES[command], lang)[:45], timeout=MODAL_TIMEOUT)
        self.command = command
        self.hand: discord.ui.TextInput[FixModal] = discord.ui.TextInput(
            style=discord.TextStyle.paragraph, default=text[:HAND_MAX], max_length=HAND_MAX, required=True)
        self.add_item(discord.ui.Label(text=PHONE("modal_hand", lang)[:45], component=self.hand))

    async def on_submit(self, interaction: discord.Interaction[FloorcallBot]) -> None:  # type: ignore[override]
        await answer_hand(interaction, self.command, self.hand.value)


class EntryModal(discord.ui.Modal):
    """`/ruling` or `/pot` without a hand: game and street to pick, blinds, stacks, actions to type."""

    def __init__(self, command: str, lang: str) -> None:
        from handlers.pot import STREET_NAMES

        super().__init__(title=PHONE(MODAL_TITLES[command], lang)[:45], timeout=MODAL_TIMEOUT)
        self.command = command
        self.game: discord.ui.Select[EntryModal] = discord.ui.Select(options=[
            discord.SelectOption(label=PHONE(GAME_LABELS[g], lang), value=g, default=g == "NL") for g in GAMES])
        self.blinds: discord.ui.TextInput[EntryModal] = discord.ui.TextInput(
            placeholder="100/200", max_length=60, required=True)
        first = "preflop" if command == "pot" else "flop"
        self.street: discord.ui.Select[EntryModal] = discord.ui.Select(options=[
            discord.SelectOption(label=STREET_NAMES(s, lang), value=s, default=s == first) for s in STREETS])
        self.stacks: discord.ui.TextInput[EntryModal] = discord.ui.TextInput(
            placeholder=PHONE("modal_stacks_example", lang)[:100], max_length=600, required=False)
        self.actions: discord.ui.TextInput[EntryModal] = discord.ui.TextInput(
            style=discord.TextStyle.paragraph, placeholder=PHONE(ACTIONS_EXAMPLES[command], lang)[:100],
            max_length=1300, required=True)
        for key, item in (("modal_game", self.game), ("modal_blinds", self.blinds), ("modal_street", self.street),
                          ("modal_stacks", self.stacks), ("modal_actions", self.actions)):
            self.add_item(discord.ui.Label(text=PHONE(key, lang)[:45], component=item))

    def text(self) -> str:
        game = self.game.values[0] if self.game.values else "NL"
        street = self.street.values[0] if self.street.values else "flop"
        return compose(game, self.blinds.value, street, self.stacks.value, self.actions.value)

    async def on_submit(self, interaction: discord.Interaction[FloorcallBot]) -> None:  # type: ignore[override]
        await answer_hand(interaction, self.command, self.text()[:HAND_MAX])


async def open_entry(interaction: discord.Interaction[FloorcallBot], command: str) -> None:
    lang = interaction.client.context_for_interaction(interaction).lang
    await interaction.response.send_modal(EntryModal(command, lang))


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(FixButton)


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(FixButton)
