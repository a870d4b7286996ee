"""A server's own clock times: the store (unit) and `/settings clock` end to end through the fake Discord.

The end-to-end tests run the real bot with the settings and clock cogs; the clocks read a
`ManualTime`, so a clock started after the change is stepped through its new times without waiting.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fakediscord.server import EPHEMERAL_FLAG, MANAGE_GUILD, FakeDiscord
from test_clock_discord import step, text_of, title

from cogs.messages import DISCORD
from engine.rulesets import RULESETS
from handlers.clock import MSG
from handlers.clock.model import ManualTime, use_time_source
from handlers.store import StoreError, open_store
from handlers.store.settings import (
    CLOCK_COUNTDOWN,
    CLOCK_COUNTDOWN_RANGE,
    CLOCK_SECONDS,
    CLOCK_SECONDS_RANGE,
    RULESET,
    SERVER,
    ClockTimesError,
    check_clock_times,
)

G, CH = 10, 20
EXTENSIONS = ("cogs.settings", "cogs.clock")

# -- the store --------------------------------------------------------------------------------


# `store` (tests/storefixtures.py) is each back end in turn: SQLite and PostgreSQL.


async def test_without_server_times_the_clock_runs_on_the_ruleset_times(store):
    for rs in RULESETS.values():
        await store.set(SERVER, G, RULESET, rs.id)
        clock = store.resolve(G, CH, None).clock
        assert (clock.seconds, clock.countdown, clock.source) == (rs.clock_seconds, rs.clock_countdown, "ruleset")
        ctx = store.context_for(G, CH, None)
        assert (ctx.clock_seconds, ctx.clock_countdown) == (None, None), "None: the ruleset's own time"


async def test_set_clock_times_stores_both_and_outlives_a_ruleset_change(store, store_url):
    await store.set_clock_times(G, 40, 10)
    here = store.resolve(G, CH, None)
    assert (here.clock.seconds, here.clock.countdown, here.clock.source) == (40, 10, "server")
    assert here.extra == {}, "the clock's keys are shown on their own line, not as 'other settings'"
    await store.set(SERVER, G, RULESET, "tda2009")
    ctx = store.context_for(G, CH, None)
    assert (ctx.ruleset_id, ctx.clock_seconds, ctx.clock_countdown) == ("tda2009", 40, 10)
    assert store.resolve(G + 1, CH, None).clock.source == "ruleset", "other servers are untouched"
    await store.close()
    again = await open_store(store_url)
    assert again.resolve(G, CH, None).clock.seconds == 40
    await again.close()


async def test_reset_goes_back_to_the_ruleset_and_says_whether_there_was_anything(store):
    await store.set(SERVER, G, RULESET, "tda2009")
    await store.set_clock_times(G, 40, 10)
    assert (await store.reset_clock_times(G)) is True
    clock = store.resolve(G, CH, None).clock
    assert (clock.seconds, clock.countdown, clock.source) == (60, 10, "ruleset")
    assert (await store.reset_clock_times(G)) is False
    assert store.resolve(G, CH, None).ruleset == "tda2009", "reset touches only the clock's times"


@pytest.mark.parametrize(
    ("seconds", "countdown", "code"),
    [
        (4, 0, "clock_seconds_range"),
        (601, 5, "clock_seconds_range"),
        (30, -1, "clock_countdown_range"),
        (120, 61, "clock_countdown_range"),
        (20, 21, "clock_countdown_longer"),
    ],
)
async def test_out_of_bounds_times_are_refused_and_nothing_is_written(store, seconds, countdown, code):
    with pytest.raises(ClockTimesError) as caught:
        await store.set_clock_times(G, seconds, countdown)
    assert caught.value.code == code
    assert DISCORD(code, "ja", **caught.value.params)  # every refusal has its words, with its values
    assert store.all_for(SERVER, G) == {}


def test_bounds_are_inclusive_and_hold_every_rulesets_times():
    check_clock_times(CLOCK_SECONDS_RANGE[0], CLOCK_COUNTDOWN_RANGE[0])
    check_clock_times(CLOCK_SECONDS_RANGE[1], CLOCK_COUNTDOWN_RANGE[1])
    check_clock_times(30, 30)
    for rs in RULESETS.values():
        check_clock_times(rs.clock_seconds, rs.clock_countdown)


async def test_one_time_of_its_own_keeps_the_rulesets_other(store):
    await store.set(SERVER, G, CLOCK_SECONDS, "45")
    clock = store.resolve(G, CH, None).clock
    assert (clock.seconds, clock.countdown, clock.source) == (45, 5, "server")
    assert (clock.server_seconds, clock.server_countdown) == (45, None)


@pytest.mark.parametrize("raw", ["soon", "3", "9000", "-5"])
async def test_a_hand_edited_bad_value_is_not_run(store, raw, caplog):
    await store.set(SERVER, G, CLOCK_SECONDS, raw)
    await store.set(SERVER, G, CLOCK_COUNTDOWN, "8")
    clock = store.resolve(G, CH, None).clock
    assert (clock.seconds, clock.countdown) == (25, 8)
    assert "ignoring the stored clock_seconds" in caplog.text


async def test_both_times_are_written_in_one_transaction(store):
    await store.set_clock_times(G, 40, 10)
    # The database refuses the second row (as a full disk would): the first must not stay behind.
    if store.db.dialect == "sqlite":
        await store.db.execute("create trigger refuse before insert on settings when new.key = 'clock_countdown' "
                               "and new.value = '20' begin select raise(abort, 'disk full'); end")
    else:
        await store.db.execute(
            "create function refuse() returns trigger language plpgsql as $$ begin "
            "if new.key = 'clock_countdown' and new.value = '20' then raise exception 'disk full'; end if; "
            "return new; end $$")
        await store.db.execute("create trigger refuse before insert on settings for each row execute function refuse()")
    with pytest.raises(StoreError, match="disk full"):
        await store.set_clock_times(G, 90, 20)
    rows = await store.db.fetch("select key, value from settings where scope = 'server' order by key")
    assert [(r["key"], r["value"]) for r in rows] == [("clock_countdown", "10"), ("clock_seconds", "40")]
    clock = store.resolve(G, CH, None).clock
    assert (clock.seconds, clock.countdown) == (40, 10), "a failed write leaves the old pair whole"


# -- /settings clock through the fake Discord -------------------------------------------------


@pytest.fixture
def manual_time() -> Iterator[ManualTime]:
    with use_time_source(ManualTime(float(int(time.time())))) as t:
        yield t


def is_ephemeral(msg: dict[str, Any]) -> bool:
    return bool(int(msg.get("flags", 0)) & EPHEMERAL_FLAG)


def no_pings(fake: FakeDiscord) -> None:
    """Nothing the bot sent could mention anyone."""
    sent = [r.message_payload for r in fake.requests if r.sends_content]
    assert sent and all(p is not None and p.get("allowed_mentions") == {"parse": []} for p in sent)


async def run(fake: FakeDiscord, path: str, **options: Any) -> dict[str, Any]:
    inter = await fake.slash(path, **options)
    [msg] = await inter.wait_final()
    return msg


async def set_clock(fake: FakeDiscord, **options: Any) -> dict[str, Any]:
    return await run(fake, "settings clock", permissions=MANAGE_GUILD, **options)


def clock_line(msg: dict[str, Any], lang: str = "en") -> str:
    """The value of the Clock line of a settings reply."""
    [field] = [f for f in msg["embeds"][0]["fields"] if f["name"] == DISCORD("show_clock", lang)]
    return field["value"]


async def test_set_times_show_them_and_a_new_clock_runs_on_them(fake_discord, start_bot, manual_time):
    await start_bot(extensions=EXTENSIONS)
    fake = fake_discord
    before = await run(fake, "clock", player="B")
    refused = await run(fake, "settings clock", seconds=40, countdown=10)
    assert is_ephemeral(refused) and title(refused) == DISCORD("need_manage_server", "en")
    shown = await run(fake, "settings show")
    assert clock_line(shown) == "25 s, then a 5 s countdown (the times of TDA 2026)"

    done = await set_clock(fake, seconds=40, countdown=10)
    assert not is_ephemeral(done) and title(done) == DISCORD("clock_set", "en", seconds=40, countdown=10)
    shown = await run(fake, "settings show")
    assert clock_line(shown) == f"40 s, then a 10 s countdown ({DISCORD('why_server', 'en')})"
    assert DISCORD("show_other", "en") not in text_of(shown)

    inter = await fake.slash("clock", player="A", facing="bet")
    [posted] = await inter.wait_final()
    msg = fake.messages[int(posted["id"])]
    start = manual_time.now()
    assert title(msg) == MSG("running", "en", player="A", seconds=40, countdown=10)
    assert f"<t:{int(start + 40)}:R>" in text_of(msg) and f"<t:{int(start + 50)}:R>" in text_of(msg)
    assert MSG("server_times", "en") in text_of(msg)
    await step(fake, manual_time, 30, before, "Time on")  # the clock started before keeps 25 + 5
    assert "Clock on" in title(msg)
    await step(fake, manual_time, 10, msg, "Countdown")
    await step(fake, manual_time, 10, msg, "Time on")
    assert MSG("bet_dead_hand", "en") in text_of(msg)
    no_pings(fake)


async def test_only_one_time_given_keeps_the_other_in_force(fake_discord, start_bot):
    await start_bot(extensions=EXTENSIONS)
    assert title(await set_clock(fake_discord, seconds=45)) == DISCORD("clock_set", "en", seconds=45, countdown=5)
    assert title(await set_clock(fake_discord, countdown=15)) == DISCORD("clock_set", "en", seconds=45, countdown=15)


async def test_bad_values_are_refused_in_the_channels_language(fake_discord, start_bot):
    fake_discord.guild_locale = "ko"
    await start_bot(extensions=EXTENSIONS)
    cases = [
        ({"seconds": 3}, DISCORD("clock_seconds_range", "ko", value=3, min=5, max=600)),
        ({"seconds": 601}, DISCORD("clock_seconds_range", "ko", value=601, min=5, max=600)),
        ({"countdown": 61}, DISCORD("clock_countdown_range", "ko", value=61, min=0, max=60)),
        ({"seconds": 20, "countdown": 30}, DISCORD("clock_countdown_longer", "ko", seconds=20, countdown=30)),
        ({"seconds": 4, "countdown": 2}, DISCORD("clock_seconds_range", "ko", value=4, min=5, max=600)),
        ({}, DISCORD("clock_nothing_given", "ko")),
        ({"reset": True, "seconds": 30}, DISCORD("clock_reset_with_times", "ko")),
    ]
    for options, expected in cases:
        msg = await set_clock(fake_discord, **options)
        assert is_ephemeral(msg) and title(msg) == expected, options
    nothing = await set_clock(fake_discord)
    assert clock_line(nothing, "ko") == "25초 + 카운트다운 5초 (TDA 2026의 시간)", "the refusal shows what is in force"
    shown = await run(fake_discord, "settings show")
    assert "25초 + 카운트다운 5초" in text_of(shown), "no refused value was stored"
    # Under TDA 2009 the countdown in force is 10 s: 8 seconds to act alone would be shorter.
    await run(fake_discord, "settings ruleset", permissions=MANAGE_GUILD, value="tda2009")
    msg = await set_clock(fake_discord, seconds=8)
    assert title(msg) == DISCORD("clock_countdown_longer", "ko", seconds=8, countdown=10)
    no_pings(fake_discord)


async def test_reset_goes_back_to_the_rulesets_times(fake_discord, start_bot, manual_time):
    await start_bot(extensions=EXTENSIONS)
    fake = fake_discord
    await set_clock(fake, seconds=40, countdown=10)
    refused = await run(fake, "settings clock", reset=True)
    assert is_ephemeral(refused) and title(refused) == DISCORD("need_manage_server", "en")
    msg = await set_clock(fake, reset=True)
    assert title(msg) == DISCORD("clock_reset", "en", ruleset="TDA 2026", seconds=25, countdown=5)
    again = await set_clock(fake, reset=True)
    assert title(again) == DISCORD("clock_reset_already", "en", ruleset="TDA 2026", seconds=25, countdown=5)
    shown = await run(fake, "settings show")
    assert clock_line(shown) == "25 s, then a 5 s countdown (the times of TDA 2026)"
    clock_msg = await run(fake, "clock", player="A")
    assert title(clock_msg) == MSG("running", "en", player="A", seconds=25, countdown=5)
    assert MSG("server_times", "en") not in text_of(clock_msg)
    no_pings(fake)


async def test_tda2009_clock_cites_rule_20_and_a_server_ruleset_change_keeps_its_own_times(
    fake_discord, start_bot, manual_time
):
    await start_bot(extensions=EXTENSIONS)
    fake = fake_discord
    changed = await run(fake, "settings ruleset", permissions=MANAGE_GUILD, value="tda2009")
    assert DISCORD("show_clock", "en") not in text_of(changed), "nothing to say while the ruleset's times apply"
    inter = await fake.slash("clock", player="A")
    [posted] = await inter.wait_final()
    msg = fake.messages[int(posted["id"])]
    assert title(msg) == MSG("running", "en", player="A", seconds=60, countdown=10)
    assert "TDA 2009 Rule 20" in text_of(msg) and "Rule 31" not in text_of(msg)
    await step(fake, manual_time, 60, msg, "Countdown")
    await step(fake, manual_time, 10, msg, "Time on")
    assert MSG("bet_dead_hand", "en") in text_of(msg) and MSG("no_bet_dead_hand", "en") in text_of(msg)

    await set_clock(fake, seconds=40, countdown=10)
    back = await run(fake, "settings ruleset", permissions=MANAGE_GUILD, value="tda2026")
    assert f"40 s, then a 10 s countdown ({DISCORD('why_server', 'en')})" in text_of(back)
    no_pings(fake)


async def test_the_command_and_its_options_are_localized(fake_discord, start_bot):
    await start_bot(extensions=EXTENSIONS)
    settings = next(c for c in fake_discord.global_commands if c["name"] == "settings")
    sub = next(o for o in settings["options"] if o["name"] == "clock")
    assert sub["name_localizations"] == {"ja": "クロック", "ko": "클락"}
    assert set(sub["description_localizations"]) == {"ja", "ko"}
    opts = {o["name"]: o for o in sub["options"]}
    assert {n: o["name_localizations"]["ja"] for n, o in opts.items()} == {
        "seconds": "秒数", "countdown": "カウントダウン", "reset": "リセット"}
    assert all(set(o["description_localizations"]) == {"ja", "ko"} for o in opts.values())
    assert (opts["seconds"]["min_value"], opts["seconds"]["max_value"]) == CLOCK_SECONDS_RANGE
    assert (opts["countdown"]["min_value"], opts["countdown"]["max_value"]) == CLOCK_COUNTDOWN_RANGE
    assert not any(o.get("required") for o in opts.values())


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_help_on_the_clock_points_at_the_servers_own_times(lang):
    from handlers.context import Context
    from handlers.dispatch import handle

    # The Discord command as the reader's client names it (/設定 クロック, /설정 클락).
    assert {"en": "/settings clock", "ja": "/設定 クロック", "ko": "/설정 클락"}[lang] in handle("help clock", Context(lang=lang)).text
