"""Blind structures (presets and inline) and the level worked out from start, pauses, shift and now."""

from __future__ import annotations

import pytest

from engine.errors import FloorcallError
from handlers.blinds.model import BlindClock, BlindsError, Stage
from handlers.blinds.structure import MAX_ENTRIES, parse_structure, presets
from handlers.blinds.text import ERRORS, MSG, announcement, blinds_text, status_reply
from handlers.context import Context

T0 = 1_800_000_000.0
SPEC = "20m: 100/200, 200/400, 300/600 bba 600, break 10m, 400/800 bba 800 ..."


def test_the_specs_inline_example():
    s = parse_structure(SPEC)
    assert [(lv.number, lv.sb, lv.bb, lv.ante, lv.ante_kind, lv.minutes, lv.is_break) for lv in s.levels] == [
        (1, 100, 200, 0, None, 20, False),
        (2, 200, 400, 0, None, 20, False),
        (3, 300, 600, 600, "bba", 20, False),
        (None, 0, 0, 0, None, 10, True),
        (4, 400, 800, 800, "bba", 20, False),
    ]


def test_durations_change_midway_and_per_level_and_colour_up():
    s = parse_structure("15m: 25/50 ante 5, 50/100 ante 10 30m, break 5分 colour-up 25 5, 10分: 75/150 アンティ 25")
    assert [lv.minutes for lv in s.levels] == [15, 30, 5, 10]
    assert s.levels[2].colour_up == (25, 5)
    assert s.levels[3].ante_kind == "ante" and s.levels[3].ante == 25


@pytest.mark.parametrize("name", ["turbo", "regular", "deep", "ターボ", "딥", "REGULAR"])
def test_presets_load_and_pass_the_checks(name):
    s = parse_structure(name)
    assert s.name in presets() and len(s.levels) <= MAX_ENTRIES
    assert any(lv.is_break for lv in s.levels) and any(lv.colour_up for lv in presets()["regular"].levels)
    assert [lv.number for lv in s.levels if not lv.is_break] == list(range(1, 1 + sum(not lv.is_break for lv in s.levels)))


@pytest.mark.parametrize(
    ("text", "code", "at", "level"),
    [
        ("20m: 100/200, 200/400, 150/300", "blinds_not_up", 23, 3),
        ("20m: 100/200, 100/200", "blinds_not_up", 14, 2),
        ("20m: 100/200, 400/300", "blinds_sb_over_bb", 14, 2),
        ("20m: 100/200, 200/400 121m", "blinds_minutes", 14, 2),
        ("0m: 100/200", "blinds_minutes", 4, 1),
        ("100/200, 200/400", "blinds_no_duration", 0, 1),
        ("20m: 100/200, 200/400 bbq 400", "blinds_bad_word", 22, 2),
        ("20m: 100/200, big 10m", "blinds_bad_level", 14, 2),
        ("20m: 100/200, break", "blinds_break_minutes", 14, 1),
        ("20m: break 10m, 100/200", "blinds_break_first", 5, None),
        ("20m: 100/200, 200/400, break 10m", "blinds_break_edge", 23, 2),
        ("twenty: 100/200", "blinds_bad_duration", 0, None),
        ("turb", "blinds_unknown_preset", 0, None),
    ],
)
def test_bad_structures_point_at_the_level(text, code, at, level):
    with pytest.raises(FloorcallError) as info:
        parse_structure(text)
    err = info.value
    assert (err.code, err.at) == (code, at)
    if level is not None:
        assert err.params["level"] == level
    for lang in ("en", "ja", "ko"):
        message = ERRORS(err.code, lang, **err.params)
        if level:
            assert str(level) in message


def test_more_than_sixty_entries_is_refused_at_the_sixty_first():
    text = "1m: " + ", ".join(f"{i}/{2 * i}" for i in range(1, 62))
    with pytest.raises(FloorcallError) as info:
        parse_structure(text)
    assert info.value.code == "blinds_too_many" and info.value.at == text.index("61/122")


def clock_for(text: str = SPEC) -> BlindClock:
    return BlindClock(parse_structure(text), T0)


def test_levels_follow_time_and_the_last_has_no_end():
    c = clock_for()
    assert c.position(T0).level.number == 1 and c.position(T0).ends_at == T0 + 1200
    assert c.stage(T0 + 1139) == Stage(0) and c.stage(T0 + 1140) == Stage(0, warned=True)
    assert c.next_change(T0) == T0 + 1140 and c.next_change(T0 + 1140) == T0 + 1200
    assert c.position(T0 + 3600).level.is_break and c.position(T0 + 3600).ends_at == T0 + 4200
    last = c.position(T0 + 4200)
    assert last.level.number == 4 and last.ends_at is None and last.next is None
    assert c.position(T0 + 10**6).level.number == 4 and c.next_change(T0 + 4200) is None


def test_pause_keeps_the_time_left_and_resume_continues():
    c = clock_for().pause(T0 + 600)
    assert c.position(T0 + 5000).left == 600 and c.position(T0 + 5000).ends_at is None
    assert c.next_change(T0 + 5000) is None
    with pytest.raises(BlindsError):
        c.pause(T0 + 700)
    c = c.resume(T0 + 5000)
    assert c.position(T0 + 5000).ends_at == T0 + 5600 and c.position(T0 + 5600).level.number == 2
    with pytest.raises(BlindsError) as info:
        c.resume(T0 + 5001)
    assert info.value.code == "not_paused"


def test_next_and_back_start_a_level_with_its_full_time():
    c = clock_for().next(T0 + 300)
    assert c.position(T0 + 300).level.number == 2 and c.position(T0 + 300).ends_at == T0 + 1500
    c = c.back(T0 + 400)
    assert c.position(T0 + 400).level.number == 1 and c.position(T0 + 400).ends_at == T0 + 1600
    with pytest.raises(BlindsError) as info:
        c.back(T0 + 400)
    assert info.value.code == "first_level"
    paused = c.pause(T0 + 500).next(T0 + 900)
    assert paused.position(T0 + 2000).level.number == 2 and paused.position(T0 + 2000).left == 1200
    end = clock_for("5m: 1/2, 2/4").next(T0)
    with pytest.raises(BlindsError) as info:
        end.next(T0)
    assert info.value.code == "last_level"


def test_stop_freezes_the_clock():
    c = clock_for().stop(T0 + 100)
    assert c.stopped and c.stage(T0 + 5000) == Stage(0, stopped=True) and c.next_change(T0 + 5000) is None
    with pytest.raises(BlindsError):
        c.pause(T0 + 200)


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_status_and_announcements_in_every_language(lang):
    c = clock_for()
    ctx = Context(lang=lang)
    r = status_reply(c, ctx, T0 + 2400 + 5)
    assert r.data["level"] == 3 and r.data["ante_kind"] == "bba" and r.data["ends_at"] == int(T0 + 3600)
    assert r.data["next"] == {"break": True, "minutes": 10, "colour_up": []}
    assert "300/600" in r.headline and "600" in r.text
    brk = announcement(c, T0 + 3600, lang, fmt_time=lambda t: f"@{int(t)}")
    assert f"@{int(T0 + 4200)}" in brk and "400/800" in brk
    warned = status_reply(c, ctx, T0 + 3550)
    assert warned.data["warning"] is True
    assert warned.headline == MSG("warning", lang, n=3, blinds=blinds_text(c.structure.levels[2], lang))
    away = announcement(c, T0 + 4300, lang, passed=list(c.structure.levels[1:4]))
    assert MSG("a_away_level", lang, n=2) in away and MSG("a_away_break", lang) in away
