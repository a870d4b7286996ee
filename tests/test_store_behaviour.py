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
from handlers.settings_store import LANGUAGE, SERVER
from handlers.store import StoreConfigError, open_store
from handlers.store.migrations import LATEST, MIGRATIONS, OWN_TABLES, applied

T0 = 1_800_000_000.0
G, CH = 111, 222


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

        class Board:
            def __init__(self, name: str) -> None:
                self.name = name

            def fmt_time(self, t: float) -> str:
                return str(t)

            async def update(self, r, reply) -> None:
                edits.append((self.name, reply.to_json()["state"]))

        one = ClockService(store.clocks, Board("one"), time, owner="one")
        two = ClockService(other.clocks, Board("two"), time, owner="two")
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


async def test_a_database_from_before_versioning_is_migrated_not_dropped(store_url):
    """What floorcall wrote before this store: settings and clocks, version 1's columns, no
    `schema_migrations`. Its rows survive, and the clock gets the lease columns."""
    from handlers.store import make_db
    from handlers.store.migrations import _v1

    db = make_db(store_url)
    await db.open()
    for sql in _v1(db.dialect):
        await db.execute(sql)
    await db.execute("INSERT INTO settings (scope, scope_id, key, value, updated_at) VALUES (?, ?, ?, ?, ?)",
                     SERVER, G, LANGUAGE, "ja", "2026-01-01T00:00:00+00:00")
    await db.close()
    s = await open_store(store_url)
    try:
        assert s.resolve(G, CH, None).lang == "ja"
        rec, created = await s.clocks.add(a_clock(), "p1", T0 + 15)
        assert created and (await s.clocks.owner_of(rec.id)) == ("p1", T0 + 15)
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
