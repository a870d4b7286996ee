"""Japanese and Korean word order in one action: the tokens cut at their seams and put in the
order the general reader expects (`Aが100ベット` -> `A bet 100`).

`engine.notation.cjk.words` holds the cutters (particles, glued amounts and verbs, chips, seats); this module
runs them over an action's tokens and reorders the result: amount before verb, `3배 레이즈`,
`1000上乗せ`, `콜 받았어요`, a numeral spaced after its unit. Split from engine/notation/cjk/words.py (467 lines).
"""

from __future__ import annotations

import re

from engine.notation.chip_counts import glue_counts
from engine.notation.cjk.call_then import call_then_more
from engine.notation.cjk.words import (
    _SEAT_WORD,
    VERB_ENDING_WORDS,
    _amount_verb,
    _counted_chips,
    _name_without_particle,
    _split_amount_verb,
    _split_name,
    _total_word,
    _verb_amount,
    _verb_word,
)
from engine.notation.words import (
    _TIMES,
    ALIAS_WORDS,
    FILLER_WORDS,
    MORE_WORDS,
    NATIVE_BIG_UNITS,
    VERB_WORDS,
    Token,
    fold,
    parse_amount,
)

_BIG_UNITS = tuple(NATIVE_BIG_UNITS)
# `3천 5백`, `3千 5百`: a numeral spaced after 千 / 천 as after 万 / 만 (`1만 2천`); the joined word must
# still be one amount, units falling, so `3천 2천` stays two words (and is refused).
_SPACED_UNITS = (*_BIG_UNITS, "千", "천")


def _join_numerals(toks: list[Token]) -> list[Token]:
    """`1만 2천` → `1만2천`, `3천 5백` → `3천5백`: Korean spaces a numeral after its 만 or 천 (Japanese
    sometimes too). Read
    apart, `2천` looked like the next action and the hint asked for a comma before it."""
    out: list[Token] = []
    for tok in toks:
        prev = out[-1] if out else None
        if (prev is not None and prev.raw.endswith(_SPACED_UNITS) and parse_amount(prev.text) is not None
                and prev.at + len(prev.raw) < tok.at and parse_amount(tok.text) is not None
                and parse_amount(prev.raw + tok.raw) is not None):
            raw = prev.raw + tok.raw
            out[-1] = Token(fold(raw), raw, prev.at)
        else:
            out.append(tok)
    return out



_IN_BBS = re.compile(r"\d+(?:\.\d+)?bbs?")  # `3bb 레이즈`: big blinds, before the verb as an amount is


_LOOSE_PARTICLES = "がはも"
# (engine.notation.fold_around's words for "everyone": read there, only joined here when typed as two.)
_EVERYONE = frozenset({"全員", "みんな", "다", "모두", "전원", "나머지", "다들", "모두들", "전부", "사람들", "나머지들"})


def _loose_particle(tok: Token) -> Token | None:
    """`がコール`, `が600にレイズ` after `UTG ` (Japanese chat spaces a Latin name from its particle):
    the word without the particle, when what is left reads as an action; else None. Read whole,
    `がコール` had been refused as an unknown verb with `コール` as the hint."""
    raw = tok.raw
    if len(raw) < 2 or raw[0] not in _LOOSE_PARTICLES:
        return None
    rest = raw[1:]
    if (_verb_word(rest) is None and _amount_verb(rest) is None and _verb_amount(rest) is None
            and parse_amount(rest) is None and _counted_chips(rest) is None):
        return None
    return Token(fold(rest), rest, tok.at + 1)


def _cjk_order(toks: list[Token]) -> list[Token]:
    """The action's tokens with Japanese and Korean glue split and `amount verb` read as `verb amount`."""
    if all(t.raw.isascii() for t in toks):
        return toks
    if len(toks) > 1 and _SEAT_WORD.fullmatch(toks[0].raw) and toks[1].raw.startswith(("자리", "좌석")):
        # `3번 자리 1000 벳`: the seat is `3번 자리`, not a player `3번` with the action `자리`.
        raw = f"{toks[0].raw} {toks[1].raw}"
        toks = [Token(fold(raw), raw, toks[0].at), *toks[2:]]
    if len(toks) > 2 and fold(toks[1].raw) in _EVERYONE and fold(_name_without_particle(toks[0].raw)) in _EVERYONE:
        toks = [toks[0], *toks[2:]]  # `나머지 다 폴드`, `나머지 사람들 폴드`: "the rest, all of them"
    if (total := _total_word(toks[0].raw)) is not None and parse_amount(toks[0].raw[len(total):]) is not None:
        # `合計3000` as an item: the word for the amount, then the amount (engine.notation.read takes it
        # as the amount of the action before).
        first, rest = toks[0], toks[0].raw[len(total):]
        toks = [Token(fold(total), total, first.at), Token(fold(rest), rest, first.at + len(total)), *toks[1:]]
    out = _split_name(toks[0])
    if len(out) == 1 and len(toks) > 1 and (loose := _loose_particle(toks[1])) is not None:
        toks = [toks[0], loose, *toks[2:]]  # `UTG がコール`: the particle typed apart from the name
    split: list[Token] = [out[0]]
    for tok in glue_counts(out[1:] + toks[1:]):
        split.extend(_split_amount_verb(tok))
    words = _join_numerals([t for t in split[1:] if t.text not in FILLER_WORDS and t.raw not in VERB_ENDING_WORDS])
    words = call_then_more(words)
    amount_first = len(words) >= 2 and (parse_amount(words[0].text) is not None or _IN_BBS.fullmatch(words[0].text)) and (
        words[1].text in VERB_WORDS or words[1].text in ALIAS_WORDS)  # (`C 300 컴플리트`, `UTG 3bb 레이즈`)
    if amount_first:
        words[0], words[1] = words[1], words[0]
    elif len(words) == 2 and _TIMES.match(words[0].text) and words[1].text in VERB_WORDS:
        words.reverse()  # `3배 레이즈`: `raise 3x`
    elif 2 <= len(words) <= 3 and parse_amount(words[0].text) is not None and words[1].text in MORE_WORDS:
        # `1000上乗せ`, `1000 더 레이즈`: a raise by that much (`raises 1000 more`)
        verb = words[2] if len(words) == 3 and words[2].text in VERB_WORDS else Token("raise", "raise", words[0].at)
        words = [verb, words[0], words[1]]
    if len(words) >= 2 and words[0].raw == "콜" and words[1].raw.startswith("받"):
        del words[1]  # `콜 받았어요`: "took the call", one call
    if (len(words) >= 2 and VERB_WORDS.get(words[0].text) == "pot" and VERB_WORDS.get(words[1].text) in ("bet", "raise")
            and len(words) == 2):
        del words[1]  # `팟 레이즈`, `팟 벳`, `ポット レイズ`: the pot-limit maximum, said in two words
    if (not amount_first and len(words) == 2 and VERB_WORDS.get(words[0].text) == "call"
            and parse_amount(words[1].text) is not None):
        # `「コール」と言って3000`, `콜 선언 후 3000`: "call" said, then that much put in: chips
        # following the word (53-A: the call binds whatever the amount). `B 1000 콜` and
        # `Bが500コール` say the amount with the call, as English `call 1000` does, and are read so.
        value = str(parse_amount(words[1].text))  # (`１，０００`: a comma here would part two chips)
        words[1:] = [Token("chips", "chips", words[1].at), Token(value, value, words[1].at)]
    return [split[0], *words]
