"""`/blinds` end to end: the real bot (discord.py) against the fake Discord on loopback.

Time on the blind clock is a `ManualTime` stepped by the tests (the player clock's replaceable
time source), so no test waits for a level; the fake still holds the bot to Discord's rules.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from fakediscord import FakeDiscord
from fakediscord.fixtures import running_bot as shared_running_bot
from fakediscord.server import BASIC_PERMISSIONS, MANAGE_GUILD

from handlers.blinds.structure import presets
from handlers.blinds.text import ERRORS, MSG, blinds_text
from handlers.clock.model import ManualTime

MANAGE_EVENTS = 1 << 33
TD = BASIC_PERMISSIONS | MANAGE_GUILD
EVENTS = BASIC_PERMISSIONS | MANAGE_EVENTS
EDIT = r"^/channels/\d+/messages/\d+$"
POST = r"^/channels/\d+/messages$"
SMALL = "2m: 100/200, 200/400 bba 400, break 3m colour-up 25, 300/600 bba 600, 400/800 bba 800"


@pytest.fixture
def db_path(tmp_path) -> str:
    return str(tmp_path / "floorcall.db")


def running_bot(fake: FakeDiscord, db_path: str, monkeypatch: pytest.MonkeyPatch,
                extensions: tuple[str, ...] = ("cogs.blinds",), **options: Any) -> Any:
    return shared_running_bot(fake, db_path, monkeypatch, extensions, **options)


def title(msg: dict[str, Any]) -> str:
    e = msg["embeds"][0]
    return e.get("title") or e.get("description") or ""


def text_of(msg: dict[str, Any]) -> str:
    parts = [msg.get("content") or ""]
    for e in msg.get("embeds", []):
        parts += [e.get("title") or "", e.get("description") or ""]
        parts += [f"{f['name']} {f['value']}" for f in e.get("fields", [])]
    return "\n".join(parts)


def edits(fake: FakeDiscord) -> list[Any]:
    return [r for r in fake.requests_to("PATCH", EDIT) if r.status == 200]


def posts(fake: FakeDiscord) -> list[Any]:
    return [r for r in fake.requests_to("POST", POST) if r.status == 200]


async def start(fake: FakeDiscord, structure: str = SMALL, permissions: int = TD, **kw: Any) -> dict[str, Any]:
    inter = await fake.slash("blinds start", structure=structure, permissions=permissions, **kw)
    [msg] = await inter.wait_final()
    assert not inter.ephemeral
    return fake.messages[int(msg["id"])]


async def asleep(fake: FakeDiscord, clock: ManualTime) -> None:
    await fake.wait_for(lambda: clock.sleepers >= 1, what="the blind clock's timer asleep")


async def advance_to(fake: FakeDiscord, clock: ManualTime, when: float, *, edits_then: int, posts_then: int) -> None:
    """Move time to `when` and wait until the bot has made that many edits and posts in all."""
    await asleep(fake, clock)
    clock.advance(when - clock.now())
    await fake.wait_for(lambda: len(edits(fake)) >= edits_then and len(posts(fake)) >= posts_then,
                        what=f"{edits_then} edits and {posts_then} posts")
    await asyncio.sleep(0.05)  # nothing more follows
    assert (len(edits(fake)), len(posts(fake))) == (edits_then, posts_then)


def lv(n: int, text: str = SMALL) -> str:
    from handlers.blinds.structure import parse_structure

    level = next(x for x in parse_structure(text).levels if x.number == n)
    return blinds_text(level, "en")


async def test_start_warning_level_up_and_break_at_most_two_edits_and_one_post_per_level(fake, clock, db_path,
                                                                                       monkeypatch):
    async with running_bot(fake, db_path, monkeypatch):
        t0 = clock.now()
        status = await start(fake)
        assert title(status).startswith(MSG("level", "en", n=1, blinds=lv(1)))
        body = text_of(status)
        assert f"<t:{int(t0 + 120)}:R>" in body and MSG("next_level", "en", n=2, blinds=lv(2), minutes=2) in body
        # Level 1: the one-minute warning is an edit; the change to level 2 an edit and a post.
        await advance_to(fake, clock, t0 + 60, edits_then=1, posts_then=0)
        assert title(status) == MSG("warning", "en", n=1, blinds=lv(1))
        await advance_to(fake, clock, t0 + 120, edits_then=2, posts_then=1)
        assert title(status) == MSG("level", "en", n=2, blinds=lv(2))
        assert f"<t:{int(t0 + 240)}:R>" in text_of(status)
        [post] = fake.bot_messages_in(fake.channel_id)[1:]
        assert post["content"] == MSG("a_level", "en", n=2, blinds=lv(2), minutes=2)
        # Level 2: the same, and the next entry is a break with its colour-up.
        assert "25" in text_of(status) and MSG("f_colour_up", "en") in text_of(status)
        await advance_to(fake, clock, t0 + 180, edits_then=3, posts_then=1)
        await advance_to(fake, clock, t0 + 240, edits_then=4, posts_then=2)
        brk = fake.bot_messages_in(fake.channel_id)[-1]["content"]
        assert f"<t:{int(t0 + 420)}:R>" in brk and "300/600" in brk and MSG("colour_up", "en", chips="25") in brk
        assert title(status).startswith("Break, 3 min") and f"<t:{int(t0 + 420)}:R>" in text_of(status)
        # The break: a warning edit, then level 3 (an edit and a post).
        await advance_to(fake, clock, t0 + 360, edits_then=5, posts_then=2)
        await advance_to(fake, clock, t0 + 420, edits_then=6, posts_then=3)
        assert title(status) == MSG("level", "en", n=3, blinds=lv(3))
        # Level 3 -> the last level: it has no end, so no more timers after it.
        await advance_to(fake, clock, t0 + 480, edits_then=7, posts_then=3)
        await advance_to(fake, clock, t0 + 540, edits_then=8, posts_then=4)
        assert fake.bot_messages_in(fake.channel_id)[-1]["content"] == MSG("a_last", "en", n=4, blinds=lv(4))
        clock.advance(3600)
        await asyncio.sleep(0.05)
        assert (len(edits(fake)), len(posts(fake))) == (8, 4)
        assert all(r.message_payload["allowed_mentions"] == {"parse": []} for r in fake.requests if r.sends_content)
    fake.assert_clean()


async def test_pause_keeps_the_time_and_resume_continues(fake, clock, db_path, monkeypatch):
    async with running_bot(fake, db_path, monkeypatch):
        t0 = clock.now()
        status = await start(fake, permissions=EVENTS)  # Manage Events is enough
        await asleep(fake, clock)
        clock.advance(30)
        mod = fake.user("mod")
        inter = await fake.slash("blinds pause", user=mod, permissions=EVENTS)
        [answer] = await inter.wait_final()
        assert not inter.ephemeral and "mod" in text_of(answer)
        assert title(status).startswith(MSG("paused", "en", n=1, blinds=lv(1), left="1 min 30 s"))
        clock.advance(3600)  # paused: nothing moves
        await asyncio.sleep(0.05)
        assert len(edits(fake)) == 1 and posts(fake) == []
        again = await fake.slash("blinds pause", user=mod, permissions=EVENTS)
        [note] = await again.wait_final()
        assert again.ephemeral and ERRORS("already_paused", "en") in text_of(note)
        inter = await fake.slash("blinds resume", user=mod, permissions=EVENTS)
        await inter.wait_final()
        resumed = clock.now()
        assert f"<t:{int(resumed + 90)}:R>" in text_of(status) and f"<t:{int(t0 + 120)}:R>" not in text_of(status)
        await advance_to(fake, clock, resumed + 30, edits_then=3, posts_then=0)  # the warning
        await advance_to(fake, clock, resumed + 90, edits_then=4, posts_then=1)  # level 2
        assert title(status) == MSG("level", "en", n=2, blinds=lv(2))
    fake.assert_clean()


async def test_next_back_stop_and_who_may_do_it(fake, clock, db_path, monkeypatch):
    async with running_bot(fake, db_path, monkeypatch):
        refused = await fake.slash("blinds start", structure="turbo", user=fake.user("player"))
        [note] = await refused.wait_final()
        assert refused.ephemeral and ERRORS("not_allowed", "en") in text_of(note)
        assert fake.bot_messages_in(fake.channel_id) == [note]
        status = await start(fake, structure="turbo")
        turbo = presets()["turbo"].levels
        for sub in ("pause", "next", "back", "stop"):
            no = await fake.slash(f"blinds {sub}", user=fake.user("player"))  # (one command each: cooldown)
            [msg] = await no.wait_final()
            assert no.ephemeral and ERRORS("not_allowed", "en") in text_of(msg)
        shown = await fake.slash("blinds show", user=fake.user("player"))  # anyone may look
        [msg] = await shown.wait_final()
        assert title(msg).startswith(MSG("level", "en", n=1, blinds=blinds_text(turbo[0], "en")))
        assert edits(fake) == []
        t = clock.now()
        await (await fake.slash("blinds next", permissions=TD)).wait_final()
        assert title(status) == MSG("level", "en", n=2, blinds=blinds_text(turbo[1], "en"))
        assert f"<t:{int(t + 600)}:R>" in text_of(status)
        await (await fake.slash("blinds back", permissions=TD)).wait_final()
        assert title(status) == MSG("level", "en", n=1, blinds=blinds_text(turbo[0], "en"))
        first = await fake.slash("blinds back", permissions=TD)
        [msg] = await first.wait_final()
        assert first.ephemeral and ERRORS("first_level", "en") in text_of(msg)
        await (await fake.slash("blinds stop", permissions=TD)).wait_final()
        assert title(status) == MSG("stopped", "en", n=1)
        count = len(edits(fake))
        clock.advance(7200)
        await asyncio.sleep(0.05)
        assert len(edits(fake)) == count and posts(fake) == []
        gone = await fake.slash("blinds show")
        [msg] = await gone.wait_final()
        assert ERRORS("not_running", "en") in text_of(msg)
        # Stopped, the channel may start a new one.
        await start(fake, structure="deep")
    fake.assert_clean()


async def test_a_second_start_answers_with_the_one_running(fake, clock, db_path, monkeypatch):
    async with running_bot(fake, db_path, monkeypatch):
        status = await start(fake)
        again = await fake.slash("blinds start", structure="deep", permissions=TD)
        [answer] = await again.wait_final()
        assert again.ephemeral and status["id"] in answer["content"]
        assert title(answer) == MSG("level", "en", n=1, blinds=lv(1))
        other = await start(fake, structure="deep", channel_id=fake.other_channel_id)
        assert other["id"] != status["id"]
    fake.assert_clean()


async def test_bad_structure_is_a_private_error_pointing_at_the_level(fake, clock, db_path, monkeypatch):
    async with running_bot(fake, db_path, monkeypatch):
        inter = await fake.slash("blinds start", structure="20m: 100/200, 200/400, 150/300", permissions=TD)
        [msg] = await inter.wait_final()
        assert inter.ephemeral
        assert ERRORS("blinds_not_up", "en", level=3, blinds="150/300", prev="200/400") in text_of(msg)
        assert "(at character 24)" in text_of(msg)  # the level at offset 23, counted from 1 for a person
    fake.assert_clean()


async def test_restart_mid_level_carries_on_without_a_word(fake, clock, db_path, monkeypatch):
    async with running_bot(fake, db_path, monkeypatch):
        t0 = clock.now()
        status = await start(fake)
    clock.advance(40)  # down for 40 s inside level 1
    async with running_bot(fake, db_path, monkeypatch):
        await asleep(fake, clock)
        assert edits(fake) == [] and posts(fake) == []
        await advance_to(fake, clock, t0 + 60, edits_then=1, posts_then=0)
        assert title(status) == MSG("warning", "en", n=1, blinds=lv(1))
    fake.assert_clean()


async def test_restart_after_several_levels_says_which_ended(fake, clock, db_path, monkeypatch):
    async with running_bot(fake, db_path, monkeypatch):
        t0 = clock.now()
        status = await start(fake)
    clock.advance(450)  # levels 1 and 2 and the break ended; level 3 runs since t0 + 420
    async with running_bot(fake, db_path, monkeypatch):
        await fake.wait_for(lambda: posts(fake), what="the catch-up announcement")
        await asyncio.sleep(0.05)
        assert len(edits(fake)) == 1 and len(posts(fake)) == 1
        assert title(status) == MSG("level", "en", n=3, blinds=lv(3))
        assert f"<t:{int(t0 + 540)}:R>" in text_of(status)
        said = fake.bot_messages_in(fake.channel_id)[-1]["content"]
        passed = ", ".join([MSG("a_away_level", "en", n=1), MSG("a_away_level", "en", n=2), MSG("a_away_break", "en")])
        assert MSG("a_away", "en", passed=passed) in said and MSG("a_level", "en", n=3, blinds=lv(3), minutes=2) in said
        await advance_to(fake, clock, t0 + 480, edits_then=2, posts_then=1)  # and it runs on
        await advance_to(fake, clock, t0 + 540, edits_then=3, posts_then=2)
    fake.assert_clean()


async def test_a_rate_limited_edit_is_retried_and_the_end_does_not_move(fake, clock, db_path, monkeypatch):
    async with running_bot(fake, db_path, monkeypatch):
        t0 = clock.now()
        status = await start(fake)
        limited = fake.inject_429("PATCH", EDIT, times=1, retry_after=0.2)
        await advance_to(fake, clock, t0 + 60, edits_then=1, posts_then=0)
        assert limited.hits == 1 and [r.status for r in fake.requests_to("PATCH", EDIT)] == [429, 200]
        await advance_to(fake, clock, t0 + 120, edits_then=2, posts_then=1)
        assert f"<t:{int(t0 + 240)}:R>" in text_of(status)  # level 2 still ends on time
    fake.assert_clean()


async def test_a_command_waiting_on_a_rate_limited_edit_is_acknowledged_in_time(fake, clock, db_path, monkeypatch):
    """The level-change edit meets a 429 and holds the clock while discord.py waits it out; a
    pause that comes in meanwhile is deferred (Discord's 3 s), then answered and shown."""
    async with running_bot(fake, db_path, monkeypatch, defer_after=0.1):
        t0 = clock.now()
        status = await start(fake)
        await advance_to(fake, clock, t0 + 60, edits_then=1, posts_then=0)
        limited = fake.inject_429("PATCH", EDIT, times=1, retry_after=1.0)
        await asleep(fake, clock)
        clock.advance(60)
        await fake.wait_for(lambda: limited.hits == 1, what="the rate-limited level-change edit")
        inter = await fake.slash("blinds pause", permissions=TD)
        await inter.wait_answered()
        assert inter.deferred
        [answer] = await inter.wait_final()
        assert MSG("paused", "en", n=2, blinds=lv(2), left="2 min 0 s") in title(answer)
        assert title(status).startswith(MSG("paused", "en", n=2, blinds=lv(2), left="2 min 0 s"))
        assert len(posts(fake)) == 1
    fake.assert_clean()


async def test_a_ruling_without_blinds_uses_the_level(fake, clock, db_path, monkeypatch):
    async with running_bot(fake, db_path, monkeypatch, extensions=("cogs.blinds", "cogs.ruling")):
        await start(fake, structure="20m: 100/200, 200/400, 300/600 bba 600, break 10m, 400/800 bba 800")
        for _ in range(2):
            await (await fake.slash("blinds next", permissions=TD)).wait_final()
        inter = await fake.slash("ruling", hand="flop: A bet 1200, B?")
        [msg] = await inter.wait_final()
        body = text_of(msg)
        level3 = "300/600, big blind ante 600"
        assert MSG("blind_level_used", "en", n=3, blinds=level3) in body
        assert "2,400" in body  # the minimum raise at 300/600: 1,200 more
        elsewhere = await fake.slash("ruling", hand="flop: A bet 1200, B?", channel_id=fake.other_channel_id)
        [err] = await elsewhere.wait_final()
        assert elsewhere.ephemeral and "50/100" in text_of(err)
        given = await fake.slash("ruling", hand="50/100 flop: A bet 100, B?")
        [msg] = await given.wait_final()
        assert MSG("f_blind_level", "en") not in text_of(msg)
    fake.assert_clean()


async def test_japanese_names_and_a_japanese_channel(fake, clock, db_path, monkeypatch):
    fake.guild_locale = "ja"
    async with running_bot(fake, db_path, monkeypatch):
        cmd = next(c for c in fake.global_commands if c["name"] == "blinds")
        assert cmd["name_localizations"] == {"ja": "ブラインド", "ko": "블라인드"}
        subs = {o["name"]: o["name_localizations"] for o in cmd["options"]}
        assert subs["start"]["ja"] == "開始" and subs["pause"]["ko"] == "일시정지"
        status = await start(fake, structure="ターボ")
        assert title(status).startswith("レベル1：")
        assert re.search(r"<t:\d+:R>", text_of(status))
    fake.assert_clean()


async def test_blinds_asked_for_by_mention(fake, clock, db_path, monkeypatch):
    async with running_bot(fake, db_path, monkeypatch, extensions=("cogs.mention", "cogs.blinds")):
        t0 = clock.now()
        asked = await fake.post_message(f"<@{fake.app_id}> blinds start {SMALL}", author=fake.owner)
        await fake.wait_for(lambda: fake.bot_messages_in(fake.channel_id), what="the status message")
        [status] = fake.bot_messages_in(fake.channel_id)
        assert str(status["message_reference"]["message_id"]) == asked["id"]
        assert title(status).startswith(MSG("level", "en", n=1, blinds=lv(1)))
        await fake.post_message(f"<@{fake.app_id}> blinds pause", author=fake.user("player"))
        await fake.wait_for(lambda: len(fake.bot_messages_in(fake.channel_id)) == 2, what="the refusal")
        assert ERRORS("not_allowed", "en") in text_of(fake.bot_messages_in(fake.channel_id)[-1])
        await fake.post_message(f"<@{fake.app_id}> ブラインド", author=fake.user("player"))  # anyone may look
        await fake.wait_for(lambda: len(fake.bot_messages_in(fake.channel_id)) == 3, what="the status")
        assert title(fake.bot_messages_in(fake.channel_id)[-1]).startswith(MSG("level", "en", n=1, blinds=lv(1)))
        await fake.post_message(f"<@{fake.app_id}> blinds next", author=fake.owner)
        await fake.wait_for(lambda: len(fake.bot_messages_in(fake.channel_id)) == 4, what="next")
        assert title(status) == MSG("level", "en", n=2, blinds=lv(2))
        assert f"<t:{int(t0 + 120)}:R>" in text_of(status)
        assert all(r.message_payload["allowed_mentions"] == {"parse": []} for r in fake.requests if r.sends_content)
    fake.assert_clean()


async def test_a_locked_database_answers_try_again_and_posts_nothing(fake, clock, db_path, monkeypatch):
    """Another process holds the SQLite file's write lock: `/blinds start` answers privately with a
    "try again" (nothing stored, nothing posted), and works once the lock is gone."""
    import sqlite3

    from handlers.store.errors import StoreBusy, try_again

    async with running_bot(fake, db_path, monkeypatch):
        other = sqlite3.connect(db_path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        other.execute("insert into settings values ('server', 1, 'language', 'ko', 'now')")
        try:
            inter = await fake.slash("blinds start", structure="turbo", permissions=TD)
            [msg] = await inter.wait_final(timeout=10)
            assert inter.ephemeral and try_again(StoreBusy(), "en") in text_of(msg)
        finally:
            other.execute("ROLLBACK")
            other.close()
        await start(fake, structure="turbo")
        assert len(fake.bot_messages_in(fake.channel_id)) == 2
    fake.assert_clean()
