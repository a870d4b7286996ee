"""The store's behaviour, the same tests against both back ends (`store` is SQLite, then a real
PostgreSQL started by the test session): clocks, leases, settings seen by a second process,
migrations of an older database, and tables that are not floorcall's."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from handlers.clock import new_clock, parse_request
from handlers.clock.model import ManualTime
from handlers.clock.records import StoredClock
from handlers.clock.service import ClockService
from handlers.context import Context
from handlers.store import StoreConfigError, open_store
from handlers.store.migrations import LATEST, MIGRATIONS, OWN_TABLES, applied
from handlers.store.settings import LANGUAGE, SERVER

T0 = 1_800_000_000.0
G, CH = 111, 222


class RecordingBoard:
    """A clock board that hands each update to `record(board name, record, reply)` instead of
    editing a Discord message: what a test asserts is which process showed what."""

    def __init__(self, name: str, record) -> None:
        self.name = name
        self.record = record

    def fmt_time(self, t: float) -> str:
        return str(t)

    async def update(self, r, reply) -> None:
        self.record(self.name, r, reply)


def states(edits: list[tuple[str, str]]):
    """A `record` that keeps (board, state) for every update."""
    return lambda name, r, reply: edits.append((name, reply.to_json()["state"]))


def a_clock(player: str = "Seat 4 facing:bet", channel: int = CH, lang: str = "ja", user: int = 7) -> StoredClock:
    return StoredClock(None, G, channel, new_clock(parse_request(player), Context(), T0), lang, "tda2026", user)


async def test_clock_round_trip_and_one_live_clock_per_player(store):
    clocks = store.clocks
    saved, created = await clocks.add(a_clock())
    assert created and saved.id is not None
    assert await clocks.get(saved.id) == saved
    again, created = await clocks.add(a_clock("seat 4", lang="en", user=8))
    assert not created and again.id == saved.id
    other, created = await clocks.add(a_clock(channel=333))
    assert created and other.id != saved.id
    assert await clocks.finish(replace(saved, clock=saved.clock.cancel(T0 + 1)))
    assert await clocks.find_live(G, CH, "seat 4") is None
    _, created = await clocks.add(a_clock())
    assert created
    assert sorted(r.channel_id for r in await clocks.live()) == [CH, 333]
    assert await clocks.get(10**9) is None


async def test_a_lease_is_won_by_one_claimant_and_free_again_once_it_runs_out(store):
    clocks = store.clocks
    rec, _ = await clocks.add(a_clock(), "p1", T0 + 15)
    assert not await clocks.claim(rec.id, "p2", T0 + 1, T0 + 16), "p1's lease still holds"
    assert await clocks.claim(rec.id, "p1", T0 + 1, T0 + 16), "the owner may renew by claiming"
    results = await asyncio.gather(*(clocks.claim(rec.id, f"q{i}", T0 + 20, T0 + 35) for i in range(6)))
    assert results.count(True) == 1, "after the lease ran out, exactly one of six claimants wins"
    [winner] = [f"q{i}" for i, won in enumerate(results) if won]
    assert (await clocks.owner_of(rec.id))[0] == winner
    assert await clocks.renew(winner, T0 + 50) == 1 and await clocks.renew("p1", T0 + 50) == 0
    assert not await clocks.save(replace(rec, message_id=5), "p1"), "p1 lost it: its writes no longer land"
    await clocks.release(winner)
    assert await clocks.claim(rec.id, "p1", T0 + 21, T0 + 36), "released: free at once"


async def test_a_clock_ends_once_however_many_try(store):
    clocks = store.clocks
    rec, _ = await clocks.add(a_clock(), "p1", T0 + 15)
    expired = replace(rec, clock=rec.clock.expire(T0 + 31))
    acted = replace(rec, clock=rec.clock.act(T0 + 29, by="floor"))
    results = await asyncio.gather(clocks.finish(expired, "p1"), clocks.finish(expired, "p2"),
                                   clocks.finish(acted), clocks.finish(expired, "p1"))
    assert results.count(True) == 1
    assert not await clocks.finish(acted), "a second end is refused"
    assert (await clocks.owner_of(rec.id)) == (None, None), "a finished clock holds no lease"


async def test_two_processes_resume_a_running_clock_and_only_one_runs_it(store, store_url):
    """Two processes on one database (the SQLite file too) start at once: one resumes each clock,
    and its end is shown once."""
    rec, _ = await store.clocks.add(a_clock(), None, None)
    await store.clocks.save(replace(rec, message_id=99))
    other = await open_store(store_url)
    try:
        time = ManualTime(T0 + 5)
        edits: list[tuple[str, str]] = []

        def board(name: str) -> RecordingBoard:
            return RecordingBoard(name, states(edits))

        one = ClockService(store.clocks, board("one"), time, owner="one")
        two = ClockService(other.clocks, board("two"), time, owner="two")
        resumed = await asyncio.gather(one.resume(), two.resume())
        assert sorted(len(r) for r in resumed) == [0, 1]
        runner = one if resumed[0] else two
        for seconds in (22, 10):  # into the countdown, then past the end
            await runner.idle()
            time.advance(seconds)
        await one.idle()
        await two.idle()
        assert [state for _, state in edits] == ["countdown", "expired"]
        assert len({name for name, _ in edits}) == 1, "every edit came from the one that won the lease"
        await one.close()
        await two.close()
    finally:
        await other.close()


async def test_during_a_hand_over_both_timers_wake_at_the_end_and_it_is_announced_once(store, store_url):
    """`one` still runs a player clock's timer when its lease has run out and `two` has taken the
    clock (one was frozen, say): both wake at the end, both try to record it, and only the
    lease holder's write lands and is shown; `one` lets go of the clock."""
    rec, _ = await store.clocks.add(a_clock(), None, None)
    await store.clocks.save(replace(rec, message_id=99))
    other = await open_store(store_url, watch=False)
    time = ManualTime(T0 + 1)
    edits: list[tuple[str, str]] = []

    def board(name: str) -> RecordingBoard:
        return RecordingBoard(name, states(edits))

    one = ClockService(store.clocks, board("one"), time, owner="one", lease=15)
    two = ClockService(other.clocks, board("two"), time, owner="two", lease=15)
    try:
        assert len(await one.resume()) == 1
        time.advance(16)  # one never renewed: its lease ran out at T0 + 16
        assert len(await two.resume()) == 1
        assert one.live() and two.live(), "both think they run it"
        await one.idle()
        await two.idle()
        time.advance(30)  # past the end (T0 + 30): both timers wake with "expired" due
        await one.idle()
        await two.idle()
        assert edits == [("two", "expired")], edits
        assert one.live() == [] and two.live() == []
        final = await store.clocks.get(rec.id)
        assert final is not None and final.clock.stopped is not None and final.clock.stopped.value == "expired"
    finally:
        await one.close()
        await two.close()
        await other.close()


async def test_each_process_resumes_only_its_shards_player_clocks_and_the_heir_takes_a_dead_owners(
        store, store_url):
    """Two processes, each serving one guild's shard: each resumes only its own guild's clock,
    the other one's lease holds while its owner renews, and a sweep that keeps to its own shards
    leaves a dead owner's clock alone; once the survivor serves that shard too (the reshard), it
    takes the clock and ends it once."""
    mine, theirs = G, 999
    for guild in (mine, theirs):
        rec, _ = await store.clocks.add(replace(a_clock(), guild_id=guild), None, None)
        await store.clocks.save(replace(rec, message_id=5))
    other = await open_store(store_url, watch=False)
    time = ManualTime(T0 + 1)
    edits: list[tuple[str, int]] = []

    def ended(name: str, r, reply) -> None:
        if reply.to_json()["state"] == "expired":
            edits.append((name, r.guild_id))

    def board(name: str) -> RecordingBoard:
        return RecordingBoard(name, ended)

    one = ClockService(store.clocks, board("one"), time, owner="one", lease=15)
    two = ClockService(other.clocks, board("two"), time, owner="two", lease=15)
    try:
        assert [r.guild_id for r in await one.resume(keep=lambda r: r.guild_id == mine)] == [mine]
        assert [r.guild_id for r in await two.resume(keep=lambda r: r.guild_id == theirs)] == [theirs]
        assert await two.resume() == [], "one's lease holds: two may not take its clock"
        for task in one._tasks.values():  # one dies without a word: no renewal, no release
            task.cancel()
        time.advance(16)  # past one's lease
        await two.store.renew("two", time.now() + 15)
        assert await two.take_up(lambda r: r.guild_id == theirs) == [], "not its shard: left alone"
        [taken] = await two.take_up(None)  # restarted serving both shards
        assert taken.guild_id == mine and (await store.clocks.owner_of(taken.id))[0] == "two"
        await two.idle()
        time.advance(20)  # past both ends (T0 + 30)
        await two.idle()
        assert sorted(edits) == [("two", mine), ("two", theirs)], edits
    finally:
        await one.close()
        await two.close()
        await other.close()


async def test_a_setting_written_by_one_process_is_read_by_another(store, store_url):
    other = await open_store(store_url)
    try:
        assert other.resolve(G, CH, None).lang == "en"
        await store.set(SERVER, G, LANGUAGE, "ko")
        assert store.resolve(G, CH, None).lang == "ko", "the writer reads its own write at once"
        for _ in range(200):  # PostgreSQL: a NOTIFY; SQLite: the next data_version poll (1 s)
            if other.resolve(G, CH, None).lang == "ko":
                break
            await asyncio.sleep(0.05)
        assert other.resolve(G, CH, None).lang == "ko"
        await other.delete(SERVER, G, LANGUAGE)
        for _ in range(200):
            if store.resolve(G, CH, None).lang == "en":
                break
            await asyncio.sleep(0.05)
        assert store.resolve(G, CH, None).lang == "en"
    finally:
        await other.close()


async def test_migrations_are_recorded_and_opening_again_changes_nothing(store, store_url):
    assert await applied(store.db) == {m.version for m in MIGRATIONS}
    await store.close()
    again = await open_store(store_url)
    rows = await again.db.fetch("SELECT version FROM schema_migrations ORDER BY version")
    assert [r["version"] for r in rows] == list(range(1, LATEST + 1))
    await again.close()


async def test_two_processes_migrating_a_new_database_at_once_both_start(store_url):
    stores = await asyncio.gather(*(open_store(store_url, watch=False) for _ in range(3)))
    for s in stores:
        assert await applied(s.db) == {m.version for m in MIGRATIONS}
        await s.close()


# What floorcall wrote before versioned migrations (commit 43cda0e, SQLite only; dumped from a
# file its SettingsStore and ClockStore made): no schema_migrations, sqlite-utils' own DDL.
BEFORE_VERSIONING = [
    'CREATE TABLE "settings" ("scope" TEXT, "scope_id" INTEGER, "key" TEXT, "value" TEXT, "updated_at" TEXT, '
    'PRIMARY KEY ("scope", "scope_id", "key"))',
    'CREATE TABLE "clocks" ("id" INTEGER PRIMARY KEY, "guild_id" INTEGER NOT NULL, "channel_id" INTEGER NOT NULL, '
    '"message_id" INTEGER, "player" TEXT NOT NULL, "player_key" TEXT, "started_by" TEXT, "started_by_id" INTEGER, '
    '"lang" TEXT, "ruleset_id" TEXT, "seconds" INTEGER, "countdown" INTEGER, "started_at" REAL, '
    '"countdown_at" REAL, "ends_at" REAL, "facing" TEXT, "same_moment_stands" INTEGER, "server_times" INTEGER, '
    '"live" INTEGER, "state" TEXT NOT NULL, "shown" TEXT, "stopped_at" REAL, "stopped_by" TEXT, '
    '"closed_late" INTEGER, "same_moment" INTEGER)',
    "CREATE UNIQUE INDEX clocks_one_live_per_player ON clocks(guild_id, channel_id, player_key, live)",
    "CREATE INDEX clocks_live ON clocks(live)",
]
OLD_CLOCK = {"guild_id": G, "channel_id": CH, "message_id": 555, "player": "Seat 4", "player_key": "seat 4",
             "started_by": "td", "started_by_id": 7, "lang": "ko", "ruleset_id": "tda2026", "seconds": 30,
             "countdown": 10, "started_at": T0, "countdown_at": None, "ends_at": None, "facing": "bet",
             "same_moment_stands": 1, "server_times": 0, "live": 1, "state": "running", "shown": "running",
             "stopped_at": None, "stopped_by": None, "closed_late": 0, "same_moment": 0}


async def test_a_database_from_before_versioning_is_migrated_not_dropped(tmp_path):
    """A file as floorcall left it before versioned migrations, with a server's settings and a
    clock running: its rows survive, the clock gets the lease columns and is resumed."""
    import sqlite3

    path = tmp_path / "floorcall.db"
    conn = sqlite3.connect(path, isolation_level=None)
    for sql in BEFORE_VERSIONING:
        conn.execute(sql)
    conn.executemany("INSERT INTO settings VALUES ('server', ?, ?, ?, '2026-12-02T10:00:00+00:00')",
                     [(G, LANGUAGE, "ja"), (G, "clock_seconds", "30"), (G, "clock_countdown", "10")])
    conn.execute(f"INSERT INTO clocks ({', '.join(OLD_CLOCK)}) VALUES ({', '.join('?' for _ in OLD_CLOCK)})",
                 list(OLD_CLOCK.values()))
    conn.close()
    s = await open_store(path)
    try:
        assert await applied(s.db) == {m.version for m in MIGRATIONS}
        assert s.resolve(G, CH, None).lang == "ja" and s.resolve(G, CH, None).clock.seconds == 30
        [live] = await s.clocks.live()
        assert (live.clock.player, live.message_id, live.lang, live.clock.started_at) == ("Seat 4", 555, "ko", T0)
        assert await s.clocks.owner_of(live.id) == (None, None)
        edits: list[str] = []

        board = RecordingBoard("new", lambda name, r, reply: edits.append(reply.to_json()["state"]))
        service = ClockService(s.clocks, board, ManualTime(T0 + 35), owner="new")
        [resumed] = await service.resume()
        assert resumed.id == live.id and edits == ["countdown"]
        assert (await s.clocks.owner_of(live.id))[0] == "new"
        await service.close()
    finally:
        await s.close()


@pytest.mark.parametrize("version", [1, 2])
async def test_a_database_left_at_an_older_version_is_migrated_not_dropped(store_url, version):
    """A database an older floorcall migrated only to `version`, with a setting and a running
    clock in it: the later versions are applied on top and nothing it held is lost."""
    from handlers.store import make_db

    db = make_db(store_url)
    await db.open()
    await db.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                     "applied_at TEXT NOT NULL)")
    for m in MIGRATIONS[:version]:
        await db.script([*((sql, ()) for sql in m.statements(db.dialect)),
                         ("INSERT INTO schema_migrations VALUES (?, ?, ?)", (m.version, m.name, "2026-12-01"))])
    await db.execute("INSERT INTO settings (scope, scope_id, key, value, updated_at) VALUES (?, ?, ?, ?, ?)",
                     SERVER, G, LANGUAGE, "ko", "2026-12-01")
    cols = [c for c in OLD_CLOCK if c != "id"]
    await db.execute(f"INSERT INTO clocks ({', '.join(cols)}) VALUES ({', '.join('?' for _ in cols)})",
                     *[OLD_CLOCK[c] for c in cols])
    await db.close()
    s = await open_store(store_url)
    try:
        rows = await s.db.fetch("SELECT version, applied_at FROM schema_migrations ORDER BY version")
        assert [r["version"] for r in rows] == list(range(1, LATEST + 1))
        assert [r["applied_at"] for r in rows[:version]] == ["2026-12-01"] * version, "old rows kept as they were"
        assert s.resolve(G, CH, None).lang == "ko"
        [live] = await s.clocks.live()
        assert live.message_id == 555 and live.clock.player == "Seat 4"
        assert await s.clocks.claim(live.id, "p1", T0, T0 + 15)
        assert await s.blinds.live() == []
    finally:
        await s.close()


async def test_someone_elses_table_is_refused_in_one_line_naming_the_variable(store_url):
    from handlers.store import make_db

    db = make_db(store_url)
    await db.open()
    await db.execute("CREATE TABLE settings (name TEXT, colour TEXT)")
    await db.close()
    with pytest.raises(StoreConfigError) as caught:
        await open_store(store_url)
    message = str(caught.value)
    assert "FLOORCALL_DB" in message and "'settings'" in message and "\n" not in message
    assert set(OWN_TABLES) >= {"settings", "clocks"}


async def test_a_database_from_a_newer_floorcall_is_refused(store, store_url):
    await store.db.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                           LATEST + 1, "from the future", "2030-01-01")
    await store.close()
    with pytest.raises(StoreConfigError, match="newer floorcall"):
        await open_store(store_url)


def test_sqlite_urls_are_relative_with_three_slashes_and_absolute_with_four():
    """As SQLAlchemy writes them (the README's example had three slashes before an absolute path,
    which made a relative var/lib/... in the working directory)."""
    from handlers.store import make_db

    assert make_db("sqlite:///floorcall.db").path == "floorcall.db"
    assert make_db("sqlite:////var/lib/floorcall/floorcall.db").path == "/var/lib/floorcall/floorcall.db"
    assert make_db("/var/lib/floorcall/floorcall.db").path == "/var/lib/floorcall/floorcall.db"
