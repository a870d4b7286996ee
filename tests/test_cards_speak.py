"""Showdowns typed with cards (issue 24): reading, refusals, every hand category and tie, Omaha's
two-card rule, hi-lo (split, scoop, quartered, no low, the odd chip), side pots decided among their
own hands, mucks, a typed order checked against the cards, `ruling` with cards, and PokerKit kept
off the ruling path and the console's cold start."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.errors import FloorcallError
from engine.notation.cards import take_cards
from engine.pots.cards import card_game, evaluate
from handlers.cards import hand_name
from handlers.context import Context
from handlers.dispatch import handle

ROOT = Path(__file__).resolve().parent.parent
# Three players, B the small blind, C the big blind, A on the button; everyone checks it down.
CHECKED = ("NL 100/200 stacks A 5000 B 5000 C 5000 preflop: A call, B call, C check; flop: B check, C check, "
           "A check; turn: B check, C check, A check; river: B check, C check, A check; showdown: ")
# C all-in for 800 from the big blind; A and B play a side pot of 2,000 (main pot 2,400).
SIDE = ("NL 100/200 stacks A 5000 B 5000 C 800 preflop: A raise 800, B call, C call; flop: B bet 1000, A call; "
        "turn: B check, A check; river: B check, A check; showdown: ")


def pot(line: str, lang: str = "en", ruleset: str = "tda2026") -> dict[str, Any]:
    return handle("pot " + line, Context(lang=lang, ruleset_id=ruleset)).to_json()


def winners(out: dict[str, Any]) -> list[list[str]]:
    assert out["ok"], out.get("error")
    return [p["winners"] for p in out["pots"]]


def error(out: dict[str, Any]) -> dict[str, Any]:
    assert not out["ok"], out
    return out["error"]


# ---------------------------------------------------------------- reading


@pytest.mark.parametrize("typed", ["A Ah Kd", "A AhKd", "A [Ah Kd]", "A A♥K♦", "A ah kd", "A: Ah Kd", "A (AhKd)",
                                   "A A♥️ K♦️", "A Ａｈ Ｋｄ"])
def test_hole_cards_in_every_pasted_form(typed: str) -> None:
    out = pot(CHECKED + f"{typed}, B Qs Qc, C 2c 3h; board As 9c 7s 2d Kh")
    assert out["hands"]["A"]["cards"] == "AhKd"
    assert winners(out) == [["A"]]


def test_ten_as_10_or_t_and_suits_in_either_case() -> None:
    out = pot(CHECKED + "A 10h Td, B Qs QC, C 2c 3h; board 10s 9c 7S 2d Kh")
    assert out["hands"]["A"]["cards"] == "ThTd"
    assert out["hands"]["A"]["name"] == "three of a kind, tens"
    assert out["board"] == ["Ts", "9c", "7s", "2d", "Kh"]


def test_japanese_and_korean_words() -> None:
    line = CHECKED.replace("showdown: ", "ショーダウン：") + "A AhKd、B QsQc、C 2c3h；ボード As9c7s2dKh"
    assert winners(pot(line, "ja")) == [["A"]]
    line = CHECKED.replace("showdown: ", "쇼다운: ") + "A AhKd, B QsQc, C 2c3h; 보드 As 9c 7s 2d Kh"
    out = pot(line, "ko")
    assert winners(out) == [["A"]] and out["hands"]["A"]["name"] == "A·K 투페어"


def test_reading_leaves_offsets_and_the_rest_of_the_showdown() -> None:
    rest, sd = take_cards("B > A; A Ah Kd, B Qs Qc; board As 9c 7s 2d Kh", 10)
    assert sd is not None and rest.split() == ["B", ">", "A;", ",", ";"]
    assert [h.player for h in sd.hands] == ["A", "B"] and sd.hands[0].cards_at == (19, 22)
    assert sd.board == ("As", "9c", "7s", "2d", "Kh")
    assert take_cards("B > A = C; D mucks", 0) == ("B > A = C; D mucks", None)


def test_existing_typed_order_reads_as_before() -> None:
    out = pot(CHECKED + "C > A > B")
    assert winners(out) == [["C"]] and "hands" not in out


# ---------------------------------------------------------------- refusals, with the card named


@pytest.mark.parametrize(("showdown", "code", "named"), [
    ("A Ah Kx, B Qs Qc, C 2c 3h; board As 9c 7s 2d Kh", "card_unknown", "Kx"),
    ("A Ah 1d, B Qs Qc, C 2c 3h; board As 9c 7s 2d Kh", "card_unknown", "1d"),
    ("A Ah Kd, B Qs Qc, C 2c 3h; board As 9c 7s 2d Zh", "card_unknown", "Zh"),
    ("A Ah Kd, B Ah Qc, C 2c 3h; board As 9c 7s 2d Kh", "card_twice", "Ah"),
    ("A Ah Kd, B Qs Qc, C 2c 3h; board As 9c 7s 2d Kd", "card_twice_board", "Kd"),
    ("A Ah Kd, B Qs Qc, C 2c 3h; board As 9c 7s 9c Kh", "card_twice_in_board", "9c"),
    ("A Ah Kd Qd, B Qs Qc, C 2c 3h; board As 9c 7s 2d Kh", "hole_cards_count", "A"),
    ("A Ah, B Qs Qc, C 2c 3h; board As 9c 7s 2d Kh", "hole_cards_count", "A"),
    ("A Ah Kd, B Qs Qc, C 2c 3h; board As 9c", "board_too_short", "As 9c"),
    ("A Ah Kd, B Qs Qc, C 2c 3h; board As", "board_too_short", "As"),
    ("A Ah Kd, B Qs Qc, C 2c 3h; board As 9c 7s", "board_not_run_out", "As 9c 7s"),
    ("A Ah Kd, B Qs Qc, C 2c 3h; board As 9c 7s 2d", "board_not_run_out", "As 9c 7s 2d"),
    ("A Ah Kd, B Qs Qc, C 2c 3h", "board_missing", "board"),
    ("A Ah Kd, B Qs Qc; board As 9c 7s 2d Kh", "cards_missing", "C"),
    ("A Ah Kd, B Qs Qc, D 2c 3h; board As 9c 7s 2d Kh", "cards_unknown_player", "D"),
])
def test_refused_with_what_is_wrong_named(showdown: str, code: str, named: str) -> None:
    for lang in ("en", "ja", "ko"):
        err = error(pot(CHECKED + showdown, lang))
        assert err["code"] == code
        assert named in err["message"] + (err["hint"] or ""), err
        assert err["at"] is not None and err["at"] >= len("pot " + CHECKED)  # in the showdown


def test_wrong_hole_card_count_for_omaha_names_the_game() -> None:
    line = CHECKED.replace("NL 100/200", "PLO 100/200") + "A Ah Kd, B Qs Qc 2h 3h, C 2c 3c 4c 5c; board As 9c 7s 2d Kh"
    err = error(pot(line, "ja"))
    assert err["code"] == "hole_cards_count" and "オマハ" in err["message"] and "4枚" in err["message"]


def test_cards_of_a_folded_player_are_refused() -> None:
    line = ("NL 100/200 stacks A 5000 B 5000 C 5000 preflop: A call, B fold, C check; flop: C check, A check; "
            "turn: C check, A check; river: C check, A check; showdown: A Ah Kd, B Qs Qc, C 2c 3h; "
            "board As 9c 7s 2d Kh")
    err = error(pot(line))
    assert err["code"] == "cards_folded" and "B" in err["message"]


# ---------------------------------------------------------------- categories and names


CATEGORIES = [
    # hole, board, category, en, ja, ko
    ("Ah 3d", "Kc 9s 7h 5d 2c", "high_card", "ace high", "Aハイ", "A 하이"),
    ("Ah Ad", "Kc 9s 7h 5d 2c", "one_pair", "a pair of aces", "Aのワンペア", "A 원페어"),
    ("Ah Kd", "As Kc 7h 5d 2c", "two_pair", "two pair, aces and kings", "AとKのツーペア", "A·K 투페어"),
    ("7h 7d", "7s Kc 9h 5d 2c", "three_of_a_kind", "three of a kind, sevens", "7のスリーカード", "7 트리플"),
    ("9h Td", "Js Qc Kh 5d 2c", "straight", "king-high straight", "Kハイのストレート", "K 하이 스트레이트"),
    ("Ah 2d", "3s 4c 5h Kd Qc", "straight", "five-high straight (the wheel)", "5ハイのストレート（ホイール）",
     "5 하이 스트레이트(휠)"),
    ("Kh 2h", "9h 7h 4h Qd Qc", "flush", "king-high flush", "Kハイのフラッシュ", "K 하이 플러시"),
    ("Ah Ad", "As Kc Kh 5d 2c", "full_house", "aces full of kings", "Aのフルハウス（Kのペア）", "A 풀하우스(K 페어)"),
    ("9h 9d", "9s 9c Kh 5d 2c", "four_of_a_kind", "four of a kind, nines", "9のフォーカード", "9 포카드"),
    ("9h 8h", "7h 6h 5h Kd 2c", "straight_flush", "nine-high straight flush", "9ハイのストレートフラッシュ",
     "9 하이 스트레이트 플러시"),
    ("Ah 2h", "3h 4h 5h Kd Qc", "straight_flush", "five-high straight flush (the steel wheel)",
     "5ハイのストレートフラッシュ（スチールホイール）", "5 하이 스트레이트 플러시(스틸 휠)"),
    ("Ah Kh", "Qh Jh Th 2d 2c", "royal_flush", "a royal flush", "ロイヤルフラッシュ", "로열 스트레이트 플러시"),
]


@pytest.mark.parametrize(("hole", "board", "category", "en", "ja", "ko"), CATEGORIES)
def test_every_category_named_in_three_languages(hole: str, board: str, category: str, en: str, ja: str,
                                                 ko: str) -> None:
    high, low = evaluate(hole.split(), board.split(), "holdem")
    assert high.category == category and low is None
    assert [hand_name(high, lang) for lang in ("en", "ja", "ko")] == [en, ja, ko]


def test_categories_rank_in_order() -> None:
    made = [evaluate(h.split(), b.split(), "holdem")[0] for h, b, *_ in CATEGORIES]
    order = ["high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
             "four_of_a_kind", "straight_flush", "royal_flush"]
    ranked = sorted(made, key=lambda m: m.strength)
    assert [order.index(m.category) for m in ranked] == sorted(order.index(m.category) for m in made)
    wheel = next(m for m in made if m.best[0][0] == "5" and m.category == "straight")
    king_straight = next(m for m in made if m.category == "straight" and m.best[0][0] == "K")
    assert wheel.strength < king_straight.strength and wheel.best == ("5h", "4c", "3s", "2d", "Ah")


def test_best_five_read_made_part_first() -> None:
    high, _ = evaluate(["Kh", "Kd"], ["Ks", "9c", "9d", "2h", "Ac"], "holdem")
    assert high.best == ("Kh", "Kd", "Ks", "9c", "9d") and high.ranks == ("K", "9")


# ---------------------------------------------------------------- ties and kickers


def test_kicker_decides() -> None:
    out = pot(CHECKED + "A Ah Kd, B Ac Qd, C 2c 2h; board As 9c 7s 4d 5h")
    assert winners(out) == [["A"]]
    assert out["hands"]["A"]["rank"] == 1 and out["hands"]["B"]["rank"] == 2


def test_kickers_tie_when_the_board_plays_them() -> None:
    # Both have an ace; the board's K Q J are the kickers for both: split, odd chip to B (first left of the button).
    out = pot(CHECKED + "A Ah 3d, B Ac 2d, C 4c 5h; board As Ks Qd Jh 8c")
    assert winners(out) == [["B", "A"]]
    assert out["hands"]["A"]["rank"] == out["hands"]["B"]["rank"] == 1
    assert out["pots"][0]["shares"] == {"B": 300, "A": 300}


def test_the_board_plays_for_a_split_of_three() -> None:
    out = handle("pot " + CHECKED + "A 2h 3d, B 4c 5d, C 6c 2c; board As Ks Qd Jh Th",
                 Context()).to_json()
    assert winners(out) == [["B", "C", "A"]]
    words = out["text"]
    assert "play the board" in words and "14-A" in out["citations"]


def test_two_pair_counterfeited_by_the_board() -> None:
    # A's 7s are counterfeited: the board's two pair with the ace kicker beat A's pair; C's queen is the kicker.
    out = pot(CHECKED + "A 7h 7d, B 3c 2d, C Qc 4h; board Ks Kd 9s 9h Jc")
    assert winners(out) == [["C"]]


def test_odd_chip_in_a_split_goes_left_of_the_button() -> None:
    line = ("NL 25/50 ante 25 stacks A 5000 B 5000 C 5000 preflop: A call, B call, C check; flop: B check, C check, "
            "A check; turn: B check, C check, A check; river: B check, C check, A check; showdown: "
            "A Ah 3d, B Ac 2d, C 4c 5h; board As Ks Qd Jh 8c")
    out = pot(line)
    main = out["pots"][0]
    assert main["amount"] == 225 and main["winners"] == ["B", "A"]
    assert main["shares"] == {"B": 113, "A": 112} and main["odd_chips"] == {"B": 1}
    assert "21-A" in out["citations"]


# ---------------------------------------------------------------- side pots decided among their own hands


def test_short_all_in_wins_the_main_pot_and_loses_the_side_pot() -> None:
    out = pot(SIDE + "A Ah Kd, B Qs Qc, C 7h 7d; board As 9c 7s 2d Kh")
    assert winners(out) == [["C"], ["A"]]
    assert out["payoffs"] == {"B": -1800, "C": 1600, "A": 200}
    assert "Main pot: C wins with three of a kind, sevens" in out["text"]
    assert "Side pot 1: A wins with two pair, aces and kings" in out["text"]


def test_short_all_in_loses_the_main_pot_the_side_pot_to_the_best_of_the_rest() -> None:
    out = pot(SIDE + "A Qh Qd, B 4s 4c, C Ah Ad; board As 9c 7s 2d Kh")
    assert winners(out) == [["C"], ["A"]]


def test_reply_words_in_japanese_and_korean() -> None:
    ja = pot(SIDE + "A Ah Kd, B Qs Qc, C 7h 7d; board As 9c 7s 2d Kh", "ja")["text"]
    assert "メインポット：Cの勝ち（7のスリーカード）" in ja and "サイドポット1：Aの勝ち（AとKのツーペア）" in ja
    full = pot(SIDE + "A Kh Kd, B Qs Qc, C 7h 7d; board As 9c Ks 2d Ah", "ja")
    assert "Kのフルハウス" in full["text"] and full["hands"]["A"]["name"] == "Kのフルハウス（Aのペア）"
    ko = pot(SIDE + "A Ah Kd, B Qs Qc, C 7h 7d; board As 9c 7s 2d Kh", "ko")["text"]
    assert "메인 팟: C 승리 (7 트리플)" in ko


def test_cited_cards_speak_tabling_show_order_and_odd_chip() -> None:
    out = pot(SIDE + "A Ah 3d, B Ac 2d, C 7h 7d; board As Ks Qd Jh 8c")
    ids = out["citations"]
    for rule in ("13", "14-A", "17", "23"):
        assert rule in ids, ids
    odd = pot(CHECKED.replace("100/200", "100/200 ante 25") + "A Ah 3d, B Ac 2d, C 4c 5h; board As Ks Qd Jh 8c")
    assert odd["pots"][0]["odd_chips"] == {"B": 1} and "21-A" in odd["citations"]
    checked = pot(CHECKED + "A Ah Kd, B Qs Qc, C 2c 3h; board As 9c 7s 2d Kh")["citations"]
    assert "18-A" in checked and "14-A" in checked and "13" in checked


# ---------------------------------------------------------------- mucks


def test_a_mucked_hand_is_out_of_every_pot_even_the_best() -> None:
    out = pot(CHECKED + "A Ah Kd, B Qs Qc, C 7h 7d mucks; board As 9c 7s 2d Kh")
    assert winners(out) == [["A"]]
    assert out["hands"]["C"]["mucked"] is True and out["hands"]["C"]["rank"] is None
    assert out["mucked"] == ["C"]
    plain = pot(CHECKED + "A Ah Kd, B Qs Qc; C mucks; board As 9c 7s 2d Kh")
    assert winners(plain) == [["A"]] and "C" not in plain["hands"]


# ---------------------------------------------------------------- a typed order beside the cards


def test_typed_order_agreeing_with_the_cards() -> None:
    out = pot(CHECKED + "C > A > B; A Ah Kd, B Qs Qc, C 9h 9d; board As 9c 7s 2d Kh")
    assert winners(out) == [["C"]] and out["hands"]["C"]["rank"] == 1
    said = pot(CHECKED + "Cの勝ち; A Ah Kd, B Qs Qc, C 9h 9d; board As 9c 7s 2d Kh")
    assert winners(said) == [["C"]]


def test_typed_order_contradicted_by_the_cards_names_them() -> None:
    err = error(pot(CHECKED + "B > A > C; A Ah Kd, B Qs Qc, C 2c 3h; board As 9c 7s 2d Kh"))
    assert err["code"] == "cards_contradict"
    assert "AhKd" in err["message"] and "QsQc" in err["message"] and "two pair, aces and kings" in err["message"]
    tie = error(pot(CHECKED + "A = B > C; A Ah Kd, B Qs Qc, C 2c 3h; board As 9c 7s 2d Kh"))
    assert tie["code"] == "cards_contradict_tie" and tie["hint"] == "A > B"
    same = error(pot(CHECKED + "A > B > C; A Ah 3d, B Ac 2d, C 4c 5h; board As Ks Qd Jh 8c"))
    assert same["code"] == "cards_contradict_equal" and same["hint"] == "A = B"
    said = error(pot(CHECKED + "Bの勝ち; A Ah Kd, B Qs Qc, C 2c 3h; board As 9c 7s 2d Kh", "ja"))
    assert said["code"] == "cards_contradict" and "AhKd" in said["message"] and "AとKのツーペア" in said["message"]
    ok = pot(CHECKED + "A > B > C; A Ah Kd, B Qs Qc, C 2c 3h; board As 9c 7s 2d Kh")
    assert winners(ok) == [["A"]]


# ---------------------------------------------------------------- Omaha and hi-lo


def test_omaha_uses_exactly_two_hole_cards() -> None:
    # Hold'em would give A the flush (one heart in hand, four on the board); Omaha needs two: B's set wins.
    board = "2h 7h 9h Jh Kc"
    hole_a, hole_b = "Ah Qs Qd 3c", "Kd Ks 4c 5d"
    as_holdem = evaluate(hole_a.split()[:1] + ["3c"], board.split(), "holdem")[0]
    assert as_holdem.category == "flush"
    line = CHECKED.replace("NL 100/200", "PLO 100/200") + f"A {hole_a}, B {hole_b}, C 2c 3d 4d 5s; board {board}"
    out = pot(line)
    assert out["card_game"] == "omaha" and winners(out) == [["B"]]
    assert out["hands"]["A"]["name"] == "a pair of queens" and out["hands"]["B"]["name"] == "three of a kind, kings"


def test_omaha_board_four_to_a_straight_needs_two_in_hand() -> None:
    high, _ = evaluate("As Ad 2c 3c".split(), "Ts Js Qs Kd 4h".split(), "omaha")
    assert high.category == "one_pair"  # no straight: one ten-to-ace card in hand


HILO = ("PLO8 100/200 stacks A 5000 B 5000 C 5000 preflop: A call, B call, C check; flop: B check, C check, "
        "A check; turn: B check, C check, A check; river: B check, C check, A check; showdown: ")


def test_hilo_split_between_high_and_qualifying_low() -> None:
    out = pot(HILO + "A Kh Kd Qc Qd, B 2s 3c Jh Jd, C 9s 9d Tc Td; board 4s 5c 8d Kc 7h")
    main = out["pots"][0]
    assert main["high"] == ["A"] and main["low"] == ["B"] and main["shares"] == {"B": 300, "A": 300}
    assert out["hands"]["B"]["low"]["name"] == "7-5-4-3-2 low"
    assert out["hands"]["A"]["low"] is None


def test_hilo_without_a_qualifying_low_the_high_hand_scoops() -> None:
    out = pot(HILO + "A Kh Kd Qc Qd, B 2s 3c Jh Jd, C 9s 9d Ts Td; board 4s 5c 9h Kc Qh")
    main = out["pots"][0]
    assert main["low"] == [] and main["winners"] == ["A"] and main["shares"] == {"A": 600}
    assert "no hand that can win it has a low of 8 or better" in out["text"]


def test_hilo_quartered() -> None:
    # B and C hold the same low: each gets a quarter; A's high takes the other half.
    out = pot(HILO + "A Kh Kd Qc Qd, B As 2s Jh Jd, C Ac 2c Ts Td; board 4s 5c 8d Kc 7h")
    main = out["pots"][0]
    assert main["high"] == ["A"] and main["low"] == ["B", "C"]
    assert main["shares"] == {"B": 150, "C": 150, "A": 300}


def test_hilo_scoop_with_both_halves() -> None:
    out = pot(HILO + "A Ah 2h 6h 9c, B Kc Kd Qc Qd, C Jh Jd Ts Td; board 3h 4h 5c Kh 8d")
    main = out["pots"][0]
    assert main["high"] == ["A"] and main["low"] == ["A"] and main["shares"] == {"A": 600}
    assert "scoops" in out["text"]


def test_hilo_odd_chip_to_the_high_half() -> None:
    line = HILO.replace("PLO8 100/200", "PLO8 100/200 ante 1")
    out = pot(line + "A Kh Kd Qc Qd, B 2s 3c Jh Jd, C 9s 9d Tc Td; board 4s 5c 8d Kc 7h")
    main = out["pots"][0]
    assert main["amount"] % 2 == 1
    assert main["shares"]["A"] == main["shares"]["B"] + 1 and main["odd_chips"] == {"A": 1}
    assert "21-C" in out["citations"]


def test_card_game_words() -> None:
    assert [card_game(h) for h in ("NL 1/2", "PLO 1/2", "O8 1/2", "PLO8 1/2", "PL omaha hi-lo 1/2",
                                   "PL オマハ ハイロー 1/2", "팟리밋 오마하 1/2")] == [
        "holdem", "omaha", "omaha_hilo", "omaha_hilo", "omaha_hilo", "omaha_hilo", "omaha"]
    out = pot(HILO.replace("PLO8", "O8") + "A Kh Kd Qc Qd, B 2s 3c Jh Jd, C 9s 9d Tc Td; board 4s 5c 8d Kc 7h")
    assert out["card_game"] == "omaha_hilo" and out["pots"][0]["low"] == ["B"]


# ---------------------------------------------------------------- ruling


def test_ruling_on_a_finished_hand_with_cards() -> None:
    line = ("ruling NL 100/200 stacks A 3000 B 5000 C 800 preflop: A raise 800, B call, C call; flop: B check, "
            "A check; turn: B check, A check; river: B bet 1000, A call; "
            "showdown: A Ah Kd, B Qs Qc, C 7h 7d; board As 9c 7s 2d Kh")
    out = handle(line, Context()).to_json()
    assert out["ok"] and [p["winners"] for p in out["pots"]] == [["C"], ["A"]]
    assert out["hands"]["A"]["best"] == ["Ah", "As", "Kd", "Kh", "9c"]
    assert "Main pot: C wins" in out["text"]
    bad = handle(line.replace("7h 7d", "7h 7s"), Context()).to_json()
    assert bad["error"]["code"] == "card_twice_board"


# ---------------------------------------------------------------- PokerKit only when cards are typed


def test_pokerkit_is_not_imported_on_the_ruling_path_or_the_console_cold_start() -> None:
    probe = (
        "import sys; sys.path.insert(0, '.');"
        "from handlers.dispatch import handle; from handlers.context import Context;"
        "handle('ruling NL 50/100 flop: A bet 100, B allin 125, C call, D?', Context());"
        "handle('pot " + CHECKED + "C > A > B', Context());"
        "first = 'pokerkit' in sys.modules;"
        "import bot;"
        "handle('pot " + CHECKED + "A Ah Kd, B Qs Qc, C 2c 3h; board As 9c 7s 2d Kh', Context());"
        "print(first, 'pokerkit' in sys.modules)"
    )
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    assert proc.stdout.split() == ["False", "True"], proc.stdout + proc.stderr
    console = subprocess.run(
        [sys.executable, "-c", "import sys; sys.path.insert(0, '.'); import bot; bot.main(['--console', '--json']);"
                               "sys.stderr.write('pokerkit: %r' % ('pokerkit' in sys.modules))"],
        input="ruling NL 50/100 flop: A bet 100, B allin 125, C call, D?\n", capture_output=True, text=True, cwd=ROOT,
        check=True)
    assert console.stderr.strip().endswith("pokerkit: False"), console.stderr


def test_floorcall_error_type_is_used_for_card_refusals() -> None:
    with pytest.raises(FloorcallError) as err:
        take_cards("A Ah Kd, B Ah Qc; board As 9c 7s 2d Kh", 0)
    assert err.value.code == "card_twice" and err.value.params["card"] == "Ah"


def test_board_typed_before_the_showdown_or_after_a_comma() -> None:
    line = CHECKED.replace("; showdown: ", "; board: As 9c 7s 2d Kh; showdown: ") + "A Ah Kd, B Qs Qc, C 2c 3h"
    out = pot(line)
    assert winners(out) == [["A"]] and out["board"] == ["As", "9c", "7s", "2d", "Kh"]
    assert winners(pot(CHECKED + "A Ah Kd, B Qs Qc, C 2c 3h, board As, 9c, 7s, 2d, Kh")) == [["A"]]
    twice = error(pot(line.replace("C 2c 3h", "C 2c 3h; board As 9c 7s 2d Kh")))
    assert twice["code"] == "board_twice"


TIES = [
    # board, hand 1, hand 2, expected: 0 a tie, 1 the first wins, -1 the second
    ("As Ks Qd Jh 9c", "2c 3d", "2h 3s", 0),  # high card: the board plays
    ("As Ks Qd Jh 7c", "9c 3d", "8h 3s", 1),  # high card: the fifth card
    ("As Ad 9c 7h 4s", "Kc Qd", "Kh Qs", 0),  # one pair, same kickers
    ("As Ad 9c 7h 4s", "Kc Qd", "Kh Js", 1),  # one pair, second kicker
    ("Ks Kd 9c 9h 2s", "Ac 3d", "Ah 4s", 0),  # two pair, same kicker
    ("Ks Kd 9c 9h 2s", "Ac 3d", "Qh 4s", 1),  # two pair, kicker
    ("Ks Kd 9c 8h 2s", "9s 3d", "8s Ah", 1),  # two pair, second pair beats the kicker
    ("7s 7d 7c Kh 2s", "Ac Qd", "Ah Js", 0),  # three of a kind, kickers from the board
    ("7s 7d 7c Kh 2s", "Ac Qd", "Qh Js", 1),  # three of a kind, kicker
    ("5s 6d 7c 8h Ks", "9c 2d", "9h 3s", 0),  # the same straight
    ("5s 6d 7c 8h Ks", "9c 2d", "4h 3s", 1),  # higher straight
    ("2h 5h 8h Jh Kh", "3c 4c", "3d 4d", 0),  # the board's flush
    ("2h 5h 8h Jh Kd", "Ah 3c", "Qh Ac", 1),  # flush: the top card
    ("2h 5h 8h Jh Kd", "Qh 3h", "Qd 9h", 1),  # flush: down to the fifth card
    ("Ks Kd Kc 9h 9s", "2c 3d", "4h 5s", 0),  # the board's full house
    ("Ks Kd 9c 9h 2s", "Kc 3d", "9s 4s", 1),  # full house: trips decide
    ("9s 9d 9c 9h As", "2c 3d", "Kh Qs", 0),  # the board's quads, ace kicker on the board
    ("9s 9d 9c 9h 2s", "Ac 3d", "Kh Qs", 1),  # quads: kicker
    ("5h 6h 7h 8h 9h", "2c 3d", "4c 5s", 0),  # the board's straight flush
    ("5h 6h 7h 8h Kd", "9h 2c", "4h 2d", 1),  # higher straight flush
    ("Ah Kh Qh Jh Th", "2c 3d", "4c 5s", 0),  # the board's royal flush
    ("2d 3c 4h 5s 9s", "Ac Kd", "6c Kh", -1),  # the wheel loses to the six-high straight
    ("Ah 2h 3h 4h Kd", "5h 9c", "Kh Qh", 1),  # the steel wheel beats the king-high flush
]


@pytest.mark.parametrize(("board", "one", "two", "expected"), TIES)
def test_ties_and_kickers(board: str, one: str, two: str, expected: int) -> None:
    a, _ = evaluate(one.split(), board.split(), "holdem")
    b, _ = evaluate(two.split(), board.split(), "holdem")
    assert (a.strength > b.strength) - (a.strength < b.strength) == expected, (a, b)


def test_hilo_side_pots_decided_among_their_own_hands() -> None:
    # C (all-in) has the only low: half the main pot; the side pot has no low among its hands: A scoops it.
    line = ("NL omaha hi-lo 100/200 stacks A 5000 B 5000 C 800 preflop: A raise 800, B call, C call; flop: B bet 1000, "
            "A call; turn: B check, A check; river: B check, A check; showdown: A Kh Kd Qc Qd, B Jh Jd 9s 9d, "
            "C As 2s 3h Th; board 4s 5c 8d Kc 7h")
    out = pot(line)
    main, side = out["pots"]
    assert (main["high"], main["low"], main["shares"]) == (["A"], ["C"], {"C": 1200, "A": 1200})
    assert (side["high"], side["low"], side["shares"]) == (["A"], [], {"A": 2000})
    assert out["payoffs"] == {"B": -1800, "C": 400, "A": 1400}
