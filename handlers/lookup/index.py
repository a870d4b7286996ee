"""The lexical side of the lookup: one ruleset's index and its two scorers.

The alias scorer ranks titles and keywords in tiers: exact, prefix, substring, then fuzzy
(`ratio` on space-free forms, `partial_ratio` discounted when a short key sits inside a long
query, `token_sort_ratio` for English word order). The text scorer is for whole situations typed
in a hurry, which rarely share a title: every entry's situation phrases, summary and parts are
indexed by their features (see `language`) in arrays, and a query's IDF-weighted features are
summed per phrase and per entry with `numpy.bincount`, so every entry is scored, not just a
shortlist. Very short queries ("端数", "BB") scan keys for substrings instead.

Why not SQLite FTS5 for candidates, as first designed: with 167 entries, scoring every one
exactly costs less than asking FTS5 for a shortlist and scoring that. A full FTS5 version (one
contentless row per entry, features as tokens, bm25 shortlist of 20, exact scores on those) gave
the same eval results but search p50/p99 of 0.79/1.13 ms against 0.33/0.61 ms here, and twice the
index build time (measured with bench/lookup_bench.py on an idle machine, December 2026).

With `overlap` and `short` (same answers: tools/same_lookup.py), keyword search p50/p99 went
0.479/0.748 -> 0.322/0.507 ms (bench/lookup_bench.py, 122 queries, load ~1, December 2026).

Ranking, the semantic stage and confidence live in `fusion`.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from rapidfuzz import fuzz, process

from engine.rulesets import Ruleset
from handlers.lookup.cache import load_scan
from handlers.lookup.compact import EntryWords, Vocab
from handlers.lookup.language import _feature_weight, _singular, features
from handlers.lookup.overlap import Overlap, partial_may_reach, ratio_may_reach
from handlers.lookup.scan import _by_length, _gather, _joined, _length_range
from handlers.lookup.short import ShortIndex
from handlers.normalize import compact, fold, scripts
from rules_data.corpus import Corpus, Entry

FUZZY_CUTOFF = 62
PARTIAL_CUTOFF = 80
PARTIAL_MAX = 30  # partial_ratio is the slow scorer; beyond this length the substring tiers suffice
TEXT_CANDIDATES = 10  # best text scores taken on to the ranking
PARTIAL_CANDIDATES = 8
BREVITY_GRAMS = 12
UNSEEN_WEIGHT = 0.25
# The weaker of the alias and text scores as a small addition: it breaks ties between
# entries that match equally well one way.
MIX_OTHER = 0.1
TOKEN_SORT_WORDS = 6  # word order matters for short English names, not for whole sentences
PHRASE_SHARE = 0.6  # text score: the best phrase's share; the rest is the whole entry's
KEY_INSIDE = 0.35  # a title or keyword inside the query: this plus 0.55 of its share of the query
# ... inside a sentence that the semantic stage also reads: one word among many ("オールイン",
# "화장실", "ask the dealer" put a rule ahead of the one the sentence is about). Dev sentences
# (360, bench/lookup_tune.py) top-1 83.6 -> 85.0 %, top-3 unchanged; 0.2-0.25 tie, 0.3 84.4 %;
# chosen in two folds of four of a leave-one-file-out search (0.35 in the other two); it costs
# one own sentence and one of the old held-out set, where the key is most of a short sentence.
KEY_INSIDE_SENTENCE = 0.25


@dataclass
class Lexical:
    """A query's lexical scores per entry index, and what the confidence needs of its words."""

    scores: dict[int, float]
    content: dict[int, float] = field(default_factory=dict)  # the query's words (w:, j:, k: features) by id
    content_unseen: float = 0.0
    n_content: int = 0
    text: Any = None  # the text score of every entry (numpy), for sentence-sized queries
    alias: dict[int, float] = field(default_factory=dict)  # the title and keyword tiers' scores alone
    sentence: bool | None = None  # `fusion.is_sentence` of the query, when `lexical` asked it already


class Index:
    """Everything one ruleset's lookup needs, built once from the corpus (see `bench/`).

    Titles and keywords ("keys") live in flat parallel lists so the tier checks run as C-level
    string and dict operations over all keys at once (a joined string for "query inside key",
    a dict of keys for "key inside query", rapidfuzz batches for the fuzzy scorers) rather than
    as a Python loop per entry: that is what keeps a query well under a millisecond.
    """

    def __init__(self, corpus: Corpus, ruleset: Ruleset) -> None:
        seen: dict[str, Entry] = {}
        for edition in ruleset.corpora:
            for e in corpus.entries(edition):
                seen.setdefault(e.id, e)
        self.entries: list[Entry] = list(seen.values())
        self.by_id = {e.id: i for i, e in enumerate(self.entries)}
        self.rule_of = {
            i: self.by_id[m.group(1)]
            for i, e in enumerate(self.entries)
            if e.kind == "addendum" and (m := re.match(r"IA-(\d+)", e.id)) and m.group(1) in self.by_id
        }
        self.house_first = ruleset.house_rules_first
        self.ruleset_id = ruleset.id
        self.semantic_enabled = True  # the bench's ablation turns it off per index
        scan = load_scan(self.entries, ruleset.id)
        self.key_comp: list[str] = scan["key_comp"]
        self.key_entry: list[int] = scan["key_entry"]
        self.key_weight: list[float] = scan["key_weight"]
        self.key_folded: list[str] = scan["key_folded"]
        self.short_text: list[str] = scan["short_text"]  # compact texts per entry, for one- and two-letter queries
        self.vocab = Vocab(scan["vocab_keys"], scan["vocab_ids"])  # feature -> id, as arrays
        # Flat key table.
        self.exact: dict[str, list[int]] = defaultdict(list)
        for k, c in enumerate(self.key_comp):
            self.exact[c].append(k)
        self.key_heads: dict[str, list[int]] = defaultdict(list)
        for k, c in enumerate(self.key_comp):
            if len(c) >= 2:
                self.key_heads[c[:2]].append(k)
        # Per first two characters, the lengths keys with them have (ascending), for `_alias_scores`.
        self.head_lengths = {h: tuple(sorted({len(self.key_comp[k]) for k in ks})) for h, ks in self.key_heads.items()}
        self.joined, self.starts = _joined(self.key_comp)
        # ... and the keys of each script joined apart: a query can only lie inside a key that has
        # its script, so one of these is searched instead of all keys (~30 KB: each `find` over
        # it cost ~5 us, and a query takes two or three). `script_keys` maps back to key indexes.
        self.script_keys: dict[str, list[int]] = defaultdict(list)
        for k, scs in enumerate(scan["key_scripts"]):
            for sc in scs.split():
                self.script_keys[sc].append(k)
        self.script_joined = {sc: _joined([self.key_comp[k] for k in ks]) for sc, ks in self.script_keys.items()}
        # Keys by script for the fuzzy scorers, sorted by length: a key much shorter or longer
        # than the query cannot reach the cutoff, so only a slice of lengths is scored.
        by_script: dict[str, list[int]] = defaultdict(list)
        for k, scs in enumerate(scan["key_scripts"]):
            for sc in scs.split() or ("other",):
                by_script[sc].append(k)
        self.buckets = {sc: _by_length(ks, self.key_comp) for sc, ks in by_script.items()}
        # Character counts of every key, to skip the keys a fuzzy scorer cannot score high enough
        # (`overlap`: ~97 % of the ratio candidates of a keyword query, ~90 % of partial_ratio's).
        self.overlap = Overlap(self.key_comp)
        self.bucket_keys = {sc: np.array(b[1], dtype=np.intp) for sc, b in self.buckets.items()}
        latin = [k for k, f in enumerate(self.key_folded) if " " in f and scan["key_scripts"][k] == "latin"]
        self.latin_folded = _by_length(latin, self.key_folded)
        # The same keys with their words sorted, for token_sort_ratio as a plain ratio: rapidfuzz
        # splits, sorts and joins every choice on every call, which was ~110 of the ~190 us
        # of `_alias_scores` for a two-word query; the scores and their order are the same
        # (folded text has single spaces only, and both sort words by code point).
        self.latin_sorted = [w if (w := _sorted_words(t)) != t else t for t in self.latin_folded[0]]
        # ... and what `overlap` needs to skip most of them (the pass cost ~20 us a query on ~700)
        self.latin_keys = np.array(self.latin_folded[1], dtype=np.intp)
        self.latin_spaces = np.array([t.count(" ") for t in self.latin_sorted], dtype=np.intp)
        self.latin_lens = np.array([len(t) for t in self.latin_sorted], dtype=np.intp)
        self.entry_keys: list[list[int]] = [[] for _ in self.entries]
        for k, i in enumerate(self.key_entry):
            self.entry_keys[i].append(k)
        # Per entry, its content words (w:, j:, k: feature ids).
        self.entry_words = EntryWords(scan["word_ptr"], scan["word_ids"])
        self.idf = scan["idf"]
        self.default_idf = math.log(1 + max(len(self.entries), 1))
        # Postings as CSR arrays, so a query's evidence is summed by one `bincount` per level.
        self.phrase_ptr, self.phrase_ids = scan["phrase_ptr"], scan["phrase_ids"]
        self.entry_ptr, self.entry_ids = scan["entry_ptr"], scan["entry_ids"]
        self.fw_table, self.fw_codes = scan["entry_fw_table"], scan["entry_fw_codes"]  # see compact.as_codes
        self.phrase_weight = scan["phrase_weight"]
        self.phrase_start = scan["phrase_start"]
        self._shapes: dict[str, dict[int, int]] | None = None
        self._names: dict[int, tuple[list[str], list[str]]] = {}
        self._short: ShortIndex | None = None  # built on the first one- or two-character query

    def shape_counts(self) -> dict[str, dict[int, int]]:
        """Per chip-shape feature (`shape.chip_shape`), how many situations of each entry have it;
        read on the first sentence that describes chips, and kept."""
        if self._shapes is None:
            from handlers.lookup.shape import chip_shape

            shapes: dict[str, dict[int, int]] = defaultdict(dict)
            for i, e in enumerate(self.entries):
                for text in (t for ts in e.situations.values() for t in ts):
                    for f in chip_shape(text):
                        shapes[f][i] = shapes[f].get(i, 0) + 1
            self._shapes = dict(shapes)
        return self._shapes

    def names_of(self, i: int) -> tuple[list[str], list[str]]:
        """Entry `i`'s titles and keywords as written, and each folded without spaces (for
        `fusion._understood`), made on first use and kept: folding them again on every keyword
        query was ~45 of its ~490 us (December 2026, 136 keyword queries, cold query caches)."""
        names = self._names.get(i)
        if names is None:
            e = self.entries[i]
            keys = [*e.title.values(), *(k for ks in e.keywords.values() for k in ks)]
            names = self._names[i] = (keys, [compact(fold(k)) for k in keys])
        return names

    def _entry_fw(self, at: Any) -> np.ndarray:
        """The field weight of postings `at` (the weights are kept as codes into a small table)."""
        return self.fw_table[self.fw_codes[at]] if len(self.fw_table) else self.fw_codes[at]

    @property
    def entry_fw(self) -> np.ndarray:
        """Every posting's field weight, as one float array."""
        return self._entry_fw(slice(None))

    # -- candidates ---------------------------------------------------------------------------

    def _alias_scores(
        self, q: str, qc: str, qscripts: frozenset[str], inside: float = KEY_INSIDE, shared: np.ndarray | None = None
    ) -> dict[int, float]:
        """Best tier score per entry over all titles and keywords (key index -> entry max);
        `shared`: `self.overlap.shared(qc)`, when the caller has it."""
        out: dict[int, float] = {}
        kw, ke, kcomp = self.key_weight, self.key_entry, self.key_comp
        lq = len(qc)

        def put(k: int, s: float) -> None:
            s *= kw[k]
            e = ke[k]
            if s > out.get(e, 0.0):
                out[e] = s

        for k in self.exact.get(qc, ()):
            put(k, 1.0)
        if (qs := compact(_singular(q))) != qc:
            for k in self.exact.get(qs, ()):
                put(k, 1.0)
        if lq >= 2:  # the query inside a key: prefix, then anywhere
            # the keys of the query's rarest script (in key order, so the same hits in the same order)
            sc = min((sc for sc in qscripts if sc in self.script_joined), key=lambda sc: len(self.script_keys[sc]), default=None)
            joined, starts = self.script_joined[sc] if sc is not None else (self.joined, self.starts)
            keys = self.script_keys[sc] if sc is not None else None
            at = joined.find(qc)
            hits = 0
            while at != -1 and hits < 200:
                n = bisect_right(starts, at) - 1
                k = keys[n] if keys is not None else n
                lk = len(kcomp[k])
                if lk != lq:
                    put(k, (0.86 if at == starts[n] else 0.8) + 0.1 * lq / lk)
                hits += 1
                at = joined.find(qc, at + 1)
        # A key inside the query, found from its first two characters at each position of the
        # query: one probe for the lengths of the keys that start so, one for each length that
        # fits (7 probes for "oversized chip" where testing each key with the head took 90); a
        # short key in a long query says less.
        heads, exact = self.head_lengths, self.exact
        for a in range(lq - 1):
            room = min(lq - a, lq - 1)  # what is left of the query; a key as long as it is exact
            for lk in heads.get(qc[a : a + 2], ()):
                if lk > room:
                    break
                if lk >= 3 or lq <= 12:
                    for k in exact.get(qc[a : a + lk], ()):
                        put(k, inside + 0.55 * lk / lq)
        if shared is None:
            shared = self.overlap.shared(qc)
        for sc in qscripts or self.buckets.keys():
            if sc in self.buckets:
                comps, idxs, _ = bucket = self.buckets[sc]
                lo, hi = _length_range(bucket, lq, FUZZY_CUTOFF)
                ks = self.bucket_keys[sc][lo:hi]
                may = ratio_may_reach(shared[ks], lq, self.overlap.lens[ks], FUZZY_CUTOFF)
                found = process.extract(qc, [comps[lo + p] for p in may], scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF, limit=20)
                for _, score, j in found:
                    put(idxs[lo + may[j]], _fuzzy_score(score))
        if " " in q and "latin" in qscripts and q.count(" ") < TOKEN_SORT_WORDS:
            idxs = self.latin_folded[1]
            lo, hi = _length_range(self.latin_folded, len(q), 70)
            qw, at = _sorted_words(q), slice(lo, hi)
            # spaces are characters too: a key shares no more of them than the fewer of the two has
            h = shared[self.latin_keys[at]].astype(np.intp) + np.minimum(self.latin_spaces[at], qw.count(" "))
            may = ratio_may_reach(h, len(qw), self.latin_lens[at], 70)
            presorted = [self.latin_sorted[lo + p] for p in may]
            for _, score, j in process.extract(qw, presorted, scorer=fuzz.ratio, score_cutoff=70, limit=10):
                put(idxs[lo + may[j]], _fuzzy_score(score))
        return out

    def _partial(self, entries: list[int], qc: str, shared: np.ndarray | None = None) -> dict[int, float]:
        """partial_ratio of the query against the keys of `entries` (one rapidfuzz batch), per
        entry its best key's, discounted by length mismatch. Keys that cannot reach the cutoff
        are left out first (`overlap`; `shared` as in `_alias_scores`)."""
        lq = len(qc)
        keys = [k for i in entries for k in self.entry_keys[i]]
        if shared is None:
            shared = self.overlap.shared(qc)
        at = np.array(keys, dtype=np.intp)
        keys = [keys[p] for p in partial_may_reach(shared[at], lq, self.overlap.lens[at], PARTIAL_CUTOFF)]
        out: dict[int, float] = {}
        found = process.extract(
            qc, [self.key_comp[k] for k in keys], scorer=fuzz.partial_ratio, score_cutoff=PARTIAL_CUTOFF, limit=None
        )
        for _, score, j in found:  # best first, so each entry's first is its best key
            k = keys[j]
            i = self.key_entry[k]
            if i in out:
                continue
            lk = len(self.key_comp[k])
            out[i] = 0.0 if lk < 3 else _fuzzy_score(score) * (0.4 + 0.6 * min(lq, lk) / max(lq, lk)) * self.key_weight[k]
        return out

    def _text_scores(self, fids: list[int], ws: list[float], total: float) -> np.ndarray:
        """Per entry, how much of the query's (rare-weighted) features its text holds.

        The best single situation, summary or part (a whole situation typed in a hurry is
        usually close to one phrase) mixed with the entry as a whole (the words of a situation
        may be spread over the summary and the keywords).
        """
        n = len(self.entries)
        if not fids:
            return np.zeros(n)
        w = np.array(ws)
        f = np.array(fids, dtype=np.intp)
        at, lens = _gather(self.phrase_ptr, f)
        acc = np.bincount(self.phrase_ids[at], np.repeat(w, lens), len(self.phrase_weight)) * self.phrase_weight
        best = np.maximum.reduceat(acc, self.phrase_start)
        at, lens = _gather(self.entry_ptr, f)
        cover = np.bincount(self.entry_ids[at], self._entry_fw(at) * np.repeat(w, lens), n)
        return (PHRASE_SHARE * best + (1 - PHRASE_SHARE) * cover) / total

    def search(self, query: str, game: str | None = None, limit: int = 5, semantic: bool = True) -> Any:
        """Ranked entries for a word query (see `fusion.rank`)."""
        from handlers.lookup.fusion import rank

        return rank(self, query, game=game, limit=limit, semantic=semantic)

    def lexical(self, query: str, sentence_stage: bool = False) -> Lexical:
        """Lexical scores per entry: the alias tiers, the text scorer, the best of both."""
        q = fold(query)
        qc = compact(q)
        out = Lexical({})
        if not qc:
            return out
        scores = out.scores
        if len(qc) < 3:
            for k in self.exact.get(qc, ()):
                scores[self.key_entry[k]] = max(scores.get(self.key_entry[k], 0.0), self.key_weight[k])
            if self._short is None:
                self._short = ShortIndex(self.short_text)
            for i in self._short.holding(qc):  # the entries whose text holds qc, in order
                if i not in scores:
                    keys = self.entry_keys[i]
                    if any(self.key_comp[k].startswith(qc) for k in keys):
                        scores[i] = 0.82
                    elif any(qc in self.key_comp[k] for k in keys):
                        scores[i] = 0.72
                    else:
                        scores[i] = 0.6
        else:
            qscripts = scripts(q)
            idf, dflt, vocab = self.idf, self.default_idf, self.vocab
            seen: list[int] = []
            seen_w: list[float] = []
            unseen = 0.0
            # sorted, so the text scores add up in one order whatever the hash seed (a frozenset's
            # order differs between processes, and so did the last digits of near-tied scores)
            feats = sorted(features(query))
            n_feats = len(feats)
            ids = vocab.ids(feats)
            known = iter(idf[[f for f in ids if f is not None]].tolist())  # one numpy call, not one each
            for g, f in zip(feats, ids, strict=True):
                w = (dflt if f is None else next(known)) * _feature_weight(g)
                if f is None:
                    unseen += w
                    if g[1:2] == ":":
                        out.content_unseen += w
                        out.n_content += 1
                    continue
                seen.append(f)
                seen_w.append(w)
                if g[1:2] == ":":
                    out.content[f] = w
                    out.n_content += 1
            if sentence_stage:
                from handlers.lookup.fusion import is_sentence

                out.sentence = is_sentence(query, out)  # the words are all counted: rank reads it too
            inside = KEY_INSIDE_SENTENCE if out.sentence else KEY_INSIDE
            shared = self.overlap.shared(qc)
            alias = self._alias_scores(q, qc, qscripts, inside, shared)
            # Features found nowhere in the corpus (filler, typos) count for less in the
            # denominator: they cannot favour any entry, only drag every score down.
            total = sum(seen_w) + UNSEEN_WEIGHT * unseen
            # A situation match needs a situation-sized query: a few trigrams shared by chance
            # must not outscore the titles ("hello" is not a rule).
            brevity = min(1.0, 0.5 + 0.5 * n_feats / BREVITY_GRAMS)
            ts = self._text_scores(seen, seen_w, total) * brevity
            out.text = ts
            top = np.argpartition(ts, -TEXT_CANDIDATES)[-TEXT_CANDIDATES:]
            text: dict[int, float] = {i: t for i, t in zip(top.tolist(), ts[top].tolist(), strict=True) if t > 0}
            if 3 <= len(qc) <= PARTIAL_MAX:
                prelim = sorted((-round(max(alias.get(i, 0.0), text.get(i, 0.0)), 9), i) for i in set(alias) | set(text))
                weak = [i for _, i in prelim[:PARTIAL_CANDIDATES] if alias.get(i, 0.0) < 0.9]
                for i, p in self._partial(weak, qc, shared).items():
                    alias[i] = max(alias.get(i, 0.0), p)
            out.alias = alias
            for i in set(alias) | set(text):
                a, t = alias.get(i, 0.0), text.get(i, 0.0)
                scores[i] = max(a, t) + MIX_OTHER * min(a, t)
        return out


def _sorted_words(folded: str) -> str:
    """What rapidfuzz's token_sort_ratio compares: the words sorted, joined by one space."""
    return " ".join(sorted(folded.split()))


def _fuzzy_score(ratio: float) -> float:
    """A rapidfuzz 0-100 similarity as a tier score: one typo in a word stays near 0.8, while the
    chance likeness of short unrelated strings ("hello" / "hilo" = 67) falls below an answer."""
    return max(0.0, (ratio / 100 - 0.4) / 0.6) * 0.9

