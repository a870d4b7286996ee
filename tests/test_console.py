"""The real console, as a subprocess: the public rulings eval, JSON Lines, exit codes, no discord."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.shared_files import require

ROOT = Path(__file__).resolve().parent.parent
PUBLIC_RULINGS = ROOT.parent / "shared" / "eval" / "rulings_public.jsonl"


def run_console(lines: list[str], *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "bot.py", "--console", *flags], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def lookup(reply: dict[str, Any], path: str) -> Any:
    """`actions.B.ruled` → the last action of B's `ruled`; plain keys otherwise."""
    if path.startswith("actions."):
        _, player, key = path.split(".")
        return [a for a in reply["actions"] if a["player"] == player][-1][key]
    return reply[path]


def test_public_rulings_eval_through_the_console() -> None:
    require(PUBLIC_RULINGS)
    cases = [json.loads(line) for line in PUBLIC_RULINGS.read_text(encoding="utf-8").splitlines() if line.strip()]
    by_ruleset: dict[str, list[dict[str, Any]]] = {}
    for case in cases:
        by_ruleset.setdefault(case.get("ruleset", "tda2026"), []).append(case)
    failures = []
    for ruleset, group in by_ruleset.items():
        proc = run_console([c["input"] for c in group], "--json", "--ruleset", ruleset)
        assert proc.returncode == 0, proc.stderr
        replies = [json.loads(line) for line in proc.stdout.splitlines()]
        assert len(replies) == len(group)
        for case, reply in zip(group, replies, strict=True):
            for path, want in case["expect"].items():
                if not reply["ok"] or lookup(reply, path) != want:
                    failures.append((case["id"], path, want, reply.get("error") or lookup(reply, path)))
    assert not failures, failures


def test_json_lines_and_exit_zero_with_rejected_commands() -> None:
    proc = run_console(["ruling NL 50/100 flop: A bet 100, B?", "ruling nonsense", "/ruling NL 50/100 flop: A bet 100, B?",
                        "frobnicate", ""], "--json", "--lang", "ja")
    assert proc.returncode == 0 and proc.stderr == ""
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [r["ok"] for r in replies] == [True, False, True, False]
    assert all(r["lang"] == "ja" and r["ruleset"] == "tda2026" and "text" in r and "citations" in r for r in replies)
    assert replies[1]["error"]["code"] and replies[3]["error"]["code"] == "unknown_command"


def test_text_mode_reads_like_the_discord_reply() -> None:
    proc = run_console(["ruling NL 50/100 flop: A bet 100, B allin 125, C call, D allin 200, E call"])
    assert proc.returncode == 0
    assert "Action is on A" in proc.stdout and "W 200 − L 100 = 100 ≥ 100" in proc.stdout
    assert "Rule 49-A" in proc.stdout and "pokertda.com" in proc.stdout


def test_console_path_never_imports_discord() -> None:
    code = ("import sys, io; sys.argv=['bot.py','--console','--json']; sys.stdin=io.StringIO('ruling NL 50/100 flop: A bet 100, B?\\n');"
            "import bot; bot.main(['--console','--json']); assert 'discord' not in sys.modules, 'discord imported'")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[0])["ok"] is True


def test_bad_flag_is_a_usage_error_not_a_traceback() -> None:
    proc = subprocess.run([sys.executable, "bot.py", "--console", "--ruleset", "tda1999"], input="", capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and "invalid choice" in proc.stderr and "Traceback" not in proc.stderr


def test_not_acted_mentions_blinds_only_for_a_player_who_posted_one():
    # On the flop nobody posted a blind: the aside about blinds would only confuse the floor.
    from handlers.context import Context
    from handlers.dispatch import handle

    flop = handle("ruling NL 100/200 flop: A bet 400, B?", Context()).text
    assert "has not acted yet this round, so no reopening test applies" in flop
    assert "blind" not in flop.split("\n")[0]
    bb = handle("ruling NL 100/200 preflop: UTG raise 600, SB fold, BB?", Context()).text
    assert "(posting a blind does not count)" in bb.split("\n")[0]
    utg = handle("ruling NL 100/200 preflop: UTG raise 600, CO?", Context()).text
    assert "blind" not in utg.split("\n")[0]
