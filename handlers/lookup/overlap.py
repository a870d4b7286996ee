"""Which keys the fuzzy scorers can skip: a cheap upper bound on rapidfuzz's `ratio` and
`partial_ratio`, from the characters a key and the query have in common.

Both scorers are built on the longest common subsequence (LCS) of two strings: `ratio(a, b)` is
200·LCS/(|a|+|b|), and `partial_ratio` is the best `ratio` of the shorter string against windows
of the longer that are no longer than it. An LCS holds no more of a character than either string
has, so it is at most H, the size of the two strings' character multisets' intersection:

- `ratio(q, k) <= 200·H/(|q|+|k|)`;
- `partial_ratio(q, k) <= 200·H/(m+H)` with m = min(|q|, |k|): against a window w (|w| <= m) the
  LCS is at most min(H, |w|), and 2·min(H, |w|)/(m+|w|) is largest at |w| = H.

Characters are counted in `BINS` bins (code point mod BINS): two characters sharing a bin can only
make H larger, so the bound stays a bound, and the table stays small (64 bytes per key, 164 KB for
the 2,559 keys of tda2026). A key whose bound is under the cutoff cannot be returned by rapidfuzz,
so leaving it out changes nothing: rapidfuzz orders its results by score and then by position,
and the keys that remain keep their order. Over the eval's keyword queries (December 2026) the
bound leaves 3,112 of 88,656 `ratio` candidates (3.5 %) and 1,833 of 18,933 `partial_ratio`
candidates (9.7 %), none of them one that reached the cutoff; 128 or 256 bins left
almost the same number (3,037 and 1,679 ...), so 64.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

BINS = 64
MARGIN = 0.5  # points below the cutoff still scored: float rounding in rapidfuzz never matters


def char_counts(texts: list[str], dtype: type[np.integer]) -> np.ndarray:
    """How many characters of each bin each text has: shape (BINS, len(texts))."""
    n = len(texts)
    codes = np.frombuffer("".join(texts).encode("utf-32-le"), dtype="<u4").astype(np.intp) % BINS
    owner = np.repeat(np.arange(n), [len(t) for t in texts])
    return np.bincount(codes * n + owner, minlength=BINS * n).reshape(BINS, n).astype(dtype)


class Overlap:
    """The binned character counts of a fixed list of texts (an index's keys), built once.

    Kept in uint8 when no text is longer than 255 characters (keys are at most 63): a text's
    shared count is at most its length, so the sum cannot overflow, and `shared` then costs
    ~8 us instead of ~29 us with int64 (2,559 keys, a 13-character query).
    """

    def __init__(self, texts: list[str]) -> None:
        self.lens = np.array([len(t) for t in texts], dtype=np.intp)
        self.dtype = np.uint8 if self.lens.max(initial=0) <= np.iinfo(np.uint8).max else np.int64
        self.counts = char_counts(texts, self.dtype)

    def shared(self, q: str) -> np.ndarray:
        """Per text, an upper bound on the characters it has in common with `q` (H above)."""
        if not q:
            return np.zeros(len(self.lens), dtype=self.dtype)
        qc = Counter(ord(c) % BINS for c in q)
        # a count above a text's length says no more than its length: clipped to fit the dtype
        want = np.minimum(np.array(list(qc.values())), np.iinfo(self.dtype).max).astype(self.dtype)
        return np.minimum(self.counts[list(qc)], want[:, None]).sum(axis=0, dtype=self.dtype)


def ratio_may_reach(shared: np.ndarray, lq: int, lens: np.ndarray, cutoff: float) -> list[int]:
    """Positions whose `ratio` with an lq-character query may reach `cutoff` (see the docstring)."""
    h = shared.astype(np.intp)
    return np.flatnonzero(200 * h >= (cutoff - MARGIN) * (lq + lens)).tolist()


def partial_may_reach(shared: np.ndarray, lq: int, lens: np.ndarray, cutoff: float) -> list[int]:
    """Positions whose `partial_ratio` with an lq-character query may reach `cutoff`."""
    h = shared.astype(np.intp)
    return np.flatnonzero(200 * h >= (cutoff - MARGIN) * (np.minimum(lens, lq) + h)).tolist()
