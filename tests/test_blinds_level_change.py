"""A ruling just after the blind clock changed level: TDA 25-A starts the new limits with the next
hand, so a floor call in the first minutes of a level may be about a hand dealt at the one
before. The reply uses the new level (most calls are about a new hand) but says which level such
a hand keeps and cites the rule; past FRESH_LEVEL_SECONDS, or after a break, it says nothing."""

from __future__ import annotations

import pytest

from handlers.blinds.model import FRESH_LEVEL_SECONDS, BlindClock, level_in_force
from handlers.blinds.structure import parse_structure
from handlers.blinds.text import MSG
from tests.test_blinds_typed_structures import LANGS, T0, run

START = "blinds start 10m: 100/200, 200/400 ante 50, break 5m, 300/600 ante 75"


def test_the_level_in_force_names_the_level_before_for_the_first_minutes():
    c = BlindClock(parse_structure("10m: 100/200, 200/400 ante 50, break 5m, 300/600 ante 75"), T0)
    assert level_in_force(c, T0 + 599).previous is None  # level 1: nothing came before
    fresh = level_in_force(c, T0 + 600 + 42)
    assert (fresh.number, fresh.since) == (2, 42)
    assert (fresh.previous.number, fresh.previous.sb, fresh.previous.bb, fresh.previous.ante) == (1, 100, 200, 0)
    old = level_in_force(c, T0 + 600 + FRESH_LEVEL_SECONDS)
    assert old.number == 2 and old.previous is None and old.since is None
    after_break = level_in_force(c, T0 + 1200 + 300 + 10)  # a break between: every hand is new
    assert after_break.number == 3 and after_break.previous is None


def test_a_skip_by_the_floor_counts_as_a_change_too():
    c = BlindClock(parse_structure("20m: 100/200, 200/400"), T0).next(T0 + 300)
    lv = level_in_force(c, T0 + 310)
    assert (lv.number, lv.since, lv.previous.number) == (2, 10, 1)


@pytest.mark.parametrize("lang", LANGS)
def test_a_ruling_just_after_the_change_says_which_level_an_older_hand_keeps(lang):
    for ruleset, cited in (("tda2026", "25-A"), ("tda2009", "18"), ("jp-basic", "25-A")):
        _, fresh, later = run([START, 630.0, "ruling flop: A bet 400, B?", 300.0, "ruling flop: A bet 400, B?"],
                              lang=lang, ruleset=ruleset)
        assert fresh["ok"] and fresh["min_raise_to"] == 800  # the new level's blinds are used
        assert fresh["blind_level"]["since"] == 30
        assert fresh["blind_level"]["previous"] == {"level": 1, "small_blind": 100, "big_blind": 200, "ante": 0,
                                                    "ante_kind": None}
        assert cited in fresh["citations"]
        old = MSG("blind_level_just_changed", lang, n=2, s=30, p=1, blinds="100/200", rule=cited)
        assert old in fresh["text"]
        assert "previous" not in later["blind_level"] and cited not in later["citations"]


def test_blinds_typed_in_the_ruling_leave_the_clock_out():
    _, typed = run([START, 630.0, "ruling 100/200 flop: A bet 400, B?"])
    assert "blind_level" not in typed and typed["min_raise_to"] == 800 and "25-A" not in typed["citations"]
