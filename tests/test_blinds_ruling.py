"""A ruling in a channel whose blind clock runs may leave the blinds out: the level's are used and
the reply says which level; blinds typed in the header still win."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import FloorcallError
from engine.notation.read import parse_hand
from handlers.blinds.model import BlindClock
from handlers.blinds.structure import parse_structure
from handlers.blinds.text import MSG
from handlers.context import BlindLevel, Context
from handlers.dispatch import handle

LEVEL = BlindLevel(3, 300, 600, 600, "bba")


def test_the_engine_takes_default_blinds_only_for_a_header_without_them():
    hand = parse_hand("flop: A bet 1200, B?", 0, (300, 600))
    assert (hand.sb, hand.bb, hand.blinds_given) == (300, 600, False)
    typed = parse_hand("NL 50/100 flop: A bet 100, B?", 0, (300, 600))
    assert (typed.sb, typed.bb, typed.blinds_given) == (50, 100, True)
    assert parse_hand("50/100 flop: A bet 100, B?").blinds_given
    with pytest.raises(FloorcallError) as info:
        parse_hand("flop: A bet 1200, B?")
    assert info.value.code == "missing_blinds"


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_the_reply_says_which_level(lang):
    reply = handle("ruling flop: A bet 1200, B?", Context(lang=lang, blind_level=LEVEL))
    assert reply.ok and reply.data["min_raise_to"] == 2400
    expected = {"en": "300/600, big blind ante 600", "ja": "300/600、BBアンティ600", "ko": "300/600, BB 앤티 600"}[lang]
    assert reply.fields[0].value == MSG("blind_level_used", lang, n=3, blinds=expected)
    assert reply.to_json()["blind_level"] == {"level": 3, "small_blind": 300, "big_blind": 600, "ante": 600,
                                              "ante_kind": "bba"}
    typed = handle("ruling 50/100 flop: A bet 100, B?", Context(lang=lang, blind_level=LEVEL))
    assert "blind_level" not in typed.to_json() and typed.data["min_raise_to"] == 200


# Play time is arithmetic on start, pauses and shifts: any run of commands at any moments gives
# the level a stopwatch that runs only while the clock runs would give.
@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["pause", "resume", "next", "back", "wait"]),
                          st.floats(min_value=0, max_value=2000, allow_nan=False)), max_size=12))
def test_level_matches_a_stopwatch(ops):
    structure = parse_structure("5m: 100/200, 200/400, break 10m, 300/600, 400/800 20m, 500/1000")
    starts = [0]
    for lv in structure.levels:
        starts.append(starts[-1] + lv.seconds)
    t, played, paused = 1000.0, 0.0, False
    clock = BlindClock(structure, t)
    for op, gap in ops:
        t += gap
        if not paused:
            played += gap
        index = max(i for i, s in enumerate(starts[:-1]) if s <= played)
        assert clock.index(t) == index and clock.played(t) == pytest.approx(played)
        if op == "pause" and not paused:
            clock, paused = clock.pause(t), True
        elif op == "resume" and paused:
            clock, paused = clock.resume(t), False
        elif op == "next" and index < len(structure.levels) - 1:
            clock, played = clock.next(t), float(starts[index + 1])
        elif op == "back" and index > 0:
            clock, played = clock.back(t), float(starts[index - 1])
        assert clock.played(t) == pytest.approx(played)


def test_the_level_ante_is_dead_money_in_a_pot_limit_maximum():
    """Level 3 is 300/600 with a 600 big blind ante: preflop the pot is 1,500 before anyone acts,
    so UTG (call 600) may raise to at most 600 + 1,500 + 600 = 2,700 (2,100 without the ante)."""
    reply = handle("ruling PL preflop: UTG?", Context(blind_level=LEVEL))
    assert reply.ok and reply.data["max_raise_to"] == 2700
    typed = handle("ruling PL 300/600 preflop: UTG?", Context(blind_level=LEVEL))
    assert typed.data["max_raise_to"] == 2100  # blinds typed: the header's hand, with no ante


@pytest.mark.parametrize("typed", ["20m: 100/200 ante 25, 200/400 bba 400", "20m: 100/200, 100/200 ante 25"])
def test_a_level_that_adds_or_raises_the_ante_is_a_level_up(typed):
    assert len(parse_structure(typed).levels) == 2


@pytest.mark.parametrize("typed", ["20m: 100/200 ante 50, 100/200 ante 25", "20m: 100/200 bba 200, 100/200",
                                   "20m: 100/200 bba 200, 200/400"])
def test_a_level_that_raises_nothing_or_drops_the_ante_is_refused(typed):
    with pytest.raises(FloorcallError) as info:
        parse_structure(typed)
    assert info.value.code == "blinds_not_up"
