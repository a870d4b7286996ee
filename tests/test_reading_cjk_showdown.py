"""Red team, fifth round: the showdown of a whole hand as Japanese and Korean chat types it.

`ショーダウン: Bの勝ち`, `쇼다운: B 승`, `BとCでチョップ`, `B와 C 찹`, and `誰から見せる？` / `누가 먼저 오픈?`
(who shows first) were each taken for a player's name and refused as "not in this hand". Each test
asserts the pots, the show order and the rule ids that decided them.
"""

from __future__ import annotations

from typing import Any

import pytest

from handlers.context import Context
from handlers.dispatch import handle


def reply(command: str, hand: str, lang: str, ruleset: str = "tda2026") -> dict[str, Any]:
    return handle(f"{command} {hand}", Context(lang=lang, ruleset_id=ruleset)).to_json()


def shape(out: dict[str, Any]) -> list[tuple[Any, ...]]:
    assert out["ok"], out.get("error")
    return [(p["name"], p["amount"], p["eligible"], p["shares"]) for p in out["pots"]]


# B (3,000) is all-in before the flop against C; A calls 3,000 and folds to C's flop bet, which
# goes back to C uncalled (16-B): one pot of 9,000 between B and C, hands face up (17).
JA_ALLIN = ("NL 100/200 スタック A 5000 B 3000 C 8000 プリフロップ: A レイズ 600、B オールイン、C コール、A コール; "
            "フロップ: C ベット 2000、A フォールド; ショーダウン: ")
KO_ALLIN = ("NL 100/200 스택 A 5000 B 3000 C 8000 프리플랍: A 600 레이즈, B 올인, C 콜, A 콜; "
            "플랍: C 2000 벳, A 폴드; 쇼다운: ")
# Three players to the river, no all-in; C bets the river, A and B call. A has the button.
JA_RIVER = ("NL 100/200 スタック A 5000 B 3000 C 8000 プリフロップ: A レイズ 600、B コール、C コール; "
            "フロップ: B チェック、C チェック、A チェック; ターン: B チェック、C チェック、A チェック; "
            "リバー: B チェック、C ベット 1000、A コール、B コール; ショーダウン: ")
KO_RIVER = ("NL 100/200 스택 A 5000 B 3000 C 8000 프리플랍: A 600 레이즈, B 콜, C 콜; 플랍: B 체크, C 체크, A 체크; "
            "턴: B 체크, C 체크, A 체크; 리버: B 체크, C 1000 벳, A 콜, B 콜; 쇼다운: ")


@pytest.mark.parametrize(("hand", "lang"), [
    (JA_ALLIN + "Bの勝ち", "ja"), (JA_ALLIN + "Bが勝ち", "ja"), (JA_ALLIN + "B勝ち！", "ja"),
    (KO_ALLIN + "B 승", "ko"), (KO_ALLIN + "B가 이김", "ko"), (KO_ALLIN + "B 승리", "ko"),
])
def test_the_winner_said_in_words_takes_the_pot(hand: str, lang: str) -> None:
    out = reply("pot", hand, lang)
    assert shape(out) == [("main", 9000, ["B", "C"], {"B": 9000})]
    assert out["returned"] == {"C": 2000} and out["show_reason"] == "allin_face_up"
    assert out["citations"] == ["45-B", "52", "53-A", "16-B", "13", "17", "IA-17"]


@pytest.mark.parametrize(("hand", "lang"), [
    (JA_RIVER + "Aの勝ち", "ja"), (KO_RIVER + "A 승", "ko"), (JA_RIVER + "Aの勝ち、Cマック", "ja"),
])
def test_a_winner_who_can_win_every_pot_needs_no_order_below_them(hand: str, lang: str) -> None:
    out = reply("pot", hand, lang)
    # C's mucked hand is no longer eligible (issue 21); the others keep their place.
    eligible = ["B", "A"] if "マック" in hand else ["B", "C", "A"]
    assert shape(out) == [("main", 4800, eligible, {"A": 4800})]
    assert out["payoffs"] == {"A": 3200, "B": -1600, "C": -1600}


def test_a_winner_alone_is_not_enough_when_another_pot_is_not_theirs() -> None:
    # B all-in for 3,000; C and A build a side pot of 2,000 on the flop that B cannot win, so who
    # of C and A wins it must be typed: refused in Japanese, pointing at the result typed.
    hand = ("NL 100/200 スタック A 5000 B 3000 C 8000 プリフロップ: A レイズ 600、B オールイン、C コール、A コール; "
            "フロップ: C ベット 1000、A コール; ターン: C チェック、A チェック; リバー: C チェック、A チェック; "
            "ショーダウン: Bの勝ち")
    out = reply("pot", hand, "ja")
    assert not out["ok"]
    e = out["error"]
    assert (e["code"], e["at"], e["hint"]) == ("showdown_missing", len("pot ") + hand.index("Bの勝ち"), "B > C = A")
    assert "ショーダウン" in e["message"]


@pytest.mark.parametrize(("hand", "lang"), [
    (JA_ALLIN + "BとCでチョップ", "ja"), (JA_ALLIN + "B＝Cでスプリット", "ja"),
    (KO_ALLIN + "B와 C 찹", "ko"), (KO_ALLIN + "B랑 C 스플릿", "ko"),
])
def test_a_chop_said_in_words_splits_the_pot(hand: str, lang: str) -> None:
    out = reply("pot", hand, lang)
    assert shape(out) == [("main", 9000, ["B", "C"], {"B": 4500, "C": 4500})]
    assert out["returned"] == {"C": 2000}


def test_a_chop_needs_two_hands() -> None:
    hand = JA_ALLIN + "Bでチョップ"
    out = reply("pot", hand, "ja")
    assert not out["ok"]
    e = out["error"]
    assert (e["code"], e["at"], e["hint"]) == ("bad_showdown", len("pot ") + hand.index("Bでチョップ"), "B = ?")
    assert "ショーダウン" in e["message"]


# -- who shows first ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang", "ruleset", "order", "cites"), [
    # TDA 2026: C made the last bet and shows first (18-A); then round the table from C: A, B.
    (JA_RIVER + "誰から見せる？", "ja", "tda2026", ["C", "A", "B"], ["18-A"]),
    (KO_RIVER + "누가 먼저 오픈?", "ko", "tda2026", ["C", "A", "B"], ["18-A"]),
    # jp-basic: after the bettor, the worst position first (seed 003): B (first left of the button), A.
    (JA_RIVER + "誰から見せる？", "ja", "jp-basic", ["C", "B", "A"], ["JP-showdown", "18-A"]),
    (KO_RIVER + "누가 먼저 오픈?", "ko", "jp-basic", ["C", "B", "A"], ["JP-showdown", "18-A"]),
])
def test_who_shows_first_is_answered_with_the_order(hand: str, lang: str, ruleset: str, order: list[str],
                                                    cites: list[str]) -> None:
    out = reply("pot", hand, lang, ruleset)
    assert shape(out) == [("main", 4800, ["B", "C", "A"], {})]  # no result given: nobody paid
    assert (out["show_order"], out["show_reason"]) == (order, "last_aggressor")
    assert out["citations"][-len(cites):] == cites
    # `ruling` on the same line answers the question too, beside "the round is over".
    r = reply("ruling", hand, lang, ruleset)
    assert r["ok"] and r["to_act"] is None
    assert (r["show_order"], r["show_reason"]) == (order, "last_aggressor")
    assert r["citations"] == ["52", "53-A", *cites]
    assert " → ".join(order[1:]) in r["text"]


def test_who_shows_first_after_an_allin_is_everyone_at_once() -> None:
    out = reply("pot", KO_ALLIN + "누가 먼저 오픈?", "ko")
    assert (out["show_order"], out["show_reason"]) == (["B", "C"], "allin_face_up")
    assert "17" in out["citations"] and out["payoffs"] is None


def test_who_shows_first_with_the_turn_and_river_left_out() -> None:
    # Nothing typed after the flop: those streets were checked, so nobody bet last and the first
    # seat left of the button shows first (18-A), not the flop's bettor.
    hand = ("NL 100/200 スタック A 5000 B 3000 C 8000 プリフロップ: A レイズ 600、B コール、C コール; "
            "フロップ: B チェック、C ベット 1000、A コール、B コール; ショーダウン: 誰から見せる？")
    out = reply("pot", hand, "ja")
    assert (out["show_order"], out["show_reason"]) == (["B", "C", "A"], "first_left_of_button")


@pytest.mark.parametrize(("hand", "lang"), [
    # Was: a player called "誰から見せる" seated and told to call 1,000, and B's call held out of turn.
    ("NL 100/200 リバー: Bがチェック、Cが1000ベット、Aがコール、Bがコール。誰から見せる？", "ja"),
    ("NL 100/200 リバー: Bがチェック、Cが1000ベット、Aがコール、Bがコール、ショーダウンは誰から？", "ja"),
    # Was refused: `먼저` "not an action" (and `누` taken for a player).
    ("NL 100/200 리버: B 체크, C 1000 벳, A 콜, B 콜, 누가 먼저 오픈?", "ko"),
])
def test_who_shows_first_asked_as_the_last_item(hand: str, lang: str) -> None:
    out = reply("ruling", hand, lang)
    assert out["ok"], out.get("error")
    assert [a["player"] for a in out["actions"]] == ["B", "C", "A", "B"]
    assert out["to_act"] is None and out["pot"] == 3000
    # C bet last and shows first (18-A), then round the table as the line seats it: A, then B.
    assert (out["show_order"], out["show_reason"]) == (["C", "A", "B"], "last_aggressor")
    assert out["citations"] == ["52", "53-A", "18-A"]


@pytest.mark.parametrize(("tail", "lang"), [
    # Was refused (a player "Cは見せずに", "Cも"; "not a showdown" for the rest).
    ("B > A; Cは見せずにマック", "ja"), ("B > A; Cがフォールド", "ja"), ("Bの勝ち、Cもマック", "ja"),
    ("B > A; C는 머크함", "ko"), ("B > A; C 먹음", "ko"), ("B > A; C 폴드", "ko"),
])
def test_a_hand_thrown_away_at_the_showdown_however_it_is_said(tail: str, lang: str) -> None:
    out = reply("pot", (JA_RIVER if lang == "ja" else KO_RIVER) + tail, lang)
    # B wins the 4,800 and C's hand is dead (18-B): no longer eligible for the pot (issue 21).
    assert shape(out) == [("main", 4800, ["B", "A"], {"B": 4800})]
    assert "C" in out["mucked"] and "18-B" in out["citations"]


@pytest.mark.parametrize(("tail", "lang", "shares"), [
    # Was refused: `A` read as a ranking and `B` as a second one.
    ("A、B、Cでチョップ", "ja", {"B": 1600, "C": 1600, "A": 1600}),
    ("A, B, C 찹", "ko", {"B": 1600, "C": 1600, "A": 1600}),
    # Was refused: "the showdown leaves out A". A split said is the winning hands; A lost.
    ("BとCでチョップ", "ja", {"B": 2400, "C": 2400}),
    ("B와 C 찹", "ko", {"B": 2400, "C": 2400}),
])
def test_a_split_said_in_words_names_the_winning_hands(tail: str, lang: str, shares: dict[str, int]) -> None:
    out = reply("pot", (JA_RIVER if lang == "ja" else KO_RIVER) + tail, lang)
    assert shape(out) == [("main", 4800, ["B", "C", "A"], shares)]


def test_players_left_out_of_the_showdown_are_listed_as_the_language_lists() -> None:
    hand = ("NL 100/200 スタック A 5000 B 3000 C 8000 プリフロップ: A レイズ 600、B オールイン、C コール、A コール; "
            "フロップ: C ベット 1000、A コール; ターン: C チェック、A チェック; リバー: C チェック、A チェック; "
            "ショーダウン: Bの勝ち")
    assert "C、Aが入っていません" in reply("pot", hand, "ja")["error"]["message"]  # was "C Aが": one name to read
