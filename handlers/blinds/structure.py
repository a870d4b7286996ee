"""Blind structures: the presets (TOML data) and structures typed inline, checked the same way.

    20m: 100/200, 200/400, 300/600 bba 600, break 10m colour-up 25, 400/800 bba 800

A duration before `:` applies to the levels after it (until the next one); `break N m` is a
break, optionally naming the chips coloured up during it. A structure is checked as a whole:
blinds never go down (and each level raises something), the big blind is at least the small
blind, an ante (or big blind ante) is at most the big blind, no amount passes a billion, every
level lasts 1-120 minutes, there are at most 60 entries, it starts and ends with a level and
has no two breaks in a row. Every error carries the offset of the bad entry, its level number
and a hint, so the reply can point at it and say what to type; the words themselves are read
in handlers/blinds/words.py.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.errors import FloorcallError
from engine.notation.read import MAX_AMOUNT, parse_amount
from handlers.blinds.words import (
    ANTE_WORDS,
    BREAK_WORDS,
    COLOUR_WORDS,
    WORD,
    AnteKind,
    blinds_of,
    duration_hint,
    fold,
    glued_break,
    items,
    level_hint,
    minutes_of,
    split_glued,
    width_folded,
    word_hint,
)

MIN_MINUTES, MAX_MINUTES = 1, 120
MAX_ENTRIES = 60
# Chips coloured up in one break: a room colours up one or two denominations at a time. Without a
# bound, a break's announcement (one Discord message, 2,000 characters) could be refused.
MAX_COLOUR_UP = 8
# No tournament's big blind reaches a billion chips; a bigger number is a slip of the keyboard
# (an extra zero or three), not a level to announce. parse_amount alone allows up to 10**18.
MAX_BLIND = 10**9
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
        # The hint is where the structure may end: the last level of play within the limit.
        last = next((lv for lv in reversed(levels[:MAX_ENTRIES]) if not lv.is_break), None)
        if last is None:  # nothing but breaks: that is the error to name (at the first one)
            raise FloorcallError("blinds_break_first", at=where[0], hint="20m: 100/200, break 10m")
        raise FloorcallError("blinds_too_many", at=where[MAX_ENTRIES], hint=_short(last), count=len(levels),
                             limit=MAX_ENTRIES, last=_short(last))
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
            if i == 0:  # (this was "blinds_break_edge ... after level 0")
                raise FloorcallError("blinds_break_first", at=at, hint="20m: 100/200, break 10m")
            if i == len(levels) - 1:
                # What to type: the break, then a level after it (one up from the level before).
                before = next(x for x in reversed(levels[:i]) if not x.is_break)
                after = Level(before.minutes, before.bb, before.bb * 2, before.ante * 2, before.ante_kind)
                raise FloorcallError("blinds_break_edge", at=at, level=label,
                                     hint=f"break {lv.minutes}m, {_short(after)}")
            if levels[i - 1].is_break:  # two breaks in a row: one break of the two lengths, or a slip
                raise FloorcallError("blinds_break_twice", at=at, hint=f"break {levels[i - 1].minutes + lv.minutes}m",
                                     level=label)
            numbered.append(lv)
            continue
        number += 1
        _check_level(lv, number, at, previous)
        lv = Level(lv.minutes, lv.sb, lv.bb, lv.ante, lv.ante_kind, number=number)
        numbered.append(lv)
        previous = lv
    return Structure(tuple(numbered))


def _check_level(lv: Level, number: int, at: int, previous: Level | None) -> None:
    """One level on its own (sizes, the ante against the big blind) and against the level before.

    The ante is compared with the one before only when both are of one kind: a structure may
    move from a big blind ante to an ante for every player (or back), and 600 once from the big
    blind is not "more" than 75 from each of nine players.
    """
    if max(lv.sb, lv.bb, lv.ante) > MAX_BLIND:
        raise FloorcallError("blinds_too_big", at=at, hint="100/200", level=number, limit=f"{MAX_BLIND:,}")
    if lv.sb > lv.bb:
        raise FloorcallError("blinds_sb_over_bb", at=at, hint=f"{lv.bb}/{lv.sb}", level=number, sb=lv.sb, bb=lv.bb)
    if lv.ante > lv.bb:
        raise FloorcallError("blinds_ante_over_bb", at=at, hint=f"{lv.ante_kind or 'ante'} {lv.bb}", level=number,
                             ante=f"{lv.ante_kind or 'ante'} {lv.ante}", bb=lv.bb)
    if previous is None:
        return
    same_kind = lv.ante_kind == previous.ante_kind or not lv.ante or not previous.ante
    ante_down = (lv.ante < previous.ante and same_kind) or (not lv.ante and previous.ante)
    blinds_down = lv.sb < previous.sb or lv.bb < previous.bb
    if blinds_down or ante_down or ((lv.sb, lv.bb) == (previous.sb, previous.bb) and not lv.ante > previous.ante):
        # The message shows both levels with their antes, so a level that only drops its ante
        # (or repeats the one before) is seen for what it is, not as "blinds that go down".
        hint = f"{previous.ante_kind} {previous.ante}" if ante_down and not blinds_down else \
            f"{previous.bb}/{previous.bb * 2}"
        raise FloorcallError("blinds_not_up", at=at, hint=hint, level=number, prev=_short(previous),
                             blinds=_short(lv))


def _short(lv: Level) -> str:
    """`300/600 bba 600` as typed in a structure (language-neutral: the structure's own words)."""
    return f"{lv.sb}/{lv.bb}" + (f" {lv.ante_kind} {lv.ante}" if lv.ante else "")


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


def parse_inline(text: str, base: int = 0) -> Structure:
    """A structure typed inline; FloorcallError (with `at` and the level number) if it is wrong."""
    levels: list[Level] = []
    where: list[int] = []
    minutes: int | None = None
    number = 0
    text = width_folded(text)
    for item, at in items(text, base):
        words = [(m.group(), at + m.start()) for m in WORD.finditer(item)]
        # "20m:" / "20m :" / "20分：" before the entry: the duration from here on.
        head, _, rest = item.replace("：", ":").partition(":")
        if rest or item.rstrip().endswith((":", "：")):
            value = minutes_of(head.strip())
            if value is None:
                near = duration_hint(head)
                raise FloorcallError("blinds_whole_minutes" if near else "blinds_bad_duration", at=words[0][1],
                                     hint=near or "20m", word=head.strip())
            minutes = value
            skip = len(head) + 1
            words = [(m.group(), at + skip + m.start()) for m in WORD.finditer(item[skip:])]
            if not words:
                continue
        entry_at = words[0][1]
        level = number + 1
        first = fold(words[0][0])
        if (glued := glued_break(words[0][0])) is not None:  # 休憩10分
            words = [(words[0][0], entry_at), (f"{glued}m", entry_at), *words[1:]]
            first = next(iter(BREAK_WORDS))
        if first in BREAK_WORDS:
            levels.append(_break(words, entry_at, number))
            where.append(entry_at)
            continue
        blinds = blinds_of(words[0][0])
        if blinds is None:
            hint = level_hint(words)
            last = levels[-1] if levels else None
            if last is not None and last.colour_up and len(words) == 1 and parse_amount(first) is not None:
                # `colour-up 25, 100`: the comma ended the break; the chips are written with spaces
                hint = "break {}m colour-up {} {}".format(last.minutes, " ".join(map(str, last.colour_up)), first)
            raise FloorcallError("blinds_bad_level", at=entry_at, hint=hint, level=level, word=words[0][0])
        own_minutes: int | None = None
        ante, kind = 0, None
        words = split_glued(words)
        i = 1
        while i < len(words):
            word, word_at = words[i]
            folded = fold(word)
            if folded in ANTE_WORDS:
                amount = parse_amount(fold(words[i + 1][0])) if i + 1 < len(words) else None
                is_zero = i + 1 < len(words) and fold(words[i + 1][0]) == "0"
                if amount is None and not is_zero:
                    raise FloorcallError("blinds_ante_amount", at=word_at, hint=f"{folded} {blinds[1]}", level=level,
                                         word=word)
                if kind is not None:  # `bba 200 ante 25`: one of them is a slip
                    raise FloorcallError("blinds_ante_twice", at=word_at, hint=f"{kind} {ante}", level=level)
                ante, kind = amount or 0, ANTE_WORDS[folded]
                i += 2
                continue
            if (value := minutes_of(word)) is not None:
                if own_minutes is not None:
                    raise FloorcallError("blinds_duration_twice", at=word_at, hint=f"{own_minutes}m", level=level)
                own_minutes = value
                i += 1
                continue
            if word in ("...", "…"):  # "and so on", as the spec's example ends
                i += 1
                continue
            if (near := duration_hint(word)) is not None:  # `90s`: a time, but not whole minutes
                raise FloorcallError("blinds_whole_minutes", at=word_at, hint=near, word=word)
            raise FloorcallError("blinds_bad_word", at=word_at, hint=word_hint(folded, blinds[1]), level=level,
                                 word=word)
        duration = own_minutes if own_minutes is not None else minutes
        if duration is None:
            raise FloorcallError("blinds_no_duration", at=entry_at, hint="20m: " + words[0][0], level=level)
        if max(blinds) > MAX_AMOUNT:  # pragma: no cover - parse_amount already caps amounts
            raise FloorcallError("blinds_bad_level", at=entry_at, level=level, word=words[0][0])
        levels.append(Level(duration, blinds[0], blinds[1], ante, kind if ante else None))
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
        folded = fold(word)
        if (value := minutes_of(word)) is not None and minutes is None and not colouring:
            minutes = value
        elif folded in COLOUR_WORDS:
            colouring = True
        elif colouring and (chip := parse_amount(folded)) is not None:
            if len(colour) == MAX_COLOUR_UP:  # the break's announcement must fit one Discord message
                raise FloorcallError("blinds_colour_many", at=word_at, level=after, limit=MAX_COLOUR_UP,
                                     hint="break {}m colour-up {}".format(minutes or 10, " ".join(map(str, colour))))
            colour.append(chip)
        elif minutes is None and (near := duration_hint(word)) is not None:  # `break 90s`
            raise FloorcallError("blinds_whole_minutes", at=word_at, hint=f"break {near}", word=word)
        else:
            raise FloorcallError("blinds_bad_break", at=word_at, hint="break 10m colour-up 25", level=after)
    if minutes is None:
        raise FloorcallError("blinds_break_minutes", at=at, hint="break 10m", level=after)
    if colouring and not colour:  # "colour-up" and no chip named: say which, rather than drop it
        raise FloorcallError("blinds_bad_break", at=words[-1][1], hint=f"break {minutes}m colour-up 25", level=after)
    return Level(minutes, is_break=True, colour_up=tuple(colour))


def looks_like_structure(word: str) -> bool:
    """Whether a word opens a structure: a preset's name, a duration (`20m:`) or blinds."""
    folded = fold(width_folded(word)).rstrip(":")
    return folded in PRESET_WORDS or minutes_of(folded) is not None or blinds_of(folded.rstrip(",")) is not None


def parse_structure(text: str, base: int = 0) -> Structure:
    """A preset by name (in any of the three languages), else a structure typed inline."""
    stripped = text.strip()
    if not stripped:
        raise FloorcallError("blinds_no_structure", at=base + len(text), hint="turbo")
    name = PRESET_WORDS.get(fold(stripped))
    if name is not None:
        return presets()[name]
    first = stripped.split(None, 1)[0]
    if (preset := PRESET_WORDS.get(fold(first))) is not None:  # "turbo 15m": a preset takes nothing more
        lead = len(text) - len(text.lstrip())
        extra = lead + len(first) + len(stripped[len(first):]) - len(stripped[len(first):].lstrip())
        raise FloorcallError("blinds_preset_extra", at=base + extra, hint=preset, name=preset,
                             word=stripped[len(first):].strip())
    if " " not in stripped and "/" not in stripped and ":" not in stripped and "：" not in stripped:
        from rapidfuzz import process

        best = process.extractOne(fold(stripped), list(PRESET_WORDS), score_cutoff=60)
        raise FloorcallError("blinds_unknown_preset", at=base + len(text) - len(text.lstrip()),
                             hint=PRESET_WORDS[best[0]] if best else "turbo", word=stripped)
    return parse_inline(text, base)
