"""The words of a whole hand's header: antes, the big blind ante, stacks, the button, the chip
unit, read out of the header before the single-street header reader sees what is left.

`NL 100/200 ante 25 stacks A 5000 B 1200 button B preflop: ...`: `take_header_words` records
each of them on the `WholeHand` and blanks it in the header (same length, so offsets stay true).
Split from engine/notation/streets.py (441 lines), which splits a hand into its streets and showdown.
"""

from __future__ import annotations

import re

from engine.errors import FloorcallError

# The tables live in engine.notation.header (which refuses them inside a `players` list); named here as before.
from engine.notation.header import (
    ANTE_WORDS,
    BBA_WORDS,
    BUTTON_WORDS,
    CHIP_UNIT_WORDS,
    STACKS_WORDS,
)
from engine.notation.header import (
    BB_FIRST_WORDS as _BB_FIRST_WORDS,
)
from engine.notation.names import clean_name
from engine.notation.read import (
    DEAD_WORDS,
    GAME_WORDS,
    PLAYERS_WORDS,
    POT_WORDS,
    SHORT_WORDS,
    STREET_WORDS,
    fold,
    parse_amount,
)
from engine.notation.whole_hand import WholeHand
from engine.notation.words import MAX_AMOUNT, NATIVE_BIG_UNITS

MAX_PLAYERS = 10

_HEADER_WORDS = ANTE_WORDS | BBA_WORDS | STACKS_WORDS | BUTTON_WORDS | CHIP_UNIT_WORDS


_BIG_UNITS = tuple(NATIVE_BIG_UNITS)


def _numeral_goes_on(toks: list[tuple[str, int]], j: int) -> bool:
    """Whether the word at `j` of a stacks list goes on the amount before it (`14만 5000`) rather
    than being the next player: a numeral word (`5천`) always; plain digits only when no amount
    follows them, since `stacks 1 5만 2 3만` seats players named 1 and 2."""
    if not toks[j][0].isascii():
        return True
    return j + 1 >= len(toks) or parse_amount(fold(toks[j + 1][0])) is None



def _amount_after(toks: list[tuple[str, int]], i: int, word: str) -> int:
    if i + 1 >= len(toks) or (value := parse_amount(fold(toks[i + 1][0]))) is None:
        where = toks[i + 1][1] if i + 1 < len(toks) else toks[i][1] + len(toks[i][0])
        raise FloorcallError("bad_header_amount", at=where, hint=f"{word} 100", word=word)
    return value


def _header_word(word: str) -> bool:
    """A word the header may hold after a stacks list (so the list has ended there)."""
    return (word in STREET_WORDS or word in GAME_WORDS or word in PLAYERS_WORDS or word in POT_WORDS
            or word in SHORT_WORDS or word in DEAD_WORDS or word in ANTE_WORDS or word in BBA_WORDS
            or word in BUTTON_WORDS or word in CHIP_UNIT_WORDS or any(ch.isdigit() for ch in word))


def _keyword(word: str) -> bool:
    """A word the header gives a meaning to: never a player's name in a stacks list."""
    return (word in STREET_WORDS or word in GAME_WORDS or word in PLAYERS_WORDS or word in POT_WORDS
            or word in SHORT_WORDS or word in DEAD_WORDS or word in _HEADER_WORDS)


_GLUED_WORDS = tuple(sorted((*ANTE_WORDS, *BBA_WORDS, *CHIP_UNIT_WORDS), key=len, reverse=True))


def _glued_amount(raw: str) -> tuple[str, int] | None:
    """`アンティ25` → (`アンティ`, 25); `BBアンティ200` → (`bbアンティ`, 200); None for anything else."""
    word = fold(raw)
    if not word[-1:].isdigit() and not word.endswith(("k", "千", "万", "천", "만")):
        return None
    for key in _GLUED_WORDS:
        if word.startswith(key) and len(word) > len(key) and (value := parse_amount(word[len(key):])) is not None:
            return key, value
    return None


# `bb ante 2k`, `big blind ante 2k`: the big blind ante in words. Read word by word, "bb" was an
# unknown header word and "ante" an ante for every player.
_BBA_PHRASES = frozenset({"bb ante", "bb antes", "big blind ante", "big blind antes"})


def _join_bba_phrase(toks: list[tuple[str, int]], header: str, base: int) -> list[tuple[str, int]]:
    """The words of a big blind ante phrase as one token (its text as typed, spaces included)."""
    for i, (word, at) in enumerate(toks):
        if fold(word) not in ("bb", "big"):
            continue
        for size in (2, 3):
            if i + size <= len(toks):
                last, last_at = toks[i + size - 1]
                text = header[at - base:last_at - base + len(last)]
                if " ".join(fold(w) for w, _ in toks[i:i + size]) in _BBA_PHRASES:
                    return toks[:i] + [(text, at)] + _join_bba_phrase(toks[i + size:], header, base)
    return toks


_STACK_MARKS = re.compile(r"[、，=＝;；]|,(?!\d)")


def take_header_words(header: str, base: int, out: WholeHand) -> str:
    """Read `ante N`, `bba N`, `stacks P N ...`, `button P` out of the header; returns the header
    with those words blanked (same length, so offsets in it stay true)."""
    # `スタック A 5000、B 3000`, `stacks A=5000, B=3000`: chat parts the pairs with `、` or `, ` and ties
    # a name to its amount with `=`; each mark is a space here (one for one: offsets stay true). A
    # comma before a digit groups thousands (`5,000`) and stays. A `;` before the first street (`stacks A
    # 1000 B 5000; preflop: ...`) ends the list as the street word would.
    header = _STACK_MARKS.sub(" ", header)
    toks = _join_bba_phrase([(m.group(), base + m.start()) for m in re.finditer(r"\S+", header)], header, base)
    blank = list(header)

    def erase(j: int) -> None:
        word, at = toks[j]
        for k in range(at - base, at - base + len(word)):
            blank[k] = " "

    given: dict[str, tuple[str, int]] = {}  # header word kind -> (its first value as typed, offset)

    def once(kind: str, j: int, glued: bool = False) -> None:
        """`ante 25 ... ante 50`: the later one had silently won; which is meant is the floor's to say.
        `glued`: the word carries its amount (`アンティ25`)."""
        value = toks[j + 1][0] if j + 1 < len(toks) and not glued else ""
        if kind in given:
            raise FloorcallError("header_word_twice", at=toks[j][1], word=toks[j][0],
                                 hint=f"{toks[given[kind][1]][0]} {given[kind][0]}".strip())
        given[kind] = (value, j)

    i = 0
    while i < len(toks):
        word = fold(toks[i][0])
        if word in PLAYERS_WORDS:
            break  # the rest of the header is the seat list
        if word in _BB_FIRST_WORDS and i + 1 < len(toks) and fold(toks[i + 1][0]) in ANTE_WORDS:
            # `BB アンティ 200` → the one word `bbアンティ` at the first word's offset (blanked as one).
            at, (second, second_at) = toks[i][1], toks[i + 1]
            joined = header[at - base:second_at - base + len(second)]
            toks[i:i + 2] = [(joined, at)]
            word = "bba"
        if (glued := _glued_amount(toks[i][0])) is not None:
            # `アンティ25`, `BBアンティ200`, `앤티25`, `bba400`: the word and its amount in one.
            key, value = glued
            if key in ANTE_WORDS:
                once("ante", i, glued=True)
                out.ante = value
            elif key in BBA_WORDS:
                once("bba", i, glued=True)
                out.bba = value
            else:
                once("chip", i, glued=True)
                out.chip_unit = value
            erase(i)
            i += 1
        elif word in ANTE_WORDS or word in BBA_WORDS or word in _BBA_PHRASES:
            once("ante" if word in ANTE_WORDS else "bba", i)
            value = _amount_after(toks, i, toks[i][0])
            if word in ANTE_WORDS:
                out.ante = value
            else:
                out.bba = value
            erase(i)
            erase(i + 1)
            i += 2
        elif word in CHIP_UNIT_WORDS:
            once("chip", i)
            out.chip_unit = _amount_after(toks, i, toks[i][0])
            erase(i)
            erase(i + 1)
            i += 2
        elif word in STACKS_WORDS:
            erase(i)
            i += 1
            start = i
            # A header word ends the list: `stacks A 5000 B 5000 ante 25` seated a player called
            # "ante" with 25 chips and lost the ante (`pot 1000`, `bba 200`, `chip 25` likewise).
            while i + 1 < len(toks) and not _keyword(fold(toks[i][0])) and (
                    amount := parse_amount(fold(toks[i + 1][0]))) is not None:
                # Cleaned as every other name is (engine.notation.names): `A\u200bB` in the
                # stacks and `AB` in the actions were two players, one with a stack who never acted.
                name = clean_name(toks[i][0], toks[i][1])
                if any(fold(n) == fold(name) for n in out.stacks):
                    raise FloorcallError("duplicate_stack", at=toks[i][1], name=name)
                step = 2
                if i + 2 < len(toks) and toks[i + 1][0].endswith(_BIG_UNITS) and _numeral_goes_on(toks, i + 2):
                    # `C 2만 5천`, `HJ 14만 5000`: Korean spaces a numeral after its 만 (Japanese
                    # sometimes too); the rest was read as the next word of the header and refused.
                    spaced = parse_amount(fold(toks[i + 1][0] + toks[i + 2][0]))
                    if spaced is not None and parse_amount(fold(toks[i + 2][0])) is not None:
                        amount, step = spaced, 3
                out.stacks[name] = amount
                out.stacks_at[name] = toks[i + 1][1]
                for j in range(i, i + step):
                    erase(j)
                i += step
            stray = i < len(toks) and not _header_word(fold(toks[i][0]))
            if stray:
                _refuse_spaced_name(toks, i)  # `stacks Matthew Ashton 5000`: `"Matthew Ashton"`
            if i == start or stray:  # `stacks A 5000 B preflop`: B has no amount
                where = toks[i][1] if i < len(toks) else toks[-1][1] + len(toks[-1][0])
                big = fold(toks[i + 1][0]) if i + 1 < len(toks) else ""
                if big.isascii() and big.isdigit() and int(big) > MAX_AMOUNT:  # an amount, just too large
                    raise FloorcallError("stack_too_large", at=toks[i + 1][1], name=toks[i][0], limit=f"{MAX_AMOUNT:,}")
                raise FloorcallError("bad_stacks", at=where, hint="stacks A 5000 B 1200")
        elif word in BUTTON_WORDS and i + 1 < len(toks):
            once("button", i)
            out.button, out.button_at = clean_name(toks[i + 1][0], toks[i + 1][1]), toks[i + 1][1]
            erase(i)
            erase(i + 1)
            i += 2
        else:
            i += 1
    if out.ante and out.bba:
        raise FloorcallError("ante_and_bba", at=base, hint="ante 100 / bba 200")
    if len(out.stacks) > MAX_PLAYERS:
        raise FloorcallError("too_many_players", at=base, count=len(out.stacks), limit=MAX_PLAYERS)
    return "".join(blank)




def _refuse_spaced_name(toks: list[tuple[str, int]], i: int) -> None:
    """`stacks Matthew Ashton 5000`: words then an amount, where one name goes. Which words make
    the name the line cannot say (`Matthew` may be a player and `Ashton` a slip), so it asks for
    quotes (engine.notation.quoted_names reads `"Matthew Ashton"` as one player everywhere)."""
    j = i
    while j < len(toks) and not _keyword(fold(toks[j][0])) and parse_amount(fold(toks[j][0])) is None:
        j += 1
    words = [w for w, _ in toks[i:j]]
    # Words of letters only (`A 5k0 B 5000` is a slip in an amount, not a name of three words).
    if j - i >= 2 and j < len(toks) and all(w.isalpha() for w in words) and parse_amount(fold(toks[j][0])) is not None:
        name = " ".join(words)
        raise FloorcallError("name_needs_quotes", at=toks[i][1], name=name, hint=f'stacks "{name}" {toks[j][0]}')
