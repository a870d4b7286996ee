"""Where one action ends and the next begins in a typed line: `,` `;` `、` `。` `・` arrows and new
lines, but not the comma of `2,000` or `1000,100x5`, nor the dot of a foreign name (`ジョン・スミス`).

Kept apart from `engine.notation.read` (which reads each action) because splitting is its own set of
decisions, each with its reason, and the fast path for plain English lines lives here.
"""

from __future__ import annotations

import re

from engine.notation import words as _words
from engine.notation.words import fold

VERB_WORDS = _words.VERB_WORDS

# `。` and `・` end or part actions in Japanese chat (`Aが400ベット。Bコール。C?`); neither can be
# inside an amount, and read as part of a word they made one player of the whole line. Arrows
# (`A 1000ベット → B コール → C?`) part them too.
# A full-width slash, bar and ellipsis too (`Aベット1000／Bコール／Cは？`, typed with a Japanese IME): read as part of a
# word it had made the whole line one player's name, asked about with nothing bet. (The ASCII `/`
# stays a word: `x/r`, `call / raise`.)
SEPARATORS = ",;、，；\n。・→⇒／｜…"


# An English full stop ends an action too when a space or the end of the line follows it (`A bets
# 500. B raises to 1500. C?`), never inside an amount (`1.5k`, `2.5bb`): it had been read as
# part of the amount ("500." is not an amount).
_SEPARATOR = re.compile("[" + re.escape(SEPARATORS) + ".]")


def _split_actions(text: str, base: int) -> list[tuple[str, int]]:
    """Split on , ; 、 and new lines, except a comma followed by a digit (2,000 / 1000,100x5).

    A line whose only separators are commas followed by a space or a Latin letter (nearly every
    line typed in English) splits with str.split, no comma looked into and no pattern run: a
    regular expression is cheap alone but its engine crowds the processor's caches, and the
    ruling that follows then runs measurably slower (bench/bench_ruling.py)."""
    items: list[tuple[str, int]] = []
    start = 0
    if text.isascii() and ";" not in text and "\n" not in text and ". " not in text and not text.endswith("."):
        parts = text.split(",")
        last = len(parts) - 1
        if text.count(", ") == last:
            # Every comma followed by a space (`A bet 100, B call`, the line nearly everyone types):
            # none is the comma of `2,000`, and every part after the first starts with that space,
            # so none is empty. The test below, made once for the whole line.
            for part in parts:
                if part and not part.isspace():
                    items.append((part, base + start))
                start += len(part) + 1
            return items
        # Every comma plain (each part after the first starts with a space or a Latin letter; only
        # the last may be empty, so none can be the comma of `2,000` or `1000,100x5`), checked
        # while the items are taken; at the first other comma the general split below decides.
        for i, part in enumerate(parts):
            if i:
                c = part[:1]
                if not c:
                    if i < last:  # `,,`
                        break
                elif not (c.isspace() or (c.isascii() and c.isalpha())):
                    break
            if part and not part.isspace():
                items.append((part, base + start))
            start += len(part) + 1
        else:
            return items
        items = []
        start = 0
    end = len(text) - 1
    for m in _SEPARATOR.finditer(text):  # visits the separators only, not every character
        i = m.start()
        # A digit right after the comma: ASCII (the space of `, B` nearly always) needs no fold.
        if i < end and text[i] in ",，" and i > 0 and not text[i - 1].isspace():
            c = text[i + 1]
            if c.isdigit() if c.isascii() else fold(c).isdigit():
                continue
        if text[i] == "・" and _name_dot(text, i):
            continue
        if text[i] == "." and i < end and not text[i + 1].isspace():
            continue
        if not text[start:i].isspace() and i > start:  # an empty or blank item is no action
            items.append((text[start:i], base + start))
        start = i + 1
    if start < len(text) and not text[start:].isspace():
        items.append((text[start:], base + start))
    return items


_KATAKANA = re.compile(r"[\u30a1-\u30fa\u30fc]+$")


def _name_dot(text: str, i: int) -> bool:
    """A `・` between katakana letters is the dot of a foreign name (`ジョン・スミス`), unless the
    katakana before it is a verb (`ベット・スミスがコール` parts two actions)."""
    if i == 0 or i + 1 >= len(text) or not _KATAKANA.match(text[i + 1]):
        return False
    run = _KATAKANA.search(text, 0, i)
    return run is not None and run.end() == i and fold(run.group()) not in VERB_WORDS
