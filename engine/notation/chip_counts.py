"""Chips counted the way Japanese and Korean chat counts them: `5000チップ1枚`, `100チップ5枚`,
`5000を1枚`, `5000칩 한 개`, `5000짜리 칩 하나`, `칩 한 개로 콜`.

The notation writes chips as `chips 5000` or `chips 100x5`; a floor person writes the chip's value,
the chips word and a counter (枚 / 個 / 개 / 장) in any order, glued or spaced. Read apart, the
counter was refused (`1枚` "not a chip") or, worse, the cut before `チップ` seated a player called
"Bが5000". `glue_counts` joins the spaced pieces of such a phrase into one word and
`chip_phrase` reads that word; `engine.notation.cjk.words` turns the result into `chips 5000x1` and the verb.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.notation.words import (
    CHIPS_WORDS,
    NATIVE_DIGITS,
    NATIVE_NUMERAL_CHARS,
    NATIVE_SMALL_UNITS,
    VERB_WORDS,
    Token,
    fold,
    parse_amount,
)

# The chips words of `engine.notation.words` that are Japanese or Korean (チップ, オーバーチップ, 칩, 오버칩), longest first.
_CHIPS_WORDS = tuple(sorted((w for w in CHIPS_WORDS if not w.isascii()), key=lambda w: (-len(w), w)))
_CHIPS = "(?:" + "|".join(map(re.escape, _CHIPS_WORDS)) + ")"
_AMOUNT = r"(?:\d[\d,.，．]*(?:k|ｋ|千|万|천|만)?|[\d" + NATIVE_NUMERAL_CHARS + r"]+)"
# A count and its counter (`1枚`, `一枚`, `5個`, `한 개`, `두 장`), or a count word alone (`하나`, `一つ`).
_KO_COUNTS = {"한": 1, "두": 2, "세": 3, "네": 4, "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9, "열": 10}
_KO_ALONE = {"하나": 1, "둘": 2, "셋": 3, "넷": 4}
_JA_ALONE = {"一つ": 1, "ひとつ": 1, "二つ": 2, "ふたつ": 2, "三つ": 3, "みっつ": 3}
# The kanji counts, 一 to 十, from the numerals of `engine.notation.words` (its hangul ones are not counts: 한 개, not 일 개).
_KANJI = {c: v for c, v in {**NATIVE_DIGITS, **NATIVE_SMALL_UNITS}.items() if 1 <= v <= 10 and "\u4e00" <= c <= "\u9fff"}
_COUNT = (r"(?:(?:\d+|[" + "".join(_KANJI) + "]|" + "|".join(sorted(_KO_COUNTS, key=len, reverse=True))
          + r")(?:枚|個|개|장)|" + "|".join([*_KO_ALONE, *_JA_ALONE]) + r")")
_COUNT_PARTS = re.compile(r"(.+?)(?:枚|個|개|장)?")
_UNITS = r"(?:円|点|원)?"
_PHRASE = re.compile(
    r"(?:(?P<d1>" + _AMOUNT + r")" + _UNITS + r"(?:の|짜리)?(?P<w1>" + _CHIPS + r")(?:を|の)?(?P<c1>" + _COUNT + r")?"
    r"|(?P<w2>" + _CHIPS + r")(?P<d2>" + _AMOUNT + r")" + _UNITS + r"(?:を|の)?(?P<c2>" + _COUNT + r")"
    r"|(?P<d3>" + _AMOUNT + r")" + _UNITS + r"(?:を|の|짜리)?(?P<c3>" + _COUNT + r")"
    r"|(?P<w4>" + _CHIPS + r")(?:を)?(?P<c4>" + _COUNT + r")(?:で|로|으로)?(?:(?P<d4>" + _AMOUNT + r")" + _UNITS + r")?)"
    r"(?P<tail>.*)",
    re.IGNORECASE | re.DOTALL,
)
# What may follow the phrase before its verb: `1枚で`, `한 개로`, `하나로`.
_TAIL_PARTICLES = ("で", "を", "으로", "로")
_COUNTED_CHIP = re.compile(_CHIPS + r"(?:を)?" + _COUNT + r"(?:で|로|으로)?")
# "Put out", "threw in" after the chips (`5000チップ1枚を出した`, `5000칩 하나 냄`): how chat tells a push;
# the chips say what went in, and nothing was declared. Had been refused as "not an action".
PUSHED_WORDS = frozenset({"出した", "出す", "出しました", "出して", "置いた", "置きました", "投げた", "投げ入れた", "入れた",
                          "냄", "냈음", "냈어요", "냈다", "던짐", "던졌음", "던졌어요", "넣음", "넣었음", "넣었어요"})


@dataclass(slots=True)
class ChipPhrase:
    value: str | None  # the chip's value as typed (`5000`, `5千`), None when not said (`칩 한 개로 콜`)
    count: int
    tail: str  # what follows (a verb, maybe), its particle taken off


def chip_phrase(raw: str) -> ChipPhrase | None:
    """`5000チップ1枚` → (5000, 1, ""); `5000칩한개로콜` → (5000, 1, "콜"); None unless `raw` starts with
    such a phrase (with a counter, or a value and a chips word together)."""
    m = _PHRASE.fullmatch(raw)
    if m is None:
        return None
    # (`d4`: `オーバーチップ1枚 1000`, `오버칩 한 개 1000`: the chip and its count, then its value.)
    value = m.group("d1") or m.group("d2") or m.group("d3") or m.group("d4")
    if value is not None and parse_amount(value) is None:
        return None
    said = m.group("c1") or m.group("c2") or m.group("c3") or m.group("c4")
    if said is None and m.group("w1") == "칩":
        return None  # `400칩 벳`: 칩 after an amount is its unit (400 in chips), not a chip of 400
    if said is None:
        count = 1  # `5000チップ`: a chip of 5000, as `チップ5000` reads
    else:
        counted = _COUNT_PARTS.fullmatch(said)
        assert counted is not None  # a count always matches
        num = counted.group(1)
        count = _KO_COUNTS.get(num) or _KANJI.get(num) or _KO_ALONE.get(num) or _JA_ALONE.get(num) or int(fold(num))
    if not 0 < count <= 200:
        return None
    tail = m.group("tail")
    for particle in _TAIL_PARTICLES:
        if tail.startswith(particle):
            tail = tail[len(particle):]
            break
    if tail in PUSHED_WORDS:
        tail = ""
    return ChipPhrase(value, count, tail)


_COUNTER_START = ("枚", "個", "개", "장")


def is_verb(word: str) -> bool:
    return fold(word) in VERB_WORDS


def glue_counts(toks: list[Token]) -> list[Token]:
    """`5000칩 한 개` → `5000칩한개`; `5000짜리 칩 하나로` → `5000짜리칩하나로`; `5000 1枚` → `50001枚`
    is never made: a count is glued only after a chips word, a `짜리` or a counter word.

    Each joined word keeps the first piece's offset; only Japanese and Korean words are joined."""
    if len(toks) < 2:
        return toks
    out: list[Token] = []
    for tok in toks:
        out.append(tok)
        # `5000칩 한 개`: `한 개` joins first, then `5000칩` takes `한개`.
        # (An amount in ASCII joins only a Japanese or Korean word before it: `オーバーチップ1枚 1000`.)
        while len(out) > 1 and not (out[-1].raw.isascii() and out[-2].raw.isascii()) and _joins(out[-2].raw, out[-1].raw):
            last = out.pop()
            raw = out[-1].raw + last.raw
            out[-1] = Token(fold(raw), raw, out[-1].at)
    return out


def _joins(prev: str, word: str) -> bool:
    """Whether `word` continues the chips phrase `prev` ends. Plain string tests first: this runs
    for every pair of words in a Japanese or Korean action, and most pairs are nothing of the kind."""
    if word.startswith(_COUNTER_START):
        return prev in _KO_COUNTS or prev.isdigit() or prev in _KANJI  # `한 개`, `1 枚`
    if prev.startswith(_CHIPS_WORDS) and parse_amount(word) is not None and _COUNTED_CHIP.fullmatch(prev):
        return True  # `オーバーチップ1枚 1000`: the value said after the chip and its count
    if word[:1].isdigit() and prev.startswith(_CHIPS_WORDS) and prev in _CHIPS_WORDS:
        said = chip_phrase(prev + word)  # `오버칩 1000한개`: the value and the count after the chips word
        return said is not None and said.value is not None and not said.tail
    if parse_amount(prev) is not None and not word.isascii() and re.fullmatch(_COUNT, word) is not None:
        return True  # `1000 한개`, `1000 하나`: a chip of 1000, counted
    if word.startswith(_CHIPS_WORDS):
        if word in _CHIPS_WORDS and parse_amount(prev) is not None:
            return True  # `5000 오버칩`: the chip's value, then the word
        return prev.endswith("짜리")  # `5000짜리 칩`
    if prev.endswith(_TAIL_PARTICLES) and is_verb(word):
        said = chip_phrase(prev)  # `칩 한 개로 콜`: the verb closes the phrase
        return said is not None and not said.tail
    if prev.endswith(_CHIPS_WORDS) or prev.endswith(("を", "の")):
        return chip_phrase("칩" + word) is not None and re.match(_COUNT, word) is not None  # `5000칩 한개`
    return False
