"""Red team, third round: rulings typed in Japanese and Korean the way floor chat types them.

Every case here was read as something else (a wrong ruling with no error, most often a player
seated under a name made of half the action) or refused although it says something plain. Each
test asserts the ruling's amounts and the rule ids that decided it.
"""

from __future__ import annotations

from typing import Any

import pytest

from handlers.context import Context
from handlers.dispatch import handle
from tests.ruling_helpers import action, ok, ruling


def _options(out: dict[str, Any]) -> tuple[Any, ...]:
    return out["to_act"], out["to_call"], out["bet_level"], out["can_raise"], out["min_raise_to"]


# -- amounts written with 万 / 만 and a smaller unit after it ----------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was: a player called "Aが5千5百" betting the 2,000 minimum.
    ("NL 1000/2000 フロップ: Aが5千5百ベット、Bは？", "ja"),
    ("NL 1000/2000 フロップ: Aが5千5百、Bは？", "ja"),
    ("NL 1000/2000 플랍: A가 5천5백 벳, B?", "ko"),
])
def test_thousands_and_hundreds_in_one_amount(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"]] == [("A", "bet", 5500)]
    assert _options(out) == ("B", 5500, 5500, True, 11000)


@pytest.mark.parametrize(("hand", "lang"), [
    # Was: a player called "Bが1" raising with `万5千にレイズ` (the cut fell inside the numeral).
    ("NL 1000/2000 フロップ: Aが5千ベット、Bが1万5千にレイズ、Cは？", "ja"),
    ("NL 1000/2000 フロップ: Aが5千ベット、Bが１万５千にレイズ、Cは？", "ja"),
    # Was refused: `1만5천으로` is not an action.
    ("NL 1000/2000 플랍: A가 5천 벳, B가 1만5천으로 레이즈, C?", "ko"),
])
def test_ten_thousands_and_thousands_in_one_amount(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert [a["player"] for a in out["actions"]] == ["A", "B"]
    assert (action(out, "B")["ruled"], action(out, "B")["to"], action(out, "B")["rules"]) == ("raise", 15000, ["45-B"])
    # W 15,000 after a raise of 10,000 over the 5,000 bet: C's least raise is to 25,000 (45-A).
    assert _options(out) == ("C", 15000, 15000, True, 25000)
    assert out["citations"] == ["52", "45-B", "45-A"]


# -- a closing question typed as a sentence ----------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang", "asked"), [
    # Was: a player called "Cはいくらまでレイズできる" (or the whole sentence) seated and to act.
    ("NL 100/200 フロップ: Aが1000ベット、Bが3000にレイズ、Cはいくらまでレイズできる？", "ja", "C"),
    ("NL 100/200 フロップ: Aが1000ベット、Bが3000にレイズ、Cのミニマムレイズは？", "ja", "C"),
    ("NL 100/200 フロップ: Aが1000ベット、Bが3000にレイズ、Cはレイズできる？", "ja", "C"),
    ("NL 100/200 フロップ: 1番席が1000ベット、3番席が3000にレイズ、5番席はいくらからレイズできる？", "ja", "5番席"),
    # Was refused word by word (`얼마?`, `가능?`, `최소`, `자리` "not an action").
    ("NL 100/200 플랍: A 1000 벳, B 3000 레이즈, C 민레이즈 얼마?", "ko", "C"),
    ("NL 100/200 플랍: A 1000 벳, B 3000 레이즈, C는 레이즈 가능?", "ko", "C"),
    ("NL 100/200 플랍: A 1000 벳, B 3000 레이즈, C 최소 레이즈는?", "ko", "C"),
    ("NL 100/200 플랍: A 1000 벳, B 3000 레이즈, C는 얼마까지 레이즈 할 수 있어?", "ko", "C"),
    ("NL 100/200 플랍: 1번 1000 벳, 2번 3000 레이즈, 3번 자리 레이즈 얼마까지?", "ko", "3번 자리"),
    ("NL 100/200 플랍: A 1000 벳, B 3000 레이즈, 민수가 얼마까지 레이즈 돼?", "ko", "민수"),
])
def test_a_question_sentence_asks_about_the_player_it_names(hand: str, lang: str, asked: str) -> None:
    out = ok(hand, lang=lang)
    assert len(out["actions"]) == 2
    # A bets 1,000, B raises to 3,000 (45-B): R = 2,000, so the least raise is to 5,000 (45-A).
    assert _options(out) == (asked, 3000, 3000, True, 5000)
    assert out["citations"] == ["52", "45-B", "45-A"]


def test_a_verb_with_a_question_mark_asks_whether_that_player_may_do_it() -> None:
    # Was: a player called "Bがコール" to act. "May B call?": B faces the 1,000 bet.
    out = ok("NL 100/200 フロップ: Aが1000ベット、Bがコール？", lang="ja")
    assert _options(out) == ("B", 1000, 1000, True, 2000)
    assert out["citations"] == ["52", "45-A"]


def test_a_hangul_name_keeps_its_last_syllable_in_a_question() -> None:
    # 이 and 은 end names (지은): taken as particles only after a Latin name or a seat, as in actions.
    out = ok("NL 100/200 플랍: A 1000 벳, 지은 레이즈 가능?", lang="ko")
    assert out["to_act"] == "지은"


# -- chips counted as chat counts them (46, 47) ------------------------------------------------------
_FACING_1000 = "NL 100/200 フロップ: Aが1000ベット、"
_FACING_1000_KO = "NL 100/200 플랍: A 1000 벳, "


@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused (`1枚`, `5000を1枚`, `한`, `1개`, `5000짜리` "not chips" / "not an action").
    (_FACING_1000 + "Bが5000チップ1枚", "ja"),
    (_FACING_1000 + "Bがチップ5000を1枚", "ja"),
    (_FACING_1000 + "Bが5000を1枚", "ja"),
    (_FACING_1000 + "B 5000のチップ1枚", "ja"),
    # Was: a player called "Bが5000" pushing chips with no value.
    (_FACING_1000 + "Bが5000チップ", "ja"),
    (_FACING_1000_KO + "B 5000칩 한 개", "ko"),
    (_FACING_1000_KO + "B 5000칩 하나", "ko"),
    (_FACING_1000_KO + "B 5000칩 1개", "ko"),
    (_FACING_1000_KO + "B 5000짜리 칩 하나", "ko"),
    # Was: "a comma goes before 오버칩".
    (_FACING_1000_KO + "B 5000 오버칩", "ko"),
])
def test_one_oversized_chip_counted_in_chat_is_a_call(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    # One chip bigger than the bet, pushed with nothing said: a call (46); the round is over.
    assert (action(out, "B")["ruled"], action(out, "B")["to"], action(out, "B")["rules"]) == ("call", 1000, ["46"])
    assert out["to_act"] is None and out["citations"] == ["52", "46"]


def test_raise_declared_then_one_chip_counted() -> None:
    # Was: a player called "Bがレイズ宣言して" calling with the chip. "Raise" said first: the chip
    # is a raise to its full value (46, 45-B): W 5,000, R 4,000, A's least raise to 9,000.
    out = ok(_FACING_1000 + "Bがレイズ宣言して5000チップ1枚、Aは？", lang="ja")
    assert (action(out, "B")["ruled"], action(out, "B")["to"], action(out, "B")["rules"]) == ("raise", 5000, ["46", "45-B"])
    assert _options(out) == ("A", 4000, 5000, True, 9000)
    out = ok(_FACING_1000_KO + "B 레이즈 선언 후 5000칩 한 개, A?", lang="ko")
    assert (action(out, "B")["ruled"], action(out, "B")["to"], action(out, "B")["rules"]) == ("raise", 5000, ["46", "45-B"])


def test_five_chips_counted_are_multiple_chips() -> None:
    # Five 1,000 chips against a 1,000 bet: not every chip is needed to call, so 47-B: a raise to 5,000.
    for hand, lang in ((_FACING_1000 + "Bが1000チップ5枚、Aは？", "ja"), (_FACING_1000_KO + "B가 1000칩 다섯 개, A?", "ko")):
        out = ok(hand, lang=lang)
        assert (action(out, "B")["ruled"], action(out, "B")["to"]) == ("raise", 5000)
        assert action(out, "B")["rules"][:2] == ["47-B", "45-A"]
        assert _options(out) == ("A", 4000, 5000, True, 9000)


@pytest.mark.parametrize("hand", [_FACING_1000_KO + "B 칩 한 개로 콜", _FACING_1000_KO + "B 콜 선언",
                                  _FACING_1000 + "Bがコール宣言"])
def test_a_declared_call_with_chips_of_no_value_said_is_a_call(hand: str) -> None:
    # Was refused (`한` not chips; `선언` "not expected here"; `コール宣言` not an action).
    out = ok(hand, lang="ko")
    assert (action(out, "B")["ruled"], action(out, "B")["to"], action(out, "B")["rules"]) == ("call", 1000, ["53-A"])


# -- open, 3-bet, 4-bet --------------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused: `500オープン`, `500 오픈` "not an action" (and `3ベット1500` as bet 3).
    ("NL 100/200 プリフロップ: UTGが500オープン、COが1500に3ベット、BTNオールイン2500、SBフォールド、BBフォールド、UTGは？", "ja"),
    ("NL 100/200 プリフロップ: UTG 500オープン、CO 3ベット1500、BTN オールイン2500、SB フォールド、BB フォールド、UTGは？", "ja"),
    ("NL 100/200 프리플랍: UTG 500 오픈, CO 1500 3벳, BTN 올인 2500, SB 폴드, BB 폴드, UTG?", "ko"),
    ("NL 100/200 프리플랍: UTG 500 오픈, CO 쓰리벳 1500, BTN 올인 2500, SB 폴드, BB 폴드, UTG?", "ko"),
])
def test_open_and_three_bet_before_the_flop(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    # The open is a raise to 500 (R 300 over the big blind); the 3-bet to 1,500 (R 1,000); the all-in
    # to 2,500 adds 1,000, a full raise (52): the betting reopens for UTG (49-A), least raise 3,500.
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"][:3]] == [
        ("UTG", "raise", 500), ("CO", "raise", 1500), ("BTN", "allin", 2500)]
    assert _options(out) == ("UTG", 2000, 2500, True, 3500)
    assert out["citations"] == ["45-B", "52", "45-A", "49-A"]
    # Before the flop the open is a raise over the big blind, not "a bet said facing a bet".
    assert action(out, "UTG").get("notes") is None


def test_a_short_all_in_over_a_three_bet_still_reopens_for_the_opener() -> None:
    # All-in to 2,200 adds 700 < R 1,000 (short, 45-A), but UTG last acted at 500: W 2,200 − L 500 =
    # 1,700 ≥ 1,000, so UTG may raise (49-A), to at least 3,200.
    out = ok("NL 100/200 プリフロップ: UTGが500オープン、COが1500に3ベット、BTNオールイン2200、SBフォールド、BBフォールド、UTGは？",
             lang="ja")
    assert action(out, "BTN")["full_raise"] is False
    assert _options(out) == ("UTG", 1700, 2200, True, 3200)
    assert out["citations"] == ["45-B", "52", "45-A", "49-A", "IA-49"]


# -- seats as chat names them ------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang", "seat"), [
    # Was refused: `자리` "not an action" (the seat `1번 자리` read as player `1번` doing `자리`).
    ("NL 100/200 플랍: 1번 자리 1000 벳, 2번 자리 3000 레이즈, 1번 자리는?", "ko", "1번 자리"),
    # Was: `1번` asked about a newcomer who had never acted (to call 3,000, no reopening check).
    ("NL 100/200 플랍: 1번 자리가 1000 벳, 2번 자리가 3000으로 레이즈, 1번?", "ko", "1번 자리"),
    ("NL 100/200 플랍: 1번 1000 벳, 2번 3000 레이즈, 1번 자리 레이즈 얼마까지?", "ko", "1번"),
    # Was refused (`3番席レイズ3000` "no action"); then `2番` was a second player beside `2番席`.
    ("NL 100/200 フロップ: 2番席 1000ベット、3番席レイズ3000、2番はいくらまでレイズできる？", "ja", "2番席"),
    ("NL 100/200 フロップ: 2番席が1000ベット、3番が3000にレイズ、2番は？", "ja", "2番席"),
])
def test_one_seat_however_it_is_spelled(hand: str, lang: str, seat: str) -> None:
    out = ok(hand, lang=lang)
    # The bettor faces the raise to 3,000: W 3,000 − L 1,000 = 2,000 ≥ R 2,000, reopened (49-A).
    assert out["actions"][0]["player"] == seat
    assert _options(out) == (seat, 2000, 3000, True, 5000)
    assert out["options_reason"] == "reopened"
    assert out["citations"] == ["52", "45-B", "45-A", "49-A"]


def test_one_seat_across_streets_and_the_showdown() -> None:
    # Was refused: "a stack for 5番, but 5番 is not in the hand (players SB BB 3番 5番席)".
    reply = handle("pot NL 100/200 stacks 3番 5000 5番 5000 SB 5000 BB 5000 プリフロップ: 3番 500オープン、5番席 コール、"
                   "SBフォールド、BBフォールド; フロップ: 3番席 チェック、5番 チェック; ターン: 3番 チェック、5番席 チェック; "
                   "リバー: 3番 チェック、5番 チェック; ショーダウン: 5番席 > 3番席", Context(lang="ja")).to_json()
    assert reply["ok"], reply.get("error")
    # Blinds 100 + 200 dead, 500 from each of the two seats: 1,300 to seat 5 (23, 13).
    assert [(p["amount"], p["eligible"], p["shares"]) for p in reply["pots"]] == [(1300, ["3番", "5番"], {"5番": 1300})]
    assert reply["payoffs"] == {"SB": -100, "BB": -200, "3番": -500, "5番": 800}


# -- the game in two words ---------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused: `팟` / `ポット` read as the pot and "must be followed by an amount" (said in English).
    ("팟 리밋 100/200 플랍 팟 1000: A 500 벳, B?", "ko"),
    ("ポット リミット 100/200 フロップ ポット 1000: Aが500ベット、Bは？", "ja"),
    ("ポットリミットオマハ 100/200 フロップ ポット 1000: Aが500ベット、Bは？", "ja"),
])
def test_pot_limit_in_two_words(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    # Pot 1,000 + the 500 bet + B's 500 call = 2,000: B may raise by that, to 2,500 (56-C).
    assert out["game"] == "PL"
    assert _options(out) == ("B", 500, 500, True, 1000)
    assert out["max_raise_to"] == 2500
    assert out["citations"] == ["52", "45-A", "56-C"]


def test_a_pot_word_without_its_amount_is_named_as_typed() -> None:
    err = ruling("팟리밋 100/200 플랍 팟: A 500 벳, B?", lang="ko")["error"]
    assert (err["code"], err["hint"]) == ("bad_pot", "팟 1500")
    assert "‘팟’" in err["message"]


# -- whole hands: antes written glued to their amount ---------------------------------------------------
@pytest.mark.parametrize(("hand", "lang", "pot"), [
    # Was refused: `アンティ25` / `BBアンティ200` / `앤티25` "not a game, blinds, street, pot or players".
    ("NL 100/200 アンティ25 スタック A 5000 B 1200 C 9000 プリフロップ: Aが500にレイズ、Bオールイン、Cコール、Aコール; "
     "フロップ: Cが2000ベット、Aは？", "ja", 5600),
    ("NL 100/200 앤티25 스택 A 5000 B 1200 C 9000 프리플랍: A 500 레이즈, B 올인, C 콜, A 콜; 플랍: C 2000 벳, A?", "ko", 5600),
    ("NL 100/200 BBアンティ200 スタック A 5000 B 1200 C 9000 プリフロップ: Aが500にレイズ、Bオールイン、Cコール、Aコール; "
     "フロップ: Cが2000ベット、Aは？", "ja", 5800),
])
def test_ante_glued_to_its_amount(hand: str, lang: str, pot: int) -> None:
    out = ok(hand, lang=lang)
    # Ante 25 each (75) or the big blind ante 200 (dead, RP-11 order), B all-in for what is left,
    # C and A call it; on the flop C bets 2,000 into it. A has 3,800 behind: the least raise
    # (2,000 + 2,000) is more than that, so A's raise can only be all-in for 3,800 (45-A).
    assert out["pot"] == pot
    assert _options(out) == ("A", 2000, 2000, True, 3800)
    assert out["citations"] == ["52", "45-A"]


def test_a_check_with_an_amount_is_refused_in_the_words_typed() -> None:
    # Was: "「check」に金額は付けません" with the hint "B check": English in a Japanese reply.
    err = ruling("NL 100/200 フロップ: Aチェック、Bが500チェック", lang="ja")["error"]
    assert (err["code"], err["hint"]) == ("amount_not_allowed", "B チェック")
    assert err["message"] == "「チェック」に金額は付けません。"


@pytest.mark.parametrize(("hand", "lang", "notes"), [
    # Was refused: "a call takes no amount". The amount is said with the call, as English
    # `call 500` is: the call binds the whole call (53-A) and the note says the amount was short.
    (_FACING_1000_KO + "B 1000 콜", "ko", None),
    (_FACING_1000 + "Bが1000コール", "ja", None),
    (_FACING_1000 + "Bが500コール", "ja", ["call_said_short"]),
])
def test_call_with_the_amount_put_in(hand: str, lang: str, notes: list[str] | None) -> None:
    out = ok(hand, lang=lang)
    assert (action(out, "B")["ruled"], action(out, "B")["to"], action(out, "B")["rules"]) == ("call", 1000, ["53-A"])
    assert action(out, "B").get("notes") == notes


# -- a word said, then chips pushed ------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused: `「コール」と言って3000` "not an action"; `콜 선언 후 3000` and `"콜"이라고` likewise.
    (_FACING_1000 + "Bが「コール」と言って3000", "ja"),
    (_FACING_1000 + "Bがコールと言って3000", "ja"),
    (_FACING_1000_KO + "B 콜 선언 후 3000", "ko"),
    (_FACING_1000_KO + 'B "콜"이라고 하고 3000', "ko"),
    (_FACING_1000_KO + "B 콜이라고 말하고 3000", "ko"),
])
def test_call_said_then_more_chips_pushed_is_a_call(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    # "Call" said first binds: the 3,000 pushed after it is a call of 1,000 (53-A); the round is over.
    assert (action(out, "B")["ruled"], action(out, "B")["to"], action(out, "B")["rules"]) == ("call", 1000, ["53-A"])
    assert out["to_act"] is None


def test_raise_said_then_an_amount_pushed_is_a_raise_to_it() -> None:
    for hand, lang in ((_FACING_1000 + "Bが「レイズ」と言って3000、Aは？", "ja"), (_FACING_1000_KO + "B 레이즈 선언 후 3000, A?", "ko")):
        out = ok(hand, lang=lang)
        # A raise to 3,000 (45-B): R 2,000, A's least raise is to 5,000 (45-A), reopened (49-A).
        assert (action(out, "B")["ruled"], action(out, "B")["to"], action(out, "B")["rules"]) == ("raise", 3000, ["45-B"])
        assert _options(out) == ("A", 2000, 3000, True, 5000)


def test_japanese_pot_lines_part_players_with_the_japanese_comma() -> None:
    reply = handle("pot NL 100/200 スタック A 5000 B 1200 C 9000 プリフロップ: Aが500にレイズ、Bオールイン、Cコール、Aコール; "
                   "フロップ: Cが2000ベット、Aオールイン、Cコール; ショーダウン: B > A > C", Context(lang="ja")).to_json()
    # Main pot 3,600 (B's 1,200 three times) to B; side pot 7,600 (A's and C's 3,800 more) to A (23).
    assert [(p["name"], p["amount"], p["winners"]) for p in reply["pots"]] == [("main", 3600, ["B"]), ("side1", 7600, ["A"])]
    assert reply["payoffs"] == {"B": 2400, "C": -5000, "A": 2600}
    # Was "B 3,600, C 4,000, A 7,600": an English comma between the players of a Japanese line.
    assert "精算後のスタック: B 3,600、C 4,000、A 7,600" in reply["text"]
    assert "収支: B +2,400、C -5,000、A +2,600" in reply["text"]


# -- particles, brackets, colons and arrows -----------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was: players called "Cも" / "C도" ("C also calls") seated beside C.
    ("NL 100/200 フロップ: Aが1000ベット、Bコール、Cもコール、Dは？", "ja"),
    ("NL 100/200 플랍: A 1000 벳, B 콜, C도 콜, D?", "ko"),
    # Was refused: `(1500)` / `（１５００）` around the amount, `→` between actions.
    ("NL 100/200 フロップ: Aが1000ベット、Bコール、Cがコール（１，０００）、Dは？", "ja"),
    ("NL 100/200 フロップ: A 1000ベット → B コール → C コール → D?", "ja"),
    # Was refused: 받음 / 콜 받았어요 (Korean chat's call).
    ("NL 100/200 플랍: A 1000 벳, B 받음, C 콜 받았어요, D?", "ko"),
])
def test_also_particle_brackets_arrows_and_chat_calls(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"]] == [
        ("A", "bet", 1000), ("B", "call", 1000), ("C", "call", 1000)]
    assert _options(out) == ("D", 1000, 1000, True, 2000)


@pytest.mark.parametrize(("hand", "lang", "b", "c"), [
    # Was refused: `オールイン(1500)`, `올인(1500)` "not an action"; `Ｂ：オールイン1500` "no action".
    # All-in to 1,500 adds 500 < R 1,000: short (45-A); C calls 1,500 or raises to 2,500.
    ("NL 100/200 フロップ: Aが1000ベット、Bがオールイン(1500)、Cは？", "ja", ("allin", 1500, ["52", "45-A"]), "C"),
    ("NL 100/200 フロップ: Ａ：1000ベット、Ｂ：オールイン1500、Ｃは？", "ja", ("allin", 1500, ["52", "45-A"]), "Ｃ"),
    ("NL 100/200 플랍: A 1000 벳, B 올인(1500), C?", "ko", ("allin", 1500, ["52", "45-A"]), "C"),
    # Was refused: `올림` (Korean chat's raise). A raise to 1,500 is short of the minimum: made 2,000 (45-A, 54-A).
    ("NL 100/200 플랍: A 1000 벳, B 1500 올림, C?", "ko", ("raise", 2000, ["45-A", "54-A"]), "C"),
])
def test_bracketed_amounts_glued_colons_and_chat_raises(hand: str, lang: str, b: tuple[Any, ...], c: str) -> None:
    out = ok(hand, lang=lang)
    got = out["actions"][1]
    assert (got["ruled"], got["to"], got["rules"]) == b
    assert _options(out) == (c, b[1], b[1], True, b[1] + 1000)


def test_two_actions_joined_by_shite_are_read_as_two() -> None:
    # Was: a player called "Aが1000ベットしてB" checking, then (until issue 21) a request for the comma.
    # して joins two actions in a sentence: each is read where the reader saw the next one start.
    out = ok("NL 100/200 フロップ: Aが1000ベットしてBがコール、Cは？", lang="ja")
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"]] == [("A", "bet", 1000), ("B", "call", 1000)]
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("C", 1000, 2000)


@pytest.mark.parametrize("item", ["「", "」", "（）", "“”"])
def test_an_item_of_quote_marks_only_is_refused_with_an_offset(item: str) -> None:
    # Read as spaces, such an item had no words at all: an internal error instead of a refusal.
    out = ruling("NL 100/200 フロップ: Aが1000ベット、" + item, lang="ja")
    assert not out["ok"] and out["error"]["code"] != "internal"
    assert out["error"]["at"] is not None


@pytest.mark.parametrize(("hand", "lang"), [
    ("NL 100/200 フロップ: Aが1000ベット、Bコール、次は？", "ja"),
    ("NL 100/200 フロップ: Aが1000ベット、Bコール、次は誰？", "ja"),
    ("NL 100/200 플랍: A 1000 벳, B 콜, 다음은?", "ko"),
    ("NL 100/200 플랍: A 1000 벳, B 콜, 다음 차례는?", "ko"),
])
def test_who_is_next_names_nobody(hand: str, lang: str) -> None:
    # Was: a player called "次" / "다음" seated, facing the 1,000 bet. The line names two players,
    # and both have put in 1,000: the round is over, as it is with the question left out.
    out = ok(hand, lang=lang)
    assert [a["player"] for a in out["actions"]] == ["A", "B"]
    assert (out["to_act"], out["options_reason"]) == (None, "round_over")
    assert out["citations"] == ["52", "53-A"]


def test_who_is_next_before_the_last_action_is_refused() -> None:
    err = ruling("NL 100/200 フロップ: Aが1000ベット、次は？、Bコール", lang="ja")["error"]
    assert (err["code"], err["at"], err["hint"]) == ("query_not_last", 34, "次は?")


def test_asking_about_the_opener_before_the_blinds_acted_hints_at_the_small_blind() -> None:
    # The blinds not typed are seated after the named players (spec): the small blind is due. The
    # refusal said so with no hint; the hint now asks about the player due.
    err = ruling("NL 100/200 プリフロップ: UTGが500オープン、COが1500に3ベット、BTNオールイン2500、UTGは？", lang="ja")["error"]
    assert (err["code"], err["hint"]) == ("not_their_turn", "SB?")
    assert "SB" in err["message"]


@pytest.mark.parametrize(("hand", "lang"), [
    # Was: players called "Ｃも", "3番も", "Ｃ도", "Ｃ이" (a full-width name or a seat before the particle).
    ("NL 100/200 フロップ: Aが1000ベット、Ｃもコール、3番もコール、Bは？", "ja"),
    ("NL 100/200 플랍: A 1000 벳, Ｃ도 콜, 3번도 콜, B?", "ko"),
])
def test_also_after_full_width_names_and_seats(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert [a["player"] for a in out["actions"]] == ["A", "Ｃ", "3" + ("番" if lang == "ja" else "번")]
    assert _options(out) == ("B", 1000, 1000, True, 2000)


def test_a_numeral_glued_to_a_latin_name() -> None:
    # Was: a player called "B千" betting the minimum.
    out = ok("NL 100/200 플랍: A 1000 벳, B千 레이즈, C?", lang="ko")
    assert [(a["player"], a["to"]) for a in out["actions"]] == [("A", 1000), ("B", 2000)]


@pytest.mark.parametrize(("hand", "lang"), [
    # Was: "a comma goes before フロップ：Bチェック" (ideographic space), "Bチェック is no action" (after 。),
    # and a Korean street after a space read as words of B's action.
    ("NL 100/200 スタック A 5000 B 5000 プリフロップ：Aが500にレイズ、Bコール　フロップ：Bチェック、Aが600ベット、Bは？", "ja"),
    ("NL 100/200 スタック A 5000 B 5000 プリフロップ: Aが500にレイズ、Bコール。フロップ: Bチェック、Aが600ベット、Bは？", "ja"),
    ("NL 100/200 스택 A 5000 B 5000 프리플랍: A 500 레이즈, B 콜 플랍: B 체크, A 600 벳, B?", "ko"),
])
def test_a_street_after_a_space_or_a_full_stop(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    # 1,000 in the middle after the flop; A bets 600 into it, B may raise to 1,200 (45-A).
    assert (out["street"], out["pot"]) == ("flop", 1600)
    assert _options(out) == ("B", 600, 600, True, 1200)


@pytest.mark.parametrize(("hand", "lang"), [
    # Was: a player called "Bがポット" (or "Bがレイズ") raising the minimum, 1,000.
    ("PLO 100/200 フロップ ポット 1000: Aが500ベット、Bがポットレイズ、Cは？", "ja"),
    ("PLO 100/200 フロップ ポット 1000: Aが500ベット、Bがポットまでレイズ、Cは？", "ja"),
    ("PLO 100/200 フロップ ポット 1000: Aが500ベット、Bがレイズポット、Cは？", "ja"),
    # Was refused: `레이즈` / `팟까지` after 팟.
    ("PLO 100/200 플랍 팟 1000: A 500 벳, B 팟 레이즈, C?", "ko"),
    ("PLO 100/200 플랍 팟 1000: A 500 벳, B 팟까지 레이즈, C?", "ko"),
])
def test_pot_raise_said_in_chat(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    # Pot 1,000 + 500 bet + 500 to call = 2,000 more: B raises to 2,500 (56-C). For C: 2,500 to
    # call, least raise to 4,500 (R 2,000), the pot-limit maximum 9,000.
    assert (action(out, "B")["ruled"], action(out, "B")["to"], action(out, "B")["rules"]) == ("raise", 2500, ["56-C"])
    assert _options(out) == ("C", 2500, 2500, True, 4500)
    assert out["max_raise_to"] == 9000


@pytest.mark.parametrize("hand", ["PLO 100/200 플랍 팟 1000: A 팟벳, B?", "PLO 100/200 플랍 팟 1000: A 팟 벳, B?",
                                  "PLO 100/200 フロップ ポット 1000: Aがポットベット、Bは？"])
def test_pot_bet_said_in_chat(hand: str) -> None:
    out = ok(hand, lang="ko")
    assert (action(out, "A")["ruled"], action(out, "A")["to"], action(out, "A")["rules"]) == ("bet", 1000, ["56-C"])
    assert _options(out) == ("B", 1000, 1000, True, 2000)
    assert out["max_raise_to"] == 4000


@pytest.mark.parametrize(("hand", "word", "hint"), [
    # Was: players called "Bがスーパー" raising and "Bがすぐ" calling: a word not known before the
    # verb became part of the name. Now the word after the particle is the action, refused with a hint.
    ("NL 100/200 フロップ: Aが1000ベット、Bがスーパーレイズ、Cは？", "スーパーレイズ", "レイズ"),
    ("NL 100/200 フロップ: Aが1000ベット、Bがすぐコール、Cは？", "すぐコール", "コール"),
])
def test_a_latin_name_and_its_particle_end_the_name(hand: str, word: str, hint: str) -> None:
    err = ruling(hand, lang="ja")["error"]
    assert (err["code"], err["at"], err["hint"]) == ("unknown_verb", 36, hint)
    assert word in err["message"]


# -- the bet faced said in the same breath ------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was: a player called "1000のベットに" opening the betting for 5,000 with the chip.
    ("NL 100/200 フロップ: 1000のベットに5000チップ1枚", "ja"),
    ("NL 100/200 フロップ: 1000ベットに対して5000チップ", "ja"),
    # Was refused ("1000ベットにBが5000チップ1枚 is no action", "벳에 is no action").
    ("NL 100/200 フロップ: Aの1000ベットにBが5000チップ1枚", "ja"),
    ("NL 100/200 플랍: 1000 벳에 5000칩 한 개", "ko"),
    ("NL 100/200 플랍: A의 1000 벳에 B 5000칩 한 개", "ko"),
])
def test_one_chip_facing_a_bet_said_in_one_breath(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    # The bettor (A when unnamed) bets 1,000; the one oversized chip pushed silently facing it is a call (46).
    assert [(a["player"], a["ruled"], a["to"], a["rules"]) for a in out["actions"]] == [
        ("A", "bet", 1000, ["52"]), ("B", "call", 1000, ["46"])]
    assert out["to_act"] is None and out["citations"] == ["52", "46"]


@pytest.mark.parametrize(("hand", "lang"), [
    ("NL 100/200 フロップ: Bは1000ベットにコール、Cは？", "ja"),
    ("NL 100/200 플랍: B 1000 벳에 대해 콜, C?", "ko"),
])
def test_the_player_facing_the_bet_named_first(hand: str, lang: str) -> None:
    # B named before the bet faced is the caller; the bettor is called A.
    out = ok(hand, lang=lang)
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"]] == [("A", "bet", 1000), ("B", "call", 1000)]
    assert _options(out) == ("C", 1000, 1000, True, 2000)


@pytest.mark.parametrize("hand", [
    # Was refused: `と` ("and") between the chips.
    _FACING_1000 + "Bが1000チップ1枚と500チップ1枚、Cは？",
    _FACING_1000 + "Bがチップ1000と500、Cは？",
])
def test_two_chips_joined_by_and(hand: str) -> None:
    out = ok(hand, lang="ja")
    # 1,000 + 500 against 1,000: the 500 is not needed to call, so 47-B: 1,500 is at least half a raise
    # over the call, and the raise is made full, to 2,000 (45-A).
    assert (action(out, "B")["ruled"], action(out, "B")["to"]) == ("raise", 2000)
    assert action(out, "B")["rules"][:2] == ["47-B", "45-A"]
    assert _options(out) == ("C", 2000, 2000, True, 3000)


# -- the header as chat writes it ------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused: `ブラインド` / `블라인드` "not a game, blinds, street, pot or players".
    ("ブラインド 100/200 フロップ: Aが1000ベット、Bは？", "ja"),
    ("블라인드 100/200 플랍: A 1000 벳, B?", "ko"),
    # Was refused: the game after the blinds, glued to them, a particle after the street.
    ("100/200 NL フロップ: Aが1000ベット、Bは？", "ja"),
    ("NL100/200 フロップ: Aが1000ベット、Bは？", "ja"),
    ("NL 100/200 フロップで: Aが1000ベット、Bは？", "ja"),
    ("NL 100/200 플랍에서: A 1000 벳, B?", "ko"),
])
def test_header_words_as_chat_writes_them(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert (out["game"], out["street"]) == ("NL", "flop")
    assert _options(out) == ("B", 1000, 1000, True, 2000)


def test_an_unknown_header_word_names_the_japanese_keywords() -> None:
    err = ruling("NL 100/200 テーブル1 フロップ: Aが1000ベット、Bは？", lang="ja")["error"]
    assert err["code"] == "unknown_header_word"
    assert "ゲーム・ブラインド・ストリート・ポット・プレイヤー" in err["message"]


# -- more chat verbs -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused: `올인 콜` ("콜 not expected here"), `オールインコール`.
    ("NL 100/200 플랍: A 올인 1500, B 올인 콜, C?", "ko"),
    ("NL 100/200 フロップ: Aオールイン1500、Bがオールインコール、Cは？", "ja"),
])
def test_calling_an_all_in(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert (action(out, "B")["ruled"], action(out, "B")["to"], action(out, "B")["rules"]) == ("call", 1500, ["53-A"])
    assert _options(out) == ("C", 1500, 1500, True, 3000)


@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused: `チェックレイズ1500`, `체크레이즈`.
    ("NL 100/200 フロップ: Aチェック、Bが500ベット、Aがチェックレイズ1500、Bは？", "ja"),
    ("NL 100/200 플랍: A 체크, B 500 벳, A 체크레이즈 1500, B?", "ko"),
])
def test_check_raise(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    # A raise to 1,500 over the 500 bet (45-B): R 1,000, B's least raise 2,500, reopened (49-A).
    assert (action(out, "A")["ruled"], action(out, "A")["to"], action(out, "A")["rules"]) == ("raise", 1500, ["45-B"])
    assert _options(out) == ("B", 1000, 1500, True, 2500)


@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused: `最低レイズ`, `최소 레이즈`, `민레`.
    ("NL 100/200 フロップ: Aが500ベット、Bが最低レイズ、Cは？", "ja"),
    ("NL 100/200 플랍: A 500 벳, B 최소 레이즈, C?", "ko"),
    ("NL 100/200 플랍: A 500 벳, B 민레, C?", "ko"),
])
def test_minimum_raise_said_in_chat(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert (action(out, "B")["ruled"], action(out, "B")["to"], action(out, "B")["rules"]) == ("raise", 1000, ["45-A"])
    assert action(out, "B")["notes"] == ["alias_minraise"]
    assert _options(out) == ("C", 1000, 1000, True, 1500)


@pytest.mark.parametrize(("hand", "lang", "bettor"), [
    # Was: "민수님이" and "민수님은" two players (이 / 은 after 님 were left on the name), and the
    # question answered for a newcomer facing 1,400 who may raise.
    ("NL 100/200 플랍: 민수님이 1000 벳, 지은님 올인 1400, 하은 콜, 민수님은?", "ko", "민수님"),
    # Was: "민수" and "민수님" two players; likewise `田中さん` and `田中`.
    ("NL 100/200 플랍: 민수 1000 벳, 지은님 올인 1400, 하은 콜, 민수님?", "ko", "민수"),
    ("NL 100/200 フロップ: 田中さんが1000ベット、佐藤がオールイン1400、鈴木がコール、田中は？", "ja", "田中さん"),
])
def test_honorifics_name_one_player(hand: str, lang: str, bettor: str) -> None:
    out = ok(hand, lang=lang)
    # The bettor faces a short all-in (400 < R 1,000, 45-A): no reopening, call or fold (49-A).
    assert out["actions"][0]["player"] == bettor
    assert (out["to_act"], out["to_call"], out["can_raise"], out["options_reason"]) == (bettor, 400, False, "not_reopened")


@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused: `3倍レイズ`, `3倍にレイズ`, `レイズ3倍`, `3배 레이즈` ("레이즈 not expected"), `3배로`.
    ("NL 100/200 フロップ: Aが1000ベット、Bが3倍レイズ、Cは？", "ja"),
    ("NL 100/200 フロップ: Aが1000ベット、Bが3倍にレイズ、Cは？", "ja"),
    ("NL 100/200 フロップ: Aが1000ベット、Bがレイズ3倍、Cは？", "ja"),
    ("NL 100/200 플랍: A 1000 벳, B 3배 레이즈, C?", "ko"),
    ("NL 100/200 플랍: A 1000 벳, B 3배로 레이즈, C?", "ko"),
])
def test_a_raise_of_three_times(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    # Three times the 1,000 faced: to 3,000 (45-B); R 2,000, C's least raise to 5,000.
    b = action(out, "B")
    assert (b["ruled"], b["to"], b["rules"], b["notes"]) == ("raise", 3000, ["45-B"], ["alias_times"])
    assert _options(out) == ("C", 3000, 3000, True, 5000)


@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused: `1000上乗せ`, `1000 더 레이즈` (a comma asked for before 더).
    ("NL 100/200 フロップ: Aが1000ベット、Bが1000上乗せ、Cは？", "ja"),
    ("NL 100/200 플랍: A 1000 벳, B 1000 더 레이즈, C?", "ko"),
])
def test_a_raise_by_an_amount(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    # 1,000 more than the 1,000 faced: a raise to 2,000 (45-B); C's least raise to 3,000.
    b = action(out, "B")
    assert (b["ruled"], b["to"], b["rules"], b["notes"]) == ("raise", 2000, ["45-B"], ["alias_by"])
    assert _options(out) == ("C", 2000, 2000, True, 3000)


@pytest.mark.parametrize(("hand", "lang", "row"), [
    ("NL 100/200 フロップ: Aチェック、Bが1000ベット、Cコール、Aチェック", "ja",
     "A: W 1,000 − L 0 = 1,000 ≥ 1,000 → レイズ不可（このラウンドの先のアクションによる）"),
    ("NL 100/200 플랍: A 체크, B 1000 벳, C 콜, A 체크", "ko",
     "A: W 1,000 − L 0 = 1,000 ≥ 1,000 → 레이즈 불가(이번 라운드의 앞선 액션 때문)"),
])
def test_the_reopening_row_of_a_barred_player_says_no_raise(hand: str, lang: str, row: str) -> None:
    # A check facing a bet is no action (57): A may call or fold only. The table row had said "may
    # raise" (W − L reaches R) beside a ruling that said no raise.
    out = ok(hand, lang=lang)
    assert (out["to_act"], out["to_call"], out["can_raise"], out["options_reason"]) == ("A", 1000, False, "barred")
    assert row in out["text"]


@pytest.mark.parametrize(("hand", "ruleset", "phrase"), [
    # An all-in of less than half a limit bet: the next player completes the bet (49-B; seed 003's
    # コンプリート) rather than raising a whole bet over it. Worded "a raise to 400" before.
    ("FL 100/200 フロップ: Aが200ベット、Bがオールイン250、Cは？", "jp-basic", "総額400へのコンプリート"),
    ("FL 100/200 フロップ: Aが200ベット、Bがオールイン250、Cは？", "tda2026", "総額400へのコンプリート"),
])
def test_completing_a_limit_bet_after_a_short_all_in(hand: str, ruleset: str, phrase: str) -> None:
    out = ok(hand, lang="ja", ruleset=ruleset)
    assert _options(out) == ("C", 250, 250, True, 400)
    assert phrase in out["text"]


def test_a_limit_all_in_of_half_a_bet_is_raised_not_completed() -> None:
    # 100 over the 200 bet is half a bet: a raise (seed 003, 49-B), so the next raise is a whole bet: to 600.
    out = ok("FL 100/200 フロップ: Aが200ベット、Bがオールイン300、Cは？", lang="ja", ruleset="jp-basic")
    assert _options(out) == ("C", 300, 300, True, 600)
    assert "コンプリート" not in out["text"] and "総額600へのレイズ" in out["text"]


@pytest.mark.parametrize(("hand", "lang", "code", "hint"), [
    # Both refusals had no hint when nothing was spelled alike.
    ("NL 100/200 フロップ: Aが1000ベット、Bがうーん", "ja", "unknown_verb", "Bがコール"),
    ("NL 100/200 플랍: A 1000 벳 빨리, B?", "ko", "unexpected_word", "A 벳 1000"),
])
def test_every_refusal_has_a_hint(hand: str, lang: str, code: str, hint: str) -> None:
    err = ruling(hand, lang=lang)["error"]
    assert (err["code"], err["hint"]) == (code, hint)
    assert err["at"] is not None


@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused: `ベッド`, `배팅` (how chat often spells ベット, 베팅).
    ("NL 100/200 フロップ: Aが1000ベッド、Bは？", "ja"),
    ("NL 100/200 플랍: A가 1000 배팅했어요, B?", "ko"),
])
def test_bet_as_chat_spells_it(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert (action(out, "A")["ruled"], action(out, "A")["to"]) == ("bet", 1000)
    assert _options(out) == ("B", 1000, 1000, True, 2000)


def test_hantei_is_a_ruling_command() -> None:
    # Was: "no command 判定" (Japanese floor people say 判定 for a ruling as often as 裁定).
    reply = handle("判定 NL 100/200 フロップ: Aが1000ベット、Bは？", Context()).to_json()
    assert reply["ok"] and reply["command"] == "ruling"
    assert _options(reply) == ("B", 1000, 1000, True, 2000)


def test_korean_actions_with_the_comma_left_out_are_read() -> None:
    # Was refused with a hint for the comma; issue 21: the words part into A's check and B's bet only.
    out = ok("NL 100/200 턴 팟 2000: A 체크 B 1000 벳, C?", lang="ko")
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"]] == [("A", "check", 0), ("B", "bet", 1000)]
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("C", 1000, 2000)


@pytest.mark.parametrize(("hand", "lang", "hint"), [
    ("NL 100/200 turn pot 2000: A check B 1000 bet, C?", "en", ", B 1000 bet"),
])
def test_a_comma_left_out_before_an_amount_then_its_verb_is_named(hand: str, lang: str, hint: str) -> None:
    # The hint had been the action read so far ("A 체크"), which never said a comma was missing.
    err = ruling(hand, lang=lang)["error"]
    assert (err["code"], err["hint"]) == ("missing_separator", hint)
    assert hand[err["at"] - len("ruling "):].startswith("B")


@pytest.mark.parametrize(("hand", "lang"), [
    ("PL 100/200 フロップ ポット1000：Aが1000ベット、Bポットレイズ、Cは？", "ja"),
    ("PL 100/200 플랍 팟1000: A 1000 벳, B 팟 레이즈, C?", "ko"),
    ("PL 100/200 flop pot1000: A bet 1000, B pot, C?", "en"),
])
def test_the_pot_glued_to_its_amount_in_the_header(hand: str, lang: str) -> None:
    # `ポット1000` had been refused as an unknown header word, as `アンティ25` was before it.
    out = ok(hand, lang=lang)
    # Pot 1,000; A bets 1,000; B raises the pot: 1,000 to call, pot 3,000, to 4,000 (56-C).
    assert (out["to_act"], out["to_call"], out["min_raise_to"], out["max_raise_to"]) == ("C", 4000, 7000, 14000)
