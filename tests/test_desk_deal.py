"""Deals (RP-27): ICM equities against PokerKit's `calculate_icm`, to the chip, on random fields
of 2–9 players; the chip chop; `keep`; errors in three languages."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from pokerkit import calculate_icm

from engine.desk.deal import chip_chop, icm
from handlers.context import Context
from handlers.dispatch import handle

LANGS = ("en", "ja", "ko")


def ask(line: str, lang: str = "en", ruleset: str = "tda2026") -> dict:
    return handle(line, Context(lang=lang, ruleset_id=ruleset)).to_json()


@pytest.mark.parametrize("seed", range(120))
def test_icm_agrees_with_pokerkit_to_the_chip(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    stacks = [rng.randint(1, 200_000) for _ in range(n)]
    prizes = sorted((rng.randint(0, 50_000) for _ in range(rng.randint(1, n))), reverse=True)
    ours = icm(stacks, prizes)
    theirs = calculate_icm(prizes, stacks)
    assert sum(ours) == sum(prizes)  # exact: every prize is paid, nothing more
    for a, b in zip(ours, theirs, strict=True):
        assert abs(float(a) - b) < 0.01, (stacks, prizes)


@pytest.mark.parametrize("seed", range(30))
def test_the_reply_rounds_pokerkits_equities_to_the_cent(seed: int) -> None:
    rng = random.Random(1000 + seed)
    n = rng.randint(2, 9)
    names = [f"P{i}" for i in range(n)]
    stacks = [rng.randint(100, 99_999) for _ in range(n)]
    prizes = sorted((rng.randint(1, 9_999) for _ in range(rng.randint(1, n))), reverse=True)
    line = "deal icm " + " ".join(f"{p} {s}" for p, s in zip(names, stacks, strict=True)) + " prizes " + " ".join(map(str, prizes))
    out = ask(line)
    theirs = calculate_icm(prizes, stacks)
    assert list(out["equity"]) == names
    for p, b in zip(names, theirs, strict=True):
        assert abs(out["equity"][p] - b) <= 0.005 + 1e-9


@pytest.mark.parametrize("lang", LANGS)
def test_the_specs_example(lang: str) -> None:
    out = ask("deal icm A 5000 B 3000 C 2000 prizes 6000 3000 1000", lang)
    assert out["equity"] == {"A": 4178.57, "B": 3250.0, "C": 2571.43}
    assert out["pool"] == 10000 and out["citations"] == ["RP-27"]
    assert "left_to_play" not in out


@pytest.mark.parametrize("word", ["deal", "ディール", "딜"])
def test_keep_comes_off_the_first_prize(word: str) -> None:
    out = ask(f"{word} icm A 5000 B 3000 C 2000 prizes 6000 3000 1000 keep 500")
    assert out["left_to_play"] == 500
    assert out["equity"] == {p: round(v, 2) for p, v in zip("ABC", calculate_icm([5500, 3000, 1000], [5000, 3000, 2000]), strict=True)}


def test_the_chip_chop_guarantees_the_last_prize_and_shares_the_rest() -> None:
    out = ask("deal chip A 5000 B 3000 C 2000 prizes 6000 3000 1000")
    # 1000 each, then 7000 by chips: 3500, 2100, 1400
    assert out["shares"] == {"A": 4500.0, "B": 3100.0, "C": 2400.0}
    shares, floor = chip_chop([5000, 3000, 2000], [6000, 3000, 1000])
    assert floor == 1000 and sum(shares) == 10000


def test_a_chip_chop_with_fewer_prizes_than_players_guarantees_nothing() -> None:
    shares, floor = chip_chop([1, 1, 2], [400, 200])
    assert floor == 0 and shares == [Fraction(150), Fraction(150), Fraction(300)]


def test_tda2009_leaves_the_deal_to_the_floor() -> None:
    assert ask("deal icm A 5000 B 3000 prizes 6000 3000", ruleset="tda2009")["citations"] == ["1"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("line, code, at", [
    ("deal icm A 5000 B x prizes 10", "not_an_amount", 18),
    ("deal icm A 5000 B 3000 prizes 1000 3000", "prizes_order", 35),
    ("deal icm A 5000 A 3000 prizes 1000", "deal_player_twice", 16),
    ("deal icm A 5000 B 0 prizes 1000", "stack_zero", 18),
    ("deal split A 5000 B 3000 prizes 1000", "deal_kind", 5),
    ("deal icm A 5000 B 3000", "deal_no_prizes", 22),
    ("deal icm A 5000 B 3000 prizes 3 2 1", "prizes_more_than_players", None),
    ("deal icm A 5000 B 3000 prizes 6000 3000 keep 4000", "keep_too_big", 45),
])
def test_deal_errors_name_the_place(lang: str, line: str, code: str, at: int | None) -> None:
    out = ask(line, lang)
    assert out["ok"] is False and out["error"]["code"] == code and out["error"]["at"] == at
