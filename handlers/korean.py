"""Korean particles that depend on the word before them: 은/는, 이/가, 을/를, 과/와, 으로/로.

Korean templates write both forms, `{p}은(는)`, `{n}을(를)`, `{to}(으)로`, because the name or
amount is only known when the reply is built. `resolve_particles` then picks the form the word
before it takes: the one for a final consonant (받침) or the one for a final vowel, and for
으로/로 a final ㄹ counts as a vowel. Player names are often Latin letters or seat numbers, and
amounts are digits, so both are read the way Koreans say them: `L`, `M`, `N`, `R` end in a
consonant (엘, 엠, 엔, 알), and a number by its last spoken word (1,000 ends in 천, 250 in 십, 7 is 칠).
A word whose sound cannot be told (a Japanese name) keeps the double form, which reads correctly.
"""

from __future__ import annotations

import re
import unicodedata

# Each marker: (form after a final consonant, form after a vowel).
_MARKERS: dict[str, tuple[str, str]] = {
    "은(는)": ("은", "는"),
    "이(가)": ("이", "가"),
    "을(를)": ("을", "를"),
    "과(와)": ("과", "와"),
    "(으)로": ("으로", "로"),
}
_MARKER = re.compile("|".join(re.escape(m) for m in _MARKERS))
_CLOSERS = "’'\"”」』)]）>*`"
_NUMBER_TAIL = re.compile(r"[\d,]+$")

# The last sound of a digit read on its own (일, 이, 삼 ...): (has a final consonant, it is ㄹ).
_DIGIT_SOUND = {
    "0": (True, False), "1": (True, True), "2": (False, False), "3": (True, False), "4": (False, False),
    "5": (False, False), "6": (True, False), "7": (True, True), "8": (True, True), "9": (False, False),
}
_CONSONANT_LETTERS = {"l": (True, True), "m": (True, False), "n": (True, False), "r": (True, True)}


def _number_sound(digits: str) -> tuple[bool, bool]:
    """A whole number's last spoken word: the last non-zero digit, else the unit its zeros make
    (십, 백, 천, 만 ... end in a consonant; 조, 10^12, does not)."""
    digits = digits.replace(",", "").lstrip("0") or "0"
    if digits == "0":
        return _DIGIT_SOUND["0"]
    zeros = len(digits) - len(digits.rstrip("0"))
    if zeros == 0:
        return _DIGIT_SOUND[digits[-1]]
    return (zeros != 12, False)


def final_sound(word: str) -> tuple[bool, bool] | None:
    """(ends in a consonant, that consonant is ㄹ) for the end of `word`, or None if unknown."""
    word = word.rstrip(_CLOSERS + " .…:")  # `‘플랍: ...’을(를)`: the word before the dots is read
    if not word:
        return None
    last = word[-1]
    if "가" <= last <= "힣":
        jong = (ord(last) - 0xAC00) % 28
        return (jong != 0, jong == 8)
    if last.isdigit():  # also full-width and other scripts' digits: read as the ASCII ones
        m = _NUMBER_TAIL.search(word)
        digits = unicodedata.normalize("NFKC", m.group() if m else last)
        return _number_sound(digits) if digits.replace(",", "").isascii() else None
    if last.isascii() and last.isalpha():
        m = _LATIN_TAIL.search(word)
        tail = m.group() if m else last
        if len(tail) == 1 or tail.isupper():  # `A`, `BB`, `BTN`: read letter by letter (비비, 비티엔)
            return _CONSONANT_LETTERS.get(last.lower(), (False, False))
        return _english_sound(tail.lower())
    return None


_LATIN_TAIL = re.compile(r"[A-Za-z]+$")
_VOWELS = "aeiouy"


def _english_sound(word: str) -> tuple[bool, bool]:
    """How a Latin name or word ends when Koreans say it, by the loanword spellings: a short vowel
    before a final p, t, k, b keeps it as 받침 (Jack 잭, Bob 밥, Pat 팻); m, n, ng do too (Tom 톰,
    Ann 앤), and l is ㄹ (Bill 빌, rule 룰, Kyle 카일). A silent e leaves the consonant before it
    (Jane 제인, Mike 마이크); other final consonants take 으 and end in a vowel (Fred 프레드, Max
    맥스), as do r and the vowels (Peter 피터, Lee 리)."""
    if word.endswith("e") and len(word) > 2 and word[-2] not in _VOWELS:
        word = word[:-1]
        if word[-1] in "lmn":
            return (True, word[-1] == "l")
        return (False, False)
    last = word[-1]
    if last in "mn" or word.endswith("ng"):
        return (True, False)
    if last == "l":
        return (True, True)
    stem = word[:-2] if word.endswith(("ck", "tt", "pp", "bb")) else word[:-1]
    if last in "ptkb" and len(stem) >= 1 and stem[-1] in "aeiou" and (len(stem) == 1 or stem[-2] not in _VOWELS):
        return (True, False)
    return (False, False)


def resolve_particles(text: str) -> str:
    """Every `은(는)`-style marker in `text` replaced by the form its word takes."""
    if "(" not in text:
        return text

    def pick(m: re.Match[str]) -> str:
        sound = final_sound(text[: m.start()])
        if sound is None:
            return m.group()
        consonant, rieul = sound
        after_consonant, after_vowel = _MARKERS[m.group()]
        if m.group() == "(으)로":
            return after_vowel if (not consonant or rieul) else after_consonant
        return after_consonant if consonant else after_vowel

    return _MARKER.sub(pick, text)
