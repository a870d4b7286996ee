"""Figures for the rule corpus and the lookup: load time, index build time, query latency.

    python bench/lookup_bench.py

Prints corpus load (TOML parse + validation, cold and repeated), index build per ruleset (a
fresh scan of the corpus, and a load from the on-disk cache of an earlier scan), and
p50 / p99 / max latency of `search()` over every query of the public and our own eval (the
target is p99 <= 1 ms on the full corpus) per kind (numbers, keywords, sentences with the
encoder: target p99 <= 150 ms), the corpus vectors' build (cold <= 30 s, cached <= 0.5 s), RSS
before and after the encoder loads, autocomplete latency over typed prefixes of the same
queries, and the ablation table of bench/lookup_ablation.py. Wall-clock on this machine;
nothing here asserts.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from engine.rulesets import RULESETS  # noqa: E402
from handlers import autocomplete, lookup, normalize  # noqa: E402
from handlers.lookup import lexical, semantic  # noqa: E402
from rules_data.corpus import get_corpus, load_corpus  # noqa: E402

EVALS = (
    ROOT.parent / "shared" / "eval" / "lookup_public.jsonl",
    ROOT / "tests" / "eval" / "lookup_own.jsonl",
    ROOT / "tests" / "eval" / "lookup_holdout.jsonl",
    ROOT / "tests" / "eval" / "lookup_holdout_sentences.jsonl",
)


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def ms(x: float) -> str:
    return f"{x * 1000:.3f} ms"


def main() -> int:
    t0 = time.perf_counter()
    corpus = get_corpus()
    cold = time.perf_counter() - t0
    loads = []
    for _ in range(5):
        t = time.perf_counter()
        load_corpus()
        loads.append(time.perf_counter() - t)
    sizes = {ed: len(corpus.entries(ed)) for ed in corpus.by_edition}
    print(f"corpus: {sizes}, {len(corpus.files)} files")
    print(f"corpus load: cold {ms(cold)}, repeated median {ms(statistics.median(loads))}")
    with tempfile.TemporaryDirectory() as cache:
        for rid, rs in RULESETS.items():
            figures = []
            for where in ("", cache, cache):  # no cache; first run writes it; later runs read it
                os.environ["FLOORCALL_CACHE_DIR"] = where
                builds = []
                for _ in range(1 if where and not figures[1:] else 3):
                    lookup.features.cache_clear()  # each build cold, as at start-up
                    normalize.fold.cache_clear()
                    t = time.perf_counter()
                    idx = lookup.Index(corpus, rs)
                    builds.append(time.perf_counter() - t)
                figures.append(statistics.median(builds))
            print(
                f"index build {rid}: scan {ms(figures[0])} (median of 3), first run writing the cache "
                f"{ms(figures[1])}, from the cache {ms(figures[2])} (median of 3) "
                f"({len(idx.entries)} entries, {len(idx.keys)} keys)"
            )
        os.environ.pop("FLOORCALL_CACHE_DIR")
    rs = RULESETS["tda2026"]
    rss0 = _rss_mb()
    with tempfile.TemporaryDirectory() as cache:
        os.environ["FLOORCALL_CACHE_DIR"] = cache
        idx = lookup.Index(corpus, rs)
        t = time.perf_counter()
        semantic.encoder().encode("warm")
        load = time.perf_counter() - t
        rss1 = _rss_mb()
        t = time.perf_counter()
        vec = semantic.Vectors(idx)
        cold = time.perf_counter() - t
        t = time.perf_counter()
        semantic.Vectors(idx)
        warm = time.perf_counter() - t
        t = time.perf_counter()
        lookup.Index(corpus, rs)
        semantic.Vectors(idx)
        both = time.perf_counter() - t
        os.environ.pop("FLOORCALL_CACHE_DIR")
    print(f"encoder load + first query {ms(load)}; corpus vectors ({len(vec.owner)} texts): embedded {ms(cold)}, "
          f"from the cache {ms(warm)}; index + vectors from the cache {ms(both)}")
    print(f"RSS: {rss0:.0f} MB before the encoder, {rss1:.0f} MB with it, {_rss_mb():.0f} MB with the corpus vectors")
    rows = [json.loads(line) for p in EVALS if p.exists() for line in p.read_text("utf-8").splitlines() if line.strip()]
    queries = [r["query"] for r in rows]
    lookup.index_for(rs)  # built outside the timings, as at run time after the first query
    kinds: dict[str, list[float]] = {}
    for r in rows:
        lookup.search(r["query"], "en", rs)
    for _ in range(3):
        for r in rows:
            q = r["query"]
            _cold_query_caches()
            t = time.perf_counter()
            res = lookup.search(q, "en", rs)
            dt = time.perf_counter() - t
            kind = "number" if res.by_number else ("sentence (semantic)" if res.semantic else "keyword/short")
            kinds.setdefault(kind, []).append(dt)
    for kind, ts in sorted(kinds.items()):
        print(f"  {kind:<20} n={len(ts) // 3:<4} p50 {ms(pct(ts, 50))}, p99 {ms(pct(ts, 99))}, max {ms(max(ts))}")
    print(f"sentence threshold: {lexical.SENTENCE_WORDS} English content words or {lexical.SENTENCE_CHARS} ja/ko characters")
    for q in queries:
        lookup.search(q, "en", rs)  # warm caches once
    times: list[float] = []
    for _ in range(5):
        for q in queries:
            _cold_query_caches()
            t = time.perf_counter()
            lookup.search(q, "en", rs)
            times.append(time.perf_counter() - t)
    print(
        f"search over {len(queries)} eval queries x5: p50 {ms(pct(times, 50))}, p90 {ms(pct(times, 90))}, "
        f"p99 {ms(pct(times, 99))}, max {ms(max(times))}"
    )
    slow = sorted(((max(_time(q, rs) for _ in range(3)), q) for q in queries), reverse=True)[:5]
    print("slowest: " + "; ".join(f"{q!r} {ms(t)}" for t, q in slow))
    prefixes = [q[:n] for q in queries for n in range(0, len(q) + 1, 3)]
    ac: list[float] = []
    for p in prefixes:
        _cold_query_caches()
        t = time.perf_counter()
        autocomplete.choices(p, "ja", rs)
        ac.append(time.perf_counter() - t)
    print(f"autocomplete over {len(prefixes)} typed prefixes: p50 {ms(pct(ac, 50))}, p99 {ms(pct(ac, 99))}")
    print("\nablation (python bench/lookup_ablation.py):")
    import lookup_ablation

    lookup_ablation.main([])
    return 0


def _rss_mb() -> float:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def _cold_query_caches() -> None:
    """Forget folded strings and features, so a repeated query costs what a new one would."""
    lookup.features.cache_clear()
    normalize.fold.cache_clear()


def _time(q: str, rs: object) -> float:
    _cold_query_caches()
    t = time.perf_counter()
    lookup.search(q, "en", rs)  # type: ignore[arg-type]
    return time.perf_counter() - t


if __name__ == "__main__":
    sys.exit(main())
