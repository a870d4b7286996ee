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
    if len(sys.argv) != 3 or sys.argv[1] not in ("save", "check"):
        sys.exit(__doc__)
    path = Path(sys.argv[2])
    now = answers()
    if sys.argv[1] == "save":
        path.write_text(json.dumps(now, ensure_ascii=False), encoding="utf-8")
        print(f"saved {len(now)} replies to {path}")
        return
    before = json.loads(path.read_text(encoding="utf-8"))
    if [row[:3] for row in before] != [row[:3] for row in now]:
        sys.exit("the lines differ from the saved ones (tests changed?): save again on the old code")
    differ = [(b, a) for b, a in zip(before, now, strict=True) if b != a]
    print(f"checked {len(now)} replies: {len(differ)} differ")
    for b, a in differ[:5]:
        print(f"\n{b[:3]}\n  before: {b[3][:300]!r}\n  after:  {a[3][:300]!r}")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
