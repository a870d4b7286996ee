"""Language features of the lexical scorer: what a text or a query is compared by.

Trigrams (NFKC/kana/jamo folded, see `handlers.normalize`) carry typos and short queries;
English stems, kanji and katakana runs and Korean words without their endings carry the
content words ("w:", "j:", "k:" features). `handlers.lookup.morph` adds the lemmas of a real
analyzer when one is switched on, so 見せた meets 見せる and 건너뛰었어요 meets 건너뛰다.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from handlers.lookup import morph
from handlers.normalize import compact, fold, scripts, trigrams

# Character n-grams against content words (w:, j:, k: features, weight 1), per script.
JA_GRAM_WEIGHT = 0.3
KO_GRAM_WEIGHT = 0.6
EN_GRAM_WEIGHT = 0.5

# English words too common to be content words (w: features); their trigrams still count.
STOPWORDS = frozenset(
    "the and for with was has had his her him she they them their you your are can not but this that what "
    "when who how does did should would could will its into from then than there about after before while "
    "any all get got our out just like to of in on at is it my me we he or if so as an be do by up".split()
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



def _grams(folded: str, bigrams: bool = True) -> set[str]:
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
        # two-character Japanese words carry meaning (最低, 失格, 電話, 交換); in a text of
        # hiragana alone they are particles and endings ("あいうえお" is no rule)
        if "kana" in sc and bigrams:
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



# A few hundred, not tens of thousands: an entry is a frozenset of ~40 strings (~3.3 KB), and
# 32,768 distinct queries (autocomplete sends one per keystroke) grew a bot by 109 MB. A miss
# costs ~35 us; the index build (handlers/lookup/scan.py) reads each corpus text once anyway.
@functools.lru_cache(maxsize=512)
def features(text: str) -> frozenset[str]:
    """What the text scorer compares: trigrams (see `_grams`), English stems, and the content
    words of Japanese and Korean (kanji and katakana runs; Korean words without their particles
    and endings), tagged "j:" and "k:"; with morphology on, also the analyzers' lemmas (the
    same tags, so they share postings with the words above)."""
    f = fold(text)
    raw = unicodedata.normalize("NFKC", text)
    out = _grams(f, bigrams=bool(_KANJI_RUN.search(raw) or _KATAKANA_RUN.search(raw))) | _words(f)
    for run in _KANJI_RUN.findall(raw):
        out.update("j:" + c for c in run)
        out.update("j:" + run[i : i + 2] for i in range(len(run) - 1))
    out.update("j:" + fold(run) for run in _KATAKANA_RUN.findall(raw) if len(run) >= 2)
    for word in _HANGUL_WORD.findall(raw):
        stem = _ko_stem(word)
        if stem not in _KO_STOP:
            out.add("k:" + fold(stem))
    if morph.enabled():
        out.update(morph.lemmas(raw))
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
    if max(g) < "\u1100":  # below both ranges (most features: Latin trigrams), without a regex
        return EN_GRAM_WEIGHT
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

