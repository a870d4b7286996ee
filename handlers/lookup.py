"""Find the rule a person means from whatever they typed, in any of the three languages.

Two scorers run over every query. The alias scorer ranks titles and keywords in tiers: exact,
prefix, substring, then fuzzy (`ratio` on space-free forms, `partial_ratio` discounted when a
short key sits inside a long query, `token_sort_ratio` for English word order). The text scorer
is for whole situations typed in a hurry, which rarely share a title: every entry's situation
phrases, summary and parts are indexed by their features (trigrams, English stems, kanji and
katakana runs, Korean words without particles) in arrays, and a query's IDF-weighted features
are summed per phrase and per entry with `numpy.bincount`, so every entry is scored, not just a
shortlist. Very short queries ("端数", "BB") scan keys for substrings instead.

Why not SQLite FTS5 for candidates, as first designed: with 167 entries, scoring every one
exactly costs less than asking FTS5 for a shortlist and scoring that. A full FTS5 version (one
contentless row per entry, features as tokens, bm25 shortlist of 20, exact scores on those) gave
the same eval results but search p50/p99 of 0.79/1.13 ms against 0.33/0.61 ms here, and twice the
index build time (measured with bench/lookup_bench.py on an idle machine, December 2026).

Confidence comes from the gap between the best two scores: a clear leader is answered directly,
a close call is answered with "did you mean" alternatives, and junk gets suggestions only.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import os
import re
import tempfile
import unicodedata
from bisect import bisect_left, bisect_right
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import numpy as np
from rapidfuzz import fuzz, process

from engine.rulesets import Ruleset
from handlers.normalize import compact, fold, scripts, trigrams
from handlers.rule_ids import parse_rule_id
from rules_data.corpus import Corpus, Entry, get_corpus

Confidence = Literal["direct", "ambiguous", "none"]

DIRECT_MIN = 0.74  # best score needed to answer without alternatives
DIRECT_GAP = 0.06  # ... and its lead over the runner-up
ANSWER_MIN = 0.42  # below this nothing fits: suggestions only
SENTENCE_WORDS = 3  # a query with this many words (w:, j:, k: features) is read as a sentence
SENTENCE_COVER_MIN = 0.3  # ... and answered only when the best entry holds this share of them
SENTENCE_ANSWER_MIN = 0.28  # ... at which a lower score still answers, with alternatives
HOUSE_BONUS = 0.03  # jp-basic: a house rule speaks before TDA on the same subject
HOUSE_AHEAD = 0.85  # ... and goes ahead of a TDA rule it replaces when this close to its score
# A rule speaks for itself; the addendum's worked examples and the glossary's definitions
# share its words, so on a near tie the rule comes first ("rebuy", "undercall", "リオープン").
KIND_PRIOR = {"addendum": 0.99, "glossary": 0.985}
EXAMPLE_BEHIND = 0.85  # an addendum section this close to its own rule's score goes just behind it
GAME_BONUS = 0.06
GAME_PENALTY = 0.8
FUZZY_CUTOFF = 62
PARTIAL_CUTOFF = 80
PARTIAL_MAX = 30  # partial_ratio is the slow scorer; beyond this length the substring tiers suffice
TEXT_CANDIDATES = 10  # best text scores taken on to the ranking
PARTIAL_CANDIDATES = 8
BREVITY_GRAMS = 12
UNSEEN_WEIGHT = 0.25
# The weaker of the alias and text scores as a small addition: it breaks ties between
# entries that match equally well one way.
MIX_OTHER = 0.1
TOKEN_SORT_WORDS = 6  # word order matters for short English names, not for whole sentences

# Character n-grams against content words (w:, j:, k: features, weight 1), per script.
JA_GRAM_WEIGHT = 0.3
KO_GRAM_WEIGHT = 0.6
EN_GRAM_WEIGHT = 0.5
PHRASE_SHARE = 0.6  # text score: the best phrase's share; the rest is the whole entry's
# How much a feature found in each field of an entry counts for the whole-entry share.
_FIELD_WEIGHT = {"key": 1.0, "situation": 0.9, "summary": 0.7, "part": 0.6}
_PHRASE_WEIGHT = {"situation": 0.94, "part": 0.8, "summary": 0.76}
_SEP = "\x1f"  # between keys in one joined string: no query can span two keys

# English words too common to be content words (w: features); their trigrams still count.
STOPWORDS = frozenset(
    "the and for with was has had his her him she they them their you your are can not but this that what "
    "when who how does did should would could will its into from then than there about after before while "
    "any all get got our out just like".split()
)

GAME_WORDS: dict[str, str] = {
    **dict.fromkeys(["holdem", "hold'em", "nlh", "nlhe", "lhe", "texas", "ホールデム", "ホールデン", "홀덤"], "holdem"),
    **dict.fromkeys(["omaha", "plo", "オマハ", "오마하"], "omaha"),
    **dict.fromkeys(["stud", "razz", "スタッド", "스터드", "스터드포커"], "stud"),
    **dict.fromkeys(["draw", "ドロー", "드로우", "드로"], "draw"),
    **dict.fromkeys(["mixed", "mix", "horse", "ミックス", "믹스"], "mixed"),
}


def game_of(word: str) -> str | None:
    """The corpus game named by `word` (`stud`, `スタッド`, `홀덤` ...), or None."""
    w = word.strip().casefold().replace("’", "'")
    return GAME_WORDS.get(w) or GAME_WORDS.get(w.replace("'", ""))


@dataclass(frozen=True)
class Hit:
    """One ranked answer: the entry's id (a part id for number queries like `45-A`) and a 0..1 score."""

    id: str
    score: float
    entry: Entry = field(repr=False, compare=False)


@dataclass(frozen=True)
class LookupResult:
    query: str
    hits: tuple[Hit, ...]
    confidence: Confidence
    by_number: bool = False
    game: str | None = None

    @property
    def best(self) -> Hit | None:
        return self.hits[0] if self.hits else None


class Index:
    """Everything one ruleset's lookup needs, built once from the corpus (see `bench/`).

    Titles and keywords ("keys") live in flat parallel lists so the tier checks run as C-level
    string and dict operations over all keys at once (a joined string for "query inside key",
    a dict of keys for "key inside query", rapidfuzz batches for the fuzzy scorers) rather than
    as a Python loop per entry: that is what keeps a query well under a millisecond.
    """

    def __init__(self, corpus: Corpus, ruleset: Ruleset) -> None:
        seen: dict[str, Entry] = {}
        for edition in ruleset.corpora or (ruleset.edition,):
            for e in corpus.entries(edition):
                seen.setdefault(e.id, e)
        self.entries: list[Entry] = list(seen.values())
        self.by_id = {e.id: i for i, e in enumerate(self.entries)}
        self.rule_of = {
            i: self.by_id[m.group(1)]
            for i, e in enumerate(self.entries)
            if e.kind == "addendum" and (m := re.match(r"IA-(\d+)", e.id)) and m.group(1) in self.by_id
        }
        self.house_first = ruleset.edition == "jp-basic"
        scan = _load_scan(self.entries, ruleset.id)
        self.key_comp: list[str] = scan["key_comp"]
        self.key_entry: list[int] = scan["key_entry"]
        self.key_weight: list[float] = scan["key_weight"]
        self.key_folded: list[str] = scan["key_folded"]
        self.short_text: list[str] = scan["short_text"]  # compact texts per entry, for one- and two-letter queries
        self.vocab: dict[str, int] = {g: f for f, g in enumerate(scan["vocab"])}
        # Flat key table.
        self.exact: dict[str, list[int]] = defaultdict(list)
        for k, c in enumerate(self.key_comp):
            self.exact[c].append(k)
        self.key_heads: dict[str, list[int]] = defaultdict(list)
        for k, c in enumerate(self.key_comp):
            if len(c) >= 2:
                self.key_heads[c[:2]].append(k)
        self.joined = _SEP + _SEP.join(self.key_comp) + _SEP
        self.starts: list[int] = []
        pos = 1
        for c in self.key_comp:
            self.starts.append(pos)
            pos += len(c) + 1
        # Keys by script for the fuzzy scorers, sorted by length: a key much shorter or longer
        # than the query cannot reach the cutoff, so only a slice of lengths is scored.
        by_script: dict[str, list[int]] = defaultdict(list)
        for k, scs in enumerate(scan["key_scripts"]):
            for sc in scs.split() or ("other",):
                by_script[sc].append(k)
        self.buckets = {sc: _by_length(ks, self.key_comp) for sc, ks in by_script.items()}
        latin = [k for k, f in enumerate(self.key_folded) if " " in f and scan["key_scripts"][k] == "latin"]
        self.latin_folded = _by_length(latin, self.key_folded)
        self.entry_keys: list[list[int]] = [[] for _ in self.entries]
        for k, i in enumerate(self.key_entry):
            self.entry_keys[i].append(k)
        # Per entry, its content words (w:, j:, k: feature ids).
        wp, wi = scan["word_ptr"], scan["word_ids"].tolist()
        self.entry_words: list[set[int]] = [set(wi[wp[i] : wp[i + 1]]) for i in range(len(self.entries))]
        self.idf = scan["idf"]
        self.default_idf = math.log(1 + max(len(self.entries), 1))
        # Postings as CSR arrays, so a query's evidence is summed by one `bincount` per level.
        self.phrase_ptr, self.phrase_ids = scan["phrase_ptr"], scan["phrase_ids"]
        self.entry_ptr, self.entry_ids, self.entry_fw = scan["entry_ptr"], scan["entry_ids"], scan["entry_fw"]
        self.phrase_weight = scan["phrase_weight"]
        self.phrase_start = scan["phrase_start"]

    # -- candidates ---------------------------------------------------------------------------

    def _alias_scores(self, q: str, qc: str, qscripts: frozenset[str]) -> dict[int, float]:
        """Best tier score per entry over all titles and keywords (key index -> entry max)."""
        out: dict[int, float] = {}
        kw, ke, kcomp = self.key_weight, self.key_entry, self.key_comp
        lq = len(qc)

        def put(k: int, s: float) -> None:
            s *= kw[k]
            e = ke[k]
            if s > out.get(e, 0.0):
                out[e] = s

        for k in self.exact.get(qc, ()):
            put(k, 1.0)
        if (qs := compact(_singular(q))) != qc:
            for k in self.exact.get(qs, ()):
                put(k, 1.0)
        if lq >= 2:  # the query inside a key: prefix, then anywhere
            joined, starts = self.joined, self.starts
            at = joined.find(qc)
            hits = 0
            while at != -1 and hits < 200:
                k = bisect_right(starts, at) - 1
                lk = len(kcomp[k])
                if lk != lq:
                    put(k, (0.86 if at == starts[k] else 0.8) + 0.1 * lq / lk)
                hits += 1
                at = joined.find(qc, at + 1)
        # A key inside the query, found from its first two characters at each position of the
        # query (two dict probes per position, whatever the number of key lengths); a short key
        # in a long query says less.
        heads = self.key_heads
        for a in range(lq - 1):
            for k in heads.get(qc[a : a + 2], ()):
                key = kcomp[k]
                lk = len(key)
                if lk < lq and (lk >= 3 or lq <= 12) and qc.startswith(key, a):
                    put(k, 0.35 + 0.55 * lk / lq)
        for sc in qscripts or self.buckets.keys():
            if sc in self.buckets:
                comps, idxs, lo = _length_slice(self.buckets[sc], lq, FUZZY_CUTOFF)
                for _, score, j in process.extract(qc, comps, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF, limit=20):
                    put(idxs[lo + j], _fuzzy_score(score))
        if " " in q and "latin" in qscripts and q.count(" ") < TOKEN_SORT_WORDS:
            folded, idxs, lo = _length_slice(self.latin_folded, len(q), 70)
            for _, score, j in process.extract(q, folded, scorer=fuzz.token_sort_ratio, score_cutoff=70, limit=10):
                put(idxs[lo + j], _fuzzy_score(score))
        return out

    def _partial(self, entries: list[int], qc: str) -> dict[int, float]:
        """partial_ratio of the query against the keys of `entries` (one rapidfuzz batch), per
        entry its best key's, discounted by length mismatch."""
        lq = len(qc)
        keys = [k for i in entries for k in self.entry_keys[i]]
        out: dict[int, float] = {}
        found = process.extract(
            qc, [self.key_comp[k] for k in keys], scorer=fuzz.partial_ratio, score_cutoff=PARTIAL_CUTOFF, limit=None
        )
        for _, score, j in found:  # best first, so each entry's first is its best key
            k = keys[j]
            i = self.key_entry[k]
            if i in out:
                continue
            lk = len(self.key_comp[k])
            out[i] = 0.0 if lk < 3 else _fuzzy_score(score) * (0.4 + 0.6 * min(lq, lk) / max(lq, lk)) * self.key_weight[k]
        return out

    def _text_scores(self, fids: list[int], ws: list[float], total: float) -> np.ndarray:
        """Per entry, how much of the query's (rare-weighted) features its text holds.

        The best single situation, summary or part (a whole situation typed in a hurry is
        usually close to one phrase) mixed with the entry as a whole (the words of a situation
        may be spread over the summary and the keywords).
        """
        n = len(self.entries)
        if not fids:
            return np.zeros(n)
        w = np.array(ws)
        f = np.array(fids, dtype=np.intp)
        at, lens = _gather(self.phrase_ptr, f)
        acc = np.bincount(self.phrase_ids[at], np.repeat(w, lens), len(self.phrase_weight)) * self.phrase_weight
        best = np.maximum.reduceat(acc, self.phrase_start)
        at, lens = _gather(self.entry_ptr, f)
        cover = np.bincount(self.entry_ids[at], self.entry_fw[at] * np.repeat(w, lens), n)
        return (PHRASE_SHARE * best + (1 - PHRASE_SHARE) * cover) / total

    def search(self, query: str, game: str | None = None, limit: int = 5) -> LookupResult:
        q = fold(query)
        qc = compact(q)
        if not qc:
            return LookupResult(query, (), "none", game=game)
        scores: dict[int, float] = {}
        content: dict[int, float] = {}  # the query's words (w:, j:, k: features) by id
        content_unseen = 0.0
        n_content = 0
        if len(qc) < 3:
            for k in self.exact.get(qc, ()):
                scores[self.key_entry[k]] = max(scores.get(self.key_entry[k], 0.0), self.key_weight[k])
            for i, text in enumerate(self.short_text):
                if i not in scores and qc in text:
                    keys = self.entry_keys[i]
                    if any(self.key_comp[k].startswith(qc) for k in keys):
                        scores[i] = 0.82
                    elif any(qc in self.key_comp[k] for k in keys):
                        scores[i] = 0.72
                    else:
                        scores[i] = 0.6
        else:
            qscripts = scripts(q)
            idf, dflt, vocab = self.idf, self.default_idf, self.vocab
            seen: list[int] = []
            seen_w: list[float] = []
            unseen = 0.0
            feats = features(query)
            n_feats = len(feats)
            for g in feats:
                f = vocab.get(g)
                w = (dflt if f is None else float(idf[f])) * _feature_weight(g)
                if f is None:
                    unseen += w
                    if g[1:2] == ":":
                        content_unseen += w
                        n_content += 1
                    continue
                seen.append(f)
                seen_w.append(w)
                if g[1:2] == ":":
                    content[f] = w
                    n_content += 1
            alias = self._alias_scores(q, qc, qscripts)
            # Features found nowhere in the corpus (filler, typos) count for less in the
            # denominator: they cannot favour any entry, only drag every score down.
            total = sum(seen_w) + UNSEEN_WEIGHT * unseen
            # A situation match needs a situation-sized query: a few trigrams shared by chance
            # must not outscore the titles ("hello" is not a rule).
            brevity = min(1.0, 0.5 + 0.5 * n_feats / BREVITY_GRAMS)
            ts = self._text_scores(seen, seen_w, total) * brevity
            top = np.argpartition(ts, -TEXT_CANDIDATES)[-TEXT_CANDIDATES:]
            text: dict[int, float] = {int(i): float(ts[i]) for i in top if ts[i] > 0}
            if 3 <= len(qc) <= PARTIAL_MAX:
                prelim = sorted(set(alias) | set(text), key=lambda i: -max(alias.get(i, 0.0), text.get(i, 0.0)))
                weak = [i for i in prelim[:PARTIAL_CANDIDATES] if alias.get(i, 0.0) < 0.9]
                for i, p in self._partial(weak, qc).items():
                    alias[i] = max(alias.get(i, 0.0), p)
            for i in set(alias) | set(text):
                a, t = alias.get(i, 0.0), text.get(i, 0.0)
                scores[i] = max(a, t) + MIX_OTHER * min(a, t)
        ranked: list[tuple[float, int]] = []
        for i, s in scores.items():
            e = self.entries[i]
            if game is not None:
                s = s + GAME_BONUS if game in e.games else (s if "all" in e.games else s * GAME_PENALTY)
            if self.house_first and e.kind == "house":
                s += HOUSE_BONUS
            s *= KIND_PRIOR.get(e.kind, 1.0)
            ranked.append((s, i))
        # An addendum section illustrates its rule: when both fit about as well, the rule first
        # (unless the query is the section's own title).
        for n, (s, i) in enumerate(ranked):
            r = self.rule_of.get(i)
            if r is not None and r in scores and scores[r] < s <= scores[r] / EXAMPLE_BEHIND and scores[i] < 1.0:
                ranked[n] = (scores[r] - 1e-6, i)
        # jp-basic: a house rule replaces the TDA rules it names as related, so when it fits
        # about as well as one of them (HOUSE_AHEAD of its score), it goes just ahead of it
        # ("レイズ額" is a keyword of rule 45 and words of JP-raise's title: JP-raise first).
        if self.house_first:
            final = {i: s for s, i in ranked}
            for n, (s, i) in enumerate(ranked):
                e = self.entries[i]
                if e.kind != "house":
                    continue
                over = [final[r] for rid in e.related if (r := self.by_id.get(rid)) in final and final[r] > s]
                if over and s >= HOUSE_AHEAD * max(over):
                    ranked[n] = (max(over) + 1e-6, i)
        # Sort on the raw sums (a title's exact match stays ahead of a keyword's plus bonuses);
        # report scores capped at 1.
        ranked.sort(key=lambda t: (-t[0], t[1]))
        hits = tuple(Hit(self.entries[i].id, round(min(s, 1.0), 3), self.entries[i]) for s, i in ranked[:limit])
        cover = None
        if ranked and n_content >= SENTENCE_WORDS:
            mine = self.entry_words[ranked[0][1]]
            cover = sum(w for f, w in content.items() if f in mine) / (sum(content.values()) + content_unseen)
        return LookupResult(query, hits, _confidence([s for s, _ in ranked[:2]], cover), game=game)


def _fuzzy_score(ratio: float) -> float:
    """A rapidfuzz 0-100 similarity as a tier score: one typo in a word stays near 0.8, while the
    chance likeness of short unrelated strings ("hello" / "hilo" = 67) falls below an answer."""
    return max(0.0, (ratio / 100 - 0.4) / 0.6) * 0.9


def _confidence(scores: list[float], cover: float | None = None) -> Confidence:
    """`cover`, for sentence-like queries: the share of the query's words the best entry holds.
    A sentence about something else ("what is the weather like in tokyo") shares trigrams with
    many entries but words with none; a hurried situation shares its words with its rule, so a
    lower score still earns an answer with alternatives."""
    if not scores:
        return "none"
    if cover is not None:
        if cover < SENTENCE_COVER_MIN and scores[0] < DIRECT_MIN:
            return "none"
        if scores[0] >= SENTENCE_ANSWER_MIN and scores[0] < ANSWER_MIN:
            return "ambiguous"
    if scores[0] < ANSWER_MIN:
        return "none"
    gap = scores[0] - (scores[1] if len(scores) > 1 else 0.0)
    if scores[0] >= DIRECT_MIN and (gap >= DIRECT_GAP or scores[0] >= 0.99 and gap > 0):
        return "direct"
    return "ambiguous"


def _grams(folded: str) -> set[str]:
    """Trigrams for containment scoring.

    Latin text is padded and keeps its spaces, so "hello" cannot be assembled from "the l",
    "well" and "allow"; Japanese and Korean also get their space-free trigrams, because their
    spacing varies from writer to writer ("칩 한 개", "칩한개").
    """
    p = f" {folded} "
    # each word padded; no trigram spans two words ("g f" says nothing)
    grams = {p[i : i + 3] for i in range(len(p) - 2) if p[i + 1] != " "}
    sc = scripts(folded)
    if sc - {"latin"}:
        c = compact(folded)
        grams |= trigrams(c)
        if "kana" in sc:  # two-character Japanese words carry meaning: 最低, 失格, 電話, 交換
            for run in _KANA_OR_KANJI.findall(c):
                grams.update(run[i : i + 2] for i in range(len(run) - 1))
    return grams


_WORD = re.compile(r"[a-z0-9]+")
_KANA_OR_KANJI = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]{2,}")


def _stem(w: str) -> str:
    """A light English stem, enough for "chips"/"chip", "mucked"/"muck", "raising"/"raise"."""
    for end, keep in (("ing", 5), ("ed", 4), ("es", 4), ("s", 3)):
        if w.endswith(end) and len(w) > keep:
            return w[: -len(end)]
    return w


def _singular(folded: str) -> str:
    """English plurals to singular word by word ("rebuys" -> "rebuy", "side pots" -> "side pot")."""
    return " ".join(w[:-1] if len(w) > 3 and w[-1] == "s" and w[-2] not in "su" and w.isascii() else w for w in folded.split())


def _words(folded: str) -> set[str]:
    """English content words, stemmed, with the ways people say one thing made one word, and
    tagged ("w:chip") so they share the postings with the trigrams."""
    out = set()
    for w in _WORD.findall(folded):
        if len(w) >= 2 and w not in STOPWORDS:
            w = _stem(w)
            out.add("w:" + _SAME.get(w, w))
    return out


# Stems (as `_stem` leaves them) of words people use for one thing, to the one the corpus uses
# most: irregular pasts, everyday words for what the rules name formally.
_SAME: dict[str, str] = {
    **dict.fromkeys("threw throw thrown toss slid slide shov".split(), "push"),
    **dict.fromkeys("large larger bigger oversiz".split(), "big"),
    **dict.fromkeys("said says declar announc verbal verbally stat".split(), "say"),
    **dict.fromkeys("silently quietly quiet wordlessly".split(), "silent"),
    **dict.fromkeys("expos flipp flip reveal".split(), "show"),
    **dict.fromkeys("swore swear curs insult abus abusive yell rude".split(), "abuse"),
    **dict.fromkeys("cellphone cell mobile smartphone texting text".split(), "phone"),
    **dict.fromkeys("tank forever stall slow".split(), "tank"),
    **dict.fromkeys("chop divid".split(), "split"),
    **dict.fromkeys("went walk gone away".split(), "leave"),
    **dict.fromkeys("discard".split(), "muck"),
    **dict.fromkeys("chatt chat discuss comment".split(), "talk"),
    **dict.fromkeys("guy someone somebody opponent villain".split(), "player"),
    # irregular pasts the stemmer cannot see
    **{w: base for base, ws in (("keep", "kept"), ("take", "took taken"), ("give", "gave given"),
                                ("come", "came"), ("see", "saw seen"), ("tell", "told"), ("sit", "sat"),
                                ("pay", "paid"), ("buy", "bought"), ("lose", "lost"), ("win", "won"),
                                ("hold", "held"), ("find", "found"), ("make", "made"), ("bring", "brought"),
                                ("hide", "hid hidden"), ("speak", "spoke spoken"), ("fall", "fell fallen"))
       for w in ws.split()},
}


@functools.lru_cache(maxsize=32768)
def features(text: str) -> frozenset[str]:
    """What the text scorer compares: trigrams (see `_grams`), English stems, and the content
    words of Japanese and Korean (kanji and katakana runs; Korean words without their particles
    and endings), tagged "j:" and "k:"."""
    f = fold(text)
    out = _grams(f) | _words(f)
    raw = unicodedata.normalize("NFKC", text)
    for run in _KANJI_RUN.findall(raw):
        out.update("j:" + c for c in run)
        out.update("j:" + run[i : i + 2] for i in range(len(run) - 1))
    out.update("j:" + fold(run) for run in _KATAKANA_RUN.findall(raw) if len(run) >= 2)
    for word in _HANGUL_WORD.findall(raw):
        stem = _ko_stem(word)
        if stem not in _KO_STOP:
            out.add("k:" + fold(stem))
    return frozenset(out)


_KANJI_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff々]+")
_KATAKANA_RUN = re.compile(r"[\u30a1-\u30fa\u30fc]+")
_HANGUL_WORD = re.compile(r"[\uac00-\ud7a3]+")
# Korean particles and verb endings, longest first: "사람이" -> "사람", "콜했어요" -> "콜".
_KO_ENDINGS = tuple(
    sorted(
        "했어요 했는데 했어 해요 하고 하는데 하면 했다 됐어요 되나요 인가요 나요 까요 어요 아요 에서 에게 한테 으로 "
        "이라고 라고 까지 부터 이나 는데 은데 인데 이 가 을 를 은 는 에 로 도 만 의 와 과 요".split(),
        key=len,
        reverse=True,
    )
)


def _feature_weight(g: str) -> float:
    """Japanese and Korean character n-grams say less than the content words beside them: many
    span a particle ("を取り", "に先に") and are rare only because nobody writes them."""
    if ":" in g[:3]:
        return 1.0
    if _KANA.search(g):
        return JA_GRAM_WEIGHT
    if _JAMO.search(g):
        return KO_GRAM_WEIGHT
    return EN_GRAM_WEIGHT


_KANA = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
_JAMO = re.compile(r"[\u1100-\u11ff]")


_KO_ENDING = re.compile("(.+?)(?:" + "|".join(_KO_ENDINGS) + ")")
_KO_STOP = frozenset("했 하 해 있 되 된 같 것 수 좀 그 저 왜 뭐 안 잘 더 다".split())


def _ko_stem(word: str) -> str:
    m = _KO_ENDING.fullmatch(word)  # the shortest stem, i.e. the longest ending
    return m.group(1) if m else word


_LISTS = ("key_comp", "key_entry", "key_weight", "key_folded", "key_scripts", "short_text", "vocab")
_SOURCES = (Path(__file__), Path(__file__).with_name("normalize.py"))


def cache_dir() -> Path | None:
    """Where built indexes are kept between runs: `FLOORCALL_CACHE_DIR` (empty: nowhere), else
    the user's cache directory."""
    env = os.environ.get("FLOORCALL_CACHE_DIR")
    if env is not None:
        return Path(env) if env else None
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "floorcall"


def _load_scan(entries: list[Entry], ruleset_id: str) -> dict[str, Any]:
    """`_scan(entries)`, read from the cache when the same texts were scanned by the same code
    before (the file name is a hash of both), else scanned and written there for next time.
    numpy's own format, without pickle; any trouble with the cache just means a fresh scan."""
    where = cache_dir()
    if where is None:
        return _scan(entries)
    h = hashlib.sha256(ruleset_id.encode())
    for src in _SOURCES:
        h.update(src.read_bytes())
    for e in entries:
        h.update(repr((e.id, e.title, e.keywords, e.situations, e.summary, e.parts)).encode())
    path = where / f"lookup-{ruleset_id}-{h.hexdigest()[:32]}.npz"
    try:
        with np.load(path, allow_pickle=False) as z:
            scan: dict[str, Any] = {k: z[k] for k in z.files if k != "lists"}
            scan.update(json.loads(z["lists"].tobytes()))
        return scan
    except Exception:  # missing, truncated, from another numpy: scan afresh
        pass
    scan = _scan(entries)
    try:
        where.mkdir(parents=True, exist_ok=True)
        lists = json.dumps({k: scan[k] for k in _LISTS}, ensure_ascii=False).encode()
        arrays = {k: v for k, v in scan.items() if k not in _LISTS}
        fd, tmp = tempfile.mkstemp(dir=where, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as fh:
                np.savez(fh, lists=np.frombuffer(lists, dtype=np.uint8), **arrays)
            os.replace(tmp, path)  # readers see a whole file or none
            for old in where.glob(f"lookup-{ruleset_id}-*.npz"):  # scans of older texts or code
                if old != path:
                    old.unlink(missing_ok=True)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    except OSError:
        pass
    return scan


def _scan(entries: list[Entry]) -> dict[str, Any]:
    """Everything of the index that reads the corpus texts (the slow part of a build): the flat
    key table, and each text's features as (feature id, phrase id) and (feature id, entry id,
    field weight) pairs, entry by entry. `_load_scan` keeps it on disk between runs."""
    key_weight: dict[tuple[str, int], float] = {}
    key_folded: dict[tuple[str, int], str] = {}
    short_text: list[str] = []
    # Text features (trigrams, words, content words) of every situation, summary and part
    # ("phrases", numbered across entries in entry order), and of each entry as a whole.
    vocab: dict[str, int] = {}
    ph_f: list[int] = []
    ph_p: list[int] = []
    en_f: list[int] = []
    en_e: list[int] = []
    en_w: list[float] = []
    phrase_weight: list[float] = []
    phrase_start: list[int] = []
    for i, e in enumerate(entries):
        aliases = [(t, 1.0) for t in e.title.values()]
        aliases += [(k, 0.97) for kws in e.keywords.values() for k in kws]
        comps: list[str] = []
        mine: dict[int, float] = {}
        kw = _FIELD_WEIGHT["key"]
        for text, weight in aliases:
            f = fold(text)
            c = compact(f)
            if not c:
                continue
            comps.append(c)
            for g in features(text):
                mine[vocab.setdefault(g, len(vocab))] = kw
            for f2 in {f, _singular(f)}:  # "Rebuys" is also the key "rebuy"
                c2 = compact(f2)
                if key_weight.get((c2, i), 0.0) < weight:
                    key_weight[(c2, i)] = weight
                    key_folded[(c2, i)] = f2
        texts = [("situation", t) for sits in e.situations.values() for t in sits]
        texts += [("summary", t) for t in e.summary.values()]
        texts += [("part", t) for part in e.parts.values() for t in part.values()]
        phrase_start.append(len(phrase_weight))
        for kind, text in texts:
            p = len(phrase_weight)
            phrase_weight.append(_PHRASE_WEIGHT[kind])
            fw = _FIELD_WEIGHT[kind]
            fids = [vocab.setdefault(g, len(vocab)) for g in features(text)]
            ph_f += fids
            ph_p += [p] * len(fids)
            for f in fids:
                if mine.get(f, 0.0) < fw:
                    mine[f] = fw
            comps.append(compact(fold(text)))
        en_f += mine.keys()
        en_e += [i] * len(mine)
        en_w += mine.values()
        short_text.append(_SEP.join(comps))
    n, nf = max(len(entries), 1), len(vocab)
    ef = np.array(en_f, dtype=np.intp)
    ee = np.array(en_e, dtype=np.intp)
    phrase_ptr, (phrase_ids,) = _csr(np.array(ph_f, dtype=np.intp), nf, np.array(ph_p, dtype=np.int32))
    entry_ptr, (entry_ids, entry_fw) = _csr(ef, nf, ee.astype(np.int32), np.array(en_w))
    is_word = np.array([g[1:2] == ":" for g in vocab], dtype=bool)[ef]
    word_ptr, (word_ids,) = _csr(ee[is_word], len(entries), ef[is_word])
    key_folded_ = [key_folded[k] for k in key_weight]
    return {
        "key_comp": [c for c, _ in key_weight],
        "key_entry": [i for _, i in key_weight],
        "key_weight": list(key_weight.values()),
        "key_folded": key_folded_,
        "key_scripts": [" ".join(sorted(scripts(f))) for f in key_folded_],
        "short_text": short_text,
        "vocab": list(vocab),
        "idf": np.log(1 + n / np.bincount(ef, minlength=nf)),
        "phrase_ptr": phrase_ptr,
        "phrase_ids": phrase_ids,
        "entry_ptr": entry_ptr,
        "entry_ids": entry_ids,
        "entry_fw": entry_fw,
        "word_ptr": word_ptr,
        "word_ids": word_ids,
        "phrase_weight": np.array(phrase_weight),
        "phrase_start": np.array(phrase_start, dtype=np.intp),
    }


def _by_length(keys: list[int], texts: list[str]) -> tuple[list[str], list[int], list[int]]:
    """Key texts sorted by length, with their key indexes and lengths (for `_length_slice`)."""
    ks = sorted(keys, key=lambda k: len(texts[k]))
    return [texts[k] for k in ks], ks, [len(texts[k]) for k in ks]


def _length_slice(bucket: tuple[list[str], list[int], list[int]], n: int, cutoff: float) -> tuple[list[str], list[int], int]:
    """The texts of `bucket` whose length lets a ratio with an n-character query reach `cutoff`
    (at most 2·min/(a+b)), the key indexes, and the slice's start in them."""
    c = cutoff / 100
    texts, idxs, lens = bucket
    lo = bisect_left(lens, c * n / (2 - c))
    hi = bisect_right(lens, (2 - c) * n / c)
    return texts[lo:hi], idxs, lo


def _gather(indptr: np.ndarray, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Positions of all CSR values of `keys`, in order, and how many each key has."""
    starts = indptr[keys]
    lens = indptr[keys + 1] - starts
    ends = np.cumsum(lens)
    return np.repeat(starts - ends + lens, lens) + np.arange(ends[-1] if len(ends) else 0), lens


def _csr(k: np.ndarray, n: int, *values: np.ndarray) -> tuple[np.ndarray, tuple[np.ndarray, ...]]:
    """Pairs (key, value...) as CSR: values of key k are `values[indptr[k]:indptr[k + 1]]`."""
    order = np.argsort(k, kind="stable")
    indptr = np.zeros(n + 1, dtype=np.intp)
    np.cumsum(np.bincount(k, minlength=n), out=indptr[1:])
    return indptr, tuple(v[order] for v in values)


_INDEXES: dict[str, Index] = {}


def index_for(ruleset: Ruleset, corpus: Corpus | None = None) -> Index:
    """The ruleset's index, built on first use and kept (the corpus does not change at run time)."""
    idx = _INDEXES.get(ruleset.id)
    if idx is None:
        idx = _INDEXES[ruleset.id] = Index(corpus or get_corpus(), ruleset)
    return idx


def search(query: str, lang: str, ruleset: Ruleset, game: str | None = None, limit: int = 5) -> LookupResult:
    """Ranked entries for `query`. Rule numbers in any form go straight to their entry.

    `lang` is the reply language; matching uses keys of every language, because people type
    Korean in a Japanese channel and English terms everywhere.
    """
    ref = parse_rule_id(query)
    if ref is not None:
        corpus = get_corpus()
        cid = ref.cid
        if ref.from_2024 is not None:
            base, _, part = cid.partition("-")
            new = corpus.renumber_2024(base)
            cid = (new + (f"-{part}" if part else "")) if new else ""
        entry = corpus.resolve(ruleset, cid) if cid else None
        if entry is not None:
            return LookupResult(query, (Hit(entry.cid, 1.0, entry),), "direct", by_number=True, game=game)
    return index_for(ruleset).search(query, game=game, limit=limit)
