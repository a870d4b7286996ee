"""The title and keyword table ("keys") of one ruleset's index, and the alias tiers scored over it.

The alias scorer ranks titles and keywords in tiers: exact, prefix, substring, then fuzzy
(`ratio` on space-free forms, `partial_ratio` discounted when a short key sits inside a long
query, `token_sort_ratio` for English word order). Keys live in flat parallel lists so the tier
checks run as C-level string and dict operations over all keys at once (a joined string for
"query inside key", a dict of keys for "key inside query", rapidfuzz batches for the fuzzy
scorers) rather than as a Python loop per entry: that is what keeps a query well under a
millisecond.

Kept small, for the bot's memory target (issue 14: RSS <= 80 MB without the sentence encoder):
every table refers to one shared int object per key (`Keys.__init__`) and holds tuples or
`array`s, not lists that each made their own ints; the folded forms are kept only for the
English keys that `token_sort_ratio` reads, the per-head key lists that only served to find
`head_lengths` are not kept, and all keys joined in one string (for a query of digits and signs
alone) is made on the first such query. Measured on tda2026 (2,559 keys, December 2026), these
tables went from 1.85 to 1.11 MB (the objects reachable from them); same answers
(tools/same_lookup.py).
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import numpy as np
from rapidfuzz import fuzz, process

from handlers.lookup.language import _singular
from handlers.lookup.overlap import Overlap, partial_may_reach, ratio_may_reach
from handlers.lookup.scan import _by_length, _joined, _length_range
from handlers.normalize import compact

FUZZY_CUTOFF = 62
PARTIAL_CUTOFF = 80
TOKEN_SORT_WORDS = 6  # word order matters for short English names, not for whole sentences
KEY_INSIDE = 0.35  # a title or keyword inside the query: this plus 0.55 of its share of the query


class Keys:
    """Titles and keywords of the index's entries (`comp`: folded, spaces out), with what each
    tier needs to find them fast. Built from the scan's key lists (`scan.scan`)."""

    def __init__(self, scan: dict[str, Any], n_entries: int) -> None:
        comp: list[str] = scan["key_comp"]
        n = len(comp)
        ids = tuple(range(n))  # one int object per key, shared by every table below
        self.comp = comp
        self.entry: list[int] = scan["key_entry"]  # entry indexes are small ints (< 257): shared already
        weights: dict[float, float] = {}
        self.weight = [weights.setdefault(w, w) for w in scan["key_weight"]]  # two distinct floats
        exact: dict[str, list[int]] = defaultdict(list)
        heads: dict[str, set[int]] = defaultdict(set)
        for k, c in enumerate(comp):
            exact[c].append(ids[k])
            if len(c) >= 2:
                heads[c[:2]].add(len(c))
        self.exact = {c: tuple(ks) for c, ks in exact.items()}
        # Per first two characters, the lengths keys with them have (ascending), for `alias_scores`.
        self.head_lengths = {h: tuple(sorted(ls)) for h, ls in heads.items()}
        self._all: tuple[str, Sequence[int]] | None = None  # every key joined (`all_joined`)
        key_scripts: list[str] = scan["key_scripts"]
        # ... and the keys of each script joined apart: a query can only lie inside a key that has
        # its script, so one of these is searched instead of all keys (~30 KB: each `find` over
        # it cost ~5 us, and a query takes two or three). `script_keys` maps back to key indexes.
        script_keys: dict[str, list[int]] = defaultdict(list)
        by_script: dict[str, list[int]] = defaultdict(list)
        for k, scs in enumerate(key_scripts):
            for sc in scs.split():
                script_keys[sc].append(ids[k])
            for sc in scs.split() or ("other",):
                by_script[sc].append(ids[k])
        self.script_keys = {sc: array("I", ks) for sc, ks in script_keys.items()}
        self.script_joined: dict[str, tuple[str, Sequence[int]]] = {}
        for sc, ks in script_keys.items():
            j, s = _joined([comp[k] for k in ks])
            self.script_joined[sc] = (j, array("I", s))
        # Keys by script for the fuzzy scorers, sorted by length: a key much shorter or longer
        # than the query cannot reach the cutoff, so only a slice of lengths is scored.
        self.buckets = {sc: _by_length(ks, comp) for sc, ks in by_script.items()}
        # Character counts of every key, to skip the keys a fuzzy scorer cannot score high enough
        # (`overlap`: ~97 % of the ratio candidates of a keyword query, ~90 % of partial_ratio's).
        self.overlap = Overlap(comp)
        self.bucket_keys = {sc: np.array(b[1], dtype=np.intp) for sc, b in self.buckets.items()}
        folded: list[str] = scan["key_folded"]
        latin = [ids[k] for k, f in enumerate(folded) if " " in f and key_scripts[k] == "latin"]
        self.latin_folded = _by_length(latin, folded)
        # The same keys with their words sorted, for token_sort_ratio as a plain ratio: rapidfuzz
        # splits, sorts and joins every choice on every call, which was ~110 of the ~190 us
        # of `alias_scores` for a two-word query; the scores and their order are the same
        # (folded text has single spaces only, and both sort words by code point).
        self.latin_sorted = [w if (w := _sorted_words(t)) != t else t for t in self.latin_folded[0]]
        # ... and what `overlap` needs to skip most of them (the pass cost ~20 us a query on ~700)
        self.latin_keys = np.array(self.latin_folded[1], dtype=np.intp)
        self.latin_spaces = np.array([t.count(" ") for t in self.latin_sorted], dtype=np.intp)
        self.latin_lens = np.array([len(t) for t in self.latin_sorted], dtype=np.intp)
        entry_keys: list[list[int]] = [[] for _ in range(n_entries)]
        for k, i in enumerate(self.entry):
            entry_keys[i].append(ids[k])
        self.entry_keys = [tuple(ks) for ks in entry_keys]

    def __len__(self) -> int:
        return len(self.comp)

    def all_joined(self) -> tuple[str, Sequence[int]]:
        """Every key joined as `script_joined` joins a script's, for a query with no letters of a
        script (digits and signs): made on the first, as few queries are."""
        if self._all is None:
            joined, starts = _joined(self.comp)
            self._all = (joined, array("I", starts))
        return self._all

    def shared(self, qc: str) -> np.ndarray:
        """Per key, an upper bound on the characters it has in common with `qc` (`overlap`)."""
        return self.overlap.shared(qc)

    def alias_scores(
        self, q: str, qc: str, qscripts: frozenset[str], inside: float, shared: np.ndarray
    ) -> dict[int, float]:
        """Best tier score per entry over all titles and keywords (key index -> entry max);
        `shared`: `self.shared(qc)`."""
        out: dict[int, float] = {}
        kw, ke, kcomp = self.weight, self.entry, self.comp
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
            joined, starts = self.script_joined[sc] if sc is not None else self.all_joined()
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
        for sc in qscripts or self.buckets.keys():
            if sc in self.buckets:
                comps, idxs, _ = bucket = self.buckets[sc]
                lo, hi = _length_range(bucket, lq, FUZZY_CUTOFF)
                ks = self.bucket_keys[sc][lo:hi]
                may = ratio_may_reach(shared[ks], lq, self.overlap.lens[ks], FUZZY_CUTOFF)
                found = process.extract(qc, [comps[lo + p] for p in may], scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF, limit=20)
                for _, score, j in found:
                    put(idxs[lo + may[j]], fuzzy_score(score))
        if " " in q and "latin" in qscripts and q.count(" ") < TOKEN_SORT_WORDS:
            idxs = self.latin_folded[1]
            lo, hi = _length_range(self.latin_folded, len(q), 70)
            qw, window = _sorted_words(q), slice(lo, hi)
            # spaces are characters too: a key shares no more of them than the fewer of the two has
            h = shared[self.latin_keys[window]].astype(np.intp) + np.minimum(self.latin_spaces[window], qw.count(" "))
            may = ratio_may_reach(h, len(qw), self.latin_lens[window], 70)
            presorted = [self.latin_sorted[lo + p] for p in may]
            for _, score, j in process.extract(qw, presorted, scorer=fuzz.ratio, score_cutoff=70, limit=10):
                put(idxs[lo + may[j]], fuzzy_score(score))
        return out

    def partial(self, entries: list[int], qc: str, shared: np.ndarray) -> dict[int, float]:
        """partial_ratio of the query against the keys of `entries` (one rapidfuzz batch), per
        entry its best key's, discounted by length mismatch. Keys that cannot reach the cutoff
        are left out first (`overlap`; `shared` as in `alias_scores`)."""
        lq = len(qc)
        keys = [k for i in entries for k in self.entry_keys[i]]
        at = np.array(keys, dtype=np.intp)
        keys = [keys[p] for p in partial_may_reach(shared[at], lq, self.overlap.lens[at], PARTIAL_CUTOFF)]
        out: dict[int, float] = {}
        found = process.extract(
            qc, [self.comp[k] for k in keys], scorer=fuzz.partial_ratio, score_cutoff=PARTIAL_CUTOFF, limit=None
        )
        for _, score, j in found:  # best first, so each entry's first is its best key
            k = keys[j]
            i = self.entry[k]
            if i in out:
                continue
            lk = len(self.comp[k])
            out[i] = 0.0 if lk < 3 else fuzzy_score(score) * (0.4 + 0.6 * min(lq, lk) / max(lq, lk)) * self.weight[k]
        return out


def _sorted_words(folded: str) -> str:
    """What rapidfuzz's token_sort_ratio compares: the words sorted, joined by one space."""
    return " ".join(sorted(folded.split()))


def fuzzy_score(ratio: float) -> float:
    """A rapidfuzz 0-100 similarity as a tier score: one typo in a word stays near 0.8, while the
    chance likeness of short unrelated strings ("hello" / "hilo" = 67) falls below an answer."""
    return max(0.0, (ratio / 100 - 0.4) / 0.6) * 0.9
