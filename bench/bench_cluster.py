"""Interactions through the fake Discord: latency, throughput and memory of real bot processes.

    python bench/bench_cluster.py [--n 1000] [--concurrency 1 50] [--setups sqlite pg2]

For each setup -- `sqlite`: one process on an SQLite file; `pg2`: two processes (SHARD_COUNT=2,
SHARD_IDS 0 and 1) on one PostgreSQL started here -- the bot runs as `python bot.py` (through
tests/fakediscord/launch.py, which only points it at the fake), and this script plays Discord:
`n` interactions, half `/ruling` and half `/rule` (a rule number, or a few words), each from a
new user (no cooldown), spread over one guild per shard. At concurrency c it keeps c
interactions outstanding. Printed per setup and concurrency:

- p50 / p99 from sending INTERACTION_CREATE to the bot's callback arriving at the fake (ms),
- interactions answered a second (wall clock over the whole batch, and per process),
- how many came past Discord's 3 s deadline, and how many were lost (never answered),
- RSS of each bot process after login and after the batches (MB; the lookup's sentence encoder
  is not loaded: the rule lookup here is the lexical one),
- the bots' CPU time per interaction (all threads, from /proc): what one process could answer a
  second on a core of its own, without the fake Discord and the other processes beside it.

The fake Discord, the bots and PostgreSQL share this machine's cores, as they did when the
issue's baseline was taken; the figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

HANDS = [
    "NL 100/200 flop: A bet 600, B raise 1600, C raise 3600, D?",
    "NL 50/100 flop: A bet 100, B allin 125, C call, D allin 200, E call",
    "NL 250/500 preflop: A raise 1100, B call, C allin 1500",
]
RULES = ["45", "40", "string bet", "oversized chip", "one player to a hand"]
DEADLINE = 3.0


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (from /proc/<pid>/stat)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def batch(fake, channels: list[int], n: int, concurrency: int) -> dict[str, float]:
    """`n` interactions, at most `concurrency` outstanding; latencies from the fake's records."""
    sem = asyncio.Semaphore(concurrency)
    kinds = itertools.cycle([("ruling", "hand", HANDS), ("rule", "query", RULES)])
    # Both kinds to every guild (i // 2: /ruling and /rule alternate, so i % 2 would send all of
    # one kind to one process).
    jobs = [(name, {opt: values[i % len(values)]}, channels[(i // 2) % len(channels)])
            for i, (name, opt, values) in zip(range(n), kinds, strict=False)]
    inters = []
    lost = 0

    async def one(name: str, options: dict[str, str], channel: int) -> None:
        nonlocal lost
        async with sem:
            inter = await fake.slash(name, channel_id=channel, **options)
            inters.append(inter)
            try:
                await inter.wait_answered(timeout=10)
            except AssertionError:
                lost += 1

    started = time.monotonic()
    await asyncio.gather(*(one(*job) for job in jobs))
    wall = time.monotonic() - started
    lat = [(i.callback_at - i.created) * 1000 for i in inters if i.callback_at is not None]
    return {"p50": statistics.median(lat), "p99": pct(lat, 99), "rate": len(lat) / wall,
            "late": sum(1 for v in lat if v > DEADLINE * 1000), "lost": lost, "wall": wall}


async def run_setup(setup: str, n: int, concurrencies: list[int]) -> None:
    from botproc import BotProcess
    from fakediscord.server import FakeDiscord

    fake = FakeDiscord(interaction_deadline=DEADLINE)
    await fake.start()
    server = None
    procs: list[BotProcess] = []
    tmp = tempfile.mkdtemp(prefix="floorcall-bench-")
    try:
        if setup == "sqlite":
            _, ch = fake.add_guild()
            channels = [ch]
            procs.append(BotProcess(fake, os.path.join(tmp, "bench.db")))
        else:
            from pgtest import PgServer

            server = PgServer()
            server.start()
            url = server.create_db("bench")
            channels = [fake.add_guild(shard=(i, 2))[1] for i in range(2)]
            procs += [BotProcess(fake, url, shard_count=2, shard_ids=str(i)) for i in range(2)]
        for p in procs:
            await p.start()
        assert all(p.proc is not None for p in procs)
        login = [rss_mb(p.proc.pid) for p in procs]  # type: ignore[union-attr]
        await batch(fake, channels, 60, 4)  # warm-up: first lookups, first embeds
        label = "1 process, SQLite" if setup == "sqlite" else "2 processes, PostgreSQL"
        for c in concurrencies:
            pids = [p.proc.pid for p in procs]  # type: ignore[union-attr]
            cpu0, fake0 = sum(cpu_seconds(pid) for pid in pids), time.process_time()
            r = await batch(fake, channels, n, c)
            cpu_ms = (sum(cpu_seconds(pid) for pid in pids) - cpu0) / n * 1000
            fake_ms = (time.process_time() - fake0) / n * 1000
            per = r["rate"] / len(procs)
            rss = ", ".join(f"{rss_mb(p.proc.pid):.0f}" for p in procs)  # type: ignore[union-attr]
            print(f"{label:24} c={c:<3} n={n}: p50 {r['p50']:6.1f} ms  p99 {r['p99']:6.1f} ms  "
                  f"{r['rate']:6.0f}/s ({per:.0f}/s per process)  past 3 s: {r['late']}  lost: {r['lost']}  "
                  f"RSS {rss} MB  CPU/interaction: bots {cpu_ms:.2f} ms, fake Discord {fake_ms:.2f} ms")
        after = [rss_mb(p.proc.pid) for p in procs]  # type: ignore[union-attr]
        for i, (a, b) in enumerate(zip(login, after, strict=True)):
            print(f"{label:24} process {i + 1}: RSS {a:.0f} MB after login, {b:.0f} MB after the batches")
        errors = [e for e in fake.protocol_errors if "10062" in e]
        print(f"{label:24} fake Discord protocol errors: {len(fake.protocol_errors)} ({len(errors)} past deadline)")
    finally:
        for p in procs:
            if p.proc is not None and p.proc.returncode is None:
                await p.terminate()
        await fake.stop()
        if server is not None:
            server.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 50])
    parser.add_argument("--setups", nargs="+", default=["sqlite", "pg2"], choices=["sqlite", "pg2"])
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f}")
    # The rule lookup scans its corpus once per machine into FLOORCALL_CACHE_DIR; do it here, so
    # the bots' RSS is that of a bot started on a machine that has run before.
    cache = tempfile.mkdtemp(prefix="floorcall-bench-cache-")
    os.environ.setdefault("FLOORCALL_CACHE_DIR", cache)
    from handlers.dispatch import handle

    handle("rule 45 string bet", __import__("handlers.context", fromlist=["Context"]).Context())
    for setup in args.setups:
        asyncio.run(run_setup(setup, args.n, args.concurrency))


if __name__ == "__main__":
    main()
