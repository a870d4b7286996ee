"""The engine's fast paths (engine/betting/fast.py) against the general code they stand in for.

`_quick_read` reads the plain actions nearly every hand has without building a `_Reader`, and
`_quick_act` also applies them to the round without `_apply`; each must give exactly what the
general code gives, or step aside (None). These play random hands made of
those plain actions (and some that are not: chips, aliases, small amounts, out-of-turn players)
through `rule_hand` twice, once with the fast paths and once with them switched off, and compare
the whole rulings, or the errors' codes, offsets and values.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.betting import out_of_turn, rulings
from engine.errors import FloorcallError
from engine.notation.read import parse_hand
from engine.rulesets import RULESETS

HEADERS = ["NL 50/100 flop", "NL 50/100 preflop", "NL 100/200 turn pot 1500", "PL 100/200 flop pot 600",
           "FL 50/100 flop", "NL 50/100 preflop short BB 60", "NL 100/200 flop players A B C D",
           "NL 100/200 flop players BTN A B", "PL 50/100 preflop", "NL 50/100 river"]
PLAYERS = ["A", "B", "C", "D", "SB", "BB", "BTN"]
VERBS = ["fold", "check", "call", "bet", "raise", "allin"]
AMOUNTS = ["25", "50", "100", "125", "150", "200", "250", "300", "400", "600", "900", "1000", "2700", "5000"]
ODD = ["chips 100x2", "chips 500", "chips 100+25", "back chips 500", "min-raise", "limp", "3x", "pot", "200", "call",
       "bet 5", "raise"]


@st.composite
def actions(draw: st.DrawFn) -> list[str]:
    """Mostly plain actions in seat order (so that hands get deep), now and then an odd one or a
    player out of turn."""
    out = []
    seats = draw(st.sampled_from([PLAYERS[:3], PLAYERS[:4], PLAYERS[:2], ["A", "B", "C", "D", "SB", "BB"]]))
    for i in range(draw(st.integers(min_value=1, max_value=16))):
        player = seats[i % len(seats)] if draw(st.integers(0, 9)) else draw(st.sampled_from(PLAYERS))
        if not draw(st.integers(0, 7)):
            out.append(f"{player} {draw(st.sampled_from(ODD))}")
            continue
        verb = draw(st.sampled_from(VERBS))
        said = verb == "allin" or (verb in ("bet", "raise") and draw(st.integers(0, 5)))  # an all-in needs one
        amount = f" {draw(st.sampled_from(AMOUNTS))}" if said else ""
        out.append(f"{player} {verb}{amount}")
    return out


def outcome(line: str, ruleset: str) -> Any:
    try:
        return rulings.rule_hand(parse_hand(line), RULESETS[ruleset])
    except FloorcallError as e:
        return ("error", e.code, e.at, e.hint, e.params)


@pytest.fixture
def general(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Rule with the fast paths off: every action through `_Reader` and `_apply`."""

    def rule(line: str, ruleset: str) -> Any:
        with monkeypatch.context() as m:
            m.setattr(rulings, "_quick_read", lambda st, seat, act: None)
            m.setattr(rulings, "_quick_act", lambda st, seat, act, index: None)
            m.setattr(out_of_turn, "_quick_read", lambda st, seat, act: None)
            return outcome(line, ruleset)

    return rule


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(header=st.sampled_from(HEADERS), items=actions(),
       query=st.sampled_from(["", ", A?", ", B?"]), ruleset=st.sampled_from(sorted(RULESETS)))
def test_fast_paths_rule_as_the_general_reader(general: Any, header: str, items: list[str], query: str,
                                               ruleset: str) -> None:
    line = f"{header}: " + ", ".join(items) + query
    fast = outcome(line, ruleset)
    assert fast == general(line, ruleset), line


def test_the_fast_path_is_taken_and_can_be_switched_off(general: Any) -> None:
    """The comparison above means something only if the two runs take different code."""
    line = "NL 50/100 flop: A bet 100, B raise 300, C call, D fold"
    calls: list[object] = []
    real = rulings._Reader.read

    def counted(self: Any) -> Any:
        calls.append(self.act.player)
        return real(self)

    with pytest.MonkeyPatch.context() as m:
        m.setattr(rulings._Reader, "read", counted)
        fast = outcome(line, "tda2026")
        assert calls == []
        assert general(line, "tda2026") == fast
        assert calls == ["A", "B", "C", "D"]


def test_every_hand_in_the_tests_replies_the_same_without_the_fast_paths() -> None:
    """Every hand written anywhere in tests/ and the public eval (the lines tools/same_output.py
    checks), under every ruleset, whole hands included: the same reply, text and JSON, with the
    fast paths on and off. Deterministic, where the random hands above are a sample."""
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "tools"))
    try:
        from same_output import lines
    finally:
        sys.path.remove(str(root / "tools"))
    from handlers.context import Context
    from handlers.dispatch import handle

    def replies() -> list[dict[str, Any]]:
        return [handle(line, Context(lang="en", ruleset_id=rs)).to_json() for line in lines() for rs in sorted(RULESETS)]

    fast = replies()
    with pytest.MonkeyPatch.context() as m:
        m.setattr(rulings, "_quick_read", lambda st, seat, act: None)
        m.setattr(rulings, "_quick_act", lambda st, seat, act, index: None)
        m.setattr(out_of_turn, "_quick_read", lambda st, seat, act: None)
        general = replies()
    assert len(fast) > 900
    for a, b in zip(fast, general, strict=True):
        assert a == b
