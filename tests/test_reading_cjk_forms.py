"""Japanese and Korean hands as floor people type them in chat (issue 21, the reading side).

Each class of form the issue names, with the exact ruling it must give: other verbs and their
conjugations, sentence connectives (て/して/で/し, 고/는데), closing questions without a mark,
number words, layout without separators (no colon, no commas), the street after the players
list, an all-in with no amount, Korean names with their name-final 이, rule numbers, clock and
blind-clock arguments; then the three ruling errors found on the way (a player acting twice in
a row, jp-basic's short all-in below the big blind, mucked hands left eligible).
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from engine.errors import FloorcallError
from engine.notation.cjk.unparted import part_unseparated
from engine.notation.inputs import ActionInput
from handlers import console
from handlers.clock.command import parse_request, player_key
from handlers.context import Context
from handlers.dispatch import handle
from tests.ruling_helpers import answer_line, ok, ruling


def _facts(out: dict[str, Any]) -> tuple[Any, ...]:
    return out["to_act"], out["to_call"], out["min_raise_to"], out["can_raise"]


def _acts(out: dict[str, Any]) -> list[tuple[str, str, int]]:
    return [(a["player"], a["ruled"], a["to"]) for a in out["actions"]]


# -- verbs and their conjugations --------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang", "acts", "facts"), [
    ("NL 100/200 フロップ: Aが600打って、Bは？", "ja", [("A", "bet", 600)], ("B", 600, 1200, True)),
    ("NL 100/200 フロップ: A 600賭けた、Bは？", "ja", [("A", "bet", 600)], ("B", 600, 1200, True)),
    ("NL 100/200 フロップ: Aベット600、Bが1600に上げた、Cは？", "ja",
     [("A", "bet", 600), ("B", "raise", 1600)], ("C", 1600, 2600, True)),
    ("NL 100/200 フロップ: Aベット600、Bがレイズして1600、Cは？", "ja",
     [("A", "bet", 600), ("B", "raise", 1600)], ("C", 1600, 2600, True)),
    # A short all-in: 900 over 600 adds 300, less than the full 600: C may raise to 900 + 600.
    ("NL 100/200 フロップ: Aベット600、Bがショートオールイン900、Cは？", "ja",
     [("A", "bet", 600), ("B", "allin", 900)], ("C", 900, 1500, True)),
    ("NL 100/200 フロップ: Aチェック、Bベット400、Cコール、Aがチェックレイズで1200、Bは？", "ja",
     [("A", "check", 0), ("B", "bet", 400), ("C", "call", 400), ("A", "raise", 1200)], ("B", 800, 2000, True)),
    ("NL 100/200 플랍: A 600 질렀고, B?", "ko", [("A", "bet", 600)], ("B", 600, 1200, True)),
    ("NL 100/200 플랍: A 벳 600, B 900 숏올인, C?", "ko",
     [("A", "bet", 600), ("B", "allin", 900)], ("C", 900, 1500, True)),
])
def test_verbs_and_their_conjugations(hand: str, lang: str, acts: list, facts: tuple) -> None:
    out = ok(hand, lang=lang)
    assert _acts(out) == acts and _facts(out) == facts


@pytest.mark.parametrize("hand", [
    "NL 100/200 フロップ: Aベット600、Bがオーバーチップ1枚 1000、Cは？",
    "NL 100/200 フロップ: Aベット600、Bがオーバーチップ1枚で1000、Cは？",
    "NL 100/200 플랍: A 벳 600, B 오버칩 1000 한 개, C?",
    "NL 100/200 플랍: A 벳 600, B 1000 오버칩 하나, C?",
])
def test_one_oversized_chip_counted_before_or_after_its_value_is_a_call(hand: str) -> None:
    # One oversized chip pushed with no word, facing a bet: a call (TDA 2026 46).
    out = ok(hand)
    b = out["actions"][1]
    assert (b["player"], b["ruled"], b["to"]) == ("B", "call", 600) and "46" in b["rules"]
    assert _facts(out) == ("C", 600, 1200, True)


# -- connectives -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    ("NL 100/200 플랍: A가 600 벳했고 B가 1600 레이즈했어요. C는?", "ko"),
    ("NL 100/200 플랍: A가 600 벳했는데 B가 1600 레이즈했고, C는?", "ko"),
    ("NL 100/200 フロップ: Aが600ベットしてBが1600にレイズ、Cは？", "ja"),
    ("NL 100/200 フロップ: Aが600ベットし、Bが1600にレイズ、Cは？", "ja"),
])
def test_actions_joined_by_a_connective_are_two_actions(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert _acts(out) == [("A", "bet", 600), ("B", "raise", 1600)] and _facts(out) == ("C", 1600, 2600, True)


# -- closing questions -----------------------------------------------------------------------------
@pytest.mark.parametrize(("tail", "lang"), [
    ("Cの番", "ja"), ("Cの番です", "ja"), ("Cは", "ja"), ("Cの番？", "ja"),
    ("C 차례", "ko"), ("C 턴이에요", "ko"), ("C는", "ko"), ("C는 뭐 할 수 있어", "ko"),
])
def test_a_closing_question_without_its_mark_or_as_a_phrase(tail: str, lang: str) -> None:
    head = "NL 100/200 フロップ: Aベット600、Bレイズ1600、" if lang == "ja" else "NL 100/200 플랍: A 벳 600, B 레이즈 1600, "
    out = ok(head + tail, lang=lang)
    assert _facts(out) == ("C", 1600, 2600, True) and len(out["actions"]) == 2


def test_a_name_with_a_verb_after_its_particle_is_no_question() -> None:
    # `Cはコール` is C's call, not a question about C.
    out = ok("NL 100/200 フロップ: Aベット600、Cはコール", lang="ja")
    assert _acts(out) == [("A", "bet", 600), ("C", "call", 600)]


# -- layout: no colon, no commas, the street's particle, the blinds word, the players list ----------
@pytest.mark.parametrize(("hand", "lang"), [
    ("NL 100/200 フロップで、Aがベット600、Bがレイズ1600、Cは？", "ja"),
    ("NL ブラインド100-200 フロップ: Aベット600、Bレイズ1600、Cは？", "ja"),
    ("NL100-200 フロップ Aベット600、Bレイズ1600、Cは？", "ja"),
    ("NL 100/200 フロップ Aベット600 Bレイズ1600 Cは？", "ja"),
    ("NL 100/200 プレイヤー A B C D フロップ: Aベット600、Bレイズ1600、Cは？", "ja"),
    ("NL 100/200 플랍에서 A 벳 600, B 레이즈 1600, C는?", "ko"),
    ("NL 100/200 플랍 A 600 벳 B 1600 레이즈 C는", "ko"),
    ("NL 블라인드 100/200 플랍: A 벳 600, B 레이즈 1600, C?", "ko"),
])
def test_layouts_without_separators(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert _acts(out) == [("A", "bet", 600), ("B", "raise", 1600)] and _facts(out) == ("C", 1600, 2600, True)


def test_the_players_list_before_the_street_keeps_its_seat_order() -> None:
    out = ok("NL 100/200 プレイヤー A B C D フロップ: Aチェック、Bベット600、Cコール、Dは？", lang="ja")
    assert list(out["players"]) == ["A", "B", "C", "D"] and _facts(out) == ("D", 600, 1200, True)
    assert ok("NL 100/200 players A B C flop: A bet 600, B?")["to_act"] == "B"


def test_an_english_line_without_its_colon_is_still_refused() -> None:
    err = ruling("NL 100/200 flop A bet 600, B?")["error"]
    assert err["code"] == "no_colon" and err["hint"] == "flop: ..."


def test_a_street_word_with_no_header_before_it_still_asks_for_the_colon() -> None:
    # `턴` here is inside the actions: cut there, the header would be "NL 100/200 A 벳 600".
    err = ruling("NL 100/200 A 벳 600 턴 B?", lang="ko")["error"]
    assert (err["code"], err["hint"]) == ("no_colon", "턴: ...")


def test_actions_that_part_two_ways_are_refused_saying_both() -> None:
    # The parting itself, with a reader that reads exactly these pieces: `가 | 나 다 | 라` and
    # `가 나 | 다 | 라` part the words into as many actions, so nothing is guessed.
    pieces = {"가", "나 다", "가 나", "다", "라"}

    def read(text: str, at: int) -> ActionInput | str:
        if text not in pieces:
            raise FloorcallError("unexpected_word", at=at)
        return ActionInput(text.split()[0], at, text, "call")

    with pytest.raises(FloorcallError) as e:
        part_unseparated("가 나 다 라", 10, FloorcallError("unexpected_word", at=12), read)
    assert e.value.code == "actions_not_parted" and e.value.at == 10
    pieces.discard("다")  # now one way only: 가 | 나 다 | 라
    assert part_unseparated("가 나 다 라", 10, FloorcallError("unexpected_word", at=12), read) == [
        ("가", 10), ("나 다", 12), ("라", 16)]


def test_a_verb_word_never_starts_the_next_action() -> None:
    # `벳 B 1600` is no action of a player called 벳: B's 1600 follows A's bet.
    out = ok("NL 100/200 플랍: A 600 벳 B 1600 C 콜", lang="ko")
    assert _acts(out) == [("A", "bet", 600), ("B", "raise", 1600), ("C", "call", 1600)]


@pytest.mark.parametrize("hand", [
    "NL 100/200 플랍: A 1000 벳, B 3천 2천 레이즈, C?",
])
def test_an_amount_never_starts_the_next_action(hand: str) -> None:
    assert ruling(hand, lang="ko")["error"]["code"] == "missing_separator"


# -- an all-in with no amount ------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    ("NL 100/200 フロップ スタック A 5000 B 3000 C 900: Aベット600、Bコール、Cがオールイン、Aは？", "ja"),
    ("NL 100/200 플랍 스택 A 5000 B 3000 C 900: A 벳 600, B 콜, C 올인, A는?", "ko"),
])
def test_an_all_in_with_no_amount_is_the_stack_when_it_is_known(hand: str, lang: str) -> None:
    # C's 900 over 600 is no full raise: A, who bet, may only call the 300 or fold (49-A).
    out = ok(hand, lang=lang)
    assert out["actions"][2]["to"] == 900 and _facts(out) == ("A", 300, None, False)


@pytest.mark.parametrize(("hand", "lang"), [
    ("NL 100/200 フロップ: Aベット600、Cがオールイン、Dは？", "ja"),
    ("NL 100/200 플랍: A 벳 600, C 올인, D?", "ko"),
])
def test_an_all_in_with_no_amount_and_no_stack_is_refused(hand: str, lang: str) -> None:
    err = ruling(hand, lang=lang)["error"]
    assert err["code"] == "allin_needs_amount" and "C" in err["hint"]


# -- Korean names and their particles ------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "names", "asked"), [
    ("NL 100/200 플랍: 지훈이가 600 벳, 하은은 뭐 할 수 있어?", ["지훈", "하은"], "하은"),
    ("NL 100/200 플랍: 지훈이가 600 벳, 하은은?", ["지훈", "하은"], "하은"),
    ("NL 100/200 플랍: 민준이가 600 벳, 지훈 콜, 서연이는?", ["민준", "지훈", "서연"], "서연"),
    # After an open syllable 이 and 은 are the name's own: 유이, 지은.
    ("NL 100/200 플랍: 유이 600 벳, 지은 콜, 하은?", ["유이", "지은", "하은"], "하은"),
])
def test_the_name_final_i_and_topic_particles(hand: str, names: list[str], asked: str) -> None:
    out = ok(hand, lang="ko")
    assert list(out["players"]) == names and out["to_act"] == asked


# -- rule numbers, the clock and the blind clock --------------------------------------------------------
@pytest.mark.parametrize(("line", "lang"), [
    ("ルール49", "ja"), ("規則 四十九", "ja"), ("規則 第四十九条", "ja"), ("규칙49", "ko"), ("규칙 제49조", "ko"),
])
def test_rule_numbers_as_typed(line: str, lang: str) -> None:
    out = handle(line, Context(lang=lang)).to_json()
    assert out["ok"] and out["command"] == "rule" and out["results"][0]["id"] == "49"


def test_a_glued_word_that_is_no_command_is_still_refused() -> None:
    out = handle("ルーレット49", Context(lang="ja")).to_json()
    assert not out["ok"] and out["error"]["code"] == "unknown_command"


@pytest.mark.parametrize(("args", "player", "key", "facing"), [
    ("山田さん ベットに直面", "山田", "山田", "bet"),
    ("山田さん ベット", "山田", "山田", "bet"),
    ("4번 플레이어", "4번", "seat4", None),
    ("4번 플레이어 벳을 마주한", "4번", "seat4", None),
])
def test_clock_arguments(args: str, player: str, key: str, facing: str | None) -> None:
    req = parse_request(args)
    assert (req.player, player_key(req.player)) == (player, key)
    if facing is not None:
        assert req.facing == facing


def test_the_clock_reply_names_the_player_facing_a_bet(fake_time: Any) -> None:
    out = handle("クロック 山田さん ベットに直面", Context(lang="ja")).to_json()
    assert (out["ok"], out["player"], out["facing"]) == (True, "山田", "bet")


def test_blinds_stop_in_japanese(fake_time: Any) -> None:
    out = io.StringIO()
    console.run(Context(), as_json=True, stdin=io.StringIO("blinds start turbo\nブラインド 停止\n"), stdout=out)
    start, stopped = (json.loads(x) for x in out.getvalue().splitlines())
    assert start["ok"] and stopped["ok"] and stopped["stopped"] is True


# -- ruling errors found on the way -------------------------------------------------------------------------
@pytest.mark.parametrize(("line", "lang", "at_word"), [
    ("ruling NL 100/200 フロップ: Aが600ベット、Aが1600にレイズ、Bは？", "ja", "Aが1600"),
    ("ruling NL 100/200 flop: A bet 600, A raise 1600, B?", "en", "A raise"),
    ("ruling NL 100/200 플랍: A 600 벳, A 1600 레이즈, B?", "ko", "A 1600"),
])
def test_a_player_acting_twice_in_a_row_is_refused(line: str, lang: str, at_word: str) -> None:
    err = answer_line(line, lang)["error"]
    assert err["code"] == "acted_twice" and err["at"] == line.index(at_word)
    assert "A" in err["message"] and "B" in err["message"]


@pytest.mark.parametrize("hand", [
    "NL 100/200 flop: A bet 600, B call, C raise 2000, A raise 5000, B?",  # A faces C's raise: acts again
    "NL 100/200 flop: A check, B check, C bet 600, A call, B?",  # the round came back to A
])
def test_a_second_action_with_others_between_is_no_error(hand: str) -> None:
    assert ok(hand)["to_act"] == "B"


SHORT = "pot NL 100/200 stacks A 150 B 5000 SB 5000 BB 5000 preflop: A allin, B fold, SB fold; showdown: "


@pytest.mark.parametrize(("showdown", "payoffs"), [
    ("A > BB", {"A": 150, "BB": -50, "SB": -100, "B": 0}),
    ("BB > A", {"A": -150, "BB": 250, "SB": -100, "B": 0}),
])
def test_jp_basic_gives_the_big_blind_the_blinds_less_a_short_all_in_nobody_called(showdown: str, payoffs: dict) -> None:
    # Seed 003 (JP-allin-short): BB takes 100 + 200 - 150 = 150; A plays for 150 matched once.
    out = answer_line(SHORT + showdown, "ja", "jp-basic")
    assert out["payoffs"] == payoffs and out["returned"] == {"BB": 150}
    assert [(p["amount"], p["eligible"]) for p in out["pots"]] == [(300, ["BB", "A"])]
    assert "JP-allin-short" in out["citations"]
    assert "SBとBBの合計からオールイン額を引いた額" in out["text"]


def test_tda_settles_the_same_short_all_in_as_any_pot() -> None:
    out = answer_line(SHORT + "A > BB", "en", "tda2026")
    assert out["payoffs"] == {"A": 250, "BB": -150, "SB": -100, "B": 0} and out["returned"] == {"BB": 50}
    assert "JP-allin-short" not in out["citations"]


@pytest.mark.parametrize("line", [
    # Somebody called (the small blind completed): the pots are built as for any hand.
    "pot NL 100/200 stacks A 150 B 5000 SB 5000 BB 5000 preflop: A allin, B fold, SB call, BB check; showdown: A > BB > SB",
    # Not below the big blind.
    "pot NL 100/200 stacks A 300 B 5000 SB 5000 BB 5000 preflop: A allin, B fold, SB fold, BB call; showdown: A > BB",
])
def test_jp_basic_short_all_in_rule_only_where_it_speaks(line: str) -> None:
    house = answer_line(line, "en", "jp-basic")
    tda = answer_line(line, "en", "tda2026")
    assert house["payoffs"] == tda["payoffs"] and "JP-allin-short" not in house["citations"]


def test_a_mucked_hand_is_not_eligible_for_the_pot() -> None:
    out = answer_line("pot NL 100/200 stacks A 5000 B 5000 C 5000 preflop: A call, B call, C check; flop: B check, C check, "
                      "A check; turn: B check, C check, A check; river: B bet 400, C call, A call; showdown: A > B; C mucks")
    assert [(p["amount"], p["eligible"], p["shares"]) for p in out["pots"]] == [(1800, ["B", "A"], {"A": 1800})]
    assert out["payoffs"] == {"A": 1200, "B": -600, "C": -600}
