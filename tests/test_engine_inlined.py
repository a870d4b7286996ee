"""Code `engine.betting.rulings` writes out for speed, against the functions it stands in for.

`_options` runs once per ruling, always cold, so it inlines `engine.betting.reader._raise_allowed`,
`_min_to` and the round's one-line methods (`to_call`, `reopened_for`) rather than calling them;
`rule_hand` inlines `engine.betting.out_of_turn._act` for an action in turn with nothing held
(bench/bench_ruling.py). Two copies of one decision drift apart unless something holds them
together: these tests watch every `_options` call of many random hands, and of a table of one hand
per reason, and check what it answered against what the original functions say for the same
round; and rule random hands once through the inlined `_act` and once through `_act` itself. A
change made to one copy only fails here.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.betting import out_of_turn, rulings
from engine.betting.reader import _min_to, _raise_allowed
from engine.betting.records import Options, WorkingRow
from engine.betting.state import RoundState
from engine.errors import FloorcallError
from engine.notation.read import parse_hand
from engine.rulesets import RULESETS
from tests.test_engine_fast_paths import HEADERS, actions


def agree(st_: RoundState, options: Options, working: tuple[WorkingRow, ...]) -> None:
    """What `_options` answered for this round against the functions it inlines."""
    w = st_.bet_level
    rows = {r.player: r for r in working}
    for s in st_.seats:
        if s.status == "active" and s.last_level is not None:
            row = rows[s.name]
            assert (row.w, row.l, row.reopened, row.barred) == (w, s.last_level, st_.reopened_for(s),
                                                                s.bar(w) is not None), s.name
            assert row.threshold == st_.reopen_threshold()
    assert len(rows) == len(working)
    if st_.next_index is None:
        assert (options.can_raise, options.reason) == (False, "hand_over" if st_.live_count + st_.allin_elsewhere <= 1
                                                       else "round_over")
        return
    seat = st_.seats[st_.next_index]
    ok, why = _raise_allowed(st_, seat, w)
    assert options.can_raise == ok
    if ok:
        assert options.min_raise_to == _min_to(st_, seat, w)
        assert options.max_raise_to == (st_.pot_limit_max_to(seat) if st_.game == "PL" else None)
        assert options.reason in ("not_acted", "reopened", "next_unnamed")
    else:
        refusal = tuple(dict.fromkeys(why))  # the refusal's own rules come first
        assert options.rules[:len(refusal)] == refusal
        assert (options.min_raise_to, options.max_raise_to) == (None, None)
        # The first refusal `_raise_allowed` checks is the bar; its rules can equal another's (2009).
        assert (options.reason == "barred") == (seat.bar(w) is not None)


@pytest.fixture
def watched(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every `_options` call checked by `agree`; yields the reasons it gave, in order."""
    reasons: list[str] = []
    inlined = rulings._options

    def options(st_: RoundState, notes: list) -> tuple[Options, tuple[WorkingRow, ...]]:
        out = inlined(st_, notes)
        agree(st_, *out)
        reasons.append(out[0].reason)
        return out

    monkeypatch.setattr(rulings, "_options", options)
    yield reasons


# One hand for each answer `_options` can give (and both kinds of bar: 55-B for the round, 57 for
# the bet checked to), so that every branch of the copy is compared at least once.
TABLE = [
    ("NL 100/200 turn players A B: B check, A bet 1000, B?", "tda2026", "barred"),
    ("NL 100/200 flop: A bet 200, B check, B?", "tda2026", "barred"),
    ("NL 100/200 flop: A bet 200, B check, B?", "tda2009", "barred"),
    ("FL 50/100 preflop players Btn SB BB: Btn raise, SB raise, BB raise, Btn raise, SB?", "jp-basic", "cap_reached"),
    ("FL 50/100 flop: A bet, B raise, C raise, A raise, B raise, C?", "tda2026", "reopened"),
    ("NL 100/200 flop: A allin 1000, B?", "tda2026", "no_opponent"),
    ("NL 2000/4000 preflop players A B C SB BB: A call, B fold, C allin 7500, SB fold, BB call, A?", "tda2026",
     "not_reopened"),
    ("FL 50/100 flop: A bet, B allin 120, C call, A?", "tda2026", "not_reopened"),
    ("NL 100/200 flop: A bet 200, B check, B call, C raise 800, A fold, B?", "tda2026", "reopened"),
    # Addendum 49: two short all-ins that add up to exactly R reopen the betting for A (W - L = R).
    ("NL 50/100 flop: A bet 100, B allin 125, C call, D allin 200, E call, A?", "tda2026", "reopened"),
    ("NL 100/200 flop: A bet 200, B call, C?", "tda2026", "not_acted"),
    ("PL 100/200 flop pot 600: A bet 200, B?", "tda2026", "not_acted"),
    ("PL 50/100 preflop: A raise 350, B?", "jp-basic", "not_acted"),
    ("NL 50/100 flop: A bet 600", "tda2026", "next_unnamed"),
    ("NL 100/200 flop: A allin 1000, B call", "tda2026", "round_over"),
    ("NL 50/100 flop: A bet 100, B fold", "tda2026", "hand_over"),
]


@pytest.mark.parametrize("line, ruleset, reason", TABLE)
def test_each_answer_of_the_options_agrees_with_raise_allowed(watched: list[str], line: str, ruleset: str,
                                                               reason: str) -> None:
    rulings.rule_hand(parse_hand(line), RULESETS[ruleset])
    assert watched == [reason]


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(header=st.sampled_from(HEADERS), items=actions(), query=st.sampled_from(["", ", A?", ", B?"]),
       ruleset=st.sampled_from(sorted(RULESETS)))
def test_the_options_agree_with_raise_allowed_over_random_hands(watched: list[str], header: str, items: list[str],
                                                                query: str, ruleset: str) -> None:
    # Every prefix of the hand is a round of its own (a random line is mostly refused somewhere;
    # its prefixes up to there are not): about a thousand rounds compared over the examples.
    for k in range(1, len(items) + 1):
        try:
            rulings.rule_hand(parse_hand(f"{header}: " + ", ".join(items[:k]) + query), RULESETS[ruleset])
        except FloorcallError:
            break  # refused before the options: nothing to compare, nor in the longer prefixes


def outcome(line: str, ruleset: str) -> object:
    try:
        return rulings.rule_hand(parse_hand(line), RULESETS[ruleset])
    except FloorcallError as e:
        return ("error", e.code, e.at, e.hint, e.params)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(header=st.sampled_from(HEADERS), items=actions(), query=st.sampled_from(["", ", A?", ", B?"]),
       ruleset=st.sampled_from(sorted(RULESETS)))
def test_the_inlined_act_rules_as_act(monkeypatch: pytest.MonkeyPatch, header: str, items: list[str], query: str,
                                      ruleset: str) -> None:
    # `_quick_act` is the step before the inlined copy: switched off, every plain in-turn action
    # goes through the copy; made `_act` itself, none does.
    for k in range(1, len(items) + 1):  # every prefix, as above: most lines are refused somewhere
        line = f"{header}: " + ", ".join(items[:k]) + query
        with monkeypatch.context() as m:
            m.setattr(rulings, "_quick_act", lambda st_, seat, act, index: None)
            inlined = outcome(line, ruleset)
        with monkeypatch.context() as m:
            m.setattr(rulings, "_quick_act", lambda st_, seat, act, index: out_of_turn._act(st_, seat, act))
            called = outcome(line, ruleset)
        assert inlined == called, line
        if isinstance(inlined, tuple):
            break
