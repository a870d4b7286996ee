"""ICM equities (engine.desk.deal.icm, exact Malmuth–Harville in fractions) by field size, and the
whole `deal icm` reply through the dispatcher.

    python bench/bench_desk_icm.py [--repeat 20]

Printed per number of players (2–10, as many prizes as players: the most work): the median and
the worst time of one computation over `repeat` random fields, in ms. Printed, never asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.desk.deal import icm  # noqa: E402
from handlers.context import Context  # noqa: E402
from handlers.dispatch import handle  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    rng = random.Random(25)
    print("players  median ms  worst ms  (icm, as many prizes as players)")
    for n in range(2, 11):
        times = []
        for _ in range(args.repeat):
            stacks = [rng.randint(1_000, 500_000) for _ in range(n)]
            prizes = sorted((rng.randint(100, 100_000) for _ in range(n)), reverse=True)
            t = time.perf_counter()
            icm(stacks, prizes)
            times.append((time.perf_counter() - t) * 1000)
        print(f"{n:>7}  {statistics.median(times):>9.2f}  {max(times):>8.2f}")
    line = ("deal icm " + " ".join(f"P{i} {rng.randint(1_000, 500_000)}" for i in range(9))
            + " prizes " + " ".join(str(p) for p in sorted((rng.randint(100, 100_000) for _ in range(9)), reverse=True)))
    times = []
    for _ in range(args.repeat):
        t = time.perf_counter()
        reply = handle(line, Context())
        times.append((time.perf_counter() - t) * 1000)
        assert reply.ok
    print(f"deal icm reply, 9 players, 9 prizes: median {statistics.median(times):.2f} ms, worst {max(times):.2f} ms")


if __name__ == "__main__":
    main()
