"""No ruleset borrows another's values unless a field of its own says so.

The rule command, the lookup, citations, the autocomplete and the clock read what differs
between rulesets from `Ruleset` fields. These tests walk `RULESETS` (never a hand-written list),
check that each entry spells out every field, and check that each handler answers from the
ruleset's own fields and corpora: a ruleset changed in one field changes that answer, and no
handler source names a ruleset id to branch on.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from engine.rulesets import RULESETS, Ruleset
from handlers.autocomplete import choices
from handlers.citations import citation_label, make_citations
from handlers.clock.model import clock_rule
from handlers.context import Context
from handlers.dispatch import handle
from handlers.i18n import ruleset_name
from handlers.lookup import index_for, search
from handlers.rule import _suggestions
from handlers.rule_ids import parse_rule_id, target
from rules_data.corpus import get_corpus

ROOT = Path(__file__).resolve().parent.parent
IDS = list(RULESETS)
FIELDS = [f.name for f in dataclasses.fields(Ruleset) if f.init]  # (not the ratios derived from the fractions)

# String constants equal to a ruleset id that are not a branch, with the reason.
NOT_A_BRANCH = {
    ("rules_data/corpus.py", "tda2026"): "the section names every edition shares live in its folder",
}


def _ruleset_calls() -> dict[str, set[str]]:
    """The keywords each `Ruleset(...)` in engine/rulesets/__init__.py is written with, by its id."""
    tree = ast.parse((ROOT / "engine" / "rulesets" / "__init__.py").read_text(encoding="utf-8"))
    out: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Ruleset":
            kw = {k.arg: k.value for k in node.keywords if k.arg}
            assert not node.args, "Ruleset entries are written with keywords only"
            rid = kw["id"]
            assert isinstance(rid, ast.Constant)
            out[rid.value] = set(kw)
    return out


def test_every_ruleset_spells_out_every_field():
    calls = _ruleset_calls()
    assert set(calls) == set(RULESETS)
    for rid, written in calls.items():
        missing = [f for f in FIELDS if f not in written]
        assert not missing, f"{rid} leaves {missing} to the class defaults"


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_every_ruleset_has_its_own_name(lang):
    names = [ruleset_name(rid, lang) for rid in IDS]
    assert all(names) and len(set(names)) == len(names)


@pytest.mark.parametrize("rid", IDS)
def test_corpora_start_with_own_edition_and_exist(rid):
    rs = RULESETS[rid]
    corpus = get_corpus()
    assert rs.corpora and rs.corpora[0] == rs.edition
    for edition in rs.corpora:
        assert corpus.entries(edition), f"{rid} reads {edition}, which has no entries"


@pytest.mark.parametrize("rid", IDS)
def test_no_handler_or_corpus_source_branches_on_a_ruleset_id(rid):
    found = []
    for folder in ("handlers", "cogs", "rules_data", "engine"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = str(path.relative_to(ROOT))
            if rel == "engine/rulesets/__init__.py":
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and node.value == rid and (rel, rid) not in NOT_A_BRANCH:
                    found.append(f"{rel}:{node.lineno}")
    assert not found, f"{rid!r} named in code outside engine/rulesets/__init__.py: {found}"


@pytest.mark.parametrize("rid", IDS)
def test_rule_lists_come_from_the_rulesets_own_corpora(rid):
    rs = RULESETS[rid]
    corpus = get_corpus()
    for cid in rs.curated_rules:
        entry = corpus.resolve(rs, cid)
        assert entry is not None and entry.edition in rs.corpora, f"{rid} curates {cid}, which it lacks"
    got = [value for _, value in choices("", "en", rs)]
    assert got == list(dict.fromkeys(rs.curated_rules))[:25]
    shown = _suggestions(rs)
    assert shown and set(shown) <= set(rs.suggested_rules)


@pytest.mark.parametrize("rid", IDS)
def test_lookups_stay_in_the_rulesets_corpora(rid):
    rs = RULESETS[rid]
    assert index_for(rs).house_first is rs.house_rules_first
    for query in ("raise", "レイズ額", "시계", "1"):
        for hit in search(query, "en", rs, semantic=False).hits:
            assert hit.entry.edition in rs.corpora, f"{query!r} under {rid} answered from {hit.entry.edition}"
    for lang in ("en", "ja", "ko"):
        for value in (v for _, v in choices("4", lang, rs)):
            assert get_corpus().resolve(rs, value).edition in rs.corpora


@pytest.mark.parametrize("rid", IDS)
def test_a_2024_number_is_read_one_way_into_the_ruleset_it_names(rid):
    rs = RULESETS[rid]
    into = RULESETS[rs.read_2024_as]
    corpus = get_corpus()
    for old, new in corpus.renumbering.items():
        entry = corpus.resolve(into, new)
        assert entry is not None, f"{rid}: 2024:{old} -> {new}, which {into.id} lacks"
    to = target(parse_rule_id("2024:43-A"), rs, corpus)
    assert (to.cid, to.ruleset, to.from_2024) == ("45-A", into, "43-A")
    # The rule command and the lookup answer a 2024 number with the same entry.
    reply = handle("rule 2024:43", Context(lang="en", ruleset_id=rid)).to_json()
    found = search("2024:43", "en", rs)
    assert found.by_number and reply["results"][0]["id"] == found.hits[0].id == "45"
    assert found.hits[0].entry == corpus.resolve(into, "45")
    missing = handle("rule 2024:72", Context(lang="en", ruleset_id=rid)).to_json()
    assert missing["error"]["code"] == "not_in_2024"


@pytest.mark.parametrize("rid", IDS)
def test_citations_use_the_rulesets_link_and_label(rid):
    rs = RULESETS[rid]
    cid = rs.c("min_raise")[0]
    (cite,) = make_citations([cid], "en", rs)
    assert cite.url == rs.source_url
    bare = citation_label(cid, "en", rs, with_edition=False)
    assert (cite.label != bare) is (rs.label_edition is not None)


@pytest.mark.parametrize("rid", IDS)
def test_clock_rule_is_the_rulesets_own(rid):
    rs = RULESETS[rid]
    rule = clock_rule(rs)
    assert rule.on_time == {"bet": "dead_hand", "no_bet": rs.clock_no_bet_outcome}
    assert rule.same_moment_stands is rs.clock_same_moment_stands


@pytest.mark.parametrize("rid", IDS)
def test_changing_a_field_changes_the_answer_and_nothing_else_does(rid):
    """A copy of the ruleset with one field changed: each handler follows the field, not the id
    or the edition it would otherwise recognise."""
    rs = RULESETS[rid]
    other = "dead_hand" if rs.clock_no_bet_outcome == "check" else "check"
    flipped = dataclasses.replace(rs, clock_no_bet_outcome=other, clock_same_moment_stands=not rs.clock_same_moment_stands)
    assert clock_rule(flipped).on_time["no_bet"] == other
    assert clock_rule(flipped).same_moment_stands is not rs.clock_same_moment_stands
    label = "label_tda2009" if rs.label_edition is None else None
    relabelled = dataclasses.replace(rs, label_edition=label)
    assert citation_label("1", "en", relabelled) != citation_label("1", "en", rs)
    assert make_citations(["1"], "en", dataclasses.replace(rs, source_url="https://example.invalid/"))[0].url == (
        "https://example.invalid/"
    )
    assert [v for _, v in choices("", "en", dataclasses.replace(rs, curated_rules=("1",)))] == ["1"]
    assert _suggestions(dataclasses.replace(rs, suggested_rules=("1",))) == ["1"]
