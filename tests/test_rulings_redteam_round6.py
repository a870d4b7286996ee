"""Red team, round 6: English and whole-hand readings merged in the last review, attacked.

Each test names the rule that decides the exact ruling and says what had been answered."""

from __future__ import annotations

import pytest

from tests.ruling_helpers import ok_line, refused_line

_FOLDED_AROUND = "pot NL 100/200 preflop: A raise 600, B fold, C fold, SB fold, BB fold"


@pytest.mark.parametrize("result", [", B wins", "; showdown: B wins", "; winner: BB", ", BB takes it"])
def test_a_winner_who_folded_in_a_hand_won_without_a_showdown_is_refused(result: str) -> None:
    # Rule 16-B: everyone else folded, so A wins the pot without showing; a typed winner who folded
    # contradicts the hand. Was: the result dropped in silence and the pot given to A, while the
    # same winner in a hand that reached a showdown was refused as folded.
    err = refused_line(_FOLDED_AROUND + result)
    assert (err["code"], err["hint"]) == ("showdown_folded", "A")
    assert err["at"] == len(_FOLDED_AROUND + result) - len(result) + result.index("B")


@pytest.mark.parametrize("result", [", A wins", "; winner: A", "; showdown: A > B"])
def test_the_one_live_hand_named_as_winner_still_settles(result: str) -> None:
    # Rule 16-B: A takes the 500 in the middle, the 400 nobody called goes back (45-B / uncalled).
    out = ok_line(_FOLDED_AROUND + result)
    assert [(p["amount"], p["shares"]) for p in out["pots"]] == [(500, {"A": 500})]
    assert out["returned"] == {"A": 400}
    assert out["payoffs"] == {"SB": -100, "BB": -200, "A": 300, "B": 0, "C": 0}
