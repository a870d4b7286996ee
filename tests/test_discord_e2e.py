"""End to end: the real discord.py bot against the fake Discord on loopback.

What the bot sends is compared with what the shared handlers answer for the same input in the
same context, rendered by `cogs.render`, so these tests hold whatever the handlers' wording is;
the fake checks Discord's own rules (deadlines, limits, one callback per interaction) and each
test ends by asserting it saw no protocol error and that nothing could ping anyone.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import threading

import discord
import pytest
from fakediscord.server import (
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    EPHEMERAL_FLAG,
    MANAGE_CHANNELS,
    MANAGE_GUILD,
    FakeDiscord,
)

from cogs.cooldown import UserCooldowns
from cogs.messages import DISCORD
from cogs.render import render_messages
from cogs.show_rules import summaries_reply
from handlers.context import Context
from handlers.dispatch import handle
from handlers.reply import Field, Reply

HAND = "NL 100/200 flop: A bet 600, B raise 1600, C raise 3600, D?"
HAND2 = "NL 50/100 flop: A bet 100, B allin 125, C call, D allin 200, E call"
BAD_HAND = "NL 100/200 flop: A bett 600"


def embeds_of(reply: Reply, part: int = 0) -> list[dict]:
    return [e.to_dict() for e in render_messages(reply)[part]]


def finish(fake: FakeDiscord) -> None:
    """Every test's closing checks: no protocol error, and nothing the bot sent could ping."""
    fake.assert_clean()
    sending = [r for r in fake.requests if r.sends_content]
    assert sending, "the test should have made the bot send something"
    for r in sending:
        payload = r.message_payload
        assert payload is not None and payload.get("allowed_mentions") == {"parse": []}, (r.method, r.path, payload)


def is_ephemeral(msg: dict) -> bool:
    return bool(int(msg.get("flags", 0)) & EPHEMERAL_FLAG)


def button_ids(msg: dict) -> list[str]:
    return [c["custom_id"] for row in msg.get("components", []) for c in row["components"]]


async def test_login_identify_heartbeat_and_sync_with_localizations(fake_discord, start_bot):
    bot = await start_bot()
    assert bot.is_ready() and bot.synced
    [gw] = fake_discord.gateways
    identify = gw.identify
    assert identify is not None and identify["token"] == fake_discord.token
    assert identify["intents"] & ((1 << 1) | (1 << 8) | (1 << 15)) == 0, "no privileged intent"
    assert identify["intents"] & 1 and identify["intents"] & (1 << 9), "guilds and guild messages"
    await fake_discord.wait_for(lambda: gw.heartbeats >= 1, 5, "a heartbeat")
    assert [r.path for r in fake_discord.requests[:2]] == ["/users/@me", "/oauth2/applications/@me"]
    assert fake_discord.requests_to("GET", r"^/gateway/bot$")

    [payload] = fake_discord.sync_payloads
    by_name = {(c["name"], c.get("type", 1)): c for c in payload}
    assert set(by_name) >= {("ruling", 1), ("rule", 1), ("help", 1), ("settings", 1), ("Ruling", 3)}
    assert ("clock", 1) in by_name or "cogs.clock" not in bot.extension_names

    def check(node: dict, where: str) -> None:
        for key in ("name_localizations",) + (("description_localizations",) if node.get("description") else ()):
            locs = node.get(key) or {}
            assert set(locs) >= {"ja", "ko"}, f"{where}: {key} = {locs}"
        for opt in node.get("options") or []:
            check(opt, f"{where} {opt['name']}")

    for (name, _), cmd in by_name.items():
        check(cmd, name)
    assert by_name[("ruling", 1)]["name_localizations"] == {"ja": "裁定", "ko": "판정"}
    assert by_name[("Ruling", 3)]["name_localizations"]["ja"] == "裁定する"
    finish_without_content(fake_discord)


def finish_without_content(fake: FakeDiscord) -> None:
    fake.assert_clean()
    assert not [r for r in fake.requests if r.sends_content and
                (r.message_payload or {}).get("allowed_mentions") != {"parse": []}]


async def test_slash_ruling_answers_publicly_with_fields_working_citations_and_button(fake_discord, start_bot):
    await start_bot()
    inter = await fake_discord.slash("ruling", hand=HAND)
    [msg] = await inter.wait_final()
    assert inter.callback_type == CHANNEL_MESSAGE and not is_ephemeral(msg)
    expected = handle(HAND, Context(), command="ruling")
    assert expected.ok and expected.command == "ruling"
    assert msg["embeds"] == embeds_of(expected)
    embed = msg["embeds"][0]
    # The lead line first (who, the call, the minimum raise, amounts bold), the reasoning under it.
    lead, _, reasoning = embed["description"].partition("\n\n")
    assert "title" not in embed and reasoning == expected.headline
    data = expected.data
    assert lead == (f"{data['to_act']} to act · call **{data['to_call']:,}** · "
                    f"min raise to **{data['min_raise_to']:,}**")
    shown = {f["name"] for f in embed["fields"] if f["inline"]}
    assert "To call" not in shown and "Minimum raise to" not in shown, "the inline fields do not repeat the lead"
    assert {"Bet to match (W)", "Last full raise (R)"} <= shown
    values = "\n".join(f["value"] for f in embed["fields"])
    if expected.working:
        from cogs.layout import fold

        assert "```" in values and "\n".join(fold(expected.working[0])) in values
    for c in expected.citations:
        assert f"[{c.label}]({c.url})" in values
    [custom_id] = button_ids(msg)
    assert custom_id.startswith("fc:rules:tda2026:") and custom_id.endswith(",".join(expected.citation_ids))
    finish(fake_discord)


async def test_ruling_error_is_ephemeral_localized_with_offset_into_the_option(fake_discord, start_bot):
    await start_bot()
    inter = await fake_discord.slash("ruling", hand=BAD_HAND)
    [msg] = await inter.wait_final()
    assert is_ephemeral(msg)
    expected = handle(BAD_HAND, Context(), command="ruling")
    assert not expected.ok and expected.error is not None
    assert expected.error.at == BAD_HAND.index("bett"), "offsets count from the start of what the user typed"
    assert msg["embeds"] == [e.to_dict() for e in render_messages(expected, echo=BAD_HAND)[0]]
    [echo] = msg["embeds"][0]["fields"]
    assert echo["value"] == "NL 100/200 flop: A __**bett**__ 600", "the line, the failing word marked"
    [fix] = button_ids(msg)
    assert fix.startswith("fc:fix:ruling:")
    finish(fake_discord)


async def test_slash_rule_help_and_unknown_words(fake_discord, start_bot):
    await start_bot()
    inter = await fake_discord.slash("rule", query="46")
    [msg] = await inter.wait_final()
    expected = handle("46", Context(), command="rule")
    assert msg["embeds"] == embeds_of(expected)
    assert is_ephemeral(msg) is (not expected.ok)

    inter = await fake_discord.slash("help")
    [msg] = await inter.wait_final()
    assert is_ephemeral(msg), "usage is shown to the asker only"
    assert msg["embeds"] == embeds_of(handle("", Context(), command="help"))
    finish(fake_discord)


async def test_rule_autocomplete_offers_lookup_choices(fake_discord, start_bot, monkeypatch):
    from cogs.rule import lookup_choices

    # The expected choices are worked out first, which also loads the lookup index in this process;
    # the budget is widened so a loaded CI machine cannot turn this into the warm-up test below.
    wants = {typed: [{"name": n, "value": v} for n, v in lookup_choices(typed, "en", "tda2026")[:25]]
             for typed in ("over", "")}
    bot = await start_bot()
    # discord.py loads each extension as a fresh module object: patch the one the bot runs.
    monkeypatch.setattr(bot.extensions["cogs.rule"], "AUTOCOMPLETE_BUDGET", 60.0)
    for typed, want in wants.items():
        inter = await fake_discord.autocomplete("rule", "query", query=typed)
        await inter.wait_answered()
        assert inter.autocomplete_choices == want
    assert want, "an empty query offers a curated list"
    assert not fake_discord.requests_to("POST", r"^/webhooks/"), "autocomplete sends no message"
    fake_discord.assert_clean()


async def test_rule_autocomplete_past_its_budget_answers_empty_in_time(fake_discord, start_bot, monkeypatch):
    """A lookup still loading when the budget runs out: Discord gets an empty list, not a late one."""
    import handlers.autocomplete

    release = threading.Event()

    def slow_choices(current: str, lang: str, ruleset: object) -> list[tuple[str, str]]:
        release.wait(30)
        return [("never shown", "45")]

    monkeypatch.setattr(handlers.autocomplete, "choices", slow_choices)
    bot = await start_bot()
    monkeypatch.setattr(bot.extensions["cogs.rule"], "AUTOCOMPLETE_BUDGET", 0.05)
    try:
        inter = await fake_discord.autocomplete("rule", "query", query="over")
        await inter.wait_answered()
        assert inter.autocomplete_choices == []
    finally:
        release.set()
    fake_discord.assert_clean()


async def test_ruling_context_menu_rules_on_the_message_text(fake_discord, start_bot):
    await start_bot()
    target = fake_discord.user_message(HAND2)
    inter = await fake_discord.message_command("Ruling", target)
    [msg] = await inter.wait_final()
    expected = handle(HAND2, Context(), command="ruling")
    assert msg["embeds"] == embeds_of(expected)

    # A message that already says "ruling ..." is read the same way.
    target = fake_discord.user_message("ruling " + HAND2)
    inter = await fake_discord.message_command("Ruling", target)
    [msg2] = await inter.wait_final()
    assert msg2["embeds"] == msg["embeds"]

    empty = fake_discord.user_message("")
    inter = await fake_discord.message_command("Ruling", empty)
    [msg3] = await inter.wait_final()
    assert is_ephemeral(msg3) and msg3["embeds"][0]["title"] == DISCORD("no_text", "en")
    finish(fake_discord)


async def test_mention_command_replies_to_the_message_without_pinging(fake_discord, start_bot):
    await start_bot()
    asked = await fake_discord.post_message(f"<@{fake_discord.app_id}> ruling {HAND}")
    sent = await fake_discord.wait_for(lambda: fake_discord.requests_to("POST", r"^/channels/\d+/messages$"), 5,
                                       "the mention reply")
    body = sent[0].body
    expected = handle(f"ruling {HAND}", Context())
    assert body["embeds"] == embeds_of(expected)
    assert str(body["message_reference"]["message_id"]) == asked["id"]
    assert body["allowed_mentions"] == {"parse": []}, "not even the asker is pinged"
    assert button_ids(body)

    # A bare mention answers with help; a message that does not mention the bot is ignored.
    await fake_discord.post_message("no command here", mention_bot=False)
    await fake_discord.post_message(f"<@{fake_discord.app_id}>")
    await fake_discord.wait_for(
        lambda: len(fake_discord.requests_to("POST", r"^/channels/\d+/messages$")) >= 2, 5, "the help reply")
    sent = fake_discord.requests_to("POST", r"^/channels/\d+/messages$")
    assert len(sent) == 2, "the message without a mention got no answer"
    assert sent[1].body["embeds"] == embeds_of(handle("help", Context()))
    finish(fake_discord)


async def test_show_rules_button_opens_summaries_privately_for_the_presser(fake_discord, start_bot):
    await start_bot()
    inter = await fake_discord.slash("ruling", hand=HAND)
    [msg] = await inter.wait_final()
    [custom_id] = button_ids(msg)
    someone_else = fake_discord.user("rail")
    click = await fake_discord.click(msg, custom_id, user=someone_else)
    [shown] = await click.wait_final()
    assert is_ephemeral(shown), "the summaries are for the person who pressed"
    expected = handle(HAND, Context(), command="ruling")
    want = summaries_reply("tda2026", expected.citation_ids, "en")
    assert shown["embeds"] == embeds_of(want)
    assert len(want.fields) == len(expected.citation_ids)
    assert all(f.value != DISCORD("no_summary", "en") for f in want.fields), "every cited id has a summary"
    assert button_ids(shown) == []
    assert msg["embeds"] == fake_discord.messages[int(msg["id"])]["embeds"], "the ruling itself is untouched"
    finish(fake_discord)


async def test_answered_commands_are_freed_at_once_not_by_the_cyclic_collector(fake_discord, start_bot):
    """An answered slash command (its interaction, payload and Show rules view) leaves no
    reference cycle behind: under load, ~150 interactions waiting for the collector were 2 MB
    of the bot's memory (FloorcallTree._call, answer.send_reply; bench/bench_cluster.py)."""
    await start_bot()
    gc.collect()
    gc.disable()
    try:
        for query in ("misdeal", "45"):
            inter = await fake_discord.slash("ruling", hand=HAND)
            [msg] = await inter.wait_final()
            assert button_ids(msg), "the reply carries the Show rules view"
            await (await fake_discord.slash("rule", query=query)).wait_final()
        await fake_discord.wait_for(
            lambda: not [t for t in asyncio.all_tasks() if t.get_name().startswith("CommandTree-invoker")],
            5, "the commands' tasks to finish")
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        left = [type(o).__name__ for o in gc.garbage if isinstance(o, discord.Interaction | discord.ui.View)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert left == []
    finish(fake_discord)


async def test_settings_need_permissions_and_change_the_reply_language(fake_discord, start_bot):
    await start_bot()
    player = fake_discord.user("player")
    floor = fake_discord.user("floor")

    inter = await fake_discord.slash("settings language", user=player, value="ja")
    [msg] = await inter.wait_final()
    assert is_ephemeral(msg) and msg["embeds"][0]["title"] == DISCORD("need_manage_channels", "en")

    inter = await fake_discord.slash("settings language", user=floor, permissions=MANAGE_CHANNELS, value="ja")
    [msg] = await inter.wait_final()
    assert not is_ephemeral(msg)
    assert msg["embeds"][0]["title"] == DISCORD("language_set_channel", "ja", language="日本語")

    inter = await fake_discord.slash("settings language", user=floor, permissions=MANAGE_CHANNELS, value="ko",
                                     scope="server")
    [msg] = await inter.wait_final()
    assert is_ephemeral(msg)
    assert msg["embeds"][0]["title"] == DISCORD("need_manage_server", "ja"), "refused in the channel's language"

    inter = await fake_discord.slash("settings language", permissions=MANAGE_GUILD, value="ko", scope="server")
    await inter.wait_final()
    inter = await fake_discord.slash("settings ruleset", user=player, value="tda2009")
    [msg] = await inter.wait_final()
    assert is_ephemeral(msg) and msg["embeds"][0]["title"] == DISCORD("need_manage_server", "ja")
    inter = await fake_discord.slash("settings ruleset", permissions=MANAGE_GUILD, value="tda2009")
    await inter.wait_final()

    # This channel: Japanese (its own setting); the other channel: Korean (the server's).
    inter = await fake_discord.slash("ruling", hand=HAND)
    [msg] = await inter.wait_final()
    assert msg["embeds"] == embeds_of(handle(HAND, Context(lang="ja", ruleset_id="tda2009"), command="ruling"))
    labels = [c["label"] for row in msg["components"] for c in row["components"]]
    assert labels == [DISCORD("show_rules", "ja")] and button_ids(msg)[0].startswith("fc:rules:tda2009:")
    inter = await fake_discord.slash("ruling", hand=HAND, channel_id=fake_discord.other_channel_id)
    [msg] = await inter.wait_final()
    assert msg["embeds"] == embeds_of(handle(HAND, Context(lang="ko", ruleset_id="tda2009"), command="ruling"))

    inter = await fake_discord.slash("settings show", user=player)
    [msg] = await inter.wait_final()
    assert is_ephemeral(msg)
    lang_field, ruleset_field = msg["embeds"][0]["fields"][:2]
    assert lang_field["value"] == f"日本語 ({DISCORD('why_channel', 'ja')})"
    assert ruleset_field["value"] == f"TDA 2009年版 ({DISCORD('why_server', 'ja')})"
    finish(fake_discord)


async def test_settings_survive_a_restart_on_the_same_database(fake_discord, start_bot, stop_bot):
    bot = await start_bot()
    inter = await fake_discord.slash("settings language", permissions=MANAGE_CHANNELS, value="ko")
    await inter.wait_final()
    await stop_bot(bot)
    assert bot.store.closed

    bot2 = await start_bot()
    assert not bot2.synced and len(fake_discord.sync_payloads) == 1, "unchanged commands are not re-uploaded"
    assert len(fake_discord.gateways) == 2
    inter = await fake_discord.slash("ruling", hand=HAND)
    [msg] = await inter.wait_final()
    assert msg["embeds"] == embeds_of(handle(HAND, Context(lang="ko"), command="ruling"))
    finish(fake_discord)


async def test_server_preferred_locale_sets_the_language_until_a_setting_does(fake_discord, start_bot):
    fake_discord.guild_locale = "ja"
    await start_bot()
    inter = await fake_discord.slash("rule", query="46")
    [msg] = await inter.wait_final()
    assert msg["embeds"] == embeds_of(handle("46", Context(lang="ja"), command="rule"))
    inter = await fake_discord.slash("settings show")
    [msg] = await inter.wait_final()
    assert msg["embeds"][0]["fields"][0]["value"] == f"日本語 ({DISCORD('why_locale', 'ja')})"
    inter = await fake_discord.slash("settings language", permissions=MANAGE_GUILD, value="en", scope="server")
    await inter.wait_final()
    inter = await fake_discord.slash("rule", query="46")
    [msg] = await inter.wait_final()
    assert msg["embeds"] == embeds_of(handle("46", Context(lang="en"), command="rule"))
    finish(fake_discord)


class SlowHandler:
    """Wraps `handle` so it blocks until the test releases it (no sleeping, no timing)."""

    def __init__(self, result: Reply | None = None) -> None:
        self.release = threading.Event()
        self.result = result

    def __call__(self, text: str, ctx: Context, *, command: str | None = None) -> Reply:
        assert self.release.wait(10), "the test never released the handler"
        return self.result if self.result is not None else handle(text, ctx, command=command)


async def test_slow_handler_defers_in_time_then_edits_and_survives_a_429(fake_discord, start_bot, monkeypatch):
    slow = SlowHandler()
    monkeypatch.setattr("handlers.dispatch.handle", slow)
    await start_bot(defer_after=0.05)
    limit = fake_discord.inject_429("PATCH", r"/messages/@original$", retry_after=0.05)
    inter = await fake_discord.slash("ruling", hand=HAND)
    await inter.wait_answered()
    assert inter.callback_type == DEFERRED_CHANNEL_MESSAGE, "deferred while the handler was still busy"
    assert inter.callback_body.get("data", {}).get("flags", 0) & EPHEMERAL_FLAG == 0
    slow.release.set()
    [msg] = await inter.wait_final()
    assert msg["embeds"] == embeds_of(handle(HAND, Context(), command="ruling"))
    assert button_ids(msg)
    assert limit.hits == 1
    patches = fake_discord.requests_to("PATCH", r"/messages/@original$")
    assert [p.status for p in patches] == [429, 200], "the rate-limited edit was retried and landed"
    finish(fake_discord)


async def test_slow_error_replaces_the_public_thinking_with_a_private_answer(fake_discord, start_bot, monkeypatch):
    slow = SlowHandler()
    monkeypatch.setattr("handlers.dispatch.handle", slow)
    await start_bot(defer_after=0.05)
    inter = await fake_discord.slash("ruling", hand=BAD_HAND)
    await inter.wait_answered()
    assert inter.callback_type == DEFERRED_CHANNEL_MESSAGE
    slow.release.set()
    [msg] = await inter.wait_final()
    assert is_ephemeral(msg) and inter.original is None, "the public placeholder is gone"
    assert msg["embeds"] == [e.to_dict() for e in render_messages(handle(BAD_HAND, Context(), command="ruling"),
                                                                   echo=BAD_HAND)[0]]
    finish(fake_discord)


async def test_long_replies_are_split_within_discord_limits(fake_discord, start_bot, monkeypatch):
    fields = [Field(f"Field {i}", f"value {i} " + "x" * 900) for i in range(40)]
    fields.append(Field("Huge", "\n".join(f"line {i} " + "y" * 60 for i in range(60))))
    big = Reply(ok=True, command="ruling", lang="en", ruleset="tda2026", headline="H" * 300, fields=fields,
                working=[f"row {i}: " + " ".join(["zzzzzz"] * 10) for i in range(80)], working_title="Working",
                footer="The floor's decision is final.")
    monkeypatch.setattr("handlers.dispatch.handle", lambda text, ctx, command=None: big)
    await start_bot()
    parts = render_messages(big)
    assert len(parts) > 1
    inter = await fake_discord.slash("ruling", hand="anything")
    msgs = await inter.wait_final(count=len(parts))
    assert len(msgs) == len(parts)
    assert [m["embeds"] for m in msgs] == [[e.to_dict() for e in p] for p in parts]
    assert button_ids(msgs[-1]) == [] and all(not button_ids(m) for m in msgs[:-1])
    text = "\n".join(e.get("description", "") for m in msgs for e in m["embeds"])
    assert "H" * 300 in text.replace("\n", "")
    values = [f["value"] for m in msgs for e in m["embeds"] for f in e.get("fields", [])]
    joined = "\n".join(values)
    for f in fields:
        for line in f.value.split("\n"):
            assert line in joined
    from cogs.layout import CODE_CELLS, cells, fold

    code = [line for v in values if v.startswith("```") for line in v.split("\n")[1:-1]]
    assert code == [line for row in big.working for line in fold(row)], "every row, folded to a phone's width"
    assert max(cells(line) for line in code) <= CODE_CELLS
    assert msgs[-1]["embeds"][-1]["footer"]["text"] == big.footer
    finish(fake_discord)


async def test_per_user_cooldown_answers_slow_down_in_the_channel_language(fake_discord, start_bot):
    await start_bot(cooldowns=UserCooldowns(rate=2, per=60))
    busy = fake_discord.user("busy")
    for _ in range(2):
        await (await fake_discord.slash("rule", user=busy, query="46")).wait_final()
    inter = await fake_discord.slash("rule", user=busy, query="46")
    await inter.wait_answered()
    body = inter.callback_body["data"]
    assert body["flags"] & EPHEMERAL_FLAG
    assert body["content"] == DISCORD("slow_down", "en", seconds=body["content"].split()[-2])
    other = await fake_discord.slash("rule", query="46")
    [msg] = await other.wait_final()
    assert msg["embeds"] == embeds_of(handle("46", Context(), command="rule"))

    await fake_discord.post_message(f"<@{fake_discord.app_id}> rule 46", author=busy)
    sent = await fake_discord.wait_for(lambda: fake_discord.requests_to("POST", r"^/channels/\d+/messages$"), 5,
                                       "the slow-down reply to a mention")
    assert sent[0].body["content"].startswith(DISCORD("slow_down", "en", seconds=0).split(":")[0])
    finish(fake_discord)


async def test_two_shards_each_identify_and_the_guild_shard_answers(fake_discord, start_bot):
    await start_bot(shard_count=2, identify_delay=0)
    await fake_discord.wait_for(lambda: len(fake_discord.gateways) == 2 and all(g.identify for g in fake_discord.gateways),
                                5, "two identified shards")
    assert sorted(g.shard for g in fake_discord.gateways) == [(0, 2), (1, 2)]
    inter = await fake_discord.slash("rule", query="46")
    [msg] = await inter.wait_final()
    assert msg["embeds"] == embeds_of(handle("46", Context(), command="rule"))
    finish(fake_discord)


async def test_info_logs_carry_neither_the_token_nor_message_contents(fake_discord, start_bot, caplog):
    caplog.set_level(logging.INFO)
    await start_bot(defer_after=0.0)
    marker = "A bet 600, B raise 1600"
    inter = await fake_discord.slash("ruling", hand=HAND)
    await inter.wait_final()
    await fake_discord.post_message(f"<@{fake_discord.app_id}> ruling {HAND}")
    await fake_discord.wait_for(lambda: fake_discord.requests_to("POST", r"^/channels/\d+/messages$"), 5, "reply")
    assert caplog.records
    assert fake_discord.token not in caplog.text
    assert marker not in caplog.text
    finish(fake_discord)


@pytest.mark.parametrize("shards", [1, 2])
async def test_sigterm_closes_bot_and_database_within_two_seconds(fake_discord, floorcall_db, shards):
    import os
    import signal

    from cogs.app import FloorcallBot
    from cogs.process import SHUTDOWN_TIMEOUT, serve

    bot = FloorcallBot(db_path=floorcall_db, guild_ready_timeout=0.05, shard_count=shards, identify_delay=0)
    task = asyncio.create_task(serve(bot, fake_discord.token))
    async def ready() -> None:
        while not bot.is_ready():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(ready(), 10)
    assert signal.getsignal(signal.SIGTERM) not in (signal.SIG_DFL, None), "serve() handles SIGTERM"
    os.kill(os.getpid(), signal.SIGTERM)
    assert await asyncio.wait_for(task, SHUTDOWN_TIMEOUT) == 0
    assert bot.is_closed() and bot.store.closed
    fake_discord.assert_clean()


async def test_forced_sync_uploads_again(fake_discord, start_bot, stop_bot, monkeypatch):
    await stop_bot(await start_bot())
    monkeypatch.setenv("FLOORCALL_SYNC", "always")
    bot = await start_bot()
    assert bot.synced and len(fake_discord.sync_payloads) == 2
    assert fake_discord.sync_payloads[0] == fake_discord.sync_payloads[1]
    fake_discord.assert_clean()
