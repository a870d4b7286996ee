"""`bust`: places of players out in one hand (22 with the big blind ante, RP-8 on the bubble)."""

from __future__ import annotations

import pytest

from handlers.context import Context
from handlers.dispatch import handle

LANGS = ("en", "ja", "ko")


def ask(line: str, lang: str = "en", ruleset: str = "tda2026") -> dict:
    return handle(line, Context(lang=lang, ruleset_id=ruleset)).to_json()


@pytest.mark.parametrize("word", ["bust", "バスト", "탈락"])
@pytest.mark.parametrize("lang", LANGS)
def test_rp8s_example_three_out_share_50th(lang: str, word: str) -> None:
    """RP-8: 50 paid, 52 left when hand for hand was announced, 3 out in one hand: they share 50th."""
    out = ask(f"{word} A B C left 52 paid 50 prizes 50:450", lang)
    assert out["shared"] == [{"players": ["A", "B", "C"], "places": [50], "each": 150}]
    assert out["places"] == {}
    assert out["citations"] == ["RP-8"]


def test_the_bubble_share_ignores_the_stacks() -> None:
    out = ask("bust A B C left 52 paid 50 stacks A 100 B 9000 C 50 prizes 50:450")
    assert out["shared"][0]["each"] == 150


def test_two_paid_places_reached_on_the_bubble_are_shared_by_all() -> None:
    out = ask("bust A B C left 52 paid 51 prizes 51:400 50:500")
    assert out["shared"] == [{"players": ["A", "B", "C"], "places": [50, 51], "each": 300}]


@pytest.mark.parametrize("lang", LANGS)
def test_the_specs_example_the_big_blind_ante_counts_against_the_big_blind(lang: str) -> None:
    """22: A posted the 400 big blind ante, so A's 5000 counts as 4600 against B's 4800: B finishes higher."""
    out = ask("bust A B left 13 paid 18 bba 400 bb A stacks A 5000 B 4800 prizes 13:900 12:1000", lang)
    assert out["places"] == {"B": 12, "A": 13}
    assert list(out["places"]) == ["B", "A"]
    assert out["citations"] == ["22"]
    assert "shared" not in out


def test_without_the_ante_the_bigger_stack_is_higher() -> None:
    out = ask("bust A B left 13 paid 18 stacks A 5000 B 4800")
    assert out["places"] == {"A": 12, "B": 13}
    assert out["citations"] == ["22", "1"]


def test_equal_stacks_share_their_places() -> None:
    out = ask("bust A B C left 13 paid 18 stacks A 4800 B 4800 C 100 prizes 13:900 12:1000 11:1100")
    assert out["places"] == {"C": 13}
    assert out["shared"] == [{"players": ["A", "B"], "places": [11, 12], "each": 1050}]


def test_one_out_takes_the_place() -> None:
    out = ask("bust A left 20 paid 18")
    assert out["places"] == {"A": 20} and out["citations"] == []


def test_tda2009_leaves_it_to_the_floor() -> None:
    assert ask("bust A B C left 52 paid 50", ruleset="tda2009")["citations"] == ["1"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("line, code, at", [
    ("bust A B left 13 paid 18", "bust_stacks_needed", None),
    ("bust A A left 13 paid 18", "bust_twice", 7),
    ("bust A B left 13", "bust_left_paid", 16),
    ("bust A B left x paid 18", "bust_number", 14),
    ("bust A B left 13 paid 18 stacks C 10", "bust_stack_not_out", 32),
    ("bust A B left 13 paid 18 bba 400 bb C", "bust_bb_not_out", 36),
    ("bust A B left 2 paid 1", "bust_too_many", None),
    ("bust A B left 13 paid 18 prizes 900", "bust_prize", 32),
])
def test_bust_errors_name_the_place(lang: str, line: str, code: str, at: int | None) -> None:
    out = ask(line, lang)
    assert out["ok"] is False and out["error"]["code"] == code and out["error"]["at"] == at
