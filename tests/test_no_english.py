"""A Japanese or Korean reply carries no English beyond poker abbreviations, names and what the
line typed (issue 21: 43 of 74 replies of a fixed set had English in them).

The fixed set is the project's own: every catalogue text (so every command's help and every
error code's message), the reply to every hand written in tests/ and in the public eval (the
lines tools/same_output.py answers: rulings, pots, errors with their hints), blind clock replies
and announcements, clock replies, and rule lookups. A word is allowed when it is an abbreviation
players write in Latin letters, a rule id, part of a link, or any word of the line itself (player
names, and English notation the person chose to type).
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from pathlib import Path

import pytest

from handlers.context import Context
from handlers.dispatch import handle
from handlers.hint_text import render_hint
from tools.same_output import lines as corpus_lines

ROOT = Path(__file__).resolve().parent.parent
# Written in Latin letters by Japanese and Korean players too: structures, positions, the working
# letters, the rule books' own abbreviations (TDA, RP, IA, SA, OOT), and names of products.
ALLOWED = frozenset("""
NL PL FL SB BB BTN UTG HJ CO W L R BBA TDA RP IA GL OOT SA TD NLHE LHE PLO NLH ICM Poker floorcall Discord UTC JST KST
Malmuth Harville
""".split())
_WORD = re.compile(r"[A-Za-z][A-Za-z']*(?:-[A-Za-z]+)*")
# Rule ids (45-A, 55-A-1, IA-54-B, JP-odd-chip is named by its title), links, and template fields.
_STRIP = re.compile(r"U\+[0-9A-F]{4,6}|<https?://[^>]*>|https?://\S+|\d+(?:項)?(?:-[A-Z](?:-\d+)*)+\b|\{[^}]*\}|`[^`]*`")


def english_words(text: str, typed: str = "") -> list[str]:
    """The Latin words of `text` that are neither allowed nor in `typed` (compared case-blind)."""
    # Invisible characters come out of names as the reader takes them out (`A\u200bB` is AB).
    typed = "".join(ch for ch in typed if unicodedata.category(ch) != "Cf")
    seen = {w.casefold() for w in _WORD.findall(typed)}
    # A single capital is a player (A, B, C in examples and hints) or a working letter.
    return [w for w in _WORD.findall(_STRIP.sub(" ", text))
            if w not in ALLOWED and w.casefold() not in seen and not (len(w) == 1 and w.isupper())]


def test_the_check_finds_english_and_lets_names_through() -> None:
    assert english_words("「A allin 500」のことですか？") == ["allin"]
    assert english_words("Jackのアクションです。第45項-A", typed="ruling NL 1/2 flop: Jack bet 5, Bob?") == []
    assert english_words("W 1,400 − L 600 = 800 ≥ 800 → レイズ可") == []


def _catalogue_values(lang: str) -> list[tuple[str, str]]:
    out = []
    for path in sorted((ROOT / "handlers" / "locales").glob("*.toml")):
        with path.open("rb") as f:
            for key, entry in tomllib.load(f).items():
                if isinstance(entry, dict) and isinstance(entry.get(lang), str):
                    out.append((f"{path.stem} [{key}]", entry[lang]))
    return out


# Notation a message must quote to be of use, in the catalogues that explain it: cards as they are
# typed (rank and suit letters, `Ah`, `10s`), and a pasted hand history's own codes and format
# names (PHH's actions `cc`, `cbr` ..., its variants `NT`, `FT`, `PO`).
NOTATION_IN = {
    "cards-errors": frozenset("s h d c Ah Kd Qs 10s T".split()),
    "hand-history": frozenset("PHH TOML f cc cbr sm db NT FT PO".split()),
}


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_no_catalogue_text_has_english(lang: str) -> None:
    found = [(where, rest) for where, text in _catalogue_values(lang)
             if (rest := [w for w in english_words(text) if w not in NOTATION_IN.get(where.split(" ")[0], ())])]
    assert found == []


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_no_reply_to_the_project_s_hands_has_english_beyond_what_was_typed(lang: str) -> None:
    """Every hand of tests/ and the public eval, answered under every ruleset: the rulings, the
    pots and every error with its hint (the engine's hints are English notation until rendered)."""
    found = []
    for line in corpus_lines():
        for ruleset in ("tda2026", "tda2009", "jp-basic"):
            reply = handle(line, Context(lang=lang, ruleset_id=ruleset))
            if words := english_words(reply.text, line):
                found.append((line, ruleset, words))
    assert found[:10] == [] and len(found) == 0


COMMAND_LINES = {
    "ja": ["help", "ヘルプ 裁定", "ヘルプ ポット", "ヘルプ ルール", "ヘルプ クロック", "ヘルプ ブラインド", "ヘルプ xyz",
           "ルール 49", "ルール 45-A", "ルール 99", "ルール 75", "ルール オーバーチップ", "ルール XL", "ルール",
           "ルール 第53項", "ルール RP-8", "クロック 4番席", "クロック A ベット:あり", "クロック", "クロック A ベット:xx",
           "ブラインド 開始 ターボ", "frobnicate", "", "裁定", "ポット"],
    "ko": ["help", "도움말 판정", "도움말 팟", "도움말 규칙", "도움말 클락", "도움말 블라인드", "도움말 xyz",
           "규칙 49", "규칙 45-A", "규칙 99", "규칙 오버칩", "규칙 XL", "규칙", "규칙 RP-8",
           "클락 4번 좌석", "클락 A 벳:있음", "클락", "클락 A 벳:xx", "블라인드 시작 터보", "frobnicate", "", "판정", "팟"],
}


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_no_help_rule_clock_or_command_error_has_english(lang: str) -> None:
    found = []
    for line in COMMAND_LINES[lang]:
        reply = handle(line, Context(lang=lang))
        if words := english_words(reply.text, line):
            found.append((line, words))
    assert found == []


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_no_blind_clock_reply_or_announcement_has_english(lang: str) -> None:
    from handlers.blinds.model import BlindClock
    from handlers.blinds.structure import parse_structure
    from handlers.blinds.text import announcement, status_reply

    structure = parse_structure("20m: 100/200, 200/400 ante 25, break 10m colour-up 25, 300/600 bba 600", 0)
    clock = BlindClock(structure, 1_000.0)
    ctx = Context(lang=lang)
    texts = [status_reply(clock, ctx, 1_000.0).text]
    for minutes in (20, 40, 50):
        texts.append(announcement(clock, 1_000.0 + minutes * 60, lang))
    found = [(t, words) for t in texts if (words := english_words(t))]
    assert found == []


HINTS = ["A allin 500", "C call", "showdown: B > A = C", "players SB BB", "stacks A 5000 B 1200", "chips 1000+100x5",
         "A 3x", "short BB 100 / dead SB", "ante 100 / bba 200", "blinds start turbo", "20m: 100/200, break 10m",
         "seat 4", "facing:bet", "facing:no-bet", "rule 45", "showdown: B wins", "preflop / flop / turn / river"]


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_every_hint_is_rendered_in_the_reply_language_s_notation(lang: str) -> None:
    found = [(h, out) for h in HINTS if english_words(out := render_hint(h, lang) or "")]
    assert found == []
    assert render_hint("A allin 500", "ja") == "Aがオールイン500" and render_hint("A allin 500", "ko") == "A 올인 500"
    assert render_hint("A allin 500", "en") == "A allin 500"


# A hint typed back where it belongs reads: (line with the mistake, the part the hint replaces).
TYPED_BACK = {
    "ja": [("裁定 NL 100/200 フロップ: Aが600ベット、Bがオールイン、C?", "Bがオールイン"),
           ("裁定 NL 100/200 フロップ: Aが600ベット、C", "C")],
    "ko": [("판정 NL 100/200 플랍: A가 600 벳, B 올인, C?", "B 올인"),
           ("판정 NL 100/200 플랍: A가 600 벳, C", "C")],
}


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_a_suggested_hint_typed_back_is_read(lang: str) -> None:
    for line, wrong in TYPED_BACK[lang]:
        reply = handle(line, Context(lang=lang))
        assert not reply.ok and reply.error is not None and reply.error.hint
        fixed = line[: line.rindex(wrong)] + reply.error.hint + line[line.rindex(wrong) + len(wrong):]
        if not fixed.rstrip().endswith("?"):
            fixed += "、B?" if lang == "ja" else ", B?"
        again = handle(fixed, Context(lang=lang))
        assert again.ok, (fixed, again.text)


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_the_rendered_hint_words_are_words_the_reader_reads(lang: str) -> None:
    """Every notation word a rendered hint writes is in the reader's own tables."""
    from engine.notation.header import ANTE_WORDS, STACKS_WORDS
    from engine.notation.streets import SHOWDOWN_WORDS
    from engine.notation.words import (
        BACK_WORDS,
        CHIPS_WORDS,
        DEAD_WORDS,
        LAST_WORDS,
        PLAYERS_WORDS,
        POT_WORDS,
        SHORT_WORDS,
        STREET_WORDS,
        VERB_WORDS,
    )
    from handlers.hint_text import _WORDS

    known = (set(VERB_WORDS) | set(STREET_WORDS) | CHIPS_WORDS | BACK_WORDS | LAST_WORDS | PLAYERS_WORDS | POT_WORDS
             | SHORT_WORDS | DEAD_WORDS | ANTE_WORDS | STACKS_WORDS | set(SHOWDOWN_WORDS))
    notation = ("bet", "raise", "call", "check", "fold", "allin", "chips", "back", "last", "players", "stacks",
                "preflop", "flop", "turn", "river", "showdown", "short", "dead", "ante", "pot")
    col = 0 if lang == "ja" else 1
    assert [w for w in notation if _WORDS[w][col] not in known] == []


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_the_blinds_examples_in_help_are_structures_the_clock_reads(lang: str) -> None:
    """Help's blind clock examples are in the reply language's words (ブラインド 開始 …); the
    console and Discord read them, and the structure part is read by the one structure reader."""
    from handlers.blinds import split_sub
    from handlers.blinds.structure import parse_structure
    from handlers.help import TEXT

    examples = [e.strip() for e in TEXT.table["blinds"][lang].strip().splitlines()[-1].replace(" · ", " ・ ").split(" ・ ")]
    assert len(examples) == 3
    for example in examples:
        word, _, args = example.partition(" ")
        assert handle(f"help {word}", Context(lang=lang)).to_json()["commands"] == ["blinds"]
        sub, rest, rest_at, _ = split_sub(args, 0)
        assert sub in ("start", "pause")
        if sub == "start":
            assert parse_structure(rest, rest_at).levels


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_a_word_that_is_no_verb_is_not_offered_a_one_letter_shorthand(lang: str) -> None:
    """`A XL` had been answered “did you mean x?”; a real slip still gets its verb."""
    assert handle("ruling NL 100/200 flop: A XL, B?", Context(lang=lang)).to_json()["error"]["hint"] is None
    slip = handle("ruling NL 100/200 flop: A calll, B?", Context(lang=lang)).to_json()["error"]["hint"]
    assert slip == {"en": "call", "ja": "コール", "ko": "콜"}[lang]
