"""Time to rule on a hand, ours beside PokerKit, interleaved in one process.

    python bench/bench_ruling.py [--runs 2000] [--repeats 3]

Two hands: the Illustration Addendum's rule-49 Example 1 (five actions) and a twelve-action flop
with re-raises, folds and a reopening, to show what each further action costs.

Ours, timed two ways (issue 10's targets):
- engine: `parse_hand` + `rule_hand` (target: at least 8x faster than PokerKit);
- JSON: the whole `handle()` on the `ruling` line (parse, rule, build the reply and its text),
  then the JSON line the console writes (`handlers.reply.dumps`) (target: at least 4x).
PokerKit 0.7.7: create a no-limit state for the same players and play the same betting, then ask
who acts, whether they may raise and the minimum. PokerKit has no "flop only" state and insists
on some forced bet, so the street is played as its first betting round with an ante of 1 from
each player instead of blinds (antes are collected before the betting, so the round opens at 0
with A first, like a flop) and a minimum bet of 100; stacks are set so that B and D are all-in
at 125 and 200 in the first hand. The decision at the end is the same on both sides; the script
checks that before timing.

Each repeat takes PokerKit, our engine and our JSON path in turn, `--batch` calls of each, until
each has been called `--runs` times, so all three see the same machine load; a figure is the
median of its per-call wall-clock times in that repeat, and a ratio is PokerKit's median over
ours in the same repeat. `--batch 1` alternates call by call: each call then starts with the
caches full of the other side's code and data, which costs our short calls proportionally more
(about +6 µs on the 5-action hand, against +5 µs for PokerKit's).

Our figures here are larger than the sum of the parts timed alone (parse_hand about 6 µs and
rule_hand about 17 µs alone, 30 µs one after the other; build_reply about 13 µs alone): each stage
runs with the caches full of the previous stage's code and data, and a pure-Python interpreter's
working set is large. Code that runs once per answer is never warm when it starts, so there a call
to a small function costs more than its work (the rulings' `_options` alone: about 1.5 µs timed
by itself, 4 µs in its place here). Measured: any other Python code run between two rulings (even
`textwrap.wrap`) costs the ruling 4 µs or so, so less code run per answer pays twice. The last line of
each hand is the median of the per-repeat ratios. Nothing here asserts beyond the answers being
the same; no result is cached by input (every call parses and rules afresh).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pokerkit import Automation, Mode, NoLimitTexasHoldem  # noqa: E402

from engine.betting.rulings import rule_hand  # noqa: E402
from engine.notation.read import parse_hand  # noqa: E402
from engine.rulesets import RULESETS  # noqa: E402
from handlers.context import Context  # noqa: E402
from handlers.dispatch import handle  # noqa: E402
from handlers.reply import dumps  # noqa: E402

CTX = Context(lang="en", ruleset_id="tda2026")
RULESET = RULESETS["tda2026"]
AUTOMATIONS = (
    Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING, Automation.RUNOUT_COUNT_SELECTION,
)
Answer = tuple[str | None, bool, int | None]


@dataclass(frozen=True)
class Case:
    name: str
    hand: str
    stacks: tuple[int, ...]  # each with the 1-chip ante on top
    moves: tuple[tuple[str, int | None], ...]  # PokerKit: ("bet", to) / ("call", None) / ("fold", None)

    @property
    def actions(self) -> int:
        return len(self.moves)


CASES = (
    Case("Addendum 49 example 1 (5 actions)",
         "NL 50/100 flop: A bet 100, B allin 125, C call, D allin 200, E call",
         (10_001, 126, 10_001, 201, 10_001),
         (("bet", 100), ("bet", 125), ("call", None), ("bet", 200), ("call", None))),
    Case("flop with re-raises (12 actions)",
         "NL 50/100 flop: A check, B bet 100, C raise 300, D call, E fold, F raise 900, A call, "
         "B raise 2700, C fold, D call, F raise 4500, A call",
         (100_001,) * 6,
         (("call", None), ("bet", 100), ("bet", 300), ("call", None), ("fold", None), ("bet", 900),
          ("call", None), ("bet", 2700), ("fold", None), ("call", None), ("bet", 4500), ("call", None))),
)


def pokerkit_play(case: Case) -> Answer:
    st = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 1, 0, 100, case.stacks, len(case.stacks),
                                         mode=Mode.TOURNAMENT)
    for move, to in case.moves:
        if move == "bet":
            st.complete_bet_or_raise_to(to)
        elif move == "call":
            st.check_or_call()
        else:
            st.fold()
    actor = st.actor_index
    return "ABCDEF"[actor] if actor is not None else None, st.can_complete_bet_or_raise_to(), \
        st.min_completion_betting_or_raising_to_amount


def ours_engine(case: Case) -> Answer:
    o = rule_hand(parse_hand(case.hand), RULESET).options
    return o.to_act, o.can_raise, o.min_raise_to


def ours_json(case: Case) -> str:
    return dumps(handle("ruling " + case.hand, CTX).to_json())


def interleaved(fns: list[Callable[[], object]], runs: int, batch: int) -> list[float]:
    """Median µs per call of each of `fns`, taken in turn `batch` calls at a time, after a warm-up."""
    for _ in range(min(200, runs)):
        for fn in fns:
            fn()
    times: list[list[int]] = [[] for _ in fns]
    clock = time.perf_counter_ns
    for _ in range(max(1, runs // batch)):
        for fn, out in zip(fns, times, strict=True):
            for _ in range(batch):
                t0 = clock()
                fn()
                out.append(clock() - t0)
    return [statistics.median(t) / 1000 for t in times]


def bench(case: Case, runs: int, repeats: int, batch: int) -> None:
    print(f"\nhand: {case.name}\n  ruling {case.hand}")
    ours, pk = ours_engine(case), pokerkit_play(case)
    if ours != pk:
        print(f"  the two sides disagree (ours {ours}, PokerKit {pk}); timings are not comparable")
        sys.exit(1)
    print(f"  answer (to act, may raise, minimum): ours {ours}, PokerKit {pk}")
    fns: list[Callable[[], object]] = [lambda: pokerkit_play(case), lambda: ours_engine(case), lambda: ours_json(case)]
    engine_ratios, json_ratios = [], []
    for rep in range(1, repeats + 1):
        pk_us, engine_us, json_us = interleaved(fns, runs, batch)
        engine_ratios.append(pk_us / engine_us)
        json_ratios.append(pk_us / json_us)
        print(f"  repeat {rep}: PokerKit {pk_us:7.1f} µs | ours engine {engine_us:6.1f} µs ({pk_us / engine_us:4.1f}x) "
              f"| ours handle()->JSON {json_us:6.1f} µs ({pk_us / json_us:4.1f}x) "
              f"| per action: engine {engine_us / case.actions:4.1f} µs, PokerKit {pk_us / case.actions:5.1f} µs")
    e, j = statistics.median(engine_ratios), statistics.median(json_ratios)
    print(f"  median ratio PokerKit / ours: engine {e:.1f}x (target >= 8x: {'met' if e >= 8 else 'NOT met'}), "
          f"handle()->JSON {j:.1f}x (target >= 4x: {'met' if j >= 4 else 'NOT met'})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--batch", type=int, default=10, help="calls of one side before the next side's turn")
    args = parser.parse_args()
    print(f"{args.runs} calls of each side per repeat, {args.batch} at a time")
    for case in CASES:
        bench(case, args.runs, args.repeats, args.batch)


if __name__ == "__main__":
    main()
