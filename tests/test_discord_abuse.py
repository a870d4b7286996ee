"""What a hostile or careless member can send, through the fake Discord and the real discord.py
client (issue 28): mention bursts, crafted button ids, live forms in echoed text, zero-width names,
servers the bot is not in, autocomplete floods, option values outside their choices, retention and
erasing, and what reaches the logs.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest
from discord_markdown import live_forms, outside_code, texts
from fakediscord import FakeDiscord
from fakediscord.server import EPHEMERAL_FLAG

from cogs.cooldown import UserCooldowns
from cogs.guard import GUARD
from cogs.messages import DISCORD
from cogs.render import render_messages
from handlers.clock import MSG
from handlers.context import Context
from handlers.dispatch import handle

MANAGE_MESSAGES = 1 << 13
MANAGE_GUILD = 1 << 5
BASIC = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 16) | (1 << 31)
MENTION_POST = r"^/channels/\d+/messages$"


def embeds(reply: Any) -> list[dict[str, Any]]:
    return [e.to_dict() for e in render_messages(reply)[0]]


def visible(msg: dict[str, Any]) -> list[str]:
    """Every text of a message that Discord reads as markdown (content, embed titles, fields ...)."""
    out = [msg.get("content") or ""]
    for e in msg.get("embeds", []):
        out += [outside_code(t) for _, t in texts(e)]
    return out


def clean(fake: FakeDiscord) -> None:
    assert fake.protocol_errors == []


def db_rows(path: Any, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as conn:
        return conn.execute(sql, args).fetchall()


@pytest.fixture
def errors(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """Log records at WARNING and above, to check that no ERROR (traceback) was logged."""
    caplog.set_level(logging.WARNING)
    yield caplog


def error_records(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [f"{r.name}: {r.getMessage()}" for r in caplog.records if r.levelno >= logging.ERROR]


# -- 1. mention bursts ---------------------------------------------------------------------------

async def test_a_mention_burst_is_told_to_slow_down_once_then_left_unanswered(fake_discord, start_bot):
    await start_bot(cooldowns=UserCooldowns(rate=5, per=60))
    spammer, other = fake_discord.user("spammer"), fake_discord.user("other")
    for _ in range(200):
        await fake_discord.post_message(f"<@{fake_discord.app_id}> rule 46", author=spammer)
    sentinel = await fake_discord.post_message(f"<@{fake_discord.app_id}> rule 46", author=other)

    def replies_to(author: Any) -> list[Any]:
        mine = {m["id"] for m in fake_discord.messages.values() if m["author"]["id"] == str(author.id)}
        return [r for r in fake_discord.requests_to("POST", MENTION_POST)
                if isinstance(r.body, dict) and str((r.body.get("message_reference") or {}).get("message_id")) in mine]

    await fake_discord.wait_for(lambda: replies_to(other) and len(replies_to(spammer)) >= 6, 20,
                                "the other member's answer and the spammer's five answers and one notice")
    await fake_discord.wait_for(lambda: all(r.status for r in fake_discord.requests), 5, "sends finished")
    sent = replies_to(spammer)
    notices = [r for r in sent if (r.body.get("content") or "").startswith(DISCORD("slow_down", "en", seconds=0)[:10])]
    assert len(sent) == 6 and len(notices) == 1, [r.body.get("content") for r in sent]
    assert sentinel["id"] in {str(r.body["message_reference"]["message_id"]) for r in replies_to(other)}
    clean(fake_discord)


async def test_the_notice_comes_again_once_the_cooldown_has_let_the_user_through():
    cd = UserCooldowns(rate=1, per=0.05)
    assert cd.hit(1) is None
    assert cd.hit(1) is not None and cd.first_refusal(1)
    assert cd.hit(1) is not None and not cd.first_refusal(1)
    await asyncio.sleep(0.1)
    assert cd.hit(1) is None  # through again: the next refusal is told
    assert cd.hit(1) is not None and cd.first_refusal(1)


# -- 2. clock buttons ----------------------------------------------------------------------------

async def start_clock(fake: FakeDiscord, channel_id: int | None = None, **options: Any) -> dict[str, Any]:
    inter = await fake.slash("clock", channel_id=channel_id, **options)
    [msg] = await inter.wait_final()
    return fake.messages[int(msg["id"])]


def button_ids(msg: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for row in msg.get("components", []) for c in row.get("components", [])]


async def private_answer(inter: Any) -> str:
    [msg] = await inter.wait_final()
    assert msg["flags"] & EPHEMERAL_FLAG
    return str(msg.get("content") or "")


async def test_a_crafted_button_cannot_reach_another_servers_clock(fake_discord, start_bot, floorcall_db, errors):
    _gid, other_channel = fake_discord.add_guild()
    await start_bot(extensions=("cogs.clock",))
    theirs = await start_clock(fake_discord, channel_id=other_channel, player="seat 4")
    ours = await start_clock(fake_discord, player="seat 2")
    act, cancel = button_ids(theirs)
    assert act.startswith("clock:act:") and len(act.split(":")) == 4, act
    their_id = int(act.split(":")[2])
    assert button_ids(ours)[0].split(":")[3] != act.split(":")[3], "every clock has its own secret"
    moderator = fake_discord.user("mod")
    for crafted in (f"clock:cancel:{their_id}", cancel, f"clock:cancel:{their_id}:AAAAAAAAAAAAAAAA"):
        inter = await fake_discord.click(ours, crafted, user=moderator, permissions=BASIC | MANAGE_MESSAGES,
                                         crafted=True)
        assert await private_answer(inter) == GUARD("unknown_button", "en")
    # Their own secret in the right channel but under a wrong clock id, and the right one elsewhere:
    inter = await fake_discord.click(ours, f"clock:cancel:{their_id + 1000}:{cancel.split(':')[3]}",
                                     user=moderator, permissions=BASIC | MANAGE_MESSAGES, crafted=True)
    assert await private_answer(inter) == MSG("already_stopped", "en")
    [(state,)] = db_rows(floorcall_db, "SELECT state FROM clocks WHERE id = ?", their_id)
    assert state == "running"
    # The real button in its own channel still works.
    inter = await fake_discord.click(theirs, cancel, user=moderator, permissions=BASIC | MANAGE_MESSAGES)
    await inter.wait_answered()
    await fake_discord.wait_for(lambda: db_rows(floorcall_db, "SELECT state FROM clocks WHERE id = ?", their_id)
                                == [("cancelled",)], 5, "the clock cancelled by its own button")
    assert error_records(errors) == []
    clean(fake_discord)


@pytest.mark.parametrize("crafted", [
    "clock:act:99999999999999999999999999", "clock:act:9223372036854775808", "clock:act:-1", "clock:act:0",
    "clock:explode:1", "clock:act:1:short", "clock:act:1:" + "x" * 80, "clock:act:１２", "clock:act:1:AAAAAAAAAAAAAAA\u00e9",
])
async def test_every_custom_id_is_read_strictly_and_answered(fake_discord, start_bot, crafted, errors):
    await start_bot(extensions=("cogs.clock",))
    ours = await start_clock(fake_discord, player="seat 2")
    inter = await fake_discord.click(ours, crafted, permissions=BASIC | MANAGE_MESSAGES, crafted=True)
    assert await private_answer(inter) == GUARD("unknown_button", "en")
    assert error_records(errors) == []
    clean(fake_discord)


async def test_a_clock_stored_before_button_secrets_keeps_its_old_buttons(fake_discord, start_bot, stop_bot,
                                                                            floorcall_db, clock):
    bot = await start_bot(extensions=("cogs.clock",))
    msg = await start_clock(fake_discord, player="seat 7")
    clock_id = int(button_ids(msg)[0].split(":")[2])
    await fake_discord.wait_for(lambda: db_rows(floorcall_db, "SELECT message_id FROM clocks") == [(int(msg["id"]),)],
                                5, "the clock's message stored")
    await stop_bot(bot)
    with sqlite3.connect(floorcall_db) as conn:  # as migration 5 leaves a clock that was running
        conn.execute("UPDATE clocks SET button_key = NULL WHERE id = ?", (clock_id,))
    await start_bot(extensions=("cogs.clock",))
    old = {**msg, "components": [{"type": 1, "components": [
        {"type": 2, "style": 3, "label": "Acted", "custom_id": f"clock:act:{clock_id}"}]}]}
    inter = await fake_discord.click(old, f"clock:act:{clock_id}", permissions=BASIC | MANAGE_MESSAGES)
    await inter.wait_answered()
    await fake_discord.wait_for(lambda: db_rows(floorcall_db, "SELECT state FROM clocks WHERE id = ?", clock_id)
                                == [("acted",)], 5, "the old button acted")
    clean(fake_discord)


# -- 3. live forms in echoed text ----------------------------------------------------------------

LIVE = "https://evil.example/login <https://evil.example> <t:0:R> <#1234567890123> </help:123> <:e:123> \\<t:9:R>"


async def test_nothing_typed_is_shown_as_a_link_timestamp_or_mention(fake_discord, start_bot):
    await start_bot()
    answers = []
    inter = await fake_discord.slash("ruling", hand="NL 100/200 flop: https://evil.example/login bet 600, B?")
    answers += await inter.wait_final()
    inter = await fake_discord.slash("rule", query=LIVE)
    answers += await inter.wait_final(timeout=60)  # a sentence: the first may load the lookup
    inter = await fake_discord.slash("ruling", hand=f"NL 100/200 flop: A bet 600, B? {LIVE}")
    answers += await inter.wait_final()
    inter = await fake_discord.slash("clock", player="Bo https://evil.example <t:0:R>")
    answers += await inter.wait_final()  # refused: the error echoes what was typed
    inter = await fake_discord.slash("clock", player="Bo <#1234567890123>")
    [clock_msg] = await inter.wait_final()
    again = await fake_discord.slash("clock", player="Bo <#1234567890123>")
    answers += await again.wait_final()  # "already running": the name in the message's content
    await fake_discord.post_message(f"<@{fake_discord.app_id}> rule {LIVE}")
    sent = await fake_discord.wait_for(lambda: fake_discord.requests_to("POST", MENTION_POST), 10, "the mention reply")
    answers.append(sent[-1].body)
    own_link = re.compile(r"https://discord\.com/channels/[0-9@]+/[0-9]+/[0-9]+")  # ours: to the running clock
    for msg in answers:
        for text in visible(msg):
            typed = [f for f in live_forms(own_link.sub("", text))
                     if not re.match(r"<t:[0-9]{9}", f)]  # a clock's own countdown; typed were t:0 and t:9
            assert typed == [], text
    # The clock's own countdown stays live (it is ours, not typed); the name's `<#…>` does not.
    live = [f for t in visible(clock_msg) for f in live_forms(t)]
    assert live and all(f.startswith("<t:") for f in live), live
    clean(fake_discord)


# -- 4. zero-width characters in stacks ------------------------------------------------------------

async def test_a_zero_width_space_in_a_stacks_name_is_the_same_player(fake_discord, start_bot):
    await start_bot()
    typed = "NL 100/200 stacks A\u200bB 700 C 900 preflop: A\u200bB allin, C?"
    plain = handle("NL 100/200 stacks AB 700 C 900 preflop: AB allin, C?", Context(), command="ruling")
    assert plain.ok
    inter = await fake_discord.slash("ruling", hand=typed)
    [msg] = await inter.wait_final()
    assert msg["embeds"] == embeds(plain)
    clean(fake_discord)


# -- 5. servers the bot is not in ----------------------------------------------------------------

async def test_a_server_the_bot_is_not_in_gets_answers_and_nothing_is_stored(fake_discord, start_bot, floorcall_db,
                                                                              errors):
    await start_bot()
    _gid, cid = fake_discord.stranger_guild()
    admin = BASIC | MANAGE_GUILD | MANAGE_MESSAGES | (1 << 33)  # + Manage Events
    refused = [
        await fake_discord.slash("settings language", channel_id=cid, permissions=admin, value="ja", scope="server"),
        await fake_discord.slash("settings ruleset", channel_id=cid, permissions=admin, value="tda2026"),
        await fake_discord.slash("settings clock", channel_id=cid, permissions=admin, seconds=40),
        await fake_discord.slash("blinds start", channel_id=cid, permissions=admin, structure="turbo"),
        await fake_discord.slash("clock", channel_id=cid, permissions=admin, player="seat 4"),
        await fake_discord.slash("settings erase", channel_id=cid, permissions=admin),
    ]
    for inter in refused:
        assert await private_answer(inter) == GUARD("not_in_server", "en")
    rule = await fake_discord.slash("rule", channel_id=cid, query="46")
    [msg] = await rule.wait_final()
    assert msg["embeds"] == embeds(handle("46", Context(), command="rule"))
    ruling = await fake_discord.slash("ruling", channel_id=cid, hand="NL 100/200 preflop: A raise 600, B?")
    [msg] = await ruling.wait_final()
    assert msg["embeds"] == embeds(handle("NL 100/200 preflop: A raise 600, B?", Context(), command="ruling"))
    assert db_rows(floorcall_db, "SELECT count(*) FROM settings WHERE scope != 'app'") == [(0,)]
    assert db_rows(floorcall_db, "SELECT count(*) FROM clocks") == [(0,)]
    assert db_rows(floorcall_db, "SELECT count(*) FROM blind_clocks") == [(0,)]
    assert error_records(errors) == []
    clean(fake_discord)


# -- 7. autocomplete floods ------------------------------------------------------------------------

async def test_an_autocomplete_flood_runs_only_the_newest_of_each_user(fake_discord, start_bot, monkeypatch):
    import sys

    bot = await start_bot()
    rule_module = sys.modules["cogs.rule"]  # the extension's own module (load_extension made it)
    # The lookup loaded first (a cold start is the warm-up's business, tested on its own).
    await asyncio.get_running_loop().run_in_executor(bot.lookup_executor, rule_module.lookup_choices, "string", "en", "tda2026")
    ran: list[str] = []
    real = rule_module.lookup_choices

    def counted(current: str, lang: str, ruleset_id: str) -> list[tuple[str, str]]:
        ran.append(current)
        return real(current, lang, ruleset_id)

    monkeypatch.setattr(rule_module, "lookup_choices", counted)
    typist = fake_discord.user("typist")
    typed = [f"string bet {'x' * (i % 7)}" for i in range(299)] + ["string bet"]
    sent = [await fake_discord.autocomplete("rule", "query", user=typist, query=q) for q in typed]
    helper = await fake_discord.slash("help", user=fake_discord.user("elsewhere"))
    await helper.wait_final(timeout=10)
    for inter in sent:
        await inter.wait_answered(timeout=20)
    assert len(ran) < len(typed) // 2, f"{len(ran)} of {len(typed)} autocompletes reached the worker"
    assert bot.autocompletes.dropped >= len(typed) // 2
    assert ran[-1] == "string bet", "the newest is the one answered"
    assert sent[-1].autocomplete_choices, "the newest gets its choices"
    clean(fake_discord)


# -- 8. retention and erasing --------------------------------------------------------------------

async def test_settings_erase_deletes_the_servers_data_after_a_confirmation(fake_discord, start_bot, floorcall_db):
    bot = await start_bot()
    admin = BASIC | MANAGE_GUILD | (1 << 4)
    for inter in (await fake_discord.slash("settings language", permissions=admin, value="ko", scope="server"),
                  await fake_discord.slash("settings language", permissions=admin, value="ja"),
                  await fake_discord.slash("settings clock", permissions=admin, seconds=40)):
        await inter.wait_final()
    clock = await start_clock(fake_discord, player="seat 3")
    await (await fake_discord.click(clock, button_ids(clock)[1], permissions=BASIC | MANAGE_MESSAGES)).wait_answered()
    await fake_discord.wait_for(lambda: db_rows(floorcall_db, "SELECT count(*) FROM clocks WHERE live IS NULL")
                                == [(1,)], 5, "the cancelled clock")
    member = await fake_discord.slash("settings erase", permissions=BASIC)
    assert await private_answer(member) == DISCORD("need_manage_server", "ja")
    asker = fake_discord.user("admin")
    ask = await fake_discord.slash("settings erase", user=asker, permissions=admin)
    [prompt] = await ask.wait_final()
    assert prompt["flags"] & EPHEMERAL_FLAG and prompt["content"] == GUARD("erase_confirm", "ja")
    [erase_id] = button_ids(prompt)
    assert db_rows(floorcall_db, "SELECT count(*) FROM settings WHERE scope != 'app'") == [(4,)], "nothing yet"
    someone = await fake_discord.click(prompt, erase_id, user=fake_discord.user("other admin"), permissions=admin)
    assert await private_answer(someone) == GUARD("unknown_button", "ja")
    press = await fake_discord.click(prompt, erase_id, user=asker, permissions=admin)
    await press.wait_answered()
    assert press.callback_body["data"]["content"] == GUARD("erase_done", "ja")
    assert db_rows(floorcall_db, "SELECT count(*) FROM settings WHERE scope != 'app'") == [(0,)]
    assert db_rows(floorcall_db, "SELECT count(*) FROM clocks") == [(0,)]
    assert bot.store.all_for("server", fake_discord.guild_id) == {}
    show = await fake_discord.slash("settings show")
    [msg] = await show.wait_final()
    assert msg["embeds"][0]["title"] == DISCORD("show_title", "en"), "back to the defaults"
    clean(fake_discord)


async def test_the_sweep_blanks_finished_clocks_people_and_deletes_old_records(fake_discord, start_bot, floorcall_db):
    import time

    from handlers.store.retention import DAY, GRACE_SECONDS

    bot = await start_bot(extensions=("cogs.clock",))
    done = await start_clock(fake_discord, player="Ann Lee")
    await (await fake_discord.click(done, button_ids(done)[1], permissions=BASIC | MANAGE_MESSAGES)).wait_answered()
    running = await start_clock(fake_discord, player="Bob Kim")
    await fake_discord.wait_for(lambda: db_rows(floorcall_db, "SELECT count(*) FROM clocks WHERE live IS NULL")
                                == [(1,)], 5, "the cancelled clock")
    now = time.time()
    await bot.sweep_now(now + GRACE_SECONDS + 5)
    rows = db_rows(floorcall_db, "SELECT player, started_by, started_by_id, stopped_by, live FROM clocks ORDER BY id")
    assert rows[0][:4] == ("", None, None, None), rows
    assert rows[1][0] == "Bob Kim" and rows[1][2] is not None and rows[1][4] == 1, "a running clock keeps its people"
    await bot.sweep_now(now + bot.retention_days * DAY + GRACE_SECONDS + 5)
    assert [r[0] for r in db_rows(floorcall_db, "SELECT player FROM clocks")] == ["Bob Kim"]
    assert button_ids(running)
    clean(fake_discord)


# -- 9. logs -----------------------------------------------------------------------------------------

async def test_a_value_outside_an_options_choices_is_answered_in_words(fake_discord, start_bot, errors):
    await start_bot()
    admin = BASIC | MANAGE_GUILD | (1 << 4)
    inter = await fake_discord.slash("settings language", permissions=admin, value="xx-SECRET", locale="ja")
    assert await private_answer(inter) == GUARD("bad_option", "en", option="value")
    inter = await fake_discord.slash("clock", player="seat 4", facing="SECRET-FACING")
    assert await private_answer(inter) == GUARD("bad_option", "en", option="facing")
    assert error_records(errors) == []
    assert not any("SECRET" in r.getMessage() for r in errors.records)
    clean(fake_discord)


# -- 6. the lookup warms up off the interaction worker -----------------------------------------

SENTENCE = "the player said raise but only pushed out chips for a call, what now"


async def test_the_first_lookup_answers_from_words_while_the_warm_up_runs_elsewhere(fake_discord, start_bot,
                                                                                  monkeypatch):
    import threading

    import handlers.lookup as lookup
    import handlers.lookup.cache as cache
    import handlers.lookup.ready as ready
    import handlers.lookup.semantic as semantic
    import handlers.lookup.warm as warm
    from handlers.lookup.warm import WARMED_NOTE_KEY

    # A cold process: nothing loaded; the warm-up's child build held until the test lets it go.
    monkeypatch.setattr(lookup, "_INDEXES", {})
    monkeypatch.setattr(semantic, "_VECTORS", {})
    monkeypatch.setattr(ready, "_READY", set())
    release, building = threading.Event(), threading.Event()
    real_build, real_vectors = cache.build_in_child, semantic.vectors_for

    def held_build(ruleset_id: str, vectors: bool = False) -> bool:
        if not vectors:
            return real_build(ruleset_id)  # the lexical scan, when the cache has none
        building.set()
        release.wait(60)
        return False  # as a child that failed: the vectors are then read (or built) when first asked for

    def held_vectors(idx):  # type: ignore[no-untyped-def]
        release.wait(60)  # the first sentence's background load waits for the test too
        return real_vectors(idx)

    monkeypatch.setattr(cache, "build_in_child", held_build)
    monkeypatch.setattr(semantic, "vectors_for", held_vectors)
    bot = await start_bot(warm_lookup=True)
    try:
        assert await asyncio.get_running_loop().run_in_executor(None, building.wait, 120)
        inter = await fake_discord.slash("rule", query=SENTENCE)
        [first] = await inter.wait_final(timeout=30)
        words_only = handle(SENTENCE, Context(lookup_wait=False), command="rule")
        assert words_only.data.get("semantic_pending") and first["embeds"] == embeds(words_only)
        assert warm.WARMING(WARMED_NOTE_KEY, "en") in first["embeds"][-1]["footer"]["text"]
        # The interaction worker is free meanwhile: /help elsewhere and a job on it finish.
        helped = await fake_discord.slash("help", user=fake_discord.user("elsewhere"))
        await helped.wait_final(timeout=30)
        assert await asyncio.get_running_loop().run_in_executor(bot.executor, lambda: "free") == "free"
        assert not release.is_set() and bot.lookup_warm_thread.is_alive()
    finally:
        release.set()
    await asyncio.get_running_loop().run_in_executor(None, bot.lookup_warm_thread.join, 120)
    # The vectors are loaded by the first sentence's background load (on its own thread), not at start.
    for _ in range(1200):
        if warm.vectors_ready("tda2026"):
            break
        await asyncio.sleep(0.1)
    assert warm.vectors_ready("tda2026")
    inter = await fake_discord.slash("rule", query=SENTENCE)
    [later] = await inter.wait_final(timeout=30)
    full = handle(SENTENCE, Context(), command="rule")
    assert not full.data.get("semantic_pending") and later["embeds"] == embeds(full)
    assert handle("46", Context(lookup_wait=False), command="rule").data.get("semantic_pending") is None
    clean(fake_discord)
