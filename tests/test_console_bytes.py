"""Every byte sequence into the console gets a valid reply out, and console clocks do not pile up.

The console runs as a real process (`python bot.py --console`), fed bytes: random ones, invalid
UTF-8 inside real commands, under strict, replace and surrogateescape decoding and under encodings
that cannot write the replies. Nothing may print a traceback or "something went wrong", and
with `--json` every line out must be one valid UTF-8 JSON object written by one formatter (no
spaces after `,` or `:`, as orjson writes them).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SORRY = "Something went wrong on our side"


def console(data: bytes, *args: str, encoding: str | None = None) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "LC_ALL", "LANG")}
    env["FLOORCALL_CACHE_DIR"] = ""
    if encoding is not None:
        env["PYTHONIOENCODING"] = encoding
    return subprocess.run([sys.executable, "bot.py", "--console", *args], cwd=ROOT, env=env, input=data,
                          capture_output=True, timeout=300)


def fuzz_lines(seed: int, count: int) -> bytes:
    """Commands with bad bytes inside, and lines of random bytes."""
    rng = random.Random(seed)
    bad = [b"\xff", b"\xe9", b"\xc3", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x80\x80", b"\xe3\x81", b"\x00",
           b"\x1b[2J", b"\r", b"\xef\xbb\xbf", "\u2028".encode(), "\udcff".encode("utf-8", "surrogatepass")]
    heads = [b"rule ", b"rule caf", b"ruling NL 100/200 preflop: A raise 600, B", b"pot NL 100/200 preflop: A allin, B call",
             b"clock ", b"blinds ", b"help ", "ルール ".encode(), "판정 ".encode(), b""]
    out = []
    for _ in range(count):
        if rng.random() < 0.3:
            out.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60))).replace(b"\n", b" "))
        else:
            line = rng.choice(heads) + b"".join(rng.choice(bad) + bytes([rng.randrange(97, 123)])
                                                 for _ in range(rng.randrange(1, 5)))
            out.append(line)
    return b"\n".join(out) + b"\n"


def assert_json_lines(result: subprocess.CompletedProcess[bytes], expected: int | None = None) -> None:
    assert b"Traceback" not in result.stderr and b"Traceback" not in result.stdout, result.stderr[-2000:]
    assert result.returncode == 0, result.stderr[-2000:]
    lines = result.stdout.splitlines()
    for raw in lines:
        text = raw.decode("utf-8")  # strict: every line is valid UTF-8
        obj = json.loads(text)
        assert isinstance(obj, dict) and "ok" in obj and SORRY not in text
        assert ", \"" not in text[:40] and "\": " not in text[:40]  # one formatter: orjson's compact form
    if expected is not None:
        assert len(lines) == expected


@pytest.mark.parametrize("encoding", [None, "utf-8:strict", "utf-8:replace", "utf-8:surrogateescape",
                                      "latin-1:strict", "ascii:strict", "cp932:strict", "shift_jis:replace",
                                      "euc-kr:strict"])
def test_fuzzed_bytes_give_one_valid_utf8_json_line_each(encoding):
    data = fuzz_lines(hash(encoding) & 0xFFFF, 150)
    result = console(data, "--json", encoding=encoding)
    assert_json_lines(result)
    answered = result.stdout.count(b"\n")
    assert answered >= sum(1 for line in data.splitlines() if line.strip(b" \t\r\x0b\x0c")) // 2


@pytest.mark.parametrize("encoding", ["utf-8:strict", "ascii:strict"])
def test_fuzzed_bytes_in_text_mode_never_break_the_console(encoding):
    result = console(fuzz_lines(7, 120), encoding=encoding)
    assert result.returncode == 0, result.stderr[-2000:]
    assert b"Traceback" not in result.stderr and SORRY.encode() not in result.stdout


@pytest.mark.parametrize("encoding", ["utf-16:strict", "utf-32:replace"])
def test_an_encoding_lines_cannot_be_read_in_is_one_line(encoding):
    result = console(b"rule 45\n", "--json", encoding=encoding)
    assert result.returncode == 2 and result.stdout == b""
    [line] = result.stderr.decode().splitlines()
    assert line.startswith("floorcall: the console reads lines of text") and "PYTHONIOENCODING" in line


def test_the_issues_lines():
    """The three lines of issue 23: a rule query with \\xff, `rule caf\\xe9` under strict
    decoding, and invalid UTF-8 with --json."""
    plain = console(b"rule what happens if a player \xff raises out of turn\n")
    assert plain.returncode == 0 and b"Traceback" not in plain.stderr and SORRY.encode() not in plain.stdout
    assert b"Rule 55" in plain.stdout  # the out-of-turn rule, read past the bad byte
    strict = console(b"rule caf\xe9\n", "--json", encoding="utf-8:strict")
    assert_json_lines(strict, 1)
    assert json.loads(strict.stdout)["query"] == "caf\ufffd"
    echoed = console(b"ruling NL 100/200 preflop: A raise 600, B \xff\xfe\n", "--json")
    assert_json_lines(echoed, 1)


MEMORY_SCRIPT = r"""
import io, sys
sys.path.insert(0, {root!r})
from handlers import console
from handlers.context import Context

def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])

class Lines(io.TextIOBase):
    def __init__(self, n, first):
        self.n, self.i, self.first = n, 0, first
    def isatty(self):
        return False
    def readline(self):
        if self.i >= self.n:
            return ""
        self.i += 1
        return f"clock Player{{self.first + self.i}}\n"

out = open("/dev/null", "w")
console.run(Context(), as_json=True, stdin=Lines(10_000, 0), stdout=out)
before = rss()
console.run(Context(), as_json=True, stdin=Lines(100_000, 10_000), stdout=out)
print(before, rss())
"""


def test_memory_stays_flat_over_100000_clock_lines():
    """One session of 10,000 `clock PlayerN` lines warms up; 100,000 more different players must
    not grow the process (it went 23.5 -> 42.1 MB over 50,000: every clock was kept)."""
    result = subprocess.run([sys.executable, "-c", MEMORY_SCRIPT.format(root=str(ROOT))], cwd=ROOT,
                            capture_output=True, text=True, timeout=600,
                            env={**os.environ, "FLOORCALL_CACHE_DIR": ""})
    assert result.returncode == 0, result.stderr[-2000:]
    before, after = map(int, result.stdout.split())
    assert after - before < 3 * 1024, (before, after)  # kB; 100,000 kept clocks were ~40 MB
