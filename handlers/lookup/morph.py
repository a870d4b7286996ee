"""Lemmas from real morphological analyzers, for the lexical scorer's content words.

Trigrams cannot tell 見せた from 見せる or 건너뛰었어요 from 건너뛰다; an analyzer can. Each
content word (noun, verb, adjective) of a text is added as its dictionary form with the same
tag the hand-made features use ("j:見せる", "k:건너뛰다"), so a past tense in a query meets the
plain form in the corpus. Both analyzers load on first use, never at import.

Why these two, and why both are off by default, with figures (this machine, December 2026):
- SudachiPy 0.7.0 + sudachidict-core 20261015 (Japanese, `normalized_form`, which also folds
  spelling variants: 酷い/ひどい): loads in 0.03 s, about 0.1 ms a sentence, but the bot's RSS
  after its first `rule` query is 287 MB with it against 126 MB without (the dictionary is
  touched throughout while the corpus is scanned). Its gain, from the ablation in
  bench/lookup_bench.py: none on our own eval's sentences with the semantic stage on (88/96
  top-1/top-3 either way) and less than none on the held-out set's Japanese sentences without
  it (51/60 -> 49/57). With the encoder (+135 MB) it would break the 300 MB budget.
- kiwipiepy 0.24.1 + kiwipiepy-model 0.24.0 (Korean): loads in 0.9-2.4 s and adds 190 MB RSS
  (model `cong-global`, typo and multi-word dictionaries off) to 450 MB (defaults): over the
  budget alone. It helps Korean on the lexical side (older held-out ko top-3 81 -> 90) but
  not once the semantic stage is on.
So the lexical side keeps the hand-made features (kanji/katakana runs, `language._ko_stem`),
and `FLOORCALL_MORPH=ja,ko` switches the analyzers on for a host with memory to spare.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import unicodedata
from typing import Any

DEFAULT: tuple[str, ...] = ()
_JA_POS = frozenset({"名詞", "動詞", "形容詞", "形状詞", "副詞"})
_JA_SKIP = frozenset({"する", "為る", "居る", "有る", "成る", "出来る", "こと", "事", "物", "もの", "よう", "様", "ない", "無い"})
_KO_TAGS = {"NNG": "", "NNP": "", "VV": "다", "VA": "다", "XR": "", "SL": ""}
_KO_SKIP = frozenset({"하다", "있다", "되다", "않다", "없다", "같다", "것", "수", "때"})

_PACKAGE = {"ja": "sudachipy", "ko": "kiwipiepy"}
_langs: tuple[str, ...] | None = None


def languages() -> tuple[str, ...]:
    """The languages whose analyzer is on (read from `FLOORCALL_MORPH` once, or set by `configure`)."""
    global _langs
    if _langs is None:
        env = os.environ.get("FLOORCALL_MORPH")
        wanted = DEFAULT if env is None else tuple(x for x in env.replace(" ", "").split(",") if x in _PACKAGE)
        # an analyzer that is not installed (they are in requirements-dev.txt) is simply off
        _langs = tuple(x for x in wanted if importlib.util.find_spec(_PACKAGE[x]) is not None)
    return _langs


def configure(langs: tuple[str, ...]) -> None:
    """Switch analyzers on or off (the bench's ablation); callers clear feature caches."""
    global _langs
    _langs = tuple(langs)


def enabled() -> bool:
    return bool(languages())


def signature() -> str:
    """What the analyzers add depends on which are on: part of the index cache key."""
    return "morph:" + ",".join(languages())


@functools.cache
def _sudachi() -> Any:
    import sudachipy

    return sudachipy.Dictionary(dict="core").tokenizer(mode=sudachipy.SplitMode.C)


@functools.cache
def _kiwi() -> Any:
    from kiwipiepy import Kiwi

    return Kiwi(num_workers=0, model_type="cong-global", load_typo_dict=False, load_multi_dict=False)


def _has(text: str, lo: int, hi: int) -> bool:
    return any(lo <= ord(c) <= hi for c in text)


def lemmas(text: str) -> set[str]:
    """Tagged dictionary forms of the content words of `text` ("j:…", "k:…")."""
    from handlers.normalize import fold

    out: set[str] = set()
    langs = languages()
    raw = unicodedata.normalize("NFKC", text)
    if "ja" in langs and (_has(raw, 0x3040, 0x30FF) or _has(raw, 0x4E00, 0x9FFF)):
        for m in _sudachi().tokenize(raw):
            pos = m.part_of_speech()
            if pos[0] not in _JA_POS or pos[1] in ("数詞", "非自立可能") and pos[0] == "名詞":
                continue
            lemma = m.normalized_form()
            if lemma in _JA_SKIP or len(lemma) < 2 and not _has(lemma, 0x4E00, 0x9FFF):
                continue
            out.add("j:" + fold(lemma))
    if "ko" in langs and _has(raw, 0xAC00, 0xD7A3):
        for tok in _kiwi().tokenize(raw):
            end = _KO_TAGS.get(tok.tag)
            if end is None:
                continue
            lemma = tok.form + end
            if lemma not in _KO_SKIP and tok.tag != "SL":
                out.add("k:" + fold(lemma))
    return out
