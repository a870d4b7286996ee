"""Review of main at 05e6f01: wrong rulings on whole hands, each with the exact answer the rules give.

Seating by position (36-C, 45-B), a showdown that names the winner and a muck (17, 18-B), a single
tie group said as the winner, the win words every reader shares, and the headline of a round a
short all-in closed (52, 53-A).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.ruling_helpers import ok_line as ok
from tests.ruling_helpers import refused_line as refused


def shares(out: dict[str, Any]) -> list[tuple[str, dict[str, int]]]:
    return [(p["name"], p["shares"]) for p in out["pots"]]


# -- 1. Stacks named by position with a blind left out sit by position ------------------------------

@pytest.mark.parametrize("stacks", ["BTN 5000 UTG 5000 SB 5000", "BTN 5000 UTG 5000 BB 5000",
                                    "UTG 5000 BTN 5000", "BB 5000 BTN 5000 UTG 5000"])
def test_positions_without_both_blinds_sit_by_position(stacks: str) -> None:
    # Was: the typed order taken as the table, BTN first to act, UTG's open held out of turn (55-A)
    # and BTN facing the 200 blind. UTG acts first before the flop; BTN faces 600 and the minimum
    # raise adds the 400 raise again (45-B): to 1,000.
    out = ok(f"ruling NL 100/200 stacks {stacks} preflop: UTG raise 600, BTN?")
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("BTN", 600, 1000)
    assert "55-A" not in out["citations"] and "45-B" in out["citations"]
    assert list(out["players"])[:2] == ["UTG", "BTN"]


def test_two_positions_and_no_blinds_are_not_the_blinds() -> None:
    # Was: CO made the small blind and UTG the big blind ("CO needs 100 more"), UTG's open held out
    # of turn (55-A) and the heads-up rule cited (36-C). Unnamed blinds sit after the two.
    out = ok("ruling NL 100/200 stacks CO 5000 UTG 5000 preflop: UTG raise 600, CO?")
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("CO", 600, 1000)
    assert list(out["players"]) == ["UTG", "CO", "SB", "BB"]
    assert "55-A" not in out["citations"] and "36-C" not in out["citations"]
    hand = ok("pot NL 100/200 stacks CO 5000 UTG 5000 preflop: UTG raise 600, CO call, SB fold, BB fold; "
              "flop: UTG check, CO bet 1000, UTG fold")
    assert shares(hand) == [("main", {"CO": 1500})]
    assert hand["payoffs"] == {"SB": -100, "BB": -200, "UTG": -600, "CO": 900}


# -- 2. The winner said and a muck: the one live hand left takes the pot the winner is not in ------

_SIDE = ("pot NL 100/200 stacks A 1000 B 5000 C 5000 preflop: A allin, B call, C call; flop: B bet 1000, "
         "C call; turn: B check, C check; river: B check, C check")


@pytest.mark.parametrize("result", ["; showdown: A wins, C mucks", "; showdown: A; C mucks",
                                    "; showdown: Aの勝ち、Cマック", "。Aの勝ち、Cマック", "; 결과: A 승, C 먹"])
def test_winner_and_a_muck_leave_one_live_hand_for_the_side_pot(result: str) -> None:
    # Was: "leaves out B" with the hint `A > C > B` (C's mucked hand ranked over B's). C's hand is
    # dead (18-B), so B, the only live hand in the side pot, takes it; A takes the main pot.
    out = ok(_SIDE + result)
    assert shares(out) == [("main", {"A": 3000}), ("side1", {"B": 2000})]
    assert out["payoffs"] == {"B": 0, "C": -2000, "A": 2000}
    assert "17" in out["citations"]  # an all-in showdown: every hand should have been tabled


def test_two_live_hands_left_out_are_still_asked_for_and_the_hint_never_ranks_a_muck() -> None:
    line = ("pot NL 100/200 stacks A 1000 B 5000 C 5000 D 5000 preflop: A allin, B call, C call, D call; "
            "flop: C bet 1000, D call, B call; turn: C check, D check, B check; river: C check, D check, "
            "B check; showdown: A wins, D mucks")
    err = refused(line)  # B and C both contest the side pot: which is best decides it
    assert (err["code"], err["hint"]) == ("showdown_missing", "A > C = B; D mucks")
    err = refused(line.replace("A wins, D mucks", "A; D mucks"))
    assert (err["code"], err["hint"]) == ("showdown_missing", "A > C = B; D mucks")


# -- 3. One tie group said as the winner is winner-only, however it is said -------------------------

@pytest.mark.parametrize("result", ["winner: B = C", "showdown: BとCでチョップ", "showdown: B=C 스플릿"])
def test_a_single_tie_group_is_the_winning_hands(result: str) -> None:
    # Was: `winner: B = C` refused as leaving out A while `BとCでチョップ` settled. B and C tie for
    # the best hand: they split the main pot and the side pot A is not in.
    out = ok(_SIDE.replace("river: B check, C check", "river: B check, C check;") + " " + result)
    assert shares(out) == [("main", {"B": 1500, "C": 1500}), ("side1", {"B": 1000, "C": 1000})]


# -- 4. One table of win words: a result after the last street is the showdown ------------------------

@pytest.mark.parametrize(("result", "winner"), [("。Bの勝ち", "B"), (", B wins", "B"), (", B takes it", "B"),
                                                ("; showdown: C takes it", "C"), ("; showdown: C scoops", "C"),
                                                (", C 승", "C")])
def test_a_result_typed_after_the_last_street_is_read_as_the_showdown(result: str, winner: str) -> None:
    # Was: "“勝ち” is not an action" with the hint `B call`, and `takes it` read only in a ranking.
    out = ok(_SIDE + result)
    assert shares(out) == [("main", {winner: 3000}), ("side1", {winner: 2000})]


def test_a_win_word_mid_street_still_points_to_the_showdown() -> None:
    # The same table names the showdown when a win is typed among the actions (`勝ち` had been an
    # unknown verb with `B call` as the hint).
    err = refused("pot NL 100/200 stacks A 1000 B 5000 preflop: A allin, B 勝ち, A call")
    assert (err["code"], err["hint"]) == ("win_is_showdown", "showdown: B wins")


@pytest.mark.parametrize("question", ["showdown: who first?", "showdown: 順番は？", "showdown: 누가 먼저?"])
def test_who_shows_first_is_one_table(question: str) -> None:
    out = ok("pot NL 100/200 flop: A bet 600, B call; turn: A check, B check; river: A check, B check; "
             + question)
    assert out["show_order"] == ["A", "B"]


# -- 5. A round an all-in for less closed: the headline says what was matched ------------------------

def test_round_over_headline_says_the_capped_call() -> None:
    # Was: "every player still in has matched 100": the BB is all-in for 60, so the small blind's
    # raise stands as a call of 60 (chips up to 100 would come straight back uncalled).
    line = "ruling NL 50/100 stacks A 5000 SB 5000 BB 60 preflop: A fold, SB raise 300, BB?"
    out = ok(line)
    assert out["text"].splitlines()[0] == ("BB is all-in and has no decision left this round. The betting round is "
                                           "over: every player still in has matched 60 or is all-in.")
    assert out["players"]["SB"]["in"] == 60 and "53-A" in out["citations"]
    assert "60に揃えた" in ok(line, "ja")["text"] and "60에 맞췄거나" in ok(line, "ko")["text"]


# -- A `;` between the stacks and the first street ends the list (it had glued to the last amount) --

@pytest.mark.parametrize("sep", ["; ", "；", " ; "])
def test_a_semicolon_after_the_stacks_reads_as_the_street_word_would(sep: str) -> None:
    plain = "ruling NL 100/200 stacks A 1000 B 5000 C 5000 preflop: A allin, B?"
    typed = plain.replace("C 5000 preflop", f"C 5000{sep}preflop")
    want, got = ok(plain), ok(typed)
    assert (got["to_act"], got["to_call"], got["min_raise_to"]) == ("B", 900, 1800)  # 45-B: W 1,000 + R 800
    assert {k: got[k] for k in ("to_call", "min_raise_to", "citations")} == {k: want[k] for k in ("to_call", "min_raise_to", "citations")}
