"""What the options say for the player to act, one hand for each answer they can give.

(This file once held `engine.betting.rulings._options` to the functions it had inlined; the
options now ask the reader's own `raise_refused` and `min_to`, so what is left to check is the
answer itself.) Each hand below must give its reason, and the rest of the options must agree
with it: a raise is open exactly where the reason says so, with a minimum (and in pot limit a
maximum) only then, and the refusal's rules lead the options' citations.
"""

from __future__ import annotations

import pytest

from engine.betting.reader import raise_refused
from engine.betting.rulings import rule_hand
from engine.notation.read import parse_hand
from engine.rulesets import RULESETS

# One hand for each answer the options can give (and both kinds of bar: 55-B for the round, 57
# for the bet checked to), with the least raise where one is open.
TABLE = [
    ("NL 100/200 turn players A B: B check, A bet 1000, B?", "tda2026", "barred", None),
    ("NL 100/200 flop: A bet 200, B check, B?", "tda2026", "barred", None),
    ("NL 100/200 flop: A bet 200, B check, B?", "tda2009", "barred", None),
    ("FL 50/100 preflop players Btn SB BB: Btn raise, SB raise, BB raise, Btn raise, SB?", "jp-basic", "cap_reached",
     None),
    ("FL 50/100 flop: A bet, B raise, C raise, A raise, B raise, C?", "tda2026", "reopened", 600),
    ("NL 100/200 flop: A allin 1000, B?", "tda2026", "no_opponent", None),
    ("NL 2000/4000 preflop players A B C SB BB: A call, B fold, C allin 7500, SB fold, BB call, A?", "tda2026",
     "not_reopened", None),
    ("FL 50/100 flop: A bet, B allin 120, C call, A?", "tda2026", "not_reopened", None),
    ("NL 100/200 flop: A bet 200, B check, B call, C raise 800, A fold, B?", "tda2026", "reopened", 1400),
    # Addendum 49: two short all-ins that add up to exactly R reopen the betting for A (W - L = R).
    ("NL 50/100 flop: A bet 100, B allin 125, C call, D allin 200, E call, A?", "tda2026", "reopened", 300),
    ("NL 100/200 flop: A bet 200, B call, C?", "tda2026", "not_acted", 400),
    ("PL 100/200 flop pot 600: A bet 200, B?", "tda2026", "not_acted", 400),
    ("PL 50/100 preflop: A raise 350, B?", "jp-basic", "not_acted", 600),
    ("NL 50/100 flop: A bet 600", "tda2026", "next_unnamed", 1200),
    ("NL 100/200 flop: A allin 1000, B call", "tda2026", "round_over", None),
    ("NL 50/100 flop: A bet 100, B fold", "tda2026", "hand_over", None),
]
OPEN = ("not_acted", "reopened", "next_unnamed")


@pytest.mark.parametrize("line, ruleset, reason, lowest", TABLE)
def test_each_answer_of_the_options(line: str, ruleset: str, reason: str, lowest: int | None) -> None:
    ruling = rule_hand(parse_hand(line), RULESETS[ruleset])
    o = ruling.options
    assert o.reason == reason
    assert o.can_raise == (reason in OPEN)
    assert o.min_raise_to == lowest
    assert (o.max_raise_to is not None) == (o.can_raise and ruling.hand.game == "PL")
    if reason in ("barred", "cap_reached", "no_opponent", "not_reopened"):
        assert o.rules  # a refusal always says which rule refuses


def test_a_refusal_leads_the_options_rules() -> None:
    """The options cite first the rules of the refusal the reader gives for the player to act."""
    line = "NL 100/200 flop: A bet 200, B check, B?"
    ruling = rule_hand(parse_hand(line), RULESETS["tda2026"])
    assert ruling.options.reason == "barred"
    b = next(s for s in ruling.seats if s.name == "B")
    assert b.status == "active"
    barred = ruling.actions[1].rules  # the check facing a bet: its rules are the bar (57)
    assert ruling.options.rules[:len(barred)] == barred
    assert raise_refused  # the function the options ask (imported: the name must stay)
