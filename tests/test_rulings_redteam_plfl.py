"""Red team: pot-limit and fixed-limit whole hands across streets (December 2026).

Rulings checked by hand against the TDA rules (rules_data/, seeds 000 and 003) and, where PokerKit
plays the same betting, against PokerKit 0.7.7 through `tests/pokerkit_plfl.py`: random PL and FL
whole hands (2-6 players, random stacks, antes and big blind antes, all-ins), every decision and
the pots at the end compared.
"""

from __future__ import annotations

import pytest

from tests.pokerkit_plfl import run
from tests.ruling_helpers import ok

# ------------------------------------------------------------------------------------------
# A raise nobody could call (found by the differential run)


def test_no_raise_when_no_other_player_has_chips_beyond_the_bet() -> None:
    """Turn: P0 bets all-in 970, P2 calls all-in for 754; P3 (1,139 behind) faces 970 and the
    only other player with chips, P4, has 617: less than the bet. A raise by P3 could not be
    called by anyone, so P3 may call or fold only (PokerKit agrees). We had let P3 raise."""
    line = ("PL 50/100 stacks P2 1954 P3 2339 P4 1817 P0 2170 P1 692 preflop: P2 raise 200, P3 call, P4 call, "
            "P0 call, P1 call; flop: P0 check, P1 check, P2 check, P3 check, P4 bet 1000, P0 call, P1 call, "
            "P2 call, P3 call; turn: P0 allin 970, P2 call, P3?")
    out = ok(line)
    assert (out["to_act"], out["to_call"], out["can_raise"], out["min_raise_to"], out["max_raise_to"]) == \
        ("P3", 970, False, None, None)
    assert out["options_reason"] == "stack_no_opponent"
    assert "52" in out["citations"]
    assert out["stacks_left"] == {"P0": 0, "P1": 0, "P2": 0, "P3": 1139, "P4": 617}
    for lang, word in (("en", "could not be called"), ("ja", "誰もコールできない"), ("ko", "아무도 콜할 수 없으므로")):
        assert word in ok(line, lang=lang)["text"]


def test_a_raise_stays_open_while_one_opponent_has_chips_beyond_the_bet() -> None:
    # The same turn with P4 deeper (1,817 + 1,000 = 2,817 at the start, 1,617 behind): P4 could call more.
    line = ("PL 50/100 stacks P2 1954 P3 2339 P4 2817 P0 2170 P1 692 preflop: P2 raise 200, P3 call, P4 call, "
            "P0 call, P1 call; flop: P0 check, P1 check, P2 check, P3 check, P4 bet 1000, P0 call, P1 call, "
            "P2 call, P3 call; turn: P0 allin 970, P2 call, P3?")
    out = ok(line)
    # Pot before the turn 5,492; in front 970 + 754; P3 calls 970 first: max 970 + 7,216 + 970 = 9,156,
    # held to P3's 1,139.
    assert (out["can_raise"], out["min_raise_to"], out["max_raise_to"], out["options_reason"]) == \
        (True, 1139, 1139, "not_acted")


# ------------------------------------------------------------------------------------------
# Differential against PokerKit (the large run: bench/bench_differential_plfl.py)


@pytest.mark.parametrize(("game", "ruleset"), [("PL", "tda2026"), ("FL", "tda2026"), ("PL", "jp-basic"),
                                               ("FL", "tda2009")])
def test_random_whole_hands_agree_with_pokerkit(game: str, ruleset: str) -> None:
    counts = run(100, seed=7, game=game, ruleset=ruleset)
    assert not counts.disagreements, "\n\n".join(str(d) for d in counts.disagreements[:5])
    assert counts.hands_ended >= 80 and counts.agreed >= 750
    if game == "PL":
        assert counts.later_street_max >= 40 and counts.pl_max_stack >= 40
    # The known departures do show (so the skips are not hiding everything), and most skipped
    # decisions still agree.
    skipped = sum(counts.skipped[r] for r in ("zero_r", "limit_half", "short_all_in_r"))
    assert skipped > 0 and counts.agreed > 5 * skipped
