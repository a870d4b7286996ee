"""The lookup made ready before anyone asks, off the thread that answers: the bot's warm-up.

With an empty cache the first sentence lookup used to build everything on the bot's only worker
thread: the lexical scan (in a child process, but the worker waited for it), then the corpus's
sentence vectors (about 3 s of CPU) and the encoder (0.8 s), some 8.5 s of CPU in all, while every
other command of every server queued behind it. `warm_up` does it at start on a thread of its
own, the heavy embedding in a child process (`python -m handlers.lookup.build <ruleset>
--vectors`, which writes the vectors' cache file), so this process only reads files.

Until a ruleset's vectors are loaded, a lookup asked with `wait=False` (the bot's, see
`Context.lookup_wait`) skips the semantic stage instead of building it: it answers from the
lexical stage, and the reply says so when the query was a sentence (the only case where the
vectors could change the answer). The console and the tests keep waiting (the default), so their
answers never depend on timing.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable

from handlers.i18n import Messages
from handlers.lookup.ready import mark_ready, vectors_ready

__all__ = ["WARMING", "start", "vectors_ready", "warm_up"]

log = logging.getLogger("floorcall.lookup")

WARMING = Messages("lookup-warm")
WARMED_NOTE_KEY = "semantic_pending"



def _vectors_cached(idx: object) -> bool:
    from handlers.lookup.cache import cache_dir, corpus_key
    from handlers.lookup.semantic import ENCODER

    where = cache_dir()
    if where is None:
        return False
    key = corpus_key(idx.entries, idx.ruleset_id, extra=ENCODER, analyzers=False)  # type: ignore[attr-defined]
    return (where / f"lookup-emb-{idx.ruleset_id}-{key}.npz").exists()  # type: ignore[attr-defined]


def warm_up(ruleset_ids: Iterable[str]) -> float:
    """Load every ruleset's lookup index, then its vectors and the encoder; the seconds it took.
    Meant for a thread of its own (`start`); a failure is logged and leaves the lazy path."""
    from engine.rulesets import get_ruleset
    from handlers.lookup import index_for
    from handlers.lookup.cache import build_in_child
    from handlers.lookup.fusion import semantic_on

    began = time.monotonic()
    ids = list(dict.fromkeys(ruleset_ids))
    try:
        indexes = [index_for(get_ruleset(rid)) for rid in ids]  # lexical first: every query needs it
        if semantic_on():
            from handlers.lookup.semantic import encoder, vectors_for

            for idx in indexes:
                if not _vectors_cached(idx):
                    build_in_child(idx.ruleset_id, vectors=True)  # the embedding, in another process
                vectors_for(idx)  # read from the file the child wrote (or, failing that, built here)
                encoder()
                mark_ready(idx.ruleset_id)
    except Exception:  # the lookup still works lazily, as before the warm-up existed
        log.exception("lookup warm-up failed; the first lookups build what they need")
    took = time.monotonic() - began
    log.info("lookup ready for %d ruleset(s) after %.1f s", len(ids), took)
    return took


def start(ruleset_ids: Iterable[str]) -> threading.Thread:
    """`warm_up` on a daemon thread of its own (never the interaction worker)."""
    thread = threading.Thread(target=warm_up, args=(list(ruleset_ids),), name="floorcall-lookup-warm", daemon=True)
    thread.start()
    return thread
