"""Player names as echoed back: bidi controls removed, invisible names refused (issue 10)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import FloorcallError
from engine.notation.names import BIDI_CONTROLS, clean_name, strip_bidi
from handlers.context import Context
from handlers.dispatch import handle

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", ["A", "Seat 4", "ナカムラ", "김철수", "👨\u200d👩\u200d👧", "O'Neil"])
def test_ordinary_names_come_back_unchanged(name):
    assert clean_name(name, 0) == name


@pytest.mark.parametrize("control", sorted(BIDI_CONTROLS))
def test_every_bidi_control_is_removed(control):
    assert clean_name(f"A{control}001 teb", 0) == "A001 teb"
    assert strip_bidi(f"x{control}y") == "xy"


def test_stray_zero_width_characters_do_not_make_a_second_spelling():
    assert clean_name("A\u200b", 0) == clean_name("\ufeffA\u2060", 0) == "A"
    assert clean_name("\u200dA\u200c", 0) == "A"  # joiners trimmed at the ends, kept inside
    assert clean_name("a\u200db", 0) == "a\u200db"


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("\u200b", "U+200B"),
        ("\u200b\u200c\u200d\u2060\ufeff", "U+200B U+200C U+200D U+2060 …"),
        ("\u3164", "U+3164"),  # Hangul filler: a letter that draws nothing
        ("\u202e\u200b", "U+202E U+200B"),
        ("\u2800", "U+2800"),
        ("\u0301", "U+0301"),  # a lone combining mark
    ],
)
def test_names_with_nothing_visible_are_refused_with_offset_and_what_was_there(name, shown):
    with pytest.raises(FloorcallError) as info:
        clean_name(f"  {name}", 10, hint="seat 4")
    err = info.value
    assert (err.code, err.at, err.hint, err.params["chars"]) == ("invisible_name", 12, "seat 4", shown)


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_clock_on_an_invisible_name_is_a_localized_error(lang):
    reply = handle("clock \u200b", Context(lang=lang))
    assert not reply.ok and reply.error is not None
    assert (reply.error.code, reply.error.at, reply.error.hint) == ("invisible_name", 6, {"en": "seat 4", "ja": "4番席", "ko": "4번 좌석"}[lang])
    assert "U+200B" in reply.error.message
    others = {"en", "ja", "ko"} - {lang}
    assert all(reply.error.message != handle("clock \u200b", Context(lang=o)).error.message for o in others)


def test_clock_shows_the_name_without_bidi_controls():
    reply = handle("clock A\u202eB facing:bet", Context())
    assert reply.ok and reply.data["player"] == "AB"
    assert not any(c in BIDI_CONTROLS for c in reply.text)


def test_invisible_clock_player_through_the_console():
    proc = subprocess.run([sys.executable, "bot.py", "--console", "--json"], input="clock player:\u200b\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    reply = json.loads(proc.stdout)
    assert reply["ok"] is False and reply["error"]["code"] == "invisible_name"
