"""Player names as people will see them: no direction controls, never invisible.

A name is echoed into every reply (the clock's headline, the ruling's working table, Discord
embeds). Two kinds of character make that echo lie:

- bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) reorder the text around
  them, so `A‮001 teb` can show as a different bet. They never belong in a name: removed.
- zero-width and filler characters (U+200B, U+2060, U+FEFF; U+3164 and the other Hangul fillers,
  U+2800 ...) show nothing, so `/clock player:` + U+200B starts a clock on nobody visible.
  U+200B, U+2060 and U+FEFF are removed (they only make two spellings of one name); ZWJ and ZWNJ
  stay inside a name (emoji sequences and some scripts need them) but are trimmed at its ends.
  A name with nothing visible left is refused.

It lives in `engine` (no localization, no discord) so the notation reader and the clock both
call it; `handlers.errors.COMMON` words the `invisible_name` error in ja/ko/en.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Protocol

from engine.errors import FloorcallError

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff")
# Removed wherever they are: no name needs them, and they would make "A" and "A\u200b" two players.
_DROPPED = BIDI_CONTROLS | frozenset("\u200b\u2060\ufeff")
# Letters or symbols by category that draw nothing (Hangul fillers, braille blank, ...).
FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u00ad\u034f")
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Mn", "Me", "Zs", "Zl", "Zp"})
_TRANSLATE = dict.fromkeys(map(ord, _DROPPED))


def strip_bidi(text: str) -> str:
    """`text` without direction controls (for any text echoed back, not only names)."""
    if BIDI_CONTROLS.isdisjoint(text):  # one C-level pass (a generator over the characters cost ~20x)
        return text
    return "".join(c for c in text if c not in BIDI_CONTROLS)


def is_visible(char: str) -> bool:
    """Whether `char` draws something on its own (a mark or a space alone does not)."""
    if char in FILLERS or char.isspace():
        return False
    return unicodedata.category(char) not in _INVISIBLE_CATEGORIES


def _code_points(text: str) -> str:
    seen: list[str] = []
    for c in text:
        if c not in " \t":
            point = f"U+{ord(c):04X}"
            if point not in seen:
                seen.append(point)
    return " ".join(seen[:4]) + (" …" if len(seen) > 4 else "")


def clean_name(name: str, at: int | None = None, *, hint: str | None = None) -> str:
    """`name` without direction controls and stray zero-width characters, trimmed.

    `at` is where `name` starts in the input. Raises `FloorcallError("invisible_name")` at the
    name's first character when nothing visible is left; `chars` lists what was there (U+200B ...)
    so the message can say what was typed, since the name itself cannot be shown.
    """
    if name.isascii() and name.isalnum():  # `A`, `SB`, `P1`: nothing to drop or trim, all visible
        return name
    cleaned = name.translate(_TRANSLATE).strip().strip("\u200c\u200d").strip()
    if any(is_visible(c) for c in cleaned):
        return cleaned
    lead = len(name) - len(name.lstrip())
    raise FloorcallError("invisible_name", at=None if at is None else at + lead, hint=hint,
                         chars=_code_points(name.strip()) or "—")


__all__ = ["BIDI_CONTROLS", "FILLERS", "ZERO_WIDTH", "clean_name", "is_visible", "same_seat_names", "seat_number", "seat_spellings", "strip_bidi",
           "without_invisible"]


def without_invisible(text: str) -> str:
    """`text` with bidi controls and stray zero-width characters removed: an action item before
    its words are read (`\u202eB raise 300` must read as `B raise 300`, not as a player `\u202e`
    who bets)."""
    if text.isascii():
        return text
    return text.translate(_TRANSLATE)


# One seat however chat names it: `3`, `3番`, `3番席`, `3席`, `3번`, `3번 자리`, `3번자리`, `3번 좌석`, `3번석`.
_SEAT = re.compile(r"(\d{1,3})\s?(?:番席|番|席|번\s?자리|번\s?좌석|번석|번)?")


def seat_number(name: str) -> int | None:
    """The seat a name stands for (`3番席` → 3), or None when it is no seat."""
    m = _SEAT.fullmatch(name)
    return int(m.group(1)) if m is not None else None


# Particles that also end names (지은, もも, あやの): も / 도 "also", の / 의, 이, 은. The reader takes them
# off a name only where it can tell (`engine.notation.cjk.words`); here a later spelling with one is the same player.
NAME_ENDING_PARTICLES = "이은もの도의"
_HONORIFICS = ("さん", "様", "氏", "님", "씨")


def _without_honorific(name: str) -> str:
    return next((name[: -len(h)] for h in _HONORIFICS if name.endswith(h) and len(name) > len(h)), name)


def without_honorific(name: str) -> str:
    """`山田さん` → `山田`, `지훈님` → `지훈`: the name without the honorific said after it."""
    return _without_honorific(name)


def seat_spellings(names: Iterable[str]) -> dict[str, str]:
    """Each later spelling of one player mapped to the first one typed: a seat (`3番席` … `3番は？`),
    an honorific (`Aさん` … `A`, `민수님` … `민수`), and も / 도 ("also") after a name typed elsewhere
    (`たけしもコール` beside `たけし`; alone they stay on it: もも, あやの are names).

    A line that named `3番席` in an action and asked `3番は？` had seated two players for one seat:
    the question was answered for a newcomer who had never acted."""
    names = list(names)
    out: dict[str, str] = {}
    if not all(name.isascii() for name in names):
        typed = set(names)
        stems: dict[str, list[str]] = {}
        for name in names:
            if len(name) > 1 and name[-1] in NAME_ENDING_PARTICLES and name[:-1] in typed:
                out[name] = name[:-1]
            elif len(name) > 2 and name[-1] in NAME_ENDING_PARTICLES and name not in stems.get(name[:-1], ()):
                stems.setdefault(name[:-1], []).append(name)
        for stem, spelled in stems.items():
            if len(spelled) > 1 and stem not in typed:
                # `하은이 콜 … 하은은?`: the one name 하은 with two particles, never typed bare. Each
                # had been a player, so the question went to a newcomer facing the whole bet.
                # (Two letters of stem at least: 지은 and 지이 are two names.)
                for name in spelled:
                    out[name] = stem
        bare = {name: _without_honorific(name) for name in names}
        honoured = {b for name, b in bare.items() if b != name}
        first_typed: dict[str, str] = {}
        for name in names:
            if bare[name] in honoured and first_typed.setdefault(bare[name], name) != name:
                out[name] = first_typed[bare[name]]
    first: dict[int, str] = {}
    for name in names:
        if not name[:1].isdigit():  # nearly every name (`A`, `UTG`): no pattern run
            continue
        seat = seat_number(name)
        if seat is None:
            continue
        if seat not in first:
            first[seat] = name
        elif first[seat] != name:
            out[name] = first[seat]
    return out


class _Acting(Protocol):
    player: str


def same_seat_names(first: Iterable[str], actions: Iterable[_Acting], query: str | None) -> str | None:
    """Name each seat in `actions` (in place) and `query` as it was first typed (`3番席` … `3番は？`:
    one player, seat 3); returns the query so named."""
    actions = list(actions)
    # `A`, `UTG`, `SB`: one spelling each (most lines). A plain loop that stops at the first
    # other name: a list of every name and `all()` over a generator cost ~1.5 µs a ruling.
    for a in actions:
        name = a.player
        if not name.isascii() or name[:1].isdigit():
            break
    else:
        if (query is None or (query.isascii() and not query[:1].isdigit())) and all(
                name.isascii() and not name[:1].isdigit() for name in first):
            return query
    names = [*first, *(a.player for a in actions), *([query] if query else [])]
    spellings = seat_spellings(names)
    if spellings:
        for a in actions:
            a.player = spellings.get(a.player, a.player)
        if query is not None:
            query = spellings.get(query, query)
    return query
