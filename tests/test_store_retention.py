"""Retention on both back ends: finished clocks lose their people after the grace and are gone
after the retention period; running ones keep what they need; a server's erase takes its rows."""

from __future__ import annotations

from dataclasses import replace

import pytest

from handlers.blinds.model import BlindClock
from handlers.blinds.records import StoredBlinds
from handlers.blinds.structure import parse_structure
from handlers.clock import new_clock, parse_request
from handlers.clock.records import StoredClock
from handlers.context import Context
from handlers.store import StoreConfigError
from handlers.store.retention import DAY, DEFAULT_DAYS, GRACE_SECONDS, RETENTION_ENV, retention_days
from handlers.store.settings import LANGUAGE, SERVER

T0 = 1_800_000_000.0
G, CH = 111, 222


def a_clock(player: str, channel: int = CH, guild: int = G) -> StoredClock:
    clock = replace(new_clock(parse_request(player), Context(), T0), started_by="Caller Name")
    return StoredClock(None, guild, channel, clock, "en", "tda2026", 4242)


def a_blind_clock(channel: int, guild: int = G) -> StoredBlinds:
    return StoredBlinds(None, guild, channel, BlindClock(parse_structure("turbo"), T0), "en", "tda2026",
                        started_by="Director", started_by_id=77)


async def people(store, clock_id: int) -> tuple:
    [row] = await store.db.fetch("SELECT player, started_by, started_by_id, stopped_by FROM clocks WHERE id = ?",
                                 clock_id)
    return row["player"], row["started_by"], row["started_by_id"], row["stopped_by"]


async def test_finished_records_are_blanked_then_deleted_and_running_ones_kept(store):
    clocks = store.clocks
    old, _ = await clocks.add(a_clock("Ann Lee"))
    recent, _ = await clocks.add(a_clock("Bo Kim", channel=333))
    running, _ = await clocks.add(a_clock("Cy Park", channel=444))
    assert await clocks.finish(replace(old, clock=old.clock.cancel(T0 + 1, by="Stopper")))
    ended_late = replace(recent.clock.cancel(T0 + 1, by="Stopper"), stopped_at=T0 + 9 * DAY)
    assert await clocks.finish(replace(recent, clock=ended_late))
    blinds, _ = await store.blinds.add(a_blind_clock(555))
    await store.blinds.save(replace(blinds, clock=blinds.clock.stop(T0 + 2)))

    now = T0 + 9 * DAY + 30  # the recent one ended 30 s ago: inside the grace
    swept = await store.sweep(now, days=7)
    assert swept.deleted == 2 and swept.blanked == 0
    assert await clocks.get(old.id) is None and await store.blinds.get(blinds.id) is None
    assert await people(store, recent.id) == ("Bo Kim", "Caller Name", 4242, "Stopper")

    swept = await store.sweep(now + GRACE_SECONDS, days=7)
    assert swept == type(swept)(blanked=1, deleted=0)
    assert await people(store, recent.id) == ("", None, None, None)
    assert await people(store, running.id) == ("Cy Park", "Caller Name", 4242, None), "a running clock keeps its own"
    assert (await clocks.get(running.id)).clock.stopped is None
    swept = await store.sweep(now + GRACE_SECONDS, days=7)
    assert swept.blanked == 0 and swept.deleted == 0, "idempotent"
    assert (await store.sweep(T0 + 16 * DAY + 31, days=7)).deleted == 1
    assert [c.id for c in await clocks.live()] == [running.id]


async def test_erase_takes_a_servers_settings_and_finished_clocks_only(store):
    await store.set(SERVER, G, LANGUAGE, "ja")
    await store.set("channel", CH, LANGUAGE, "ko")
    await store.set(SERVER, 999, LANGUAGE, "ko")  # another server
    done, _ = await store.clocks.add(a_clock("Ann"))
    await store.clocks.finish(replace(done, clock=done.clock.cancel(T0 + 1)))
    running, _ = await store.clocks.add(a_clock("Bo", channel=333))
    theirs, _ = await store.clocks.add(a_clock("Cy", guild=999))
    await store.clocks.finish(replace(theirs, clock=theirs.clock.cancel(T0 + 1)))

    await store.erase_guild(G, [CH, 333])
    assert store.all_for(SERVER, G) == {} and store.all_for("channel", CH) == {}
    assert store.get(SERVER, 999, LANGUAGE) == "ko"
    assert await store.clocks.get(done.id) is None
    assert await store.clocks.get(running.id) is not None, "a running clock ends first"
    assert await store.clocks.get(theirs.id) is not None
    rows = await store.db.fetch("SELECT count(*) AS n FROM settings WHERE scope_id IN (?, ?)", G, CH)
    assert rows[0]["n"] == 0


@pytest.mark.parametrize(("value", "days"), [("", DEFAULT_DAYS), ("30", 30.0), ("0.5", 0.5), ("0", 0.0)])
def test_the_retention_period_is_read_from_the_environment(value, days):
    assert retention_days({RETENTION_ENV: value}) == days


@pytest.mark.parametrize("value", ["-1", "week", "nan", "1e9", "inf"])
def test_a_bad_retention_period_is_one_line_naming_the_variable(value):
    with pytest.raises(StoreConfigError, match=RETENTION_ENV):
        retention_days({RETENTION_ENV: value})
