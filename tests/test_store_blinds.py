"""The blind clocks' repository, the same tests against both back ends (`store` is SQLite, then a
real PostgreSQL started by the test session): one live clock per channel, leases won once, a
level change written (and announced) once, resume limited to a process's own shards, a dead
owner's clock taken up; and a database from before the store, with the blind clock's own table."""

from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import replace

from handlers.blinds.model import BlindClock, Stage
from handlers.blinds.records import StoredBlinds
from handlers.blinds.service import BlindService
from handlers.blinds.structure import parse_structure
from handlers.clock.model import ManualTime
from handlers.reply import Reply
from handlers.store import open_store
from handlers.store.migrations import LATEST, OWN_TABLES, _v1, _v2, applied

T0 = 1_800_000_000.0
G, CH = 111, 222
SMALL = "2m: 100/200, 200/400 ante 25, break 3m, 300/600 bba 600"


def a_clock(channel: int = CH, guild: int = G, lang: str = "en", message_id: int | None = None) -> StoredBlinds:
    clock = BlindClock(parse_structure(SMALL), T0)
    return StoredBlinds(None, guild, channel, clock, lang, "tda2026", message_id=message_id, shown=clock.stage(T0),
                        shown_at=T0)


async def asleep(time: ManualTime, timers: int) -> None:
    """Wait until that many clock timers sleep on `time` (a timer not yet asleep would miss the
    moment an `advance` jumps over)."""
    for _ in range(500):
        if time.sleepers >= timers:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{time.sleepers} timer(s) asleep, not {timers}")


async def maintenance(service: BlindService) -> None:
    """One step of `BlindService.maintain` (which runs on real time): renew, then take up."""
    await service.store.renew(service.owner, service.time.now() + service.lease)
    await service.resume_all()


class Board:
    def __init__(self, name: str, log: list[tuple[str, str, int | None]]) -> None:
        self.name = name
        self.log = log

    def fmt_time(self, t: float) -> str:
        return f"@{int(t)}"

    async def update(self, rec: StoredBlinds, reply: Reply) -> None:
        self.log.append((self.name, "edit", rec.shown.index))

    async def announce(self, rec: StoredBlinds, text: str) -> None:
        self.log.append((self.name, "post", rec.shown.index))


async def test_add_find_save_and_one_live_clock_per_channel(store):
    blinds = store.blinds
    results = await asyncio.gather(*(blinds.add(a_clock(lang=lang)) for lang in ("en", "ja", "ko", "en")))
    assert [created for _, created in results].count(True) == 1, "four fast starts, one clock"
    [first] = [rec for rec, created in results if created]
    assert {rec.id for rec, _ in results} == {first.id}, "the others get the one running"
    assert await blinds.find_live(G, CH) == first
    assert await blinds.find_live(G, 999) is None
    other, created = await blinds.add(a_clock(channel=333))
    assert created and other.id != first.id
    paused = replace(first, clock=first.clock.pause(T0 + 30), shown=Stage(0, paused=True), message_id=77)
    assert await blinds.save(paused)
    assert await blinds.get(first.id) == paused
    assert await blinds.save(replace(paused, clock=paused.clock.stop(T0 + 40)))
    assert await blinds.find_live(G, CH) is None
    assert not await blinds.save(replace(paused, message_id=78)), "a stopped clock takes no more writes"
    assert [r.channel_id for r in await blinds.live()] == [333]
    assert await blinds.get(10**9) is None


async def test_a_lease_is_won_by_one_claimant_and_free_again_once_it_runs_out(store):
    blinds = store.blinds
    rec, _ = await blinds.add(a_clock(), "p1", T0 + 15)
    assert not await blinds.claim(rec.id, "p2", T0 + 1, T0 + 16), "p1's lease still holds"
    assert await blinds.claim(rec.id, "p1", T0 + 1, T0 + 16), "the owner may renew by claiming"
    results = await asyncio.gather(*(blinds.claim(rec.id, f"q{i}", T0 + 20, T0 + 35) for i in range(6)))
    assert results.count(True) == 1, "after the lease ran out, exactly one of six claimants wins"
    [winner] = [f"q{i}" for i, won in enumerate(results) if won]
    assert (await blinds.owner_of(rec.id))[0] == winner
    assert await blinds.renew(winner, T0 + 50) == 1 and await blinds.renew("p1", T0 + 50) == 0
    assert not await blinds.save(replace(rec, message_id=5), "p1"), "p1 lost it: its writes no longer land"
    await blinds.release(winner)
    assert await blinds.claim(rec.id, "p1", T0 + 21, T0 + 36), "released: free at once"
    stopped = replace(rec, clock=rec.clock.stop(T0 + 22))
    assert await blinds.save(stopped, "p1")
    assert await blinds.owner_of(rec.id) == (None, None), "a stopped clock holds no lease"
    assert not await blinds.claim(rec.id, "p1", T0 + 23, T0 + 38), "nor can it be claimed"


async def test_a_level_change_is_written_once_however_many_try(store):
    """Two processes that both believe they run the clock work out the same change from the same
    state: one write lands, the other no longer matches what is stored."""
    blinds = store.blinds
    rec, _ = await blinds.add(a_clock(), None, None)
    level2 = replace(rec, shown=rec.clock.stage(T0 + 120), shown_at=T0 + 120)
    assert level2.shown.index == 1
    results = await asyncio.gather(*(blinds.save(level2, owner, was=rec) for owner in ("p1", "p2", "p1", "p3")))
    assert results.count(True) == 1
    paused = replace(rec, clock=rec.clock.pause(T0 + 100), shown=Stage(0, True, True))
    assert not await blinds.save(paused, was=rec), "a command worked out from the old state is refused too"
    assert await blinds.save(replace(level2, clock=level2.clock.pause(T0 + 125)), was=level2)


async def test_each_process_resumes_only_its_own_shards_and_takes_up_a_dead_owners_clock(store, store_url):
    """Two processes on one database, each serving one guild. Each resumes only its own guild's
    clock; when one dies (its lease runs out) the heir of its shard takes the clock up and
    announces the next level once."""
    mine, theirs = 111, 999
    for guild, channel in ((mine, CH), (theirs, 444)):
        await store.blinds.add(a_clock(guild=guild, channel=channel, message_id=5), None, None)
    other = await open_store(store_url, watch=False)
    time = ManualTime(T0 + 10)
    log: list[tuple[str, str, int | None]] = []
    one = BlindService(store.blinds, Board("one", log), time, owner="one", lease=15)
    two = BlindService(other.blinds, Board("two", log), time, owner="two", lease=15)
    try:
        got_one = await one.resume_all(keep=lambda r: r.guild_id == mine)
        got_two = await two.resume_all(keep=lambda r: r.guild_id == theirs)
        assert [r.guild_id for r in got_one] == [mine] and [r.guild_id for r in got_two] == [theirs]
        assert one.level_for(theirs, 444) is None and two.level_for(mine, CH) is None
        assert await two.resume_all() == [], "guild 111's clock is leased to one: two may not take it"
        # `one` dies without a word: its timer stops, its lease is not renewed or given back.
        for task in one._tasks.values():
            task.cancel()
        time.advance(20)  # past one's lease (T0 + 25)
        [taken] = await two.resume_all()
        assert taken.guild_id == mine and await store.blinds.owner_of(taken.id) == ("two", T0 + 45)
        await asleep(time, 2)
        time.advance(100)  # level 2 of both clocks
        for _ in range(50):
            if sum(1 for name, what, _ in log if what == "post") >= 2:
                break
            await asyncio.sleep(0.02)
        posts = [(name, index) for name, what, index in log if what == "post"]
        assert posts == [("two", 1), ("two", 1)], "each clock's level 2 announced once, by the heir"
    finally:
        await one.close()
        await two.close()
        await other.close()


async def test_two_processes_resuming_at_once_announce_a_level_once(store, store_url):
    rec, _ = await store.blinds.add(a_clock(message_id=5), None, None)
    other = await open_store(store_url, watch=False)
    time = ManualTime(T0 + 150)  # level 2 began while nobody ran the clock
    log: list[tuple[str, str, int | None]] = []
    one = BlindService(store.blinds, Board("one", log), time, owner="one")
    two = BlindService(other.blinds, Board("two", log), time, owner="two")
    try:
        resumed = await asyncio.gather(one.resume_all(), two.resume_all())
        assert sorted(len(r) for r in resumed) == [0, 1]
        assert [what for _, what, _ in log] == ["edit", "post"] and len({name for name, _, _ in log}) == 1
        assert (await store.blinds.get(rec.id)).shown.index == 1
    finally:
        await one.close()
        await two.close()
        await other.close()


# What the blind clock's own store (before handlers/store) created in the settings' SQLite file,
# exactly as sqlite-utils wrote it, next to its version row.
OLD_TABLES = [
    'CREATE TABLE "schema_versions" ("name" TEXT PRIMARY KEY, "version" INTEGER)',
    'CREATE TABLE "blind_clocks" ("id" INTEGER PRIMARY KEY, "guild_id" INTEGER NOT NULL, "channel_id" INTEGER '
    'NOT NULL, "live" INTEGER, "message_id" INTEGER, "structure" TEXT NOT NULL, "started_at" REAL NOT NULL, '
    '"pauses" TEXT, "shift" REAL, "stopped_at" REAL, "lang" TEXT, "ruleset_id" TEXT, "started_by" TEXT, '
    '"started_by_id" INTEGER, "shown_index" INTEGER, "shown_warned" INTEGER, "shown_paused" INTEGER, '
    '"shown_stopped" INTEGER, "shown_at" REAL)',
    "CREATE UNIQUE INDEX blind_clocks_one_per_channel ON blind_clocks(guild_id, channel_id, live)",
    "INSERT INTO schema_versions (name, version) VALUES ('blind_clocks', 1)",
]


async def test_the_blind_clocks_own_table_from_before_the_store_is_adopted_not_dropped(tmp_path):
    """A file as the previous floorcall left it: settings and clocks at schema 2, and the blind
    clock's table with a clock running (and one stopped) in it. Its rows survive, the running one
    is resumed and runs on, and the old version row stays where it was."""
    path = tmp_path / "floorcall.db"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                 "applied_at TEXT NOT NULL)")
    for sql in [*_v1("sqlite"), *_v2("sqlite"), *OLD_TABLES]:
        conn.execute(sql)
    conn.executemany("INSERT INTO schema_migrations VALUES (?, ?, '2026-11-01')", [(1, "one"), (2, "two")])
    clock = BlindClock(parse_structure(SMALL), T0).pause(T0 + 10).resume(T0 + 20)
    row = {"guild_id": G, "channel_id": CH, "live": 1, "message_id": 4242,
           "structure": '{"levels": []}', "started_at": T0, "pauses": f"[[{T0 + 10}, {T0 + 20}]]", "shift": 0.0,
           "stopped_at": None, "lang": "ja", "ruleset_id": "tda2026", "started_by": "td", "started_by_id": 7,
           "shown_index": 0, "shown_warned": 0, "shown_paused": 0, "shown_stopped": 0, "shown_at": T0 + 20}
    from handlers.blinds.records import _structure

    row["structure"] = _structure(StoredBlinds(None, G, CH, clock, "ja", "tda2026"))
    stopped = {**row, "channel_id": 333, "live": None, "stopped_at": T0 + 5, "pauses": "[]"}
    for r in (row, stopped):
        conn.execute(f"INSERT INTO blind_clocks ({', '.join(r)}) VALUES ({', '.join('?' for _ in r)})",
                     list(r.values()))
    conn.close()

    store = await open_store(path, watch=False)
    try:
        assert await applied(store.db) == set(range(1, LATEST + 1)) and LATEST >= 3
        assert "blind_clocks" in OWN_TABLES
        running = await store.blinds.find_live(G, CH)
        assert running is not None and running.clock == clock and running.message_id == 4242
        assert running.started_by == "td" and running.lang == "ja"
        assert len(await store.db.fetch("SELECT id FROM blind_clocks")) == 2
        assert await store.db.fetch("SELECT name, version FROM schema_versions") == [
            {"name": "blind_clocks", "version": 1}]
        again, created = await store.blinds.add(a_clock())
        assert not created and again.id == running.id, "the old unique index still holds the channel"
        log: list[tuple[str, str, int | None]] = []
        service = BlindService(store.blinds, Board("heir", log), ManualTime(T0 + 140), owner="heir")
        [resumed] = await service.resume_all()
        assert resumed.shown.index == 1 and log == [("heir", "edit", 1), ("heir", "post", 1)]
        assert (await store.blinds.owner_of(resumed.id))[0] == "heir"
        await service.close()
    finally:
        await store.close()


async def test_during_a_hand_over_both_timers_wake_and_only_the_lease_holder_announces(store, store_url):
    """`one` still runs the clock's timer when its lease has run out and `two` took the clock
    (one was frozen, say): at the level change both wake, and only `two`'s write lands."""
    await store.blinds.add(a_clock(message_id=5), None, None)
    other = await open_store(store_url, watch=False)
    time = ManualTime(T0 + 10)
    log: list[tuple[str, str, int | None]] = []
    one = BlindService(store.blinds, Board("one", log), time, owner="one", lease=15)
    two = BlindService(other.blinds, Board("two", log), time, owner="two", lease=15)
    try:
        assert len(await one.resume_all()) == 1
        time.advance(20)  # one never renewed: its lease ran out at T0 + 25
        assert len(await two.resume_all()) == 1
        assert one.level_for(G, CH) is not None and two.level_for(G, CH) is not None, "both think they run it"
        await asleep(time, 2)
        time.advance(90)  # level 2 at T0 + 120
        for _ in range(100):
            if any(what == "post" for _, what, _ in log) and one.level_for(G, CH) is None:
                break
            await asyncio.sleep(0.02)
        assert [(name, what) for name, what, _ in log] == [("two", "edit"), ("two", "post")]
        assert one.level_for(G, CH) is None, "one let go of the clock it lost"
    finally:
        await one.close()
        await two.close()
        await other.close()


async def test_a_command_on_a_process_that_does_not_run_the_clock_reaches_the_runner(store, store_url):
    """A pause that lands on `two` while `one` holds the lease is stored and shown by `two`; one's
    next maintenance step sees the stored state differ and runs the clock from it (paused: no
    level change); a resume there again brings level 2, announced once, by `one`."""
    await store.blinds.add(a_clock(message_id=5), None, None)
    other = await open_store(store_url, watch=False)
    time = ManualTime(T0 + 10)
    log: list[tuple[str, str, int | None]] = []
    one = BlindService(store.blinds, Board("one", log), time, owner="one")
    two = BlindService(other.blinds, Board("two", log), time, owner="two")
    try:
        assert len(await one.resume_all()) == 1
        rec, _ = await two.command(G, CH, "pause", "td")
        assert rec.clock.paused and log == [("two", "edit", 0)]
        assert two.level_for(G, CH) is None, "two does not take a clock leased to one"
        await maintenance(one)
        assert (await one.find(G, CH)).clock.paused
        time.advance(300)
        await asyncio.sleep(0.05)
        assert [name for name, _, _ in log] == ["two"], "paused: nothing moves"
        await maintenance(one)  # one renews its lease all along
        await two.command(G, CH, "resume", "td")
        assert two.level_for(G, CH) is None
        await maintenance(one)
        await asleep(time, 1)
        time.advance(110)  # 10 s played before the pause, 110 after: level 2
        for _ in range(100):
            if any(what == "post" for _, what, _ in log):
                break
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.05)
        assert log[2:] == [("one", "edit", 1), ("one", "post", 1)]
    finally:
        await one.close()
        await two.close()
        await other.close()
