"""Red team, fifth round: Japanese and Korean chat forms the earlier rounds did not cover.

Currency signs, emoji and laughter, doubled question marks, words that say chips went in silently,
numerals spaced after 千 / 천, and ante words spelled as chat spells them. Each case was refused
(or, for `C??`, answered about a new player called "C?") although it says something plain; every
test asserts the ruling's amounts and the rule ids that decided it.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.ruling_helpers import action, ok


def _options(out: dict[str, Any]) -> tuple[Any, ...]:
    return out["to_act"], out["to_call"], out["bet_level"], out["can_raise"], out["min_raise_to"]


# -- a doubled question mark --------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was: a new player "A?" (or "Aは？") who had not acted, facing the whole 3,000 and told the
    # betting was open to them as a first action; A is the bettor, 2,000 short of B's raise.
    ("NL 100/200 flop: A bet 1000, B raise 3000, A??", "en"),
    ("NL 100/200 フロップ: Aが1000ベット、Bが3000にレイズ、Aは？？", "ja"),
    ("NL 100/200 フロップ: Aが1000ベット、Bが3000にレイズ、Aは！？", "ja"),
    ("NL 100/200 플랍: A 1000 벳, B 3000 레이즈, A??", "ko"),
])
def test_a_doubled_question_mark_asks_about_the_player_named(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert [a["player"] for a in out["actions"]] == ["A", "B"]
    # B raised by 2,000 (45-B); A's bet level rose by 2,000 >= R, so A may re-raise (49-A), to 5,000.
    assert _options(out) == ("A", 2000, 3000, True, 5000)
    assert out["citations"] == ["52", "45-B", "45-A", "49-A"]


# -- currency signs ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused: `￥1000ベット` is not an action (`400円` was read, the sign before the amount not).
    ("NL 100/200 フロップ: Aが￥1000ベット、Bが3000にレイズ、Cは？", "ja"),
    ("NL 100/200 フロップ: Aが¥1,000ベット、Bが¥3,000にレイズ、Cは？", "ja"),
    ("NL 100/200 フロップ: Aが1000￥ベット、Bが3000にレイズ、Cは？", "ja"),
    ("NL 100/200 플랍: A가 ₩1000 벳, B ₩3000 레이즈, C?", "ko"),
])
def test_a_currency_sign_on_an_amount_is_the_amount(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"]] == [("A", "bet", 1000), ("B", "raise", 3000)]
    assert _options(out) == ("C", 3000, 3000, True, 5000)  # R = 2,000 (45-A)
    assert action(out, "B")["rules"] == ["45-B"]


# -- emoji and laughter ------------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused with "B call" as the hint: `レイズ3000😱` is not an action.
    ("NL 100/200 フロップ: Aが1000ベット！、Bがレイズ3000😱、Cは？？", "ja"),
    ("NL 100/200 フロップ: Aが1000ベット🔥、Bが3000にレイズ(笑)、Cは？", "ja"),
    # Was refused: `ㅋㅋ` (laughter) and `👍` "cannot come here".
    ("NL 100/200 플랍: A 1000 벳 👍, B 3000 레이즈 ㅋㅋ, C??", "ko"),
    ("NL 100/200 플랍: A 1000 벳 ㅎㅎ, B 3000 레이즈ㅠㅠ, C?", "ko"),
])
def test_emoji_and_laughter_are_noise(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"]] == [("A", "bet", 1000), ("B", "raise", 3000)]
    assert _options(out) == ("C", 3000, 3000, True, 5000)
    assert out["citations"] == ["52", "45-B", "45-A"]


# -- chips pushed "silently", said so ----------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused: `無言で5000チップ1枚` is not an action. One oversized chip facing a bet with
    # nothing said is a call (46).
    ("NL 100/200 フロップ: Aが1000ベット、Bが無言で5000チップ1枚、Cは？", "ja"),
    ("NL 100/200 フロップ: Aが1000ベット、Bが黙って5000チップ1枚、Cは？", "ja"),
    ("NL 100/200 フロップ: Aが1000ベット、Bが5000チップ1枚（無言）、Cは？", "ja"),
    ("NL 100/200 플랍: A 1000 벳, B 말없이 5000칩 한 개, C?", "ko"),
])
def test_a_silent_oversized_chip_said_so_is_a_call(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    b = action(out, "B")
    assert (b["ruled"], b["to"], b["rules"]) == ("call", 1000, ["46"])
    assert _options(out) == ("C", 1000, 1000, True, 2000)


# -- numerals spaced after 千 / 천 ------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused: `5백 레이즈` "starts the next action; put a comma before it".
    ("NL 100/200 플랍: A 1000 벳, B 3천 5백 레이즈, C?", "ko"),
    ("NL 100/200 플랍: A 1000 벳, B 3천 500 레이즈, C?", "ko"),
    ("NL 100/200 フロップ: Aが1000ベット、Bが3千 5百にレイズ、Cは？", "ja"),
])
def test_a_numeral_spaced_after_its_thousands_is_one_amount(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert (action(out, "B")["ruled"], action(out, "B")["to"]) == ("raise", 3500)
    assert _options(out) == ("C", 3500, 3500, True, 6000)  # R = 2,500 (45-A)


def test_two_thousands_spaced_are_still_two_words() -> None:
    out = ruling_error("NL 100/200 플랍: A 1000 벳, B 3천 2천 레이즈, C?", "ko")
    assert out["code"] == "missing_separator"


def test_hundreds_glued_to_their_verb() -> None:
    # Was refused: `5百ベット` (one unit, no second numeral after it) was not read as 500.
    out = ok("NL 100/200 フロップ: Aが5百ベット、Bは？", lang="ja")
    assert (action(out, "A")["ruled"], action(out, "A")["to"]) == ("bet", 500)
    assert _options(out) == ("B", 500, 500, True, 1000)


# -- ante words as chat spells them ------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang", "pot"), [
    # Each was refused as an unknown header word. Big blind ante 200: dead money in the pot (RP-11).
    ("NL 100/200 BBアンテ 200 プリフロップ: A レイズ 600、B?", "ja", 1100),
    ("NL 100/200 BBアンテ200 プリフロップ: A レイズ 600、B?", "ja", 1100),
    ("NL 100/200 BB アンティ 200 プリフロップ: A レイズ 600、B?", "ja", 1100),
    ("NL 100/200 ビッグブラインドアンテ 200 プリフロップ: A レイズ 600、B?", "ja", 1100),
    ("NL 100/200 빅블라인드 앤티 200 프리플랍: A 600 레이즈, B?", "ko", 1100),
    ("NL 100/200 빅블 앤티 200 프리플랍: A 600 레이즈, B?", "ko", 1100),
    ("NL 100/200 BB 앤티 200 프리플랍: A 600 레이즈, B?", "ko", 1100),
    ("NL 100/200 BB엔티 200 프리플랍: A 600 레이즈, B?", "ko", 1100),
    # An ante of 25 from each of the four players, glued to its word (alone, with no stacks or
    # second street, it never reached the whole-hand reader).
    ("NL 100/200 アンティ25 プリフロップ: A レイズ 600、B?", "ja", 1000),
    ("NL 100/200 アンテ２５ プリフロップ: A レイズ 600、B?", "ja", 1000),
    ("NL 100/200 엔티25 프리플랍: A 600 레이즈, B?", "ko", 1000),
])
def test_ante_words_as_chat_spells_them(hand: str, lang: str, pot: int) -> None:
    out = ok(hand, lang=lang)
    assert out["pot"] == pot
    assert _options(out) == ("B", 600, 600, True, 1000)
    assert out["citations"] == ["45-B", "45-A"]


def test_an_ante_word_with_no_amount_says_so_in_the_channel_language() -> None:
    hand = "NL 100/200 BB 앤티 프리플랍: A 600 레이즈, B?"
    out = ruling_error(hand, "ko")
    # `at`: where the amount belongs (the street word after the ante), in the line as typed.
    assert (out["code"], out["at"], out["hint"]) == ("bad_header_amount", len("ruling ") + hand.index("프리플랍"), "BB 앤티 100")
    assert "금액" in out["message"]


def ruling_error(hand: str, lang: str) -> dict[str, Any]:
    from tests.ruling_helpers import ruling

    out = ruling(hand, lang=lang)
    assert not out["ok"]
    return out["error"]


# -- a decimal comma before 万 / 만 -----------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang", "typed"), [
    # Was: a raise to 150,000 (`1,5万` read as 15万 with the comma dropped), ten times 1.5万, with
    # C told to call 150,000. Now refused with the dot as the hint.
    ("NL 100/200 フロップ: Aが1000ベット、Bが1,5万ベット、Cは？", "ja", "1,5万"),
    ("NL 100/200 フロップ: Aが1000ベット、Bが１，５万にレイズ、Cは？", "ja", "１，５万"),
    # Was refused as chips (a 1 and a 50,000) with `B chips 1,5만` as the hint.
    ("NL 100/200 플랍: A 1000 벳, B 1,5만 레이즈, C?", "ko", "1,5만"),
])
def test_a_decimal_comma_before_a_unit_is_refused_with_the_dot(hand: str, lang: str, typed: str) -> None:
    e = ruling_error(hand, lang)
    assert (e["code"], e["at"], e["hint"]) == ("bad_amount", len("ruling ") + hand.index(typed), "1.5" + typed[-1])
    assert typed in e["message"]


@pytest.mark.parametrize(("hand", "lang", "to"), [
    ("NL 100/200 フロップ: Aが1000ベット、Bが1,000万にレイズ、Cは？", "ja", 10_000_000),  # commas grouping by three
    ("NL 100/200 플랍: A 1000 벳, B 2,500만 레이즈, C?", "ko", 25_000_000),
])
def test_commas_grouping_thousands_in_a_kanji_amount_still_read(hand: str, lang: str, to: int) -> None:
    out = ok(hand, lang=lang)
    assert (action(out, "B")["ruled"], action(out, "B")["to"]) == ("raise", to)


# -- a particle typed apart from a Latin name -------------------------------------------------------
@pytest.mark.parametrize("hand", [
    # Was refused: `がコール` / `は？` "not an action" (hint `コール`): chat spaces `UTG` from its particle.
    "NL 100/200 プリフロップ: UTG がコール、HJ が 600 にレイズ、CO は？",
    "NL 100/200 プリフロップ: UTG がコール、HJ がレイズ600、CO は？",
])
def test_a_particle_spaced_from_the_name(hand: str) -> None:
    out = ok(hand, lang="ja")
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"]] == [("UTG", "call", 200), ("HJ", "raise", 600)]
    assert _options(out) == ("CO", 600, 600, True, 1000)  # R = 400 (45-B), least raise to 1,000 (45-A)
    assert out["citations"] == ["53-A", "45-B", "45-A"]


# -- streets in hiragana ----------------------------------------------------------------------------
def test_streets_typed_in_hiragana() -> None:
    # Was refused: `ぷりふろっぷ:` ended the stacks list ("B has no amount").
    out = ok("NL 100/200 スタック A 5000 B 3000 C 8000 ぷりふろっぷ: Aが600にレイズ、Bオールイン、Cコール、"
             "Aコール; ふろっぷ: Cが2000ベット、Aは？", lang="ja")
    assert [s["street"] for s in out["street_history"]] == ["preflop", "flop"]
    # A has 2,000 behind facing C's 2,000: calling takes everything, so no raise (stack_covered).
    assert _options(out) == ("A", 2000, 2000, False, None)
    assert out["pot"] == 11000 and out["stacks_left"] == {"B": 0, "C": 3000, "A": 2000}


# -- chips "put out" --------------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused: `出した`, `置いた`, `냄`, `냈음` ("put out") after counted chips "cannot come here";
    # the Korean refusal's hint had a Japanese word in it (`B チップ 5000x1`).
    ("NL 100/200 フロップ: Aが1000ベット、Bが5000チップを1枚出した、Cは？", "ja"),
    ("NL 100/200 フロップ: Aが1000ベット、Bが黙って5000チップを1枚置いた、Cは？", "ja"),
    ("NL 100/200 플랍: A 1000 벳, B 5000칩 하나 냈음, C?", "ko"),
    ("NL 100/200 플랍: A 1000 벳, B 5000칩 하나 말없이 냄, C?", "ko"),
])
def test_one_chip_put_out_facing_a_bet_is_a_call(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert (action(out, "B")["ruled"], action(out, "B")["to"], action(out, "B")["rules"]) == ("call", 1000, ["46"])
    assert _options(out) == ("C", 1000, 1000, True, 2000)


def test_a_korean_refusal_after_counted_chips_has_no_japanese_in_its_hint() -> None:
    e = ruling_error("NL 100/200 플랍: A 1000 벳, B 5000칩 하나 줬음, C?", "ko")
    assert e["code"] == "unexpected_word" and e["hint"] == "B 칩 5000×1"


# -- "call, and raise" in one breath ------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang", "then"), [
    # Was refused word by word (`받고` "not an action"; `レイズ` "cannot come here"). The call said first
    # is the action (53-A), as `call raise 3000` reads; what came after is reported, not ruled.
    ("NL 100/200 플랍: A 1000 벳, B 받고 3000 레이즈, C?", "ko", "레이즈 3000"),
    ("NL 100/200 플랍: A 1000 벳, B 콜 받고 3000 레이즈, C?", "ko", "레이즈 3000"),
    ("NL 100/200 플랍: A 1000 벳, B 1000 받고 2000 더, C?", "ko", "2000 더"),
    ("NL 100/200 플랍: A 1000 벳, B 1000 콜하고 2000 레이즈, C?", "ko", "레이즈 2000"),
    ("NL 100/200 フロップ: Aが1000ベット、Bがコールしてレイズ3000、Cは？", "ja", "レイズ 3000"),
    ("NL 100/200 フロップ: Aが1000ベット、Bがコールして3000にレイズ、Cは？", "ja", "レイズ 3000"),
    ("NL 100/200 フロップ: Aが1000ベット、Bが1000コールして2000上乗せ、Cは？", "ja", "2000 上乗せ"),
])
def test_a_call_said_before_a_raise_is_the_action(hand: str, lang: str, then: str) -> None:
    out = ok(hand, lang=lang)
    b = action(out, "B")
    assert (b["ruled"], b["to"], b["rules"], b["notes"]) == ("call", 1000, ["53-A"], ["then_said_call"])
    assert _options(out) == ("C", 1000, 1000, True, 2000)
    assert f"{then}" in out["text"]


# -- refusals that pointed the floor the wrong way -----------------------------------------------------
@pytest.mark.parametrize(("hand", "lang", "word"), [
    # Was refused as an unknown word with `ポット` (a pot-sized bet) as the hint.
    ("NL 100/200 フロップ: Aがハーフポット、Bは？", "ja", "ハーフポット"),
    ("NL 100/200 フロップ: Aがポットの半分ベット、Bは？", "ja", "ポットの半分ベット"),
    ("NL 100/200 플랍: A 하프팟 벳, B?", "ko", "하프팟"),
])
def test_a_share_of_the_pot_is_refused_for_what_it_is(hand: str, lang: str, word: str) -> None:
    e = ruling_error(hand, lang)
    assert (e["code"], e["at"]) == ("pot_share_not_read", len("ruling ") + hand.index(word))
    assert word in e["message"] and "ポット" not in (e["hint"] or "") and "팟" not in (e["hint"] or "")


def test_thousands_grouped_with_dots_glued_to_the_verb_get_the_comma_as_hint() -> None:
    # Was: `1.000ベット` "not an action" with `A call` as the hint.
    hand = "NL 100/200 フロップ: Aが1.000ベット、Bは？"
    e = ruling_error(hand, "ja")
    assert (e["code"], e["at"], e["hint"]) == ("bad_amount", len("ruling ") + hand.index("1.000"), "1,000")


def test_chips_valued_in_hangul_alone_are_counted() -> None:
    # Was refused: chips `만x2` "cannot be read" (`만원짜리 칩 두 개`: two chips of 10,000). Facing
    # 5,000, either chip alone covers the call, so the 50 % standard applies: 15,000 over a bet of
    # 5,000 is a full raise, to 20,000 (47-B, 45-A).
    out = ok("NL 1000/2000 플랍: A 5000 벳, B 만원짜리 칩 두 개, C?", lang="ko")
    b = action(out, "B")
    assert (b["ruled"], b["to"]) == ("raise", 20000) and b["rules"][:2] == ["47-B", "45-A"]
    assert _options(out) == ("C", 20000, 20000, True, 35000)


@pytest.mark.parametrize("hand", [
    # Was: one player called "Aベット1000／Bコール／C" asked about, with nothing bet (may check).
    "NL 100/200 フロップ: Aベット1000／Bコール／Cは？",
])
def test_a_full_width_slash_parts_actions(hand: str) -> None:
    out = ok(hand, lang="ja")
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"]] == [("A", "bet", 1000), ("B", "call", 1000)]
    assert _options(out) == ("C", 1000, 1000, True, 2000)


def test_a_full_width_slash_before_a_street() -> None:
    out = ok("NL 100/200 スタック A 5000 B 3000 C 8000 プリフロップ: Aが600にレイズ／Bオールイン／Cコール／Aコール"
             "／フロップ: Cが2000ベット／Aは？", lang="ja")
    assert [s["street"] for s in out["street_history"]] == ["preflop", "flop"]
    assert _options(out) == ("A", 2000, 2000, False, None)


@pytest.mark.parametrize(("hand", "lang"), [
    ("NL 100/200 フロップ: Aベット1000｜Bコール｜Cは？", "ja"),
    ("NL 100/200 フロップ: Aベット1000…Bコール…Cは？", "ja"),
])
def test_a_bar_or_an_ellipsis_parts_actions(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"]] == [("A", "bet", 1000), ("B", "call", 1000)]
    assert _options(out) == ("C", 1000, 1000, True, 2000)


@pytest.mark.parametrize(("hand", "lang", "rest"), [
    # Was: one player "Aベット1000＞Bコール＞C" asked about with nothing bet ("may check or bet").
    ("NL 100/200 フロップ: Aベット1000＞Bコール＞Cは？", "ja", "Bコール＞C"),
    ("NL 100/200 플랍: A1000벳>B콜>C?", "ko", "B콜>C"),
])
def test_a_question_with_whole_actions_inside_is_refused_where_the_next_starts(hand: str, lang: str,
                                                                               rest: str) -> None:
    e = ruling_error(hand, lang)
    assert (e["code"], e["at"], e["hint"]) == ("missing_separator", len("ruling ") + hand.index(rest), f"{'、' if lang == 'ja' else ', '}{rest}")


@pytest.mark.parametrize(("hand", "lang", "name"), [
    ("NL 100/200 フロップ: Aベット1000、コールマンは？", "ja", "コールマン"),  # a verb inside a name, at its start
    ("NL 100/200 플랍: A 1000 벳, 니콜?", "ko", "니콜"),
])
def test_names_with_a_verb_in_them_are_still_names(hand: str, lang: str, name: str) -> None:
    assert _options(ok(hand, lang=lang)) == (name, 1000, 1000, True, 2000)


@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused: `갑니다` "cannot come here", `죽을게요` / `베팅했는데` / `벳을` "not an action".
    ("NL 100/200 플랍: A 1000 벳했는데, B 3000 레이즈 갑니다, C 죽을게요, D?", "ko"),
    ("NL 100/200 플랍: A가 1000 벳을 했고, B가 3000 레이즈를 했고, C 다이요, D는?", "ko"),
    ("NL 100/200 フロップ: Aが1000ベット、Bが3000にレイズいきます、Cが降ります、Dは？", "ja"),
])
def test_casual_endings_around_the_verb(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"]] == [
        ("A", "bet", 1000), ("B", "raise", 3000), ("C", "fold", 0)]
    assert _options(out) == ("D", 3000, 3000, True, 5000)


@pytest.mark.parametrize("verb", ["コ－ル", "コ-ル", "コ～ル", "コ〜ル"])
def test_a_dash_typed_for_the_long_vowel_mark(verb: str) -> None:
    # Was refused: `コ－ル` "not an action" (an IME slip for コール).
    out = ok(f"NL 100/200 フロップ: Aが1000ベット、Bが{verb}、Cがオ－ルイン3000、Dは？", lang="ja")
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"]] == [
        ("A", "bet", 1000), ("B", "call", 1000), ("C", "allin", 3000)]
    assert _options(out) == ("D", 3000, 3000, True, 5000)


@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused: `플랍에서:` read as a player, "not A's turn, the SB acts"; `フロップで：` "not an action".
    ("NL 100/200 스택 A 5000 B 3000 C 8000 프리플랍: A 600 레이즈, B 올인, C 콜, A 콜; 플랍에서: C 2000 벳, A?", "ko"),
    ("NL 100/200 スタック A 5000 B 3000 C 8000 プリフロップ: Aが600にレイズ、Bオールイン、Cコール、Aコール。"
     "フロップで：Cが2000ベット、Aは？", "ja"),
])
def test_a_later_street_with_a_particle(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert [s["street"] for s in out["street_history"]] == ["preflop", "flop"]
    assert _options(out) == ("A", 2000, 2000, False, None)


@pytest.mark.parametrize("said", ["+2000", "＋2000レイズ"])
def test_a_plus_sign_is_that_much_more(said: str) -> None:
    # Was refused: `+2000` "not an action". 2,000 over the bet of 1,000: a raise to 3,000 (45-B).
    out = ok(f"NL 100/200 フロップ: Aが1000ベット、Bが{said}、Cは？", lang="ja")
    b = action(out, "B")
    assert (b["ruled"], b["to"], b["rules"], b["notes"]) == ("raise", 3000, ["45-B"], ["alias_by"])
    assert _options(out) == ("C", 3000, 3000, True, 5000)


@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused: `600！` "cannot come here" (a mark after a verb was taken off, after an amount not).
    ("NL 100/200 プリフロップ: A レイズ 600！、B?", "ja"),
    ("NL 100/200 프리플랍: A 레이즈 600!!, B?", "ko"),
])
def test_an_exclamation_mark_after_an_amount(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert _options(out) == ("B", 600, 600, True, 1000)


# -- the same hand with chat noise added rules the same ----------------------------------------------
_NOISY_BASES = [
    ("NL 100/200 フロップ: Aが1000ベット、Bが3000にレイズ、Cがコール、Dは？", "ja"),
    ("NL 100/200 プリフロップ: UTGが600にレイズ、HJがコール、スモールがフォールド、ビッグは？", "ja"),
    ("NL 1000/2000 フロップ: Aが5千ベット、Bが1万5千にレイズ、Cは？", "ja"),
    ("NL 100/200 フロップ: Aが1000ベット、Bが5000チップ1枚、Cは？", "ja"),
    ("NL 100/200 플랍: A 1000 벳, B 3000 레이즈, C 콜했어요, D?", "ko"),
    ("NL 100/200 플랍: A 1000 벳, B 1500 올인, C?", "ko"),
    ("NL 100/200 스택 A 5000 B 3000 C 8000 프리플랍: A 600 레이즈, B 올인, C 콜, A 콜; 플랍: C 2000 벳, A?", "ko"),
]


def _noisy(hand: str) -> list[str]:
    head, body = hand.split(":", 1)
    return [head + ":" + body.replace("、", " 😀、").replace(", ", " ㅋㅋ, "),
            head + ":" + body.replace("、", "！、").replace(", ", "!!, "),
            head + ":" + body.replace("、", "🔥🔥、").replace(", ", " 👍, ")]


@pytest.mark.parametrize(("hand", "lang"), _NOISY_BASES)
def test_chat_noise_changes_no_ruling(hand: str, lang: str) -> None:
    def key(out: dict[str, Any]) -> tuple[Any, ...]:
        return (*_options(out), [(a["player"], a["ruled"], a["to"], a["rules"]) for a in out["actions"]],
                out["citations"])

    clean = key(ok(hand, lang=lang))
    for noisy in _noisy(hand):
        assert key(ok(noisy, lang=lang)) == clean, noisy


# -- `5ベット` with nothing bet -------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was: "raise" with no bet, so the minimum bet of 2,000 (57), told with confidence. With nothing
    # bet no 5-bet can be made: the word says "bet 5", which 59 reads against the pot: 5,000.
    ("NL 1000/2000 フロップ ポット 1.5万: Aが5ベット、Bは？", "ja"),
    ("NL 1000/2000 플랍 팟 1만5천: A 5벳, B?", "ko"),
])
def test_a_five_bet_word_with_nothing_bet_is_the_amount(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    a = action(out, "A")
    assert (a["ruled"], a["to"], a["rules"], a["notes"]) == ("bet", 5000, ["59", "52"], ["nbet_as_amount", "ambiguous_amount"])
    assert _options(out) == ("B", 5000, 5000, True, 10000)


def test_a_five_bet_word_with_nothing_bet_and_no_pot_asks_for_the_pot() -> None:
    e = ruling_error("NL 1000/2000 플랍: A 5벳, B?", "ko")
    assert (e["code"], e["hint"]) == ("ambiguous_amount_needs_pot", "팟 1500")


@pytest.mark.parametrize(("hand", "lang"), [
    ("NL 1000/2000 フロップ: Aが1万ベット、Bが3万にレイズ、Cが4ベット、Dは？", "ja"),
    ("NL 1000/2000 플랍: A 1만 벳, B 3만 레이즈, C 4벳, D?", "ko"),
])
def test_a_four_bet_word_facing_a_raise_is_the_raise(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    c = action(out, "C")
    # A 4-bet over the raise to 30,000 (R 20,000), no amount said: the least raise, to 50,000 (45-A).
    assert (c["ruled"], c["to"], c["rules"]) == ("raise", 50000, ["45-A"])


@pytest.mark.parametrize(("said", "lang"), [
    # Was refused: `コール〜` / `콜~` / `콜...` / `コールw` "not an action".
    ("Bがコール〜", "ja"), ("Bがコール～♪", "ja"), ("Bがコールw", "ja"), ("B 콜~", "ko"), ("B 콜이요~~", "ko"),
    ("B 콜...", "ko"),
])
def test_marks_closing_a_call(said: str, lang: str) -> None:
    sep = "、" if lang == "ja" else ", "
    out = ok(f"NL 100/200 フロップ: Aが1000ベット{sep}{said}{sep}C?", lang=lang)
    assert (action(out, "B")["ruled"], action(out, "B")["to"]) == ("call", 1000)
    assert _options(out) == ("C", 1000, 1000, True, 2000)


@pytest.mark.parametrize("took", ["올인 받음", "올인 받았어요"])
def test_took_the_allin_is_a_call(took: str) -> None:
    # Was refused: `받음` "cannot come here".
    out = ok(f"NL 100/200 플랍: A 5000 올인, B {took}, C?", lang="ko")
    assert (action(out, "B")["ruled"], action(out, "B")["to"], action(out, "B")["rules"]) == ("call", 5000, ["53-A"])
    assert _options(out) == ("C", 5000, 5000, True, 10000)


# -- the amount said apart from its action, or "in total" ------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was: B's minimum raise to 2,000, then a new player "額" (or "금액은") raising to 3,000.
    ("NL 100/200 フロップ: Aが1000ベット、Bがレイズ、額は3000、Cは？", "ja"),
    ("NL 100/200 플랍: A 1000 벳, B 레이즈, 금액은 3000, C?", "ko"),
    # Was refused: `合計3000` "no action", `合計3000にレイズ` / `トータル3000にレイズ` / `총` "not an action".
    ("NL 100/200 フロップ: Aが1000ベット、Bがレイズ、合計3000、Cは？", "ja"),
    ("NL 100/200 フロップ: Aが1000ベット、Bが合計3000にレイズ、Cは？", "ja"),
    ("NL 100/200 フロップ: Aが1000ベット、Bがトータルで3000にレイズ、Cは？", "ja"),
    ("NL 100/200 플랍: A 1000 벳, B 총 3000 레이즈, C?", "ko"),
])
def test_the_amount_of_a_raise_said_apart_or_in_total(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"]] == [("A", "bet", 1000), ("B", "raise", 3000)]
    assert _options(out) == ("C", 3000, 3000, True, 5000)
    assert out["citations"] == ["52", "45-B", "45-A"]


def test_an_amount_with_no_action_to_belong_to_is_refused() -> None:
    hand = "NL 100/200 플랍: A 체크, B 체크, 금액은 3000, C?"
    e = ruling_error(hand, "ko")
    assert (e["code"], e["at"], e["hint"]) == ("missing_player", len("ruling ") + hand.index("금액은"), "B 3000")


def test_the_amount_of_a_call_said_apart_is_a_call_with_that_amount_53a() -> None:
    """As `B call 3000`: the call binds (53-A) and the rest is no raise. It had been refused."""
    out = ok("NL 100/200 플랍: A 1000 벳, B 콜, 금액은 3000, C?", lang="ko")
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"]] == [("A", "bet", 1000), ("B", "call", 1000)]
    assert action(out, "B")["rules"] == ["53-A"] and _options(out)[:2] == ("C", 1000)


@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused with the verb itself as the hint (`레이즈` "not an action", hint `레이즈`).
    ("NL 100/200 프리플랍: UTG 3bb 레이즈, BTN?", "ko"),
    ("NL 100/200 プリフロップ: UTGが3bbレイズ、BTNは？", "ja"),
])
def test_big_blinds_before_the_verb(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert (action(out, "UTG")["ruled"], action(out, "UTG")["to"]) == ("raise", 600)
    assert _options(out) == ("BTN", 600, 600, True, 1000)
