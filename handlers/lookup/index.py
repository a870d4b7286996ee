"""The lexical side of the lookup: one ruleset's index and its two scorers.

The alias scorer ranks titles and keywords in tiers (`keys`). The text scorer is for whole
situations typed in a hurry, which rarely share a title: every entry's situation phrases, summary and parts are
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

Memory (issue 14: bot RSS <= 80 MB without the sentence encoder, after `/rule`): the tda2026
index holds 3.45 MB (the objects reachable from it, December 2026), down from 5.92 MB, by the
tables of `keys`, features numbered in hash order (`compact`), IDF computed per query
(`idf_of`) and the one- and two-character texts made on first use (`short_index`); the bot
after bench/bench_cluster.py's batches went from 82.1 to 79.7 MB. numpy stays: sqlite-utils
(the SQLite layer) imports it whenever it is installed (`sqlite_utils.db`), so the bot has paid
for it (9.2 MB RSS, measured after discord.py) at login, before any lookup, and a numpy-free
index would save none of it. Then (December 2026, 79.8 -> ~78.0 MB after the batches): the
chip-shape counts come from the scan, so the bot's corpus keeps no situation
(`rules_data.corpus.SituationStore`, 0.74 MB of objects; 79.8 -> 78.9 MB), editions are read
on first use (TDA 2009 and jp-basic, 0.25 MB of objects, within the bench's noise alone), and
the heap freed by the build goes back to the OS (`heap`; 78.8 -> ~78.0 MB).

Ranking, the semantic stage and confidence live in `fusion`.
"""

from __future__ import annotations

import math
import re
from typing import Any

import numpy as np

from engine.rulesets import Ruleset
from handlers.lookup.cache import load_scan
from handlers.lookup.compact import EntryWords, Vocab
from handlers.lookup.keys import KEY_INSIDE, Keys
from handlers.lookup.language import _feature_weight, features
from handlers.lookup.lexical import Lexical, is_sentence
from handlers.lookup.scan import _gather, short_text
from handlers.lookup.short import ShortIndex
from handlers.normalize import compact, fold, scripts
from rules_data.corpus import Corpus, Entry, situations_held

PARTIAL_MAX = 30  # partial_ratio is the slow scorer; beyond this length the substring tiers suffice
TEXT_CANDIDATES = 10  # best text scores taken on to the ranking
PARTIAL_CANDIDATES = 8
BREVITY_GRAMS = 12
UNSEEN_WEIGHT = 0.25
# The weaker of the alias and text scores as a small addition: it breaks ties between
# entries that match equally well one way.
MIX_OTHER = 0.1
PHRASE_SHARE = 0.6  # text score: the best phrase's share; the rest is the whole entry's
# A title or keyword inside a query scores KEY_INSIDE (`keys`), or this inside a sentence that
# the semantic stage also reads: one word among many ("オールイン", "화장실", "ask the dealer" put a rule ahead of the one the sentence is about). Dev sentences
# (360, bench/lookup_tune.py) top-1 83.6 -> 85.0 %, top-3 unchanged; 0.2-0.25 tie, 0.3 84.4 %;
# chosen in two folds of four of a leave-one-file-out search (0.35 in the other two); it costs
# one own sentence and one of the old held-out set, where the key is most of a short sentence.
KEY_INSIDE_SENTENCE = 0.25


class Index:
    """Everything one ruleset's lookup needs, built once from the corpus (see `bench/`): the
    titles and keywords (`keys`), and the text features as CSR arrays."""

    def __init__(self, corpus: Corpus, ruleset: Ruleset, in_child: bool = False) -> None:
        """`in_child`: a missing cache is built by a child process (`cache.load_scan`)."""
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
        scan = load_scan(self.entries, ruleset.id, in_child=in_child)
        self.keys = Keys(scan, len(self.entries))
        self.vocab = Vocab(scan["vocab_keys"])  # feature -> id, as sorted hashes
        # Per entry, its content words (w:, j:, k: feature ids).
        self.entry_words = EntryWords(scan["word_ptr"], scan["word_ids"])
        self.n_docs = max(len(self.entries), 1)
        self.default_idf = math.log(1 + self.n_docs)
        # Postings as CSR arrays, so a query's evidence is summed by one `bincount` per level.
        self.phrase_ptr, self.phrase_ids = scan["phrase_ptr"], scan["phrase_ids"]
        self.entry_ptr, self.entry_ids = scan["entry_ptr"], scan["entry_ids"]
        self.fw_table, self.fw_codes = scan["entry_fw_table"], scan["entry_fw_codes"]  # see compact.as_codes
        self.phrase_weight = scan["phrase_weight"]
        self.phrase_start = scan["phrase_start"]
        self._shape_pairs: dict[str, list[list[int]]] = scan["shapes"]
        self._shapes: dict[str, dict[int, int]] | None = None
        self._names: dict[int, tuple[list[str], list[str]]] = {}
        # built on the first one- or two-character query, with the compact texts it searches
        # (`scan.short_text`: 0.74 MB for tda2026, kept only from then on)
        self._short: ShortIndex | None = None

    def shape_counts(self) -> dict[str, dict[int, int]]:
        """Per chip-shape feature (`shape.chip_shape`), how many situations of each entry have it;
        counted by `scan` (so the bot never reads the situations for it), made a dict on the first
        sentence that describes chips, and kept."""
        if self._shapes is None:
            self._shapes = {g: {i: n for i, n in pairs} for g, pairs in self._shape_pairs.items()}
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

    def idf_of(self, fids: Any) -> np.ndarray:
        """The IDF of features `fids`, log(1 + entries / entries that have it), from the entry
        postings' pointers (each entry has a feature once): the same floats `scan` once stored
        for every feature (0.41 MB for tda2026's 52,331) and a query read a few of; ~2 us more
        a query (5.2 against 3.0 us for 60 features)."""
        at = np.asarray(fids, dtype=np.intp)
        return np.log(1 + self.n_docs / (self.entry_ptr[at + 1] - self.entry_ptr[at]))

    @property
    def idf(self) -> np.ndarray:
        """Every feature's IDF (`idf_of`)."""
        return self.idf_of(np.arange(len(self.entry_ptr) - 1))

    def _entry_fw(self, at: Any) -> np.ndarray:
        """The field weight of postings `at` (the weights are kept as codes into a small table)."""
        return self.fw_table[self.fw_codes[at]] if len(self.fw_table) else self.fw_codes[at]

    @property
    def entry_fw(self) -> np.ndarray:
        """Every posting's field weight, as one float array."""
        return self._entry_fw(slice(None))

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

    @property
    def short_text(self) -> list[str]:
        """Per entry, its compact texts joined (`scan.short_text`), as one- and two-character
        queries search them."""
        return self.short_index().texts

    def short_index(self) -> ShortIndex:
        if self._short is None:
            with situations_held(self.entries):  # read for this once (`SituationStore`)
                self._short = ShortIndex([short_text(e) for e in self.entries])
        return self._short

    def lexical(self, query: str, sentence_stage: bool = False) -> Lexical:
        """Lexical scores per entry: the alias tiers, the text scorer, the best of both."""
        q = fold(query)
        qc = compact(q)
        out = Lexical({})
        if not qc:
            return out
        scores = out.scores
        keys = self.keys
        if len(qc) < 3:
            for k in keys.exact.get(qc, ()):
                scores[keys.entry[k]] = max(scores.get(keys.entry[k], 0.0), keys.weight[k])
            for i in self.short_index().holding(qc):  # the entries whose text holds qc, in order
                if i not in scores:
                    mine = keys.entry_keys[i]
                    if any(keys.comp[k].startswith(qc) for k in mine):
                        scores[i] = 0.82
                    elif any(qc in keys.comp[k] for k in mine):
                        scores[i] = 0.72
                    else:
                        scores[i] = 0.6
        else:
            qscripts = scripts(q)
            dflt, vocab = self.default_idf, self.vocab
            seen: list[int] = []
            seen_w: list[float] = []
            unseen = 0.0
            # sorted, so the text scores add up in one order whatever the hash seed (a frozenset's
            # order differs between processes, and so did the last digits of near-tied scores)
            feats = sorted(features(query))
            n_feats = len(feats)
            ids = vocab.ids(feats)
            known = iter(self.idf_of([f for f in ids if f is not None]).tolist())  # one numpy call, not one each
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
                out.sentence = is_sentence(query, out)  # the words are all counted: rank reads it too
            inside = KEY_INSIDE_SENTENCE if out.sentence else KEY_INSIDE
            shared = keys.shared(qc)
            alias = keys.alias_scores(q, qc, qscripts, inside, shared)
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
                for i, p in keys.partial(weak, qc, shared).items():
                    alias[i] = max(alias.get(i, 0.0), p)
            out.alias = alias
            for i in set(alias) | set(text):
                a, t = alias.get(i, 0.0), text.get(i, 0.0)
                scores[i] = max(a, t) + MIX_OTHER * min(a, t)
        return out

