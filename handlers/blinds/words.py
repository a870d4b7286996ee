"""The words of a structure typed inline: durations, blinds, antes, breaks, the list separators,
and the hints offered when a word cannot be read. Kept apart from the structure's checks
(handlers/blinds/structure.py) so each module stays short.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Literal

from engine.notation.read import parse_amount
from handlers.durations import minutes_of, nearest_minutes

AnteKind = Literal["ante", "bba"]

BREAK_WORDS = frozenset({"break", "brk", "休憩", "ブレイク", "ブレーク", "브레이크", "휴식"})
ANTE_WORDS: dict[str, AnteKind] = {"ante": "ante", "a": "ante", "アンティ": "ante", "アンティー": "ante",
                                    "앤티": "ante", "안티": "ante", "bba": "bba", "bbante": "bba",
                                    "bbアンティ": "bba", "bb앤티": "bba"}
COLOUR_WORDS = frozenset({"colour-up", "color-up", "colourup", "colorup", "colour", "color", "up",
                          "カラーアップ", "カラーアップ:", "컬러업", "칼라업"})
_GLUED_ANTE = re.compile(r"^(bba|bbante|ante|bbアンティ|アンティー?|bb앤티|앤티|안티)(\d[\d,.]*(?:k|千|万|천|만)?)$")
_SEPARATORS = re.compile(r"[,;、，；\n]")
WORD = re.compile(r"\S+")


def fold(word: str) -> str:
    return unicodedata.normalize("NFKC", word).casefold()


def duration_hint(word: str) -> str | None:
    """For a time that is not whole minutes (`90s`, `1分30秒`): the nearest whole minutes, `2m`."""
    near = nearest_minutes(word)
    return None if near is None else f"{near}m"


def width_folded(text: str) -> str:
    """Full-width digits and signs from a Japanese IME (`１００／２００，`) as ASCII, one character
    for one so every offset still points into the text as typed."""
    if text.isascii():
        return text
    out = []
    for c in text:
        folded = unicodedata.normalize("NFKC", c)
        out.append(folded if len(folded) == 1 else c)
    return "".join(out)


def split_glued(words: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """`bba400` / `ante25` as two words, so they read as `bba 400` / `ante 25`."""
    out: list[tuple[str, int]] = []
    for word, at in words:
        m = _GLUED_ANTE.match(fold(word))
        if m and m.group(1) in ANTE_WORDS:
            cut = len(m.group(1))
            out += [(word[:cut], at), (word[cut:], at + cut)]
        else:
            out.append((word, at))
    return out


def glued_break(word: str) -> int | None:
    """`break10m`, `休憩10分`, `휴식10분`: a break word and its duration written as one word."""
    folded = fold(word)
    for stem in BREAK_WORDS:
        if folded.startswith(stem) and len(folded) > len(stem):
            return minutes_of(folded[len(stem):])
    return None


def blinds_of(word: str) -> tuple[int, int] | None:
    parts = re.split(r"[/\-~]", fold(word))
    if len(parts) != 2:
        return None
    sb, bb = parse_amount(parts[0]), parse_amount(parts[1])
    return (sb, bb) if sb is not None and bb is not None else None


def items(text: str, base: int) -> list[tuple[str, int]]:
    """Entries split on , ; 、 and new lines (a comma between digits, 2,000, stays)."""
    out: list[tuple[str, int]] = []
    start = 0
    for m in _SEPARATORS.finditer(text):
        i = m.start()
        # A comma that groups thousands (2,000) has three digits after it and no fourth
        # (`4,000,3,000` is 4,000 then 3,000), and does not glue two whole blinds together
        # (`100/200,200/400` from an IME's full-width comma is two levels).
        group = re.match(r"\d{3}(?!\d)", text[i + 1:])
        if text[i] in ",，" and 0 < i and text[i - 1].isdigit() and group:
            glues_blinds = "/" in text[start:i] and text[i + 4:i + 5] in ("/", "-", "~")
            if not glues_blinds:
                continue
        out.append((text[start:i], base + start))
        start = i + 1
    out.append((text[start:], base + start))
    return [(t, at) for t, at in out if t.strip() and t.strip() not in ("...", "…")]


def level_hint(words: list[tuple[str, int]]) -> str:
    """What the entry probably meant: a break typed as a duration alone (`10m`), a duration
    missing its colon (`20m 100/200`), else blinds."""
    first = fold(words[0][0])
    if minutes_of(first) is not None:
        return f"{first}: {words[1][0]}" if len(words) > 1 else f"break {first}"
    return "break 10m" if first.startswith("br") else "100/200"


def word_hint(folded: str, bb: int) -> str:
    """For a word after the blinds: a number alone was most likely the ante, a number with a
    unit a duration (`1.5m`: whole minutes only), anything else the big blind ante."""
    decimal = re.match(r"^(\d+\.\d+)(m|min|分|분)$", folded)
    if decimal:
        return f"{max(1, round(float(decimal.group(1))))}m"
    if parse_amount(folded) is not None:
        return f"ante {folded}"
    if folded[:1] in ("-", "−") and (minutes := minutes_of(folded[1:])) is not None:  # `-30m`: was "bba 200"
        return f"{minutes}m"
    if folded[:1].isdigit():
        return "20m"
    return f"bba {bb}"
