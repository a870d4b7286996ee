"""`/clock` end to end: the real bot (discord.py) against the fake Discord on loopback.

Time on the clocks is a `ManualTime` stepped by the tests, so no test waits for a clock; the fake
still enforces Discord's real deadlines (3 s to answer an interaction) on the wall clock.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fakediscord import FakeDiscord
from fakediscord.fixtures import running_bot as shared_running_bot
from fakediscord.server import EPHEMERAL_FLAG

from cogs.app import FloorcallBot
from handlers.clock import MSG
from handlers.clock.model import ManualTime

MANAGE_MESSAGES = 1 << 13
BASIC = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 16) | (1 << 31)
EDIT = r"^/channels/\d+/messages/\d+$"


def running_bot(fake: FakeDiscord, db_path: str, monkeypatch: pytest.MonkeyPatch,
                extensions: tuple[str, ...] = ("cogs.clock",), **options: Any) -> Any:
    return shared_running_bot(fake, db_path, monkeypatch, extensions, **options)


@pytest.fixture
def db_path(tmp_path) -> str:
    return str(tmp_path / "floorcall.db")


def title(msg: dict[str, Any]) -> str:
    # The clock's sentence: the description under the phase's title (cogs/layout.py), or the
    # title of a refusal.
    return msg["embeds"][0].get("description") or msg["embeds"][0].get("title") or ""


def text_of(msg: dict[str, Any]) -> str:
    parts = [msg.get("content") or ""]
    for e in msg.get("embeds", []):
        parts += [e.get("title") or "", e.get("description") or ""]
        parts += [f"{f['name']} {f['value']}" for f in e.get("fields", [])]
        parts.append((e.get("footer") or {}).get("text") or "")
    return "\n".join(parts)


def buttons(msg: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for row in msg.get("components", []) for c in row.get("components", [])]


async def start_clock(fake: FakeDiscord, user=None, channel_id=None, **options: Any) -> dict[str, Any]:
    inter = await fake.slash("clock", user=user, channel_id=channel_id, **options)
    [msg] = await inter.wait_final()
    return fake.messages[int(msg["id"])]


async def asleep(fake: FakeDiscord, clock: ManualTime) -> None:
    """Wait until a clock task sleeps on the time again (it has done all it does at this moment)."""
    await fake.wait_for(lambda: clock.sleepers >= 1, what="a clock task asleep")


async def step(fake: FakeDiscord, clock: ManualTime, seconds: float, msg: dict[str, Any], expect: str) -> None:
    await asleep(fake, clock)
    clock.advance(seconds)
    await fake.wait_for(lambda: expect in title(msg), what=f"message saying {expect!r}")


def edits_of(fake: FakeDiscord, msg: dict[str, Any]) -> list[Any]:
    return [r for r in fake.requests_to("PATCH", EDIT) if r.path.endswith(f"/{msg['id']}") and r.status == 200]


async def test_start_countdown_and_time_facing_a_bet(fake, clock, db_path, monkeypatch):
    async with running_bot(fake, db_path, monkeypatch):
        caller = fake.user("ann")
        msg = await start_clock(fake, user=caller, player="seat 4", facing="bet")
        start = clock.now()
        assert title(msg) == MSG("running", "en", player="seat 4", seconds=25, countdown=5)
        body = text_of(msg)
        assert f"<t:{int(start + 30)}:R>" in body and "ann" in body and "Rule 31" in body
        assert MSG("bet_dead_hand", "en") in body and MSG("no_bet_check", "en") not in body
        assert len(buttons(msg)) == 2
        await step(fake, clock, 10, msg, "Clock on")
        await asleep(fake, clock)  # the timer woke, had nothing to show and sleeps again
        assert edits_of(fake, msg) == []  # no edit while nothing changes
        await step(fake, clock, 15, msg, "Countdown")
        await step(fake, clock, 5, msg, "Time on")
        assert MSG("bet_dead_hand", "en") in text_of(msg) and buttons(msg) == []
        assert len(edits_of(fake, msg)) == 2
        assert all(r.body["allowed_mentions"] == {"parse": []} for r in fake.requests_to("PATCH", EDIT))
    fake.assert_clean()


async def test_time_not_facing_a_bet_is_a_check(fake, clock, db_path, monkeypatch):
    async with running_bot(fake, db_path, monkeypatch):
        msg = await start_clock(fake, player="B", facing="no-bet")
        await step(fake, clock, 25, msg, "Countdown")
        await step(fake, clock, 5, msg, "Time on")
        assert MSG("no_bet_check", "en") in text_of(msg) and MSG("bet_dead_hand", "en") not in text_of(msg)
    fake.assert_clean()


async def test_time_without_facing_gives_both_outcomes(fake, clock, db_path, monkeypatch):
    async with running_bot(fake, db_path, monkeypatch):
        msg = await start_clock(fake, player="C")
        assert MSG("bet_dead_hand", "en") in text_of(msg) and MSG("no_bet_check", "en") in text_of(msg)
        await step(fake, clock, 25, msg, "Countdown")
        await step(fake, clock, 5, msg, "Time on")
        [outcome] = [f["value"] for f in msg["embeds"][0]["fields"] if f["name"] == MSG("f_outcome", "en")]
        assert outcome == MSG("bet_dead_hand", "en") + "\n" + MSG("no_bet_check", "en")
    fake.assert_clean()


async def test_acted_at_the_same_moment_as_time_stands_and_later_is_too_late(fake, clock, db_path, monkeypatch):
    async with running_bot(fake, db_path, monkeypatch):
        caller = fake.user("ann")
        msg = await start_clock(fake, user=caller, player="A", facing="bet")
        late = await start_clock(fake, user=caller, player="B", facing="bet")
        act, late_act = (next(b for b in buttons(m) if ":act:" in b) for m in (msg, late))
        shown = {k: dict(v) for k, v in ((m["id"], m) for m in (msg, late))}  # what the clients still show
        await step(fake, clock, 30, msg, "Time on")
        await fake.wait_for(lambda: "Time on" in title(late), what="B's time")
        clock.advance(0.5)  # the floor presses Acted a beat after the player moved, as time ran out
        press = await fake.click(shown[msg["id"]], act, user=caller)
        await press.wait_answered()
        await fake.wait_for(lambda: "stands" in title(msg), what="the action stands")
        assert title(msg) == MSG("acted_same_moment", "en", player="A") and buttons(msg) == []
        clock.advance(2)
        press = await fake.click(shown[late["id"]], late_act, user=caller)
        await fake.wait_for(lambda: press.followups, what="the private answer to a late press")
        [note] = press.followups
        assert int(note["flags"]) & EPHEMERAL_FLAG and note["content"] == MSG("too_late", "en")
        assert "Time on" in title(late)
    fake.assert_clean()


async def test_acted_by_the_caller(fake, clock, db_path, monkeypatch):
    async with running_bot(fake, db_path, monkeypatch):
        caller = fake.user("ann")
        msg = await start_clock(fake, user=caller, player="A")
        await step(fake, clock, 26, msg, "Countdown")
        act = next(b for b in buttons(msg) if ":act:" in b)
        press = await fake.click(msg, act, user=caller)
        await press.wait_answered()
        await fake.wait_for(lambda: "acted in time" in title(msg), what="acted")
        assert buttons(msg) == [] and "ann" in text_of(msg)
        clock.advance(60)
        await asyncio.sleep(0.05)
        assert "acted in time" in title(msg)  # the timer did not come back
    fake.assert_clean()


async def test_cancel_and_who_may_press(fake, clock, db_path, monkeypatch):
    async with running_bot(fake, db_path, monkeypatch):
        caller, stranger, mod = fake.user("ann"), fake.user("bob"), fake.user("mod")
        msg = await start_clock(fake, user=caller, player="A")
        cancel = next(b for b in buttons(msg) if ":cancel:" in b)
        refused = await fake.click(msg, cancel, user=stranger, permissions=BASIC)
        [note] = await refused.wait_final()
        assert refused.ephemeral and note["content"] == MSG("not_allowed", "en")
        assert "Clock on" in title(msg)
        allowed = await fake.click(msg, cancel, user=mod, permissions=BASIC | MANAGE_MESSAGES)
        await allowed.wait_answered()
        await fake.wait_for(lambda: "called off" in title(msg), what="cancelled")
        assert "mod" in text_of(msg) and buttons(msg) == []
        # A press on a finished clock is refused privately, and the message stays as it is.
        stale = {**msg, "components": [{"type": 1, "components": [
            {"type": 2, "style": 2, "label": "Cancel", "custom_id": cancel}]}]}  # a client showing the old message
        late = await fake.click(stale, cancel, user=caller)
        [note] = await late.wait_final()
        assert note["content"] == MSG("already_stopped", "en")
    fake.assert_clean()


async def test_duplicates_and_several_channels(fake, clock, db_path, monkeypatch):
    async with running_bot(fake, db_path, monkeypatch):
        first = await start_clock(fake, player="Seat 4")
        again = await fake.slash("clock", player="seat 4")
        [answer] = await again.wait_final()
        assert again.ephemeral and first["id"] in answer["content"]
        assert "Clock on" in text_of(answer)
        other = await start_clock(fake, channel_id=fake.other_channel_id, player="seat 4")
        assert other["id"] != first["id"]
        assert len(fake.bot_messages_in(fake.channel_id)) == 2  # the clock and the private answer
        await step(fake, clock, 30, first, "Time on")
        await fake.wait_for(lambda: "Time on" in title(other), what="other channel's clock ends")
    fake.assert_clean()


async def test_bad_input_is_a_private_localized_error(fake, clock, db_path, monkeypatch):
    async with running_bot(fake, db_path, monkeypatch):
        inter = await fake.slash("clock", player="A seconds:3")
        [msg] = await inter.wait_final()
        assert inter.ephemeral and "seconds" in text_of(msg)
        assert fake.requests_to("PATCH", EDIT) == []
    fake.assert_clean()


def running_clocks(bot: FloorcallBot) -> int:
    cog = bot.get_cog("ClockCog")
    return len(cog.service.live()) if cog is not None else 0


async def test_restart_resumes_and_closes_the_ones_that_ran_out(fake, clock, db_path, monkeypatch):
    """Deterministic: each bot goes down only once the service runs the clock (its message id is
    stored); before, a restart could come between the post and that write and lose the clock."""
    async with running_bot(fake, db_path, monkeypatch) as bot:
        short = await start_clock(fake, player="A", facing="bet")
        await fake.wait_for(lambda: running_clocks(bot) == 1, what="A's clock running")
    clock.advance(40)  # the bot is down when A's time runs out
    async with running_bot(fake, db_path, monkeypatch) as bot:
        await fake.wait_for(lambda: "Time on" in title(short), what="closed after restart")
        assert title(short) == MSG("expired_late", "en", player="A")
        assert MSG("closed_late", "en") in text_of(short) and buttons(short) == []
        assert MSG("floor_decides", "en") in text_of(short) and MSG("bet_dead_hand", "en") not in text_of(short)
        long = await start_clock(fake, player="B")
        await fake.wait_for(lambda: running_clocks(bot) == 1, what="B's clock running")
    clock.advance(27)  # down again, this time inside B's countdown
    async with running_bot(fake, db_path, monkeypatch):
        await fake.wait_for(lambda: "Countdown" in title(long), what="resumed into the countdown")
        assert len(buttons(long)) == 2
        await step(fake, clock, 3, long, "Time on")
        assert MSG("closed_late", "en") not in text_of(long)
    fake.assert_clean()


@pytest.mark.parametrize(("locale", "lang"), [("ja", "ja"), ("ko", "ko"), ("en-US", "en")])
async def test_a_clock_that_ran_out_while_the_bot_was_down_leaves_it_to_the_floor(fake, clock, db_path, monkeypatch,
                                                                                 locale, lang):
    """In each language: nobody could press Acted while the bot was away, so a clock facing a bet
    that ran out meanwhile is not called dead; it says the time would have run out while the bot
    was away and that the floor decides."""
    fake.guild_locale = locale
    async with running_bot(fake, db_path, monkeypatch) as bot:
        msg = await start_clock(fake, player="A", facing="bet")
        await fake.wait_for(lambda: running_clocks(bot) == 1, what="A's clock running")
    clock.advance(40)
    async with running_bot(fake, db_path, monkeypatch):
        await fake.wait_for(lambda: not buttons(msg), what="closed after restart")
        assert title(msg) == MSG("expired_late", lang, player="A")
        said = text_of(msg)
        assert MSG("floor_decides", lang) in said and MSG("closed_late", lang) in said
        assert MSG("bet_dead_hand", lang) not in said
    fake.assert_clean()


async def test_a_rate_limited_edit_is_retried_and_the_end_does_not_move(fake, clock, db_path, monkeypatch):
    async with running_bot(fake, db_path, monkeypatch):
        msg = await start_clock(fake, player="A")
        end = f"<t:{int(clock.now() + 30)}:R>"
        limited = fake.inject_429("PATCH", EDIT, times=1, retry_after=0.2)
        await step(fake, clock, 25, msg, "Countdown")
        assert limited.hits == 1
        assert end in text_of(msg)
        await step(fake, clock, 5, msg, "Time on")
        statuses = [r.status for r in fake.requests_to("PATCH", EDIT)]
        assert statuses == [429, 200, 200]
    fake.assert_clean()


async def test_japanese_channel(fake, clock, db_path, monkeypatch):
    fake.guild_locale = "ja"
    async with running_bot(fake, db_path, monkeypatch):
        msg = await start_clock(fake, player="4番", facing="no-bet")
        assert title(msg) == MSG("running", "ja", player="4番", seconds=25, countdown=5)
        assert "第31項" in text_of(msg)
        assert {c["label"] for row in msg["components"] for c in row["components"]} == {"アクション済み", "取り消し"}
        cmd = next(c for c in fake.global_commands if c["name"] == "clock")
        assert cmd["name_localizations"]["ja"] == "クロック" and cmd["name_localizations"]["ko"] == "클락"
    fake.assert_clean()


async def test_a_clock_asked_for_by_mention_runs_like_the_slash_command(fake, clock, db_path, monkeypatch):
    async with running_bot(fake, db_path, monkeypatch, extensions=("cogs.mention", "cogs.clock")):
        floor = fake.user("floor")
        asked = await fake.post_message(f"<@{fake.app_id}> clock seat 4 facing:bet", author=floor)
        await fake.wait_for(lambda: fake.bot_messages_in(fake.channel_id), what="the clock's message")
        [msg] = fake.bot_messages_in(fake.channel_id)
        assert str(msg["message_reference"]["message_id"]) == asked["id"]
        assert title(msg) == MSG("running", "en", player="seat 4", seconds=25, countdown=5)
        assert f"<t:{int(clock.now() + 30)}:R>" in text_of(msg) and "floor" in text_of(msg)
        assert len(buttons(msg)) == 2
        await fake.post_message(f"<@{fake.app_id}> クロック Seat 4")
        await fake.wait_for(lambda: len(fake.bot_messages_in(fake.channel_id)) == 2, what="the duplicate answer")
        note = fake.bot_messages_in(fake.channel_id)[-1]
        assert msg["id"] in note["content"] and buttons(note) == []
        await fake.post_message(f"<@{fake.app_id}> clock A facing:maybe")
        await fake.wait_for(lambda: len(fake.bot_messages_in(fake.channel_id)) == 3, what="the error")
        assert "facing:bet" in text_of(fake.bot_messages_in(fake.channel_id)[-1])
        await step(fake, clock, 25, msg, "Countdown")
        act = next(b for b in buttons(msg) if ":act:" in b)
        press = await fake.click(msg, act, user=floor)
        await press.wait_answered()
        await fake.wait_for(lambda: "acted in time" in title(msg), what="acted")
        assert all(r.body["allowed_mentions"] == {"parse": []} for r in fake.requests if r.sends_content)
    fake.assert_clean()


async def test_acted_in_time_counts_even_while_an_edit_waits_on_a_rate_limit(fake, clock, db_path, monkeypatch):
    """The countdown edit is rate limited and holds the clock while discord.py waits; Acted is
    pressed in time meanwhile, and time runs out before the edit gets through. The press counts
    from when it came in, not from when the clock was free to take it."""
    async with running_bot(fake, db_path, monkeypatch):
        caller = fake.user("ann")
        msg = await start_clock(fake, user=caller, player="A", facing="bet")
        act = next(b for b in buttons(msg) if ":act:" in b)
        limited = fake.inject_429("PATCH", EDIT, times=1, retry_after=1.0)
        await asleep(fake, clock)
        clock.advance(26)  # into the countdown: the timer edits, and meets the 429
        await fake.wait_for(lambda: limited.hits == 1, what="the rate-limited countdown edit")
        press = await fake.click(msg, act, user=caller)
        await press.wait_answered()
        assert [r.status for r in fake.requests_to("PATCH", EDIT)] == [429], "the edit still waits"
        clock.advance(10)  # past the end (and any same-moment grace) before the clock is free
        await fake.wait_for(lambda: "acted in time" in title(msg), timeout=5, what="acted in time")
        assert press.followups == [], "no 'too late' for a press made in time"
    fake.assert_clean()
