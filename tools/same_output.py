"""Check that a change leaves every ruling reply byte-for-byte the same (text and JSON).

    python tools/same_output.py save /tmp/before.json   # on the old code
    python tools/same_output.py check /tmp/before.json  # on the new code: lists what differs

For speed work (bench/bench_ruling.py), where nothing a user sees may change. The lines are every
hand written in tests/ (string constants that look like `... 50/100 ...: ...`) and the public
eval's inputs, each answered in every language under every ruleset: rulings, corrections, errors
with their offsets. Exit status 1 when anything differs.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.rulesets import RULESETS  # noqa: E402
from handlers.context import Context  # noqa: E402
from handlers.dispatch import handle  # noqa: E402
from handlers.i18n import LANGS  # noqa: E402
from tools.snapshot import save_or_check  # noqa: E402

RULING_WORDS = ("ruling", "裁定", "판정", "ルーリング", "룰링")


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


def answers() -> list[list[str]]:
    out = []
    for line in lines():
        for lang in LANGS:
            for ruleset in sorted(RULESETS):
                reply = handle(line, Context(lang=lang, ruleset_id=ruleset))
                out.append([line, lang, ruleset, reply.text, json.dumps(reply.to_json(), ensure_ascii=False)])
    return out


def main() -> None:
    save_or_check(sys.argv, answers, __doc__ or "")


if __name__ == "__main__":
    main()
