"""Blind structures: the presets (TOML data) and structures typed inline, checked the same way.

    20m: 100/200, 200/400, 300/600 bba 600, break 10m colour-up 25, 400/800 bba 800

A duration before `:` applies to the levels after it (until the next one); `break N m` is a
break, optionally naming the chips coloured up during it. A structure is checked as a whole:
blinds never go down (and each level raises something), the big blind is at least the small
blind, every level lasts 1-120 minutes, there are at most 60 entries, and it starts and ends
with a level. Every error carries the offset of the bad entry and its level number, so the
reply can point at it.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from engine.errors import FloorcallError
from engine.notation import MAX_AMOUNT, parse_amount

AnteKind = Literal["ante", "bba"]

MIN_MINUTES, MAX_MINUTES = 1, 120
MAX_ENTRIES = 60
PRESETS_FILE = Path(__file__).with_name("presets.toml")


@dataclass(frozen=True)
class Level:
    """One entry of a structure: a level of play, or a break (`is_break`, no blinds)."""

    minutes: int
    sb: int = 0
    bb: int = 0
    ante: int = 0
    ante_kind: AnteKind | None = None
    is_break: bool = False
    colour_up: tuple[int, ...] = ()
    # The level's number counting levels of play only (1, 2, 3 ...); None for a break.
    number: int | None = None

    @property
    def seconds(self) -> int:
        return self.minutes * 60

    def to_json(self) -> dict[str, Any]:
        if self.is_break:
            return {"break": True, "minutes": self.minutes, "colour_up": list(self.colour_up)}
        return {"level": self.number, "small_blind": self.sb, "big_blind": self.bb, "ante": self.ante,
                "ante_kind": self.ante_kind, "minutes": self.minutes}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Level:
        if d.get("break"):
            return cls(minutes=d["minutes"], is_break=True, colour_up=tuple(d.get("colour_up") or ()))
        return cls(minutes=d["minutes"], sb=d["small_blind"], bb=d["big_blind"], ante=d.get("ante") or 0,
                   ante_kind=d.get("ante_kind"), number=d.get("level"))


@dataclass(frozen=True)
class Structure:
    """A whole structure; `name` is the preset's name or None for one typed inline."""

    levels: tuple[Level, ...]
    name: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "levels": [lv.to_json() for lv in self.levels]}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Structure:
        return cls(tuple(Level.from_json(x) for x in d["levels"]), d.get("name"))


# -- checking ---------------------------------------------------------------------------------


def check(levels: list[Level], where: list[int]) -> Structure:
    """Number the levels of play and check the structure; `where[i]` is entry i's offset."""
    if not levels:
        raise FloorcallError("blinds_empty", at=where[0] if where else 0, hint="turbo")
    if len(levels) > MAX_ENTRIES:
        raise FloorcallError("blinds_too_many", at=where[MAX_ENTRIES], count=len(levels), limit=MAX_ENTRIES)
    numbered: list[Level] = []
    previous: Level | None = None
    number = 0
    for i, lv in enumerate(levels):
        at = where[i]
        label = number + 1 if not lv.is_break else number
        if not MIN_MINUTES <= lv.minutes <= MAX_MINUTES:
            raise FloorcallError("blinds_minutes", at=at, hint="20m", level=label, minutes=lv.minutes,
                                 low=MIN_MINUTES, high=MAX_MINUTES)
        if lv.is_break:
            if i == 0 or i == len(levels) - 1:
                raise FloorcallError("blinds_break_edge", at=at, level=label)
            numbered.append(lv)
            continue
        number += 1
        if lv.sb > lv.bb:
            raise FloorcallError("blinds_sb_over_bb", at=at, hint=f"{lv.bb}/{lv.sb}", level=number, sb=lv.sb, bb=lv.bb)
        if previous is not None:
            down = lv.sb < previous.sb or lv.bb < previous.bb or lv.ante < previous.ante
            same = (lv.sb, lv.bb, lv.ante) == (previous.sb, previous.bb, previous.ante)
            if down or same:
                raise FloorcallError("blinds_not_up", at=at, level=number, prev=f"{previous.sb}/{previous.bb}",
                                     blinds=f"{lv.sb}/{lv.bb}")
        lv = Level(lv.minutes, lv.sb, lv.bb, lv.ante, lv.ante_kind, number=number)
        numbered.append(lv)
        previous = lv
    return Structure(tuple(numbered))


# -- presets ----------------------------------------------------------------------------------


@cache
def presets() -> dict[str, Structure]:
    """The presets from presets.toml, checked like any structure (a bad file fails loudly)."""
    with PRESETS_FILE.open("rb") as f:
        data = tomllib.load(f)
    out: dict[str, Structure] = {}
    for name, table in data.items():
        default = int(table["minutes"])
        levels: list[Level] = []
        for entry in table["levels"]:
            if "break" in entry:
                levels.append(Level(int(entry["break"]), is_break=True,
                                    colour_up=tuple(int(c) for c in entry.get("colour_up", ()))))
                continue
            kind: AnteKind | None = "bba" if "bba" in entry else ("ante" if "ante" in entry else None)
            levels.append(Level(int(entry.get("minutes", default)), int(entry["sb"]), int(entry["bb"]),
                                int(entry.get(kind, 0)) if kind else 0, kind))
        structure = check(levels, [0] * len(levels))
        out[name] = Structure(structure.levels, name)
    return out


PRESET_WORDS: dict[str, str] = {
    "turbo": "turbo", "ターボ": "turbo", "터보": "turbo",
    "regular": "regular", "normal": "regular", "standard": "regular", "レギュラー": "regular", "通常": "regular",
    "레귤러": "regular", "일반": "regular",
    "deep": "deep", "deepstack": "deep", "ディープ": "deep", "딥": "deep", "딥스택": "deep",
}


# -- inline -----------------------------------------------------------------------------------

BREAK_WORDS = frozenset({"break", "brk", "休憩", "ブレイク", "ブレーク", "브레이크", "휴식"})
ANTE_WORDS: dict[str, AnteKind] = {"ante": "ante", "a": "ante", "アンティ": "ante", "アンティー": "ante",
                                    "앤티": "ante", "안티": "ante", "bba": "bba", "bbante": "bba",
                                    "bbアンティ": "bba", "bb앤티": "bba"}
COLOUR_WORDS = frozenset({"colour-up", "color-up", "colourup", "colorup", "colour", "color", "up",
                          "カラーアップ", "カラーアップ:", "컬러업", "칼라업"})
_MINUTES = re.compile(r"^(\d{1,4})(m|min|mins|minutes|分|분)$")
_SEPARATORS = re.compile(r"[,;、，；\n]")
_WORD = re.compile(r"\S+")


def _fold(word: str) -> str:
    return unicodedata.normalize("NFKC", word).casefold()


def _minutes(word: str) -> int | None:
    m = _MINUTES.match(_fold(word))
    return int(m.group(1)) if m else None


def _blinds(word: str) -> tuple[int, int] | None:
    parts = re.split(r"[/\-~]", _fold(word))
    if len(parts) != 2:
        return None
    sb, bb = parse_amount(parts[0]), parse_amount(parts[1])
    return (sb, bb) if sb is not None and bb is not None else None


def _items(text: str, base: int) -> list[tuple[str, int]]:
    """Entries split on , ; 、 and new lines (a comma between digits, 2,000, stays)."""
    out: list[tuple[str, int]] = []
    start = 0
    for m in _SEPARATORS.finditer(text):
        i = m.start()
        if text[i] in ",，" and 0 < i < len(text) - 1 and text[i - 1].isdigit() and text[i + 1].isdigit():
            continue
        out.append((text[start:i], base + start))
        start = i + 1
    out.append((text[start:], base + start))
    return [(t, at) for t, at in out if t.strip() and t.strip() not in ("...", "…")]


def parse_inline(text: str, base: int = 0) -> Structure:
    """A structure typed inline; FloorcallError (with `at` and the level number) if it is wrong."""
    levels: list[Level] = []
    where: list[int] = []
    minutes: int | None = None
    number = 0
    for item, at in _items(text, base):
        words = [(m.group(), at + m.start()) for m in _WORD.finditer(item)]
        # "20m:" / "20m :" / "20分：" before the entry: the duration from here on.
        head, _, rest = item.replace("：", ":").partition(":")
        if rest or item.rstrip().endswith((":", "：")):
            value = _minutes(head.strip())
            if value is None:
                raise FloorcallError("blinds_bad_duration", at=words[0][1], hint="20m", word=head.strip())
            minutes = value
            skip = len(head) + 1
            words = [(m.group(), at + skip + m.start()) for m in _WORD.finditer(item[skip:])]
            if not words:
                continue
        entry_at = words[0][1]
        level = number + 1
        first = _fold(words[0][0])
        if first in BREAK_WORDS:
            levels.append(_break(words, entry_at, number))
            where.append(entry_at)
            continue
        blinds = _blinds(words[0][0])
        if blinds is None:
            hint = "break 10m" if first.startswith("br") else "100/200"
            raise FloorcallError("blinds_bad_level", at=entry_at, hint=hint, level=level, word=words[0][0])
        own_minutes: int | None = None
        ante, kind = 0, None
        i = 1
        while i < len(words):
            word, word_at = words[i]
            folded = _fold(word)
            if folded in ANTE_WORDS and i + 1 < len(words) and (amount := parse_amount(_fold(words[i + 1][0]))):
                ante, kind = amount, ANTE_WORDS[folded]
                i += 2
                continue
            if (value := _minutes(word)) is not None:
                own_minutes = value
                i += 1
                continue
            if word in ("...", "…"):  # "and so on", as the spec's example ends
                i += 1
                continue
            raise FloorcallError("blinds_bad_word", at=word_at, hint="bba 600", level=level, word=word)
        duration = own_minutes if own_minutes is not None else minutes
        if duration is None:
            raise FloorcallError("blinds_no_duration", at=entry_at, hint="20m: " + words[0][0], level=level)
        if max(blinds) > MAX_AMOUNT:  # pragma: no cover - parse_amount already caps amounts
            raise FloorcallError("blinds_bad_level", at=entry_at, level=level, word=words[0][0])
        levels.append(Level(duration, blinds[0], blinds[1], ante, kind))
        where.append(entry_at)
        number += 1
    where.append(base + len(text))
    return check(levels, where)


def _break(words: list[tuple[str, int]], at: int, after: int) -> Level:
    """`break 10m [colour-up 25 100]`."""
    minutes: int | None = None
    colour: list[int] = []
    colouring = False
    for word, word_at in words[1:]:
        folded = _fold(word)
        if (value := _minutes(word)) is not None and minutes is None and not colouring:
            minutes = value
        elif folded in COLOUR_WORDS:
            colouring = True
        elif colouring and (chip := parse_amount(folded)) is not None:
            colour.append(chip)
        else:
            raise FloorcallError("blinds_bad_break", at=word_at, hint="break 10m colour-up 25", level=after)
    if minutes is None:
        raise FloorcallError("blinds_break_minutes", at=at, hint="break 10m", level=after)
    return Level(minutes, is_break=True, colour_up=tuple(colour))


def parse_structure(text: str, base: int = 0) -> Structure:
    """A preset by name (in any of the three languages), else a structure typed inline."""
    stripped = text.strip()
    if not stripped:
        raise FloorcallError("blinds_no_structure", at=base + len(text), hint="turbo")
    name = PRESET_WORDS.get(_fold(stripped))
    if name is not None:
        return presets()[name]
    if " " not in stripped and "/" not in stripped and ":" not in stripped and "：" not in stripped:
        from rapidfuzz import process

        best = process.extractOne(_fold(stripped), list(PRESET_WORDS), score_cutoff=60)
        raise FloorcallError("blinds_unknown_preset", at=base + len(text) - len(text.lstrip()),
                             hint=PRESET_WORDS[best[0]] if best else "turbo", word=stripped)
    return parse_inline(text, base)
