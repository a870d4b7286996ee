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
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

# Hands at 40 stakes (k = 1..40): no two interactions in a row send the same text, so nothing
# on the way (a cache of escaped text, of parsed hands) is measured warmer than a real table's.
HANDS = [
    "NL {b}/{bb} flop: A bet {b6}, B raise {b16}, C raise {b36}, D?",
    "NL {b}/{bb} flop: A bet {bb}, B allin {b5h}, C call, D allin {b4}, E call",
    "NL {b5h}/{b5} preflop: A raise {b11}, B call, C allin {b15}",
]


def hand(i: int) -> str:
    b = 25 * (1 + (i // len(HANDS)) % 40)
    return HANDS[i % len(HANDS)].format(b=b, bb=2 * b, b4=4 * b, b5=5 * b, b5h=5 * b // 2, b6=6 * b, b11=11 * b,
                                        b15=15 * b, b16=16 * b, b36=36 * b)


# Numbers and terms only: a sentence ("one player to a hand") would load the sentence encoder
# (about 140 MB more), and the RSS target is for a bot without it. main() checks this.
RULES = ["45", "40", "string bet", "oversized chip", "misdeal", "オーバーチップ"]
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
    # /ruling and /rule alternate; both kinds to every guild (i // 2: i % 2 would send all of one
    # kind to one process).
    jobs = [("ruling", {"hand": hand(i // 2)}, channels[(i // 2) % len(channels)]) if i % 2 == 0 else
            ("rule", {"query": RULES[(i // 2) % len(RULES)]}, channels[(i // 2) % len(channels)])
            for i in range(n)]
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


async def run_setup(setup: str, n: int, concurrencies: list[int], profile: str | None = None) -> None:
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
            env = {"FLOORCALL_PROFILE": os.path.join(profile, "sqlite.prof")} if profile else None
            procs.append(BotProcess(fake, os.path.join(tmp, "bench.db"), env=env))
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
    parser.add_argument("--profile", metavar="DIR", help="cProfile the SQLite bot's event loop into DIR/sqlite.prof")
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f}")
    # The rule lookup scans its corpus once per machine into FLOORCALL_CACHE_DIR; do it here, so
    # the bots' RSS is that of a bot started on a machine that has run before.
    cache = tempfile.mkdtemp(prefix="floorcall-bench-cache-")
    os.environ.setdefault("FLOORCALL_CACHE_DIR", cache)
    from engine.rulesets import get_ruleset
    from handlers.context import Context
    from handlers.dispatch import handle
    from handlers.lookup import index_for
    from handlers.lookup.fusion import is_sentence

    handle("rule 45 string bet", Context())
    idx = index_for(get_ruleset(Context().ruleset_id))
    sentences = [q for q in RULES if is_sentence(q, idx.lexical(q))]
    assert not sentences, f"these queries would load the sentence encoder: {sentences}"
    for setup in args.setups:
        asyncio.run(run_setup(setup, args.n, args.concurrency, args.profile))


if __name__ == "__main__":
    main()
