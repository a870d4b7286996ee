"""Fault injection against real processes: bot processes (`python bot.py` pointed at the fake
Discord), a real PostgreSQL stopped and started, a real SQLite file locked by another process,
kill -9 and SIGTERM at chosen moments of a player clock and a blind clock, on one process and on
two. For every clock the suite asserts (`assert_clock`):

- its end is announced once;
- on time (within LATE_SECONDS plus a wide margin for a loaded 2-core machine), or said to be
  late (the held-late or closed-late footer) with no outcome by rule;
- never "the hand is dead" for a player whose Acted was acknowledged ("kept" or stopped).

Real time throughout (separate processes cannot share a ManualTime), with generous margins:
clocks of 15 s + 3 s so a restarted process is surely up before the countdown.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

import pytest
from botproc import BotProcess
from fakediscord.server import DEFERRED_UPDATE, MANAGE_GUILD, FakeDiscord
from pgtest import PgServer

from cogs.clock import BUTTONS
from handlers.blinds.messages import MSG as BLINDS
from handlers.clock import MSG
from handlers.clock.model import LATE_SECONDS

EDIT = r"^/channels/\d+/messages/\d+$"
SECONDS, COUNTDOWN = 15, 3
SLACK = 2.5  # a loaded machine: an edit may come this long after LATE_SECONDS and still be "on time"
DEAD = MSG("bet_dead_hand", "en")
LATE_MARKS = (MSG("held_late", "en"), MSG("closed_late", "en"))


@pytest.fixture
async def procs():
    running: list[BotProcess] = []
    yield running
    for p in running:
        if p.proc is not None and p.proc.returncode is None:
            await p.terminate()


@pytest.fixture
def pg():
    server = PgServer()
    server.start()
    try:
        yield server
    finally:
        server.cleanup()


async def up(procs: list[BotProcess], fake: FakeDiscord, db: str, **kw) -> BotProcess:
    p = BotProcess(fake, db, **kw)
    procs.append(p)
    return await p.start()


@dataclass
class Running:
    """A clock as the fake saw it start: its message, and its moments on the fake's clock."""

    msg: dict
    started: float  # time.monotonic() when its message was posted
    countdown_at: float
    ends_at: float


async def clock_on(fake: FakeDiscord, channel: int, player: str = "A") -> Running:
    inter = await fake.slash("clock", channel_id=channel, player=player, facing="bet")
    [posted] = await inter.wait_final(timeout=10)
    now = time.monotonic()
    msg = fake.messages[int(posted["id"])]
    return Running(msg, now, now + SECONDS, now + SECONDS + COUNTDOWN)


async def set_times(fake: FakeDiscord, channel: int) -> None:
    inter = await fake.slash("settings clock", channel_id=channel, seconds=SECONDS, countdown=COUNTDOWN,
                             permissions=MANAGE_GUILD)
    await inter.wait_final(timeout=10)


def edits(fake: FakeDiscord, msg: dict) -> list[tuple[float, str]]:
    return [(r.at, str(r.body.get("embeds"))) for r in fake.requests_to("PATCH", EDIT)
            if r.path.endswith(f"/{msg['id']}") and isinstance(r.body, dict)]


def is_end(text: str) -> bool:
    return any(w in text for w in ("Time on", "ran out", "acted", "called off"))


async def assert_clock(fake: FakeDiscord, clock: Running, *, acked_press: bool = False,
                       countdown_on_time: bool = False) -> list[tuple[float, str]]:
    """The rules above, once the clock's end has come (waits for it) and 2 s more."""
    await fake.wait_for(lambda: not clock.msg["components"], timeout=60, what="the clock's end")
    await asyncio.sleep(2)  # a second announcement would come now
    seen = edits(fake, clock.msg)
    ends = [(at, text) for at, text in seen if is_end(text)]
    final = [(at, text) for at, text in ends if "Time on" in text or "ran out" in text]
    assert len(final) <= 1, f"the end was announced {len(final)} times"
    for at, text in seen:
        due = clock.ends_at if is_end(text) else clock.countdown_at
        said_late = any(m in text for m in LATE_MARKS) or MSG("countdown_late", "en") in text
        if at > due + LATE_SECONDS + SLACK and "acted" not in text:
            assert said_late, f"shown {at - due:.1f} s after it was due without saying it is late: {text[:200]}"
        if said_late and is_end(text):
            assert DEAD not in text, "a late end named the rule's outcome"
    if acked_press:
        assert all(DEAD not in text for _, text in seen), "the hand called dead over an acknowledged Acted"
    if countdown_on_time:
        countdowns = [at for at, text in seen if "Countdown for" in text]
        assert countdowns and countdowns[0] <= clock.countdown_at + LATE_SECONDS + SLACK, (countdowns, clock)
    return seen


# -- kill -9 and SIGTERM, one process ---------------------------------------------------------------


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_kill_9_mid_clock_the_restarted_process_takes_it_back_at_once(fake_discord, procs, tmp_path,
                                                                            backend, request):
    """kill -9 at 2 s, restarted at once with the default 15 s lease: the countdown and the end
    come on time, with the rule's outcome (they waited for the lease: "would have run out while
    the bot was away", with no countdown)."""
    fake = fake_discord
    db = str(tmp_path / "floorcall.db") if backend == "sqlite" else request.getfixturevalue("pg").create_db("k9")
    one = await up(procs, fake, db)
    await set_times(fake, fake.channel_id)
    clock = await clock_on(fake, fake.channel_id)
    await asyncio.sleep(max(0.0, clock.started + 2 - time.monotonic()))
    one.kill9()
    assert await one.wait_exit() == -9
    procs.remove(one)
    two = await up(procs, fake, db)
    assert time.monotonic() < clock.countdown_at - 1, "the restarted process came up too late to tell"
    seen = await assert_clock(fake, clock, countdown_on_time=True)
    at, text = seen[-1]
    assert DEAD in text and not any(m in text for m in LATE_MARKS), text[:300]
    assert at <= clock.ends_at + LATE_SECONDS + SLACK
    assert "took its lease back" in two.output
    fake.assert_clean()


async def test_sigterm_mid_clock_the_next_start_ends_it_on_time(fake_discord, procs, tmp_path):
    fake = fake_discord
    db = str(tmp_path / "floorcall.db")
    one = await up(procs, fake, db)
    await set_times(fake, fake.channel_id)
    clock = await clock_on(fake, fake.channel_id)
    await asyncio.sleep(1)
    assert await one.terminate() == 0
    procs.remove(one)
    await up(procs, fake, db)
    seen = await assert_clock(fake, clock, countdown_on_time=True)
    assert DEAD in seen[-1][1]
    fake.assert_clean()


# -- PostgreSQL stopped and started ------------------------------------------------------------------


async def test_acted_while_postgresql_is_down_is_kept_and_no_hand_is_called_dead(fake_discord, procs, pg):
    """The issue's case: stopped at 3 s, Acted at 6 s, back at 20 s (past the end)."""
    fake = fake_discord
    url = pg.create_db("acted")
    await up(procs, fake, url)
    await set_times(fake, fake.channel_id)
    owner = fake.user("td")
    inter = await fake.slash("clock", channel_id=fake.channel_id, player="A", facing="bet", user=owner)
    [posted] = await inter.wait_final(timeout=10)
    start = time.monotonic()
    clock = Running(fake.messages[int(posted["id"])], start, start + SECONDS, start + SECONDS + COUNTDOWN)
    act = clock.msg["components"][0]["components"][0]["custom_id"]
    await asyncio.sleep(max(0.0, start + 3 - time.monotonic()))
    await asyncio.to_thread(pg.stop)
    await asyncio.sleep(max(0.0, start + 6 - time.monotonic()))
    press = await fake.click(clock.msg, act, user=owner)
    await press.wait_answered(timeout=5)
    assert press.callback_type == DEFERRED_UPDATE
    told = (await press.wait_final(timeout=10, count=2))[-1]
    assert BUTTONS("kept", "en") in str(told)
    await asyncio.sleep(max(0.0, clock.ends_at + 2 - time.monotonic()))
    assert all(DEAD not in text for _, text in edits(fake, clock.msg))
    await asyncio.to_thread(pg.start)
    await assert_clock(fake, clock, acked_press=True)
    await fake.wait_for(lambda: MSG("press_kept", "en") not in str(clock.msg["embeds"]), timeout=30,
                        what="the kept press saved")
    from handlers.store import open_store

    later = await open_store(url, watch=False)
    try:
        [row] = await later.db.fetch("SELECT state, live FROM clocks")
        assert row == {"state": "acted", "live": None}
    finally:
        await later.close()
    fake.assert_clean()


async def test_an_end_while_postgresql_is_down_is_said_to_be_late(fake_discord, procs, pg):
    fake = fake_discord
    url = pg.create_db("late")
    await up(procs, fake, url)
    await set_times(fake, fake.channel_id)
    clock = await clock_on(fake, fake.channel_id)
    await asyncio.sleep(max(0.0, clock.started + 3 - time.monotonic()))
    await asyncio.to_thread(pg.stop)
    await asyncio.sleep(max(0.0, clock.ends_at + 4 - time.monotonic()))
    await asyncio.to_thread(pg.start)
    seen = await assert_clock(fake, clock)
    at, text = seen[-1]
    assert MSG("held_late", "en") in text and MSG("floor_decides_held", "en") in text and DEAD not in text
    fake.assert_clean()


# -- SQLite locked ---------------------------------------------------------------------------------


async def test_an_end_while_sqlite_is_locked_is_on_time_or_said_to_be_late(fake_discord, procs, tmp_path):
    from test_store_failures import LockHolder

    fake = fake_discord
    db = tmp_path / "floorcall.db"
    await up(procs, fake, str(db))
    await set_times(fake, fake.channel_id)
    clock = await clock_on(fake, fake.channel_id)
    await asyncio.sleep(max(0.0, clock.ends_at - 2 - time.monotonic()))
    holder = await asyncio.to_thread(LockHolder, db)
    try:
        await asyncio.sleep(max(0.0, clock.ends_at + 5 - time.monotonic()))
        assert clock.msg["components"], "shown as ended before it was recorded"
    finally:
        await asyncio.to_thread(holder.release)
    seen = await assert_clock(fake, clock)
    assert MSG("held_late", "en") in seen[-1][1]
    fake.assert_clean()


# -- two processes ---------------------------------------------------------------------------------


async def test_two_processes_kill_9_one_restarted_with_the_same_shards_takes_its_clock_back(fake_discord, procs, pg):
    """Two processes on PostgreSQL, shards 0 and 1. The one serving the clock is killed at 2 s and
    restarted with the same shards: it takes its own lease back at once (same host, its old pid
    gone), and the other process, which serves another shard, takes nothing."""
    fake = fake_discord
    url = pg.create_db("two")
    guild, channel = fake.add_guild(shard=(0, 2))
    one = await up(procs, fake, url, shard_count=2, shard_ids="0")
    other = await up(procs, fake, url, shard_count=2, shard_ids="1")
    await set_times(fake, channel)
    clock = await clock_on(fake, channel)
    await asyncio.sleep(max(0.0, clock.started + 2 - time.monotonic()))
    one.kill9()
    assert await one.wait_exit() == -9
    procs.remove(one)
    again = await up(procs, fake, url, shard_count=2, shard_ids="0")
    seen = await assert_clock(fake, clock, countdown_on_time=True)
    assert DEAD in seen[-1][1]
    assert "took its lease back" in again.output and "took its lease back" not in other.output
    fake.assert_clean()


# -- the blind clock -------------------------------------------------------------------------------


@pytest.mark.parametrize("outage", [False, True])
async def test_a_blind_clock_killed_and_restarted_announces_its_level_once(fake_discord, procs, pg, outage):
    """kill -9 of the only process running a blind clock; its start is moved 50 s back while
    nobody runs it (as if that time had passed), and the process is restarted: it takes the clock
    back at once, and level 2 (due some 10 s later) is announced once -- on time, or, with
    PostgreSQL stopped across the change, saying it is late and when the level began."""
    from handlers.store import open_store

    fake = fake_discord
    url = pg.create_db(f"blinds{int(outage)}")
    one = await up(procs, fake, url)
    channel = fake.channel_id
    inter = await fake.slash("blinds start", channel_id=channel, structure="1m: 100/200, 200/400",
                             permissions=MANAGE_GUILD)
    [status] = await inter.wait_final(timeout=10)
    store = await open_store(url, watch=False)
    try:
        for _ in range(200):
            rec = await store.blinds.find_live(fake.guild_id, channel)
            if rec is not None and rec.message_id is not None:
                break
            await asyncio.sleep(0.05)
        one.kill9()
        assert await one.wait_exit() == -9
        procs.remove(one)
        await store.db.execute("UPDATE blind_clocks SET started_at = started_at - 50, shown_at = shown_at - 50 "
                               "WHERE id = ?", rec.id)
        [row] = await store.db.fetch("SELECT started_at FROM blind_clocks WHERE id = ?", rec.id)
    finally:
        await store.close()
    change_wall = row["started_at"] + 60
    two = await up(procs, fake, url)
    assert "took its lease back" in two.output
    change = time.monotonic() + (change_wall - time.time())
    if outage:
        await asyncio.sleep(max(0.0, change - 3 - time.monotonic()))
        await asyncio.to_thread(pg.stop)
        await asyncio.sleep(max(0.0, change + 5 - time.monotonic()))
        await asyncio.to_thread(pg.start)

    def announcements() -> list[dict]:
        return [m for m in fake.bot_messages_in(channel) if m["id"] != status["id"]]

    await fake.wait_for(lambda: announcements(), timeout=60, what="the level 2 announcement")
    await asyncio.sleep(2)
    [said] = announcements()
    posted_at = [r.at for r in fake.requests_to("POST", r"^/channels/\d+/messages$")][-1]
    assert "200/400" in said["content"]
    if posted_at > change + LATE_SECONDS + SLACK:
        assert "Announced late" in said["content"], said["content"]
    if outage:
        assert "Announced late" in said["content"], said["content"]
    fake.assert_clean()


async def test_a_blind_clock_stopped_by_sigterm_just_before_a_change_announces_it_once(fake_discord, procs, pg):
    """SIGTERM 2 s before level 2 is due (its start moved back while nobody runs it), restarted
    5 s after the change fell due: level 2 is announced once, said to be late if it came late."""
    from handlers.store import open_store

    fake = fake_discord
    url = pg.create_db("blinds_term")
    one = await up(procs, fake, url)
    channel = fake.channel_id
    inter = await fake.slash("blinds start", channel_id=channel, structure="1m: 100/200, 200/400",
                             permissions=MANAGE_GUILD)
    [status] = await inter.wait_final(timeout=10)
    store = await open_store(url, watch=False)
    try:
        for _ in range(200):
            rec = await store.blinds.find_live(fake.guild_id, channel)
            if rec is not None and rec.message_id is not None:
                break
            await asyncio.sleep(0.05)
        assert await one.terminate() == 0
        procs.remove(one)
        [row] = await store.db.fetch("SELECT started_at FROM blind_clocks WHERE id = ?", rec.id)
        shift = row["started_at"] + 60 - (time.time() + 2)  # the change due 2 s after the SIGTERM
        await store.db.execute("UPDATE blind_clocks SET started_at = started_at - ?, shown_at = shown_at - ? "
                               "WHERE id = ?", shift, shift, rec.id)
    finally:
        await store.close()
    change = time.monotonic() + 2
    await asyncio.sleep(max(0.0, change + 5 - time.monotonic()))
    assert not [m for m in fake.bot_messages_in(channel) if m["id"] != status["id"]], "announced while stopped"
    await up(procs, fake, url)

    def announcements() -> list[dict]:
        return [m for m in fake.bot_messages_in(channel) if m["id"] != status["id"]]

    await fake.wait_for(lambda: announcements(), timeout=60, what="the level 2 announcement")
    await asyncio.sleep(3)  # a second announcement would come now
    [said] = announcements()
    posted_at = [r.at for r in fake.requests_to("POST", r"^/channels/\d+/messages$")][-1]
    assert "200/400" in said["content"]
    away = BLINDS("a_away", "en", passed="").rstrip(".")
    if posted_at > change + LATE_SECONDS + SLACK:  # late: said so, as late or as passed while away
        assert "Announced late" in said["content"] or away in said["content"], said["content"]
    fake.assert_clean()


# -- SQLite made read-only -------------------------------------------------------------------------


async def test_acted_while_sqlite_is_read_only_is_kept_or_refused_and_the_end_is_once(fake_discord, procs,
                                                                                    tmp_path):
    """The database's directory and files made read-only 8 s before the clock's end (the bot
    runs without root's file-mode capabilities, so the modes hold it), Acted pressed 2 s later,
    the modes restored 4 s after the end. The press is kept (then saved) or refused visibly; the
    end is announced once, on time or said to be late; no hand dead over a kept press.
    Found (December 2026): in WAL mode the bot writes on through the -wal/-shm descriptors it
    already holds, so the press is simply saved; the modes bite at the next open, which the
    start-up check refuses (test_store_failures)."""
    import os

    from test_store_failures import _root_powers_can_be_dropped, _without_root_powers

    if os.geteuid() == 0:
        assert _root_powers_can_be_dropped(), "root without CAP_SETPCAP: cannot hold the bot to file modes"
    fake = fake_discord
    folder = tmp_path / "db"
    folder.mkdir()
    db = folder / "floorcall.db"
    await up(procs, fake, str(db), preexec=_without_root_powers if os.geteuid() == 0 else None)
    await set_times(fake, fake.channel_id)
    owner = fake.user("td")
    inter = await fake.slash("clock", channel_id=fake.channel_id, player="A", facing="bet", user=owner)
    [posted] = await inter.wait_final(timeout=10)
    start = time.monotonic()
    clock = Running(fake.messages[int(posted["id"])], start, start + SECONDS, start + SECONDS + COUNTDOWN)
    act = clock.msg["components"][0]["components"][0]["custom_id"]
    files = sorted(folder.iterdir())
    await asyncio.sleep(max(0.0, clock.ends_at - 8 - time.monotonic()))
    for f in files:
        os.chmod(f, 0o444)
    os.chmod(folder, 0o555)
    try:
        await asyncio.sleep(max(0.0, clock.ends_at - 6 - time.monotonic()))
        press = await fake.click(clock.msg, act, user=owner)
        await press.wait_answered(timeout=5)
        await asyncio.sleep(3)  # the press's answer: the clock shown as acted, "kept", or a refusal
        told = str(press.followups)
        kept = BUTTONS("kept", "en") in told
        acted_shown = any("acted" in text for _, text in edits(fake, clock.msg))
        assert kept or acted_shown or press.followups, "the press was neither acknowledged nor refused"
        await asyncio.sleep(max(0.0, clock.ends_at + 4 - time.monotonic()))
        if kept or acted_shown:
            assert all(DEAD not in text for _, text in edits(fake, clock.msg)), "hand dead over a kept Acted"
    finally:
        os.chmod(folder, 0o755)
        for f in files:
            os.chmod(f, 0o644)
    await assert_clock(fake, clock, acked_press=kept or acted_shown)
    if kept or acted_shown:
        await fake.wait_for(lambda: MSG("press_kept", "en") not in str(clock.msg["embeds"]), timeout=30,
                            what="the kept press saved")
        from handlers.store import open_store

        later = await open_store(str(db), watch=False)
        try:
            [row] = await later.db.fetch("SELECT state, live FROM clocks")
            assert row == {"state": "acted", "live": None}
        finally:
            await later.close()
    fake.assert_clean()
