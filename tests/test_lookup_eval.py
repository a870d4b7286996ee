"""The lookup evals through `handle()`, with the same scoring as tools/eval_lookup.py (which
runs them through the console).

The public eval must meet issue 4's targets (top-1 >= 90 %, top-3 >= 97 %). Our own eval and the
held-out set (situations and questions written before the situation work, never tuned against)
are held to floors a little below what the lookup reaches, so a change that loses ground fails.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from handlers.context import Context
from handlers.dispatch import handle
from tests.shared_files import require

ROOT = Path(__file__).resolve().parent.parent
PUBLIC = ROOT.parent / "shared" / "eval" / "lookup_public.jsonl"
OWN = ROOT / "tests" / "eval" / "lookup_own.jsonl"
HOLDOUT = ROOT / "tests" / "eval" / "lookup_holdout.jsonl"
# 204 sentences written blind to the lookup (tests/eval/README.md) and held out for three rounds
# of tuning (75/88, 76.5/88.7, 76.0/89.7 top-1/top-3); measured so often since that on
# 2026-12-03 it became a dev (tuning) file. The held-out file now is
# lookup_holdout2_sentences.jsonl, which no test runs the lookup on (bench/lookup_ablation.py
# measures it).
HOLDOUT_SENTENCES = ROOT / "tests" / "eval" / "lookup_holdout_sentences.jsonl"
# 99 everyday sentences written for tuning the semantic stage (with OWN), never the held-out sets.
DEV_SENTENCES = ROOT / "tests" / "eval" / "lookup_dev_sentences.jsonl"
# 57 contrastive sentences over the rules people confuse (tests/eval/README.md), a dev file.
DEV_CONFUSABLE = ROOT / "tests" / "eval" / "lookup_dev_confusable.jsonl"

_spec = importlib.util.spec_from_file_location("eval_lookup", ROOT / "tools" / "eval_lookup.py")
eval_lookup = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(eval_lookup)


def _replies(rows):
    return [handle("rule " + r["query"], Context(lang=r.get("lang", "en"))).to_json() for r in rows]


def test_public_lookup_eval():
    require(PUBLIC)
    rows = eval_lookup.load(PUBLIC)
    res = eval_lookup.score(rows, _replies(rows))
    detail = "\n".join(res["misses"])
    assert res["top1"] >= 0.90, f"top-1 {res['top1']:.1%}\n{detail}"
    assert res["top3"] >= 0.97, f"top-3 {res['top3']:.1%}\n{detail}"


# (kind or None for all answerable queries) -> (top-1 floor, top-3 floor)
OWN_FLOORS = {None: (0.90, 0.96), "situation": (0.84, 0.94), "question": (0.80, 0.90), "junk": (1.0, 1.0)}
HOLDOUT_FLOORS = {None: (0.78, 0.88), "situation": (0.75, 0.85), "question": (0.72, 0.85)}
HOLDOUT_SENTENCE_FLOORS = {None: (0.85, 0.94)}  # reaches 88.2 / 96.6 % (round 4 with its situations)
DEV_FLOORS = {None: (0.90, 0.97)}  # reaches 93.9 / 100 %
DEV_CONFUSABLE_FLOORS = {None: (0.94, 0.98)}  # reaches 98.2 / 100 %


def _check_floors(path, floors):
    rows = eval_lookup.load(path)
    res = eval_lookup.score(rows, _replies(rows))
    detail = "\n".join(res["misses"])
    for kind, (top1, top3) in floors.items():
        got = res if kind is None else res["kinds"][kind]
        assert got["top1"] >= top1, f"{path.name} {kind or 'all'} top-1 {got['top1']:.1%} < {top1:.0%}\n{detail}"
        assert got["top3"] >= top3, f"{path.name} {kind or 'all'} top-3 {got['top3']:.1%} < {top3:.0%}\n{detail}"


def test_own_lookup_eval():
    _check_floors(OWN, OWN_FLOORS)


def test_dev_sentences_lookup_eval():
    _check_floors(DEV_SENTENCES, DEV_FLOORS)


def test_dev_confusable_lookup_eval():
    _check_floors(DEV_CONFUSABLE, DEV_CONFUSABLE_FLOORS)


def test_dev_sentences_file_is_well_formed():
    """At least 30 sentences a language over 40 rules, all ids in the corpus, none shared with
    the other eval files or the corpus's own situations."""
    rows = eval_lookup.load(DEV_SENTENCES)
    assert all(sum(r["query_lang"] == lang for r in rows) >= 30 for lang in ("ja", "ko", "en"))
    assert len({e for r in rows for e in r["expect_any"]}) >= 40
    assert len({r["id"] for r in rows}) == len(rows) and {r["kind"] for r in rows} == {"situation"}
    from rules_data.corpus import get_corpus

    assert not {e for r in rows for e in r["expect_any"] if get_corpus().get("tda2026", e) is None}
    others = {r["query"] for p in (OWN, HOLDOUT, HOLDOUT_SENTENCES) for r in eval_lookup.load(p)}
    situations = {s for e in index_for_tda().entries for ss in e.situations.values() for s in ss}
    assert not {r["query"] for r in rows} & (others | situations)


def index_for_tda():
    from engine.rulesets import RULESETS
    from handlers.lookup import index_for

    return index_for(RULESETS["tda2026"])


def test_holdout_lookup_eval():
    _check_floors(HOLDOUT, HOLDOUT_FLOORS)


def test_holdout_sentences_lookup_eval():
    _check_floors(HOLDOUT_SENTENCES, HOLDOUT_SENTENCE_FLOORS)


def test_holdout_file_is_well_formed():
    rows = eval_lookup.load(HOLDOUT)
    assert len(rows) >= 60
    assert {r["kind"] for r in rows} == {"situation", "question"}
    by_lang = [sum(r["query_lang"] == lang for r in rows) for lang in ("ja", "ko", "en")]
    assert min(by_lang) * 3 >= len(rows) - 3  # about a third each
    assert len({r["id"] for r in rows}) == len(rows)
    own = {r["query"] for r in eval_lookup.load(OWN)}
    assert not own & {r["query"] for r in rows}, "held-out queries must not be in the tuning set"
    from rules_data.corpus import get_corpus

    missing = {e for r in rows for e in r["expect_any"] if get_corpus().get("tda2026", e) is None}
    assert not missing, missing


def test_own_eval_file_is_well_formed():
    rows = eval_lookup.load(OWN)
    assert len(rows) >= 150
    kinds = {r["kind"] for r in rows}
    assert {"term", "typo", "kana", "question", "cross", "situation"} <= kinds
    assert sum(r["kind"] == "situation" for r in rows) * 3 >= len(rows)
    assert {r["query_lang"] for r in rows} == {"ja", "ko", "en"}
    assert len({r["id"] for r in rows}) == len(rows)


def test_console_and_handle_agree():
    """The tool's console run and the in-process run give the same first results."""
    rows = eval_lookup.load(OWN)[:40]
    via_console = eval_lookup.run_console(rows)
    in_process = _replies(rows)
    assert [r["results"][:1] for r in via_console] == [r["results"][:1] for r in in_process]
