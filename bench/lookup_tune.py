"""Try variants of the lookup's sentence ranking on the tuning files only, and cross-validate them.

    python bench/lookup_tune.py [VARIANT ...]      # figures per variant (all of VARIANTS by default)
    python bench/lookup_tune.py --lofo             # leave-one-file-out choice over GRID
    python bench/lookup_tune.py --noise [VARIANT ...]  # with chat noise appended to dev sentences

Tuning files: our own eval, the dev sentences, the contrastive dev file and the first held-out
sentence file (measured so often that it became a dev file on 2026-12-03; tests/eval/README.md).
A newer held-out file is never read here. Each variant patches module settings of `fusion`,
`semantic` and `index`, runs every row through `handle("rule ...")` in-process, and prints top-1
/ top-3 % for sentences per file and per language over the three dev files, keywords of the own
eval, and the junk no-answer rate. `--lofo` picks, for each file in turn, the GRID setting that
does best (top-1 + top-3) on the other three and scores it on the one left out: an estimate of
what the choice is worth on sentences it never saw. Nothing here asserts.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import lookup_ablation as ab  # noqa: E402

from handlers.lookup import fusion, index, semantic  # noqa: E402

EVAL = ROOT / "tests" / "eval"
FILES = {
    "own": EVAL / "lookup_own.jsonl",
    "dev": EVAL / "lookup_dev_sentences.jsonl",
    "conf": EVAL / "lookup_dev_confusable.jsonl",
    "hs1": EVAL / "lookup_holdout_sentences.jsonl",
}
DEV = ("dev", "conf", "hs1")
MODULES = {"fusion": fusion, "semantic": semantic, "index": index}
BASE: dict[str, Any] = {
    "fusion.SEM_AGG": "maxcent", "fusion.SEM_TOPK": 2, "fusion.SEM_WEIGHT": 0.45, "fusion.SEM_WEIGHT_LANG": {},
    "fusion.SEM_FLOOR": 0.3, "fusion.SEM_RRF": 0, "fusion.SEM_KIND": (1.0, 1.0, 1.0), "fusion.SEM_TOPIC_MIN": 0.49,
    "fusion.SEM_TOPIC_WORDS_MIN": 0.40, "fusion.WORDS_SEEN_MIN": 0.4, "fusion.SHAPE_BONUS": 0.2,
    "fusion.STRIP_CHAT": True, "index.KEY_INSIDE_SENTENCE": 0.25,
    "semantic.STRIP": False, "semantic.KNN": 10, "semantic.KNN_MIX": 0.3, "semantic.CENT_MIX": 0.35,
}
# The third round's settings (2026-12-03 morning), before the mechanisms of the fourth.
ROUND3 = {"index.KEY_INSIDE_SENTENCE": 0.35, "fusion.SHAPE_BONUS": 0.0, "fusion.WORDS_SEEN_MIN": 2.0,
          "fusion.STRIP_CHAT": False}
VARIANTS: dict[str, dict[str, Any]] = {
    "round 3": ROUND3,
    "+ corpus-words topic": {**ROUND3, "fusion.WORDS_SEEN_MIN": 0.4},
    "+ key inside 0.25": {**ROUND3, "fusion.WORDS_SEEN_MIN": 0.4, "index.KEY_INSIDE_SENTENCE": 0.25},
    "+ chip shape (adopted)": {},
    "adopted shape 0.1": {"fusion.SHAPE_BONUS": 0.1},
    "adopted shape 0.15": {"fusion.SHAPE_BONUS": 0.15},
    "adopted key inside 0.15": {"index.KEY_INSIDE_SENTENCE": 0.15},
    "adopted w0.35": {"fusion.SEM_WEIGHT": 0.35},
    "adopted w0.55": {"fusion.SEM_WEIGHT": 0.55},
    "adopted w0.65": {"fusion.SEM_WEIGHT": 0.65},
    "adopted mix0.2": {"semantic.CENT_MIX": 0.2},
    "adopted mix0.5": {"semantic.CENT_MIX": 0.5},
    "adopted floor0.2": {"fusion.SEM_FLOOR": 0.2},
    "adopted floor0.4": {"fusion.SEM_FLOOR": 0.4},
    "adopted rrf20": {"fusion.SEM_RRF": 20, "fusion.SEM_WEIGHT": 0.2},
    "adopted rrf60": {"fusion.SEM_RRF": 60, "fusion.SEM_WEIGHT": 0.2},
    "adopted centroid only": {"fusion.SEM_AGG": "centroid"},
    "adopted top3 mean": {"fusion.SEM_AGG": "topk", "fusion.SEM_TOPK": 3},
    "adopted knn10": {"fusion.SEM_AGG": "knn"},
    "adopted filler strip": {"semantic.STRIP": True},
    "adopted no chat strip": {"fusion.STRIP_CHAT": False},
    "adopted words share 0.45": {"fusion.WORDS_SEEN_MIN": 0.45},
    "adopted words share 0.5": {"fusion.WORDS_SEEN_MIN": 0.5},
    "adopted words share 0.55": {"fusion.WORDS_SEEN_MIN": 0.55},
}
# --lofo: the settings chosen among, one file left out at a time.
GRID: dict[str, tuple[Any, ...]] = {
    "index.KEY_INSIDE_SENTENCE": (0.35, 0.25, 0.15),
    "fusion.SEM_WEIGHT": (0.35, 0.45, 0.55),
    "fusion.SHAPE_BONUS": (0.0, 0.1, 0.2),
}


def apply(settings: dict[str, Any]) -> None:
    for key, value in {**BASE, **settings}.items():
        mod, name = key.split(".")
        setattr(MODULES[mod], name, value)


def parse(arg: str) -> dict[str, Any]:
    """`name` of VARIANTS, or `key=value;key=value` (values are Python literals)."""
    if arg in VARIANTS:
        return VARIANTS[arg]
    import ast

    return {k: ast.literal_eval(v) for k, v in (kv.split("=", 1) for kv in arg.split(";"))}


Outcome = dict[str, list[tuple[str, str, bool, bool]]]  # file -> (group, lang, top-1, top-3) per row


def outcomes(data: dict[str, list[dict[str, Any]]]) -> Outcome:
    out: Outcome = {}
    for name, rows in data.items():
        res = []
        for row, rep in zip(rows, ab.replies(rows), strict=True):
            ids = [r["id"] for r in rep.get("results", [])]
            expect = row["expect_any"]
            ok1 = (not ids) if not expect else bool(ids) and ab.eval_lookup.matches(ids[0], expect)
            ok3 = (not ids) if not expect else any(ab.eval_lookup.matches(i, expect) for i in ids[:3])
            lang = row.get("query_lang") or row.get("lang", "en")
            res.append((ab.GROUPS.get(row.get("kind", ""), "keyword"), lang, ok1, ok3))
        out[name] = res
    return out


def pct(rows: list[tuple[str, str, bool, bool]]) -> str:
    if not rows:
        return "-"
    return f"{100 * sum(r[2] for r in rows) / len(rows):.1f}/{100 * sum(r[3] for r in rows) / len(rows):.1f}"


def line(name: str, o: Outcome) -> str:
    sent = {f: [r for r in rs if r[0] == "sentence"] for f, rs in o.items()}
    dev = [r for f in DEV for r in sent[f]]
    langs = " ".join(pct([r for r in dev if r[1] == lg]) for lg in ("ja", "ko", "en"))
    files = " ".join(pct(sent[f]) for f in FILES)
    kw = pct([r for r in o["own"] if r[0] == "keyword"])
    junk = pct([r for r in o["own"] if r[0] == "junk"]).split("/")[0]
    return f"{name[:26]:<26} {pct(dev):<10} {langs:<32} {files:<44} {kw:<11} {junk}%"


def lofo(data: dict[str, list[dict[str, Any]]]) -> None:
    keys = list(GRID)
    results: dict[tuple[Any, ...], Outcome] = {}
    for values in itertools.product(*GRID.values()):
        apply(dict(zip(keys, values, strict=True)))
        results[values] = outcomes(data)
        print(line(" ".join(f"{v}" for v in values), results[values]), flush=True)

    def score(o: Outcome, files: list[str]) -> float:
        rows = [r for f in files for r in o[f] if r[0] == "sentence"]
        return sum(r[2] + r[3] for r in rows) / len(rows)

    held: Outcome = {}
    for f in FILES:
        rest = [g for g in FILES if g != f]
        best = max(results, key=lambda v: score(results[v], rest))
        print(f"left out {f}: chose {dict(zip(keys, best, strict=True))}")
        held[f] = results[best][f]
    print(line("LOFO (each file unseen)", held))
    apply({})


# --noise: one of these appended to each dev sentence in turn (ㅋㅋ, emoji, lol: what chat adds).
NOISE = {"ko": (" ㅋㅋㅋ", " ㅠㅠ", " ㅋㅋ 😂"), "ja": ("w", " 笑", "😂😂"), "en": (" lol", " 😂", " lmao")}


def noisy(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for n, row in enumerate(rows):
        lang = row.get("query_lang") or row.get("lang", "en")
        out.append({**row, "query": row["query"] + NOISE[lang][n % 3]})
    return out


def main(argv: list[str]) -> int:
    data = {name: ab.eval_lookup.load(p) for name, p in FILES.items()}
    if argv[:1] == ["--noise"]:
        argv = argv[1:]
        data = {name: noisy(rows) if name in DEV else rows for name, rows in data.items()}
    ab.set_mode("+semantic")
    print(f"{'variant':<26} {'dev all':<10} {'dev ja / ko / en':<32} {'own / dev / conf / hs1 sentences':<44} {'own kw':<11} junk")
    if argv[:1] == ["--lofo"]:
        lofo(data)
        return 0
    for arg in argv or list(VARIANTS):
        apply(parse(arg))
        print(line(arg, outcomes(data)), flush=True)
    apply({})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
