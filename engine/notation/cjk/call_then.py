"""A call said before a raise in one breath, as Japanese and Korean chat says it.

`받고 3000 레이즈`, `1000 받고 2000 더`, `コールして3000にレイズ`: "call", then a raise. English puts the
two words side by side (`call raise 3000`), and the reader there already holds the player to the call
said first (53-A) and reports the rest; these put the words in that order. Kept apart from
`engine.notation.cjk.words`, which reads the word order of one action, so each stays small.
"""

from __future__ import annotations

import re

from engine.notation.words import MORE_WORDS, VERB_WORDS, Token, parse_amount

_RAISING = ("raise", "bet", "open", "pot", "allin")


def call_then_more(words: list[Token]) -> list[Token]:
    """`받고 3000 레이즈`, `1000 받고 2000 더`, `コールして3000にレイズ`: "call" said, then a raise. Put as
    English puts it (`call raise 3000`, `call raise 2000 more`), so the call said first is the
    action and what came after is reported beside it (53-A, as `call raise 900` is read). The amount
    before the call is only the call's; read as it stood these were refused word by word."""
    if len(words) >= 3 and VERB_WORDS.get(words[0].text) == "call" == VERB_WORDS.get(words[1].text):
        words = [words[0], *words[2:]]  # `콜 받고 …`: one call said twice
    if len(words) >= 3 and parse_amount(words[0].text) is not None and VERB_WORDS.get(words[1].text) == "call":
        rest = words[2:]
        if any(VERB_WORDS.get(t.text) in _RAISING or t.text in MORE_WORDS for t in rest):
            words = words[1:]  # `1000 받고 …`: 1000 is what the call puts in
    if len(words) < 3 or VERB_WORDS.get(words[0].text) != "call" or parse_amount(words[1].text) is None:
        return words
    if VERB_WORDS.get(words[2].text) in _RAISING:  # `받고 3000 레이즈` → `받고 레이즈 3000`
        return [words[0], words[2], words[1], *words[3:]]
    if words[2].text in MORE_WORDS:  # `받고 2000 더` → `받고 raise 2000 더`
        return [words[0], Token("raise", "", words[1].at), *words[1:]]
    return words


# `コールしてレイズ3000`, `콜하고3000레이즈`: a call joined to what was said after it, in one word.
_CALL_JOINED = re.compile(r"(.+?)(して|し|하고|해서|받고)(.+)", re.DOTALL)
