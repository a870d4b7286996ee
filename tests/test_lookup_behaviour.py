"""Lookup behaviour: variants meet, junk is not answered with confidence, the game filter, autocomplete."""

from __future__ import annotations

import pytest

from engine.rulesets import RULESETS
from handlers.autocomplete import MAX_CHOICES, MAX_NAME, choices
from handlers.context import Context
from handlers.dispatch import handle
from handlers.lookup import search
from rules_data.corpus import get_corpus

TDA = RULESETS["tda2026"]


def top(query: str, lang: str = "ja", ruleset=TDA, game=None) -> str | None:
    best = search(query, lang, ruleset, game=game).best
    return best.id if best else None


@pytest.mark.parametrize("variants", [
    ["オーバーチップ", "ｵｰﾊﾞｰﾁｯﾌﾟ", "おーばーちっぷ"],
    ["칩 한 개", "칩한개"],
    ["string bet", "STRING BET", "ＳＴＲＩＮＧ ＢＥＴ", "string-bet"],
])
def test_variants_find_the_same_rule(variants):
    found = {top(v) for v in variants}
    assert len(found) == 1 and None not in found


def test_title_in_any_language_finds_its_entry():
    """Every title, in each of its languages, leads to its own entry first (cross-language)."""
    misses = []
    for e in get_corpus().entries("tda2026"):
        for lang, title in e.title.items():
            for reply_lang in ("en", "ja", "ko"):
                if lang == reply_lang:
                    continue
                hit = search(title, reply_lang, TDA).best
                if hit is None or hit.id != e.id and hit.score < 1.0:
                    misses.append((e.id, title, hit.id if hit else None))
    assert not misses, misses[:20]


def test_korean_typo_and_one_syllable_queries():
    assert top("래이즈 금액", "ko") == "45"
    assert search("칩", "ko", TDA).hits, "a one-syllable Korean query finds something"


@pytest.mark.parametrize("junk", ["hello", "asdf", "qwerty zxcv", "lorem ipsum dolor", "ㅋㅋㅋㅋ"])
def test_junk_is_not_answered_with_confidence(junk):
    result = search(junk, "en", TDA)
    assert result.confidence == "none", result
    reply = handle(f"rule {junk}", Context(lang="en")).to_json()
    assert reply["ok"] and reply["results"] == [] and reply["citations"] == []
    assert "rule 45" in reply["text"]  # suggestions instead of an answer


def test_clear_term_is_a_direct_answer():
    result = search("オーバーチップ", "ja", TDA)
    assert result.confidence == "direct" and result.best.id == "46"


def test_numbers_in_search_go_straight_to_the_rule():
    for q in ("46", "rule 55", "ルール31", "#58", "第49項", "RP-8", "推奨手順8", "45번"):
        result = search(q, "en", TDA)
        assert result.by_number and result.confidence == "direct", q


def test_game_filter_prefers_entries_about_that_game():
    corpus = get_corpus()
    stud = [e for e in corpus.entries("tda2026") if "stud" in e.games and "all" not in e.games]
    assert stud, "no stud-only entries in the corpus"
    target = stud[0]
    query = target.keywords["en"][0] if target.keywords.get("en") else target.title["en"]
    plain = search(query, "en", TDA)
    filtered = search(query, "en", TDA, game="stud")
    assert filtered.game == "stud"
    rank = lambda r: [h.id for h in r.hits].index(target.id) if target.id in [h.id for h in r.hits] else 99  # noqa: E731
    assert rank(filtered) <= rank(plain)
    # an entry about another game only is pushed down, never up
    for h_plain in plain.hits:
        e = h_plain.entry
        if "all" not in e.games and "stud" not in e.games:
            h_f = next((h for h in filtered.hits if h.id == e.id), None)
            assert h_f is None or h_f.score <= h_plain.score


def test_game_filter_through_the_command():
    reply = handle("rule bring-in game:stud", Context(lang="en")).to_json()
    assert reply["ok"] and reply["game"] == "stud"
    reply = handle("rule bring-in ゲーム:スタッド", Context(lang="ja")).to_json()
    assert reply["ok"] and reply["game"] == "stud"


def test_short_queries_use_the_substring_scan():
    result = search("BB", "en", TDA)
    assert result.hits and all(h.score <= 1.0 for h in result.hits)
    assert search("端数", "ja", TDA).best is not None


def test_results_are_at_most_five_and_sorted():
    reply = handle("rule chips", Context(lang="en")).to_json()
    scores = [r["score"] for r in reply["results"]]
    assert len(scores) <= 5 and scores == sorted(scores, reverse=True)


# ---- autocomplete ------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", list(RULESETS))
@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_autocomplete_empty_input_is_curated(ruleset, lang):
    out = choices("", lang, RULESETS[ruleset])
    assert 0 < len(out) <= MAX_CHOICES
    for name, value in out:
        assert len(name) <= MAX_NAME and len(value) <= MAX_NAME
        assert get_corpus().resolve(RULESETS[ruleset], value) is not None


def test_autocomplete_names_are_in_the_reply_language():
    ja = dict((v, n) for n, v in choices("", "ja", TDA))
    entry = get_corpus().get("tda2026", "46")
    assert ja["46"] == f"46 {entry.title['ja']}"


def test_autocomplete_number_prefix_and_words():
    out = choices("4", "en", TDA)
    values = [v for _, v in out]
    assert values[0] == "4" and all(v.startswith("4") for v in values)
    out = choices("RP-", "en", TDA)
    assert out and all(v.startswith("RP-") for _, v in out) and len(out) <= MAX_CHOICES
    out = choices("おーばーちっぷ", "ja", TDA)
    assert out and out[0][1] == "46"
    # every value is read back by the rule command as that entry
    for _, value in out:
        reply = handle(f"rule {value}", Context(lang="ja")).to_json()
        assert reply["ok"] and reply["results"][0]["id"] == value


def test_autocomplete_never_exceeds_limits_on_long_input():
    out = choices("raise " * 80, "en", TDA)
    assert len(out) <= MAX_CHOICES and all(len(n) <= MAX_NAME for n, _ in out)


@pytest.mark.parametrize("lang, word", [("en", "Glossary:"), ("ja", "用語集:"), ("ko", "용어집:")])
def test_autocomplete_glossary_names_read_like_the_others(lang, word):
    """A glossary choice is the word for glossary and the term's title, not its id's slug too."""
    for name, value in choices("GL:b", lang, TDA):
        title = get_corpus().get("tda2026", value).title[lang]
        assert name == f"{word} {title}" and len(name) <= MAX_NAME, name
    assert dict((v, n) for n, v in choices("GL:bring-in", "en", TDA))["GL:bring-in"] == "Glossary: Bring-in"


def test_autocomplete_glossary_and_house_prefixes():
    """`GL:` and `JP-` are the start of ids, listed like `RP-` (not sent to the word lookup)."""
    out = choices("GL:b", "en", TDA)
    assert out and all(v.startswith("GL:b") for _, v in out) and len(out) <= MAX_CHOICES
    assert {"GL:bring-in", "GL:bba"} <= {v for _, v in out}
    out = choices("jp-", "ja", RULESETS["jp-basic"])
    assert out and all(v.startswith("JP-") for _, v in out)
    assert choices("JP-", "ja", TDA) == []  # no house rules outside jp-basic


# ---- house rules -------------------------------------------------------------------------------


def test_house_rule_comes_before_the_tda_rule_it_replaces():
    """"レイズ額" is a keyword of rule 45 and part of JP-raise's title; JP-raise names 45 as
    related and replaces it under jp-basic, so it comes first there, and 45 right after it."""
    jp = [h.id for h in search("レイズ額", "ja", RULESETS["jp-basic"]).hits]
    assert jp[:2] == ["JP-raise", "45"], jp
    assert top("レイズ額", "ja") == "45"  # no house rules under TDA
    # a house rule that fits much worse than the rule it names stays behind it
    assert top("unclear bet", "en", ruleset=RULESETS["jp-basic"]) == top("unclear bet", "en")


# ---- confidence and whole situations -------------------------------------------------------


def test_close_call_is_answered_with_alternatives():
    reply = handle("rule raise", Context(lang="en")).to_json()
    assert reply["confidence"] == "ambiguous" and len(reply["results"]) >= 2
    assert reply["text"].startswith("Not sure which rule")


@pytest.mark.parametrize("query, lang, want", [
    ("자기 차례 전에 뒤 사람이 먼저 콜했어요", "ko", {"55"}),
    ("dealer burned two cards before the turn", "en", {"40", "41", "RP-5"}),
    ("席を離れている間にカードが配られた", "ja", {"32", "33"}),
])
def test_issue_situations_are_answered(query, lang, want):
    result = search(query, lang, TDA)
    assert result.confidence != "none"
    assert want & {h.id for h in result.hits[:3]}, result


@pytest.mark.parametrize("query, lang", [
    ("what time does the train to the airport leave", "en"),
    ("明日は雨が降るらしいので傘を持っていこう", "ja"),
    ("어제 본 드라마가 정말 재미있었어요", "ko"),
])
def test_sentence_about_something_else_gets_suggestions(query, lang):
    """Sentence-sized junk shares chance trigrams with many entries but words with none."""
    assert search(query, lang, TDA).confidence == "none"


def test_addendum_example_goes_behind_its_rule():
    ids = [h.id for h in search("can I raise after a short all-in?", "en", TDA).hits]
    assert ids.index("49") < ids.index("IA-49")
    # ... but the section's own title still finds the section
    title = get_corpus().get("tda2026", "IA-49").title["en"]
    assert search(title, "en", TDA).best.id == "IA-49"


def test_plural_and_singular_keys_meet():
    assert top("rebuy", "en") == "29" and top("rebuys", "en") == "29"


def test_korean_particles_and_japanese_content_words():
    from handlers.lookup import _ko_stem, features

    assert [_ko_stem(w) for w in ("사람이", "콜했어요", "스택에서", "차례")] == ["사람", "콜", "스택", "차례"]
    f = features("席を離れている間にカードが配られた")
    assert {"j:席", "j:離", "j:配", "j:かーど"} <= f
    assert "j:を離" not in f  # no content word spans a particle


# ---- the index cache -------------------------------------------------------------------------


def _same_index(a, b):
    assert a.vocab == b.vocab and a.short_text == b.short_text
    for name in ("comp", "entry", "weight", "exact", "buckets", "latin_folded", "entry_keys"):
        assert getattr(a.keys, name) == getattr(b.keys, name), name
    for name in ("idf", "phrase_ptr", "phrase_ids", "entry_ptr", "entry_ids", "entry_fw", "phrase_start"):
        assert (getattr(a, name) == getattr(b, name)).all(), name
    assert a.entry_words == b.entry_words


def test_index_from_cache_is_the_index_built_fresh(tmp_path, monkeypatch):
    from handlers.lookup import Index
    from handlers.lookup.fusion import rank

    monkeypatch.setenv("FLOORCALL_CACHE_DIR", "")
    fresh = Index(get_corpus(), TDA)
    monkeypatch.setenv("FLOORCALL_CACHE_DIR", str(tmp_path))
    first = Index(get_corpus(), TDA)  # scans and writes
    files = list(tmp_path.glob("lookup-tda2026-*.npz"))
    assert len(files) == 1 and not list(tmp_path.glob("*.tmp"))
    cached = Index(get_corpus(), TDA)  # reads
    _same_index(fresh, first)
    _same_index(fresh, cached)
    for q in ("オーバーチップ", "자기 차례 전에 뒤 사람이 먼저 콜했어요", "strng bet", "BB"):
        assert rank(cached, q) == rank(fresh, q)


def test_a_broken_cache_file_means_a_fresh_build(tmp_path, monkeypatch):
    from handlers.lookup import Index
    from handlers.lookup.fusion import rank

    monkeypatch.setenv("FLOORCALL_CACHE_DIR", str(tmp_path))
    Index(get_corpus(), TDA)
    (path,) = tmp_path.glob("lookup-tda2026-*.npz")
    whole = path.read_bytes()
    for broken in (b"not an npz file", whole[:2000]):  # junk, and a zip cut short
        path.write_bytes(broken)
        assert rank(Index(get_corpus(), TDA), "オーバーチップ").best.id == "46"
        assert path.read_bytes() == whole  # rewritten whole


def test_a_damaged_byte_in_the_cache_means_a_fresh_build(tmp_path, monkeypatch):
    """Each array in the cache file carries a CRC: a changed byte in any of them is a fresh build
    (the zip directory at the end is left alone here: damage there only ever fails to open)."""
    from handlers.lookup import Index

    monkeypatch.setenv("FLOORCALL_CACHE_DIR", str(tmp_path))
    fresh = Index(get_corpus(), TDA)
    (path,) = tmp_path.glob("lookup-tda2026-*.npz")
    whole = path.read_bytes()
    for at in range(len(whole) // 7, len(whole) - 2000, len(whole) // 7):
        damaged = bytearray(whole)
        damaged[at] ^= 0x55
        path.write_bytes(bytes(damaged))
        idx = Index(get_corpus(), TDA)
        assert path.read_bytes() == whole, at  # rewritten whole
        _same_index(fresh, idx)


def test_tests_never_write_to_the_home_cache():
    """conftest points FLOORCALL_CACHE_DIR at a directory of the test session's own."""
    import os
    import tempfile
    from pathlib import Path

    from handlers.lookup import cache_dir

    where = cache_dir()
    assert where is not None and Path(tempfile.gettempdir()) in where.parents
    assert os.environ["FLOORCALL_CACHE_DIR"] == str(where)


def test_cache_can_be_turned_off(tmp_path, monkeypatch):
    from handlers.lookup import Index, cache_dir

    monkeypatch.setenv("FLOORCALL_CACHE_DIR", "")
    assert cache_dir() is None
    monkeypatch.chdir(tmp_path)
    Index(get_corpus(), TDA)
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("typed, clean", [
    ("スト\u200bリング", "ストリング"),  # a zero-width space pasted inside the word
    ("\ufeffoversized chip", "oversized chip"),  # a byte-order mark at the start
    ("칩\u200d한\u200c개", "칩한개"),  # zero-width joiners
])
def test_invisible_characters_in_a_query_change_nothing(typed: str, clean: str) -> None:
    """Chat pastes carry zero-width characters; they split a word into two nobody searches for."""
    from engine.rulesets import get_ruleset
    from handlers.lookup import search

    rs = get_ruleset("tda2026")
    got, want = search(typed, "ja", rs), search(clean, "ja", rs)
    assert want.hits and [h.id for h in got.hits] == [h.id for h in want.hits]
