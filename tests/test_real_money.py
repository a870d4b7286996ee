"""Issue 27, decimal stakes and currency signs (engine/notation/money.py): a line is read in its
smallest unit and answered in the units typed; the same hand in cents and in dollars gets the
same decisions, scaled."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.notation.money import Money, money_of
from handlers.context import Context
from handlers.dispatch import handle


def reply(line: str, lang: str = "en") -> dict:
    return handle(line, Context(lang=lang)).to_json()


DOLLARS = ("ruling NL 0.50/1 stacks p3 100 p4 100 p5 100 p1 8.50 p2 198.90 preflop: p3 fold, p4 fold, "
           "p5 raise 3, p1 allin 8.50, p2 raise 19, p5?")
CENTS = ("ruling NL 50/100 stacks p3 10000 p4 10000 p5 10000 p1 850 p2 19890 preflop: p3 fold, p4 fold, "
         "p5 raise 300, p1 allin 850, p2 raise 1900, p5?")


def test_the_issue_hand_in_dollars() -> None:
    out = reply(DOLLARS)
    assert out["ok"], out
    assert (out["to_act"], out["to_call"], out["min_raise_to"], out["bet_level"]) == ("p5", 16, 29.5, 19)
    assert "29.50" in out["text"] and "8.50" in out["text"]


KEYS = ("to_call", "bet_level", "full_raise", "min_raise_to", "pot")


@pytest.mark.parametrize("dollars, cents, scale", [
    (DOLLARS, CENTS, 100),
    ("ruling NL $0.50/$1 ante 0.25 flop: A bet $3, B raise 10.50, C?",
     "ruling NL 50/100 ante 25 flop: A bet 300, B raise 1050, C?", 100),
    ("ruling PL 0.5/1 preflop: A raise 3.5, B?", "ruling PL 5/10 preflop: A raise 35, B?", 10),
])
def test_the_same_hand_in_cents_and_in_dollars_gets_the_same_decisions(dollars: str, cents: str, scale: int) -> None:
    a, b = reply(dollars), reply(cents)
    assert a["ok"] and b["ok"], (a, b)
    assert a["to_act"] == b["to_act"] and a["can_raise"] == b["can_raise"]
    for key in KEYS:
        if b.get(key) is not None:
            assert Fraction(a[key]).limit_denominator(1000) * scale == b[key], key
    assert [x["ruled"] for x in a["actions"]] == [x["ruled"] for x in b["actions"]]


def test_a_whole_hand_settles_in_the_units_typed() -> None:
    out = reply("pot NL 1/2 ante 0.5 stacks A 100 B 50.25 C 80 preflop: A raise 6, B allin, C call, A call; "
                "flop: A check, C check; turn: A check, C check; river: A check, C check; showdown: B > C = A")
    assert out["ok"], out
    assert out["pots"][0]["amount"] == 150.75 and out["payoffs"]["B"] == 100.5
    assert out["stacks_left"]["C"] == 29.75
    assert "150.75" in out["text"]


@pytest.mark.parametrize("line, sign", [
    ("ruling NL $1/$2 flop: A bet $5, B?", "$5"), ("ruling NL €1/€2 flop: A bet 5, B?", "€5"),
    ("ruling NL ¥100/¥200 flop: A bet 500, B?", "¥500"), ("ruling NL ₩1000/₩2000 flop: A bet 5000, B?", "₩5,000"),
    ("ruling NL 100/200円 flop: A bet 500円, B?", "500円"), ("판정 NL 1000/2000원 플랍: A 벳 5000, B?", "5,000원"),
])
def test_a_currency_sign_is_read_and_shown(line: str, sign: str) -> None:
    out = reply(line)
    assert out["ok"], out
    assert sign in out["text"]
    assert isinstance(out["to_call"], int)


def test_thousands_grouping_still_holds_in_a_decimal_line() -> None:
    out = reply("ruling NL 0.50/1 flop: A bet 1.000, B?")
    assert out["error"]["code"] == "bad_amount" and out["error"]["hint"] == "1,000"
    out = reply("ruling NL 0.50/1 flop: A bet 1,000, B raise 2,050.50, C?")
    assert out["ok"] and out["bet_level"] == 2050.5
    assert reply("ruling NL 0.50/1 flop: A bet 16.1k, B?")["to_call"] == 16100


def test_lines_without_decimals_are_untouched() -> None:
    assert money_of("NL 50/100 flop: A bet 1,000, B?") is None
    assert money_of("NL 50/100 flop: A bet 16.1k, B?") is None
    assert money_of("NL 50/100 flop: A bet 1.000, B?") is None
    assert money_of("NL 0.50/1 flop: A bet 3, B?") == Money(10, "", False, 2, "NL 0.50/1 flop: A bet 3, B?")


def test_an_allin_without_amount_in_a_decimal_line_and_hints_in_the_units_typed() -> None:
    out = reply("ruling NL 0.5/1 preflop: A allin, B?")
    assert not out["ok"] and "." not in (out["error"]["hint"] or "").split()[-1].rstrip("0")


def test_shown_amounts() -> None:
    m = Money(100, "$", False, 2)
    assert (m.show(2950), m.show(1900), m.show(-25), m.show(105050)) == ("$29.50", "$19", "-$0.25", "$1,050.50")
    assert Money(1, "원", True).show(5000) == "5,000원"
    assert m.number(2950) == 29.5 and m.number(1900) == 19


SPLIT = ("pot NL 0.5/1 {chip}stacks A 10 B 10 C 10 preflop: A raise 2.5, B call, C call; flop: B check, C check, "
         "A check; turn: B check, C check, A check; river: B check, C check, A check; showdown: A = B > C")


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_the_odd_chip_unit_is_named_where_a_split_has_one(lang: str) -> None:
    out = reply(SPLIT.format(chip=""), lang)
    assert out["ok"], out
    # 7.5 in units of 0.1 (the line's decimals): 3.8 and 3.7, the odd 0.1 to the first left of the button.
    assert out["pots"][0]["shares"] == {"B": 3.8, "A": 3.7}
    assert "chip 0.01" in out["text"] and "21" in out["text"]
    finer = reply(SPLIT.format(chip="chip 0.01 "), lang)
    assert finer["pots"][0]["shares"] == {"B": 3.75, "A": 3.75} and "chip 0.01" not in finer["text"]
