"""The **Show rules** button: the cited rules' summaries, privately, for whoever pressed it.

Everything the button needs (ruleset and citation ids) is in its custom id, so it keeps
working after a restart and needs no per-message state. Discord caps custom ids at 100
characters; ids that do not fit are dropped from the button (the reply itself still lists them).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from cogs.answer import compute_then_answer
from cogs.messages import DISCORD
from engine.rulesets import DEFAULT_RULESET, get_ruleset
from handlers.citations import make_citations
from handlers.reply import Field, Reply

if TYPE_CHECKING:
    from cogs.app import FloorcallBot

PREFIX = "fc:rules:"
CUSTOM_ID_MAX = 100
SUMMARY_MAX = 1000


def encode(ruleset: str, ids: list[str]) -> str:
    out = f"{PREFIX}{ruleset}:"
    kept: list[str] = []
    for cid in ids:
        if len(out) + len(",".join([*kept, cid])) > CUSTOM_ID_MAX:
            break
        kept.append(cid)
    return out + ",".join(kept)


def summaries_reply(ruleset_id: str, ids: list[str], lang: str) -> Reply:
    """One field per cited id: its label and title, then the part or summary in `lang`."""
    from handlers.rule import rule_heading, summary_text
    from rules_data.corpus import get_corpus

    ruleset = get_ruleset(ruleset_id)
    corpus = get_corpus()
    citations = make_citations(ids, lang, ruleset)
    fields = []
    for c in citations:
        entry = corpus.resolve(ruleset, c.id)
        if entry is None:
            fields.append(Field(c.label, DISCORD("no_summary", lang)))
            continue
        text = summary_text(entry, lang) or DISCORD("no_summary", lang)
        if len(text) > SUMMARY_MAX:
            text = text[: SUMMARY_MAX - 1] + "…"
        fields.append(Field(rule_heading(entry, lang, ruleset), text))
    return Reply(ok=True, command="rules", lang=lang, ruleset=ruleset_id, headline=DISCORD("cited_rules", lang),
                 fields=fields, citations=citations, data={"ids": ids})


# Anything under `fc:rules:` reaches `from_custom_id` and is read strictly there: a custom id a
# modified client made up is answered (privately) rather than left without an answer.
_CUSTOM_ID = re.compile(r"(?P<ruleset>[a-z0-9-]{1,32}):(?P<ids>(?:[A-Za-z0-9:-]{1,24}(?:,[A-Za-z0-9:-]{1,24})*)?)")


class ShowRulesButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"fc:rules:(?P<rest>.{0,91})"):
    def __init__(self, ruleset: str, ids: list[str], lang: str = "en", valid: bool = True) -> None:
        super().__init__(
            discord.ui.Button(
                label=DISCORD("show_rules", lang),
                style=discord.ButtonStyle.secondary,
                emoji="📖",
                custom_id=encode(ruleset, ids),
            )
        )
        self.ruleset = ruleset
        self.ids = ids
        self.valid = valid

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> ShowRulesButton:
        m = _CUSTOM_ID.fullmatch(match["rest"])
        if m is None:
            return cls(DEFAULT_RULESET, [], valid=False)
        ids = [i for i in m["ids"].split(",") if i]
        return cls(m["ruleset"], ids)

    async def callback(self, interaction: discord.Interaction[FloorcallBot]) -> None:  # type: ignore[override]
        from cogs.guard import press_allowed

        if not await press_allowed(interaction):
            return
        bot = interaction.client
        lang = bot.context_for_interaction(interaction).lang
        if not self.valid:
            from cogs.guard import GUARD

            await interaction.response.send_message(GUARD("unknown_button", lang), ephemeral=True)
            return
        ruleset = self.ruleset
        try:
            get_ruleset(ruleset)
        except KeyError:
            ruleset = bot.context_for_interaction(interaction).ruleset_id
        await compute_then_answer(interaction, lambda: summaries_reply(ruleset, self.ids, lang), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(ShowRulesButton)


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(ShowRulesButton)
