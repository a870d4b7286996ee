"""Real screen names: `"Brian Rast"` (a name with spaces, quoted), `Qd5wHwL2ECHB0WW5X/zLDg` (a name
with `/` or `+`, given in `stacks` or `players`).

The reader takes a name to be one word of letters and digits, and reads `/` between two names as
"both of them" (`B/C call`). A name the line itself declares, quoted or listed in `stacks` /
`players`, is one player wherever it appears. `protect` runs before the reader: each such name
(its quoted and unquoted occurrences alike) becomes a stand-in word of the same length (the
quote marks become spaces), so every offset the reader reports is still true, and `Names.restore`
puts the names back into the reply. Lines without quotes or such names come back unchanged.

A name with spaces typed without quotes cannot be told from a name followed by a word; the
stacks reader says how to type it (`name_needs_quotes`, with the quoted form as the hint).
"""

from __future__ import annotations

import re
from typing import Any

from engine.notation.money import LazyPattern

# Quote pairs around a name: ASCII, typographic, and the corner brackets of Japanese (those only
# round a name with a space in it: `「コール」と言って` quotes a word said, engine.notation.cjk.punct).
_QUOTED = LazyPattern(r'"([^"\n,;:、]{1,40})"|“([^”\n,;:、]{1,40})”|「([^」\n,;:、]{1,40})」|『([^』\n,;:、]{1,40})』')
_CORNER = ("「", "『")
# Characters that make a listed name look like several (`/` `+` `&`) or like no name at all.
_SPECIAL = LazyPattern(r"[/+&]")
_LIST_WORDS = frozenset({"stacks", "stack", "スタック", "스택", "players", "プレイヤー", "플레이어"})
_HEADER_END = LazyPattern(r"[:：]")
_SPACE_IN = LazyPattern(r"[\s\u3000]")
_AMOUNTISH = LazyPattern(r"[\d.,/$€¥₩+&x×*-]+")  # `1000+100x5`, `50/100`: amounts, not names


class Names:
    """The stand-ins of one line: stand-in → the name as typed (a plain class: see engine.notation.money.Money)."""

    __slots__ = ("names",)

    def __init__(self) -> None:
        self.names: dict[str, str] = {}

    def restore(self, text: str) -> str:
        for stand_in, name in self.names.items():
            if stand_in in text:
                text = text.replace(stand_in, name)
        return text

    def restore_typed(self, text: str) -> str:
        """A hint (notation to type): a name with a space goes back in its quotes."""
        for stand_in, name in self.names.items():
            if stand_in in text:
                text = text.replace(stand_in, f'"{name}"' if _SPACE_IN.search(name) else name)
        return text

    def restore_all(self, value: Any) -> Any:
        """Every string (and key) of a JSON-like value with the names put back."""
        if isinstance(value, str):
            return self.restore(value)
        if isinstance(value, dict):
            return {self.restore_all(k): self.restore_all(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.restore_all(v) for v in value]
        if isinstance(value, tuple):
            return tuple(self.restore_all(v) for v in value)
        return value


def _stand_in(k: int, length: int) -> str:
    """A word of letters only (never a verb, a position or a seat), `length` long, the k-th."""
    tag = "Zq" + chr(ord("a") + k) if k < 26 else "Zq" + chr(ord("a") + k % 26) + chr(ord("a") + k // 26)
    return (tag + "x" * length)[:length] if length >= len(tag) else ""


def _listed(text: str) -> list[str]:
    """Names in the header's `stacks` (name amount pairs) or `players` list that hold `/`, `+` or `&`."""
    colon = _HEADER_END.search(text)
    head = text[:colon.start()] if colon else text
    words = head.split()
    found: list[str] = []
    for i, word in enumerate(words):
        if word.lower() in _LIST_WORDS:
            for w in words[i + 1:]:
                if w.lower() in _LIST_WORDS:
                    break
                if _SPECIAL.search(w) and not _AMOUNTISH.fullmatch(w):
                    found.append(w.strip("=,、"))
    return found


_MARKS = frozenset('"“「『+&')


def _slash_by_letter(text: str) -> bool:
    """A `/` beside a letter (`Qd5w/zLDg`, `B/C`, `x/r`), not between digits (`50/100`)."""
    i = text.find("/")
    while i >= 0:
        if (i > 0 and text[i - 1].isalpha()) or text[i + 1:i + 2].isalpha():
            return True
        i = text.find("/", i + 1)
    return False


def protect(text: str) -> tuple[str, Names | None]:
    """`text` with each declared name as a stand-in of its length, and the stand-ins; (text, None)
    when the line declares none (nearly every line: one scan for a quote and a `/ + &`)."""
    if ('"' not in text and "+" not in text and "&" not in text and (text.isascii() or _MARKS.isdisjoint(text))
            and not _slash_by_letter(text)):  # nearly every line: a few scans in C, no pattern run
        return text, None
    spans: list[tuple[int, int, str]] = []  # (start, end, name) of each quoted name
    for m in _QUOTED.finditer(text):
        k = next(g for g in range(1, 5) if m.group(g) is not None)
        name = m.group(k).strip()
        if not name or (m.group(0).startswith(_CORNER) and not _SPACE_IN.search(name)):
            continue
        spans.append((m.start(), m.end(), name))
    names = [name for _, _, name in spans] + _listed(text)
    wanted = [n for n in dict.fromkeys(names) if _SPACE_IN.search(n) or _SPECIAL.search(n) or not n.isalnum()]
    if not spans and not wanted:
        return text, None
    chars = list(text)
    for start, end, _name in spans:  # the quote marks become spaces; a plain name stays as typed
        chars[start] = " "
        chars[end - 1] = " "
    out = "".join(chars)
    names_map = Names()
    for k, name in enumerate(sorted(wanted, key=len, reverse=True)):
        stand_in = _stand_in(k, len(name))
        if not stand_in or stand_in.lower() in out.lower():
            continue
        pattern = re.compile(r"(?<![^\s,;、，；:：(（])" + re.escape(name) + r"(?=$|[\s,;、，；:：?？)）がはもの가는도이은=])")
        out = pattern.sub(stand_in, out)
        names_map.names[stand_in] = name
    if not names_map.names:
        return out, None
    return out, names_map
