"""Red team, second round: Japanese and Korean ruling lines typed as chat.

Floor people type a hand the way they talk: politeness endings, units after amounts, `。` between
actions, questions as sentences, seat numbers with particles. Each case below was either read as
something else (a wrong ruling with no error) or refused with no useful hint before; each now
gives the exact ruling, or a refusal whose hint says what to write.
"""

from __future__ import annotations

from typing import Any

import pytest

from handlers.context import Context
from handlers.dispatch import handle
from tests.ruling_helpers import action, ok, ruling


def _state(out: dict[str, Any]) -> tuple[Any, ...]:
    return out["to_act"], out["to_call"], out["can_raise"], out["min_raise_to"], out["citations"]


# A bet of 400 at 100/200 on the flop, B to act: W = R = 400 (52: a declared bet is binding; 45-A:
# the least raise is by the last full bet, to 800).
_B_FACES_400 = ("B", 400, True, 800, ["52", "45-A"])


# -- units after the amount ------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was: a player named "Aが400円" betting the 200 minimum.
    ("NL 100/200 フロップ: Aが400円ベット、B?", "ja"),
    ("NL 100/200 フロップ: Aが400点ベット、B?", "ja"),
    # Was refused ("400칩" / "400원" not an action).
    ("NL 100/200 플랍: A가 400칩 벳, B?", "ko"),
    ("NL 100/200 플랍: A가 400원 벳, B?", "ko"),
])
def test_yen_points_chips_and_won_after_an_amount(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert (action(out, "A")["ruled"], action(out, "A")["to"]) == ("bet", 400)
    assert _state(out) == _B_FACES_400  # 52, 45-A


def test_an_amount_with_a_unit_said_alone_is_a_silent_bet() -> None:
    out = ok("NL 100/200 フロップ: Aが400点、B?", lang="ja")
    # 400 said alone with nothing faced (42-C, 42-A) opens the betting at 400; B's least raise 800 (45-A).
    assert (action(out, "A")["ruled"], action(out, "A")["to"]) == ("bet", 400)
    assert _state(out) == ("B", 400, True, 800, ["42-C", "42-A", "45-A"])


# -- separators --------------------------------------------------------------------------------------
@pytest.mark.parametrize("hand", [
    "NL 100/200 フロップ: Aが400ベット。Bが1200にレイズ。C?",
    "NL 100/200 フロップ: Aが400ベット・Bが1200にレイズ・C?",
    "NL 100/200 フロップ: Aが400ベット，Bが1200にレイズ，C?",
])
def test_japanese_full_stop_and_middle_dot_part_actions(hand: str) -> None:
    # Was: no action read at all, and a player named "Aが400ベット。Bが1200にレイズ。C" to act with
    # nothing to call. B's raise to 1,200 is a total (45-B); R = 800, so C's least raise is to 2,000 (45-A).
    out = ok(hand, lang="ja")
    assert _state(out) == ("C", 1200, True, 2000, ["52", "45-B", "45-A"])


def test_full_stop_before_the_question_keeps_the_call() -> None:
    # Was: "Bがコール。C" was the name asked about and B's call was lost.
    out = ok("NL 100/200 フロップ: Aが400ベット、Bがコール。C?", lang="ja")
    assert [a["ruled"] for a in out["actions"]] == ["bet", "call"]
    assert out["to_act"] == "C" and out["to_call"] == 400 and out["min_raise_to"] == 800  # 45-A


def test_a_name_with_a_middle_dot_is_one_player() -> None:
    # `・` between katakana letters is a foreign name's dot (ジョン・スミス), not a separator; it
    # was refused (missing_action) once `・` parted actions.
    out = ok("NL 100/200 フロップ: ジョン・スミスが400ベット、Bがコール、C?", lang="ja")
    assert [a["player"] for a in out["actions"]] == ["ジョン・スミス", "B"]
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("C", 400, 800)  # 45-A


@pytest.mark.parametrize("hand", [
    "NL 100/200 フロップ: Aが400ベット・スミスがコール・C?",  # katakana verb before the dot
    "NL 100/200 フロップ: Aが400ベット・Bがコール・C?",
])
def test_a_middle_dot_after_a_verb_still_parts_actions(hand: str) -> None:
    out = ok(hand, lang="ja")
    assert [a["ruled"] for a in out["actions"]] == ["bet", "call"]
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("C", 400, 800)


@pytest.mark.parametrize(("hand", "lang", "at", "hint"), [
    ("NL 100/200 フロップ: Aが400ベット Bコール C?", "ja", 33, "、Bコール"),
    ("NL 100/200 플랍: A 400벳 B콜, C?", "ko", 29, ", B콜"),
])
def test_actions_parted_by_spaces_only_ask_for_a_comma(hand: str, lang: str, at: int, hint: str) -> None:
    # Was: "unexpected word" with no hint. Never guessed: the floor adds the comma.
    err = ruling(hand, lang=lang)["error"]
    assert (err["code"], err["at"], err["hint"]) == ("missing_separator", at, hint)


# -- questions typed as sentences ----------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    ("NL 100/200 フロップ: Aが400ベット、Bコール、Cはどうする？", "ja"),  # was: player "Cはどうする" seated
    ("NL 100/200 フロップ: Aが400ベット、Bコール、Cは何ができる？", "ja"),  # was: player "Cは何ができる"
    ("NL 100/200 フロップ: Aが400ベット、Bコール、Cの選択肢は？", "ja"),
    ("NL 100/200 플랍: A 400 벳, B 콜, C는 뭐 할 수 있어?", "ko"),  # was refused ("뭐")
    ("NL 100/200 플랍: A 400 벳, B 콜, C의 선택지는?", "ko"),
    ("NL 100/200 플랍: A 400벳, B 콜, C 뭐해?", "ko"),
])
def test_a_question_sentence_asks_about_the_player(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    # C faces the 400 bet (52) after B's call (53-A); least raise to 800 (45-A).
    assert _state(out) == ("C", 400, True, 800, ["52", "53-A", "45-A"])


def test_seat_numbers_take_korean_particles() -> None:
    # Was: "2번이" and "1번은" were players of their own; "1번은" was seated new, facing 1,200 with a
    # raise open. As read now 1번 bet 400, faces 800 more, and B's full raise (R = 800) reopens for
    # 1번 (49-A): least raise to 2,000 (45-A).
    out = ok("NL 100/200 플랍: 1번 400 벳, 2번이 1200 레이즈, 3번 콜, 1번은?", lang="ko")
    assert [a["player"] for a in out["actions"]] == ["1번", "2번", "3번"]
    assert _state(out) == ("1번", 800, True, 2000, ["52", "45-B", "53-A", "45-A", "49-A"])


def test_korean_names_that_end_in_i_stay_whole() -> None:
    # 지은, 하은이: 은 and 이 here are parts of the names, not particles (only after a seat number).
    out = ok("NL 100/200 플랍: 지은 400 벳, 하은이 콜, 민수?", lang="ko")
    assert [a["player"] for a in out["actions"]] == ["지은", "하은이"]
    assert _state(out) == ("민수", 400, True, 800, ["52", "53-A", "45-A"])  # 52, 53-A, 45-A


# -- verb forms and politeness ---------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    ("NL 100/200 フロップ: Aが400ベット！、B?", "ja"),  # was refused
    ("NL 100/200 フロップ: A 400ベット!、B?", "ja"),
    ("NL 100/200 フロップ: Aが400ベットです、B?", "ja"),
    ("NL 100/200 フロップ: Aが400ベットしました、B?", "ja"),
    ("NL 100/200 フロップ: Aが400べっと、B?", "ja"),  # hiragana
    ("NL 100/200 플랍: A가 400 벳할게요, B?", "ko"),
    ("NL 100/200 플랍: A가 400 베팅했어요, B?", "ko"),
])
def test_bet_in_chat_forms(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert (action(out, "A")["ruled"], action(out, "A")["to"]) == ("bet", 400)
    assert _state(out) == _B_FACES_400  # 52, 45-A


@pytest.mark.parametrize("hand", [
    "NL 100/200 플랍: A가 400 벳, B가 1200 레이즈요, C?",  # was refused (레이즈요)
    "NL 100/200 플랍: A가 400 벳, B가 레이즈 1200요, C?",  # was refused (1200요)
    "NL 100/200 플랍: A가 400 벳, B가 1200 레이즈했어요, C?",
    "NL 100/200 플랍: A가 400 벳, B가 1200 레이즈 했습니다, C?",
    "NL 100/200 플랍: A가 400 벳, B가 1200 레이즈함, C?",
])
def test_korean_raise_in_every_politeness_level(hand: str) -> None:
    out = ok(hand, lang="ko")
    # A raise to 1,200 (45-B: the total); R = 800, so C may raise to 2,000 (45-A).
    assert _state(out) == ("C", 1200, True, 2000, ["52", "45-B", "45-A"])


def test_glued_latin_name_verb_and_amount() -> None:
    # Was: "UTGレイズ600" taken as a player's name with no action (the hint called it a name).
    out = ok("NL 100/200 プリフロップ: UTGレイズ600、BTN?", lang="ja")
    assert (action(out, "UTG")["ruled"], action(out, "UTG")["to"]) == ("raise", 600)
    # BTN faces 600; the raise was by 400 over the 200 blind, so the least raise is to 1,000 (45-A).
    assert _state(out) == ("BTN", 600, True, 1000, ["45-B", "45-A"])


# -- folds, checks, calls in chat words ------------------------------------------------------------------
@pytest.mark.parametrize(("word", "lang"), [
    ("B降り", "ja"), ("Bおりる", "ja"), ("Bおりた", "ja"), ("Bが降りた", "ja"), ("Bフォールドした", "ja"),
    ("B 다이", "ko"), ("B 죽음", "ko"), ("B 죽어", "ko"), ("B 폴드요", "ko"),
])
def test_fold_slang(word: str, lang: str) -> None:
    # Was refused ("降り" as part of a name with no action; 죽음 not a verb). A fold is binding (52).
    street = "フロップ" if lang == "ja" else "플랍"
    out = ok(f"NL 100/200 {street}: A bet 400, {word}, C?", lang=lang)
    assert action(out, "B")["ruled"] == "fold"
    assert _state(out) == ("C", 400, True, 800, ["52", "45-A"])


@pytest.mark.parametrize("hand", [
    "NL 100/200 フロップ: Aちぇっく、Bこーる、C?",
    "NL 100/200 플랍: A 체크요, B 콜요, C?",
])
def test_hiragana_and_polite_check_and_call(hand: str) -> None:
    out = ok(hand, lang="ja" if "フ" in hand else "ko")
    assert [a["ruled"] for a in out["actions"]][0] == "check"
    # B's "call" with nothing to call counts as a check (57); C may check or bet at least 200 (45-A).
    assert _state(out) == ("C", 0, True, 200, ["52", "57", "45-A"])


@pytest.mark.parametrize(("word", "hint"), [("콜콜", "콜"), ("체크체크", "체크")])
def test_doubled_words_are_refused_with_a_hint(word: str, hint: str) -> None:
    # `체크체크` may mean "checked, and the next checked too": never guessed.
    err = ruling(f"NL 100/200 플랍: A {word}, B?", lang="ko")["error"]
    assert (err["code"], err["at"], err["hint"]) == ("unknown_verb", 24, hint)  # the word, after "ruling "


# -- all-in slang ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("word", "lang"), [
    ("Bがオールイン1000", "ja"), ("Bが1000でオールイン", "ja"), ("Bがおーるいん1000", "ja"),
    ("B 올인 1000", "ko"), ("B 올-인 1000", "ko"), ("B 풀올인 1000", "ko"), ("B 1000 올인했어요", "ko"),
])
def test_allin_words(word: str, lang: str) -> None:
    out = ok(f"NL 100/200 flop: A bet 400, {word}, C?", lang=lang)
    assert (action(out, "B")["ruled"], action(out, "B")["to"]) == ("allin", 1000)
    # An all-in of 1,000 over 400 raises by 600 >= R = 400: a full raise, least re-raise to 1,600 (45-A).
    assert _state(out) == ("C", 1000, True, 1600, ["52", "45-A"])


@pytest.mark.parametrize(("word", "lang", "hint"), [("ぜんぶ", "ja", "オールイン"), ("全部", "ja", "オールイン"),
                                                    ("전부", "ko", "올인")])
def test_loose_allin_words_are_refused_with_the_word_to_write(word: str, lang: str, hint: str) -> None:
    # "All of it" with no amount could be a call or a shove: refused; the hint had been none.
    err = ruling(f"NL 100/200 flop: A bet 400, B {word}, C?", lang=lang)["error"]
    assert (err["code"], err["at"], err["hint"]) == ("unknown_verb", 37, hint)  # the word, after "ruling "


@pytest.mark.parametrize("line", [
    "pot NL 100/200 stacks A 1000 B 1000 플랍: A 풀올인, B 콜; showdown: A > B",  # was refused (풀올인)
    "pot NL 100/200 stacks A 1000 B 1000 フロップ: Aがオールイン。Bがコール; showdown: A > B",  # was refused
])
def test_pot_lines_in_chat_words(line: str) -> None:
    out = handle(line, Context(lang="ko")).to_json()
    # Both all in for 1,000: one main pot of 2,000, to the best hand.
    assert out["ok"], out.get("error")
    assert [(p["amount"], p["winners"]) for p in out["pots"]] == [(2000, ["A"])]


# -- amounts, pot words, streets ---------------------------------------------------------------------------
@pytest.mark.parametrize("amount", ["1.2万", "1만2천", "1만 2천", "1.2만"])
def test_ten_thousands_with_decimals_and_spaces(amount: str) -> None:
    # Was: `1만 2천` read 2천 as the next action and asked for a comma.
    out = ok(f"NL 1000/2000 플랍: A가 {amount} 벳, B?", lang="ko")
    assert (action(out, "A")["ruled"], action(out, "A")["to"]) == ("bet", 12000)
    assert _state(out) == ("B", 12000, True, 24000, ["52", "45-A"])


@pytest.mark.parametrize("hand", ["PL 100/200 플랍 포트 600: A 포트, B?", "PL 100/200 플랍 팟 600: A 팟, B?",
                                  "PL 100/200 フロップ ポット 600: Aがポット、B?"])
def test_pot_words(hand: str) -> None:
    out = ok(hand, lang="ko")
    # A pot-sized bet into 600 is 600 (56-C, pot limit); B may raise to 1,200 at least (45-A), and
    # at most to 2,400 (600 to call, then the pot of 1,800).
    assert (action(out, "A")["ruled"], action(out, "A")["to"]) == ("bet", 600)
    assert _state(out) == ("B", 600, True, 1200, ["56-C", "45-A"]) and out["max_raise_to"] == 2400


def test_short_flop_word_is_refused_with_flop_as_the_hint() -> None:
    # `フロ` was offered `プリフロ` (preflop) as its fix: a hint that would change the street.
    err = ruling("NL 100/200 フロ: Aが400ベット、B?", lang="ja")["error"]
    assert (err["code"], err["at"], err["hint"]) == ("unknown_header_word", 18, "フロップ")
