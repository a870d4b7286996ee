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
# Chat noise with nothing to read in it: emoji (`レイズ3000😱`, `벳 👍`), Korean laughter and sighs
# typed in bare jamo (`ㅋㅋ`, `ㅎㅎ`, `ㅠㅠ`), `(笑)`. Each had been refused as "not an action" with an
# unrelated verb as the hint. (Card suits ♠♥♦♣ are in the symbol block too: no action names a card.)
_NOISE = re.compile(r"[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200D]+|[\u3131-\u318E]{2,}|[(（]笑[)）]")
# Marks closing the action (`A レイズ 600！`, `コール〜`, `콜~`, `콜...`, `コール♪`, `コールw`): after a verb
# `!` was already taken off; after an amount or chips, and the others anywhere, they had made the
# word unreadable. Taken off the end once the emoji are out (`600！😀`).
_TRAILING_MARKS = "!！~〜～♪♡☆★.．…"


def _without_trailing_marks(text: str) -> str:
    """`text` with the marks closing it made spaces (a loop over the end, not a pattern: a long run of
    marks before a letter would cost a pattern a pass per start)."""
    end = len(text)
    while True:
        cut = text[:end].rstrip(_TRAILING_MARKS + " \t\u3000")
        bare = cut.rstrip("wｗ")
        if bare != cut and bare and ("\u3040" <= bare[-1] <= "\u30ff" or bare[-1] in _TRAILING_MARKS):  # `コールw`
            cut = bare
        if len(cut) == end:
            return text if end == len(text) else text[:end] + " " * (len(text) - end)
        end = len(cut)
# A currency sign on an amount (`￥1000`, `¥1,000`, `1000￥`, `₩5000`): the amount. Japanese tables
# count chips in yen as often as in points; `400円` / `400원` were already read.
_CURRENCY = re.compile(r"[￥¥₩￦＄$](?=[\d０-９])|(?<=[\d０-９])[￥¥₩￦]")
# Said of chips pushed with no word (`無言で5000チップ1枚`, `黙って`, `말없이`, `（無言）`): chips alone are
# already read as silent, so the words add nothing; as part of a name or an amount they were refused.
_SILENT = re.compile(r"[(（]無言[)）]|無言で|黙って|無言|말없이|조용히")


def _spaces(m: re.Match[str]) -> str:
    return " " * len(m.group())


def _unwrap(text: str) -> str:
    """Chat punctuation around the words of a Japanese or Korean action, made spaces (the same
    length, so offsets stay true): quote marks around a word said (`Bが「コール」と言って3000`),
    brackets around an amount (`オールイン（1500）`) and a colon glued between the name and the
    action (`Ｂ：オールイン1500`). Each had made the action unreadable, or a name of it."""
    if (_NOISE.search(text) or _CURRENCY.search(text) or _SILENT.search(text)) is not None:
        text = _SILENT.sub(_spaces, _CURRENCY.sub(" ", _NOISE.sub(_spaces, text)))
    text = _without_trailing_marks(text)
    if not _QUOTE_CHARS.isdisjoint(text):
        text = text.translate(_QUOTES)
    if "(" in text or "（" in text:
        text = _PAREN_AMOUNT.sub(lambda m: f" {m.group(1)} ", text)
    if ":" in text or "：" in text:
        text = _GLUED_COLON.sub(lambda m: f"{m.group(1)} ", text, count=1)
    return text
