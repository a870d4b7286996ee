"""The large differential run against PokerKit 0.7.7: random no-limit hands until 100k decisions.

    python bench/bench_differential.py [--decisions 100000] [--seed 2026] [--show 5]

Same play, translation and filters as the suite's `tests/test_differential_pokerkit.py` (see
`tests/pokerkit_diff.py`), on many more hands. Prints agreements, disagreements and the skips per
reason (PokerKit's four known departures from TDA 2026, and the stack limits our engine cannot
know), how many skipped decisions actually differed, one example of each, and the first
disagreements with their hands in our notation. Exit status 1 if any disagreement was found.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.pokerkit_diff import REASONS, STACK_FILTERS, Counts, play_hand  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--show", type=int, default=5, help="disagreements to print in full")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    counts = Counts()
    start = time.perf_counter()
    while counts.decisions < args.decisions:
        counts.merge(play_hand(rng))
    elapsed = time.perf_counter() - start

    compared = counts.agreed + len(counts.disagreements)
    print(f"hands {counts.hands}, decisions {counts.decisions} in {elapsed:.1f} s "
          f"({elapsed / counts.decisions * 1e6:.0f} µs per decision, both sides)")
    print(f"compared {compared}: agreed {counts.agreed} (minimum capped at the player's all-in: {counts.agreed_capped}), "
          f"disagreed {len(counts.disagreements)}")
    print(f"vacuous decisions (PokerKit asks a check nobody can answer; ours: round over): {counts.vacuous}")
    print(f"street ends agreed: {counts.street_ends}")
    print("skipped, PokerKit's known departures from TDA 2026 (skipped / of which differing):")
    for reason in REASONS:
        print(f"  {reason:18} {counts.skipped.get(reason, 0):7} / {counts.skipped_differing.get(reason, 0)}")
    print("skipped, stack limits our engine does not know:")
    for reason in STACK_FILTERS:
        print(f"  {reason:18} {counts.skipped.get(reason, 0):7}")
    for example in counts.examples.values():
        print(f"\nexample of {example}")
    for d in counts.disagreements[: args.show]:
        print(f"\nDISAGREEMENT {d}")
    return 1 if counts.disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
