"""Chip shapes (handlers/lookup/shape.py): one chip or several, bigger or smaller than the bet,
read from ja/ko/en sentences, and the vote that tells rules 43, 46 and 47 apart with them."""

from __future__ import annotations

import pytest

from engine.rulesets import RULESETS
from handlers.lookup import index_for, search
from handlers.lookup.shape import amount, chip_shape

TDA = RULESETS["tda2026"]


@pytest.mark.parametrize("text, want", [
    ("20k", 20_000), ("2,500", 2_500), ("1万", 10_000), ("5만", 50_000), ("1천", 1_000), ("千", 1_000),
    ("만", 10_000), ("五千", 5_000), ("1.5k", 1_500), ("abc", None),
])
def test_amounts_in_three_languages(text, want):
    assert amount(text) == want


@pytest.mark.parametrize("text, want", [
    ("he answered my 30k bet with a single 500 chip", {"x:chip1", "x:chip1-"}),
    ("facing a 600 bet she put one 10k chip out", {"x:chip1", "x:chip1+"}),
    ("6000のベットに黙って500点チップを1枚だけ置いた", {"x:chip1", "x:chip1-"}),
    ("800のベットに25,000のチップを1枚出した", {"x:chip1", "x:chip1+"}),
    ("베팅 2만에 500짜리 칩 하나를 냈어요", {"x:chip1", "x:chip1-"}),
    ("1500 베팅에 만 원짜리 칩 한 개", {"x:chip1", "x:chip1+"}),
    ("he slid four 500 chips forward facing 1,800", {"x:chipn"}),
    ("チップを3枚まとめて出した", {"x:chipn"}),
    ("칩을 세 개 던졌어요", {"x:chipn"}),
    ("one big chip, no word", {"x:chip1"}),  # no bet named: no comparison
    ("ホールカードが3枚来た", set()),  # cards, not chips
    ("he bet 500 and I folded", set()),
])
def test_chip_shapes(text, want):
    assert chip_shape(text) == want


def test_corpus_situations_have_shapes_and_the_vote_follows_them():
    """The shapes come from the corpus situations (no rule number is written in `shape`): the
    entry with most one-small-chip situations gets the full vote, the others their share."""
    from handlers.lookup import fusion

    idx = index_for(TDA)
    counts = idx.shape_counts()
    under = counts["x:chip1-"]
    votes = fusion._shape_votes(idx, "he answered my 30k bet with a single 500 chip")
    best = max(under, key=under.get)
    assert votes[best] == 1.0 and all(0 < v <= 1 for v in votes.values())
    assert set(votes) == set(under)
    assert fusion._shape_votes(idx, "he bet 500 and I folded") == {}


def test_shape_counts_from_the_scan_are_those_of_the_situations():
    """`scan` counts the shapes (the bot reads no situation for them): the same counts as
    reading every situation of the index's entries."""
    idx = index_for(TDA)
    want: dict[str, dict[int, int]] = {}
    for i, e in enumerate(idx.entries):
        for text in (t for ts in e.situations.values() for t in ts):
            for f in chip_shape(text):
                want.setdefault(f, {})[i] = want.get(f, {}).get(i, 0) + 1
    assert idx.shape_counts() == want and want


@pytest.mark.parametrize("query, lang, want", [
    # without the vote (SHAPE_BONUS = 0) each of these put rule 46 or 43 first, December 2026
    ("he threw one 500 chip into a 25k bet without a word", "en", "43"),
    ("3万のベットに、無言で千点チップを1枚だけ出した", "ja", "43"),
    ("2만 베팅에 말없이 500짜리 칩 하나 냈어요", "ko", "43"),
    ("facing 3,000 he put out four 1k chips silently", "en", "47"),
])
def test_chip_sentences_find_their_rule_first(query, lang, want):
    result = search(query, lang, TDA)
    assert result.semantic and result.hits[0].id == want, result
