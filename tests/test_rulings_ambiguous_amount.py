"""Rule 59: a declared amount too small to be meant as chips ("bet 5" at 200-400) is read as the
largest sensible amount that does not exceed the pot before the bet, every bet in front counted."""

from __future__ import annotations

import pytest

from tests.ruling_helpers import action, ok, ruling


@pytest.mark.parametrize(("pot", "expected"), [(3000, 500), (4999, 500), (5000, 5000), (60000, 50000)])
def test_59_bet_5_is_read_by_the_pot(pot: int, expected: int) -> None:
    """The rule's own example: blinds 200-400, "bet 5" is 500 under a 5,000 pot, 5,000 from there on."""
    out = ok(f"NL 200/400 flop pot {pot}: A bet 5, B?")
    a = action(out, "A")
    assert (a["ruled"], a["to"]) == ("bet", expected)
    assert a["rules"][0] == "59" and a["notes"][0] == "ambiguous_amount"
    assert out["bet_level"] == expected and out["min_raise_to"] == 2 * expected
    assert "59" in out["citations"]


def test_59_bets_already_in_front_count_in_the_pot() -> None:
    """Pot 4,000 plus A's 1,000 in front is 5,000: "raise 3" reads as 3,000, not 300 or 30,000."""
    out = ok("NL 200/400 flop pot 4000: A bet 1000, B raise 3, C?")
    b = action(out, "B")
    assert (b["ruled"], b["to"], b["full_raise"]) == ("raise", 3000, True)
    assert out["min_raise_to"] == 5000


def test_59_no_reading_under_the_pot_takes_the_smallest_sensible_one_and_says_so() -> None:
    out = ok("NL 200/400 flop pot 1000: A bet 1000, B raise 3, C?")
    b = action(out, "B")
    assert (b["ruled"], b["to"]) == ("raise", 3000)
    assert b["notes"][0] == "ambiguous_amount_over_pot"
    assert "floor should confirm" in out["text"]


def test_59_needs_the_pot_after_the_flop() -> None:
    out = ruling("NL 200/400 flop: A bet 5, B?", lang="ko")
    assert not out["ok"]
    assert out["error"]["code"] == "ambiguous_amount_needs_pot"
    assert out["error"]["at"] == len("ruling NL 200/400 flop: ")  # offsets count from the command's start
    assert "‘팟 금액’" in out["error"]["message"]  # the header word to add, in the Korean notation


def test_59_preflop_pot_is_the_blinds_and_bets() -> None:
    """Preflop the pot is known: 200 + 400 + UTG's 1,200 = 1,800. BTN's "raise 3" cannot be 300 (no
    raise) and 3,000 is over the pot, so 3,000 is shown and flagged; antes given as `pot` count."""
    out = ok("NL 200/400 preflop: UTG raise 1200, BTN raise 3, SB?")
    btn = action(out, "BTN")
    assert (btn["to"], btn["notes"][0]) == (3000, "ambiguous_amount_over_pot")
    out = ok("NL 200/400 preflop pot 2000: UTG raise 1200, BTN raise 3, SB?")
    assert action(out, "BTN")["notes"][0] == "ambiguous_amount"


@pytest.mark.parametrize(
    "hand",
    [
        "NL 200/400 flop pot 3000: A bet 400, B?",  # a real amount, at least the small blind
        "NL 200/400 flop pot 3000: A bet 300, B?",  # an under-bet, corrected by 54-A, not a shorthand
        "FL 200/400 flop: A bet 5, B?",  # limit bets are fixed: nothing to read
        "NL 200/400 flop pot 3000: A bet 400, B allin 5",  # all-in amounts are the chips, not words
    ],
)
def test_59_leaves_literal_amounts_alone(hand: str) -> None:
    out = ruling(hand)
    assert "59" not in out["citations"]


def test_59_under_tda2009_is_the_floors_call() -> None:
    a = action(ok("NL 200/400 flop pot 3000: A bet 5, B?", ruleset="tda2009"), "A")
    assert (a["to"], a["rules"][0]) == (500, "1")


@pytest.mark.parametrize("lang", ["ja", "ko", "en"])
def test_59_explained_in_every_language(lang: str) -> None:
    out = ok("NL 200/400 flop pot 3000: A bet 5, B?", lang=lang)
    assert "3,000" in out["text"] and "500" in out["text"]
