"""`rule <number>` in every spelling and language, through the same `handle()` every surface uses."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handlers.context import Context
from handlers.dispatch import handle
from handlers.rule_ids import parse_rule_id


def ask(text: str, lang: str = "en", ruleset: str = "tda2026") -> dict:
    return handle(text, Context(lang=lang, ruleset_id=ruleset)).to_json()


FORMS = [
    ("rule 45", "45"),
    ("rule 45-A", "45-A"),
    ("rule 45a", "45-A"),
    ("rule Rule 45-B", "45-B"),
    ("rule RP-8", "RP-8"),
    ("rule rp8", "RP-8"),
    ("rule 推奨手順8", "RP-8"),
    ("rule 권장 절차 8", "RP-8"),
    ("rule IA-49", "IA-49"),
    ("rule 追補例解 第49項", "IA-49"),
    ("rule 第49項", "49"),
    ("rule 第45項-A", "45-A"),
    ("rule 규칙 49", "49"),
    ("rule 49번", "49"),
    ("rule ルール31", "31"),
    ("rule 規則 31", "31"),
    ("rule #58", "58"),
    ("rule ４６", "46"),
    ("ルール 46", "46"),
    ("규칙 46", "46"),
    ("/rule 46", "46"),
]


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
@pytest.mark.parametrize("text, cid", FORMS, ids=[f for f, _ in FORMS])
def test_rule_by_number(text, cid, lang):
    reply = ask(text, lang)
    assert reply["ok"], reply["text"]
    assert reply["command"] == "rule"
    assert [r["id"] for r in reply["results"]] == [cid]
    assert reply["citations"] == [cid]
    result = reply["results"][0]
    assert result["title"] and result["summary"] and result["score"] == 1.0
    assert reply["confidence"] == "direct"


def test_reply_is_in_the_channel_language():
    en, ja, ko = (ask("rule 46", lang) for lang in ("en", "ja", "ko"))
    assert en["text"].startswith("Rule 46 ")
    assert ja["text"].startswith("第46項 ")
    assert ko["text"].startswith("규칙 46 ")
    assert len({en["results"][0]["title"], ja["results"][0]["title"], ko["results"][0]["title"]}) == 3


def test_part_query_shows_that_part():
    from rules_data.corpus import get_corpus

    part = get_corpus().get("tda2026", "45-B")
    reply = ask("rule 45-B", "ja")
    assert part.part_text("ja") in reply["text"]
    assert reply["results"][0]["summary"] == part.part_text("ja")
    # the other part is not shown on a part query
    assert get_corpus().get("tda2026", "45-A").part_text("ja") not in reply["text"]


def test_2024_number_is_renumbered():
    reply = ask("rule 2024:43", "en")
    assert reply["ok"] and reply["results"][0]["id"] == "45"
    assert reply["renumbered"] == {"from": "2024:43", "to": "45"}
    assert "2024" in reply["text"] and "45" in reply["text"]
    ja = ask("rule 2024:43", "ja")
    assert "2024年版の第43項" in ja["text"]


def test_2024_part_is_renumbered():
    reply = ask("rule 2024:43-A")
    assert reply["results"][0]["id"] == "45-A"


def test_tda2009_uses_its_own_numbers():
    reply = ask("rule 20", "en", "tda2009")
    assert reply["ok"] and reply["ruleset"] == "tda2009"
    assert "clock" in reply["results"][0]["title"].lower()
    assert reply["text"].startswith("TDA 2009 Rule 20")
    assert "clock" not in ask("rule 20", "en")["results"][0]["title"].lower()


def test_jp_basic_finds_house_and_tda_ids():
    from rules_data.corpus import get_corpus

    assert ask("rule 45", "ja", "jp-basic")["results"][0]["id"] == "45"
    house = get_corpus().entries("jp-basic")
    if not house:
        pytest.fail("jp-basic house rules are not in the corpus yet")
    reply = ask(f"rule {house[0].id}", "ja", "jp-basic")
    assert reply["ok"] and reply["results"][0]["id"] == house[0].id


@pytest.mark.parametrize(
    "text, code, hint",
    [
        # A number a digit or two past the last is offered the last; one far off is offered nothing
        # (rule 99 of 74 is no slip for rule 74).
        ("rule 99", "unknown_rule", None),
        ("rule 75", "unknown_rule", "74"),
        ("rule RP-40", "unknown_rule", None),
        ("rule RP-30", "unknown_rule", "RP-29"),
        ("rule", "empty_query", {"en": "rule 45", "ja": "ルール 45", "ko": "규칙 45"}),
        ("rule   ", "empty_query", {"en": "rule 45", "ja": "ルール 45", "ko": "규칙 45"}),
        ("rule 45-Z", "unknown_part", "45-A"),
        ("rule 2024:72", "not_in_2024", None),
        ("rule raise game:poker", "unknown_game", {"en": "holdem", "ja": "ホールデム", "ko": "홀덤"}),
    ],
)
@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_errors_are_localized_replies(text, code, hint, lang):
    reply = ask(text, lang)
    assert reply["ok"] is False
    assert reply["error"]["code"] == code
    # The hint is what to type, in the reply language's words (a rule id is the same in all).
    assert reply["error"]["hint"] == (hint[lang] if isinstance(hint, dict) else hint)
    assert reply["error"]["message"] and "Traceback" not in reply["text"]
    if lang != "en":
        assert reply["error"]["message"] != ask(text, "en")["error"]["message"]


def test_unknown_number_under_tda2009_suggests_its_last_rule_only_for_a_near_miss():
    reply = ask("rule 45", "en", "tda2009")
    assert reply["error"]["code"] == "unknown_rule" and reply["error"]["hint"] == "44"
    reply = ask("rule 50", "en", "tda2009")  # a 2026 number, most likely: 44 would be no help
    assert reply["error"]["code"] == "unknown_rule" and reply["error"]["hint"] is None


@pytest.mark.parametrize("text", ["4枚のフロップ", "50%ルール", "2024年", "hello 45"])
def test_words_starting_with_digits_are_not_numbers(text):
    assert parse_rule_id(text) is None


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=60))
def test_any_query_is_answered_never_a_crash(text):
    reply = ask("rule " + text)
    assert reply["command"] == "rule"
    if not reply["ok"]:
        assert reply["error"]["code"] != "internal", reply
    else:
        assert len(reply["results"]) <= 5


@pytest.mark.parametrize(
    "typed, hint",
    [("button", "GL:btn"), ("bigblind", "GL:bb"), ("big-blind-ante", "GL:bba"), ("smallblind", "GL:sb"),
     ("utg1", "GL:utg"), ("handforhand", "GL:h4h"), ("freeze-out", "GL:freezeout")],
)
def test_unknown_glossary_id_hints_the_nearest_term(typed, hint):
    # Glossary ids are short tags: a term typed out in full must still lead to its entry.
    d = ask(f"rule GL:{typed}")
    assert d["ok"] is False and d["error"]["code"] == "unknown_rule"
    assert d["error"]["hint"] == hint
    assert ask(f"rule {hint}")["results"][0]["id"] == hint


def test_unknown_glossary_id_without_a_near_term_offers_nothing():
    d = ask("rule GL:xyzzy")
    assert d["ok"] is False and d["error"]["hint"] is None


def test_glossary_names_are_read_from_the_corpus_once_not_on_every_miss(monkeypatch):
    # _nearest_term used to walk every glossary entry again for each unknown glossary id.
    import dataclasses

    import handlers.rule as rule
    from rules_data.corpus import get_corpus

    reads: list[str] = []
    corpus = dataclasses.replace(get_corpus())  # a corpus of its own identity: nothing cached for it yet
    real = type(corpus).entries
    monkeypatch.setattr(type(corpus), "entries",
                        lambda self, edition: (reads.append(edition) if self is corpus else None) or real(self, edition))
    monkeypatch.setattr(rule, "_corpus", lambda: corpus)
    first = ask("rule GL:button")
    read_once = len(reads)
    assert read_once > 0 and first["error"]["hint"] == "GL:btn"
    assert ask("rule GL:bigblind")["error"]["hint"] == "GL:bb"
    assert ask("rule GL:button", lang="ja")["error"]["hint"] == "GL:btn"
    assert len(reads) == read_once


@pytest.mark.parametrize(("text", "lang", "label"), [
    ("rule 49", "ja", "第49項-A: "), ("rule 49-A", "ja", "第49項-A: "), ("rule 49", "ko", "규칙 49-A: "),
    ("rule 49", "en", "Rule 49-A: "), ("rule IA-47", "ja", "例1-A: "), ("rule IA-48", "ko", "상황 1: "),
])
def test_a_part_is_shown_under_the_name_it_is_cited_by(text, lang, label):
    """`A項:` read as a heading of its own; a part is cited as 第49項-A, so it is shown so."""
    assert ("\n" + label) in handle(text, Context(lang=lang)).text
