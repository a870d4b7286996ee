"""The same hands under tda2009 and jp-basic: differences come from ruleset data only."""

from __future__ import annotations

from engine.rulesets import RULESETS
from tests.ruling_helpers import action, ok


def test_jp_basic_raise_must_double_the_previous_bet() -> None:
    out = ok("NL 50/100 preflop: A raise 250, B?", ruleset="jp-basic")
    assert out["min_raise_to"] == 500 and "JP-raise" in out["citations"]
    assert ok("NL 50/100 preflop: A raise 250, B?")["min_raise_to"] == 400  # TDA: W + R


def test_jp_basic_first_raise_is_twice_the_blind() -> None:
    assert ok("NL 50/100 preflop: A?", ruleset="jp-basic")["min_raise_to"] == 200


def test_jp_basic_allin_of_half_a_raise_counts_as_a_raise() -> None:
    hand = "NL 50/100 flop: A bet 250, B allin 400, C call, A?"
    out = ok(hand, ruleset="jp-basic")
    assert out["can_raise"] is True and out["min_raise_to"] == 800
    assert "JP-allin-half" in out["citations"]
    tda = ok(hand)  # TDA: 150 more is short of R = 250, so A may not raise
    assert tda["can_raise"] is False and tda["to_call"] == 150


def test_jp_basic_limit_cap_is_four_raises_except_heads_up() -> None:
    out = ok("FL 100/200 preflop: A raise, B raise, C raise, D raise, E?", ruleset="jp-basic")
    assert out["can_raise"] is False and "JP-raise-cap" in out["citations"]
    assert ok("FL 100/200 preflop: A raise, B raise, C raise, D raise, E?")["can_raise"] is True
    hu = ok("FL 100/200 preflop players SB BB: SB raise, BB raise, SB raise, BB raise, SB?", ruleset="jp-basic")
    assert hu["can_raise"] is True


def test_jp_basic_single_chip_with_no_bet_is_a_minimum_bet() -> None:
    a = action(ok("NL 100/200 flop: A chips 1000, B?", ruleset="jp-basic"), "A")
    assert (a["ruled"], a["to"]) == ("bet", 200)
    assert "JP-string" in a["rules"]


def test_jp_basic_allin_below_the_minimum_bet_leaves_the_call_at_the_minimum() -> None:
    hand = "NL 50/100 flop: A check, B allin 60, C?"
    out = ok(hand, ruleset="jp-basic")
    assert (out["to_call"], out["bet_level"], out["min_raise_to"]) == (100, 100, 200)
    assert action(out, "B")["rules"][-1] == "JP-allin-short"
    assert "minimum bet" in out["text"]
    tda = ok(hand)  # TDA: call the 60 all-in; a raise adds at least the 100 minimum bet
    assert (tda["to_call"], tda["min_raise_to"]) == (60, 160) and "JP-allin-short" not in tda["citations"]


def test_jp_basic_short_opening_allin_then_call_and_raise() -> None:
    out = ok("NL 50/100 flop: A allin 60, B call, C raise 200, D?", ruleset="jp-basic")
    assert action(out, "B")["to"] == 100
    assert (out["to_call"], out["min_raise_to"]) == (200, 400)


def test_jp_basic_short_opening_allin_in_limit_builds_raises_on_the_minimum_bet() -> None:
    """Found by the property test: the minimum bet behind the all-in is the bet a limit raise adds to."""
    out = ok("FL 50/100 turn pot 300 players A B C: A allin 50, B raise, C?", ruleset="jp-basic")
    assert action(out, "B")["to"] == 400
    assert (out["to_call"], out["min_raise_to"]) == (400, 600)


def test_tda2009_mixed_denominations_go_to_the_half_standard() -> None:
    hand = "NL 250/500 preflop: UTG raise 1100, UTG1 chips 500+1000"
    assert action(ok(hand), "UTG1")["ruled"] == "call"  # 2026: every chip needed (47-A)
    a = action(ok(hand, ruleset="tda2009"), "UTG1")
    assert (a["ruled"], a["to"]) == ("raise", 1700)
    assert "33" in a["rules"] and "31" in a["rules"]


def test_tda2009_same_denomination_call_test_still_applies() -> None:
    a = action(ok("NL 200/400 preflop: A raise 1200, B chips 1000x2", ruleset="tda2009"), "B")
    assert (a["ruled"], a["to"]) == ("call", 1200)


def test_tda2009_citations_use_its_own_numbers() -> None:
    out = ok("NL 50/100 flop: A bet 100, B allin 125, C call, D allin 200, E call", ruleset="tda2009")
    assert out["min_raise_to"] == 300 and "31" in out["citations"]
    assert "49-A" not in out["citations"] and "TDA 2009" in out["text"]


def test_ruleset_tables_cover_the_same_concepts() -> None:
    concepts = [set(rs.cite) for rs in RULESETS.values()]
    assert all(c == concepts[0] for c in concepts)
    assert RULESETS["tda2026"].clock_seconds == 25 and RULESETS["tda2009"].clock_seconds == 60
