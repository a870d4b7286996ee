"""The clock state machine, stepped through time by hand: no test here waits."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rulesets import RULESETS, get_ruleset
from handlers.clock.model import (
    SAME_MOMENT_SECONDS,
    ClockError,
    ManualTime,
    Phase,
    clock_rule,
    start_clock,
    time_source,
    use_time_source,
)

T0 = 1_800_000_000.0
TDA2026 = get_ruleset("tda2026")
TDA2009 = get_ruleset("tda2009")


def test_times_come_from_the_ruleset():
    c = start_clock(TDA2026, "A", T0)
    assert (c.seconds, c.countdown) == (25, 5)
    assert c.countdown_at == T0 + 25 and c.ends_at == T0 + 30
    c9 = start_clock(TDA2009, "A", T0)
    assert (c9.seconds, c9.countdown) == (60, 10) and c9.ends_at == T0 + 70


def test_server_times_override_the_ruleset():
    c = start_clock(TDA2026, "A", T0, seconds=40, countdown=10)
    assert c.ends_at == T0 + 50


def test_phases_follow_the_times():
    c = start_clock(TDA2026, "A", T0)
    assert c.phase(T0) is Phase.RUNNING
    assert c.phase(T0 + 24.999) is Phase.RUNNING
    assert c.phase(T0 + 25) is Phase.COUNTDOWN
    assert c.phase(T0 + 29.999) is Phase.COUNTDOWN
    assert c.phase(T0 + 30) is Phase.EXPIRED
    assert c.next_change(T0 + 1) == T0 + 25
    assert c.next_change(T0 + 26) == T0 + 30
    assert c.remaining(T0 + 26) == pytest.approx(4)


def test_expire_only_once_time_is_up():
    c = start_clock(TDA2026, "A", T0)
    with pytest.raises(ClockError) as e:
        c.expire(T0 + 29)
    assert e.value.code == "not_over"
    done = c.expire(T0 + 31)
    assert done.stopped is Phase.EXPIRED and done.stopped_at == T0 + 30 and not done.closed_late
    assert done.next_change(T0 + 40) is None
    with pytest.raises(ClockError):
        done.expire(T0 + 40)


@pytest.mark.parametrize(
    ("ruleset", "facing", "expected"),
    [
        ("tda2026", "bet", {"bet": "dead_hand"}),
        ("tda2026", "no_bet", {"no_bet": "check"}),
        ("tda2026", None, {"bet": "dead_hand", "no_bet": "check"}),
        ("jp-basic", "no_bet", {"no_bet": "check"}),
        ("tda2009", "no_bet", {"no_bet": "dead_hand"}),
        ("tda2009", "bet", {"bet": "dead_hand"}),
    ],
)
def test_outcome_on_time(ruleset, facing, expected):
    rs = get_ruleset(ruleset)
    c = start_clock(rs, "A", T0, facing=facing).expire(T0 + 100)
    assert c.outcomes(clock_rule(rs)) == expected


def test_every_ruleset_has_a_clock_rule_and_citation():
    for rs in RULESETS.values():
        assert rs.edition in {"tda2026", "tda2009", "jp-basic"}
        assert set(clock_rule(rs).on_time) == {"bet", "no_bet"}
        assert rs.c("clock")


def test_acted_in_time_stops_the_clock():
    c = start_clock(TDA2026, "A", T0).act(T0 + 27, by="floor")
    assert c.phase(T0 + 100) is Phase.ACTED
    assert c.stopped_at == T0 + 27 and c.stopped_by == "floor" and not c.same_moment
    with pytest.raises(ClockError) as e:
        c.act(T0 + 28)
    assert e.value.code == "already_stopped"
    with pytest.raises(ClockError):
        c.cancel(T0 + 28)


def test_action_at_the_same_moment_as_the_end_stands():
    c = start_clock(TDA2026, "A", T0)
    exact = c.act(T0 + 30)
    assert exact.stopped is Phase.ACTED and exact.same_moment
    # The timer got there first: the end was recorded, then the press stamped at the end arrives.
    expired = c.expire(T0 + 30)
    late_press = expired.act(T0 + 30 + SAME_MOMENT_SECONDS / 2)
    assert late_press.stopped is Phase.ACTED and late_press.same_moment
    with pytest.raises(ClockError) as e:
        expired.act(T0 + 30 + SAME_MOMENT_SECONDS + 0.01)
    assert e.value.code == "too_late"


def test_tda2009_has_no_same_moment_grace():
    c = start_clock(TDA2009, "A", T0)
    assert c.act(T0 + 70).stopped is Phase.ACTED
    with pytest.raises(ClockError):
        c.act(T0 + 70.2)


def test_an_end_closed_after_a_restart_is_final():
    c = start_clock(TDA2026, "A", T0).expire(T0 + 3600, late=True)
    assert c.closed_late
    with pytest.raises(ClockError):
        c.act(T0 + 30)


def test_cancel():
    c = start_clock(TDA2026, "A", T0)
    done = c.cancel(T0 + 26, by="B")
    assert done.phase(T0 + 26) is Phase.CANCELLED and done.stopped_by == "B"
    with pytest.raises(ClockError):
        c.expire(T0 + 40).cancel(T0 + 40)


def test_settle_records_the_end_only_when_due():
    c = start_clock(TDA2026, "A", T0)
    assert c.settle(T0 + 10) is c
    assert c.settle(T0 + 30).stopped is Phase.EXPIRED


@given(
    seconds=st.integers(1, 600),
    countdown=st.integers(0, 60),
    t=st.floats(-10, 1000, allow_nan=False),
)
def test_phase_is_monotonic(seconds, countdown, t):
    c = start_clock(TDA2026, "A", T0, seconds=seconds, countdown=countdown)
    order = [Phase.RUNNING, Phase.COUNTDOWN, Phase.EXPIRED]
    assert order.index(c.phase(T0 + t)) <= order.index(c.phase(T0 + t + 1))
    nxt = c.next_change(T0 + t)
    assert nxt is not None and nxt >= min(T0 + t, c.ends_at)


async def test_manual_time_wakes_sleepers_only_when_due():
    clock = ManualTime(T0)
    woke: list[float] = []

    async def sleeper():
        await clock.sleep_until(T0 + 5)
        woke.append(clock.now())

    task = asyncio.create_task(sleeper())
    await asyncio.sleep(0)
    assert clock.sleepers == 1
    clock.advance(3)
    await asyncio.sleep(0)
    assert woke == [] and clock.sleepers == 1
    clock.advance(2)
    await task
    assert woke == [T0 + 5]


def test_use_time_source_swaps_and_restores():
    before = time_source()
    fake = ManualTime(T0)
    with use_time_source(fake):
        assert time_source() is fake
    assert time_source() is before
