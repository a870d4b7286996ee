"""Red team, fifth round: who is at the table, as Japanese and Korean chat says it.

`全員フォールド` / `다 폴드` ("everyone folds") had seated a player called "全員" (and the line was then
refused as "not BB's turn"), and `スモール` / `ビッグ`, `스몰` / `빅` had each been seated beside the SB
and BB added before the flop, so the big blind was told to call the blind it had posted. Each test
asserts the ruling's amounts and the rule ids that decided it.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.ruling_helpers import ok, ruling


def _options(out: dict[str, Any]) -> tuple[Any, ...]:
    return out["to_act"], out["to_call"], out["bet_level"], out["can_raise"], out["min_raise_to"]


def _acts(out: dict[str, Any]) -> list[tuple[str, str, int]]:
    return [(a["player"], a["ruled"], a["to"]) for a in out["actions"]]


# -- the blinds by their chat names -----------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang", "bb"), [
    # Was: `ビッグ` a new player who had put nothing in, told to call 200 (pot 900: a third blind).
    ("NL 100/200 プリフロップ: UTGがコール、BTNがコール、スモールがコール、ビッグは？", "ja", "ビッグ"),
    ("NL 100/200 프리플랍: UTG 콜, BTN 콜, 스몰 콜, 빅?", "ko", "빅"),
    ("NL 100/200 프리플랍: UTG 콜, 버튼 콜, 스몰블 콜, 빅블?", "ko", "빅블"),
])
def test_the_big_blind_called_by_its_chat_name_has_the_option(hand: str, lang: str, bb: str) -> None:
    out = ok(hand, lang=lang)
    # Everyone limped to the big blind, who may check or raise (to 400: 45-A, a full bet of 200).
    assert _options(out) == (bb, 0, 200, True, 400)
    assert out["pot"] == 800
    assert out["citations"] == ["53-A", "45-A"]


def test_the_small_blind_called_by_its_chat_name_posted_its_blind() -> None:
    out = ok("NL 100/200 プリフロップ: UTGが600にレイズ、スモールがフォールド、ビッグは？", lang="ja")
    assert _acts(out) == [("UTG", "raise", 600), ("スモール", "fold", 100)]
    assert _options(out) == ("ビッグ", 400, 600, True, 1000)
    assert out["pot"] == 900


# -- "everyone folds" -------------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused: "it is not BB's turn yet, the SB acts" (a player called "全員" had folded).
    ("NL 100/200 プリフロップ: UTGが600にレイズ、全員フォールド、BBは？", "ja"),
    ("NL 100/200 プリフロップ: UTGが600にレイズ、みんなフォールド、BBは？", "ja"),
    ("NL 100/200 프리플랍: UTG 600 레이즈, 다 폴드, BB?", "ko"),
    ("NL 100/200 프리플랍: UTG 600 레이즈, 나머지 폴드, BB?", "ko"),
    ("NL 100/200 프리플랍: UTG 600 레이즈, 모두 죽음, BB?", "ko"),
    ("NL 100/200 preflop: UTG raise 600, everyone fold, BB?", "en"),
])
def test_everyone_folds_to_the_player_asked_about(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    # The small blind is the one player between UTG and the BB the line seats: it folds its 100.
    assert _acts(out) == [("UTG", "raise", 600), ("SB", "fold", 100)]
    assert _options(out) == ("BB", 400, 600, True, 1000)  # R = 400 (45-B), least raise to 1,000 (45-A)
    assert out["citations"] == ["45-B", "52", "45-A"]


def test_everyone_folds_to_the_raiser_ends_the_hand() -> None:
    out = ok("NL 100/200 プリフロップ: UTGが600にレイズ、全員フォールド", lang="ja")
    assert _acts(out) == [("UTG", "raise", 600), ("SB", "fold", 100), ("BB", "fold", 200)]
    assert out["to_act"] is None and out["options_reason"] == "hand_over"


def test_everyone_folds_after_a_caller_back_to_the_bettor() -> None:
    out = ok("NL 100/200 フロップ: Aがチェック、Bが1000ベット、Cがコール、全員フォールド", lang="ja")
    assert _acts(out) == [("A", "check", 0), ("B", "bet", 1000), ("C", "call", 1000), ("A", "fold", 0)]
    assert out["to_act"] is None and out["pot"] == 2000


def test_everyone_calls_to_the_big_blind_before_the_flop() -> None:
    out = ok("NL 100/200 プリフロップ: UTGがコール、全員コール、BBは？", lang="ja")
    assert _acts(out) == [("UTG", "call", 200), ("SB", "call", 200)]
    assert _options(out) == ("BB", 0, 200, True, 400)


@pytest.mark.parametrize(("hand", "lang", "word"), [
    # Nobody typed says who "everyone" is: guessed from the blinds alone it had been heads-up play.
    ("NL 100/200 プリフロップ: 全員コール、BBは？", "ja", "全員コール"),
    ("NL 100/200 フロップ: 全員チェック", "ja", "全員チェック"),
    # A alone typed: "everyone" names nobody the line knows (dropped, the hand stayed open).
    ("NL 100/200 フロップ: Aが1000ベット、全員フォールド", "ja", "全員フォールド"),
    # Across the streets of a whole hand: refused, each fold to be typed.
    ("NL 100/200 스택 A 5000 B 3000 C 8000 프리플랍: A 600 레이즈, 다 폴드", "ko", "다 폴드"),
])
def test_everyone_where_nobody_can_tell_who_is_refused_in_the_channel_language(hand: str, lang: str,
                                                                               word: str) -> None:
    out = ruling(hand, lang=lang)
    assert not out["ok"]
    e = out["error"]
    assert (e["code"], e["at"]) == ("fold_around_not_read", len("ruling ") + hand.index(word))
    # Before the flop the blinds are players to name; after it there are none (the hint had named them).
    preflop = "プリフロップ" in hand or "프리플랍" in hand
    assert e["hint"].startswith("SB") == preflop and ("BB" in e["hint"]) == ("다 폴드" in hand), e["hint"]
    assert word in e["message"] and e["message"] != e.get("code")
    assert {"ja": "プレイヤーごと", "ko": "플레이어마다", "en": "each player"}[lang] in e["message"]


# -- stacks parted as chat parts them --------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused: "write the stacks as name and amount pairs" (`5000、` and `A=5000` no amounts).
    ("NL 100/200 スタック A 5000、B 3000、C 8000 プリフロップ: Aが600にレイズ、Bオールイン、Cコール、Aコール; "
     "フロップ: Cが2000ベット、Aは？", "ja"),
    ("NL 100/200 スタック A=5000 B=3000 C=8000 プリフロップ: Aが600にレイズ、Bオールイン、Cコール、Aコール; "
     "フロップ: Cが2000ベット、Aは？", "ja"),
    ("NL 100/200 스택 A 5,000, B 3,000, C 8,000 프리플랍: A 600 레이즈, B 올인, C 콜, A 콜; 플랍: C 2000 벳, A?", "ko"),
])
def test_stacks_parted_by_commas_or_tied_by_equals(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    # B (the small blind: the last two listed post the blinds) is all-in for 3,000; A has 2,000 left
    # facing C's 2,000: calling takes everything, so no raise.
    assert out["stacks_left"] == {"B": 0, "C": 3000, "A": 2000}
    assert _options(out) == ("A", 2000, 2000, False, None)
    assert out["pot"] == 11000


@pytest.mark.parametrize(("hand", "lang", "word"), [
    # Was refused with no hint at all. The hint is how the notation says heads-up play (36-C).
    ("NL 100/200 ヘッズアップ フロップ: BBがチェック、SBが1000ベット、BBは？", "ja", "ヘッズアップ"),
    ("NL 100/200 헤즈업 플랍: BB 체크, SB 1000 벳, BB?", "ko", "헤즈업"),
])
def test_heads_up_in_the_header_is_refused_with_the_players_list_as_hint(hand: str, lang: str, word: str) -> None:
    out = ruling(hand, lang=lang)
    e = out["error"]
    players = {"en": "players SB BB", "ja": "プレイヤー SB BB", "ko": "플레이어 SB BB"}[lang]
    assert (e["code"], e["at"], e["hint"]) == ("unknown_header_word", len("ruling ") + hand.index(word), players)
    # Typed so, the button (SB) acts last after the flop and B's check-then-bet is ruled heads-up.
    fixed = ok(hand.replace(f" {word} ", " ").replace(":", " players SB BB:", 1), lang=lang)
    assert (fixed["to_act"], fixed["to_call"], fixed["can_raise"]) == ("BB", 1000, True)
    assert fixed["citations"][0] == "36-C"


def test_one_korean_name_with_two_particles_is_one_player() -> None:
    # Was: `하은은` a newcomer beside `하은이`, to act facing the whole 3,000 as a first action. 하은
    # bet 1,000 and faces B's raise to 3,000: 2,000 to call, and B's full raise reopens (49-A).
    out = ok("NL 100/200 플랍: 하은이 1000 벳, B 3000 레이즈, 하은은?", lang="ko")
    assert [a["player"] for a in out["actions"]] == ["하은", "B"]
    assert _options(out) == ("하은", 2000, 3000, True, 5000)
    assert out["citations"] == ["52", "45-B", "45-A", "49-A"]


def test_two_names_one_letter_apart_stay_two_players() -> None:
    out = ok("NL 100/200 플랍: 지은 1000 벳, 지이 콜, B?", lang="ko")
    assert [a["player"] for a in out["actions"]] == ["지은", "지이"]
    assert _options(out) == ("B", 1000, 1000, True, 2000)


def test_blinds_with_a_third_number_are_refused_with_the_ante_written_out() -> None:
    # `100/200/200` (chat's blinds and ante): which ante is not said; the hint had been `50/100`.
    hand = "NL 100/200/200 プリフロップ: A レイズ 600、B?"
    e = ruling(hand, lang="ja")["error"]
    assert (e["code"], e["at"], e["hint"]) == ("three_blind_amounts", len("ruling ") + hand.index("100/200/200"), "100/200 BBA 200")
    fixed = ok(hand.replace("100/200/200", "100/200 bba 200"), lang="ja")
    assert fixed["pot"] == 1100 and _options(fixed) == ("B", 600, 600, True, 1000)


@pytest.mark.parametrize(("hand", "lang"), [
    # Was refused (`다` "not an action", with `다이` as the hint) or a player "残りの全員" seated.
    ("NL 100/200 프리플랍: UTG 600 레이즈, HJ 콜, 나머지 다 폴드, BB?", "ko"),
    ("NL 100/200 프리플랍: UTG 600 레이즈, HJ 콜, 나머지 사람들 폴드, BB?", "ko"),
    ("NL 100/200 プリフロップ: UTGが600にレイズ、HJがコール、残りの全員フォールド、BBは？", "ja"),
    ("NL 100/200 プリフロップ: UTGが600にレイズ、HJがコール、他の人はフォールド、BBは？", "ja"),
])
def test_the_rest_fold_in_two_words(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert _acts(out) == [("UTG", "raise", 600), ("HJ", "call", 600), ("SB", "fold", 100)]
    assert _options(out) == ("BB", 400, 600, True, 1000)


@pytest.mark.parametrize(("hand", "lang", "players"), [
    # Was: one player "BとC" calling (the pot 1,000 short); Korean refused ("콜 cannot come here").
    ("NL 100/200 フロップ: Aが1000ベット、BとCがコール、Dは？", "ja", ("B", "C")),
    ("NL 100/200 フロップ: Aが1000ベット、2番と3番がコール、Dは？", "ja", ("2番", "3番")),
    ("NL 100/200 플랍: A 1000 벳, B랑 C 콜, D?", "ko", ("B", "C")),
    ("NL 100/200 플랍: A 1000 벳, B와 C 콜했어요, D?", "ko", ("B", "C")),
])
def test_two_players_calling_in_one_item(hand: str, lang: str, players: tuple[str, str]) -> None:
    out = ok(hand, lang=lang)
    assert _acts(out) == [("A", "bet", 1000), (players[0], "call", 1000), (players[1], "call", 1000)]
    assert out["pot"] == 3000 and _options(out) == ("D", 1000, 1000, True, 2000)


def test_a_japanese_name_with_to_in_it_stays_one_player() -> None:
    out = ok("NL 100/200 フロップ: Aが1000ベット、まことがコール、Dは？", lang="ja")
    assert _acts(out) == [("A", "bet", 1000), ("まこと", "call", 1000)]
