"""The lookup eval files themselves, without running the lookup on them.

An eval row whose expected id is not in the corpus can never be answered, so it would count as a
miss for ever and quietly lower every figure measured on that file; these tests catch a mistyped
or renumbered id in any `tests/eval/*.jsonl` as soon as it lands. The second held-out set is also
checked for its shape (a third per language, situations and questions, 1 to 3 ids a row), and for
not sharing a sentence with the files the lookup was tuned on or with the corpus's own situations.
No test here asks the lookup anything: the held-out sets are measured once, by hand.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from rules_data.corpus import get_corpus

EVAL_DIR = Path(__file__).resolve().parent / "eval"
EVAL_FILES = sorted(EVAL_DIR.glob("lookup_*.jsonl"))  # (cjk_holdout_variants.jsonl: rulings, tests/test_reading_cjk_holdout.py)
HOLDOUT2 = EVAL_DIR / "lookup_holdout2_sentences.jsonl"


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_eval_files_are_found():
    assert HOLDOUT2 in EVAL_FILES and len(EVAL_FILES) >= 2


@pytest.mark.parametrize("path", EVAL_FILES, ids=lambda p: p.name)
def test_every_expected_id_is_in_the_corpus(path: Path):
    corpus = get_corpus()
    rows = _rows(path)
    assert rows, f"{path.name} is empty"
    missing = sorted({(r["id"], e) for r in rows for e in r.get("expect_any", []) if corpus.get("tda2026", e) is None})
    assert not missing, f"{path.name}: ids not in the tda2026 corpus: {missing}"
    assert len({r["id"] for r in rows}) == len(rows), f"{path.name}: duplicate row ids"


def test_holdout2_shape():
    rows = _rows(HOLDOUT2)
    assert set(rows[0]) == {"id", "lang", "kind", "query", "expect_any"}
    assert all(set(r) == set(rows[0]) for r in rows)
    by_lang = Counter(r["lang"] for r in rows)
    assert set(by_lang) == {"ja", "ko", "en"} and min(by_lang.values()) >= 60
    kinds = Counter(r["kind"] for r in rows)
    assert set(kinds) == {"situation", "question"} and kinds["situation"] * 3 >= len(rows) * 1.8
    assert all(1 <= len(r["expect_any"]) <= 3 for r in rows)
    assert all(r["id"].startswith(f"H2-{r['lang']}-") for r in rows)
    firsts = Counter(r["expect_any"][0] for r in rows)
    assert max(firsts.values()) <= 6, firsts.most_common(3)
    assert len({e for r in rows for e in r["expect_any"]}) >= 90


def test_holdout2_shares_no_sentence_with_other_evals_or_the_corpus():
    mine = {r["query"] for r in _rows(HOLDOUT2)}
    others = {r["query"] for p in EVAL_FILES if p != HOLDOUT2 for r in _rows(p)}
    situations = {s for e in get_corpus().entries("tda2026") for ss in e.situations.values() for s in ss}
    assert not mine & others
    assert not mine & situations


REDTEAM_DEV = EVAL_DIR / "lookup_redteam_dev.jsonl"
REDTEAM_HOLDOUT = EVAL_DIR / "lookup_redteam_holdout.jsonl"


def test_redteam_split_is_a_third_per_language_and_disjoint():
    """The red-team set was split before tuning, a third of each language held out; a row that
    moved between the files, or a held-out sentence that also sits in the corpus's situations,
    would mean the held-out figure was tuned on."""
    dev, held = _rows(REDTEAM_DEV), _rows(REDTEAM_HOLDOUT)
    for rows in (dev, held):
        assert all(set(r) == {"id", "lang", "kind", "query", "expect_any"} for r in rows)
        assert all(r["kind"] in ("situation", "question") and 1 <= len(r["expect_any"]) <= 3 for r in rows)
        assert all(r["id"].split("-")[1] == r["lang"] for r in rows)
    everything = dev + held
    assert len({r["id"] for r in everything}) == len(everything)
    assert min(Counter(r["lang"] for r in everything).values()) >= 50
    # every third row of each batch and language, counted from 1, is the held-out one
    assert all(int(r["id"].rsplit("-", 1)[1]) % 3 == 0 for r in held)
    assert all(int(r["id"].rsplit("-", 1)[1]) % 3 != 0 for r in dev)
    situations = {s for e in get_corpus().entries("tda2026") for ss in e.situations.values() for s in ss}
    assert not {r["query"] for r in everything} & situations
