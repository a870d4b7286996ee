"""Citation ids spelled out for people: `Rule 45-A`, `第45項-A`, `규칙 45-A`, with a link.

Labels need no corpus, so a ruling renders without loading it; titles are added by callers that
have the corpus at hand (the rule lookup, the Show rules button).
"""

from __future__ import annotations

from functools import lru_cache

from engine.rulesets import Ruleset
from handlers.i18n import Messages
from handlers.reply import Citation

LABELS = Messages("citations")


def citation_label(cid: str, lang: str, ruleset: Ruleset, *, with_edition: bool = True) -> str:
    """The id in the reply language, naming the edition where the ruleset says so
    (`Ruleset.label_edition`: TDA 2009, so no one reads its numbers as 2026 ones).
    `with_edition=False` leaves the edition out where the list already says it (the autocomplete)."""
    return _label(cid, lang, ruleset.label_edition if with_edition else None)


def floor_fallback_line(cited: list[str] | tuple[str, ...], lang: str, ruleset: Ruleset) -> str | None:
    """The line a reply adds when its ruleset cites the floor rule for want of a rule of its own
    (`Ruleset.floor_fallback`): the floor decides there, and the reply follows TDA 2026."""
    key = ruleset.floor_fallback
    if key is None or not set(ruleset.c("floor_decision")).intersection(cited):
        return None
    return LABELS(key, lang)


def with_fallback(footer: str | None, cited: list[str] | tuple[str, ...], lang: str, ruleset: Ruleset) -> str | None:
    """`footer`, after the floor-fallback line when there is one."""
    line = floor_fallback_line(cited, lang, ruleset)
    if line is None:
        return footer
    return f"{line}\n{footer}" if footer else line


@lru_cache(maxsize=4096)
def _label(cid: str, lang: str, edition: str | None) -> str:
    """A label depends on nothing but these three, and a ruling cites the same few ids every time."""
    if cid.startswith("GL:"):
        return LABELS("label_glossary", lang, term=cid[3:])
    if cid.startswith("JP-"):  # named by its title in the reply language, not by our id (`JP-raise`)
        return LABELS("label_house", lang, cid=_house_titles().get(cid, {}).get(lang) or cid)
    if cid.startswith("RP-"):
        label = LABELS("label_procedure", lang, n=cid[3:])
    elif cid.startswith("IA-"):  # `IA-55-A-1`: 追補例解 第55項-A-1, as a rule's part is named
        number, _, part = cid[3:].partition("-")
        label = LABELS("label_addendum", lang, number=number, suffix=f"-{part}" if part else "")
    else:
        number, _, part = cid.partition("-")
        label = LABELS("label_rule", lang, number=number, suffix=f"-{part}" if part else "")
    return LABELS(edition, lang, label=label) if edition else label


@lru_cache(maxsize=1)
def _house_titles() -> dict[str, dict[str, str]]:
    """The house rules' titles by id, from the house rules' corpus files alone (a few kilobytes:
    the whole corpus is not loaded for a label)."""
    import tomllib
    from pathlib import Path

    titles: dict[str, dict[str, str]] = {}
    for path in sorted((Path(__file__).resolve().parent.parent / "rules_data").glob("*/house.toml")):
        with path.open("rb") as f:
            titles.update({e["id"]: e["title"] for e in tomllib.load(f).get("entry", [])})
    return titles


def rules_heading(lang: str) -> str:
    """The heading over the cited rules, the same in every reply (ruling, rule, clock): built once
    per language (a template without values, so a constant of the language)."""
    heading = _HEADINGS.get(lang)
    if heading is None:
        heading = _HEADINGS[lang] = LABELS("rules_heading", lang)
    return heading


_HEADINGS: dict[str, str] = {}


def make_citations(ids: list[str] | tuple[str, ...], lang: str, ruleset: Ruleset) -> list[Citation]:
    """Citations in first-seen order, without duplicates."""
    edition = ruleset.label_edition
    url = ruleset.source_url
    # The language's and ruleset's citations by id, one small dict: a lookup by the id alone,
    # rather than hashing (id, lang, edition, url) for the lru_cache at every citation.
    key = (lang, edition, url)
    by_id = _BY_ID.get(key)
    if by_id is None:
        by_id = _BY_ID[key] = {}
    out = []
    for cid in dict.fromkeys(ids):
        citation = by_id.get(cid)
        if citation is None:
            citation = by_id[cid] = _citation(cid, lang, edition, url)
        out.append(citation)
    return out


_BY_ID: dict[tuple[str, str | None, str], dict[str, Citation]] = {}


@lru_cache(maxsize=4096)
def _citation(cid: str, lang: str, edition: str | None, url: str) -> Citation:
    """One shared, immutable Citation per id, language and edition (and the ruleset's source link)."""
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
