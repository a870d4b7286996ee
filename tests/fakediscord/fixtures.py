"""pytest fixtures: a fake Discord per test, and the real floorcall bot connected to it.

    async def test_something(fake_discord, start_bot):
        bot = await start_bot()                      # logged in, synced, guild ready
        inter = await fake_discord.slash("help")
        [msg] = await inter.wait_final()
        fake_discord.assert_clean()

`start_bot(**kwargs)` passes keyword arguments to `FloorcallBot` (e.g. `defer_after=0.05`,
`extensions=(...)`); bots share the test's database file unless `db_path` is given, so stopping
one with `await stop_bot(bot)` and starting another is a restart on the same database.
Every bot still running is closed at teardown, and teardown fails on any protocol error.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import discord
import discord.gateway
import discord.http
import pytest
import yarl

from fakediscord.server import FakeDiscord
from handlers.clock.model import ManualTime, use_time_source

START_TIMEOUT = 10.0
STOP_TIMEOUT = 5.0


@pytest.fixture
def manual_clock() -> Iterator[ManualTime]:
    """The one replaceable clock source, at a whole second of now, moved on only by the test."""
    with use_time_source(ManualTime(float(int(time.time())))) as t:
        yield t


@pytest.fixture
def clock(manual_clock: ManualTime) -> ManualTime:
    """The name the clock tests use for `manual_clock`."""
    return manual_clock


@pytest.fixture
def fake(fake_discord: FakeDiscord) -> FakeDiscord:
    """The name the clock tests use for `fake_discord`."""
    return fake_discord


@pytest.fixture
async def fake_discord(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    await fake.start()
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url))
    try:
        yield fake
    finally:
        await fake.stop()


@pytest.fixture
def floorcall_db(tmp_path: Path) -> Path:
    return tmp_path / "floorcall.db"


class BotRunner:
    """Starts and stops real `FloorcallBot`s against the fake."""

    def __init__(self, fake: FakeDiscord, db_path: Path) -> None:
        self.fake = fake
        self.db_path = db_path
        self.running: dict[int, tuple[Any, asyncio.Task[None]]] = {}

    async def start(self, **kwargs: Any) -> Any:
        from cogs.app import FloorcallBot

        kwargs.setdefault("db_path", self.db_path)
        kwargs.setdefault("guild_ready_timeout", 0.05)
        kwargs.setdefault("shard_count", None)
        # No background lookup warm-up unless a test asks for it: answers compared with the
        # console's must not depend on whether the vectors happened to be loaded yet.
        kwargs.setdefault("warm_lookup", False)
        bot = FloorcallBot(**kwargs)
        task = asyncio.create_task(bot.start(self.fake.token), name="bot-under-test")
        self.running[id(bot)] = (bot, task)
        ready = asyncio.create_task(bot.wait_until_ready())
        done, _ = await asyncio.wait({task, ready}, timeout=START_TIMEOUT, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if task in done and task.exception() is not None:
                raise task.exception()  # type: ignore[misc]
            raise AssertionError(f"bot not ready within {START_TIMEOUT}s; fake errors: {self.fake.protocol_errors}")
        return bot

    async def stop(self, bot: Any) -> None:
        _, task = self.running.pop(id(bot))
        await asyncio.wait_for(bot.close(), STOP_TIMEOUT)
        await asyncio.wait_for(task, STOP_TIMEOUT)

    async def stop_all(self) -> None:
        for bot, _ in list(self.running.values()):
            await self.stop(bot)


@pytest.fixture
async def bot_runner(fake_discord: FakeDiscord, floorcall_db: Path) -> AsyncIterator[BotRunner]:
    runner = BotRunner(fake_discord, floorcall_db)
    try:
        yield runner
    finally:
        await runner.stop_all()
    fake_discord.assert_clean()


@pytest.fixture
def start_bot(bot_runner: BotRunner) -> Callable[..., Awaitable[Any]]:
    return bot_runner.start


@pytest.fixture
def stop_bot(bot_runner: BotRunner) -> Callable[[Any], Awaitable[None]]:
    return bot_runner.stop


@contextlib.asynccontextmanager
async def running_bot(fake: FakeDiscord, db_path: str, monkeypatch: pytest.MonkeyPatch,
                      extensions: tuple[str, ...], **options: Any) -> AsyncIterator[Any]:
    """A real FloorcallBot with only `extensions`, logged in to the fake Discord, closed after.
    `guild_ready_timeout` is short by default: otherwise every start waits two seconds."""
    from cogs.app import FloorcallBot

    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url))
    options.setdefault("guild_ready_timeout", 0.05)
    options.setdefault("warm_lookup", False)
    bot = FloorcallBot(db_path=db_path, extensions=extensions, **options)
    task = asyncio.create_task(bot.start(fake.token))
    try:
        await fake.wait_for(lambda: bot.is_ready() or task.done(), what="bot ready")
        if task.done():
            task.result()
        yield bot
    finally:
        await bot.close()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
