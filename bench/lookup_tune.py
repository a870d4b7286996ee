"""Try variants of the lookup's semantic stage on the tuning sets only: own eval + dev sentences.

    python bench/lookup_tune.py [VARIANT ...]

The held-out files are never read here (they stay honest: measured once, after the choices are
frozen, with tools/eval_lookup.py). Each variant patches module settings of `fusion` and
`semantic`, runs every row through `handle("rule ...")` in-process, and prints top-1 / top-3 %
for sentences per language, keywords, and the junk no-answer rate. Nothing here asserts.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import lookup_ablation as ab  # noqa: E402

from handlers.lookup import fusion, semantic  # noqa: E402

FILES = (ROOT / "tests" / "eval" / "lookup_own.jsonl", ROOT / "tests" / "eval" / "lookup_dev_sentences.jsonl")
BASE: dict[str, Any] = {
    "fusion.SEM_AGG": "maxcent", "fusion.SEM_TOPK": 2, "fusion.SEM_WEIGHT": 0.45, "fusion.SEM_WEIGHT_LANG": {},
    "fusion.SEM_FLOOR": 0.3, "fusion.SEM_RRF": 0, "fusion.SEM_KIND": (1.0, 1.0, 1.0), "fusion.SEM_TOPIC_MIN": 0.49,
    "semantic.STRIP": False, "semantic.KNN": 10, "semantic.KNN_MIX": 0.3, "semantic.CENT_MIX": 0.35,
}
# The settings before this tuning (README "Rule lookup": weight 0.3, floor 0.4, an entry's closest text).
BEFORE = {"fusion.SEM_AGG": "max", "fusion.SEM_WEIGHT": 0.3, "fusion.SEM_FLOOR": 0.4}
VARIANTS: dict[str, dict[str, Any]] = {
    "before": BEFORE,
    "adopted": {},
    "top2": {**BEFORE, "fusion.SEM_AGG": "topk", "fusion.SEM_TOPK": 2},
    "top3": {**BEFORE, "fusion.SEM_AGG": "topk", "fusion.SEM_TOPK": 3},
    "centroid": {**BEFORE, "fusion.SEM_AGG": "centroid"},
    "max+centroid": {**BEFORE, "fusion.SEM_AGG": "maxcent", "semantic.CENT_MIX": 0.5},
    "adopted centroid w0.35": {"fusion.SEM_AGG": "centroid", "fusion.SEM_WEIGHT": 0.35},
    "adopted mix0.5": {"semantic.CENT_MIX": 0.5},
    "adopted mix0.2": {"semantic.CENT_MIX": 0.2},
    "knn10": {**BEFORE, "fusion.SEM_AGG": "knn"},
    "knn20-0.5": {**BEFORE, "fusion.SEM_AGG": "knn", "semantic.KNN": 20, "semantic.KNN_MIX": 0.5},
    "strip": {**BEFORE, "semantic.STRIP": True},
    "w0.4": {**BEFORE, "fusion.SEM_WEIGHT": 0.4},
    "w0.5": {**BEFORE, "fusion.SEM_WEIGHT": 0.5},
    "floor0.3": {**BEFORE, "fusion.SEM_FLOOR": 0.3},
    "rrf20": {**BEFORE, "fusion.SEM_RRF": 20, "fusion.SEM_WEIGHT": 0.2},
    "rrf60": {**BEFORE, "fusion.SEM_RRF": 60, "fusion.SEM_WEIGHT": 0.2},
    "adopted en0.25": {"fusion.SEM_WEIGHT_LANG": {"en": 0.25}},
    "adopted strip": {"semantic.STRIP": True},
    "adopted w0.35": {"fusion.SEM_WEIGHT": 0.35},
    "adopted w0.55": {"fusion.SEM_WEIGHT": 0.55},
    "adopted floor0.4": {"fusion.SEM_FLOOR": 0.4},
}


def apply(settings: dict[str, Any]) -> None:
    for key, value in {**BASE, **settings}.items():
        mod, name = key.split(".")
        setattr({"fusion": fusion, "semantic": semantic}[mod], name, value)


def parse(arg: str) -> dict[str, Any]:
    """`name` of VARIANTS, or `key=value,key=value` (values are Python literals)."""
    if arg in VARIANTS:
        return VARIANTS[arg]
    import ast

    return {k: ast.literal_eval(v) for k, v in (kv.split("=", 1) for kv in arg.split(";"))}


def main(argv: list[str]) -> int:
    data = {p: ab.eval_lookup.load(p) for p in FILES}
    ab.set_mode("+semantic")
    print(f"{'variant':<28} {'own sent ja/ko/en/all':<34} {'own kw':<9} junk  {'dev ja/ko/en/all':<34} own+dev sent")
    for arg in argv or list(VARIANTS):
        apply(parse(arg))
        cells: list[str] = []
        tot = [0, 0, 0]
        for path, rows in data.items():
            t = ab.table(rows, ab.replies(rows))
            cells.append(" ".join(ab.fmt(t.get(("sentence", lg)))[:7] for lg in ("ja", "ko", "en", "all")))
            if "own" in path.name:
                cells.append(ab.fmt(t.get(("keyword", "all")))[:7])
                j = t.get(("junk", "all"), [1, 0, 0])
                cells.append(f"{100 * j[1] / j[0]:3.0f}%")
            s = t.get(("sentence", "all"), [0, 0, 0])
            tot = [a + b for a, b in zip(tot, s, strict=True)]
        cells.append(f"{100 * tot[1] / tot[0]:.1f}/{100 * tot[2] / tot[0]:.1f}")
        print(f"{arg[:28]:<28} " + "  ".join(cells), flush=True)
    apply({})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
