"""Citation ids spelled out for people: `Rule 45-A`, `第45項-A`, `규칙 45-A`, with a link.

Labels need no corpus, so a ruling renders without loading it; titles are added by callers that
have the corpus at hand (the rule lookup, the Show rules button).
"""

from __future__ import annotations

from functools import lru_cache

from engine.rulesets import Ruleset
from handlers.reply import Citation


def citation_label(cid: str, lang: str, ruleset: Ruleset) -> str:
    """The id in the reply language. Edition-qualified under TDA 2009 so no one reads 2026 numbers."""
    return _label(cid, lang, ruleset.edition)


@lru_cache(maxsize=4096)
def _label(cid: str, lang: str, edition: str) -> str:
    """A label depends on nothing but these three, and a ruling cites the same few ids every time."""
    prefix = {"en": "TDA 2009 ", "ja": "TDA2009年版 ", "ko": "TDA 2009 "}[lang] if edition == "tda2009" else ""
    if cid.startswith("RP-"):
        n = cid[3:]
        return prefix + {"en": f"Recommended Procedure {n}", "ja": f"推奨手順-{n}", "ko": f"권장 절차 {n}"}[lang]
    if cid.startswith("IA-"):
        n = cid[3:]
        return prefix + {"en": f"Illustration Addendum {n}", "ja": f"追補例解 第{n}項", "ko": f"예시 부록 {n}"}[lang]
    if cid.startswith("GL:"):
        term = cid[3:]
        return {"en": f"Glossary: {term}", "ja": f"用語集: {term}", "ko": f"용어집: {term}"}[lang]
    if cid.startswith("JP-"):
        return {"en": f"House rule {cid}", "ja": f"ハウスルール {cid}", "ko": f"하우스 룰 {cid}"}[lang]
    number, _, part = cid.partition("-")
    suffix = f"-{part}" if part else ""
    return prefix + {"en": f"Rule {number}{suffix}", "ja": f"第{number}項{suffix}", "ko": f"규칙 {number}{suffix}"}[lang]


def citation_url(cid: str, ruleset: Ruleset) -> str:
    return ruleset.source_url


def make_citations(ids: list[str] | tuple[str, ...], lang: str, ruleset: Ruleset) -> list[Citation]:
    """Citations in first-seen order, without duplicates."""
    edition = ruleset.edition
    return [_citation(cid, lang, edition, citation_url(cid, ruleset)) for cid in dict.fromkeys(ids)]


@lru_cache(maxsize=4096)
def _citation(cid: str, lang: str, edition: str, url: str) -> Citation:
    """One shared, immutable Citation per id, language and edition (what `citation_url` gives)."""
    return Citation(cid, _label(cid, lang, edition), url)


def with_titles(citations: list[Citation], lang: str, ruleset: Ruleset) -> list[Citation]:
    """The same citations with the entry's title in `lang` and its own source link, from the corpus.

    Loads the corpus on first call, so only callers that show rules (the rule command, a Show
    rules button) pay for it; ids the corpus lacks keep their label and the ruleset's link.
    """
    from dataclasses import replace

    from rules_data.corpus import get_corpus

    corpus = get_corpus()
    out: list[Citation] = []
    for c in citations:
        entry = corpus.resolve(ruleset, c.id)
        if entry is None:
            out.append(c)
        else:
            out.append(replace(c, title=entry.title.get(lang) or entry.title["en"], url=entry.source or c.url))
    return out
