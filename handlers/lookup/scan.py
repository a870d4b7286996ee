"""The slow part of an index build: every corpus text read into flat tables and CSR arrays.

`scan(entries)` returns plain lists and numpy arrays only, so `handlers.lookup.cache` can keep
it on disk in numpy's own format (no pickle) and `Index` can be rebuilt from it in milliseconds.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Any

import numpy as np

from handlers.lookup.compact import as_codes, smallest_uint, vocab_hashes
from handlers.lookup.language import _singular, features
from handlers.lookup.shape import chip_shape
from handlers.normalize import compact, fold, scripts
from rules_data.corpus import Entry

# How much a feature found in each field of an entry counts for the whole-entry share.
_FIELD_WEIGHT = {"key": 1.0, "situation": 0.9, "summary": 0.7, "part": 0.6}
_PHRASE_WEIGHT = {"situation": 0.94, "part": 0.8, "summary": 0.76}
_SEP = "\x1f"  # between keys in one joined string: no query can span two keys
LISTS = ("key_comp", "key_entry", "key_weight", "key_folded", "key_scripts", "shapes")


def scan(entries: list[Entry]) -> dict[str, Any]:
    """Everything of the index that reads the corpus texts (the slow part of a build): the flat
    key table, and each text's features as (feature id, phrase id) and (feature id, entry id,
    field weight) pairs, entry by entry. `cache.load_scan` keeps it on disk between runs."""
    key_weight: dict[tuple[str, int], float] = {}
    key_folded: dict[tuple[str, int], str] = {}
    # Text features (trigrams, words, content words) of every situation, summary and part
    # ("phrases", numbered across entries in entry order), and of each entry as a whole.
    vocab: dict[str, int] = {}
    ph_f: list[int] = []
    ph_p: list[int] = []
    en_f: list[int] = []
    en_e: list[int] = []
    en_w: list[float] = []
    phrase_weight: list[float] = []
    phrase_start: list[int] = []
    shapes: dict[str, dict[int, int]] = {}
    for i, e in enumerate(entries):
        aliases = [(t, 1.0) for t in e.title.values()]
        aliases += [(k, 0.97) for kws in e.keywords.values() for k in kws]
        mine: dict[int, float] = {}
        kw = _FIELD_WEIGHT["key"]
        for text, weight in aliases:
            f = fold(text)
            c = compact(f)
            if not c:
                continue
            # sorted: a frozenset's order follows the process's string hashes, and the order of
            # the vocabulary and the keys decides ties further on (see `Index.lexical`)
            for g in sorted(features(text)):
                mine[vocab.setdefault(g, len(vocab))] = kw
            for f2 in dict.fromkeys((f, _singular(f))):  # "Rebuys" is also the key "rebuy"
                c2 = compact(f2)
                if key_weight.get((c2, i), 0.0) < weight:
                    key_weight[(c2, i)] = weight
                    key_folded[(c2, i)] = f2
        texts = [("situation", t) for sits in e.situations.values() for t in sits]
        for _, text in texts:
            for g in chip_shape(text):
                shapes.setdefault(g, {})[i] = shapes.get(g, {}).get(i, 0) + 1
        texts += [("summary", t) for t in e.summary.values()]
        texts += [("part", t) for part in e.parts.values() for t in part.values()]
        phrase_start.append(len(phrase_weight))
        for kind, text in texts:
            p = len(phrase_weight)
            phrase_weight.append(_PHRASE_WEIGHT[kind])
            fw = _FIELD_WEIGHT[kind]
            fids = [vocab.setdefault(g, len(vocab)) for g in sorted(features(text))]
            ph_f += fids
            ph_p += [p] * len(fids)
            for fid in fids:
                if mine.get(fid, 0.0) < fw:
                    mine[fid] = fw
        en_f += mine.keys()
        en_e += [i] * len(mine)
        en_w += mine.values()
    nf = len(vocab)
    # the features themselves are not kept, only their hashes, and ids follow them (see `compact`)
    vocab_keys, renumber = vocab_hashes(list(vocab))
    first_seen = np.array(en_f, dtype=np.intp)
    ef = renumber[first_seen]
    ee = np.array(en_e, dtype=np.intp)
    phrase_ptr, (phrase_ids,) = _csr(renumber[np.array(ph_f, dtype=np.intp)], nf, np.array(ph_p, dtype=np.int32))
    entry_ptr, (entry_ids, entry_fw) = _csr(ef, nf, ee.astype(np.int32), np.array(en_w))
    is_word = np.array([g[1:2] == ":" for g in vocab], dtype=bool)[first_seen]
    word_ptr, (word_ids,) = _csr(ee[is_word], len(entries), ef[is_word])
    key_folded_ = [key_folded[k] for k in key_weight]
    return {
        "key_comp": [c for c, _ in key_weight],
        "key_entry": [i for _, i in key_weight],
        "key_weight": list(key_weight.values()),
        "key_folded": key_folded_,
        "key_scripts": [" ".join(sorted(scripts(f))) for f in key_folded_],
        "vocab_keys": vocab_keys,
        "phrase_ptr": phrase_ptr,
        "phrase_ids": smallest_uint(phrase_ids),
        "entry_ptr": entry_ptr,
        "entry_ids": smallest_uint(entry_ids),
        **{f"entry_fw_{k}": v for k, v in as_codes(entry_fw).items()},
        "word_ptr": word_ptr,
        "word_ids": smallest_uint(word_ids),
        "phrase_weight": np.array(phrase_weight),
        "phrase_start": np.array(phrase_start, dtype=np.intp),
        # per chip-shape feature, [entry, situations of it that have the shape] pairs
        # (`Index.shape_counts`): counted here so that the bot need not read the situations
        "shapes": {g: [[i, n] for i, n in per.items()] for g, per in shapes.items()},
    }


def short_text(e: Entry) -> str:
    """The entry's titles, keywords, situations, summaries and parts, each folded without spaces,
    joined by `_SEP`: what a one- or two-character query is looked for in (`short.ShortIndex`).
    Made when the first such query comes, not kept in the scan: 0.74 MB of text for tda2026 that
    a bot answering only longer queries never reads; that first query takes ~75 ms instead of
    ~25 ms, once per index. `fold` without its cache: these ~7,000 texts are read once, and
    would push the queries' own foldings out of it."""
    fold_once = fold.__wrapped__
    keys = [*e.title.values(), *(k for kws in e.keywords.values() for k in kws)]
    texts = [t for sits in e.situations.values() for t in sits]
    texts += [*e.summary.values(), *(t for part in e.parts.values() for t in part.values())]
    comps = [c for c in (compact(fold_once(t)) for t in keys) if c]
    return _SEP.join(comps + [compact(fold_once(t)) for t in texts])


def _by_length(keys: list[int], texts: list[str]) -> tuple[list[str], list[int], list[int]]:
    """Key texts sorted by length, with their key indexes and lengths (for `_length_range`)."""
    ks = sorted(keys, key=lambda k: len(texts[k]))
    return [texts[k] for k in ks], ks, [len(texts[k]) for k in ks]


def _length_range(bucket: tuple[list[str], list[int], list[int]], n: int, cutoff: float) -> tuple[int, int]:
    """Where the texts of `bucket` whose length lets a ratio with an n-character query reach
    `cutoff` (at most 2·min/(a+b)) start and end in it (a slice of the bucket's lists)."""
    c = cutoff / 100
    lens = bucket[2]
    return bisect_left(lens, c * n / (2 - c)), bisect_right(lens, (2 - c) * n / c)


def _joined(keys: list[str]) -> tuple[str, list[int]]:
    """The keys in one string between separators, and where each starts in it."""
    starts: list[int] = []
    pos = 1
    for c in keys:
        starts.append(pos)
        pos += len(c) + 1
    return _SEP + _SEP.join(keys) + _SEP, starts


def _gather(indptr: np.ndarray, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Positions of all CSR values of `keys`, in order, and how many each key has."""
    starts = indptr[keys]
    lens = indptr[keys + 1] - starts
    ends = np.cumsum(lens)
    return np.repeat(starts - ends + lens, lens) + np.arange(ends[-1] if len(ends) else 0), lens


def _csr(k: np.ndarray, n: int, *values: np.ndarray) -> tuple[np.ndarray, tuple[np.ndarray, ...]]:
    """Pairs (key, value...) as CSR: values of key k are `values[indptr[k]:indptr[k + 1]]`."""
    order = np.argsort(k, kind="stable")
    indptr = np.zeros(n + 1, dtype=np.intp)
    np.cumsum(np.bincount(k, minlength=n), out=indptr[1:])
    # int32 halves the pointer arrays (the corpus has well under 2**31 postings)
    return indptr.astype(np.int32), tuple(v[order] for v in values)
