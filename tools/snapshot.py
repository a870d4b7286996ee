"""`save` / `check` of a list of answers, shared by tools/same_output.py (rulings) and
tools/same_lookup.py (word lookups): a speed change must leave every answer as it was.

Each answer is a row `[input, how, ruleset, text, json]`; the first three say what was asked and
must match between the saved file and now (else the inputs changed: save again on the old code).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

Row = list[str]


def save_or_check(argv: list[str], answers: Callable[[], list[Row]], usage: str, saved_note: str = "") -> None:
    """`argv` is `[prog, save|check, file]`; exits 1 when `check` finds an answer that differs."""
    if len(argv) != 3 or argv[1] not in ("save", "check"):
        sys.exit(usage)
    path = Path(argv[2])
    now = answers()
    if argv[1] == "save":
        path.write_text(json.dumps(now, ensure_ascii=False), encoding="utf-8")
        print(f"saved {len(now)} answers{saved_note} to {path}")
        return
    before = json.loads(path.read_text(encoding="utf-8"))
    if [row[:3] for row in before] != [row[:3] for row in now]:
        sys.exit("the inputs differ from the saved ones (tests, eval files or corpus changed?): save again on the old code")
    differ = [(b, a) for b, a in zip(before, now, strict=True) if b != a]
    print(f"checked {len(now)} answers: {len(differ)} differ")
    for b, a in differ[:5]:
        print(f"\n{b[:3]}\n  before: {(b[3] or b[4])[:300]!r}\n  after:  {(a[3] or a[4])[:300]!r}")
    sys.exit(1 if differ else 0)
