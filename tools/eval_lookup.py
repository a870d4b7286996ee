"""Run the lookup evals through the real console and print top-1 / top-3, overall and by kind.

    python tools/eval_lookup.py                 # public eval + ours + held-out
    python tools/eval_lookup.py --failures      # also list every miss with what came first
    python tools/eval_lookup.py FILE.jsonl ...  # other files of the same shape

Each file's queries are fed as `rule <query>` lines to `python bot.py --console --json`, one
process per channel language (so replies come in the language the query was asked in), and the
`results` of each JSON reply are scored: a hit is a result whose id is in `expect_any` (or is a
part of an expected rule: `45-A` counts for `45`). Queries with an empty `expect_any` (kind
`junk`) pass when the reply has no results. Scoring lives here, not in the bot, so the figures
are those of what a user would see.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PUBLIC = ROOT.parent / "shared" / "eval" / "lookup_public.jsonl"
OWN = ROOT / "tests" / "eval" / "lookup_own.jsonl"
# Situations and questions written before the situation work and never tuned against.
HOLDOUT = ROOT / "tests" / "eval" / "lookup_holdout.jsonl"


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def run_console(rows: list[dict[str, Any]], ruleset: str = "tda2026") -> list[dict[str, Any]]:
    """Replies for `rows`, in order: one console process per language, many lines each."""
    replies: dict[int, dict[str, Any]] = {}
    by_lang: dict[str, list[int]] = defaultdict(list)
    for i, row in enumerate(rows):
        by_lang[row.get("lang", "en")].append(i)
    for lang, idxs in by_lang.items():
        stdin = "".join("rule " + rows[i]["query"].replace("\n", " ") + "\n" for i in idxs)
        proc = subprocess.run(
            [sys.executable, "bot.py", "--console", "--json", "--lang", lang, "--ruleset", ruleset],
            input=stdin, capture_output=True, text=True, cwd=ROOT, check=True,
        )
        lines = [ln for ln in proc.stdout.splitlines() if ln.strip()]
        if len(lines) != len(idxs):
            raise SystemExit(f"console answered {len(lines)} lines for {len(idxs)} queries ({lang})\n{proc.stderr}")
        for i, line in zip(idxs, lines, strict=True):
            replies[i] = json.loads(line)
    return [replies[i] for i in range(len(rows))]


def matches(result_id: str, expect: list[str]) -> bool:
    return any(result_id == e or result_id.startswith(e + "-") for e in expect)


def score(rows: list[dict[str, Any]], replies: list[dict[str, Any]]) -> dict[str, Any]:
    """Per-kind and overall counts; junk rows count separately (they have no right answer)."""
    kinds: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # n, top1, top3
    misses: list[str] = []
    for row, reply in zip(rows, replies, strict=True):
        kind = row.get("kind") or row.get("lang", "?")
        ids = [r["id"] for r in reply.get("results", [])]
        expect = row["expect_any"]
        if not expect:
            ok1 = ok3 = not ids
        else:
            ok1 = bool(ids) and matches(ids[0], expect)
            ok3 = any(matches(i, expect) for i in ids[:3])
        k = kinds[kind]
        k[0] += 1
        k[1] += ok1
        k[2] += ok3
        if not ok1:
            misses.append(f"  {row['id']} [{kind}] {row['query']!r}: want {expect}, got {ids[:3]} ({reply.get('confidence')})")
    answered = [v for k, v in kinds.items() if k != "junk"]
    n = sum(v[0] for v in answered)
    return {
        "n": n,
        "top1": sum(v[1] for v in answered) / n if n else 0.0,
        "top3": sum(v[2] for v in answered) / n if n else 0.0,
        "kinds": {k: {"n": v[0], "top1": v[1] / v[0], "top3": v[2] / v[0]} for k, v in sorted(kinds.items())},
        "misses": misses,
    }


def evaluate(path: Path) -> dict[str, Any]:
    rows = load(path)
    return score(rows, run_console(rows))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--failures", action="store_true", help="list every query whose first result is wrong")
    args = parser.parse_args(argv)
    files = args.files or [p for p in (PUBLIC, OWN, HOLDOUT) if p.exists()]
    for path in files:
        res = evaluate(path)
        print(f"{path.name}: {res['n']} queries  top-1 {res['top1']:.1%}  top-3 {res['top3']:.1%}")
        for kind, v in res["kinds"].items():
            label = "no-answer rate" if kind == "junk" else "top-1"
            print(f"  {kind:<10} n={v['n']:<4} {label} {v['top1']:.1%}  top-3 {v['top3']:.1%}")
        if args.failures and res["misses"]:
            print("\n".join(res["misses"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
