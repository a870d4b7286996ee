"""The whole-hand header's word tables (antes, the big blind ante, stacks, the button, the chip
unit), in a module that imports nothing of the engine.

engine.notation.hand_header reads these words; engine.notation.header refuses them inside a `players` list. Kept
in engine.notation.hand_header, engine.notation.header had to import them inside a function, as engine.notation.hand_header
imports engine.notation.read, which imports engine.notation.header: a circle hidden by the late import.
"""

from __future__ import annotations

ANTE_WORDS = frozenset({"ante", "antes", "アンティ", "アンテ", "앤티", "엔티", "안테"})
# `アンテ` is as common a spelling as `アンティ`, and Korean writes 엔티 as often as 앤티; each was
# refused as an unknown header word after `BB` (`BBアンテ 200`, `BB엔티 200`).
BBA_WORDS = frozenset({"bba", "bbante", "bb-ante", "bbアンティ", "ビッグブラインドアンティ", "bbアンテ", "ビッグブラインドアンテ",
                       "빅블라인드앤티", "bb앤티", "bb엔티", "빅블앤티", "빅블라인드엔티", "빅블엔티"})
# `BB アンティ 200`, `빅블라인드 앤티 200`: the big blind and the ante word typed apart, one word.
BB_FIRST_WORDS = frozenset({"bb", "ビッグブラインド", "빅블라인드", "빅블"})
STACKS_WORDS = frozenset({"stacks", "stack", "スタック", "스택"})
# Not `btn` or `dealer`: those name seats (`players BTN SB BB`). Only a word no seat is called.
BUTTON_WORDS = frozenset({"button", "ボタン", "버튼"})
# `chip 25`: the smallest chip in play, the unit odd chips are counted in (21).
CHIP_UNIT_WORDS = frozenset({"chip", "minchip", "最小チップ", "最小額面", "최소칩"})
