"""Showdowns with cards: the 10,000-showdown differential against PokerKit 0.7.7, the settlement
time of a 9-player hand with three side pots, hand valuing against PokerKit's `Hand.from_game`,
and what importing PokerKit costs.

    python bench/bench_cards.py [--hands 10000] [--seed 2024] [--show 5] [--repeat 200] [--no-diff]

1. Plays `--hands` random showdowns (2-9 players; hold'em, Omaha and Omaha hi-lo; side pots and
   mucks) in PokerKit and through our `pot` command with the cards typed (tests/pokerkit_cards.py),
   and prints the counts, the documented differences and the first disagreements. Exit status 1
   if any disagreement was found.
2. Times one 9-player hand with three side pots (three all-ins preflop, a bet on the flop), typed
   with the cards, in hold'em and in Omaha hi-lo: the whole `pot` reply (reading, ruling the
   streets, valuing the hands, settling, words), and the showdown settlement alone (the cards
   checked and valued, the pots built and awarded: `apply_cards`, `settle_hand`, `hilo`). Best of
   five runs of `--repeat`.
3. Values one hand: our walk over PokerKit's lookup against `Hand.from_game` (hold'em, Omaha,
   Omaha 8-or-better low), best of five.
4. Imports PokerKit in a fresh interpreter: time and RSS added (median of five).

Last run here (2 shared cores under a load of 7-9 from the other engineers, Python 3.11.7,
December 2026), so every time below is an upper bound:
    10,000 showdowns (seed 2024): compared 9,124 (hold'em 3,093, Omaha 3,146, Omaha hi-lo 2,885;
    19,264 side pots, 784 split pots, 500 quartered, 1,264 scoops, 4,154 hi-lo pots with no low,
    569 mucks, 1,391 odd chips, 3,769 short all-ins winning the main pot only; 80,789 hand pairs
    compared with PokerKit's own), 0 disagreements; documented: low_outside_pot 225,
    odd_chips_merged 718; 1,004 s.
    9 players, three side pots: showdown settlement 0.4-0.8 ms hold'em, 1.7-2.0 ms Omaha hi-lo;
    the whole `pot` reply 1.2-5.0 ms hold'em, 3.4-9.9 ms Omaha hi-lo.
    one hand valued (random cards): ours 50-270 µs hold'em, 120-340 µs Omaha, 230-690 µs Omaha
    hi-lo both halves; PokerKit `Hand.from_game` 2.5-7 times that.
    import pokerkit: 0.20-0.25 s unloaded (0.47-0.63 s loaded), +17.2 MB RSS.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.hands.hand import rule_whole  # noqa: E402
from engine.pots.cards import evaluate  # noqa: E402
from handlers.cards import apply_cards, hilo  # noqa: E402
from handlers.context import Context  # noqa: E402
from handlers.pot import handle, read_whole, settle_hand  # noqa: E402

CTX = Context()
BETTING = ("stacks P2 1000 P3 2500 P4 20000 P5 4000 P6 20000 P7 6000 P8 20000 P0 20000 P1 20000 preflop: P2 allin, "
           "P3 allin, P4 call, P5 allin, P6 call, P7 fold, P8 fold, P0 call, P1 call, P4 call; flop: P0 bet 2000, "
           "P1 call, P4 call, P6 fold; turn: P0 check, P1 check, P4 check; river: P0 check, P1 check, P4 check; ")
HOLDEM = ("NL 100/200 " + BETTING + "showdown: P0 6c 6d, P1 2c 3d, P2 Ac Ad, P3 8c 8d, P4 4h 5d, P5 7c 7d; "
          "board As Kd Qh Js 9c")
HILO = ("NL omaha hi-lo 100/200 " + BETTING + "showdown: P0 6c 6d Th 2s, P1 2c 3d Kh Kc, P2 Ac Ad 4d 8h, "
        "P3 8c 8d Qs Jc, P4 4h 5d 7s 3s, P5 7c 7d Tc Td; board As Kd Qh 6h 2d")


def best_of(fn: Callable[[], object], repeat: int, runs: int = 5) -> float:
    """Seconds per call, best of `runs` runs of `repeat` calls."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best


def settlement(line: str, repeat: int, runs: int = 5) -> float:
    """Seconds for the showdown settlement alone, on a hand read and ruled outside the clock (read
    afresh for each call: the cards' checks set the hand's showdown), best of `runs`."""
    best = float("inf")
    for _ in range(runs):
        total = 0.0
        for _ in range(repeat):
            wh = read_whole(line, 0, CTX)
            h = rule_whole(wh, CTX.ruleset)
            start = time.perf_counter()
            shown = apply_cards(line, wh, h, CTX)
            hilo(settle_hand(wh, h, CTX), shown, h, wh, CTX)
            total += time.perf_counter() - start
        best = min(best, total / repeat)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--show", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--no-diff", action="store_true", help="skip the differential run")
    args = parser.parse_args()
    status = 0
    if not args.no_diff:
        from tests.pokerkit_cards import run

        start = time.perf_counter()
        counts = run(args.hands, args.seed)
        print(counts.summary())
        print(f"  ({time.perf_counter() - start:.0f} s)")
        for d in counts.disagreements[: args.show]:
            print(d)
        status = 1 if counts.disagreements else 0
    for name, line in (("hold'em", HOLDEM), ("Omaha hi-lo", HILO)):
        reply = handle(line, 0, CTX)
        assert reply.ok and len(reply.data["pots"]) == 4, reply.headline
        whole = best_of(partial(handle, line, 0, CTX), args.repeat)
        settle = settlement(line, args.repeat)
        print(f"9 players, three side pots, {name}: showdown settlement {settle * 1e3:.2f} ms "
              f"(cards checked and valued, pots built and awarded); whole pot reply {whole * 1e3:.2f} ms")
    from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand, StandardHighHand

    deck = [r + x for r in "23456789TJQKA" for x in "shdc"]
    rng = random.Random(args.seed)
    deals = []
    for _ in range(300):  # different cards at every call: nothing cached on either side
        rng.shuffle(deck)
        deals.append((deck[:4], deck[4:9]))

    def pokerkit_hilo(hole: str, board: str) -> None:
        OmahaHoldemHand.from_game(hole, board)
        OmahaEightOrBetterLowHand.from_game_or_none(hole, board)

    for name, game, count, theirs_fn in (
            ("hold'em", "holdem", 2, StandardHighHand.from_game), ("Omaha", "omaha", 4, OmahaHoldemHand.from_game),
            ("Omaha hi-lo (high and low)", "omaha_hilo", 4, pokerkit_hilo)):
        ours_best = theirs_best = float("inf")
        for _ in range(5):  # interleaved: the same load on both
            start = time.perf_counter()
            for hole, board in deals:
                evaluate(hole[:count], board, game)  # type: ignore[arg-type]
            ours_best = min(ours_best, (time.perf_counter() - start) / len(deals))
            start = time.perf_counter()
            for hole, board in deals:
                theirs_fn("".join(hole[:count]), "".join(board))
            theirs_best = min(theirs_best, (time.perf_counter() - start) / len(deals))
        print(f"one {name} hand valued: ours {ours_best * 1e6:.0f} µs, PokerKit Hand.from_game "
              f"{theirs_best * 1e6:.0f} µs ({theirs_best / ours_best:.1f}x)")
    probe = ("import time\n"
             "def rss():\n"
             "    return next(int(x.split()[1]) for x in open('/proc/self/status') if x.startswith('VmRSS'))\n"
             "r = rss(); t = time.perf_counter()\n"
             "import pokerkit\n"
             "print(time.perf_counter() - t, (rss() - r) / 1024)")
    runs = [subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
            for _ in range(5)]
    print(f"import pokerkit in a fresh interpreter: {statistics.median(float(t) for t, _ in runs):.3f} s, "
          f"+{statistics.median(float(m) for _, m in runs):.1f} MB RSS (median of 5)")
    return status


if __name__ == "__main__":
    sys.exit(main())
