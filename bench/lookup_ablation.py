"""Ablation of the rule lookup's stages: lexical only / + morphology / + semantic / both.

    python bench/lookup_ablation.py [--failures MODE] [FILE.jsonl ...]

Each eval row goes through `handle("rule <query>")` in-process with the stages of one mode
switched on, and its `results` are scored as tools/eval_lookup.py scores them (a hit is an
expected id or one of its parts; junk passes with no results). Printed per file: top-1 / top-3
per language for sentences (situation, question) and keywords (term, kana, typo, cross,
number), and the junk no-answer rate. Nothing here asserts.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from handlers import lookup, normalize  # noqa: E402
from handlers.context import Context  # noqa: E402
from handlers.dispatch import handle  # noqa: E402
from handlers.lookup import language, morph, semantic  # noqa: E402

_spec = importlib.util.spec_from_file_location("eval_lookup", ROOT / "tools" / "eval_lookup.py")
eval_lookup = importlib.util.module_from_spec(_spec)  # type: ignore[arg-type]
_spec.loader.exec_module(eval_lookup)  # type: ignore[union-attr]

FILES = (
    ROOT.parent / "shared" / "eval" / "lookup_public.jsonl",
    ROOT / "tests" / "eval" / "lookup_own.jsonl",
    ROOT / "tests" / "eval" / "lookup_dev_sentences.jsonl",
    ROOT / "tests" / "eval" / "lookup_dev_confusable.jsonl",
    ROOT / "tests" / "eval" / "lookup_holdout.jsonl",
    ROOT / "tests" / "eval" / "lookup_holdout_sentences.jsonl",
    ROOT / "tests" / "eval" / "lookup_holdout2_sentences.jsonl",
)
MODES: dict[str, tuple[tuple[str, ...], bool]] = {
    "lexical": ((), False),
    "+morph ja": (("ja",), False),
    "+morph ja,ko": (("ja", "ko"), False),
    "+semantic": ((), True),
    "both (ja)": (("ja",), True),
    "both (ja,ko)": (("ja", "ko"), True),
}
GROUPS = {"situation": "sentence", "question": "sentence", "junk": "junk"}


def set_mode(name: str) -> None:
    """Switch the stages of `name` on, with every cache of the other modes forgotten."""
    langs, sem = MODES[name]
    morph.configure(langs)
    os.environ["FLOORCALL_SEMANTIC"] = "1" if sem else "0"
    language.features.cache_clear()
    normalize.fold.cache_clear()
    lookup._INDEXES.clear()


def replies(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [handle("rule " + r["query"], Context(lang=r.get("lang", "en"))).to_json() for r in rows]


def table(rows: list[dict[str, Any]], reps: list[dict[str, Any]]) -> dict[tuple[str, str], list[int]]:
    """(group, lang) -> [n, top-1, top-3], groups sentence / keyword / junk, lang ja/ko/en/all."""
    out: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for row, rep in zip(rows, reps, strict=True):
        ids = [r["id"] for r in rep.get("results", [])]
        expect = row["expect_any"]
        if not expect:
            ok1 = ok3 = not ids
        else:
            ok1 = bool(ids) and eval_lookup.matches(ids[0], expect)
            ok3 = any(eval_lookup.matches(i, expect) for i in ids[:3])
        group = GROUPS.get(row.get("kind", ""), "keyword")
        for lang in (row.get("query_lang") or row.get("lang", "en"), "all"):
            c = out[(group, lang)]
            c[0] += 1
            c[1] += ok1
            c[2] += ok3
    return out


def fmt(c: list[int] | None) -> str:
    if not c or not c[0]:
        return "     -     "
    return f"{100 * c[1] / c[0]:3.0f}/{100 * c[2] / c[0]:3.0f} n{c[0]:<3}"


def main(argv: list[str]) -> int:
    failures = None
    if argv[:1] == ["--failures"]:
        failures, argv = argv[1], argv[2:]
    files = [Path(a) for a in argv] or [p for p in FILES if p.exists()]
    data = {p: eval_lookup.load(p) for p in files}
    for path, rows in data.items():
        print(f"\n{path.name} ({len(rows)} rows): top-1/top-3 % per group and query language")
        print(f"{'mode':<14} " + " ".join(f"{g[:4]}-{lang:<3}    " for g in ("sentence", "keyword") for lang in ("ja", "ko", "en", "all")) + " junk-none")
        for mode in MODES:
            set_mode(mode)
            reps = replies(rows)
            t = table(rows, reps)
            cells = [fmt(t.get((g, lang))) for g in ("sentence", "keyword") for lang in ("ja", "ko", "en", "all")]
            junk = t.get(("junk", "all"))
            print(f"{mode:<14} " + " ".join(cells) + (f"  {100 * junk[1] / junk[0]:3.0f}%" if junk else "   -"))
            if failures == mode:
                res = eval_lookup.score(rows, reps)
                print("\n".join(res["misses"]))
    semantic._VECTORS.clear()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
