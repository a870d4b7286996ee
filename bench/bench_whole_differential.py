"""Whole hands against PokerKit 0.7.7, at scale: every decision (pot-limit maxima too), street end and settled pot.

    python bench/bench_whole_differential.py [--hands 5000] [--seed 2026] [--show 5] [--ruleset tda2026]

The same hands, typing and comparisons as `tests/test_hands_streets_stacks_showdown.py` (see
`tests/pokerkit_whole.py`), on many more hands. Prints the counts (decisions agreed, street
openings and ends, pots, side pots, returned bets, split pots, odd chips, show orders compared),
the skips per reason and the first disagreements with their lines. Exit status 1 if any.
Under `jp-basic` the house minimum raise (twice the bet) and the call of a short all-in at the
minimum bet (seed 003) differ from PokerKit on purpose.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import tests.pokerkit_whole as whole  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--show", type=int, default=5)
    parser.add_argument("--ruleset", default="tda2026")
    args = parser.parse_args()
    if args.ruleset != "tda2026":
        ask = whole._ask
        whole._ask = lambda command, line, ruleset=args.ruleset: ask(command, line, ruleset)  # type: ignore[misc]
    start = time.perf_counter()
    counts = whole.run(args.hands, args.seed)
    took = time.perf_counter() - start
    print(counts.summary())
    print(f"{took:.1f} s, {1000 * took / max(1, counts.hands):.1f} ms a hand")
    for d in counts.disagreements[: args.show]:
        print()
        print(d)
    return 1 if counts.disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
