"""Chat punctuation around the words of a Japanese or Korean action, read as spaces.

`Bが「コール」と言って3000`, `オールイン（1500）`, `Ｂ：オールイン1500`: quote marks around a word said,
brackets around an amount and a colon glued after the name had made such actions unreadable, or a
player's name of them. Each mark becomes one space, so offsets into the line stay true.
"""

from __future__ import annotations

import re

_QUOTE_CHARS = frozenset("「」『』“”\"'‘’")
_QUOTES = dict.fromkeys(map(ord, _QUOTE_CHARS), " ")  # one space each: offsets stay true
_PAREN_AMOUNT = re.compile(r"[(（](\s*[\d０-９][\d０-９,，.．kｋ千万천만]*\s*)[)）]")
_GLUED_COLON = re.compile(r"^(\s*[^\s:：]+)[:：](?=\S)")


def _unwrap(text: str) -> str:
    """Chat punctuation around the words of a Japanese or Korean action, made spaces (the same
    length, so offsets stay true): quote marks around a word said (`Bが「コール」と言って3000`),
    brackets around an amount (`オールイン（1500）`) and a colon glued between the name and the
    action (`Ｂ：オールイン1500`). Each had made the action unreadable, or a name of it."""
    if not _QUOTE_CHARS.isdisjoint(text):
        text = text.translate(_QUOTES)
    if "(" in text or "（" in text:
        text = _PAREN_AMOUNT.sub(lambda m: f" {m.group(1)} ", text)
    if ":" in text or "：" in text:
        text = _GLUED_COLON.sub(lambda m: f"{m.group(1)} ", text, count=1)
    return text
