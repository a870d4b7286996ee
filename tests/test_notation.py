"""Hand notation: words in three languages, amount formats, offsets and hints on bad input."""

from __future__ import annotations

import pytest

from engine.errors import FloorcallError
from engine.notation.read import parse_amount, parse_chips, parse_hand
from tests.ruling_helpers import ok, ruling


@pytest.mark.parametrize(
    "text, value",
    [("100", 100), ("2,000", 2000), ("1k", 1000), ("1.5k", 1500), ("１，０００", 1000), ("２万", 20000), ("3천", 3000),
     ("10만", 100000), ("1K", 1000)],
)
def test_amounts(text: str, value: int) -> None:
    assert parse_amount(text) == value


@pytest.mark.parametrize("text", ["", "abc", "1,00", "0", "-5", "1.2345", "1e9"])
def test_not_amounts(text: str) -> None:
    assert parse_amount(text) is None


def test_chips_lists() -> None:
    assert parse_chips("1000+100x5", 0) == (1000, 100, 100, 100, 100, 100)
    assert parse_chips("1000,100x5", 0) == parse_chips("1000+100×5", 0)
    with pytest.raises(FloorcallError) as e:
        parse_chips("1000+abc", 10)
    assert e.value.code == "bad_chips" and e.value.at == 15


@pytest.mark.parametrize("text", ["100+", "+100", "100++100", "100,,100", "100+x2"])
def test_chips_lists_with_a_missing_group_are_refused(text: str) -> None:
    """A dangling separator means a chip was left out: refuse rather than rule on fewer chips."""
    with pytest.raises(FloorcallError) as e:
        parse_chips(text, 0)
    assert e.value.code == "bad_chips"


def test_japanese_and_korean_words_read_the_same() -> None:
    en = ok("NL 50/100 flop: A bet 100, B raise 300, C call, D?")
    ja = ok("ノーリミット ５０/１００ フロップ: A ベット 100、B レイズ 300、C コール、D?")
    ko = ok("노리밋 50/100 플랍: A 벳 100, B 레이즈 300, C 콜, D?")
    keys = ("to_act", "to_call", "min_raise_to", "bet_level", "full_raise")
    assert [en[k] for k in keys] == [ja[k] for k in keys] == [ko[k] for k in keys] == ["D", 300, 500, 300, 200]


@pytest.mark.parametrize(
    "hand",
    [
        "NL 50/100 フロップ: A 100 ベット、B 300 レイズ、C コール、D?",  # amount before the verb
        "NL 50/100 フロップ: Aが100ベット、Bが300にレイズ、Cはコールした、D?",  # glued, particles, endings
        "NL 50/100 플랍: A 100 벳, B 300 레이즈, C 콜, D?",
        "NL 50/100 플랍: A가 100 벳, B가 300으로 레이즈, C가 콜했어요, D?",
        "NL 50/100 플랍: A가 벳 100, B는 레이즈 300, C 콜, D?",
    ],
)
def test_japanese_and_korean_word_order_and_particles(hand: str) -> None:
    """As people write it in Japanese and Korean, the ruling is the English one's."""
    en = ok("NL 50/100 flop: A bet 100, B raise 300, C call, D?")
    out = ok(hand)
    keys = ("to_act", "to_call", "min_raise_to", "bet_level", "full_raise")
    assert [out[k] for k in keys] == [en[k] for k in keys]
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"]] == [("A", "bet", 100), ("B", "raise", 300), ("C", "call", 300)]


def test_japanese_and_korean_inputs_are_echoed_as_typed() -> None:
    out = ok("NL 50/100 フロップ: Aが100ベット、B 125でオールイン、C?")
    assert [(a["input"], a["ruled"], a["to"]) for a in out["actions"]] == [("100ベット", "bet", 100), ("125でオールイン", "allin", 125)]


@pytest.mark.parametrize(
    "hand, names",
    [
        ("NL 50/100 플랍: 지은 100 벳, 하은 콜, 지훈이 콜, 다은?", ["지은", "하은", "지훈"]),  # names ending in 은/이; 지훈이: 지훈 and its 이 (issue 21)
        ("NL 50/100 플랍: 지은100벳, 민수가 콜, 다은?", ["지은", "민수"]),
        ("NL 50/100 フロップ: P1が100ベット、UTG1 コール、BTNは コール、P3?", ["P1", "UTG1", "BTN"]),
        ("NL 50/100 フロップ: 田中が100ベット、鈴木 300にレイズ、佐藤?", ["田中", "鈴木"]),
    ],
)
def test_names_keep_their_own_letters(hand: str, names: list[str]) -> None:
    assert [a["player"] for a in ok(hand)["actions"]] == names


def test_errors_after_a_glued_amount_point_at_the_word_as_typed() -> None:
    prefix = "NL 50/100 フロップ: A 100ベット "
    err = ruling(prefix + "余分")["error"]
    assert err["code"] == "unexpected_word" and err["at"] == len("ruling " + prefix)
    err = ruling(prefix + "7")["error"]  # a second number, as after "A bet 100"
    assert err["code"] == "bad_amount" and err["at"] == len("ruling " + prefix)


def test_blinds_forms_and_game_aliases() -> None:
    for header in ("NLHE 1k/2k flop", "NL 1,000/2,000 flop", "nl 1000-2000 postflop", "1000/2000 flop"):
        out = ok(header + ": A bet 2k, B?")
        assert out["game"] == "NL" and out["min_raise_to"] == 4000
    assert ok("PLO 100/200 preflop: A?")["game"] == "PL"
    assert ok("LHE 100/200 preflop: A?")["game"] == "FL"


def test_one_letter_player_names_that_look_like_short_verbs() -> None:
    out = ok("NL 50/100 flop: B b 100, C c, F f, K?")
    assert [a["ruled"] for a in out["actions"]] == ["bet", "call", "fold"] and out["to_act"] == "K"


def test_seat_numbers_as_players() -> None:
    out = ok("NL 100/200 flop: 3 bet 600, 4 fold, 6 raise 1600, 7?")
    assert (out["to_act"], out["min_raise_to"]) == ("7", 2600)


def test_verb_typo_gets_a_hint_and_offset() -> None:
    line = "NL 50/100 flop: A bet 100, B rasie 300"
    out = ruling(line)
    err = out["error"]
    assert (err["code"], err["hint"]) == ("unknown_verb", "raise")
    assert ("ruling " + line)[err["at"]:].startswith("rasie")


@pytest.mark.parametrize(
    "hand, code",
    [
        ("", "empty_hand"),
        ("NL 50/100 flop A bet 100", "no_colon"),
        ("NL flop: A bet 100", "missing_blinds"),
        ("NL 100/50 flop: A bet 100", "bad_blinds"),
        ("NL 50/ flop: A bet 100", "bad_blinds"),
        ("NL 50/100: A bet 100", "missing_street"),
        ("NL 50/100 flopp: A bet 100", "unknown_header_word"),
        ("NL 50/100 flop pot: A bet 100", "bad_pot"),
        ("NL 50/100 flop:", "no_actions"),
        ("NL 50/100 flop: A", "missing_action"),
        ("NL 50/100 flop: A to", "missing_action"),
        ("NL 50/100 flop: A bet 100, B makes, C?", "missing_action"),
        ("NL 50/100 flop: A allin", "allin_needs_amount"),
        ("NL 50/100 flop: A check 100", "amount_not_allowed"),
        ("NL 50/100 flop: A bet 100 last", "last_without_chips"),
        ("NL 50/100 flop: A bet 100, B chips", "bad_chips"),
        ("NL 50/100 flop players: A bet 100", "empty_players"),
        ("NL 50/100 flop players A A: A bet 100", "duplicate_player"),
        ("NL 50/100 flop: A bet 100 extra", "unexpected_word"),
    ],
)
def test_malformed_hands_give_a_code_an_offset_and_never_a_traceback(hand: str, code: str) -> None:
    for lang in ("en", "ja", "ko"):
        out = ruling(hand, lang=lang)
        assert out["ok"] is False and out["error"]["code"] == code, out["error"]
        assert isinstance(out["error"]["at"], int) and 0 <= out["error"]["at"] <= len("ruling " + hand)
        assert out["error"]["message"] and out["citations"] == []


def test_an_action_of_filler_words_only_is_missing_its_action_at_its_end() -> None:
    line = "NL 50/100 flop: A bet 100, B makes to, C?"
    err = ruling(line)["error"]
    assert (err["code"], err["hint"]) == ("missing_action", "B call")
    assert ("ruling " + line)[:err["at"]].endswith("B makes to")


def test_flopp_typo_hint() -> None:
    assert ruling("NL 50/100 flopp: A bet 100")["error"]["hint"] == "flop"


def test_action_limit() -> None:
    body = ", ".join(["A check", "B check"] * 50)
    assert parse_hand("NL 50/100 flop: " + body).actions  # exactly 100 actions are fine
    out = ruling("NL 50/100 flop: " + body + ", A check")
    assert out["error"]["code"] == "too_many_actions"


def test_input_over_2000_characters_is_rejected() -> None:
    out = ruling("NL 50/100 flop: A bet 100" + " " * 2000)
    assert out["error"]["code"] == "too_long"


def test_error_messages_are_localized() -> None:
    msgs = {lang: ruling("NL 50/100 flop: A bet 100, B fold, B call", lang=lang)["error"]["message"] for lang in ("en", "ja", "ko")}
    assert "folded" in msgs["en"] and "フォールド" in msgs["ja"] and "폴드" in msgs["ko"]
