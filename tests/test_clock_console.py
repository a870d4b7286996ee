"""The clock in the console: counted down in a tty, immediate with --json or piped input."""

from __future__ import annotations

import io
import json

import pytest

from handlers import console
from handlers.clock import MSG
from handlers.clock import console as clock_console
from handlers.clock.console import follow, ticker
from handlers.clock.model import ManualTime
from handlers.context import Context
from handlers.dispatch import handle
from tests.timefixtures import T0


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


class Waiter:
    """Stands in for waiting on the terminal: moves fake time on, answers with a line when due."""

    def __init__(self, time: ManualTime, line_at: float | None = None, line: str = "\n") -> None:
        self.time, self.line_at, self.line = time, line_at, line
        self.timeouts: list[float] = []

    def __call__(self, timeout: float) -> str | None:
        self.timeouts.append(timeout)
        if self.line_at is not None and self.time.now() + timeout >= self.line_at:
            self.time.advance(max(0.0, self.line_at - self.time.now()))
            return self.line
        self.time.advance(timeout)
        return None


def test_ticker_counts_whole_seconds(fake_time):
    reply = handle("clock A", Context())
    clock = clock_console.clock_from_reply(reply)
    assert clock.started_at == T0 and clock.ends_at == T0 + 30
    assert "25 s left" in ticker(clock, T0, "en")
    assert "25 s left" in ticker(clock, T0 + 0.2, "en")
    assert "24 s left" in ticker(clock, T0 + 1, "en")
    assert "COUNTDOWN 5" in ticker(clock, T0 + 25, "en")
    assert "COUNTDOWN 1" in ticker(clock, T0 + 29.5, "en")
    assert "カウントダウン 3" in ticker(clock, T0 + 27, "ja")


def test_follow_to_the_end_redraws_once_a_second(fake_time):
    ctx = Context()
    out = io.StringIO()
    wait = Waiter(fake_time)
    final = follow(handle("clock A facing:bet", ctx), ctx, io.StringIO(), out, wait=wait)
    assert final.to_json()["state"] == "expired"
    assert sum(wait.timeouts) == pytest.approx(30)
    assert len(wait.timeouts) == 30
    text = out.getvalue()
    assert "\r" in text and "25 s left" in text and "COUNTDOWN 1" in text
    assert MSG("bet_dead_hand", "en") in text


def test_enter_means_acted(fake_time):
    ctx = Context(lang="ko")
    out = io.StringIO()
    final = follow(handle("clock A", ctx), ctx, io.StringIO(), out, wait=Waiter(fake_time, line_at=T0 + 12))
    assert final.to_json()["state"] == "acted"
    assert MSG("acted", "ko", player="A") in out.getvalue()


def test_end_of_input_calls_the_clock_off(fake_time):
    ctx = Context()
    final = follow(handle("clock A", ctx), ctx, io.StringIO(), io.StringIO(), wait=Waiter(fake_time, T0 + 3, ""))
    assert final.to_json()["state"] == "cancelled"


def test_ctrl_c_cancels(fake_time):
    ctx = Context()

    def interrupt(timeout: float) -> str | None:
        raise KeyboardInterrupt

    final = follow(handle("clock A", ctx), ctx, io.StringIO(), io.StringIO(), wait=interrupt)
    assert final.to_json()["state"] == "cancelled"


def test_interactive_console_follows_the_clock(fake_time, monkeypatch):
    monkeypatch.setattr(clock_console, "_tty_wait", lambda stdin: Waiter(fake_time))
    out = io.StringIO()
    assert console.run(Context(), as_json=False, stdin=Tty("clock A facing:no-bet\n"), stdout=out) == 0
    text = out.getvalue()
    assert "COUNTDOWN" in text and MSG("no_bet_check", "en") in text


def test_json_and_piped_input_answer_at_once(fake_time, monkeypatch):
    def no_wait(stdin):
        raise AssertionError("must not follow the clock")

    monkeypatch.setattr(clock_console, "_tty_wait", no_wait)
    out = io.StringIO()
    console.run(Context(), as_json=True, stdin=Tty("clock A\nclock\n"), stdout=out)
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert first["ok"] and first["ends_at"] == "2027-01-15T08:00:30.000Z" and first["state"] == "running"
    assert second["ok"] is False and second["error"]["code"] == "no_player"
    piped = io.StringIO()
    console.run(Context(), as_json=False, stdin=io.StringIO("clock A\n"), stdout=piped)
    assert "COUNTDOWN" not in piped.getvalue() and "08:00:30 UTC" in piped.getvalue()
