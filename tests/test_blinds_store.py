"""The blind clock's service over the store without Discord: one clock per channel as a database
rule, a restart worked out from stored times, and the level rulings get. (The repository itself,
on both back ends, is tests/test_store_blinds.py.)"""

from __future__ import annotations

import asyncio

import pytest

from handlers.blinds.model import BlindClock, BlindsError, Stage
from handlers.blinds.records import StoredBlinds
from handlers.blinds.service import BlindService
from handlers.blinds.structure import parse_structure
from handlers.clock.model import ManualTime
from handlers.context import BlindLevel, Context
from handlers.reply import Reply
from handlers.store import open_store
from handlers.store.migrations import LATEST, applied

T0 = 1_800_000_000.0
G, CH = 111, 222
SMALL = "2m: 100/200, 200/400 ante 25, break 3m, 300/600 bba 600"


class Board:
    def __init__(self) -> None:
        self.edits: list[Reply] = []
        self.posts: list[str] = []

    def fmt_time(self, t: float) -> str:
        return f"@{int(t)}"

    async def update(self, rec: StoredBlinds, reply: Reply) -> None:
        self.edits.append(reply)

    async def announce(self, rec: StoredBlinds, text: str) -> None:
        self.posts.append(text)


async def post(rec: StoredBlinds, reply: Reply) -> int:
    return 4242


@pytest.fixture
def db_path(tmp_path) -> str:
    return str(tmp_path / "floorcall.db")


@pytest.fixture
async def store(db_path):
    s = await open_store(db_path, watch=False)
    yield s
    await s.close()


async def test_the_table_is_created_once_at_its_version(store, db_path):
    again = await open_store(db_path, watch=False)  # a second start-up leaves it as it is
    try:
        assert await applied(again.db) == set(range(1, LATEST + 1))
        rows = await again.db.fetch("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'blind_clocks'")
        assert len(rows) == 1
    finally:
        await again.close()


async def test_one_live_clock_per_channel_and_a_round_trip(store):
    blinds = store.blinds
    clock = BlindClock(parse_structure(SMALL), T0).pause(T0 + 10).resume(T0 + 70).next(T0 + 80)
    rec, created = await blinds.add(StoredBlinds(None, G, CH, clock, "ja", "tda2026", shown=Stage(1, True)))
    assert created and rec.id is not None
    again, created = await blinds.add(StoredBlinds(None, G, CH, BlindClock(parse_structure("deep"), T0), "en",
                                                   "tda2026"))
    assert not created and again.id == rec.id
    back = await blinds.get(rec.id)
    assert back is not None and back.clock == clock and back.shown == Stage(1, True) and back.lang == "ja"
    assert await blinds.save(StoredBlinds(rec.id, G, CH, clock.stop(T0 + 100), "ja", "tda2026"))
    assert await blinds.find_live(G, CH) is None
    _, created = await blinds.add(StoredBlinds(None, G, CH, BlindClock(parse_structure("deep"), T0), "en", "tda2026"))
    assert created  # a stopped clock no longer holds the channel


async def test_service_restart_works_the_level_out_and_rulings_get_it(db_path):
    time = ManualTime(T0)
    board = Board()
    first = await open_store(db_path, watch=False)
    service = BlindService(first.blinds, board, time)
    await service.start(G, CH, parse_structure(SMALL), Context(lang="ko"), 7, post)
    assert service.level_for(G, CH) == BlindLevel(1, 100, 200, 0, None)
    assert service.level_for(G, 999) is None
    await service.close()
    await first.close()
    time.advance(150)  # level 2 by now
    second = await open_store(db_path, watch=False)
    again = BlindService(second.blinds, board, time)
    [rec] = await again.resume_all()
    assert rec.shown == Stage(1) and len(board.edits) == 1 and len(board.posts) == 1
    assert board.posts[0].startswith("봇이 멈춰 있는 동안 끝난 것: 레벨 1.")
    # 30 s into level 2: a hand dealt before the change keeps level 1 (25-A), which it names
    assert again.level_for(G, CH) == BlindLevel(2, 200, 400, 25, "ante", since=30,
                                                 previous=BlindLevel(1, 100, 200, 0, None))
    time.advance(180)  # into the break: rulings get the level just played (TDA 25-A), marked as such
    await asyncio.sleep(0)
    assert again.level_for(G, CH) == BlindLevel(2, 200, 400, 25, "ante", on_break=True)
    with pytest.raises(BlindsError):
        await again.command(G, 999, "pause", "td")
    _, reply = await again.command(G, CH, "stop", "td")
    assert reply.data["stopped"] is True
    with pytest.raises(BlindsError) as info:
        await again.command(G, CH, "resume", "td")
    assert info.value.code == "not_running"
    await again.close()
    await second.close()


async def test_a_clock_that_never_got_its_message_is_dropped_at_restart(store):
    await store.blinds.add(StoredBlinds(None, G, CH, BlindClock(parse_structure(SMALL), T0), "en", "tda2026"))
    service = BlindService(store.blinds, Board(), ManualTime(T0 + 5))
    assert await service.resume_all() == []
    assert await store.blinds.find_live(G, CH) is None
