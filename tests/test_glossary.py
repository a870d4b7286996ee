"""The glossary (handlers/glossary.toml) holds the one word per concept in Japanese and Korean;
no text a player reads may use a variant it replaces.

Reply text is every value of every handlers/locales/*.toml catalogue and the titles, summaries
and lettered parts of the rule corpus (what `rule` shows). Keywords and situations are what
people type, so the variants stay there for the lookup to find.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from handlers.rule import shown

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "handlers" / "glossary.toml"


def terms() -> list[dict[str, object]]:
    with GLOSSARY.open("rb") as f:
        found: list[dict[str, object]] = tomllib.load(f)["term"]
    return found


def catalogue_texts(lang: str) -> Iterator[tuple[str, str]]:
    """(where, text) for every catalogue value in `lang`."""
    for path in sorted((ROOT / "handlers" / "locales").glob("*.toml")):
        with path.open("rb") as f:
            table = tomllib.load(f)
        for key, entry in table.items():
            if isinstance(entry, dict) and isinstance(entry.get(lang), str):
                yield f"{path.name} [{key}]", entry[lang]


def corpus_texts(lang: str) -> Iterator[tuple[str, str]]:
    """(where, text) for every title, summary, part and section name in `lang` of rules_data/."""
    for path in sorted((ROOT / "rules_data").rglob("*.toml")):
        if "situations" in path.parts:
            continue
        with path.open("rb") as f:
            data = tomllib.load(f)
        for entry in data.get("entry", []):
            for field in ("title", "summary"):
                text = entry.get(field, {}).get(lang)
                if isinstance(text, str):
                    yield f"{path.name} {entry['id']} {field}", shown(text)
            for part, texts in entry.get("parts", {}).items():
                if isinstance(texts.get(lang), str):
                    yield f"{path.name} {entry['id']} part {part}", texts[lang]
        for key, names in data.items():  # section names: `[section.addendum]` and the like
            if not isinstance(names, dict):
                continue
            if isinstance(names.get(lang), str):
                yield f"{path.name} [{key}]", names[lang]
            for sub, inner in names.items():
                if isinstance(inner, dict) and isinstance(inner.get(lang), str):
                    yield f"{path.name} [{key}.{sub}]", inner[lang]


def test_the_glossary_names_each_concept_once_with_its_term_and_variants() -> None:
    seen: set[str] = set()
    for term in terms():
        assert isinstance(term["concept"], str) and term["concept"] not in seen
        seen.add(term["concept"])
        for lang in ("ja", "ko"):
            word = term[lang]
            replaced = term[f"{lang}_replaces"]
            assert isinstance(word, str) and word
            assert isinstance(replaced, list)
            # A variant that is part of the term itself could never be avoided.
            assert all(isinstance(v, str) and v and v not in word for v in replaced), term


def test_the_glossary_catches_a_replaced_variant() -> None:
    """The check below is the one the catalogue test runs: a text with a variant is reported."""
    assert violations("ko", [("example", "남는 자투리 칩은 버튼 왼쪽에")]) == [
        ("example", "자투리", "나머지 칩")
    ]
    assert violations("ja", [("example", "上乗せ額は400です")]) == []


def violations(lang: str, texts: list[tuple[str, str]] | Iterator[tuple[str, str]]) -> list[tuple[str, str, str]]:
    found = []
    pairs = [(v, str(t[lang])) for t in terms() for v in t[f"{lang}_replaces"]]  # type: ignore[attr-defined]
    for where, text in texts:
        for variant, word in pairs:
            if variant in text:
                found.append((where, variant, word))
    return found


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_no_catalogue_text_uses_a_replaced_variant(lang: str) -> None:
    assert violations(lang, catalogue_texts(lang)) == []


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_no_rule_text_a_lookup_shows_uses_a_replaced_variant(lang: str) -> None:
    assert violations(lang, corpus_texts(lang)) == []


# A sentence closed in the plain form (`…する。`, `…ない。`, `…である。`; Korean `…한다.`): the
# replies speak in です/ます and 합니다, and a rule lookup that mixed the two read as two writers.
_PLAIN_JA = re.compile(r"(?:(?<![まで])[うくぐすつぬぶむる]|ない|である|だ)(?:（[^（）]*）)?。")
_PLAIN_KO = re.compile(r"(?<!니)(?<![습읍])다(?:\([^()]*\))?\.(?:\s|$)")


def plain_sentences(lang: str, texts: Iterator[tuple[str, str]]) -> list[tuple[str, str]]:
    pattern = _PLAIN_JA if lang == "ja" else _PLAIN_KO
    return [(where, m.group()) for where, text in texts if (m := pattern.search(text))]


def test_the_politeness_check_finds_a_plain_sentence() -> None:
    assert plain_sentences("ja", iter([("x", "コールかフォールドしかできない。")])) == [("x", "ない。")]
    assert plain_sentences("ja", iter([("x", "コールかフォールドしかできません。")])) == []
    assert plain_sentences("ko", iter([("x", "콜이나 폴드만 할 수 있다.")])) == [("x", "다.")]
    assert plain_sentences("ko", iter([("x", "콜이나 폴드만 할 수 있습니다.")])) == []


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_every_rule_text_and_catalogue_text_is_in_one_politeness_level(lang: str) -> None:
    texts = [*corpus_texts(lang), *catalogue_texts(lang)]
    assert plain_sentences(lang, iter(texts)) == []


@pytest.mark.parametrize(("line", "lang"), [("ルール 38", "ja"), ("규칙 38", "ko"), ("ルール RP-15", "ja"), ("규칙 RP-15", "ko")])
def test_a_reviewers_note_on_the_sources_is_never_shown(line: str, lang: str) -> None:
    """Thin entries say in 〔 〕 which source they rest on; a player reads the rule, not that."""
    from handlers.context import Context
    from handlers.dispatch import handle

    text = handle(line, Context(lang=lang)).text
    assert "〔" not in text and "日本語訳" not in text and "번역본" not in text and "가이드" not in text


_PARTICLES = {"이": "가", "은": "는", "을": "를", "과": "와"}  # after a final consonant -> after a vowel


@pytest.mark.parametrize("lang", ["ko"])
def test_a_korean_particle_after_a_glossary_term_fits_its_sound(lang: str) -> None:
    """Swapping a word for the glossary's (스트리트 → 스트릿, 휴식 → 브레이크) changes the sound
    its particle follows: `스트릿가` had been left where `스트리트가` was."""
    from handlers.korean import final_sound

    wrong = []
    words = {str(t["ko"]).split("(")[0] for t in terms()} | {"스트릿", "브레이크", "나머지 칩", "룰셋"}
    for where, text in [*catalogue_texts(lang), *corpus_texts(lang)]:
        for word in words:
            sound = final_sound(word)
            if sound is None:
                continue
            for m in re.finditer(re.escape(word) + r"(이|가|은|는|을|를|과|와)(?![가-힣])", text):
                after_consonant = m.group(1) in _PARTICLES
                if after_consonant != sound[0]:
                    wrong.append((where, m.group()))
    assert wrong == []
