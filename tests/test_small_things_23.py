"""Issue 23's small things people see: "1 minutes", the `--help` blinds line, `usage: bot.py` for
the installed command, `rule 45 46`, a stack of 10^30, and a two-player hand read with blinds
nobody typed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from handlers.blinds.model import BlindClock
from handlers.blinds.structure import parse_structure
from handlers.blinds.text import announcement
from handlers.context import Context
from handlers.dispatch import handle

ROOT = Path(__file__).resolve().parent.parent
T0 = 1_800_000_000.0


def test_one_minute_is_singular_in_english_only():
    clock = BlindClock(parse_structure("1m: 100/200, break 1m, 200/400, 300/600"), T0)
    level = announcement(clock, T0 + 1, "en")
    assert "1 minute." in level and "1 minutes" not in level
    brk = announcement(clock, T0 + 61, "en")
    assert brk.startswith("Break for 1 minute:")
    assert "2 minutes." in announcement(BlindClock(parse_structure("2m: 100/200, 200/400"), T0), T0 + 1, "en")
    assert "1分です" in announcement(clock, T0 + 1, "ja")


def test_help_puts_a_long_usage_on_a_line_of_its_own():
    out = subprocess.run([sys.executable, "bot.py", "--help"], cwd=ROOT, capture_output=True, text=True,
                         timeout=60).stdout
    [usage] = [line for line in out.splitlines() if line.startswith("  blinds [")]
    assert usage.endswith("stop]")
    following = out.splitlines()[out.splitlines().index(usage) + 1]
    assert following.strip().startswith("the blind clock") and following.startswith(" " * 23)
    assert out.startswith("usage: bot.py")


def test_the_installed_command_is_named_in_its_usage():
    code = "import sys; sys.argv[0] = '/usr/local/bin/floorcall'; import bot; bot.main(['--help'])"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.stdout.startswith("usage: floorcall"), result.stdout[:80]


def test_several_rule_numbers_offer_exactly_those():
    reply = handle("rule 45 46", Context())
    assert [r["id"] for r in reply.data["results"]] == ["45", "46"]
    assert handle("rule 46 45", Context()).data["results"][0]["id"] == "46"
    words = handle("rule 45 oversized", Context())
    assert "results" in words.data  # words among them: the lookup as before


def test_a_stack_past_the_limit_is_called_too_large():
    reply = handle("pot NL 100/200 stacks A 1000000000000000000000000000000 B 500 preflop: A allin, B call",
                   Context())
    assert not reply.ok and reply.error is not None and reply.error.code == "stack_too_large"
    assert "too large" in reply.headline and "1,000,000,000,000,000,000" in reply.headline
    assert reply.error.at == len("pot NL 100/200 stacks A ")


def test_two_players_typed_and_the_blinds_seated_by_the_reader_say_how_to_type_heads_up():
    line = "pot NL 100/200 preflop: A raise 600, B call"
    reply = handle(line, Context())
    assert reply.error is not None and reply.error.code == "hand_not_finished_seated"
    assert "only A, B were typed" in reply.headline and reply.error.hint == "stacks A 5000 B 5000"
    fixed = handle("pot NL 100/200 stacks A 5000 B 5000 preflop: A raise 600, B call", Context())
    assert fixed.ok, fixed.headline
    named = handle("pot NL 100/200 preflop: A raise 600, B call, SB fold", Context())
    assert named.error is not None and named.error.code == "hand_not_finished"  # BB, typed by nobody but seated
