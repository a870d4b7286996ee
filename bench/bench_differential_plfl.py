"""The large pot-limit / fixed-limit whole-hand run against PokerKit 0.7.7.

    python bench/bench_differential_plfl.py [--hands 2000] [--seed 2026] [--games PL,FL]
        [--rulesets tda2026,tda2009,jp-basic] [--lang en|ja|ko] [--show 3]

Same play and comparison as `tests/test_rulings_pot_limit_fixed_limit.py` (see `tests/pokerkit_plfl.py`),
on many more hands: per game and ruleset, the decisions compared and agreed, the pot-limit maxima
(how many on the turn or river, how many held to the stack), the hands settled alike (pots, side
pots, chips given back), the decisions skipped per known departure and how many of them PokerKit
answers differently, with one example of each, and the first disagreements. Exit status 1 if any
disagreement was found. (jp-basic in fixed limit is left out: its five-bet cap is neither
PokerKit's four nor none; its own tests cover it.)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.pokerkit_plfl import run  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--games", default="PL,FL")
    parser.add_argument("--rulesets", default="tda2026,tda2009,jp-basic")
    parser.add_argument("--show", type=int, default=3)
    parser.add_argument("--lang", default="en", help="type the hands in en, ja or ko")
    args = parser.parse_args()
    bad = 0
    for game in args.games.split(","):
        for ruleset in args.rulesets.split(","):
            if game == "FL" and ruleset == "jp-basic":
                continue
            start = time.perf_counter()
            counts = run(args.hands, args.seed, game, ruleset, args.lang)
            elapsed = time.perf_counter() - start
            print(f"{game} {ruleset}: {counts.summary()} [{elapsed:.1f} s]")
            for kind, example in counts.examples.items():
                print(f"  e.g. skipped, {kind}:\n    " + str(example).replace("\n", "\n    "))
            for d in counts.disagreements[: args.show]:
                print("  " + str(d).replace("\n", "\n  "))
            bad += len(counts.disagreements)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
