"""Check that a change leaves every ruling reply byte-for-byte the same (text and JSON).

    python tools/same_output.py save /tmp/before.json   # on the old code
    python tools/same_output.py check /tmp/before.json  # on the new code: lists what differs
    python tools/same_output.py fixture [--lines]        # after an intended change: tests/fixtures/

For speed work (bench/bench_ruling.py), where nothing a user sees may change. The lines are every
hand written in tests/ (string constants that look like `... 50/100 ...: ...`) and the public
eval's inputs, each answered in every language under every ruleset: rulings, corrections, errors
with their offsets. Exit status 1 when anything differs.

The same check runs in the test suite over a fixed corpus (tests/test_same_output.py): the lines
and one digest per answer (text and JSON, per language and ruleset) in
tests/fixtures/same_output.json. After a change that is meant to alter replies, `fixture` writes
the digests again for the corpus lines; `fixture --lines` first gathers the lines afresh from
tests/ and the eval (new hands in the tests join the corpus).
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.rulesets import RULESETS  # noqa: E402
from handlers.context import Context  # noqa: E402
from handlers.dispatch import handle  # noqa: E402
from handlers.i18n import LANGS  # noqa: E402
from tools.snapshot import save_or_check  # noqa: E402

RULING_WORDS = ("ruling", "裁定", "판정", "ルーリング", "룰링")
FIXTURE = ROOT / "tests" / "fixtures" / "same_output.json"


def lines() -> list[str]:
    found: set[str] = set()
    for path in sorted((ROOT / "tests").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                s = node.value
                if re.search(r"\d\s*/\s*\d", s) and (":" in s or "：" in s) and len(s) < 1500:
                    found.add(s if s.split(maxsplit=1)[:1] and s.split()[0] in RULING_WORDS else "ruling " + s)
    for path in sorted((ROOT.parent / "shared" / "eval").glob("rulings*.jsonl")):
        for row in path.read_text(encoding="utf-8").splitlines():
            if row.strip():
                found.add(json.loads(row)["input"])
    return sorted(found)


def answers(of: list[str] | None = None) -> list[list[str]]:
    """`[line, lang, ruleset, text, json]` for every line (of `lines()` unless given), language and ruleset."""
    out = []
    for line in lines() if of is None else of:
        for lang in LANGS:
            for ruleset in sorted(RULESETS):
                reply = handle(line, Context(lang=lang, ruleset_id=ruleset))
                out.append([line, lang, ruleset, reply.text, json.dumps(reply.to_json(), ensure_ascii=False)])
    return out


def digest(text: str, json_text: str) -> str:
    """An answer's text and JSON in 16 hex digits: enough to see any change, small to keep."""
    return hashlib.sha256(f"{text}\0{json_text}".encode()).hexdigest()[:16]


def digests(corpus: list[str]) -> list[list[str]]:
    """`[line, "<digest> <digest> ..."]` for each line: one digest per language and ruleset, in the
    fixture's order (languages as `LANGS`, rulesets sorted)."""
    rows = answers(corpus)
    per = len(LANGS) * len(RULESETS)
    return [[line, " ".join(digest(r[3], r[4]) for r in rows[i * per:(i + 1) * per])] for i, line in enumerate(corpus)]


def read_fixture(path: Path = FIXTURE) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def write_fixture(corpus: list[str], path: Path = FIXTURE) -> int:
    """Write the corpus and its digests (one JSON row a line, so that a change reads as a diff)."""
    rows = digests(corpus)
    head = {"langs": list(LANGS), "rulesets": sorted(RULESETS),
            "regenerate": "python tools/same_output.py fixture  (--lines: gather the lines afresh)"}
    body = ",\n".join("  " + json.dumps(row, ensure_ascii=False) for row in rows)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(head, ensure_ascii=False)[:-1] + ', "answers": [\n' + body + "\n]}\n",
                    encoding="utf-8")
    return len(rows)


def main() -> None:
    if sys.argv[1:2] == ["fixture"]:
        fresh = sys.argv[2:] == ["--lines"]
        if sys.argv[2:] not in ([], ["--lines"]):
            sys.exit(__doc__ or "")
        kept = read_fixture()["answers"] if FIXTURE.exists() and not fresh else None
        corpus = lines() if kept is None else [row[0] for row in kept]
        n = write_fixture(corpus)
        print(f"wrote {n} lines ({n * len(LANGS) * len(RULESETS)} answers) to {FIXTURE.relative_to(ROOT)}")
        return
    save_or_check(sys.argv, answers, __doc__ or "")


if __name__ == "__main__":
    main()
