"""What a query's lexical pass found (`Lexical`), and whether the query reads as a sentence.

Apart from `index` (which fills a `Lexical`) and `fusion` (which ranks from it) so that neither
imports the other: `Index.lexical` asks `is_sentence` before it weighs a key found inside the
query, and the ranking asks it again when the index did not.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from handlers.normalize import fold, scripts

SENTENCE_WORDS = 3  # a query with this many words (w:, j:, k: features) is read as a sentence
SENTENCE_CHARS = 8  # ... as is a Japanese or Korean query this long (characters, spaces left out)
_JA_TERM = re.compile(r"[\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff々ー0-9A-Za-z%・/()-]+")


@dataclass
class Lexical:
    """A query's lexical scores per entry index, and what the confidence needs of its words."""

    scores: dict[int, float]
    content: dict[int, float] = field(default_factory=dict)  # the query's words (w:, j:, k: features) by id
    content_unseen: float = 0.0
    n_content: int = 0
    text: Any = None  # the text score of every entry (numpy), for sentence-sized queries
    alias: dict[int, float] = field(default_factory=dict)  # the title and keyword tiers' scores alone
    sentence: bool | None = None  # `is_sentence` of the query, when `Index.lexical` asked it already


def is_sentence(query: str, lex: Lexical) -> bool:
    """A situation or question rather than a term: for English, three content words or more;
    for Japanese and Korean (whose words are not space-separated, and whose analyzer splits one
    term into several words: オーバーチップ), SENTENCE_CHARS characters or more."""
    raw = "".join(unicodedata.normalize("NFKC", query).split())
    if scripts(fold(query)) - {"latin"}:
        # a Japanese sentence has its particles in hiragana; a katakana or kanji term of eight
        # characters (オールインボタン) is a term
        if _JA_TERM.fullmatch(raw) and len(raw) < 2 * SENTENCE_CHARS:
            return False
        return len(raw) >= SENTENCE_CHARS
    return lex.n_content >= SENTENCE_WORDS
