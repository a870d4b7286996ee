"""Which rulesets' sentence vectors are loaded in this process, and loading them off the thread
that asked (`load_soon`): read by `handlers.lookup.fusion`, a module of its own so that the warm-up
(`handlers.lookup.warm`) and the ranking never import each other."""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from handlers.lookup.index import Index

_READY: set[str] = set()
_LOADING: set[str] = set()
_lock = threading.Lock()
log = logging.getLogger("floorcall.lookup")


def vectors_ready(ruleset_id: str) -> bool:
    """Whether the ruleset's sentence vectors (and the encoder) are loaded in this process."""
    return ruleset_id in _READY


def mark_ready(ruleset_id: str) -> None:
    with _lock:
        _READY.add(ruleset_id)


def load_soon(idx: Index) -> None:
    """Load the ruleset's sentence vectors and the encoder on a daemon thread of their own, once.

    Called by a lookup that could not wait for them (the bot's): this query is answered from its
    words, the next ones with the vectors. Loading on the first sentence asked, not at start, keeps
    a bot that is asked no sentence at its resting memory (the encoder and vectors are ~130 MB)."""
    with _lock:
        if idx.ruleset_id in _READY or idx.ruleset_id in _LOADING:
            return
        _LOADING.add(idx.ruleset_id)

    def load() -> None:
        from handlers.lookup.semantic import encoder, vectors_for

        try:
            vectors_for(idx)
            encoder()
            mark_ready(idx.ruleset_id)
        except Exception:  # the lookup keeps answering from its words
            log.exception("loading the sentence vectors of %s failed", idx.ruleset_id)
        finally:
            with _lock:
                _LOADING.discard(idx.ruleset_id)

    threading.Thread(target=load, name=f"floorcall-lookup-load-{idx.ruleset_id}", daemon=True).start()
