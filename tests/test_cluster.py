"""A shard cluster for real: bot processes (`python bot.py` pointed at the fake Discord) with their
own `SHARD_IDS`, one fake Discord that routes each guild's events to its shard, and one
PostgreSQL started by the test session. Nothing is mocked between them.

These wait on real time (separate processes cannot share a `ManualTime`), with wide margins: a
clock of 12 s, leases of 1.5 s, and up to a minute for a process to come up on a loaded machine.
"""

from __future__ import annotations

import asyncio
import re
import time

import pytest
from botproc import BotProcess
from fakediscord.server import MANAGE_GUILD, FakeDiscord

from cogs.messages import DISCORD
from handlers.clock import MSG

EDIT = r"^/channels/\d+/messages/\d+$"


@pytest.fixture
async def procs():
    running: list[BotProcess] = []
    yield running
    for p in running:
        if p.proc is not None and p.proc.returncode is None:
            await p.terminate()


async def up(procs: list[BotProcess], fake: FakeDiscord, db: str, **kw) -> BotProcess:
    # A line per answered command ("... guild=<id> ...") tells which process answered.
    kw["env"] = {"FLOORCALL_LOG_LEVEL": "debug", **kw.get("env", {})}
    p = BotProcess(fake, db, **kw)
    procs.append(p)
    return await p.start()


async def answer(fake: FakeDiscord, path: str, channel: int, **options) -> dict:
    inter = await fake.slash(path, channel_id=channel, **options)
    [msg] = await inter.wait_final(timeout=10)
    return msg


def shard_of(guild_id: int, count: int) -> int:
    return (guild_id >> 22) % count


async def test_identify_is_sharded_and_each_guild_goes_to_its_shard(fake_discord, pg_url, procs):
    fake = fake_discord
    g0, c0 = fake.add_guild(shard=(0, 2))
    g1, c1 = fake.add_guild(shard=(1, 2))
    one = await up(procs, fake, pg_url, shard_count=2, shard_ids="0")
    two = await up(procs, fake, pg_url, shard_count=2, shard_ids="1")
    shards = sorted(tuple(gw.identify["shard"]) for gw in fake.gateways if gw.identify)
    assert shards == [(0, 2), (1, 2)]
    assert len(fake.sync_payloads) == 1, "only the process holding shard 0 uploads the commands"
    await answer(fake, "help", c0)
    await answer(fake, "help", c1)
    await fake.wait_for(lambda: f"guild={g1}" in two.output, what="process 2 logging its answer")
    assert f"guild={g0}" in one.output and f"guild={g0}" not in two.output, "guild 0's event went to shard 0"
    assert f"guild={g1}" in two.output and f"guild={g1}" not in one.output, "guild 1's event went to shard 1"
    assert fake.shard_conflicts == []
    fake.assert_clean()


async def test_a_setting_written_through_one_process_holds_in_the_other_after_a_reshard(
        fake_discord, pg_url, procs):
    fake = fake_discord
    guild, channel = fake.add_guild(shard=(2, 4))  # shard 0 of 2, then shard 2 of 4
    assert (shard_of(guild, 2), shard_of(guild, 4)) == (0, 2)
    one = await up(procs, fake, pg_url, shard_count=2, shard_ids="0")
    await up(procs, fake, pg_url, shard_count=2, shard_ids="1")
    done = await answer(fake, "settings language", channel, value="ja", scope="server", permissions=MANAGE_GUILD)
    assert done["embeds"][0]["title"] == DISCORD("language_set_server", "ja", language="日本語")
    # Reshard: 2 shards become 4; the guild moves to shard 2, served by the second process now.
    for p in procs:
        assert await p.terminate() == 0
    procs.clear()
    await up(procs, fake, pg_url, shard_count=4, shard_ids="0,1")
    three = await up(procs, fake, pg_url, shard_count=4, shard_ids="2,3")
    inter = await fake.slash("settings show", channel_id=channel)
    [shown] = await inter.wait_final(timeout=10)
    assert shown["embeds"][0]["title"] == DISCORD("show_title", "ja")
    gateway = fake._shard_for_guild(guild)
    assert tuple(gateway.identify["shard"]) == (2, 4)
    assert "Traceback" not in one.output + three.output
    fake.assert_clean()


async def test_kill_9_mid_clock_the_next_owner_ends_it_once_on_time(fake_discord, pg_url, procs):
    fake = fake_discord
    guild, channel = fake.add_guild(shard=(0, 2))
    one = await up(procs, fake, pg_url, shard_count=2, shard_ids="0", lease=1.5)
    await up(procs, fake, pg_url, shard_count=2, shard_ids="1", lease=1.5)
    # 12 s: room for killing one process and starting the heir on a loaded machine before the end.
    await answer(fake, "settings clock", channel, seconds=10, countdown=2, permissions=MANAGE_GUILD)
    started = time.time()
    posted = await answer(fake, "clock", channel, player="A", facing="bet")
    msg = fake.messages[int(posted["id"])]
    [end] = [int(t) for t in re.findall(r"<t:(\d+):R>", str(msg["embeds"]))][-1:]
    assert started - 1 <= end <= started + 13
    await asyncio.sleep(0.5)  # the clock's message id is stored, the lease held by process 1
    one.kill9()
    assert await one.wait_exit() == -9
    # Process 2 takes both shards (restarted with the new SHARD_IDS, as an operator would).
    two = procs[1]
    assert await two.terminate() == 0
    procs.remove(one)
    heir = await up(procs, fake, pg_url, shard_count=2, shard_ids="0,1", lease=1.5)
    await fake.wait_for(lambda: "Time on" in (msg["embeds"][0].get("description") or ""), timeout=30,
                        what="the clock's end")
    seen = time.time()
    assert end - 0.5 <= seen <= end + 1 + 5, (end, seen)
    assert msg["embeds"][0]["description"] == MSG("expired", "en", player="A")
    text = str(msg["embeds"])
    assert MSG("bet_dead_hand", "en") in text and msg["components"] == []
    await asyncio.sleep(2)  # anything more would come now
    ends = [r for r in fake.requests_to("PATCH", EDIT)
            if r.path.endswith(f"/{msg['id']}") and "Time on" in str(r.body)]
    assert len(ends) == 1, f"the end was announced {len(ends)} times"
    assert "took up 1 clock(s)" in heir.output or "resumed or closed 1 clock(s)" in heir.output
    fake.assert_clean()


async def test_kill_9_mid_blind_level_the_next_owner_announces_the_next_level_once(fake_discord, pg_url, procs):
    """A blind clock whose owner is killed: the process that takes its shard over claims it once
    the lease has run out and announces level 2 once. Levels last a minute at least, so instead of
    waiting one out, the stored start is moved 45 s back while no process runs the clock (as if
    that time had passed); the heir finds level 2 due some 15 s later, or already begun if it
    came up slowly -- one announcement either way."""
    from handlers.store import open_store

    fake = fake_discord
    guild, channel = fake.add_guild(shard=(0, 2))
    one = await up(procs, fake, pg_url, shard_count=2, shard_ids="0", lease=1.5)
    await up(procs, fake, pg_url, shard_count=2, shard_ids="1", lease=1.5)
    status = await answer(fake, "blinds start", channel, structure="1m: 100/200, 200/400", permissions=MANAGE_GUILD)
    store = await open_store(pg_url, watch=False)
    try:
        for _ in range(100):  # the status message's id is stored, the lease held by process 1
            rec = await store.blinds.find_live(guild, channel)
            if rec is not None and rec.message_id is not None:
                break
            await asyncio.sleep(0.05)
        assert rec is not None and rec.message_id == int(status["id"])
        assert (await store.blinds.owner_of(rec.id))[0] is not None
        one.kill9()
        assert await one.wait_exit() == -9
        await store.db.execute("UPDATE blind_clocks SET started_at = started_at - 45, shown_at = shown_at - 45 "
                               "WHERE id = ?", rec.id)
    finally:
        await store.close()
    two = procs[1]
    assert await two.terminate() == 0
    procs.remove(one)
    heir = await up(procs, fake, pg_url, shard_count=2, shard_ids="0,1", lease=1.5)

    def announcements() -> list[dict]:
        return [m for m in fake.bot_messages_in(channel) if m["id"] != status["id"]]

    await fake.wait_for(lambda: announcements(), timeout=60, what="the level 2 announcement")
    await asyncio.sleep(2)  # anything more would come now
    [said] = announcements()
    assert "200/400" in said["content"], said["content"]
    assert fake.messages[int(status["id"])]["embeds"][0]["title"].startswith("Level 2")
    assert "blind clock(s)" in heir.output
    fake.assert_clean()


async def test_two_processes_on_one_sqlite_file_resume_a_running_clock_once(fake_discord, tmp_path, procs):
    """Two processes start together on one SQLite file (no shards: each serves every guild)
    while a clock runs whose process was killed: one of them takes it, and each of its changes
    (the countdown, the end) is edited once, not once per process."""
    fake = fake_discord
    db = str(tmp_path / "floorcall.db")
    one = await up(procs, fake, db, lease=1.5)
    await answer(fake, "settings clock", fake.channel_id, seconds=10, countdown=2, permissions=MANAGE_GUILD)
    posted = await answer(fake, "clock", fake.channel_id, player="A", facing="bet")
    msg = fake.messages[int(posted["id"])]
    await asyncio.sleep(0.5)  # the clock's message id is stored
    one.kill9()
    assert await one.wait_exit() == -9
    procs.remove(one)
    two, three = await asyncio.gather(*(up(procs, fake, db, lease=1.5) for _ in range(2)))
    await fake.wait_for(lambda: not msg["components"], timeout=40, what="the clock's end")
    await asyncio.sleep(2)  # a second process's edits would come now
    titles = [r.body["embeds"][0]["description"] for r in fake.requests_to("PATCH", EDIT)
              if r.path.endswith(f"/{msg['id']}")]
    assert [t.split(":")[0].split(" ")[0] for t in titles] in (["Countdown", "Time"], ["Time"]), titles
    assert titles[-1] == msg["embeds"][0]["description"]
    took = [p for p in (two, three) if "1 clock(s)" in p.output]
    assert len(took) == 1, "exactly one of the two processes ran the clock"
    fake.assert_clean()


async def test_a_frozen_owner_thawed_after_the_hand_over_announces_nothing(fake_discord, pg_url, procs):
    """Two processes that both think they own a clock: process 1 is frozen (SIGSTOP) past its
    lease, process 2 comes up on that shard and takes the clock, then process 1 is thawed with
    the clock's timer still its own. Both timers wake at the countdown and at the end; only the
    lease holder's writes land: each is shown once, on time."""
    import signal

    fake = fake_discord
    guild, channel = fake.add_guild(shard=(0, 2))
    one = await up(procs, fake, pg_url, shard_count=2, shard_ids="0,1", lease=1.5)
    await answer(fake, "settings clock", channel, seconds=8, countdown=2, permissions=MANAGE_GUILD)
    started = time.time()
    posted = await answer(fake, "clock", channel, player="A", facing="bet")
    msg = fake.messages[int(posted["id"])]
    await asyncio.sleep(0.5)  # the clock's message id is stored, the lease held by process 1
    assert one.proc is not None
    one.proc.send_signal(signal.SIGSTOP)
    try:
        two = await up(procs, fake, pg_url, shard_count=2, shard_ids="0", lease=1.5)
        await fake.wait_for(lambda: "1 clock(s)" in two.output, timeout=30, what="process 2 taking the clock")
    finally:
        one.proc.send_signal(signal.SIGCONT)
    await fake.wait_for(lambda: not msg["components"], timeout=40, what="the clock's end")
    assert time.time() <= started + 10 + 6, "ended on time"
    await asyncio.sleep(3)  # anything more from either process would come now
    titles = [r.body["embeds"][0]["description"] for r in fake.requests_to("PATCH", EDIT)
              if r.path.endswith(f"/{msg['id']}")]
    assert titles[-1] == MSG("expired", "en", player="A") and len(titles) == len(set(titles)), titles
    assert titles in ([MSG("countdown", "en", player="A", countdown=2), titles[-1]], [titles[-1]]), titles
    assert "Traceback" not in one.output + two.output
    fake.assert_clean()
