"""The lookup made ready before anyone asks, off the thread that answers: the bot's warm-up.

With an empty cache the first sentence lookup used to build everything on the bot's only worker
thread: the lexical scan (in a child process, but the worker waited for it), then the corpus's
sentence vectors (about 3 s of CPU) and the encoder (0.8 s), some 8.5 s of CPU in all, while every
other command of every server queued behind it. `warm_up` does it at start on a thread of its
own, the scan and the heavy embedding in child processes (`python -m handlers.lookup.build
<ruleset> --vectors`, which write the cache files), so this process only reads files, and only
when they are first needed.

Until a ruleset's vectors are loaded, a lookup asked with `wait=False` (the bot's, see
`Context.lookup_wait`) skips the semantic stage instead of building it, and starts loading them
on a thread of their own: it answers from the lexical stage, and the reply says so when the
query was a sentence (the only case where the
vectors could change the answer). The console and the tests keep waiting (the default), so their
answers never depend on timing.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable

from handlers.i18n import Messages
from handlers.lookup.ready import vectors_ready

__all__ = ["WARMING", "start", "vectors_ready", "warm_up"]

log = logging.getLogger("floorcall.lookup")

WARMING = Messages("lookup-warm")
WARMED_NOTE_KEY = "semantic_pending"



def warm_up(ruleset_ids: Iterable[str]) -> float:
    """Make every ruleset's lookup files (the lexical scan and, with the semantic stage on, the
    sentence vectors) in child processes; the seconds it took. Meant for a thread of its own
    (`start`). This process loads nothing here: an edition's index is read from its file on first
    use (tens of milliseconds), and the vectors and the encoder when the first sentence is asked
    (`ready.load_soon`), so a bot that is asked no sentence keeps its resting memory. A child that
    fails is logged and leaves the lazy path, which builds in this process as before."""
    from handlers.lookup.cache import build_in_child, cache_dir
    from handlers.lookup.fusion import semantic_on

    began = time.monotonic()
    ids = list(dict.fromkeys(ruleset_ids))
    if cache_dir() is None:  # no files to make: everything is built on first use
        return 0.0
    vectors = semantic_on()
    for rid in ids:
        if not build_in_child(rid, vectors=vectors):
            log.warning("lookup files for %s could not be made ahead; the first lookup builds them", rid)
    took = time.monotonic() - began
    log.info("lookup files ready for %d ruleset(s) after %.1f s", len(ids), took)
    return took


def start(ruleset_ids: Iterable[str]) -> threading.Thread:
    """`warm_up` on a daemon thread of its own (never the interaction worker)."""
    thread = threading.Thread(target=warm_up, args=(list(ruleset_ids),), name="floorcall-lookup-warm", daemon=True)
    thread.start()
    return thread
