"""Settling pots: the Addendum's all-in and showdown examples, the seeds' odd-chip and showing
rules under each ruleset, and every bad input of a whole hand as a localized error."""

from __future__ import annotations

import pytest

from engine.pots import settle
from engine.rulesets import RULESETS
from handlers.context import Context
from handlers.dispatch import handle

TDA = RULESETS["tda2026"]


def pot(line: str, lang: str = "en", ruleset: str = "tda2026") -> dict:
    reply = handle("pot " + line, Context(lang=lang, ruleset_id=ruleset))
    out = reply.to_json()
    assert reply.ok, out
    return out


def err(line: str, command: str = "pot", lang: str = "en") -> dict:
    out = handle(f"{command} {line}", Context(lang=lang)).to_json()
    assert not out["ok"], out
    return out["error"]


def by_name(out: dict) -> dict[str, dict]:
    return {p["name"]: p for p in out["pots"]}


# -- the Addendum, rule 17 -------------------------------------------------------------------------

IA17_EX3 = ("NL 100/200 stacks A 700 B 5000 C 5000 preflop: A allin, B call, C call; flop: B check, C check; "
            "turn: B bet 1000, C call; river: B check, C check; showdown: A > B > C")


def test_addendum_17_example_3_side_pot_of_2000_awarded_before_the_main_pot() -> None:
    out = pot(IA17_EX3)
    pots = by_name(out)
    assert pots["main"]["amount"] == 2100 and pots["main"]["eligible"] == ["B", "C", "A"]
    assert pots["side1"]["amount"] == 2000 and pots["side1"]["eligible"] == ["B", "C"]
    assert pots["main"]["winners"] == ["A"] and pots["side1"]["winners"] == ["B"]
    assert out["award_order"] == ["side1", "main"]
    # All-in, betting over: every hand is turned up at once, A's with the others (17).
    assert out["show_reason"] == "allin_face_up" and set(out["show_order"]) == {"A", "B", "C"}
    assert {"23", "IA-17", "17"} <= set(out["citations"])
    assert out["returned"] == {} and sum(out["payoffs"].values()) == 0


def test_addendum_17_example_2_turn_allin_makes_the_side_pot_between_b_and_c() -> None:
    out = pot("NL 100/200 stacks A 400 B 3000 C 5000 preflop: A allin, B call, C call; flop: B check, C check; "
              "turn: B allin, C call; showdown: C > B > A")
    pots = by_name(out)
    assert (pots["main"]["amount"], pots["side1"]["amount"]) == (1200, 5200)
    assert pots["side1"]["winners"] == ["C"] and pots["main"]["winners"] == ["C"]
    assert out["payoffs"] == {"B": -3000, "C": 3400, "A": -400}


def test_three_allins_of_different_sizes_make_three_pots_each_with_its_contenders() -> None:
    out = pot("NL 50/100 stacks A 300 B 800 C 1500 D 5000 preflop: A allin, B allin, C allin, D call; "
              "showdown: A > B > C > D")
    assert [(p["amount"], p["eligible"]) for p in out["pots"]] == [
        (1200, ["C", "D", "A", "B"]), (1500, ["C", "D", "B"]), (1400, ["C", "D"])]
    assert [p["winners"] for p in out["pots"]] == [["A"], ["B"], ["C"]]
    assert out["award_order"] == ["side2", "side1", "main"]


def test_an_uncalled_bet_goes_back_and_is_said_so() -> None:
    out = pot("NL 100/200 stacks A 5000 B 1500 preflop: A raise 600, B call; flop: B allin, A call; "
              "turn: ; showdown: A > B")
    assert out["returned"] == {}
    out = pot("NL 100/200 stacks A 5000 B 1500 C 9000 preflop: A raise 600, B call, C call; flop: B check, "
              "C bet 6000, A fold, B allin; showdown: B > C")
    assert out["returned"] == {"C": 5100}
    assert "5,100 goes back to C" in out["text"] and "16-B" in out["citations"]


# -- odd chips (21-A; seed 003 for jp-basic; 2009 rule 12) -------------------------------------------


def test_odd_chip_goes_to_the_first_tied_seat_left_of_the_button() -> None:
    s = settle({"A": 101, "B": 101, "C": 101}, (), ["B", "C", "A"], TDA, [["A", "C"], ["B"]])
    main = s.pots[0]
    assert main.shares == {"C": 152, "A": 151} and main.odd_chips == {"C": 1}  # C sits left of A
    assert "21-A" in main.rules


def test_two_odd_chips_both_go_to_the_first_seat_left_of_the_button() -> None:
    # 21-A gives "the odd chip(s)" to the first tied seat left of the button; dealing them one
    # each (B 167, D 167) was a reading of ours that neither the rule nor the house rules make.
    s = settle({p: 100 for p in "ABCDE"}, (), list("ABCDE"), TDA, [["B", "D", "E"], ["A", "C"]])
    assert s.pots[0].odd_chips == {"B": 2} and s.pots[0].shares == {"B": 168, "D": 166, "E": 166}
    for rs in (RULESETS["tda2009"], RULESETS["jp-basic"]):
        again = settle({p: 100 for p in "ABCDE"}, (), list("ABCDE"), rs, [["B", "D", "E"], ["A", "C"]])
        assert sum(again.pots[0].shares.values()) == 500 and len(again.pots[0].odd_chips) == 1


def test_odd_chip_in_the_smallest_chip_in_play() -> None:
    s = settle({"A": 1025, "B": 1025, "C": 1025}, (), ["A", "B", "C"], TDA, [["A", "B", "C"]], chip_unit=25)
    assert s.pots[0].shares == {"A": 1025, "B": 1025, "C": 1025}
    s = settle({"A": 1025, "B": 1025, "C": 1025}, (), ["A", "B", "C"], TDA, [["A", "B"], ["C"]], chip_unit=25)
    assert s.pots[0].shares == {"A": 1550, "B": 1525} and s.pots[0].odd_chips == {"A": 25}


@pytest.mark.parametrize("ruleset, odd_rule, show_rule", [("tda2026", "21-A", "18-A"), ("tda2009", "12", "11"),
                                                           ("jp-basic", "JP-odd-chip", "JP-showdown")])
def test_each_ruleset_cites_its_own_odd_chip_and_showing_rules(ruleset: str, odd_rule: str, show_rule: str) -> None:
    out = pot(
        "NL 50/100 stacks A 5000 B 5000 C 5000 button C preflop: C call, A call, B check; flop: A check, B check, "
        "C check; showdown: A = B > C", ruleset=ruleset)
    assert by_name(out)["main"]["odd_chips"] == {} and by_name(out)["main"]["shares"] == {"A": 150, "B": 150}
    assert show_rule in out["citations"]
    odd = pot("NL 25/75 stacks A 5000 B 5000 C 5000 button C preflop: C call, A call, B check; flop: A bet 100, "
              "B call, C fold; showdown: A = B", ruleset=ruleset)  # 425 between two
    assert by_name(odd)["main"]["odd_chips"] == {"A": 1} and odd_rule in odd["citations"]


# -- who shows first (18-A, 2009 rule 11, seed 003) -------------------------------------------------

SHOW = ("NL 50/100 stacks A 5000 B 5000 C 5000 D 5000 button D preflop: C call, D call, A call, B check; "
        "flop: A check, B check, C check, D check; turn: A check, B check, C check, D check; "
        "river: A check, B bet 300, C call, D call, A call; showdown: A > B > C > D")


def test_the_last_aggressor_shows_first_then_round_the_table() -> None:
    out = pot(SHOW)
    assert out["show_reason"] == "last_aggressor" and out["show_order"] == ["B", "C", "D", "A"]
    assert "18-A" in out["citations"]


def test_jp_basic_the_last_bettor_then_the_worst_positions() -> None:
    out = pot(SHOW, ruleset="jp-basic")
    assert out["show_order"] == ["B", "A", "C", "D"] and "JP-showdown" in out["citations"]


def test_no_bet_on_the_river_shows_from_the_left_of_the_button() -> None:
    out = pot(SHOW.replace("B bet 300, C call, D call, A call", "B check, C check, D check"))
    assert out["show_reason"] == "first_left_of_button" and out["show_order"] == ["A", "B", "C", "D"]


def test_everyone_folded_no_showdown() -> None:
    out = pot("NL 100/200 preflop: A raise 500, B fold, SB fold, BB fold")
    assert out["show_order"] == [] and out["show_reason"] == "no_showdown"
    assert out["pots"] == [{"name": "main", "amount": 500, "eligible": ["A"], "winners": ["A"],
                            "shares": {"A": 500}, "odd_chips": {}}]
    assert out["returned"] == {"A": 300}


# -- antes and the big blind ante -------------------------------------------------------------------


def test_antes_are_in_the_pot_and_an_ante_allin_wins_only_its_level() -> None:
    out = pot("NL 100/200 ante 50 stacks A 30 B 5000 C 5000 preflop: B call, C check; showdown: A > B > C")
    main, side = out["pots"]
    assert (main["amount"], main["eligible"]) == (90, ["B", "C", "A"])  # 30 from each of three
    assert (side["amount"], side["winners"]) == (440, ["B"])
    assert "all-in on it" in out["text"]


def test_a_big_blind_short_of_blind_and_ante_posts_the_blind_first_rp11() -> None:
    out = pot("NL 100/200 bba 200 stacks A 5000 B 5000 C 300 preflop: A call, B call; showdown: C > A > B")
    assert out["dead"] == {"C": 100}
    assert out["pots"][0]["amount"] == 700 and out["pots"][0]["winners"] == ["C"]  # 3 x 200 + 100 dead
    assert "RP-11" in out["citations"]
    assert "blind is posted first" in out["text"]


# -- the reply ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, words", [("en", ["Main pot", "Side pot 1", "Can win", "Odd chip"]),
                                         ("ja", ["メインポット", "サイドポット1", "獲得できる人", "端数チップ"]),
                                         ("ko", ["메인 팟", "사이드 팟 1", "가져갈 수 있는 사람", "나머지 칩"])])
def test_the_table_is_in_the_reply_language(lang: str, words: list[str]) -> None:
    text = pot(IA17_EX3, lang=lang)["text"]
    for w in words:
        assert w in text


def test_json_has_the_spec_shape() -> None:
    out = pot(IA17_EX3)
    for key in ("ok", "command", "lang", "ruleset", "pots", "returned", "show_order", "citations", "text"):
        assert key in out
    for p in out["pots"]:
        assert set(p) == {"name", "amount", "eligible", "winners", "shares", "odd_chips"}


def test_without_a_showdown_the_pots_are_listed_unawarded() -> None:
    out = pot(IA17_EX3.split("; showdown")[0])
    assert all(p["winners"] == [] for p in out["pots"]) and out["payoffs"] is None
    assert "showdown:" in out["text"]


# -- ruling on a whole hand ------------------------------------------------------------------------


def test_ruling_on_a_whole_hand_carries_the_pot_for_pot_limit() -> None:
    out = handle("ruling PL 100/200 preflop: A raise 700, SB call, BB call; flop: SB check, BB bet 2100, A?",
                 Context()).to_json()
    assert out["max_raise_to"] == 8400 and out["pot"] == 4200
    assert [s["street"] for s in out["street_history"]] == ["preflop", "flop"]
    alone = handle("ruling PL 100/200 flop pot 2100 players SB BB A: SB check, BB bet 2100, A?", Context()).to_json()
    assert alone["max_raise_to"] == out["max_raise_to"]


def test_a_bet_over_the_stack_is_allin_for_the_stack_and_says_so() -> None:
    out = handle("ruling NL 100/200 stacks A 5000 B 1200 C 9000 preflop: A raise 500, B raise 2000, C call, "
                 "A call; flop: C bet 2000, A?", Context()).to_json()
    pre = out["street_history"][0]["actions"]
    assert pre[1]["ruled"] == "allin" and pre[1]["to"] == 1200
    assert "only 1,200" in out["text"] and out["stacks_left"]["B"] == 0


# -- bad input ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("line, code, at_text", [
    ("NL 100/200 stacks A 700 B 5000 C 5000 preflop: A allin, B call; flop: B bet 1000", "street_unfinished", "flop: B"),
    ("NL 100/200 stacks A 700 B 5000 C 5000 preflop: A allin, B call, C call; flop: A check", "no_chips_left", "A check"),
    ("NL 100/200 preflop: A raise 500, B fold, SB fold, BB call; flop: BB check, A bet 500, BB call; "
     "showdown: B > A", "showdown_folded", "B > A"),
    ("NL 100/200 stacks A 700 B 5000 C 5000 preflop: A allin, B call, C call; flop: B check, C check; "
     "showdown: A > B", "showdown_missing", "A > B"),
    ("NL 100/200 stacks A 700 B 5000 preflop: A raise 90000", "amount_beyond_stacks", "A raise"),
    ("NL 100/200 short BB 100 stacks A 5000 B 5000 BB 50 preflop: A call, B call", "stack_blind_mismatch", "50 preflop"),
    ("NL 100/200 preflop: A call, SB call, BB check; river: BB bet 200", "street_out_of_order", "river"),
    ("NL 100/200 preflop: A raise 500, SB fold, BB fold; flop: A bet 100", "hand_already_over", "flop: A bet"),
    ("NL 100/200 stacks A 5000 B preflop: A call", "bad_stacks", "B preflop"),
    ("NL 100/200 stacks A 700 B 5000 preflop: A allin, B call; showdown: A >> B", "bad_showdown", "> B"),
])
@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_bad_whole_hands_are_localized_errors_with_offsets(line: str, code: str, at_text: str, lang: str) -> None:
    e = err(line, lang=lang)
    assert e["code"] == code, e
    assert e["at"] == len("pot ") + line.index(at_text), (e, line[e["at"] - 4:])
    assert e["message"] and "{" not in e["message"]
    if lang != "en":
        assert not e["message"].isascii()


def test_the_pot_needs_a_finished_betting_round() -> None:
    e = err("NL 100/200 stacks A 700 B 5000 C 5000 preflop: A allin, B call")
    assert e["code"] == "hand_not_finished" and e["hint"] == "C call / C fold"


def test_japanese_and_korean_whole_hands() -> None:
    ja = pot("NL 100/200 アンティ 25 スタック A 700 B 5000 C 5000 プリフロップ: A オールイン, Bがコール, C コール； "
             "フロップ： B チェック, C チェック; ショーダウン: A > B = C", lang="ja")
    assert ja["pots"][0]["amount"] == 3 * 700 and ja["pots"][0]["winners"] == ["A"]
    assert "メインポット" in ja["text"]
    ko = pot("NL 100/200 스택 A 700 B 5000 C 5000 프리플랍: A 올인, B가 콜, C 콜; 플랍: B가 1000 벳, C 폴드; "
             "쇼다운: A > B", lang="ko")
    assert ko["returned"] == {"B": 1000} and [p["winners"] for p in ko["pots"]] == [["A"]]


def test_a_btn_seat_in_the_stacks_is_the_button() -> None:
    out = pot("NL 100/200 stacks BTN 5000 X 5000 Y 5000 Z 5000 preflop: Z call, BTN call, X call, Y check; "
              "flop: X check, Y check, Z check, BTN check; showdown: BTN = Z > X = Y")
    # X and Y post the blinds after BTN; the odd chips of 800 / 2 = none, order from X.
    assert out["contributions"] == {"X": 200, "Y": 200, "Z": 200, "BTN": 200}
    assert out["show_order"] == ["X", "Y", "Z", "BTN"]


def test_a_question_before_the_last_street_is_an_error_and_earlier_allins_are_listed() -> None:
    e = err("NL 100/200 preflop: A call, SB call, BB?; flop: SB bet 200", command="ruling")
    assert e["code"] == "query_not_last"
    line = "NL 100/200 stacks A 700 B 5000 C 5000 preflop: A allin, B call, C call; flop: B check, A?"
    out = handle("ruling " + line, Context()).to_json()
    assert out["to_act"] == "C" and out["players"]["A"]["status"] == "allin"
    assert "A is all-in" in out["text"]


def test_a_running_blind_clock_supplies_blinds_and_its_big_blind_ante() -> None:
    from handlers.context import BlindLevel

    ctx = Context(blind_level=BlindLevel(3, 300, 600, 600, "bba"))
    out = handle("pot stacks A 5000 B 5000 C 5000 preflop: A call, B call, C check; showdown: C > A = B", ctx).to_json()
    assert out["ok"] and out["dead"] == {"C": 600} and out["pots"][0]["amount"] == 3 * 600 + 600
    assert out["blind_level"]["big_blind"] == 600 and out["blind_level"]["ante_kind"] == "bba"
    typed = handle("pot NL 100/200 stacks A 5000 B 5000 C 5000 preflop: A call, B call, C check; showdown: C > A = B",
                   ctx).to_json()
    assert "dead" not in typed and "blind_level" not in typed  # blinds typed: the clock is not used


def test_pot_n_of_streets_not_typed_is_in_the_main_pot() -> None:
    out = pot("NL 100/200 turn pot 1000: A bet 500, B call; showdown: A > B")
    assert out["pots"][0]["amount"] == 2000 and out["payoffs"] == {"A": 1500, "B": -500}
    assert pot("NL 100/200 turn pot 1000: A bet 500, B fold")["returned"] == {"A": 500}


def test_stacks_after_the_hand_add_up() -> None:
    out = pot(IA17_EX3)
    assert out["stacks_after"] == {"B": 5000 - 1700 + 2000, "C": 5000 - 1700, "A": 2100}
    assert sum(out["stacks_after"].values()) == 700 + 5000 + 5000


def test_the_player_to_act_is_limited_to_their_chips() -> None:
    covered = handle("ruling PL 100/200 stacks A 3000 B 1000 C 5000 preflop: A pot, B pot, C call, A call; "
                     "flop: C pot, A?", Context()).to_json()
    assert (covered["to_act"], covered["to_call"], covered["can_raise"]) == ("A", 2000, False)
    assert covered["options_reason"] == "stack_covered" and "calling puts A all-in" in covered["text"]
    short = handle("ruling NL 100/200 stacks A 5000 B 5000 C 900 preflop: A raise 600, B call, C?", Context()).to_json()
    assert (short["can_raise"], short["min_raise_to"]) == (True, 900)  # only all-in, short of 1,000
    assert "only raise open is all-in" in short["text"]


def test_a_hand_typed_from_the_flop_acts_from_the_left_of_the_button() -> None:
    out = handle("ruling NL 100/200 flop pot 600 stacks A 5000 B 5000 C 5000 button B: C check, A?", Context()).to_json()
    assert out["to_act"] == "A" and [p for p in out["players"]] == ["C", "A", "B"]


def test_an_empty_street_is_skipped_only_when_nobody_can_bet() -> None:
    assert pot("NL 100/200 stacks A 700 B 5000 preflop: A allin, B call; flop: ; showdown: B > A")["pots"]
    e = err("NL 100/200 stacks A 7000 B 5000 C 5000 preflop: A call, B call, C check; flop: ; turn: B bet 200")
    assert e["code"] == "street_unfinished" and "B" in e["message"]
    e = err("NL 100/200 stacks A 700 B 5000 button Q preflop: A allin, B call; showdown: B > A")
    assert e["code"] == "unknown_player" and e["at"] == len("pot NL 100/200 stacks A 700 B 5000 button ")


def test_odd_chips_in_the_smallest_chip_typed_in_the_header() -> None:
    line = ("NL 25/75 chip 25 stacks A 5000 B 5000 C 5000 button C preflop: C call, A call, B check; "
            "flop: A bet 100, B call, C fold; showdown: A = B")
    assert by_name(pot(line))["main"]["odd_chips"] == {"A": 25}  # 425 in 25s: 9 and 8 of them
    assert by_name(pot(line.replace("chip 25 ", "")))["main"]["odd_chips"] == {"A": 1}


# A showdown hint mends what was typed; it never offers the live players in seat order ("B > C >
# A"), which reads as a result nobody gave.
@pytest.mark.parametrize("showdown, code, hint", [
    ("A > X > C", "showdown_unknown_player", "A > B > C"),  # the one player left out was meant
    ("A > X = Y > C", "showdown_unknown_player", "A > B = Y > C"),
    ("A > B > A", "showdown_duplicate", "A > B"),
    ("C = A", "showdown_missing", "C = A > B"),  # the left-out player after the typed order
    ("A > C", "showdown_missing", "A > C > B"),
])
def test_showdown_hints_mend_the_showdown_as_typed(showdown: str, code: str, hint: str) -> None:
    e = err(f"NL 100/200 stacks A 5000 B 5000 C 5000 preflop: A call, B call, C check; showdown: {showdown}")
    assert (e["code"], e["hint"]) == (code, hint)
