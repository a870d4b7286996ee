"""The one folding every key and query goes through (handlers/normalize.py)."""

from __future__ import annotations

import unicodedata

import pytest

from handlers.normalize import compact, fold, scripts, trigrams


@pytest.mark.parametrize("variant", ["オーバーチップ", "ｵｰﾊﾞｰﾁｯﾌﾟ", "おーばーちっぷ", "オーバーチップ "])
def test_kana_width_and_script_fold_together(variant):
    assert fold(variant) == "おーばーちっぷ"


def test_full_width_latin_and_digits():
    assert fold("ＳＴＲＩＮＧ　ＢＥＴ") == "string bet"
    assert fold("ＢＢ１００") == "bb100"


def test_separators_become_single_spaces():
    assert fold("min-raise") == "min raise"
    assert fold("Hold’em / Omaha") == "holdem omaha"
    assert fold("「オーバーチップ」、スタッド") == "おーばーちっぷ すたっど"
    assert fold("50%ルール") == "50%るーる"


def test_hangul_becomes_jamo():
    folded = fold("칩")
    assert len(folded) == 3  # ㅊ ㅣ ㅂ as conjoining jamo
    assert unicodedata.normalize("NFC", folded) == "칩"
    # a one-letter typo is one jamo away, not a whole syllable
    assert sum(a != b for a, b in zip(fold("래이즈"), fold("레이즈"), strict=True)) == 1


def test_space_free_form():
    assert compact(fold("칩 한 개")) == compact(fold("칩한개"))
    assert compact(fold("dead button")) == "deadbutton"


def test_japanese_kana_are_not_decomposed():
    assert fold("バ") == "ば" and len(fold("バ")) == 1


def test_trigrams_and_scripts():
    assert trigrams("abcd") == {"abc", "bcd"}
    assert trigrams("ab") == {"ab"} and trigrams("") == set()
    assert scripts(fold("칩 BB ちっぷ 端数")) == {"hangul", "latin", "kana"}
    assert scripts("100") == frozenset()
