"""`payouts`: presets from engine/desk/payouts.toml applied to a pool, rounded to a unit."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.desk.payouts import payouts, presets
from handlers.context import Context
from handlers.dispatch import handle

LANGS = ("en", "ja", "ko")


def ask(line: str, lang: str = "en") -> dict:
    return handle(line, Context(lang=lang)).to_json()


@pytest.mark.parametrize("word", ["payouts", "ペイアウト", "페이아웃"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_specs_example(lang: str, word: str) -> None:
    out = ask(f"{word} 120 pool 12000", lang)
    assert out["pool"] == 12000
    assert out["places"][0] == {"place": 1, "amount": 4200}
    assert sum(p["amount"] for p in out["places"]) == 12000


def test_a_buyin_makes_the_pool_and_a_unit_rounds_every_prize() -> None:
    out = ask("payouts 87 buyin 100 preset standard unit 5")
    amounts = [p["amount"] for p in out["places"]]
    assert out["pool"] == 8700 and sum(amounts) == 8700
    assert all(a % 5 == 0 for a in amounts)
    assert amounts == sorted(amounts, reverse=True)


@pytest.mark.parametrize("preset", sorted(presets()))
@pytest.mark.parametrize("entries", [2, 5, 9, 10, 11, 27, 64, 99, 150, 151, 299])
@pytest.mark.parametrize("pool, unit", [(12_345, 1), (100_000, 100), (8_703, 5), (999, 10)])
def test_every_prize_is_within_a_unit_of_its_share_and_the_order_holds(preset: str, entries: int, pool: int,
                                                                       unit: int) -> None:
    tiers = presets()[preset]
    if entries > tiers[-1].entries:
        return
    tier = next(t for t in tiers if entries <= t.entries)
    result = payouts(entries, pool, preset, unit)
    assert sum(result.amounts) == pool
    assert list(result.amounts) == sorted(result.amounts, reverse=True)
    assert len(result.amounts) <= entries
    for k, (amount, share) in enumerate(zip(result.amounts, tier.places, strict=True)):
        exact = Fraction(pool * share, 1000)
        slack = unit + (pool % unit if k == 0 else 0)
        assert abs(amount - exact) < slack + 1


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("line, code, at", [
    ("payouts many pool 100", "payouts_entries", 8),
    ("payouts 20", "payouts_no_pool", 10),
    ("payouts 20 pool 100 buyin 5", "payouts_pool_twice", 20),
    ("payouts 20 pool 1000 preset big", "payouts_preset", 28),
    ("payouts 400 pool 100", "payouts_too_many", 8),
    ("payouts 12 pool 10 unit 5", "payouts_unit_too_big", None),
    ("payouts 12 prize 10", "payouts_word", 11),
])
def test_payouts_errors_name_the_place(lang: str, line: str, code: str, at: int | None) -> None:
    out = ask(line, lang)
    assert out["ok"] is False and out["error"]["code"] == code and out["error"]["at"] == at
