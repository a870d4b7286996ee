"""One folding for every lookup key and every query, so that what a person types meets the corpus.

NFKC first (half-width kana and full-width digits become ordinary ones), then lower case,
katakana to hiragana ("オーバーチップ", "ｵｰﾊﾞｰﾁｯﾌﾟ" and "おーばーちっぷ" fold to one string),
punctuation and separators to single spaces, and finally Hangul syllables to their jamo: a
one-syllable Korean query or a one-letter Korean typo then differs by one or two characters
instead of a whole syllable, which is what trigram and edit-distance matching can see.
Japanese kana are not decomposed (only Hangul): splitting dakuten would make "は" and "ば" look
alike to every scorer without helping any query we measured.
"""

from __future__ import annotations

import functools
import re
import unicodedata

_KATA_START, _KATA_END = 0x30A1, 0x30F6  # ァ .. ヶ; ヷ-ヺ have no hiragana twin
_KATA_TO_HIRA = {c: c - 0x60 for c in range(_KATA_START, _KATA_END + 1)}
_HANGUL = re.compile(r"[\uac00-\ud7a3]+")
# Anything that is not a letter, digit, kana or the prolonged sound mark separates words.
_SEPARATORS = re.compile(r"[^\w\u3040-\u30ff\u30fc%+]+|_")
_GROUPED = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")  # the comma of digit groups


def _decompose_hangul(m: re.Match[str]) -> str:
    return unicodedata.normalize("NFD", m.group(0))


@functools.lru_cache(maxsize=16384)
def fold(text: str) -> str:
    """The normalized form of `text`: compare and index only folded strings."""
    s = unicodedata.normalize("NFKC", text).casefold().translate(_KATA_TO_HIRA)
    s = s.replace("’", "'").replace("'", "")  # hold'em, opponent's -> holdem, opponents
    if "," in s:  # 1,000 -> 1000: as a separator the comma made `1 000`, two words no text has
        s = _GROUPED.sub("", s)
    s = _SEPARATORS.sub(" ", s).strip()
    return _HANGUL.sub(_decompose_hangul, s)


def compact(folded: str) -> str:
    """A folded string without spaces: "칩 한 개" and "칩한개" meet here."""
    return folded.replace(" ", "")


def trigrams(s: str) -> set[str]:
    """Character trigrams of `s` (the string itself when shorter than three)."""
    if len(s) < 3:
        return {s} if s else set()
    return {s[i : i + 3] for i in range(len(s) - 2)}


_SCRIPT_RES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("hangul", re.compile(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]")),
    ("kana", re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")),
    ("latin", re.compile(r"[a-z]")),
)


def scripts(folded: str) -> frozenset[str]:
    """The scripts in a folded string: 'hangul', 'kana' (kana and CJK ideographs), 'latin'.

    Digits and signs count as none. Keys are bucketed by script so a Korean query is never
    edit-distance-compared with English keys it cannot resemble.
    """
    return frozenset(name for name, rx in _SCRIPT_RES if rx.search(folded))
