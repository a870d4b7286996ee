"""Issue 27, the empty small blind seat: no ante for it (34: under the dead button nobody sits
there), players given stacks are never that seat, and `0/100` is answered with the one way to
type a hand with no small blind (`dead SB`)."""

from __future__ import annotations

import pytest

from handlers.context import Context
from handlers.dispatch import handle


def reply(line: str, ruleset: str = "tda2026") -> dict:
    return handle(line, Context(lang="en", ruleset_id=ruleset)).to_json()


def total(out: dict) -> int:
    assert out["ok"], out
    return sum(p["amount"] for p in out["pots"])


@pytest.mark.parametrize("ruleset, rule", [("tda2026", "34"), ("tda2009", "24"), ("jp-basic", "34")])
def test_an_empty_small_blind_seat_pays_no_ante(ruleset: str, rule: str) -> None:
    # Three players dealt in pay 3 x 25; the big blind 100 and A's 100 called ... nobody called,
    # so A's raise is 100 (the blind matched) with 200 returned: 75 + 100 + 100 = 275, not 300.
    out = reply("pot NL 50/100 ante 25 dead SB stacks A 1000 B 1000 BB 1000 preflop: A raise 300, "
                "B fold, BB fold", ruleset)
    assert total(out) == 275
    assert out["payoffs"]["A"] == 150 and out["payoffs"]["BB"] == -125 and out["payoffs"]["B"] == -25
    assert out["payoffs"].get("SB", 0) == 0
    assert rule in out["citations"]


def test_a_posted_small_blind_still_pays_its_ante() -> None:
    out = reply("pot NL 50/100 ante 25 stacks A 1000 B 1000 SB 1000 BB 1000 preflop: A raise 300, "
                "B fold, SB fold, BB fold")
    assert total(out) == 100 + 50 + 100 + 100
    assert "34" not in out["citations"]


def test_dead_small_blind_with_the_button_named_seats_the_big_blind_after_the_button() -> None:
    # Button p4, the seat after it empty: p1 is the big blind, p2 opens, p4 acts before p1.
    out = reply("ruling NL 50/100 ante 25 dead SB button p4 stacks p1 1000 p2 1000 p3 1000 p4 1000 "
                "preflop: p2 raise 300, p3 fold, p4?")
    assert out["ok"], out
    assert out["to_act"] == "p4" and out["to_call"] == 300 and out["min_raise_to"] == 500
    out = reply("pot NL 50/100 ante 25 dead SB button p4 stacks p1 1000 p2 1000 p3 1000 p4 1000 "
                "preflop: p2 raise 300, p3 fold, p4 call, p1 fold; flop: p2 check, p4 check; "
                "turn: p2 check, p4 check; river: p2 check, p4 check; showdown: p4 > p2")
    assert total(out) == 4 * 25 + 100 + 300 + 300
    assert out["payoffs"] == {**{k: v for k, v in out["payoffs"].items() if k == "SB"},
                              "p1": -125, "p2": -325, "p3": -25, "p4": 475}


def test_dead_small_blind_without_a_button_the_last_typed_is_the_big_blind() -> None:
    out = reply("pot NL 50/100 ante 25 dead SB stacks p1 1000 p2 1000 p3 1000 preflop: p1 raise 300, "
                "p2 fold, p3 fold")
    assert total(out) == 275
    assert out["payoffs"]["p3"] == -125 and out["payoffs"]["p1"] == 150


@pytest.mark.parametrize("blinds, hint", [("0/100", "50/100 dead SB"), ("0/2000", "1000/2000 dead SB")])
def test_no_small_blind_is_typed_dead_sb(blinds: str, hint: str) -> None:
    out = reply(f"ruling NL {blinds} preflop: A raise 300, B?")
    assert not out["ok"] and out["error"]["code"] == "bad_blinds" and out["error"]["hint"] == hint
    fixed = reply(f"ruling NL {hint} preflop: A raise 300, B?")
    assert fixed["ok"], fixed
