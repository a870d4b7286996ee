"""The lookup cache's first build runs in a child process (handlers.lookup.build), so a bot on a
machine without the cache never holds the scan's temporaries; what it reads back is the same
index, and a child that fails leaves the scan to the process itself."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.rulesets import get_ruleset
from handlers.lookup import cache, fusion
from handlers.lookup.index import Index
from rules_data.corpus import get_corpus

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ["string bet", "オーバーチップ", "칩 한 개", "misdeal", "45"]
SNIPPET = """
import json, sys
from engine.rulesets import get_ruleset
from handlers.lookup import search
import handlers.lookup.cache as cache
built = []
real = cache.build_in_child
cache.build_in_child = lambda rid: built.append(rid) or real(rid)
rs = get_ruleset("tda2026")
out = [[h.id for h in search(q, "en", rs, semantic=False).hits] for q in json.loads(sys.argv[1])]
print(json.dumps({"built": built, "hits": out}))
"""


def _run(cache_dir: str) -> dict:
    env = {**os.environ, "FLOORCALL_CACHE_DIR": cache_dir, "FLOORCALL_SEMANTIC": "0"}
    proc = subprocess.run([sys.executable, "-c", SNIPPET, json.dumps(QUERIES)], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=180)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout)


def test_a_missing_cache_is_built_by_a_child_and_answers_as_a_scan_in_process(tmp_path: Path) -> None:
    first = _run(str(tmp_path))
    assert first["built"] == ["tda2026"]
    assert len(list(tmp_path.glob("lookup-tda2026-*.npz"))) == 1
    again = _run(str(tmp_path))
    assert again["built"] == [], "a cache that is there is read, not built again"
    no_cache = _run("")  # no cache at all: scanned in the process itself
    assert no_cache["built"] == []
    assert first["hits"] == again["hits"] == no_cache["hits"]
    assert all(first["hits"])


def test_a_child_that_fails_leaves_the_scan_to_this_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLOORCALL_CACHE_DIR", str(tmp_path))
    asked: list[str] = []
    monkeypatch.setattr(cache, "build_in_child", lambda rid: asked.append(rid) or False)
    built = Index(get_corpus(), get_ruleset("tda2026"), in_child=True)
    assert asked == ["tda2026"]
    assert list(tmp_path.glob("lookup-tda2026-*.npz")), "the scan done here is written for next time"
    monkeypatch.setenv("FLOORCALL_CACHE_DIR", "")
    plain = Index(get_corpus(), get_ruleset("tda2026"))
    assert built.vocab == plain.vocab
    for q in QUERIES:
        assert fusion.rank(built, q, semantic=False).hits == fusion.rank(plain, q, semantic=False).hits, q


def test_the_build_command_refuses_an_unknown_ruleset() -> None:
    proc = subprocess.run([sys.executable, "-m", "handlers.lookup.build", "tda1999"], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and "usage" in proc.stderr and "tda2026" in proc.stderr
