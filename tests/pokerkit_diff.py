"""Differential play against PokerKit: random no-limit hands, every decision compared with our engine.

Shared by `tests/test_differential_pokerkit.py` (a few hundred hands) and
`bench/bench_differential.py` (the large run). Nothing here asserts; `run()` returns counts and
the disagreements, each with the hand written in our notation, so the caller decides.

How a hand is played and translated
-----------------------------------
PokerKit plays the hand with real stacks (so calls and raises that use a player's last chips are
all-ins, many of them short). Each street becomes one `ruling` line of our notation: the street,
`pot N` (what PokerKit has collected so far), `players` in PokerKit's acting order for the street
(only players with chips: folded and all-in players do not act again), and the street's actions so
far, each as our notation says — `fold`, `check`, `call`, `raise <total>` / `bet <total>`, and
`allin <total>` whenever the action left the player with no chips (a call for all of them too).
At each PokerKit decision we rule on the prefix plus `<player>?` and compare.

Names: preflop the blinds are `SB` and `BB` (PokerKit seats 0 and 1; heads-up seat 1 is the button
and posts the small blind) and the others `P2`...; after the flop the blinds are called `Small` and
`Big`, because our notation reads `SB` named in a two-player street as the heads-up button (36-C),
which is wrong for a hand that was three-handed or more when dealt.

What is compared
----------------
At every decision: who is to act, the amount to call (W − in), can-raise, and min-raise-to.

Our engine does not know stacks; PokerKit does. So, per decision:
  * PokerKit refuses a raise because the player's stack does not exceed the call ("covered"), or
    because no other player has chips above the current bet: that is a fact about chips, not the
    rules; the decision is counted under `stack_covered` / `stack_no_opponent` and not compared
    (unless our engine refuses too, which is an agreement).
  * PokerKit's minimum is capped at the player's all-in total (`min(stack + bet, W + R)`): when
    PokerKit's minimum equals the player's whole stack and is below ours, the player simply cannot
    make a full raise and may only go all-in short, which our engine also allows; it counts as an
    agreement (`agreed_capped`) — can-raise is still compared.
  * When our engine says the round is over but PokerKit still asks a player whose only legal move
    is to check (nobody left to bet against), the decision is empty (`vacuous`); the check is not
    written into our notation.

The four known differences between PokerKit 0.7.7 and TDA 2026, each detected explicitly, and
the decisions they affect (skipped and counted per reason; everything else must agree):
  * `zero_r` — PokerKit starts R at 0 each street (its `completion_betting_or_raising_amount`),
    so an all-in that opens the action for less than a full bet counts as full there and reopens
    the betting for everyone who had acted. Detected as 0 < R_pk < big blind (only all-ins below a
    full bet have been made on the street); affected: decisions of players who already acted
    voluntarily on the street, whose reopening (49-A) depends on R.
  * `pool_reset` — PokerKit sums consecutive short all-ins, but clears the sum once it reaches R
    without reopening anyone, and then checks only the short all-ins after the reset. Detected at
    the all-in whose increment is below R_pk and after which the pool is empty; affected: players
    whose last voluntary action on the street came before such a reset, once a further short
    all-in has gone into the new sum (their W − L, 49-A, still counts the short all-ins PokerKit
    forgot). Right after a reset, with the sum empty, PokerKit agrees with 49-A and is compared.
  * `limit_half` — PokerKit ignores the limit 50 % rule (49-B). Only fixed-limit hands can show
    it; these runs are no-limit, so the detector exists and counts zero.
  * `short_blind` — PokerKit posts a short blind as the chips actually posted (and makes that
    player all-in), while TDA counts the blind as fully posted; our notation has no short blind.
    Detected from the starting stacks; affected: every preflop decision of that hand.
When PokerKit lets a player raise at an affected decision where TDA does not, the rest of that
street is played on a different footing; the later decisions of the street are skipped under the
same reason.

The generator keeps every blind's stack different from the blind itself: a blind that uses
exactly all of a player's chips is not short (so not PokerKit's difference) but cannot be written
in our notation either.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from pokerkit import Automation, Mode, NoLimitTexasHoldem, State

from engine.betting.rulings import Ruling, rule_hand
from engine.errors import FloorcallError
from engine.notation.read import parse_hand
from engine.rulesets import RULESETS
from tests.pokerkit_common import STREETS, run_hands

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
    Automation.RUNOUT_COUNT_SELECTION,
)
REASONS = ("zero_r", "pool_reset", "limit_half", "short_blind")
STACK_FILTERS = ("stack_covered", "stack_no_opponent")


@dataclass(frozen=True)
class Disagreement:
    what: str  # which comparison failed
    query: str  # the ruling line of the decision, in our notation
    hand: str  # every street line of the hand so far
    ours: str
    pokerkit: str

    def __str__(self) -> str:
        return (f"{self.what}: ours {self.ours} / PokerKit {self.pokerkit}\n  decision: ruling {self.query}\n"
                f"  hand so far:\n    " + "\n    ".join(self.hand.splitlines()))


@dataclass
class Counts:
    hands: int = 0
    decisions: int = 0
    agreed: int = 0
    agreed_capped: int = 0  # PokerKit's minimum is the player's all-in, below ours
    vacuous: int = 0
    street_ends: int = 0  # streets whose end both sides agree on
    skipped: Counter[str] = field(default_factory=Counter)
    # of the skipped decisions, how many PokerKit would have answered differently from us
    skipped_differing: Counter[str] = field(default_factory=Counter)
    disagreements: list[Disagreement] = field(default_factory=list)
    # the first skipped decision per reason where the two sides differ, to show what it looks like
    examples: dict[str, Disagreement] = field(default_factory=dict)

    def merge(self, other: Counts) -> None:
        for name in ("hands", "decisions", "agreed", "agreed_capped", "vacuous", "street_ends"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.skipped.update(other.skipped)
        self.skipped_differing.update(other.skipped_differing)
        self.disagreements.extend(other.disagreements)
        for reason, example in other.examples.items():
            self.examples.setdefault(reason, example)

    def summary(self) -> str:
        skips = ", ".join(f"{r} {self.skipped.get(r, 0)} ({self.skipped_differing.get(r, 0)} differing)"
                          for r in REASONS + STACK_FILTERS)
        return (f"hands {self.hands}, decisions {self.decisions}: agreed {self.agreed} "
                f"(of which all-in-capped minimum {self.agreed_capped}), vacuous {self.vacuous}, "
                f"street ends agreed {self.street_ends}, disagreements {len(self.disagreements)}; "
                f"skipped: {skips}")


# ----------------------------------------------------------------------------------------
# Random hands


def random_stacks(rng: random.Random, n: int, bb: int, sb: int) -> list[int]:
    """Mostly deep, often short (so all-ins of every size arise), now and then below a blind."""
    stacks = []
    step = max(1, bb // 4)
    for _ in range(n):
        roll = rng.random()
        if roll < 0.10:
            stack = rng.randint(1, 3 * bb)
        elif roll < 0.40:  # one to three bets in quarters: short all-ins that add up to exactly R (49-A)
            stack = rng.choice((4, 5, 6, 6, 7, 8, 8, 8, 9, 10, 12, 16)) * step
        elif roll < 0.65:
            stack = rng.randint(bb, 25 * bb)
        else:
            stack = rng.randint(25 * bb, 150 * bb)
        if roll >= 0.40 and rng.random() < 0.5:
            stack = max(step, stack // step * step)
        stacks.append(stack)
    # Heads-up PokerKit seat 0 posts the big blind and seat 1 the small; else 0 is SB, 1 is BB.
    blind_of = {0: bb, 1: sb} if n == 2 else {0: sb, 1: bb}
    for seat, blind in blind_of.items():
        if stacks[seat] == blind:
            stacks[seat] += 1
    return stacks


def choose_action(rng: random.Random, st: State, bb: int) -> tuple[str, int | None]:
    """A random legal PokerKit action: ("fold"|"call"|"raise", amount)."""
    facing = (st.checking_or_calling_amount or 0) > 0
    seat = st.actor_index
    assert seat is not None
    short = st.stacks[seat] + st.bets[seat] <= max(st.bets) + 2 * bb
    if facing and rng.random() < (0.08 if short else 0.22):
        return "fold", None
    if short and rng.random() < 0.7:  # a short stack mostly goes all-in, the way short all-ins pile up
        if st.can_complete_bet_or_raise_to():
            return "raise", st.max_completion_betting_or_raising_to_amount
        return "call", None
    if st.can_complete_bet_or_raise_to() and rng.random() < 0.45:
        lo = st.min_completion_betting_or_raising_to_amount
        hi = st.max_completion_betting_or_raising_to_amount
        assert lo is not None and hi is not None
        roll = rng.random()
        if roll < 0.35:
            return "raise", lo
        if roll < 0.65:
            return "raise", hi
        return "raise", rng.randint(lo, hi)
    return "call", None


# ----------------------------------------------------------------------------------------
# One street of our notation


@dataclass
class _Street:
    index: int
    header: str
    names: list[str]  # PokerKit seat -> name on this street
    actions: list[str] = field(default_factory=list)  # our notation, one item per action
    last_voluntary: dict[int, int] = field(default_factory=dict)  # seat -> index of its last action
    resets: list[int] = field(default_factory=list)  # action indices after which the pool reset
    tainted: str | None = None

    def line(self, query: str | None = None) -> str:
        items = list(self.actions) + ([f"{query}?"] if query else [])
        return f"{self.header}: " + ", ".join(items)


def _names(n: int, street: int) -> list[str]:
    if n == 2:
        blinds = ["BB", "SB"] if street == 0 else ["Big", "Small"]
    else:
        blinds = ["SB", "BB"] if street == 0 else ["Small", "Big"]
    return blinds + [f"P{i}" for i in range(2, n)]


def _open_street(st: State, n: int, sb: int, bb: int) -> _Street:
    index = st.street_index
    assert index is not None
    names = _names(n, index)
    if index == 0:
        order = [names[i] for i in range(2, n)] + ["SB", "BB"]
        header = f"NL {sb}/{bb} preflop players {' '.join(order)}"
    else:
        seats = [i for i in range(n) if st.statuses[i] and st.stacks[i] > 0]
        pot = st.total_pot_amount
        header = f"NL {sb}/{bb} {STREETS[index]}" + (f" pot {pot}" if pot > 0 else "")
        header += f" players {' '.join(names[i] for i in seats)}"
    return _Street(index, header, names)


def _rule(line: str) -> Ruling | FloorcallError:
    try:
        return rule_hand(parse_hand(line), RULESETS["tda2026"])
    except FloorcallError as err:
        return err


# ----------------------------------------------------------------------------------------
# One hand


def play_hand(rng: random.Random) -> Counts:
    counts = Counts(hands=1)
    n = rng.randint(2, 6)
    bb = rng.choice((100, 200, 400, 1000))
    sb = bb // 2
    stacks = random_stacks(rng, n, bb, sb)
    st = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (sb, bb), bb, stacks, n, mode=Mode.TOURNAMENT)
    blind_seats = {0: bb, 1: sb} if n == 2 else {0: sb, 1: bb}
    short_blind = any(stacks[s] < blind for s, blind in blind_seats.items())
    done: list[str] = []
    street: _Street | None = None
    while st.status and st.actor_index is not None:
        if street is None or st.street_index != street.index:
            if street is not None:
                _close_street(street, counts, done, short_blind)
                done.append(street.line())
            street = _open_street(st, n, sb, bb)
        _decide(st, street, counts, done, short_blind, bb, rng)
    if street is not None:
        _close_street(street, counts, done, short_blind)
    return counts


def _close_street(street: _Street, counts: Counts, done: list[str], short_blind: bool) -> None:
    """PokerKit has ended the street's betting: ours must say the round is over too."""
    if street.tainted or (street.index == 0 and short_blind):
        return
    ruling = _rule(street.line())
    if isinstance(ruling, FloorcallError):
        counts.disagreements.append(Disagreement("street end: engine error", street.line(), "\n".join(done + [street.line()]),
                                                 f"error {ruling.code} at {ruling.at}", "betting over"))
    elif ruling.options.to_act is not None:
        counts.disagreements.append(Disagreement("street end", street.line(), "\n".join(done + [street.line()]),
                                                 f"{ruling.options.to_act} to act", "betting over"))
    else:
        counts.street_ends += 1


def _skip_reason(st: State, street: _Street, seat: int, short_blind: bool, bb: int) -> str | None:
    if street.index == 0 and short_blind:
        return "short_blind"
    if street.tainted:
        return street.tainted
    r_pk = st.completion_betting_or_raising_amount
    if 0 < r_pk < bb and seat in street.last_voluntary:
        return "zero_r"
    last = street.last_voluntary.get(seat)
    if (last is not None and any(reset >= last for reset in street.resets)
            and st.consecutive_short_all_in_amounts):
        return "pool_reset"
    return None  # "limit_half" needs a fixed-limit hand; these are no-limit


def _decide(st: State, street: _Street, counts: Counts, done: list[str], short_blind: bool, bb: int,
            rng: random.Random) -> None:
    seat = st.actor_index
    assert seat is not None
    name = street.names[seat]
    counts.decisions += 1
    w = max(st.bets)
    to_call = w - st.bets[seat]
    pk_can = st.can_complete_bet_or_raise_to()
    pk_min = st.min_completion_betting_or_raising_to_amount if pk_can else None
    all_in_total = st.stacks[seat] + st.bets[seat]
    covered = st.stacks[seat] <= to_call
    nobody_left = not any(i != seat and st.statuses[i] and st.stacks[i] + st.bets[i] > w for i in range(st.player_count))

    query = street.line(name)
    reason = _skip_reason(st, street, seat, short_blind, bb)
    ours = _rule(query) if reason != "short_blind" else None
    vacuous = False

    def fail(what: str, o: str, p: str) -> None:
        counts.disagreements.append(Disagreement(what, query, "\n".join(done + [query]), o, p))

    if reason is not None:
        counts.skipped[reason] += 1
        if isinstance(ours, Ruling) and (ours.options.to_act != name or ours.options.can_raise != pk_can
                                          or (pk_can and pk_min not in (ours.options.min_raise_to, all_in_total))):
            counts.skipped_differing[reason] += 1
            o = ours.options
            counts.examples.setdefault(reason, Disagreement(
                reason, query, "\n".join(done + [query]),
                f"{o.to_act} can_raise={o.can_raise} min={o.min_raise_to}", f"{name} can_raise={pk_can} min={pk_min}"))
    elif isinstance(ours, FloorcallError):
        fail("engine error", f"error {ours.code} at {ours.at}", f"{name} to act")
    else:
        assert ours is not None
        o = ours.options
        if o.to_act is None and to_call == 0 and not pk_can:
            counts.vacuous += 1
            vacuous = True
        elif o.to_act != name:
            fail("to act", str(o.to_act), name)
        elif o.to_call != to_call:
            fail("to call", str(o.to_call), str(to_call))
        elif not pk_can and (covered or nobody_left) and o.can_raise:
            counts.skipped["stack_covered" if covered else "stack_no_opponent"] += 1
        elif o.can_raise != pk_can:
            fail("can raise", str(o.can_raise), str(pk_can))
        elif not pk_can:
            counts.agreed += 1
        elif pk_min == o.min_raise_to:
            counts.agreed += 1
        elif pk_min == all_in_total and o.min_raise_to is not None and all_in_total < o.min_raise_to:
            counts.agreed += 1
            counts.agreed_capped += 1
        else:
            fail("min raise to", str(o.min_raise_to), str(pk_min))

    kind, amount = choose_action(rng, st, bb)
    r_before = st.completion_betting_or_raising_amount
    if kind == "fold":
        st.fold()
        item = f"{name} fold"
    elif kind == "call":
        # Decide the wording before acting: PokerKit collects bets and pushes pots at once.
        if to_call > 0 and st.stacks[seat] <= to_call:
            item = f"{name} allin {all_in_total}"
        else:
            item = f"{name} call" if to_call > 0 else f"{name} check"
        st.check_or_call()
    else:
        assert amount is not None
        allin = amount == all_in_total
        item = f"{name} allin {amount}" if allin else f"{name} {'bet' if w == 0 else 'raise'} {amount}"
        st.complete_bet_or_raise_to(amount)
        if allin and amount - w < r_before and not st.consecutive_short_all_in_amounts:
            street.resets.append(len(street.actions))
        if reason is not None and reason != "short_blind" and not street.tainted:
            # PokerKit let this player raise; if TDA did not, the rest of the street diverges.
            if not (isinstance(ours, Ruling) and ours.options.can_raise):
                street.tainted = reason
    if (reason is not None and reason != "short_blind" and not street.tainted
            and not (isinstance(ours, Ruling) and ours.options.to_act == name)):
        street.tainted = reason  # the two sides no longer agree on whose turn it is
    if vacuous:
        return
    street.last_voluntary[seat] = len(street.actions)
    street.actions.append(item)


def run(hands: int, seed: int = 2026) -> Counts:
    """Play `hands` random hands from `seed` (deterministic) and compare every decision."""
    return run_hands(play_hand, Counts(), hands, seed)
