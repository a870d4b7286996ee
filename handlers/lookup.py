"""Find the rule a person means from whatever they typed, in any of the three languages.

Candidates come from two cheap sources: an in-memory SQLite FTS5 index with the trigram
tokenizer (one row per entry, columns weighted by bm25: titles and keywords count most,
situations, summaries and parts less), queried as an OR of the query's trigrams, and a
rapidfuzz `ratio` pass over every title and keyword of the query's scripts (catches typos the
trigrams miss). Very short queries ("端数", "BB") skip both and scan keys for substrings.

Candidates are then re-ranked in tiers against their titles and keywords: exact, prefix,
substring, then fuzzy (`ratio` on space-free forms, `partial_ratio` discounted when a short key
sits inside a long query, `token_sort_ratio` for English word order). Whole situations typed in
a hurry rarely share a title; for them an entry's situation phrases, summary and parts are
scored by how much of the query's rarer trigrams they contain (IDF-weighted containment).

Confidence comes from the gap between the best two scores: a clear leader is answered directly,
a close call is answered with "did you mean" alternatives, and junk gets suggestions only.
"""

from __future__ import annotations

import math
import sqlite3
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Literal

from rapidfuzz import fuzz, process

from engine.rulesets import Ruleset
from handlers.normalize import compact, fold, scripts, trigrams
from handlers.rule_ids import parse_rule_id
from rules_data.corpus import Corpus, Entry, get_corpus

Confidence = Literal["direct", "ambiguous", "none"]

DIRECT_MIN = 0.74  # best score needed to answer without alternatives
DIRECT_GAP = 0.06  # ... and its lead over the runner-up
ANSWER_MIN = 0.42  # below this nothing fits: suggestions only
HOUSE_BONUS = 0.03  # jp-basic: a house rule speaks before TDA on the same subject
GAME_BONUS = 0.06
GAME_PENALTY = 0.8
FTS_GRAMS = 12  # rarest query trigrams sent to FTS: more costs time and adds only common noise
FTS_LIMIT = 20
FUZZY_CUTOFF = 62
PARTIAL_MAX = 30  # partial_ratio is the slow scorer; beyond this length the substring tiers suffice
TEXT_GRAMS = 24
TEXT_CANDIDATES = 12
BREVITY_GRAMS = 12

# bm25 column weights: title, keywords, situations, summary, parts
_BM25 = (10.0, 8.0, 5.0, 2.0, 1.5)
_PHRASE_WEIGHT = {"situation": 0.94, "part": 0.8, "summary": 0.76}
_SEP = "\x1f"  # between keys in one FTS column: no query trigram can span two keys

GAME_WORDS: dict[str, str] = {
    **dict.fromkeys(["holdem", "hold'em", "nlh", "nlhe", "lhe", "texas", "ホールデム", "ホールデン", "홀덤"], "holdem"),
    **dict.fromkeys(["omaha", "plo", "オマハ", "오마하"], "omaha"),
    **dict.fromkeys(["stud", "razz", "スタッド", "스터드", "스터드포커"], "stud"),
    **dict.fromkeys(["draw", "ドロー", "드로우", "드로"], "draw"),
    **dict.fromkeys(["mixed", "mix", "horse", "ミックス", "믹스"], "mixed"),
}


def game_of(word: str) -> str | None:
    """The corpus game named by `word` (`stud`, `スタッド`, `홀덤` ...), or None."""
    w = word.strip().casefold().replace("’", "'")
    return GAME_WORDS.get(w) or GAME_WORDS.get(w.replace("'", ""))


@dataclass(frozen=True)
class Hit:
    """One ranked answer: the entry's id (a part id for number queries like `45-A`) and a 0..1 score."""

    id: str
    score: float
    entry: Entry = field(repr=False, compare=False)


@dataclass(frozen=True)
class LookupResult:
    query: str
    hits: tuple[Hit, ...]
    confidence: Confidence
    by_number: bool = False
    game: str | None = None

    @property
    def best(self) -> Hit | None:
        return self.hits[0] if self.hits else None


@dataclass(frozen=True)
class _Key:
    comp: str  # folded, spaces removed
    folded: str
    entry: int
    weight: float
    latin: bool


class Index:
    """Everything one ruleset's lookup needs, built once from the corpus (see `bench/`)."""

    def __init__(self, corpus: Corpus, ruleset: Ruleset) -> None:
        seen: dict[str, Entry] = {}
        for edition in ruleset.corpora or (ruleset.edition,):
            for e in corpus.entries(edition):
                seen.setdefault(e.id, e)
        self.entries: list[Entry] = list(seen.values())
        self.house_first = ruleset.edition == "jp-basic"
        self.keys: list[_Key] = []
        self.exact: dict[str, set[int]] = defaultdict(set)
        self.buckets: dict[str, list[_Key]] = defaultdict(list)
        self.entry_keys: list[list[_Key]] = [[] for _ in self.entries]
        self.phrases: list[list[tuple[frozenset[str], float]]] = [[] for _ in self.entries]
        self.short_text: list[str] = []  # compact titles+keywords+summary per entry, for tiny queries
        df: dict[str, int] = defaultdict(int)
        rows: list[tuple[int, str, str, str, str, str]] = []
        raw_phrases: list[list[tuple[set[str], float]]] = []
        for i, e in enumerate(self.entries):
            aliases = [(t, 1.0) for t in e.title.values()]
            aliases += [(k, 0.97) for kws in e.keywords.values() for k in kws]
            for text, weight in aliases:
                f = fold(text)
                c = compact(f)
                if not c:
                    continue
                key = _Key(c, f, i, weight, "latin" in scripts(f))
                self.keys.append(key)
                self.entry_keys[i].append(key)
                self.exact[c].add(i)
                for s in scripts(f) or {"other"}:
                    self.buckets[s].append(key)
            texts = [("situation", s) for sits in e.situations.values() for s in sits]
            texts += [("summary", s) for s in e.summary.values()]
            texts += [("part", p) for part in e.parts.values() for p in part.values()]
            mine: list[tuple[set[str], float]] = []
            grams_all: set[str] = set()
            for kind, text in texts:
                g = _grams(fold(text))
                mine.append((g, _PHRASE_WEIGHT[kind]))
                grams_all |= g
            for key in self.entry_keys[i]:
                grams_all |= _grams(key.folded)
            for g in grams_all:
                df[g] += 1
            raw_phrases.append(mine)
            self.short_text.append(_SEP.join([k.comp for k in self.entry_keys[i]] + [compact(fold(s)) for _, s in texts]))
            rows.append(
                (
                    i,
                    _column([t for t, _ in aliases[: len(e.title)]]),
                    _column([k for kws in e.keywords.values() for k in kws]),
                    _column([s for sits in e.situations.values() for s in sits]),
                    _column(list(e.summary.values())),
                    _column([p for part in e.parts.values() for p in part.values()]),
                )
            )
        n = max(len(self.entries), 1)
        self.idf: dict[str, float] = {g: math.log(1 + n / c) for g, c in df.items()}
        self.default_idf = math.log(1 + n)
        for i, mine in enumerate(raw_phrases):
            self.phrases[i] = [(frozenset(g), w) for g, w in mine]
        self.db = sqlite3.connect(":memory:", check_same_thread=False)
        self.db.execute("CREATE VIRTUAL TABLE docs USING fts5(title, keywords, situations, summary, parts, tokenize='trigram')")
        self.db.executemany("INSERT INTO docs(rowid, title, keywords, situations, summary, parts) VALUES (?,?,?,?,?,?)", rows)
        weights = ", ".join(str(w) for w in _BM25)
        self._bm25_sql = f"SELECT rowid, bm25(docs, {weights}) AS r FROM docs WHERE docs MATCH ? ORDER BY r LIMIT {FTS_LIMIT}"
        self.entry_comps = [[k.comp for k in keys] for keys in self.entry_keys]
        self.entry_weights = [[k.weight for k in keys] for keys in self.entry_keys]
        self.entry_folded = [[k.folded for k in keys] for keys in self.entry_keys]
        self.bucket_comps: dict[str, list[str]] = {s: [k.comp for k in ks] for s, ks in self.buckets.items()}
        self.bucket_owner: dict[int, list[int]] = {
            id(self.bucket_comps[s]): [k.entry for k in ks] for s, ks in self.buckets.items()
        }
        self.by_id = {e.id: i for i, e in enumerate(self.entries)}

    # -- candidates ---------------------------------------------------------------------------

    def _fts(self, qgrams: list[str]) -> dict[int, float]:
        """Entries sharing the query's rarest trigrams, bm25-ranked, scaled so the best is 1."""
        usable = [g for g in qgrams if len(g) == 3 and '"' not in g][:FTS_GRAMS]
        if not usable:
            return {}
        match = " OR ".join(f'"{g}"' for g in usable)
        rows = self.db.execute(self._bm25_sql, (match,)).fetchall()
        if not rows:
            return {}
        best = rows[0][1] or -1.0
        return {rowid: (r / best if best else 0.0) for rowid, r in rows}

    def _fuzzy(self, qc: str, qscripts: frozenset[str]) -> dict[int, float]:
        """Entries with a title or keyword close to the whole query (typos): rapidfuzz ratio."""
        pools = [self.bucket_comps[s] for s in (qscripts or self.bucket_comps.keys()) if s in self.bucket_comps]
        out: dict[int, float] = {}
        for comps, owners in ((c, self.bucket_owner[id(c)]) for c in pools):
            for _, score, idx in process.extract(qc, comps, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF, limit=12):
                e = owners[idx]
                out[e] = max(out.get(e, 0.0), score / 100)
        return out

    # -- scoring ------------------------------------------------------------------------------

    def _alias_score(self, i: int, q: str, qc: str, latin: bool) -> float:
        """Tiers against the entry's titles and keywords: exact, prefix, substring, then fuzzy."""
        comps = self.entry_comps[i]
        weights = self.entry_weights[i]
        lq = len(qc)
        best = 0.0
        for kc, w in zip(comps, weights, strict=True):
            if kc == qc:
                return w
            if lq >= 2 and qc in kc:
                s = (0.86 if kc.startswith(qc) else 0.8) + 0.1 * lq / len(kc)
            elif len(kc) >= 2 and kc in qc:
                s = 0.5 + 0.42 * len(kc) / lq  # a short key inside a long query says less
            else:
                continue
            if s * w > best:
                best = s * w
        if best >= 0.9:
            return best
        found = process.extractOne(qc, comps, scorer=fuzz.ratio)
        if found:
            best = max(best, found[1] / 100 * 0.9 * weights[found[2]])
        if 3 <= lq <= PARTIAL_MAX:
            found = process.extractOne(qc, comps, scorer=fuzz.partial_ratio, score_cutoff=70)
            if found:
                lk = len(comps[found[2]])
                if lk >= 3:
                    short, long_ = min(lq, lk), max(lq, lk)
                    best = max(best, found[1] / 100 * (0.45 + 0.4 * short / long_) * weights[found[2]])
        if latin and " " in q:
            found = process.extractOne(q, self.entry_folded[i], scorer=fuzz.token_sort_ratio, score_cutoff=60)
            if found:
                best = max(best, found[1] / 100 * 0.9 * weights[found[2]])
        return best

    def _text_score(self, i: int, qset: frozenset[str], qw: dict[str, float], total: float) -> float:
        """How much of the query's (rare-weighted) trigrams one situation, summary or part holds."""
        best = 0.0
        for grams, weight in self.phrases[i]:
            common = qset & grams
            if common:
                s = sum(qw[g] for g in common) / total * weight
                if s > best:
                    best = s
        return best

    def search(self, query: str, game: str | None = None, limit: int = 5) -> LookupResult:
        q = fold(query)
        qc = compact(q)
        if not qc:
            return LookupResult(query, (), "none", game=game)
        latin = "latin" in scripts(q)
        scores: dict[int, float] = {}
        if len(qc) < 3:
            exact = self.exact.get(qc, set())
            for i, comps in enumerate(self.entry_comps):
                if i in exact:
                    scores[i] = 1.0
                elif any(k.startswith(qc) for k in comps):
                    scores[i] = 0.82
                elif any(qc in k for k in comps):
                    scores[i] = 0.72
                elif qc in self.short_text[i]:
                    scores[i] = 0.6
        else:
            idf, dflt = self.idf, self.default_idf
            qw = {g: idf.get(g, dflt) for g in _grams(q)}
            ranked_grams = sorted(qw, key=lambda g: -qw[g])
            bm = self._fts(ranked_grams)
            fz = self._fuzzy(qc, scripts(q))
            qset = frozenset(ranked_grams[:TEXT_GRAMS])
            qw_top = {g: qw[g] for g in qset}
            top_total = sum(qw_top.values())
            text_cands = set(list(bm)[:TEXT_CANDIDATES])
            # A situation match needs a situation-sized query: a few trigrams shared by chance
            # must not outscore the titles ("hello" is not a rule).
            brevity = min(1.0, 0.5 + 0.5 * len(qw) / BREVITY_GRAMS)
            for i in set(bm) | set(fz) | self.exact.get(qc, set()):
                alias = self._alias_score(i, q, qc, latin)
                text = self._text_score(i, qset, qw_top, top_total) * brevity if i in text_cands else 0.0
                scores[i] = max(alias, text) + 0.04 * bm.get(i, 0.0) + 0.03 * min(alias, text)
        ranked: list[tuple[float, int]] = []
        for i, s in scores.items():
            e = self.entries[i]
            if game is not None:
                s = s + GAME_BONUS if game in e.games else (s if "all" in e.games else s * GAME_PENALTY)
            if self.house_first and e.kind == "house":
                s += HOUSE_BONUS
            ranked.append((min(s, 1.0), i))
        ranked.sort(key=lambda t: (-t[0], t[1]))
        hits = tuple(Hit(self.entries[i].id, round(s, 3), self.entries[i]) for s, i in ranked[:limit])
        return LookupResult(query, hits, _confidence([h.score for h in hits]), game=game)


def _confidence(scores: list[float]) -> Confidence:
    if not scores or scores[0] < ANSWER_MIN:
        return "none"
    gap = scores[0] - (scores[1] if len(scores) > 1 else 0.0)
    if scores[0] >= DIRECT_MIN and (gap >= DIRECT_GAP or scores[0] >= 0.99 and gap > 0):
        return "direct"
    return "ambiguous"


def _grams(folded: str) -> set[str]:
    """Trigrams for containment scoring.

    Latin text is padded and keeps its spaces, so "hello" cannot be assembled from "the l",
    "well" and "allow"; Japanese and Korean also get their space-free trigrams, because their
    spacing varies from writer to writer ("칩 한 개", "칩한개").
    """
    grams = trigrams(f" {folded} ")
    if scripts(folded) - {"latin"}:
        grams |= trigrams(compact(folded))
    return grams


def _column(texts: list[str]) -> str:
    out: list[str] = []
    for t in texts:
        f = fold(t)
        out.append(f)
        if " " in f:
            out.append(compact(f))
    return _SEP.join(out)


_INDEXES: dict[str, Index] = {}


def index_for(ruleset: Ruleset, corpus: Corpus | None = None) -> Index:
    """The ruleset's index, built on first use and kept (the corpus does not change at run time)."""
    idx = _INDEXES.get(ruleset.id)
    if idx is None:
        idx = _INDEXES[ruleset.id] = Index(corpus or get_corpus(), ruleset)
    return idx


def search(query: str, lang: str, ruleset: Ruleset, game: str | None = None, limit: int = 5) -> LookupResult:
    """Ranked entries for `query`. Rule numbers in any form go straight to their entry.

    `lang` is the reply language; matching uses keys of every language, because people type
    Korean in a Japanese channel and English terms everywhere.
    """
    ref = parse_rule_id(query)
    if ref is not None:
        corpus = get_corpus()
        cid = ref.cid
        if ref.from_2024 is not None:
            base, _, part = cid.partition("-")
            new = corpus.renumber_2024(base)
            cid = (new + (f"-{part}" if part else "")) if new else ""
        entry = corpus.resolve(ruleset, cid) if cid else None
        if entry is not None:
            return LookupResult(query, (Hit(entry.cid, 1.0, entry),), "direct", by_number=True, game=game)
    return index_for(ruleset).search(query, game=game, limit=limit)
