"""/help and /rule on Discord (issue 22): help per command, Discord's syntax, one rule per reply.

Through the fake Discord and the real client: `/help command:ruling` answers for that command
only, each command is listed under the name the asker's client shows, every example is code in
Discord's syntax and is a line the bot reads as typed, `/settings` is listed; a `/rule` reply
has one summary, the parts, and one list of related rules, and no Show rules button.
"""

from __future__ import annotations

import re

import pytest
from fakediscord.server import FakeDiscord

from cogs.layout import HELP_EXAMPLES, slash_name
from cogs.messages import PHONE
from cogs.render import render_messages
from handlers.context import Context
from handlers.dispatch import handle
from handlers.rule import MESSAGES

LOCALES = {"en": "en-US", "ja": "ja", "ko": "ko"}
INLINE_CODE = re.compile(r"`[^`\n]+`")


def embeds_of(reply) -> list[dict]:
    return [e.to_dict() for m in render_messages(reply) for e in m]


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_every_example_is_discord_syntax_and_reads_as_typed(lang: str) -> None:
    for command, key in HELP_EXAMPLES.items():
        example = PHONE(key, lang)
        name = slash_name(command, lang)
        assert example.startswith(name + " "), (command, example)
        if command in ("ruling", "pot"):
            text = example.split(":", 1)[1]  # after the option's name
            reply = handle(text, Context(lang=lang), command=command)
            assert reply.ok, (example, reply.headline)


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
async def test_help_lists_every_command_under_its_shown_name_with_code_examples(fake_discord: FakeDiscord,
                                                                                start_bot, lang: str) -> None:
    fake_discord.guild_locale = LOCALES[lang]
    await start_bot()
    inter = await fake_discord.slash("help", locale=LOCALES[lang])
    [msg] = await inter.wait_final()
    [embed] = msg["embeds"]
    names = [f["name"] for f in embed["fields"]]
    assert names == [slash_name(c, lang) for c in ("ruling", "pot", "rule", "clock", "blinds", "settings", "help")]
    if lang != "en":
        assert not any(re.fullmatch(r"/[a-z]+", n) for n in names), "field names localized"
    for f in embed["fields"]:
        codes = INLINE_CODE.findall(f["value"])
        assert len(codes) == 1 and codes[0].startswith("`/"), f
        outside = INLINE_CODE.sub("", f["value"])
        assert "`" not in outside.replace("\\`", ""), "no raw backtick outside the example"
    fake_discord.assert_clean()


async def test_help_takes_one_command_and_settings(fake_discord: FakeDiscord, start_bot) -> None:
    await start_bot()
    [cmd] = [c for c in fake_discord.global_commands if c["name"] == "help"]
    [option] = cmd["options"]
    assert option["name"] == "command" and not option.get("required")
    assert {c["value"] for c in option["choices"]} >= {"ruling", "pot", "rule", "settings"}
    inter = await fake_discord.slash("help", command="ruling", locale="ja")
    [msg] = await inter.wait_final()
    assert msg["embeds"] == embeds_of(handle("help ruling", Context()))
    assert [f["name"] for f in msg["embeds"][0]["fields"]] == ["/ruling"]
    inter = await fake_discord.slash("help", command="settings")
    [msg] = await inter.wait_final()
    [field] = msg["embeds"][0]["fields"]
    assert field["name"] == "/settings" and "/settings language" in field["value"]
    fake_discord.assert_clean()


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
async def test_a_rule_is_one_summary_its_parts_and_one_list_of_related_rules(fake_discord: FakeDiscord,
                                                                            start_bot, lang: str) -> None:
    fake_discord.guild_locale = LOCALES[lang]
    await start_bot()
    inter = await fake_discord.slash("rule", query="49", locale=LOCALES[lang])
    [msg] = await inter.wait_final()
    reply = handle("49", Context(lang=lang), command="rule")
    assert msg["embeds"] == embeds_of(reply)
    [embed] = msg["embeds"]
    names = [f["name"] for f in embed["fields"]]
    assert embed["title"] == reply.headline and embed["url"] == reply.citations[0].url
    assert MESSAGES("summary", lang) not in names and embed["description"], "the summary is the description"
    assert MESSAGES("also", lang) not in names, "one list of related rules"
    assert names.count(PHONE("rule_related", lang)) == 1
    [related] = [f["value"] for f in embed["fields"] if f["name"] == PHONE("rule_related", lang)]
    lines = related.split("\n")
    assert len(lines) == len(set(lines)) and reply.headline not in lines, "each related rule once"
    assert reply.citations_title not in names, "no Rules field repeating the title"
    assert not msg.get("components"), "no Show rules button on the rule itself"
    values = [f["value"] for f in embed["fields"]]
    assert len(values) == len(set(values)) and embed["description"] not in values
    fake_discord.assert_clean()
