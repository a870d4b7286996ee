"""tools/discord_shots.py: the capture through the fake Discord and the HTML drawing work (the
PNG step needs Chromium and is for people to look at; it is not run here)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("discord_shots", ROOT / "tools" / "discord_shots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["discord_shots"] = module
    spec.loader.exec_module(module)
    return module


async def test_capture_records_messages_and_modals_and_the_pages_draw_them(tmp_path: Path) -> None:
    shots_tool = _tool()
    scenarios = [s for s in shots_tool.SCENARIOS if s[0] in ("ruling", "pot", "ruling-error", "ruling-entry")]
    shots = await shots_tool.capture(scenarios, langs=("en", "ja"))
    assert [(s["name"], s["lang"]) for s in shots] == [(n, lang) for lang in ("en", "ja") for n, _, _ in scenarios]
    by = {(s["name"], s["lang"]): s for s in shots}
    ruling = by["ruling", "en"]["messages"][0]["embeds"][0]
    assert ruling["description"].startswith("C to act · call **1,600**")
    assert by["ruling-error", "ja"]["messages"][0]["ephemeral"]
    assert "modal" in by["ruling-entry", "en"] and "messages" not in by["ruling-entry", "en"]
    pages = shots_tool.write_pages(shots, tmp_path)
    assert len(pages) == 2 * len(shots)
    phone = (tmp_path / "ruling-en-400.html").read_text(encoding="utf-8")
    assert "C to act · call <b>1,600</b>" in phone and "width:400px" in phone
    error = (tmp_path / "ruling-error-en-900.html").read_text(encoding="utf-8")
    assert "<u><b>rase</b></u>" in error and "Only you can see this" in error
    pot = (tmp_path / "pot-ja-400.html").read_text(encoding="utf-8")
    assert "<pre>" not in pot, "no monospace table for the pots"
    assert "<label>" in (tmp_path / "ruling-entry-ja-400.html").read_text(encoding="utf-8")


def test_markdown_is_drawn_as_discord_reads_it() -> None:
    md = _tool().markdown
    assert md("call **1,600**") == "call <b>1,600</b>"
    assert md("\\*\\*not bold\\*\\*") == "**not bold**"
    assert md("`/ruling hand:x`") == "<code>/ruling hand:x</code>"
    assert md("[Rule 1](https://example.org/x)") == '<a href="https://example.org/x">Rule 1</a>'
    assert md("```\nA: W 1 < 2\n```") == "<pre>A: W 1 &lt; 2</pre>"
    assert md("a __**b**__ c") == "a <u><b>b</b></u> c"
