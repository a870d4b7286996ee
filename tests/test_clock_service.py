"""Clocks kept in the store (SQLite here; both back ends in test_store_behaviour.py) and run by the
service, against a recording board and ManualTime."""

from __future__ import annotations

import asyncio

import pytest

from cogs.timed import discord_relative
from handlers.clock import MSG, parse_request
from handlers.clock.model import ManualTime, Phase
from handlers.clock.records import StoredClock
from handlers.clock.service import ClockService
from handlers.context import Context
from handlers.reply import Reply
from handlers.store import open_store

T0 = 1_800_000_000.0
G, CH = 111, 222


class Board:
    """Records every edit; `slow` makes an edit take (real) time, like a 429 retry."""

    def __init__(self) -> None:
        self.edits: list[tuple[int, str, Reply]] = []
        self.posted: dict[int, Reply] = {}
        self.slow = 0.0
        self._next = 1000

    def fmt_time(self, t: float) -> str:
        return discord_relative(t)

    async def post(self, rec: StoredClock, reply: Reply) -> int:
        self._next += 1
        self.posted[self._next] = reply
        return self._next

    async def update(self, rec: StoredClock, reply: Reply) -> None:
        if self.slow:
            await asyncio.sleep(self.slow)
        assert rec.message_id is not None
        self.edits.append((rec.message_id, reply.to_json()["state"], reply))

    def states(self) -> list[str]:
        return [s for _, s, _ in self.edits]


@pytest.fixture
async def db(tmp_path):
    store = await open_store(tmp_path / "floorcall.db", watch=False)
    yield store.clocks
    await store.close()


@pytest.fixture
def clock():
    return ManualTime(T0)


async def step(service: ClockService, clock: ManualTime, seconds: float) -> None:
    await service.idle()
    clock.advance(seconds)
    await service.idle()


async def start(service, player="A", channel=CH, user=7, ctx=None):
    return await service.start(G, channel, parse_request(player), ctx or Context(user="Ann"), user, service.board.post)


async def test_start_countdown_time_not_facing(db, clock):
    board = Board()
    service = ClockService(db, board, clock)
    started = await start(service, "A facing:no-bet")
    assert started.created and started.rec.message_id in board.posted
    assert f"<t:{int(T0 + 30)}:R>" in started.reply.text
    await step(service, clock, 10)
    assert board.edits == []  # nothing changes every second
    await step(service, clock, 15)
    assert board.states() == ["countdown"]
    await step(service, clock, 5)
    assert board.states() == ["countdown", "expired"]
    final = board.edits[-1][2]
    assert MSG("no_bet_check", "en") in final.text and MSG("bet_dead_hand", "en") not in final.text
    assert (await service.store.get(started.rec.id)).clock.stopped is Phase.EXPIRED
    assert service.live() == []


async def test_time_facing_a_bet_kills_the_hand(db, clock):
    board = Board()
    service = ClockService(db, board, clock)
    await start(service, "B facing:bet")
    await step(service, clock, 31)
    assert board.states()[-1] == "expired"
    assert MSG("bet_dead_hand", "en") in board.edits[-1][2].text


async def test_unknown_facing_gives_both_outcomes(db, clock):
    board = Board()
    service = ClockService(db, board, clock)
    await start(service, "C")
    await step(service, clock, 25)
    await step(service, clock, 5)
    text = board.edits[-1][2].text
    assert MSG("bet_dead_hand", "en") in text and MSG("no_bet_check", "en") in text


async def test_acted_and_cancel_and_permissions(db, clock):
    board = Board()
    service = ClockService(db, board, clock)
    a = (await start(service, "A", user=7)).rec
    b = (await start(service, "B", user=7)).rec
    await step(service, clock, 26)
    assert (await service.press(a.id, "act", user_id=99, can_manage=False))[0] == "not_allowed"
    assert (await service.press(a.id, "cancel", user_id=None, can_manage=False))[0] == "not_allowed"
    result, rec = await service.press(a.id, "act", user_id=7, can_manage=False, by="Ann")
    assert result == "acted" and rec.clock.stopped is Phase.ACTED
    result, _ = await service.press(b.id, "cancel", user_id=99, can_manage=True, by="Mod")
    assert result == "cancelled"
    assert (await service.press(a.id, "cancel", user_id=7, can_manage=False))[0] == "already_stopped"
    await step(service, clock, 60)
    assert board.states() == ["countdown", "countdown", "acted", "cancelled"]
    assert service.live() == []


async def test_press_at_the_same_moment_as_time_stands(db, clock):
    board = Board()
    service = ClockService(db, board, clock)
    rec = (await start(service, "A facing:bet")).rec
    await step(service, clock, 25)
    await step(service, clock, 5)
    assert board.states() == ["countdown", "expired"]
    result, after = await service.press(rec.id, "act", user_id=7, can_manage=False, at=T0 + 30.3)
    assert result == "acted" and after.clock.same_moment
    assert "stands" in board.edits[-1][2].text
    await step(service, clock, 5)
    assert (await service.press(rec.id, "act", 7, False))[0] == "already_stopped"


async def test_too_late(db, clock):
    board = Board()
    service = ClockService(db, board, clock)
    rec = (await start(service, "A")).rec
    await step(service, clock, 40)
    assert (await service.press(rec.id, "act", 7, False))[0] == "too_late"


async def test_duplicates_and_several_channels(db, clock):
    board = Board()
    service = ClockService(db, board, clock)
    first = await start(service, "Seat 4")
    dup = await start(service, "seat 4", user=8)
    assert not dup.created and dup.rec.id == first.rec.id and len(board.posted) == 1
    elsewhere = await start(service, "seat 4", channel=CH + 1)
    assert elsewhere.created and len(service.live()) == 2
    await step(service, clock, 30)
    assert sorted(m for m, s, _ in board.edits if s == "expired") == sorted(board.posted)
    again = await start(service, "seat 4")
    assert again.created  # the first one is over


async def test_restart_resumes_and_closes_late(db, clock):
    board = Board()
    service = ClockService(db, board, clock)
    short = (await start(service, "A", ctx=Context(clock_seconds=5, clock_countdown=5))).rec
    long = (await start(service, "B", ctx=Context(clock_seconds=100, clock_countdown=10))).rec
    await service.close()  # the bot goes down at T0
    clock.advance(50)
    board2 = Board()
    service2 = ClockService(db, board2, clock)
    resumed = await service2.resume()
    assert {r.id for r in resumed} == {short.id, long.id}
    assert [(m, s) for m, s, _ in board2.edits] == [(short.message_id, "expired")]
    assert MSG("closed_late", "en") in board2.edits[0][2].text
    assert [r.id for r in service2.live()] == [long.id]
    await step(service2, clock, 50)
    assert board2.states() == ["expired", "countdown"]
    await step(service2, clock, 10)
    assert board2.states() == ["expired", "countdown", "expired"]
    assert MSG("closed_late", "en") not in board2.edits[-1][2].text


async def test_restart_in_the_countdown_edits_once(db, clock):
    board = Board()
    service = ClockService(db, board, clock)
    await start(service, "A")
    await service.close()
    clock.advance(27)
    board2 = Board()
    service2 = ClockService(db, board2, clock)
    await service2.resume()
    assert board2.states() == ["countdown"]
    await step(service2, clock, 3)
    assert board2.states() == ["countdown", "expired"]


async def test_a_slow_edit_does_not_shift_the_end(db, clock):
    board = Board()
    service = ClockService(db, board, clock)
    rec = (await start(service, "A")).rec
    board.slow = 0.05  # the countdown edit is held up (a 429 retry)
    await service.idle()
    clock.advance(25)
    await asyncio.sleep(0)
    clock.advance(5)  # the end comes while the countdown edit is still in flight
    for _ in range(20):
        await asyncio.sleep(0.01)
    assert board.states() == ["countdown", "expired"]
    stored = await service.store.get(rec.id)
    assert stored.clock.stopped is Phase.EXPIRED and stored.clock.stopped_at == T0 + 30


async def test_a_press_during_a_slow_edit_is_shown_last(db, clock):
    board = Board()
    service = ClockService(db, board, clock)
    rec = (await start(service, "A")).rec
    board.slow = 0.05
    await service.idle()
    clock.advance(25)
    await asyncio.sleep(0)  # the countdown edit starts
    result, _ = await service.press(rec.id, "act", 7, False)
    assert result == "acted"
    assert board.states() == ["countdown", "acted"]


async def test_the_lease_sweep_leaves_a_clock_whose_message_is_being_posted_alone(db, clock):
    """The background sweep (resume) runs while a start waits for Discord to post the message:
    the clock has no message id yet, and must not be taken for one that never got its message."""
    board = Board()
    service = ClockService(db, board, clock)
    gate = asyncio.Event()

    async def slow_post(rec: StoredClock, reply: Reply) -> int:
        await gate.wait()
        return 4242

    task = asyncio.create_task(service.start(G, CH, parse_request("A"), Context(), 7, slow_post))
    for _ in range(500):
        if await db.live():
            break
        await asyncio.sleep(0.01)
    assert [r.message_id for r in await db.live()] == [None]
    assert await service.resume() == []
    gate.set()
    started = await task
    assert started.created and (await db.get(started.rec.id)).message_id == 4242
    assert [r.id for r in service.live()] == [started.rec.id]
    await service.close()
