"""Settling pots: the large differential run against PokerKit 0.7.7, and the speed of one settle.

    python bench/bench_pots.py [--hands 10000] [--seed 2026] [--show 5] [--repeat 2000]

1. Plays `--hands` random whole hands in PokerKit, types each as one `pot` line and settles it
   with our engine (see `tests/pokerkit_pots.py`); prints the hands compared, pots, side pots,
   returned bets, ties and odd chips, the documented differences per rule, and the first
   disagreements. Exit status 1 if any disagreement was found.
2. Times one 9-player hand with four all-ins of different sizes, in the same run:
   * settling alone: `engine.pots.settle` from the contributions, against PokerKit computing
     `State.pots` for the same finished betting (pots only), and against PokerKit settling it
     once the hands are shown (killing the losers, pushing each pot to its winners, pulling:
     what `settle` does with the showdown result; PokerKit's hand evaluation is not timed);
   * the whole hand: our line read, ruled street by street and settled, against PokerKit
     creating the state, playing the same actions, showing the hands and pushing the chips.
   Each is the best of five runs of `--repeat` settles; the ratio is PokerKit / ours.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pokerkit import Automation, Mode, NoLimitTexasHoldem  # noqa: E402

from engine.hands.hand import rule_whole  # noqa: E402
from engine.notation.streets import parse_whole  # noqa: E402
from engine.pots import settle  # noqa: E402
from engine.rulesets import RULESETS  # noqa: E402
from tests.pokerkit_pots import REASONS, Counts, play_hand  # noqa: E402

RS = RULESETS["tda2026"]
# PokerKit seats 0..8: 0 = SB, 1 = BB, then 2..8. Four short stacks go all-in preflop.
STACKS = [20000, 20000, 1000, 2500, 20000, 4000, 20000, 6000, 20000]
LINE = ("pot NL 100/200 ante 25 stacks P2 1000 P3 2500 P4 20000 P5 4000 P6 20000 P7 6000 P8 20000 P0 20000 "
        "P1 20000 preflop: P2 allin, P3 allin, P4 call, P5 allin, P6 call, P7 allin, P8 fold, P0 call, P1 call, "
        "P4 call, P6 call; flop: P0 check, P1 check, P4 check, P6 check; turn: P0 check, P1 check, P4 check, "
        "P6 check; river: P0 check, P1 check, P4 check, P6 check; showdown: P3 > P2 = P7 > P5 > P0 > P1 = P4 = P6")
# By PokerKit seat, so the cards give the line's showdown on this board (no straight, no flush).
HOLES = ["6c6d", "2c3d", "8c8d", "AcAd", "4h5d", "7c7d", "2d4s", "8h8s", "3c5s"]
BOARD = ("AsKdQh", "Js", "9c")
AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
               Automation.CARD_BURNING, Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
               Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)


# Without the showdown and the chips moving, to time PokerKit settling a hand already played.
BETTING_ONLY = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
                Automation.CARD_BURNING)


def _pokerkit_hand(finish: bool = True, automations: tuple[Automation, ...] = AUTOMATIONS):
    st = NoLimitTexasHoldem.create_state(automations, True, 25, (100, 200), 200, STACKS, 9, mode=Mode.TOURNAMENT)
    while st.can_deal_hole():
        st.deal_hole(HOLES[st.hole_dealee_index])
    for kind in ("allin", "allin", "call", "allin", "call", "allin", "fold"):  # P2 ... P8
        seat = st.actor_index
        if kind == "allin":
            st.complete_bet_or_raise_to(st.stacks[seat] + st.bets[seat])
        elif kind == "call":
            st.check_or_call()
        else:
            st.fold()
    while st.actor_index is not None and st.street_index == 0:  # P0, P1, then P4 and P6 again
        st.check_or_call()
    if not finish:
        return st
    for board in BOARD:
        st.deal_board(board)
        while st.actor_index is not None:
            st.check_or_call()
    return st


def _best(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best


def timing(repeat: int) -> None:
    wh = parse_whole(LINE.removeprefix("pot "))
    h = rule_whole(wh, RS)
    assert len(h.allin) == 4, h.allin

    def ours_settle() -> object:
        return settle(h.contributions, h.folded, h.table, RS, wh.showdown, dead=h.dead, allin=h.allin,
                      last_aggressor=h.last_aggressor)

    def ours_whole() -> object:
        w = parse_whole(LINE.removeprefix("pot "))
        r = rule_whole(w, RS)
        return settle(r.contributions, r.folded, r.table, RS, w.showdown, dead=r.dead, allin=r.allin,
                      last_aggressor=r.last_aggressor)

    s = ours_settle()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        done = _pokerkit_hand(finish=False)
        pk_pots = list(done.pots)
        print(f"the hand: {len(s.pots)} pots ({', '.join(str(p.amount) for p in s.pots)}); "
              f"PokerKit after the preflop: {len(pk_pots)} pots ({', '.join(str(p.amount) for p in pk_pots)})")
        pk_settle = _best(lambda: list(done.pots), repeat)
        pk_whole = _best(_pokerkit_hand, max(1, repeat // 10))
        # PokerKit settling the same hand: states played to the end of the betting and the cards
        # shown beforehand (not timed: showing is where PokerKit evaluates the hands, and our
        # settle is given the showdown result), then timed from there to the payoffs.
        pk_award = float("inf")
        for _ in range(3):
            played = [_pokerkit_hand(automations=BETTING_ONLY) for _ in range(max(20, repeat // 20))]
            for st in played:
                while st.can_show_or_muck_hole_cards():
                    st.show_or_muck_hole_cards(True)
            start = time.perf_counter()
            for st in played:
                while st.can_kill_hand():
                    st.kill_hand()
                while st.can_push_chips():
                    st.push_chips()
                while st.can_pull_chips():
                    st.pull_chips()
            pk_award = min(pk_award, (time.perf_counter() - start) / len(played))
            assert all(not st.status for st in played)
    our_settle = _best(ours_settle, repeat)
    our_whole = _best(ours_whole, max(1, repeat // 10))
    print(f"settle a 9-player hand with four all-ins: ours {our_settle * 1e6:.1f} µs, "
          f"PokerKit (State.pots) {pk_settle * 1e6:.1f} µs: PokerKit / ours = {pk_settle / our_settle:.1f}x")
    print(f"settle and award it (pots, odd chips, payoffs): ours {our_settle * 1e6:.1f} µs, PokerKit (kill, push, "
          f"pull, the hands shown) {pk_award * 1e6:.1f} µs: PokerKit / ours = {pk_award / our_settle:.1f}x")
    print(f"the whole hand, typed line to payoffs: ours {our_whole * 1e6:.0f} µs, PokerKit (create, play, show, "
          f"push) {pk_whole * 1e6:.0f} µs: PokerKit / ours = {pk_whole / our_whole:.2f}x")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--show", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=2000)
    args = parser.parse_args()

    timing(args.repeat)
    rng = random.Random(args.seed)
    counts = Counts()
    start = time.perf_counter()
    for _ in range(args.hands):
        counts.merge(play_hand(rng))
    counts.lines.clear()
    elapsed = time.perf_counter() - start
    print(f"differential: {counts.hands} hands in {elapsed:.1f} s; {counts.summary()}")
    for reason in REASONS:
        print(f"  documented difference {reason:18} {counts.skipped.get(reason, 0):6}")
    for d in counts.disagreements[: args.show]:
        print(f"\nDISAGREEMENT {d}")
    return 1 if counts.disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
