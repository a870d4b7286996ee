"""Time to rule on the Illustration Addendum's rule-49 Example 1, ours beside PokerKit, in one run.

    python bench/bench_ruling.py [--runs 3000]

Ours: the whole `handle()` on the `ruling` line (parse + rule + build the reply), then rendered
to text, and separately to JSON (`json.dumps(reply.to_json())`, what the console writes), plus the
engine alone (`parse_hand` + `rule_hand`). PokerKit 0.7.7: create a no-limit state for the same
five players and play the same betting (A bets 100, B all-in 125, C calls, D all-in 200, E
calls), then ask whether A may raise and the minimum. PokerKit has no "flop only" state and insists on
some forced bet, so the street is played as its first betting round with an ante of 1 from each
player instead of blinds (antes are collected before the betting, so the round opens at 0 with A
first, like a flop) and a minimum bet of 100; stacks are set so that B and D are all-in at 125 and
200. The decision at the end is the same (A may raise, to 300); the script checks both sides give
it before timing.

Every figure is the median of per-call wall-clock times after a warm-up, measured in this one
process, so the ratio compares like with like (target: ours at least 10x faster). Nothing here
asserts beyond the two answers being the same.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pokerkit import Automation, Mode, NoLimitTexasHoldem  # noqa: E402

from engine.notation import parse_hand  # noqa: E402
from engine.rulesets import RULESETS  # noqa: E402
from engine.rulings import rule_hand  # noqa: E402
from handlers.context import Context  # noqa: E402
from handlers.dispatch import handle  # noqa: E402

HAND = "NL 50/100 flop: A bet 100, B allin 125, C call, D allin 200, E call"
LINE = "ruling " + HAND
CTX = Context(lang="en", ruleset_id="tda2026")
AUTOMATIONS = (
    Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING, Automation.RUNOUT_COUNT_SELECTION,
)
STACKS = (10_001, 126, 10_001, 201, 10_001)  # A B C D E, each with the 1-chip ante on top


def ours_text() -> str:
    return handle(LINE, CTX).text


def ours_json() -> str:
    return json.dumps(handle(LINE, CTX).to_json(), ensure_ascii=False)


def ours_engine() -> tuple[bool, int | None]:
    o = rule_hand(parse_hand(HAND), RULESETS["tda2026"]).options
    return o.can_raise, o.min_raise_to


PARSED = parse_hand(HAND)


def ours_parse() -> object:
    return parse_hand(HAND)


def ours_rule() -> object:
    return rule_hand(PARSED, RULESETS["tda2026"])


def pokerkit_play() -> tuple[bool, int | None]:
    st = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 1, 0, 100, STACKS, 5, mode=Mode.TOURNAMENT)
    st.complete_bet_or_raise_to(100)  # A bets
    st.complete_bet_or_raise_to(125)  # B all-in
    st.check_or_call()  # C calls
    st.complete_bet_or_raise_to(200)  # D all-in
    st.check_or_call()  # E calls
    assert st.actor_index == 0
    return st.can_complete_bet_or_raise_to(), st.min_completion_betting_or_raising_to_amount


def median_us(fn: Callable[[], object], runs: int) -> float:
    for _ in range(min(200, runs)):
        fn()
    times = []
    clock = time.perf_counter_ns
    for _ in range(runs):
        t0 = clock()
        fn()
        times.append(clock() - t0)
    return statistics.median(times) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3000)
    args = parser.parse_args()

    out = json.loads(ours_json())
    ours_answer = (out["to_act"], out["can_raise"], out["min_raise_to"])
    pk_answer = pokerkit_play()
    print(f"hand: {LINE}")
    print(f"answer: ours {ours_answer}, PokerKit A can raise {pk_answer[0]}, min {pk_answer[1]}")
    if ours_answer != ("A", *pk_answer):
        print("the two sides disagree on this hand; timings are not comparable")
        sys.exit(1)

    text_us = median_us(ours_text, args.runs)
    json_us = median_us(ours_json, args.runs)
    engine_us = median_us(ours_engine, args.runs)
    parse_us = median_us(ours_parse, args.runs)
    rule_us = median_us(ours_rule, args.runs)
    pk_us = median_us(pokerkit_play, args.runs)
    print(f"ours, handle() to text:         median {text_us:8.1f} µs")
    print(f"ours, handle() to JSON:         median {json_us:8.1f} µs")
    print(f"ours, parse + rule only:        median {engine_us:8.1f} µs")
    print(f"  of which parse_hand:          median {parse_us:8.1f} µs")
    print(f"  of which rule_hand:           median {rule_us:8.1f} µs")
    print(f"PokerKit, create state + play:  median {pk_us:8.1f} µs")
    print(f"ratio PokerKit / ours: text {pk_us / text_us:.1f}x, JSON {pk_us / json_us:.1f}x, "
          f"engine {pk_us / engine_us:.1f}x (target: ours >= 10x faster)")


if __name__ == "__main__":
    main()
