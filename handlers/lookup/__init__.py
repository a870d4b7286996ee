"""Find the rule a person means from whatever they typed, in any of the three languages.

The package, in the order a query meets it:

- `language` — what texts are compared by: folded trigrams, stems, content words (`features`);
- `morph` — lemmas from SudachiPy (Japanese) and, when asked, kiwipiepy (Korean), loaded lazily;
- `scan`, `cache` — the corpus read into arrays once, and kept on disk between runs;
- `keys`, `index` — the lexical scorers over one ruleset's entries (`lexical`: what they found);
- `semantic` — sentence vectors (USE multilingual v3), only for sentence queries, loaded lazily;
- `fusion` — lexical and semantic scores fused, priors, confidence (`Hit`, `LookupResult`).

Nothing here imports the encoder or an analyzer at import time: the console's cold start for a
`ruling` never pays for them.
"""

from __future__ import annotations

import threading

from engine.notation.names import without_invisible
from engine.rulesets import Ruleset
from handlers.lookup import fusion
from handlers.lookup.cache import cache_dir
from handlers.lookup.fusion import Confidence, Hit, LookupResult
from handlers.lookup.heap import return_free_heap
from handlers.lookup.index import Index
from handlers.lookup.language import _ko_stem, features, game_of
from handlers.rule_ids import parse_rule_id, target
from rules_data.corpus import Corpus, get_corpus

__all__ = [
    "Confidence", "Hit", "Index", "LookupResult", "_ko_stem", "cache_dir", "features", "game_of",
    "index_for", "search",
]

_INDEXES: dict[str, Index] = {}
_BUILDING = threading.RLock()


def index_for(ruleset: Ruleset, corpus: Corpus | None = None) -> Index:
    """The ruleset's index, built on first use and kept (the corpus does not change at run time);
    the heap its build freed goes back to the OS (`heap`)."""
    idx = _INDEXES.get(ruleset.id)
    if idx is None:
        with _BUILDING:  # the bot's warm-up thread and a first query build it once between them
            idx = _INDEXES.get(ruleset.id)
            if idx is None:
                # The checkout's own corpus may be scanned by a child process (the cache's first build).
                idx = _INDEXES[ruleset.id] = Index(corpus or get_corpus(), ruleset, in_child=corpus is None)
                return_free_heap()
    return idx


_JOINERS = dict.fromkeys((0x200C, 0x200D))  # zero-width non-joiner and joiner


def search(
    query: str, lang: str, ruleset: Ruleset, game: str | None = None, limit: int = 5, semantic: bool = True,
    wait: bool = True,
) -> LookupResult:
    """Ranked entries for `query`. Rule numbers in any form go straight to their entry.

    `lang` is the reply language; matching uses keys of every language, because people type
    Korean in a Japanese channel and English terms everywhere. `semantic=False` keeps the
    encoder out (the autocomplete, called on every keystroke).

    Zero-width and bidi characters come out first, as they do from a hand (`engine.notation.names`):
    a zero-width space pasted inside ストリング (U+200B after スト) split it into two words nobody searches for,
    and the query found nothing (a held-out red-team line). Joiners go too (no key has one;
    a hand keeps them, where they may sit inside an emoji name).
    """
    query = without_invisible(query).translate(_JOINERS)
    ref = parse_rule_id(query)
    if ref is not None:
        corpus = get_corpus()
        to = target(ref, ruleset, corpus)
        entry = corpus.resolve(to.ruleset, to.cid) if to.cid else None
        if entry is not None:
            return LookupResult(query, (Hit(entry.cid, 1.0, entry), ), "direct", by_number=True, game=game)
    return fusion.rank(index_for(ruleset), query, game=game, limit=limit, semantic=semantic, wait=wait)
