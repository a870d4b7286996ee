"""The rule lookup answers the same in every process: Python randomises string hashing per
process, and the lexical scores add features in an order that follows it, so equal scores could
differ in their last bits and swap places between two bots. Ranking rounds them first.

Each process builds its own index (a cache directory of its own): the build used to follow the
hash order too (keys and features taken from sets), so two bots that built their caches apart
could tie-break the fuzzy key matches differently and differ by a few thousandths ("silent call":
47 at 0.997 in one process, 1.0 in another)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUERIES = [("ja", "tda2009", "ミニマムレイズ"), ("ja", "tda2026", "オーバーチップ"), ("ko", "tda2026", "칩 한 개"),
           ("en", "tda2026", "one chip"), ("en", "jp-basic", "raise amount"), ("ko", "jp-basic", "레이즈 금액"),
           ("ja", "tda2026", "クロック"), ("en", "tda2009", "clock"), ("en", "tda2026", "string bet"),
           ("ja", "jp-basic", "同点"), ("ko", "tda2026", "사이드팟"), ("en", "tda2026", "dead button"),
           # found differing between independently built indexes (scores or order)
           ("en", "tda2026", "silent call"), ("en", "tda2026", "table tap"), ("en", "tda2026", "stub"),
           ("en", "tda2026", "Showing Cards on Live Streams"), ("en", "tda2026", "Showing Cards onLive Streams")]

SNIPPET = """
import json, sys
from handlers.context import Context
from handlers.dispatch import handle
out = []
for lang, rs, q in json.loads(sys.argv[1]):
    r = handle("rule " + q, Context(lang=lang, ruleset_id=rs)).to_json()
    out.append([[x["id"], x.get("score")] for x in r.get("results", [])])
print(json.dumps(out))
"""


def test_the_same_queries_rank_the_same_under_different_hash_seeds(tmp_path: Path) -> None:
    answers = []
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "FLOORCALL_CACHE_DIR": str(tmp_path / seed),
               "FLOORCALL_SEMANTIC": "0"}  # keyword queries: the lexical index is what is built
        proc = subprocess.run([sys.executable, "-c", SNIPPET, json.dumps(QUERIES)], capture_output=True, text=True,
                              cwd=ROOT, env=env, timeout=120)
        assert proc.returncode == 0, proc.stderr[-2000:]
        answers.append(json.loads(proc.stdout))
    assert all(answers[0][i] for i in range(len(QUERIES))), "every query should find something"
    assert answers[0] == answers[1] == answers[2]
