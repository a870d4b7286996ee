"""The notation reader's fast paths read exactly what the general readers read (and the command
word splits off as its pattern split it).

The usual shapes (`NL 50/100 flop`, `A bet 100`, a line split on `, `) are read with str methods
instead of the word-by-word reader or a regular expression (see bench/bench_ruling.py). Each fast
path must either decline (None, or fall through) or give the same result as the general path, for
any text: these compare them over random text built from the pieces that matter (names, verb
words, digits of every kind, Unicode spaces, colons, commas, Japanese separators).
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import FloorcallError
from engine.notation.read import (
    VERB_WORDS,
    _parse_simple,
    _parse_simple_header,
    _parse_tokens,
    _split_actions,
    fold,
    parse_header,
)
from handlers.dispatch import split_command

PIECES = ["A", "B", "bb", "SB", "P1", "call", "CALL", "bet", "b", "raise", "allin", "fold", "chips", "x", "100",
          "2,000", "0", "１００", "٣", "10" * 10, "NL", "PL", "fl", "50/100", "5/5", "100/50", "1/2/3", "flop",
          "preflop", "ターン", "Aが", "コール", "A:", ":", "：", "?", "pot", "players", "3x", "back"]
SPACES = [" ", "  ", "\t", "\u3000", "\xa0", "\u2003", ""]
SEPARATORS = [",", ", ", ",1", ",B", ",,", "，", "、", ";", "\n", ",\u3000", ",１"]


@st.composite
def text(draw: st.DrawFn, separators: bool = False) -> str:
    pieces = PIECES + SEPARATORS if separators else PIECES
    words = draw(st.lists(st.sampled_from(pieces), min_size=0, max_size=6))
    out = draw(st.sampled_from(SPACES))
    for w in words:
        out += w + draw(st.sampled_from(SPACES))
    return out


def _outcome(fn, *args):  # noqa: ANN001, ANN202 - a result or the error it raised, to compare
    try:
        return fn(*args)
    except FloorcallError as err:
        return ("error", err.code, err.at)


@settings(max_examples=400, deadline=None)
@given(text(), st.integers(min_value=0, max_value=50))
def test_a_simple_action_reads_as_the_general_reader_reads_it(item: str, at: int) -> None:
    simple = _parse_simple(item, at)
    if simple is not None:
        assert simple == _outcome(_parse_tokens, item, at), item


def test_the_simple_action_reader_takes_the_usual_shapes() -> None:
    for item in (" A bet 100", "B call ", "C\tallin  125", "BTN raise 300", "A: bet 400", "\u3000B Call\t",
                 "D  RAISE \t 900 "):
        assert _parse_simple(item, 3) == _parse_tokens(item, 3), item


def test_every_ascii_verb_word_is_a_lower_case_key() -> None:
    # `_parse_simple` looks an ASCII word up as typed before lowering it: that finds the same
    # verb only while no key has an upper-case letter.
    assert [w for w in VERB_WORDS if w.isascii() and w != w.lower()] == []


# The header pattern the word reader replaced, kept here as the reference it must agree with.
_SIMPLE_HEADER = re.compile(r"\s*(?:(\S+)\s+)?([0-9]+)/([0-9]+)\s+(\S+)\s*")


@settings(max_examples=400, deadline=None)
@given(text())
def test_a_simple_header_reads_as_the_general_reader_reads_it(header: str) -> None:
    simple = _parse_simple_header(header)
    if _SIMPLE_HEADER.fullmatch(header) is None:
        assert simple is None, header
    if simple is not None:
        assert simple == _outcome(parse_header, header, 0), header


def test_the_simple_header_reader_takes_the_usual_shapes() -> None:
    assert _parse_simple_header("NL 50/100 flop") == ("NL", 50, 100, "flop", None, None, ())
    assert _parse_simple_header(" 100/200  turn ") == ("NL", 100, 200, "turn", None, None, ())
    assert _parse_simple_header("NL ５0/100 flop") is None  # full-width digits: the general reader


def _split_by_pattern(text: str, base: int) -> list[tuple[str, int]]:
    """The separator-by-separator split `_split_actions` falls back to, as it read every line before."""
    items: list[tuple[str, int]] = []
    start = 0
    for m in re.finditer("[,;、，；\n]", text):
        i = m.start()
        if text[i] in ",，" and i + 1 < len(text) and fold(text[i + 1]).isdigit() and i > 0 and not text[i - 1].isspace():
            continue
        items.append((text[start:i], base + start))
        start = i + 1
    items.append((text[start:], base + start))
    return [(t, at) for t, at in items if t.strip()]


@settings(max_examples=400, deadline=None)
@given(text(separators=True), st.integers(min_value=0, max_value=50))
def test_splitting_actions_on_plain_commas_matches_the_separator_split(body: str, base: int) -> None:
    assert _split_actions(body, base) == _split_by_pattern(body, base), body


def test_a_comma_before_digits_still_joins_them() -> None:
    assert _split_actions(" A 2,000, B call", 10) == [(" A 2,000", 10), (" B call", 19)]
    assert _split_actions(" A bet 100, B call,C fold", 0) == [(" A bet 100", 0), (" B call", 11), ("C fold", 19)]


# The command pattern `split_command` replaced, kept here as the reference it must agree with.
_COMMAND = re.compile(r"(\s*[/／]?)([^\s:：]*)\s*")


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from([" ", "\u3000", "\t", "\n", "/", "／", ":", "：", "a", "ruling", "裁定", "?"]), max_size=8)
       .map("".join))
def test_the_command_word_splits_off_as_the_pattern_split_it(line: str) -> None:
    m = _COMMAND.match(line)
    assert m is not None
    assert split_command(line) == (m.group(2), m.end(1), line[m.end():], m.end()), line
