"""Lines a review found read wrong with no error: an item that names the amount read as a new
player, names joined by "and" read as one player, "everyone" read as a player or dropped.

Each test states the whole ruling (who acts, what they face, every action as ruled, the rule
that decided it), or, where the line cannot be read safely, the localized refusal with its
offset and hint.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.ruling_helpers import action, ok, ruling

FLOP = "NL 100/200 flop: "


def _acts(out: dict[str, Any]) -> list[tuple[str, str, int]]:
    return [(a["player"], a["ruled"], a["to"]) for a in out["actions"]]


def _refused(hand: str, code: str, word: str, lang: str = "en", example: bool = True) -> dict[str, Any]:
    """The refusal; `example`: its message shows the hint as an example."""
    out = ruling(hand, lang=lang)
    assert not out["ok"], _acts(out)
    e = out["error"]
    assert (e["code"], e["at"]) == (code, len("ruling ") + hand.index(word)), e
    assert e["hint"] and (e["hint"] in e["message"]) == example, e
    return e


# 1. An item that names the amount of the action before it (45-B: a declared raise is to that total).

@pytest.mark.parametrize("word", ["total", "amount", "Total"])
def test_a_raise_then_its_total_as_an_item_is_one_raise_to_that_total_45b(word: str) -> None:
    out = ok(f"{FLOP}A bet 400, B raise, {word} 1000, C?")
    assert _acts(out) == [("A", "bet", 400), ("B", "raise", 1000)]
    assert "45-B" in action(out, "B")["rules"]
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("C", 1000, 1600)
    assert set(out["players"]) == {"A", "B", "C"}


@pytest.mark.parametrize(("hand", "lang"), [
    ("NL 100/200 flop: A bet 200, Bがレイズ、額は3bb、C?", "ja"),
    ("NL 100/200 flop: A bet 200, B 레이즈, 금액은 3bb, C?", "ko"),
])
def test_an_amount_in_big_blinds_said_as_its_own_item_is_the_raise_45b(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert _acts(out) == [("A", "bet", 200), ("B", "raise", 600)]
    assert "45-B" in action(out, "B")["rules"]
    assert (out["to_act"], out["to_call"]) == ("C", 600)


@pytest.mark.parametrize("said", ["花子が3bbレイズ", "花子が3bb", "太郎は3bbレイズ"])
def test_a_kana_or_kanji_name_then_big_blinds_is_that_player_as_with_a_latin_name(said: str) -> None:
    name = said[:2]
    out = ok(f"{FLOP}A bet 200, {said}, C?", lang="ja")
    latin = ok(f"{FLOP}A bet 200, HJ{said[2:]}, C?", lang="ja")
    assert set(out["players"]) == {"A", name, "C"}
    assert _acts(out) == [("A", "bet", 200), (name, "raise", 600)] == [
        (a if a != "HJ" else name, r, t) for a, r, t in _acts(latin)]
    assert action(out, name)["rules"] == action(latin, "HJ")["rules"]


def test_an_allin_with_its_amount_as_the_next_item_is_an_allin_for_that_amount() -> None:
    out = ok(f"{FLOP}A bet 400, Bがオールイン、額は3000、C?", lang="ja")
    assert _acts(out) == [("A", "bet", 400), ("B", "allin", 3000)]
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("C", 3000, 5600)
    out = ok(f"{FLOP}A bet 400, B allin, total 2.5bb, C?")
    assert _acts(out) == [("A", "bet", 400), ("B", "allin", 500)]


def test_a_call_with_an_amount_as_the_next_item_is_a_call_53a() -> None:
    """`Bがコール、額は3000` reads as `B call 3000`: the call binds (53-A), the rest is no raise."""
    out = ok(f"{FLOP}A bet 400, Bがコール、額は3000", lang="ja")
    said = ok(f"{FLOP}A bet 400, B call 3000", lang="ja")
    assert _acts(out) == _acts(said) == [("A", "bet", 400), ("B", "call", 400)]
    assert action(out, "B")["rules"] == ["53-A"] and out["to_act"] is None


def test_an_amount_item_after_a_check_is_refused_naming_the_player_before() -> None:
    e = _refused(f"{FLOP}A bet 400, B check, amount 3000", "missing_player", "amount 3000", example=False)
    assert e["hint"] == "B 3000"


# 2. Names joined by "and": one action each for a call, check or fold; refused for anything else.

@pytest.mark.parametrize(("hand", "players"), [
    ("NL 100/200 flop: Aがベット400、BとCとDがコール", ["B", "C", "D"]),
    ("NL 100/200 flop: A bet 400, 次郎と花子がコール", ["次郎", "花子"]),
    ("NL 100/200 flop: A bet 400, B/C call", ["B", "C"]),
    ("NL 100/200 flop: A bet 400, ケンとジョンがコール", ["ケン", "ジョン"]),
])
def test_players_named_together_each_call_and_the_pot_holds_every_call(hand: str, players: list[str]) -> None:
    out = ok(hand, lang="ja")
    assert _acts(out) == [("A", "bet", 400)] + [(p, "call", 400) for p in players]
    assert set(out["players"]) == {"A", *players}
    assert out["pot"] == 400 * (1 + len(players)) and out["to_act"] is None


def test_a_name_with_to_inside_it_stays_one_player() -> None:
    out = ok(f"{FLOP}A bet 400, ひとみがコール", lang="ja")
    assert _acts(out) == [("A", "bet", 400), ("ひとみ", "call", 400)]


@pytest.mark.parametrize(("hand", "lang", "hint"), [
    ("NL 100/200 flop: A bet 400, BとCがレイズ", "ja", "B レイズ, C レイズ"),
    ("NL 100/200 flop: A bet 400, BとCが1000にレイズ", "ja", "B 1000にレイズ, C 1000にレイズ"),
    ("NL 100/200 flop: A bet 400, B/C raise 1000", "en", "B raise 1000, C raise 1000"),
    ("NL 100/200 flop: A bet 400, B랑 C 레이즈", "ko", "B 레이즈, C 레이즈"),
])
def test_a_raise_said_for_players_named_together_is_refused_not_seated(hand: str, lang: str, hint: str) -> None:
    e = _refused(hand, "joined_players_one_action", "B", lang=lang)
    assert e["hint"] == hint


# 3, 4. "Everyone": read in any case, refused where it stands for nobody or for checks facing a bet.

@pytest.mark.parametrize("word", ["Everybody", "EVERYONE", "Everyone", "everybody"])
def test_everyone_in_any_case_is_never_seated_as_a_player(word: str) -> None:
    out = ok(f"NL 100/200 flop players A B C D: A bet 400, {word} fold, D?")
    assert _acts(out) == [("A", "bet", 400), ("B", "fold", 0), ("C", "fold", 0)]
    assert (out["to_act"], out["to_call"]) == ("D", 400)
    e = _refused(f"{FLOP}A bet 400, {word} fold, D?", "fold_around_not_read", word)
    assert "SB" not in e["hint"] and "D fold" not in e["hint"]


def test_everyone_with_nobody_between_the_bet_and_the_question_is_refused() -> None:
    hand = "NL 100/200 flop players A B C D E: A bet 400, everyone fold, B?"
    e = _refused(hand, "fold_around_not_read", "everyone")
    assert e["hint"] == "C fold, D fold"


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_everyone_checks_facing_a_bet_is_refused_in_the_channel_language(lang: str) -> None:
    hand = "NL 100/200 flop players A B C: A bet 400, everyone check"
    e = _refused(hand, "fold_around_check_facing_bet", "everyone", lang=lang)
    assert e["hint"] == {"en": "B fold, C fold", "ja": "B フォールド、C フォールド", "ko": "B 폴드, C 폴드"}[lang]
    assert "everyone check" in e["message"]


def test_a_flop_refusal_of_everyone_names_the_hands_players_not_the_blinds() -> None:
    # A alone typed: "everyone" stands for nobody the line knows (the hint had named SB and BB).
    e = _refused(f"{FLOP}A bet 400, everyone fold", "fold_around_not_read", "everyone")
    assert e["hint"] == "B fold, C fold"
    out = ok("NL 100/200 flop players A B C: A bet 400, B call, everyone fold")
    assert _acts(out) == [("A", "bet", 400), ("B", "call", 400), ("C", "fold", 0)] and out["to_act"] is None


# 5. The heads-up word in Korean gets its hint.

def test_heads_up_in_korean_in_the_header_gets_the_seats_hint() -> None:
    e = _refused("NL 100/200 헤즈 flop: A bet 100, B?", "unknown_header_word", "헤즈", lang="ko", example=False)
    assert e["hint"] == "플레이어 SB BB"


@pytest.mark.parametrize(("said", "hint"), [
    ("Bと同額でコール", "B コール, 同額 コール"),  # "as much as B": no player called 同額
    ("ケンとジョンコール", "ケン コール, ジョン コール"),
    ("BとCatでコール", "B コール, Cat コール"),
])
def test_names_joined_where_the_cut_is_unsure_are_refused_not_seated_as_one(said: str, hint: str) -> None:
    hand = f"{FLOP}A bet 400, {said}"
    e = _refused(hand, "joined_players_not_read", said[0], lang="ja")
    assert e["hint"] == hint
