"""Red team of the Discord surface: what a real server would refuse (400, error 50035) or answer
unhelpfully, driven through the real bot against the fake Discord.

- The fake refuses what Discord refuses (checked on the fake itself, so a test that passes on it
  means a request Discord would take).
- The longest replies the handlers build (nine players with long Japanese/Korean names over
  three streets, eight side pots, help, rules) arrive within every limit, in every language.
- `/rule` autocomplete answers odd input within its limits.
- The **Ruling** menu and `@floorcall` read the hand out of chat: code blocks, talk, mentions,
  links, several hands; a message with no hand gets the localized "no text" answer.
"""

from __future__ import annotations

import pytest
from fakediscord.server import AUTOCOMPLETE_RESULT, EPHEMERAL_FLAG, FakeDiscord

from cogs.messages import DISCORD
from cogs.render import render_messages
from handlers.context import Context
from handlers.dispatch import handle

HAND = "NL 100/200 flop: A bet 600, B raise 1600, C?"
HAND2 = "NL 50/100 flop: A bet 100, B allin 125, C call, D allin 200, E call"
LOCALES = {"en": "en-US", "ja": "ja", "ko": "ko"}


def embeds_of(reply, part: int = 0) -> list[dict]:
    return [e.to_dict() for e in render_messages(reply)[part]]


def all_embeds(reply) -> list[list[dict]]:
    return [[e.to_dict() for e in m] for m in render_messages(reply)]


# -- the fake refuses what Discord refuses ----------------------------------------------------

def _field(n: int) -> dict:
    return {"name": "n", "value": "v" * n}


@pytest.mark.parametrize(("payload", "why"), [
    ({"content": "x" * 2001}, "content"),
    ({"embeds": [{"title": "t" * 257}]}, "title"),
    ({"embeds": [{"description": "d" * 4097}]}, "description"),
    ({"embeds": [{"fields": [_field(1)] * 26}]}, "fields"),
    ({"embeds": [{"fields": [_field(1025)]}]}, "field"),
    ({"embeds": [{"fields": [{"name": "n", "value": " "}]}]}, "empty"),
    ({"embeds": [{"footer": {"text": "f" * 2049}}]}, "footer"),
    ({"embeds": [{"author": {"name": "a" * 257}}]}, "author"),
    ({"embeds": [{"description": "d" * 3001}, {"description": "d" * 3000}]}, "total"),
    ({"embeds": [{"title": "t"}] * 11}, "embeds"),
    ({"components": [{"type": 1, "components": [{"type": 2, "custom_id": str(i), "label": "b"}
                                                for i in range(6)]}]}, "row"),
    ({"components": [{"type": 1, "components": [{"type": 2, "custom_id": "x" * 101, "label": "b"}]}]}, "custom_id"),
    ({"components": [{"type": 1, "components": [{"type": 2, "custom_id": "a"}]},
                     {"type": 1, "components": [{"type": 2, "custom_id": "a"}]}]}, "duplicate"),
    ({"components": [{"type": 1, "components": [{"type": 3, "custom_id": "s",
                                                 "options": [{"label": "l", "value": str(i)} for i in range(26)]}]}]},
     "options"),
    ({"components": [{"type": 1, "components": [{"type": 2, "custom_id": "b"}]}] * 6}, "rows"),
])
def test_the_fake_refuses_what_discord_refuses(payload: dict, why: str) -> None:
    assert FakeDiscord()._validate_message(payload) is not None, why


def test_the_fake_takes_what_discord_takes() -> None:
    ok = {"content": "x" * 2000,
          "embeds": [{"title": "t" * 256, "description": "d" * 1000, "fields": [_field(1024)] * 4,
                      "footer": {"text": "f" * 500}}],
          "components": [{"type": 1, "components": [{"type": 2, "custom_id": f"b{i}", "label": "l" * 80}
                                                    for i in range(5)]}]}
    assert FakeDiscord()._validate_message(ok) is None


# -- the longest replies, in every language ----------------------------------------------------

def _nine(base: str, size: int) -> list[str]:
    return [(base * size)[: size - 1] + str(i) for i in range(9)]


def long_hand(names: list[str]) -> str:
    """Nine players, everyone calls preflop and checks flop and turn, a question on the river."""
    stacks = " ".join(f"{n} {1000 * (i + 1)}" for i, n in enumerate(names))
    post = names[7:] + names[:7]
    checks = ", ".join(f"{n} check" for n in post)
    pre = ", ".join(f"{n} call" for n in names[:8]) + f", {names[8]} check"
    return f"NL 100/200 stacks {stacks} preflop: {pre}; flop: {checks}; turn: {checks}; river: {post[0]} check, {post[1]}?"


def side_pots(names: list[str]) -> str:
    """Nine stacks all in preflop: a main pot and seven side pots."""
    stacks = " ".join(f"{n} {1000 * (i + 1)}" for i, n in enumerate(names))
    allin = ", ".join(f"{n} allin" for n in names[:8]) + f", {names[8]} call"
    return f"NL 100/200 stacks {stacks} preflop: {allin}; showdown: " + " > ".join(names)


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
async def test_long_hands_and_many_side_pots_fit_discord_in_every_language(fake_discord, start_bot, lang):
    fake_discord.guild_locale = LOCALES[lang]
    await start_bot()
    ctx = Context(lang=lang)
    for names in (_nine("プレイヤー", 32), _nine("Q", 32)):
        for command, line in (("ruling", long_hand(names)), ("pot", side_pots(names))):
            expected = handle(line, ctx, command=command)
            assert expected.ok, expected.headline
            want = all_embeds(expected)
            inter = await fake_discord.slash(command, hand=line, locale=LOCALES[lang])
            got = await inter.wait_final(count=len(want))
            assert [m["embeds"] for m in got] == want
    inter = await fake_discord.slash("help", locale=LOCALES[lang])
    want = all_embeds(handle("help", ctx))
    assert [m["embeds"] for m in await inter.wait_final(count=len(want))] == want
    for query in ("1", "RP-1", "all in", "x" * 480):
        inter = await fake_discord.slash("rule", query=query, locale=LOCALES[lang])
        assert await inter.wait_final(timeout=20), query
    fake_discord.assert_clean()


# -- autocomplete -------------------------------------------------------------------------------

ODD = ["", " ", "\t", "x" * 150, "a " * 120, "😀" * 60, "👨‍👩‍👧‍👦" * 30, "ルールabc규칙 over", "999", "0", "-1",
       "RP-99", "第99", "#0", "\u200b", "gl:", "jp-", "4" * 101, "<@123> over", "ｏｖｅｒ", "\u202e46"]


async def test_rule_autocomplete_answers_odd_input_within_limits(fake_discord, start_bot):
    await start_bot()
    for typed in ODD:
        inter = await fake_discord.autocomplete("rule", "query", query=typed, locale="ja")
        await inter.wait_answered()
        assert inter.callback_type == AUTOCOMPLETE_RESULT, typed
        choices = inter.autocomplete_choices
        assert choices is not None and len(choices) <= 25, typed
        assert all(1 <= len(c["name"]) <= 100 and 1 <= len(c["value"]) <= 100 for c in choices), typed
    fake_discord.assert_clean()


# -- the Ruling menu and @floorcall on chat messages --------------------------------------------

CHAT = [
    f"```\n{HAND2}\n```",
    f"what's the call here?\n```text\n{HAND2}\n```\nthanks <@42>",
    f"`{HAND2}`",
    f"> {HAND2}",
    f"<@42> look: **{HAND2}** https://example.com/x",
    f"look at this hand\n||{HAND2}||",
]


async def test_ruling_menu_reads_the_hand_out_of_chat_markup(fake_discord, start_bot):
    await start_bot()
    want = embeds_of(handle(HAND2, Context(), command="ruling"))
    for content in CHAT:
        inter = await fake_discord.message_command("Ruling", fake_discord.user_message(content))
        [msg] = await inter.wait_final()
        assert msg["embeds"] == want, content
    fake_discord.assert_clean()


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
async def test_ruling_menu_on_several_hands_answers_the_first_and_says_so(fake_discord, start_bot, lang):
    fake_discord.guild_locale = LOCALES[lang]
    await start_bot()
    inter = await fake_discord.message_command("Ruling", fake_discord.user_message(f"1. {HAND}\n2. {HAND2}"),
                                               locale=LOCALES[lang])
    [msg] = await inter.wait_final()
    alone = embeds_of(handle(HAND, Context(lang=lang), command="ruling"))
    assert msg["embeds"][0]["description"] == alone[0]["description"]
    fields = {f["name"]: f["value"] for e in msg["embeds"] for f in e.get("fields", [])}
    assert fields[DISCORD("several_hands_title", lang)] == DISCORD("several_hands", lang, count=2)
    fake_discord.assert_clean()


async def test_ruling_menu_on_a_message_without_a_hand_says_so_privately(fake_discord, start_bot):
    fake_discord.guild_locale = "ko"
    await start_bot()
    for content in ("<@42>", "https://example.com", "ruling", "```\n```", "<:poker:123456>"):
        inter = await fake_discord.message_command("Ruling", fake_discord.user_message(content), locale="ko")
        [msg] = await inter.wait_final()
        assert int(msg["flags"]) & EPHEMERAL_FLAG, content
        assert msg["embeds"][0]["title"] == DISCORD("no_text", "ko"), content
    fake_discord.assert_clean()


async def test_mention_reads_a_hand_in_a_code_block_or_after_another_mention(fake_discord, start_bot):
    await start_bot()
    bot = f"<@{fake_discord.app_id}>"
    want = embeds_of(handle(f"ruling {HAND}", Context()))
    for content in (f"{bot} ruling ```{HAND}```", f"{bot} <@42> ruling {HAND}", f"{bot} ruling\n> {HAND}"):
        before = len(fake_discord.requests_to("POST", r"^/channels/\d+/messages$"))
        await fake_discord.post_message(content)
        sent = await fake_discord.wait_for(
            lambda n=before: fake_discord.requests_to("POST", r"^/channels/\d+/messages$")[n:], 5, "the reply")
        assert sent[0].body["embeds"] == want, content
    # Odd text after the mention: still one localized answer each, nothing refused.
    for odd in ("😀" * 500, "<@42> <@&7> <#9>", "```", "help " + "ヘルプ" * 600):
        before = len(fake_discord.requests_to("POST", r"^/channels/\d+/messages$"))
        await fake_discord.post_message(f"{bot} {odd}")
        await fake_discord.wait_for(
            lambda n=before: fake_discord.requests_to("POST", r"^/channels/\d+/messages$")[n:], 5, "the reply")
    fake_discord.assert_clean()


# -- issue 22: the phone layout stays inside every limit -------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_every_rule_of_every_edition_fits_discord_in_the_phone_layout(lang: str) -> None:
    """Each rule as `/rule <id>` shows it (title, one summary, the parts, related rules)."""
    from engine.rulesets import RULESETS
    from rules_data.corpus import get_corpus

    corpus = get_corpus()
    checked = 0
    for ruleset in RULESETS:
        for entry in corpus.entries(ruleset):
            reply = handle(entry.cid, Context(lang=lang, ruleset_id=ruleset), command="rule")
            for message in render_messages(reply):
                payload = {"embeds": [e.to_dict() for e in message]}
                assert FakeDiscord()._validate_message(payload) is None, (ruleset, entry.cid)
            checked += 1
    assert checked > 200, checked


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
async def test_the_longest_error_line_is_echoed_within_limits_and_its_modal_too(fake_discord, start_bot, lang):
    """A 2,000-character hand that fails at its end, made of markdown characters: the echo is
    cut around the place and escaped, and the Fix modal holds the whole line."""
    fake_discord.guild_locale = LOCALES[lang]
    await start_bot()
    names = ", ".join(f"*_{i}_*`|~ call" for i in range(200))
    line = f"NL 100/200 flop: A bet 600, {names}"[:1990] + " A bett"
    inter = await fake_discord.slash("ruling", hand=line, locale=LOCALES[lang])
    [msg] = await inter.wait_final()
    assert int(msg["flags"]) & EPHEMERAL_FLAG
    [fix] = [c["custom_id"] for row in msg["components"] for c in row["components"]]
    opened = await fake_discord.click(msg, fix, locale=LOCALES[lang])
    await opened.wait_answered()
    assert opened.modal is not None
    assert opened.modal["components"][0]["component"]["value"] == line
    fake_discord.assert_clean()


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
async def test_help_for_every_command_and_the_entry_modals_fit(fake_discord, start_bot, lang):
    fake_discord.guild_locale = LOCALES[lang]
    await start_bot()
    for topic in ("ruling", "pot", "rule", "clock", "blinds", "settings", "help"):
        inter = await fake_discord.slash("help", command=topic, locale=LOCALES[lang])
        assert await inter.wait_final(), topic
    for command in ("ruling", "pot"):
        inter = await fake_discord.slash(command, locale=LOCALES[lang])
        await inter.wait_answered()
        assert inter.modal is not None and len(inter.modal["components"]) == 5
    fake_discord.assert_clean()
