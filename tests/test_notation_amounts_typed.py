"""Red team, notation: amounts and chips typed the way floor people type them must be read as
meant, or refused with a localized error that says what to write, never read as something else.

Each of these was wrong before: `Aが千ベット` ruled a player called "Aが千" betting the minimum,
`B 1000,500` ruled a raise to 1,000,500, `Bがチップ 1000+500` and `B 1000+500` answered that
"1000+500" is not an action.
"""

from __future__ import annotations

import pytest

from engine.notation.words import parse_amount
from tests.ruling_helpers import action, ok, ruling


# -- numbers in kanji and hangul ------------------------------------------------------------------
@pytest.mark.parametrize(("text", "value"), [
    ("千", 1000), ("三千", 3000), ("三千五百", 3500), ("1万5千", 15000), ("二十万", 200_000), ("1億2千万", 120_000_000),
    ("천", 1000), ("오천", 5000), ("천오백", 1500), ("만", 10_000), ("이천", 2000),
])
def test_native_numerals_are_amounts(text: str, value: int) -> None:
    assert parse_amount(text) == value


@pytest.mark.parametrize("text", ["一", "이", "一二", "千千", "百千", "万万", "1000,500", "10,00"])
def test_what_is_not_a_number_stays_none(text: str) -> None:
    # A lone digit word (이 is also a particle), units out of order, commas that do not group by three.
    assert parse_amount(text) is None


@pytest.mark.parametrize("hand", [
    "NL 100/200 フロップ: Aが千ベット、B?",
    "NL 100/200 フロップ: A 千 ベット、B?",
    "NL 100/200 플랍: A가 천 벳, B?",
    "NL 100/200 플랍: A가 천벳, B?",
])
def test_a_bet_of_a_thousand_in_words_is_a_bet_of_1000(hand: str) -> None:
    out = ok(hand)
    a = action(out, "A")
    # Was: player "Aが千" betting the 200 minimum (no amount read). 1,000 opens the betting: W = R = 1,000 (45-A).
    assert (a["ruled"], a["to"]) == ("bet", 1000)
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("B", 1000, 2000)


def test_a_raise_in_kanji_after_a_bet() -> None:
    out = ok("NL 100/200 フロップ: Aが1000ベット、Bが三千にレイズ、C?")
    assert (action(out, "B")["ruled"], action(out, "B")["to"]) == ("raise", 3000)
    # R = 3,000 − 1,000 = 2,000 (45-A, 45-B: a declared raise is the total).
    assert (out["to_call"], out["full_raise"], out["min_raise_to"]) == (3000, 2000, 5000)


def test_a_silent_amount_in_kanji_goes_through_the_half_rule() -> None:
    out = ok("NL 100/200 フロップ: Aが1000ベット、Bが千五百、C?")
    b = action(out, "B")
    # 1,500 declared alone facing 1,000 (42-C): +500 is half of R = 1,000, so a full raise to 2,000 (45-A).
    assert (b["ruled"], b["to"]) == ("raise", 2000) and "42-C" in b["rules"] and "45-A" in b["rules"]


def test_korean_numeral_raise_with_particle() -> None:
    out = ok("NL 100/200 플랍: A가 천벳, B가 이천으로 레이즈, C?")
    assert action(out, "B")["to"] == 2000 and out["min_raise_to"] == 3000


# -- commas ------------------------------------------------------------------------------------
def test_a_comma_that_does_not_group_thousands_is_not_an_amount() -> None:
    line = "NL 100/200 flop: A bet 1000, B 1000,500, C?"
    out = ruling(line)
    # Was: B raised to 1,000,500. It is two chips (1,000 and 500) typed without the word `chips`.
    assert not out["ok"] and out["error"]["code"] == "chips_need_word"
    assert out["error"]["at"] == len("ruling ") + line.index("1000,500") and out["error"]["hint"] == "B chips 1000,500"


def test_grouped_thousands_still_read() -> None:
    out = ok("NL 2,000/4,000 flop: A bet 10,000, B 1,000,000, C?")
    assert action(out, "A")["to"] == 10_000 and action(out, "B")["to"] == 1_000_000


# -- chips without the word, and chips glued to a name in Japanese ------------------------------
@pytest.mark.parametrize(("hand", "hint"), [
    ("NL 100/200 flop: A bet 1000, B 1000+500, C?", "B chips 1000+500"),
    ("NL 100/200 flop: A bet 1000, B raise 1000+500, C?", "B raise chips 1000+500"),
    ("NL 100/200 flop: A bet 1000, B 100x5, C?", "B chips 100x5"),
])
def test_chips_without_the_word_chips_say_so(hand: str, hint: str) -> None:
    out = ruling(hand)
    assert not out["ok"] and out["error"]["code"] == "chips_need_word" and out["error"]["hint"] == hint


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_chips_without_the_word_is_localized(lang: str) -> None:
    out = ruling("NL 100/200 flop: A bet 1000, B 1000+500, C?", lang=lang)
    assert ("チップ" if lang == "ja" else "칩") in out["error"]["message"]


@pytest.mark.parametrize("hand", [
    "NL 100/200 フロップ: Aが1000ベット、Bがチップ 1000+500、C?",
    "NL 100/200 フロップ: Aが1000ベット、Bチップ 1000+500、C?",
    "NL 100/200 フロップ: Aが1000ベット、Bがチップ1000+500、C?",
])
def test_japanese_chips_word_glued_to_the_name(hand: str) -> None:
    out = ok(hand)
    b = action(out, "B")
    # 1,000 + 500 facing 1,000: the 500 is not needed to call (47-B), +500 is half of R (45-A): raise to 2,000.
    assert (b["ruled"], b["to"]) == ("raise", 2000) and "47-B" in b["rules"]


# -- header words after `players` ------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "word"), [
    ("NL 100/200 flop players A B pot 500: A bet 200, B call", "pot"),
    ("NL 100/200 preflop players A B SB BB ante 25: A raise 500, B call, SB fold, BB call", "ante"),
    ("NL 100/200 flop players A B stacks A 5000 B 1200: A bet 500, B call", "stacks"),
    ("NL 100/200 flop players A B button B: A bet 200, B call", "button"),
])
def test_header_word_inside_the_players_list_is_refused(hand: str, word: str) -> None:
    out = ruling(hand)
    # Was: "pot" and "500" seated as players, and "the action is on pot" (or "on ante").
    assert not out["ok"] and out["error"]["code"] == "header_word_in_players"
    assert out["error"]["at"] == len("ruling ") + hand.index(f" {word} ") + 1
    assert out["error"]["hint"].startswith(f"{word} ... players A B")


def test_a_seat_called_button_is_still_a_seat() -> None:
    out = ok("NL 100/200 flop players UTG button SB BB: SB check, BB check, UTG check, button?")
    assert out["to_act"] == "button"


def test_duplicate_player_points_at_the_repeated_name() -> None:
    line = "NL 50/100 flop players A B A: A bet 100"
    out = ruling(line)
    assert out["error"]["code"] == "duplicate_player" and out["error"]["at"] == len("ruling ") + line.rindex("A:")


# -- stacks --------------------------------------------------------------------------------------
def test_two_stacks_for_one_player_is_not_a_players_list_error() -> None:
    out = ruling("NL 100/200 stacks A 5000 B 1200 B 9000 preflop: A raise 500, B call")
    assert out["error"]["code"] == "duplicate_stack" and "list" not in out["error"]["message"]


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_a_stack_for_someone_not_in_the_hand(lang: str) -> None:
    line = "NL 100/200 flop stacks A 5000 Z 1200: A bet 500, B call"
    out = ruling(line, lang=lang)
    # Nobody typed a players list: the message says Z has a stack but no part in the hand.
    assert out["error"]["code"] == "stack_not_in_hand" and out["error"]["at"] == len("ruling ") + line.index("1200")
    assert "Z" in out["error"]["message"] and "A B" in out["error"]["message"]


# -- English as floor people type it ------------------------------------------------------------------
def test_all_in_in_two_words() -> None:
    out = ok("NL 100/200 flop: A bet 600, B goes all in for 2000, C?")
    # Was: "“all” is not an action", with the hint "call" (the opposite of what was meant).
    b = action(out, "B")
    assert (b["ruled"], b["to"], b["full_raise"]) == ("allin", 2000, True)  # +1,400 ≥ R 600 (45-A)
    assert (out["to_call"], out["min_raise_to"]) == (2000, 3400)
    e = ruling("NL 100/200 flop: A bet 600, B all in, C?")["error"]
    assert e["code"] == "allin_needs_amount" and e["hint"] == "B allin 500"


def test_min_raise_in_two_words() -> None:
    b = action(ok("NL 100/200 flop: A bet 600, B min raise, C?"), "B")
    assert (b["ruled"], b["to"]) == ("raise", 1200) and "alias_minraise" in b["notes"]


@pytest.mark.parametrize("said", ["raise by 1000", "raises 1000 more"])
def test_raise_by_an_amount_adds_it_to_the_bet(said: str) -> None:
    out = ok(f"NL 100/200 flop: A bet 600, B {said}, C?")
    b = action(out, "B")
    # "By 1,000" is the increment: a raise to 600 + 1,000 = 1,600 (45-B reads a bare amount as the total).
    assert (b["ruled"], b["to"], b["notes"]) == ("raise", 1600, ["alias_by"])
    assert (out["to_call"], out["full_raise"], out["min_raise_to"]) == (1600, 1000, 2600)


def test_raise_by_less_than_a_full_raise_is_completed() -> None:
    b = action(ok("NL 100/200 flop: A bet 600, B raise by 300, C?"), "B")
    # "Raise" was said: +300 is short of R 600, so the raise is made full, to 1,200 (45-A, 54-A).
    assert (b["ruled"], b["to"], b["rules"]) == ("raise", 1200, ["45-A", "54-A"])


def test_raise_by_in_pot_limit_is_held_to_the_pot() -> None:
    out = ok("PL 100/200 flop pot 1000: A bet 600, B raise by 5000, C?")
    # 56-C: call 600 (pot 2,200), raise 2,200: at most 2,800.
    assert action(out, "B")["to"] == 2800 and "capped_at_pot" in action(out, "B")["notes"]


# -- Japanese and Korean words glued to a Latin name ------------------------------------------------
def test_minimum_raise_word_glued_to_the_name_keeps_the_player() -> None:
    out = ok("NL 100/200 フロップ: Aが600ベット、Bがミニレイズ、Cコール、Aコール、B?")
    # Was: a new player "Bがミニ" raising, so B was someone else and still had to act.
    b = action(out, "B")
    assert (b["ruled"], b["to"], b["notes"]) == ("raise", 1200, ["alias_minraise"])
    assert out["to_act"] is None and out["options_reason"] == "round_over"


def test_times_glued_to_the_name() -> None:
    b = action(ok("NL 100/200 フロップ: Aが600ベット、Bが3倍、C?"), "B")
    assert (b["ruled"], b["to"]) == ("raise", 1800)  # three times the 600 faced


@pytest.mark.parametrize("hand", [
    "NL 100/200 フロップ: Aが600ベット、Bがフォールド、Cがオーバーチップ5000、D?",
    "NL 100/200 플랍: A가 600 벳, B 폴드, C가 오버칩 5000, D?",
])
def test_oversized_chip_word(hand: str) -> None:
    c = action(ok(hand), "C")
    # 46: one oversized chip facing a bet, nothing said: a call.
    assert (c["ruled"], c["to"], c["rules"]) == ("call", 600, ["46"])


def test_an_unknown_word_after_a_latin_name_is_refused_not_made_a_name() -> None:
    out = ruling("NL 100/200 フロップ: Aが600ベット、Bがフォールド、Cがオーバー 5000、D?")
    assert out["error"]["code"] == "unknown_verb" and "オーバー" in out["error"]["message"]


def test_japanese_names_keep_their_particle_like_letters() -> None:
    out = ok("NL 100/200 フロップ: ちはやが600ベット、はるかがコール、C?")
    assert [a["player"] for a in out["actions"]] == ["ちはや", "はるか"]


@pytest.mark.parametrize("hand", ["NL 100/200 フロップ: Aが600ベットして、Bがコール、C?",
                                  "NL 100/200 플랍: A가 600 벳 했고, B 콜, C?"])
def test_verb_endings_are_not_words(hand: str) -> None:
    out = ok(hand)
    assert (action(out, "A")["to"], out["to_act"], out["to_call"]) == (600, "C", 600)


def test_full_width_amount_with_full_width_comma_glued_to_the_name() -> None:
    out = ok("ＮＬ １００／２００ フロップ： Ａが１，０００ベット、Ｂがコール、Ｃ？")
    # Was: a player "Ａが１，０００" betting the 200 minimum, then B calling 200.
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"]] == [("Ａ", "bet", 1000), ("Ｂ", "call", 1000)]
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("Ｃ", 1000, 2000)


@pytest.mark.parametrize("said", ["is all in for 2000", "raises to 2000 total"])
def test_english_filler_words(said: str) -> None:
    b = action(ok(f"NL 100/200 flop: A bet 600, B {said}, C?"), "B")
    assert b["to"] == 2000 and b["full_raise"] is True  # +1,400 over 600, at least R 600 (45-A)
