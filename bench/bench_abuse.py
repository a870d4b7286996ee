"""What a flood or a cold start costs everyone else: `/help` latency beside hostile load (issue 28).

    python bench/bench_abuse.py [--seconds 3] [--rate 1000] [--cold]

The real bot (discord.py) and the fake Discord run in this process, as in the tests. Printed:

- **autocomplete flood**: one user sends `rate` autocompletes a second for `seconds`, while
  other users send `/help` every 50 ms; the `/help` latency (INTERACTION_CREATE sent -> callback
  at the fake, ms: median, p90, max), how many autocompletes reached the lookup, and how many
  answered past Discord's 3 s;
- **cold start** (`--cold`, with an empty FLOORCALL_CACHE_DIR): a bot starts, a sentence `/rule`
  comes at once, and `/help` every 100 ms for 10 s: the `/help` latency, how long the sentence took
  and whether it said the meaning search was still loading, and when the warm-up was done.

Figures are printed, never asserted; the machine's other load moves them.
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))


def figures(xs: list[float]) -> str:
    if not xs:
        return "none"
    lost = sum(x == float("inf") for x in xs)
    xs = sorted(x for x in xs if x != float("inf")) or [float("nan")]
    return (f"{lost} unanswered, median {statistics.median(xs) * 1000:.0f} ms, p90 {xs[int(len(xs) * 0.9)] * 1000:.0f} ms, "
            f"max {xs[-1] * 1000:.0f} ms (n={len(xs)})")


async def latency(inter: Any) -> float:
    """Seconds to the callback; infinity for one never answered (or answered too late to count)."""
    try:
        await inter.wait_answered(timeout=10)
    except AssertionError:
        return float("inf")
    assert inter.callback_at is not None
    return float(inter.callback_at - inter.created)


async def with_bot(fn: Any, **options: Any) -> None:
    import discord
    import discord.gateway
    import discord.http
    import yarl
    from fakediscord.server import FakeDiscord

    from cogs.app import FloorcallBot

    fake = FakeDiscord()
    await fake.start()
    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    with tempfile.TemporaryDirectory() as tmp:
        bot = FloorcallBot(db_path=Path(tmp) / "floorcall.db", guild_ready_timeout=0.05, **options)
        task = asyncio.create_task(bot.start(fake.token))
        await fake.wait_for(bot.is_ready, 30, "bot ready")
        try:
            await fn(fake, bot)
        finally:
            await bot.close()
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            await fake.stop()


async def flood(seconds: float, rate: int) -> None:
    async def run(fake: Any, bot: Any) -> None:
        from cogs.rule import lookup_choices

        lane = getattr(bot, "lookup_executor", bot.executor)  # (an older bot had the one worker)
        await asyncio.get_running_loop().run_in_executor(lane, lookup_choices, "x", "en", "tda2026")
        typist = fake.user("typist")
        sent: list[Any] = []
        helps: list[Any] = []

        async def type_fast() -> None:
            n = int(seconds * rate)
            began = time.monotonic()
            for i in range(n):
                sent.append(await fake.autocomplete("rule", "query", user=typist, query=f"string bet {i % 50}"))
                wait = began + (i + 1) / rate - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)

        async def ask_help() -> None:
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                helps.append(await fake.slash("help", user=fake.user("elsewhere")))
                await asyncio.sleep(0.05)

        await asyncio.gather(type_fast(), ask_help())
        times = [await latency(h) for h in helps]
        answers = [await latency(a) for a in sent]
        print(f"autocomplete flood ({rate}/s for {seconds:.0f} s, {len(sent)} sent): /help {figures(times)}")
        dropped = bot.autocompletes.dropped if hasattr(bot, "autocompletes") else 0
        print(f"  autocompletes: {len(sent) - dropped} reached the lookup, "
              f"{dropped} dropped as stale, {sum(t > 3 for t in answers)} past 3 s; "
              f"their answers {figures(answers)}")

    await with_bot(run, **({"warm_lookup": False} if _has_warm_up() else {}))


async def cold() -> None:
    async def run(fake: Any, bot: Any) -> None:
        began = time.monotonic()
        rule = await fake.slash("rule", query="the player said raise but only pushed out chips for a call, what now")
        answered: list[float] = []
        first = asyncio.create_task(rule.wait_final(timeout=120))
        first.add_done_callback(lambda _t: answered.append(time.monotonic() - began))
        helps: list[Any] = []
        while time.monotonic() - began < 10:
            helps.append(await fake.slash("help", user=fake.user("elsewhere")))
            await asyncio.sleep(0.1)
        [msg] = await first
        took = answered[0]
        footer = (msg["embeds"][-1].get("footer") or {}).get("text", "")
        times = [await latency(h) for h in helps]
        print(f"cold start: /help during the first 10 s {figures(times)}, "
              f"{sum(h.deferred for h in helps)} deferred")
        print(f"  first sentence /rule: first answer by {took:.1f} s, deferred={rule.deferred}, "
              f"said still loading={'still loading' in footer}")
        if getattr(bot, "lookup_warm_thread", None) is not None:
            await asyncio.get_running_loop().run_in_executor(None, bot.lookup_warm_thread.join, 300)
            print(f"  warm-up done {time.monotonic() - began:.1f} s after start")

    with tempfile.TemporaryDirectory() as cache:
        os.environ["FLOORCALL_CACHE_DIR"] = cache
        await with_bot(run, **({"warm_lookup": True} if _has_warm_up() else {}))


def _has_warm_up() -> bool:
    import inspect

    from cogs.app import FloorcallBot

    return "warm_lookup" in inspect.signature(FloorcallBot.__init__).parameters


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rate", type=int, default=1000)
    parser.add_argument("--cold", action="store_true", help="also the cold start (an empty cache: slow)")
    parser.add_argument("--cold-only", action="store_true", help="only the cold start")
    args = parser.parse_args()
    args.cold = args.cold or args.cold_only
    if not args.cold_only:
        asyncio.run(flood(args.seconds, args.rate))
    if args.cold:
        asyncio.run(cold())


if __name__ == "__main__":
    main()
