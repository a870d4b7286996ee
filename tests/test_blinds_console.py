"""The blind clock in the console: immediate JSON with the times, the session's level in rulings,
and an interactive terminal that follows the level in place."""

from __future__ import annotations

import io
import json

from handlers import console
from handlers.blinds.console import ticker
from handlers.blinds.session import ConsoleBlinds
from handlers.blinds.text import MSG
from handlers.clock import console as clock_console
from handlers.clock.model import ManualTime
from handlers.context import Context
from handlers.dispatch import handle
from tests.timefixtures import T0


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


class Waiter:
    """Stands in for the terminal: moves fake time on, and answers Enter once `line_at` comes."""

    def __init__(self, time: ManualTime, line_at: float) -> None:
        self.time, self.line_at = time, line_at
        self.timeouts: list[float] = []

    def __call__(self, timeout: float) -> str | None:
        self.timeouts.append(timeout)
        if self.time.now() + timeout >= self.line_at:
            self.time.advance(max(0.0, self.line_at - self.time.now()))
            return "\n"
        self.time.advance(timeout)
        return None


def run(lines: str) -> list[dict]:
    """The console with --json on these lines (one session), its replies parsed."""
    out = io.StringIO()
    console.run(Context(), as_json=True, stdin=io.StringIO(lines), stdout=out)
    return [json.loads(x) for x in out.getvalue().splitlines()]


def test_json_answers_at_once_with_the_times_and_rulings_use_the_level(fake_time):
    replies = run("blinds start turbo\nblinds\nruling flop: A bet 400, B?\nblinds next\nruling flop: A bet 400, B?\n"
                  "blinds pause\nblinds resume\nblinds stop\nruling flop: A bet 400, B?\n")
    start, show, ruling1, nxt, ruling2, paused, resumed, stopped, ruling3 = replies
    assert start["ok"] and start["started"] is True and start["level"] == 1 and start["ends_at"] == int(T0 + 600)
    assert start["next"]["small_blind"] == 200 and start["structure"] == "turbo"
    assert show["level"] == 1 and show["small_blind"] == 100 and show["big_blind"] == 200 and show["paused"] is False
    assert ruling1["ok"] and ruling1["blind_level"]["level"] == 1 and ruling1["min_raise_to"] == 800
    assert nxt["level"] == 2 and ruling2["blind_level"]["big_blind"] == 300
    assert paused["paused"] is True and paused["ends_at"] is None and paused["left"] == 600
    assert resumed["paused"] is False and resumed["ends_at"] == int(T0 + 600)
    assert stopped["stopped"] is True
    assert ruling3["ok"] is False and ruling3["error"]["code"] == "missing_blinds"


def test_a_second_start_answers_with_the_running_clock_and_errors_point_at_the_level(fake_time):
    replies = run("blinds start turbo\nblinds start deep\nblinds start 20m: 100/200, 200/400 bba 400, 300/600\n"
                  "blinds frobnicate\n")
    first, second, bad, unknown = replies
    assert second["ok"] and second["started"] is False and second["structure"] == "turbo"
    assert bad["ok"] is False and bad["error"]["code"] == "blinds_not_up"
    assert bad["error"]["at"] == len("blinds start 20m: 100/200, 200/400 bba 400, ")
    assert unknown["error"]["code"] == "blinds_unknown_sub" and unknown["error"]["at"] == 7


def test_outside_the_console_there_is_no_clock_to_run():
    reply = handle("blinds start turbo", Context(lang="ko"))
    assert reply.ok is False and reply.error is not None and reply.error.code == "not_available"


def test_the_interactive_console_follows_the_level(fake_time, monkeypatch):
    wait = Waiter(fake_time, line_at=T0 + 150)
    monkeypatch.setattr(clock_console, "_tty_wait", lambda stdin: wait)
    out = io.StringIO()
    assert console.run(Context(), as_json=False, stdin=Tty("blinds start 2m: 100/200, 200/400 bba 400\nblinds\n"),
                       stdout=out) == 0
    text = out.getvalue()
    assert "Level 1 100/200: 2:00 left" in text and "Level 1 100/200: 0:01 left" in text
    assert MSG("a_last", "en", n=2, blinds="200/400, big blind ante 400") in text
    assert "last level" in text
    assert 150 <= len(wait.timeouts) <= 152  # one redraw a second for 150 s, not a busy loop


def test_ticker_shows_pauses_and_breaks():
    from handlers.blinds.model import BlindClock
    from handlers.blinds.structure import parse_structure

    session = ConsoleBlinds(BlindClock(parse_structure("5m: 1/2, break 5m, 2/4"), T0))
    assert ticker(session, T0 + 301, "en").startswith("Break: 4:59 left")
    session.clock = session.clock.pause(T0 + 10)
    assert ticker(session, T0 + 100, "ko").startswith("(일시정지 중) 레벨 1 1/2: 4:50 남음")
