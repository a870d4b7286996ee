"""Real bot processes for tests: `python tests/fakediscord/launch.py` (bot.py pointed at the fake
Discord) with its own environment; stderr is collected line by line for the test to read."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

from fakediscord import FakeDiscord

LAUNCH = Path(__file__).resolve().parent / "fakediscord" / "launch.py"
READY_TIMEOUT = 60.0  # a loaded CI machine imports discord.py slowly


class BotProcess:
    def __init__(self, fake: FakeDiscord, db: str, *, shard_count: int | None = None, shard_ids: str | None = None,
                 lease: float | None = None, env: dict[str, str] | None = None,
                 preexec: Callable[[], None] | None = None) -> None:
        # `preexec`: run in the child before exec (e.g. dropping root's file-mode capabilities).
        self.preexec = preexec
        self.env = dict(os.environ)
        self.env.update({"DISCORD_TOKEN": fake.token, "FLOORCALL_DB": db, "FAKE_DISCORD_API": fake.api_base,
                         "FAKE_DISCORD_GATEWAY": fake.gateway_url, "PYTHONUNBUFFERED": "1",
                         # No lookup warm-up: its CPU at start would move these tests' timings.
                         "FLOORCALL_WARM": "0"})
        for key in ("SHARD_COUNT", "SHARD_IDS", "FLOORCALL_TEST_LEASE"):
            self.env.pop(key, None)
        if shard_count is not None:
            self.env["SHARD_COUNT"] = str(shard_count)
        if shard_ids is not None:
            self.env["SHARD_IDS"] = shard_ids
        if lease is not None:
            self.env["FLOORCALL_TEST_LEASE"] = str(lease)
        self.env.update(env or {})
        self.proc: asyncio.subprocess.Process | None = None
        self.lines: list[str] = []
        self._reader: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()

    async def start(self, *, wait_ready: bool = True) -> BotProcess:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, str(LAUNCH), env=self.env, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT, preexec_fn=self.preexec)
        self._reader = asyncio.create_task(self._read())
        if wait_ready:
            waiter = asyncio.create_task(self._ready.wait())
            done, _ = await asyncio.wait({waiter, asyncio.ensure_future(self.proc.wait())}, timeout=READY_TIMEOUT,
                                         return_when=asyncio.FIRST_COMPLETED)
            if waiter not in done:
                waiter.cancel()
                raise AssertionError("bot process not ready:\n" + self.output[-3000:])
        return self

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        async for raw in self.proc.stdout:
            line = raw.decode(errors="replace").rstrip("\n")
            self.lines.append(line)
            if " ready as " in line:
                self._ready.set()

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    def kill9(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)

    async def terminate(self, timeout: float = 20.0) -> int:
        """SIGTERM, then the exit status (SIGKILL if it does not exit within `timeout`)."""
        assert self.proc is not None
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            rc = await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            self.proc.kill()
            rc = await self.proc.wait()
        if self._reader is not None:
            await asyncio.wait_for(self._reader, 5)
        return rc

    async def wait_exit(self, timeout: float = 60.0) -> int:
        assert self.proc is not None
        rc = await asyncio.wait_for(self.proc.wait(), timeout)
        if self._reader is not None:
            await asyncio.wait_for(self._reader, 5)
        return rc
