"""Red team, round 6: English and whole-hand readings merged in the last review, attacked.

Each test names the rule that decides the exact ruling and says what had been answered."""

from __future__ import annotations

import pytest

from tests.ruling_helpers import ok_line, refused_line

_FOLDED_AROUND = "pot NL 100/200 preflop: A raise 600, B fold, C fold, SB fold, BB fold"


@pytest.mark.parametrize("result", [", B wins", "; showdown: B wins", "; winner: BB", ", BB takes it"])
def test_a_winner_who_folded_in_a_hand_won_without_a_showdown_is_refused(result: str) -> None:
    # Rule 18-B: a folded hand is dead and wins nothing; everyone else folded, so A wins without a
    # showdown, and a typed winner who folded contradicts the hand. Was: the result dropped in silence and the pot given to A, while the
    # same winner in a hand that reached a showdown was refused as folded.
    err = refused_line(_FOLDED_AROUND + result)
    assert (err["code"], err["hint"]) == ("showdown_folded", "A")
    assert err["at"] == len(_FOLDED_AROUND + result) - len(result) + result.index("B")


@pytest.mark.parametrize("result", [", A wins", "; winner: A", "; showdown: A > B"])
def test_the_one_live_hand_named_as_winner_still_settles(result: str) -> None:
    # A takes the 500 in the middle; the 400 nobody called goes back to A (16-B).
    out = ok_line(_FOLDED_AROUND + result)
    assert [(p["amount"], p["shares"]) for p in out["pots"]] == [(500, {"A": 500})]
    assert out["returned"] == {"A": 400}
    assert out["payoffs"] == {"SB": -100, "BB": -200, "A": 300, "B": 0, "C": 0}


@pytest.mark.parametrize(("line", "at", "hint"), [
    ("ruling NL 100/200 flop: A bet 200, B/B call, D?", 37, "B call"),
    ("ruling NL 100/200 flop: A bet 200, B/C/b call, D?", 39, "B call, C call"),
    ("ruling NL 100/200 flop: A bet 200, BとBがコール, D?", 37, "B コール"),
])
def test_a_name_joined_twice_for_one_action_is_refused(line: str, at: int, hint: str) -> None:
    # Rule 55 (action out of turn) would have held B's second action: `B/B call` is a slip. Was: read as B calling 200 and
    # B acting again out of turn (a held check), the pot and the turn answered as if two actions.
    err = refused_line(line)
    assert (err["code"], err["at"], err["hint"]) == ("joined_players_repeated", at, hint)


def test_names_joined_once_each_still_call() -> None:
    out = ok_line("ruling NL 100/200 flop: A bet 200, B/C call, D?")
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"]] == [
        ("A", "bet", 200), ("B", "call", 200), ("C", "call", 200)]
    assert (out["to_act"], out["to_call"], out["pot"]) == ("D", 200, 600)


@pytest.mark.parametrize("line", ["pot NL 100/200 stacks A 1000 B 5000 preflop: A allin, B call. B wins",
                                  "pot NL 100/200 stacks A 1000 B 5000 preflop: A allin. B call. B wins."])
def test_a_result_after_a_full_stop_is_the_showdown(line: str) -> None:
    # Rule 17: the all-in hands are settled at the showdown; `B wins` after the last action closes the
    # hand whether a comma or a full stop comes before it. Was: after `. ` it was one more action,
    # refused as a win typed among the actions.
    out = ok_line(line)
    assert [(p["amount"], p["shares"]) for p in out["pots"]] == [(2000, {"B": 2000})]
    assert out["payoffs"] == {"B": 1000, "A": -1000}


def test_a_win_between_full_stops_mid_street_still_points_to_the_showdown() -> None:
    err = refused_line("pot NL 100/200 stacks A 1000 B 5000 preflop: A allin. B wins. A call.")
    assert (err["code"], err["hint"]) == ("win_is_showdown", "showdown: B wins")
