"""Red-team round on the blind clock (December 2026): structures a tournament director typed, and
commands in the wrong state, that were answered wrongly, silently or without a hint; and what a
ruling reads from the clock during a break. Time comes from `ManualTime`, never from sleeping."""

from __future__ import annotations

import io
import json

import pytest

from engine.errors import FloorcallError
from handlers import console
from handlers.blinds.model import BlindClock, level_in_force
from handlers.blinds.structure import Structure, parse_structure
from handlers.blinds.text import ERRORS
from handlers.clock.model import ManualTime, use_time_source
from handlers.context import Context
from handlers.hint_text import render_hint
from handlers.i18n import LANGS
from tests.timefixtures import T0


def run(lines: list[str | float], lang: str = "en", ruleset: str = "tda2026", time: ManualTime | None = None):
    """The JSON console on these lines; a number moves the fake time on by that many seconds."""
    clock = time or ManualTime(T0)
    replies: list[dict] = []
    with use_time_source(clock):
        # one console session for all the lines; time moves on between them as the reader reads
        stdin = _TimedInput(lines, clock)
        out = io.StringIO()
        console.run(Context(lang=lang, ruleset_id=ruleset), as_json=True, stdin=stdin, stdout=out)
        replies.extend(json.loads(x) for x in out.getvalue().splitlines())
    return replies


class _TimedInput(io.StringIO):
    def __init__(self, lines: list[str | float], time: ManualTime) -> None:
        super().__init__()
        self._lines, self._time = list(lines), time

    def readline(self, size: int = -1) -> str:  # type: ignore[override]
        while self._lines:
            item = self._lines.pop(0)
            if isinstance(item, float | int):
                self._time.advance(float(item))
                continue
            return item + "\n"
        return ""


def error_of(text: str) -> FloorcallError:
    with pytest.raises(FloorcallError) as info:
        parse_structure(text)
    return info.value


# (structure, code, the text at `at`, hint): each used to be accepted, blamed the wrong level,
# or gave no hint.
BAD = [
    ("20m: 100/200 ante 300, 200/400 ante 300", "blinds_ante_over_bb", "100/200 ante 300", "ante 200"),
    ("20m: 100/200 bba 400, 200/400 bba 400", "blinds_ante_over_bb", "100/200 bba 400", "bba 200"),
    ("20m: 100/200, 9999999999999999/99999999999999999", "blinds_too_big", "9999", "100/200"),
    ("20m: 100/200, 200/400 ante 99999999999999", "blinds_too_big", "200/400", "100/200"),
    ("20m: 100/200 bba 200 ante 25, 200/400", "blinds_ante_twice", "ante 25", "bba 200"),
    ("20m: 100/200 ante 25 ante 50, 200/400", "blinds_ante_twice", "ante 50", "ante 25"),
    ("20m: 100/200 20m 30m, 200/400", "blinds_duration_twice", "30m", "20m"),
    ("20m: 100/200, break 10m, break 5m, 200/400", "blinds_break_twice", "break 5m", "break 15m"),
    ("20m: 100/200, break 10m colour-up, 200/400", "blinds_bad_break", "colour-up", "break 10m colour-up 25"),
    ("20m: 100/200, 200/400 ante", "blinds_ante_amount", "ante", "ante 400"),
    ("20m: break 10m, 100/200", "blinds_break_first", "break 10m", "20m: 100/200, break 10m"),
    ("20m: 200/400, 100/200", "blinds_not_up", "100/200", "400/800"),
    ("20m: 100/200, 200/400, 200/400", "blinds_not_up", "200/400", "400/800"),
    ("20m: 150/300 bba 300, 150/300 bba 200", "blinds_not_up", "150/300 bba 200", "bba 300"),
    ("20m: 100/200 ante 25, 200/400", "blinds_not_up", "200/400", "ante 25"),
    ("20m: 100/200, 10m, 200/400", "blinds_bad_level", "10m", "break 10m"),
    ("20m 100/200, 200/400", "blinds_bad_level", "20m", "20m: 100/200"),
    ("turbo 15m", "blinds_preset_extra", "15m", "turbo"),
    ("0m: 100/200, 200/400", "blinds_minutes", "100/200", "20m"),
    ("-5m: 100/200, 200/400", "blinds_bad_duration", "-5m", "20m"),
    ("20m: 100/200, 200/400 999m", "blinds_minutes", "200/400", "20m"),
    ("20m: 100/200, abc", "blinds_bad_level", "abc", "100/200"),
    ("20m: 100/200, 200/400 50", "blinds_bad_word", "50", "ante 50"),  # the hint was "bba 600"
    ("20m: 100/200 1.5m, 200/400", "blinds_bad_word", "1.5m", "2m"),
    ("20m: 100/200, 200/400 99999m", "blinds_minutes", "200/400", "20m"),  # was "not understood"
    ("regualr", "blinds_unknown_preset", "regualr", "regular"),
    ("dep", "blinds_unknown_preset", "dep", "deep"),
]


@pytest.mark.parametrize(("text", "code", "at_text", "hint"), BAD)
def test_a_bad_structure_says_where_and_what_to_type(text, code, at_text, hint):
    base = len("blinds start ")
    err = error_of(text).shifted(base)
    line = "blinds start " + text
    assert err.code == code
    assert line[err.at:].startswith(at_text), (line[err.at:], at_text)
    assert err.hint == hint
    messages = {ERRORS(code, lang, **err.params) for lang in LANGS}
    assert len(messages) == 3 and not any("{" in m for m in messages)


def test_the_message_for_a_level_that_only_drops_its_ante_names_the_ante():
    """It said "the blinds must go up; 150/300 does not come after 150/300"."""
    err = error_of("20m: 150/300 bba 300, 150/300 bba 200")
    message = ERRORS(err.code, "en", **err.params)
    assert "150/300 bba 200" in message and "150/300 bba 300" in message


def test_a_structure_may_move_from_a_big_blind_ante_to_an_ante_for_everyone():
    """Refused as "blinds must go up" although the blinds went up (bba 400 vs ante 75 are not
    comparable amounts)."""
    s = parse_structure("20m: 100/200, 200/400 bba 400, 300/600 ante 75, 400/800 ante 100")
    assert [(lv.ante, lv.ante_kind) for lv in s.levels] == [(0, None), (400, "bba"), (75, "ante"), (100, "ante")]


@pytest.mark.parametrize(
    ("text", "levels"),
    [
        ("２０ｍ：１００／２００，２００／４００", [(100, 200), (200, 400)]),  # an IME's full width
        ("20m: 100/200,200/400", [(100, 200), (200, 400)]),
        ("20m: 2,000/4,000,3,000/6,000", [(2000, 4000), (3000, 6000)]),
        ("20m: 1k/2k, 1.5k/3k, 2k/4k", [(1000, 2000), (1500, 3000), (2000, 4000)]),
        ("20m: 1万/2万, 2万/4万", [(10000, 20000), (20000, 40000)]),
        ("20분: 1만/2만, 2만/4만", [(10000, 20000), (20000, 40000)]),
        ("1h: 100/200, 200/400", [(100, 200), (200, 400)]),
    ],
)
def test_amounts_and_widths_a_floor_person_types(text, levels):
    s = parse_structure(text)
    assert [(lv.sb, lv.bb) for lv in s.levels] == levels


def test_glued_words_read_as_written():
    s = parse_structure("20分: 100/200、200/400 bba400、休憩10分、300/600 bba 600 1時間")
    assert [(lv.is_break, lv.minutes, lv.ante) for lv in s.levels] == [
        (False, 20, 0), (False, 20, 400), (True, 10, 0), (False, 60, 600)]
    assert parse_structure("20m: 100/200 ante 0, 200/400 ante 25").levels[0].ante_kind is None


@pytest.mark.parametrize(
    ("line", "code", "word", "hint"),
    [
        ("blinds   pause", "not_running", "pause", "blinds start turbo"),
        ("blinds resume", "not_paused", "resume", "blinds pause"),
        ("blinds back", "first_level", "back", "blinds next"),
        ("blinds pause 5m", "blinds_extra", "5m", "blinds pause"),  # "5m" used to be dropped unread
        ("blinds next 2", "blinds_extra", "2", "blinds next"),
    ],
)
def test_commands_in_the_wrong_state_point_at_the_word_with_a_hint(line, code, word, hint):
    for lang in LANGS:
        start = [] if code == "not_running" else ["blinds start turbo"]
        reply = run([*start, line], lang=lang)[-1]
        err = reply["error"]
        # What to type, in the reply language's command words (ブラインド 開始 ターボ, 블라인드 시작 터보).
        assert (err["code"], err["hint"]) == (code, render_hint(hint, lang))
        assert line[err["at"]:].startswith(word)


def test_pause_twice_next_past_the_last_and_stop_with_nothing_running():
    replies = run(["blinds start 10m: 100/200, 200/400", "blinds pause", "blinds pause", "blinds resume",
                   "blinds next", "blinds next", "blinds stop", "blinds stop"])
    codes = [r.get("error", {}).get("code") for r in replies]
    assert codes == [None, None, "already_paused", None, None, "last_level", None, "not_running"]
    assert [r["error"]["hint"] for r in replies if not r["ok"]] == ["blinds resume", "blinds stop",
                                                                    "blinds start turbo"]


def test_time_left_survives_pause_and_resume_and_the_level_changes_on_the_second():
    s = parse_structure("10m: 100/200, break 5m, 200/400 bba 400, 300/600 bba 600")
    c = BlindClock(s, T0)
    c = c.pause(T0 + 100)
    assert c.position(T0 + 5000).left == 500  # paused for as long as you like
    c = c.resume(T0 + 5000)
    assert c.position(T0 + 5499.999).index == 0
    assert c.position(T0 + 5500).index == 1  # the break starts on the second
    assert c.position(T0 + 5500).ends_at == T0 + 5800
    c = c.pause(T0 + 5600).resume(T0 + 5700)
    assert c.position(T0 + 5900).index == 2 and c.position(T0 + 5900).left == 600
    assert level_in_force(c, T0 + 5650).on_break is True


def test_a_ruling_in_a_break_uses_the_level_just_played_and_cites_the_rule():
    """It answered "the blinds are missing" during every break."""
    lines: list[str | float] = ["blinds start 2m: 100/200 ante 25, break 1m, 200/400 ante 50", 121.0,
                                "ruling flop: A bet 400, B?", 60.0, "ruling flop: A bet 400, B?"]
    for ruleset, cited in (("tda2026", "25-A"), ("tda2009", "18"), ("jp-basic", "25-A")):
        for lang in LANGS:
            _, in_break, after = run(lines, lang=lang, ruleset=ruleset)
            assert in_break["ok"] and in_break["blind_level"] == {
                "level": 1, "small_blind": 100, "big_blind": 200, "ante": 25, "ante_kind": "ante", "on_break": True}
            assert cited in in_break["citations"]
            assert after["blind_level"]["level"] == 2 and "on_break" not in after["blind_level"]
            assert cited not in after["citations"]


def test_a_stopped_clock_gives_rulings_no_level():
    c = BlindClock(Structure(parse_structure("10m: 100/200, 200/400").levels), T0).stop(T0 + 5)
    assert level_in_force(c, T0 + 10) is None


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_korean_particles_follow_the_level_not_the_amounts_in_brackets(n):
    """`레벨 2(…, BB 앤티 600)으로`: the particle was chosen by 600 inside the brackets."""
    from handlers.blinds.text import announcement, level_used
    from handlers.context import BlindLevel
    from handlers.reply import Reply

    levels = ", ".join(f"{100 * i}/{200 * i}" for i in range(1, n + 1))
    c = BlindClock(parse_structure(f"2m: {levels}, break 5m, 5000/10000 bba 10000"), T0)
    text = announcement(c, T0 + 120 * n + 1, "ko")
    assert f"레벨 {n + 1}(5,000/10,000, BB 앤티 10,000)부터 다시 시작합니다." in text
    reply = Reply(ok=True, command="ruling", lang="ko", ruleset="tda2026", headline="")
    level_used(reply, BlindLevel(n, 300, 600, 600, "bba"))
    assert reply.fields[0].value == f"블라인드 클락 레벨 {n}의 블라인드(300/600, BB 앤티 600)를 사용했습니다."


@pytest.mark.parametrize(
    ("line", "hint"),
    [
        ("blinds turbo", "blinds start turbo"),
        ("blinds ターボ", "blinds start ターボ"),
        ("blinds 20m: 100/200, 200/400", "blinds start 20m: 100/200, 200/400"),
        ("blinds paus", "pause"),
    ],
)
def test_a_structure_typed_without_start_is_told_to_add_it(line, hint):
    """`blinds turbo` suggested only "start"."""
    err = run([line])[0]["error"]
    assert (err["code"], err["at"], err["hint"]) == ("blinds_unknown_sub", 7, hint)
