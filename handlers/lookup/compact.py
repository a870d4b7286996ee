"""The index's vocabulary and per-entry content words as flat arrays instead of Python objects.

Why: the bot's memory target (issue 14: RSS <= 80 MB without the sentence encoder). Measured
with tracemalloc on the tda2026 index (December 2026): the feature vocabulary as a dict of
46,435 strings took 6.6 MB (3.1 MB of dict and ints, 3.5 MB of strings decoded from the cache),
and the per-entry content-word sets 2.5 MB. Here the vocabulary is a sorted array of 64-bit
hashes of the features (BLAKE2b, stable across processes, unlike `hash()`), each feature's id
being its hash's position (0.4 MB for today's 52,331 features), and the content words stay the
CSR arrays the scan made (0.06 MB); a query hashes its own features (one `searchsorted` for all
of them) and sets up the words of the one entry it asks about.

A feature is found exactly as in the dict: a vocabulary whose hashes collide is refused when it
is built (`vocab_hashes`), and a query feature outside the vocabulary matches only if its
hash equals one of the 52,331 (chance about 3e-15 per feature).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from hashlib import blake2b
from typing import Any

import numpy as np


def smallest_uint(a: np.ndarray) -> np.ndarray:
    """Non-negative ids in the narrowest unsigned dtype that holds them (phrase and entry ids
    fit in 16 bits: 0.7 and 0.4 MB less than int32); `bincount` and indexing take any of them."""
    top = int(a.max()) if len(a) else 0
    for dtype in (np.uint8, np.uint16, np.uint32):
        if top <= np.iinfo(dtype).max:
            return a.astype(dtype)
    return a


def as_codes(values: np.ndarray) -> dict[str, np.ndarray]:
    """Float weights that take a few distinct values (the field weights) as uint8 codes into a
    table: `table[codes]` is exactly `values` (1.7 MB -> 0.2 MB for entry_fw)."""
    table, codes = np.unique(values, return_inverse=True)
    if len(table) > 256:
        return {"table": values[:0], "codes": values}
    return {"table": table, "codes": codes.astype(np.uint8)}


def feature_hash(feature: str) -> int:
    return int.from_bytes(blake2b(feature.encode(), digest_size=8).digest(), "little")


def _hashes(features: Iterable[str]) -> np.ndarray:
    """`feature_hash` of each feature, as one array: the digests joined and read as little-endian
    uint64 (what `int.from_bytes(..., "little")` reads), without a Python int per feature
    (~14 of ~24 us per keyword query went to the ints and `fromiter`)."""
    return np.frombuffer(b"".join(blake2b(g.encode(), digest_size=8).digest() for g in features), dtype="<u8").astype(
        np.uint64, copy=False)


def vocab_hashes(vocab: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """For the scan: the vocabulary's hashes sorted, and for each feature (by its position in
    `vocab`) the position of its hash there, which becomes its feature id. Numbering features in
    hash order lets a hash's position be the id (`Vocab`), so no id array is kept beside the hashes
    (0.2 MB for tda2026); the scores do not depend on the numbering (`Index.lexical` adds a
    query's features in the order of their text, and each feature's postings keep their order)."""
    h = _hashes(vocab)
    order = np.argsort(h, kind="stable")
    keys = h[order]
    if len(keys) > 1 and bool((keys[1:] == keys[:-1]).any()):
        raise ValueError("two lookup features share a 64-bit hash; change feature_hash's key")
    renumber = np.empty(len(order), dtype=np.intp)
    renumber[order] = np.arange(len(order))
    return keys, renumber


class Vocab:
    """Feature -> feature id, like the dict it replaces (`get`, `in`, `len`, `==`), plus `ids` for a
    whole query at once. A feature's id is the position of its hash in `keys` (`vocab_hashes`)."""

    def __init__(self, keys: np.ndarray) -> None:
        self.keys = keys

    def ids(self, features: Sequence[str]) -> list[int | None]:
        """The id of each feature, None for one not in the corpus."""
        if not features:
            return []
        h = _hashes(features)
        pos = np.minimum(np.searchsorted(self.keys, h), len(self.keys) - 1)
        found = self.keys[pos] == h
        return [i if ok else None for i, ok in zip(pos.tolist(), found.tolist(), strict=True)]

    def get(self, feature: str, default: int | None = None) -> int | None:
        found = self.ids([feature])[0]
        return default if found is None else found

    def __contains__(self, feature: object) -> bool:
        return isinstance(feature, str) and self.get(feature) is not None

    def __len__(self) -> int:
        return len(self.keys)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Vocab):
            return NotImplemented
        return bool(np.array_equal(self.keys, other.keys))

    __hash__ = None  # type: ignore[assignment]


class EntryWords(Sequence[frozenset[int]]):
    """Per entry, its content-word feature ids: `entry_words[i]` is a frozenset, built on demand
    from the scan's CSR arrays (the ranking asks for one entry per query)."""

    def __init__(self, ptr: np.ndarray, ids: np.ndarray) -> None:
        self.ptr = ptr
        self.word_ids = ids

    def __len__(self) -> int:
        return len(self.ptr) - 1

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        return frozenset(self.word_ids[self.ptr[i] : self.ptr[i + 1]].tolist())

    def __iter__(self) -> Iterator[frozenset[int]]:
        return (self[i] for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EntryWords):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        if isinstance(other, list):
            return list(self) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]
