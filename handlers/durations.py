"""Lengths of time as a floor person types them, in one reader for the player clock and the blind clock.

    90s  90sec  90秒  90초  1:30  1m30s  1分30秒  1분30초  20m  20分  20분  2h  1h30m  1時間30分  1시간30분

Full-width digits from a Japanese IME read as typed (NFKC). A word is one run of number-unit
pairs from the biggest unit down (`30m1h` is not a time), or `m:ss`. Only the standard library is
imported: the console's cold start reads the clock's words through here.

Why one reader: the blind clock knew only `20m` and whole hours, so `1h30m: ...` was "not a
duration" and `90s` was told to be written like `20m`; the player clock did not know times at
all, so `clock A 90s` put a player named "A 90s" on the ruleset's 25 seconds.
"""

from __future__ import annotations

import re
import unicodedata

_UNITS: dict[str, int] = {
    **dict.fromkeys(("hours", "hour", "hrs", "hr", "h", "時間", "시간"), 3600),
    **dict.fromkeys(("minutes", "minute", "mins", "min", "m", "分", "분"), 60),
    **dict.fromkeys(("seconds", "second", "secs", "sec", "s", "秒", "초"), 1),
}
# Longest spelling first, so `min` is not read as `m` followed by `in`.
_UNIT = "|".join(sorted((re.escape(u) for u in _UNITS), key=len, reverse=True))
_PART = re.compile(rf"(\d{{1,6}})({_UNIT})")
_CLOCK_FACE = re.compile(r"^(\d{1,3}):([0-5]\d)$")


def fold(word: str) -> str:
    """NFKC (full-width digits and letters as ASCII), lower case, without spaces inside."""
    return "".join(unicodedata.normalize("NFKC", word).casefold().split())


def seconds_of(word: str, clock_face: bool = True) -> int | None:
    """The seconds a word spells (`1分30秒` -> 90, `1:30` -> 90), else None.

    `clock_face`: whether `m:ss` counts (the blind clock's structures use `:` after a duration,
    so they read without it).
    """
    folded = fold(word)
    if clock_face and (face := _CLOCK_FACE.match(folded)):
        return int(face.group(1)) * 60 + int(face.group(2))
    total, pos, last_unit = 0, 0, None
    while pos < len(folded):
        part = _PART.match(folded, pos)
        if part is None:
            return None
        unit = _UNITS[part.group(2)]
        if last_unit is not None and unit >= last_unit:  # `30m1h`, `1m1m`: not a time
            return None
        total += int(part.group(1)) * unit
        last_unit, pos = unit, part.end()
    return total if last_unit is not None else None


def minutes_of(word: str) -> int | None:
    """Whole minutes a word spells (`20m`, `20分`, `1h30m`, `1시간30분`, `120s`), else None."""
    seconds = seconds_of(word, clock_face=False)
    return seconds // 60 if seconds is not None and seconds % 60 == 0 else None


def nearest_minutes(word: str) -> int | None:
    """For a time that is not whole minutes (`90s`, `1分30秒`): the nearest (at least 1); else None."""
    seconds = seconds_of(word, clock_face=False)
    if seconds is None or seconds % 60 == 0:
        return None
    return max(1, round(seconds / 60))
