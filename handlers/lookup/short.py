"""Which entries' texts hold a one- or two-character query ("失格", "BB", "端数").

Such a query is matched as a substring of each entry's whole compact text (`Index.lexical`), and
scanning them all (374,280 characters for tda2026) cost ~320 us for "失格" and ~460 us for "bb"
(December 2026): the slowest keyword queries there were, in a bot where a keyword query now
takes ~300 us. Here each entry's distinct characters and character pairs are kept as 32-bit
hashes in one sorted array (133,480 for tda2026, ~0.7 MB, built on the first such query in
~40 ms), so the entries that may hold the query are found with two binary searches; the
substring test then runs on those alone. A hash shared by two pairs only adds entries to test,
so the entries found, and their order, are those of the full scan.
"""

from __future__ import annotations

import numpy as np

_SHIFT = np.uint64(21)  # code points fit in 21 bits: a pair is (first << 21) | second
_MIX = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing: the top 32 bits of code * _MIX


def _hash(codes: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        return ((codes * _MIX) >> np.uint64(32)).astype(np.uint32)


def _codes(text: str) -> np.ndarray:
    """The text's characters and its pairs of adjacent characters, as unhashed codes."""
    a = np.frombuffer(text.encode("utf-32-le"), dtype="<u4").astype(np.uint64)
    return np.concatenate([a, (a[:-1] << _SHIFT) | a[1:]])


class ShortIndex:
    """The hashed characters and pairs of each text, for `holding`."""

    def __init__(self, texts: list[str]) -> None:
        hashes = [np.unique(_hash(_codes(t))) for t in texts]
        keys = np.concatenate(hashes) if hashes else np.zeros(0, np.uint32)
        owner = np.repeat(np.arange(len(texts), dtype=np.int32), [len(h) for h in hashes])
        order = np.argsort(keys, kind="stable")
        self.keys, self.owner = keys[order], owner[order]
        self.texts = texts

    def holding(self, q: str) -> list[int]:
        """The texts that have `q` (one or two characters) as a substring, in order."""
        if not 1 <= len(q) <= 2:
            return [i for i, t in enumerate(self.texts) if q in t]
        h = _hash(_codes(q)[-1:])  # the pair (or the one character)
        lo, hi = np.searchsorted(self.keys, h[0], "left"), np.searchsorted(self.keys, h[0], "right")
        return [i for i in np.unique(self.owner[lo:hi]).tolist() if q in self.texts[i]]
