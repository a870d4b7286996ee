"""Red team, round 6 (ja/ko): players named together that the reader cannot split.

Each of these had been read without an error as one player with a joined name ("민수랑지은",
"花子と次郎", "2人とも", "둘다") - the pot short of a call, or a question answered for a player
nobody seated - or refused as an unknown verb with a hint that kept the particle ("민수랑 call").
"""

from __future__ import annotations

import pytest

from tests.ruling_helpers import ok_line, refused_line

KO = "ruling NL 100/200 플랍: A 400 벳, "
JA = "ruling NL 100/200 フロップ：A 400ベット、"


@pytest.mark.parametrize(("said", "hint"), [
    ("민수랑 지은 콜", "민수 콜, 지은 콜"),
    ("민수랑지은 콜", "민수 콜, 지은 콜"),
    ("지은이랑 민수도 콜", "지은 콜, 민수 콜"),
    ("민수하고 지은 콜", "민수 콜, 지은 콜"),
    ("민수하고지은 콜", "민수 콜, 지은 콜"),
    ("민수와 지은 콜", "민수 콜, 지은 콜"),
    ("민수와지은 콜", "민수 콜, 지은 콜"),
    ("준과 지은 폴드", "준 폴드, 지은 폴드"),
])
def test_hangul_names_joined_are_refused_with_each_players_action(said: str, hint: str) -> None:
    err = refused_line(KO + said + ", A?", "ko")
    assert err["code"] == "joined_players_not_read"
    assert err["at"] == len(KO)
    assert err["hint"] == hint


def test_latin_names_joined_in_korean_still_split_and_a_name_with_gwa_stays_a_name() -> None:
    out = ok_line(KO + "B랑 C 콜, A?", "ko")
    assert [(a["player"], a["ruled"]) for a in out["actions"][1:]] == [("B", "call"), ("C", "call")]
    out = ok_line(KO + "김과장 콜, A?", "ko")
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"][1:]] == [("김과장", "call", 400)]


@pytest.mark.parametrize(("head", "asked", "lang", "hint"), [
    (JA, "花子と次郎は？", "ja", "花子?"),
    (JA, "BとCは？", "ja", "B?"),
    (KO, "B랑 C는?", "ko", "B?"),
    (KO, "민수랑 지은은?", "ko", "민수?"),
])
def test_a_question_about_two_players_is_refused(head: str, asked: str, lang: str, hint: str) -> None:
    err = refused_line(head + asked, lang)
    assert err["code"] == "joined_players_asked"
    assert err["at"] == len(head)
    assert err["hint"] == hint


def test_a_question_about_one_player_is_still_answered() -> None:
    assert ok_line(JA + "Bは？", "ja")["to_act"] == "B"


@pytest.mark.parametrize(("head", "said", "lang", "word"), [
    (JA, "2人ともコール、A?", "ja", "2人とも"),
    (JA, "二人ともコール、A?", "ja", "二人とも"),
    (JA, "ふたりともフォールド", "ja", "ふたりとも"),
    (JA, "両方コール、A?", "ja", "両方"),
    (KO, "둘 다 콜, A?", "ko", "둘 다"),
    (KO, "둘다 콜, A?", "ko", "둘다"),
    (KO, "두 명 다 콜, A?", "ko", "두 명 다"),
    (KO, "두명 모두 콜, A?", "ko", "두명 모두"),
])
def test_both_for_the_players_is_refused(head: str, said: str, lang: str, word: str) -> None:
    out = refused_line(head + said, lang)
    assert out["code"] == "fold_around_not_read"
    assert out["at"] == len(head)
    assert out["message"].count(word) == 1
    assert out["hint"].startswith("B ") and ", C " in out["hint"]


@pytest.mark.parametrize(("head", "said", "lang", "hint"), [
    (JA, "BさんとCさんがコール、A?", "ja", "Bさん コール, Cさん コール"),
    (JA, "Bさんと Cさんがコール、A?", "ja", "Bさん コール, Cさん コール"),
    (JA, "花子さんと次郎さんがフォールド", "ja", "花子さん フォールド, 次郎さん フォールド"),
    (KO, "B님이랑 C님 콜, A?", "ko", "B님 콜, C님 콜"),
    (KO, "B님이랑C님 콜, A?", "ko", "B님 콜, C님 콜"),
    (KO, "민수님과 지은님이 폴드, A?", "ko", "민수님 폴드, 지은님 폴드"),
])
def test_names_with_honorifics_joined_are_refused(head: str, said: str, lang: str, hint: str) -> None:
    # "BさんとCさん" had been one player calling 400: the pot short of a call, no error.
    err = refused_line(head + said, lang)
    assert (err["code"], err["at"], err["hint"]) == ("joined_players_not_read", len(head), hint)


def test_one_name_with_an_honorific_still_calls() -> None:
    out = ok_line(JA + "Bさんがコール、A?", "ja")
    assert [(a["ruled"], a["to"]) for a in out["actions"][1:]] == [("call", 400)]


# "Who shows first?" closing the line after a full stop (or with no separator at all) had taken the
# action before it into the question: `A 400 벳. B 콜. 누가 먼저 오픈?` was answered as an empty river
# ("the next player may check or bet"), `B 콜. 누가 먼저 오픈?` as B still to act on A's bet.
@pytest.mark.parametrize(("line", "lang"), [
    ("ruling NL 100/200 리버: A 400 벳, B 콜. 누가 먼저 오픈?", "ko"),
    ("ruling NL 100/200 리버: A 400 벳. B 콜. 누가 먼저 오픈?", "ko"),
    ("ruling NL 100/200 리버: A 400 벳, B 콜 누가 먼저 오픈?", "ko"),
    ("ruling NL 100/200 리버: A 400 벳, B 콜. 누가 먼저 까?", "ko"),
    ("ruling NL 100/200 リバー：A 400ベット、Bがコール. 誰から見せる？", "ja"),
    ("ruling NL 100/200 リバー：A 400ベット、Bがコール誰から見せる？", "ja"),
])
def test_the_show_order_question_leaves_the_action_before_it(line: str, lang: str) -> None:
    out = ok_line(line, lang)
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"]] == [("A", "bet", 400), ("B", "call", 400)]
    assert out["to_act"] is None
    assert out["show_order"] == ["A", "B"]


def test_a_question_about_a_player_before_the_show_order_question_is_not_dropped() -> None:
    # `Cは？` had vanished: the show order was answered and C's question never was.
    err = refused_line("ruling NL 100/200 リバー：A 400ベット、Bがコール、Cは？誰から見せる？", "ja")
    assert err["code"] == "query_with_showdown"


def test_a_hangul_name_holding_wa_is_still_asked_about() -> None:
    # `이와나` is one name (와 inside it), not 이 and 나 asked about together.
    assert ok_line(KO + "이와나?", "ko")["to_act"] == "이와나"
