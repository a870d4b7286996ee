"""The real console, as a subprocess, settling a hand: JSON Lines in the spec's `pot` shape."""

from __future__ import annotations

import json

from tests.test_console import run_console
from tests.test_pot_discord import POT_HAND


def test_pot_through_the_console_as_json_lines() -> None:
    """`pot` (and `ポット`, answered in Japanese) give one spec-shaped JSON object per line."""
    bad = POT_HAND.replace("showdown: A > B = C", "showdown: A > B")
    proc = run_console(["pot " + POT_HAND, "ポット " + POT_HAND, "pot " + bad], "--json")
    assert proc.returncode == 0, proc.stderr
    en, ja, err = [json.loads(line) for line in proc.stdout.splitlines()]
    assert en["ok"] and en["command"] == "pot" and en["pots"] == ja["pots"]
    assert ja["lang"] == "ja" and "メインポット" in ja["text"]
    assert [p["winners"] for p in en["pots"]] == [["A"], ["B", "C"]]
    assert not err["ok"] and err["error"]["code"] == "showdown_missing" and err["error"]["at"] is not None
