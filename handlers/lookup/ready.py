"""Which rulesets' sentence vectors are loaded in this process (set by `handlers.lookup.warm`,
read by `handlers.lookup.fusion`): a module of its own so neither imports the other."""

from __future__ import annotations

import threading

_READY: set[str] = set()
_lock = threading.Lock()


def vectors_ready(ruleset_id: str) -> bool:
    """Whether the ruleset's sentence vectors (and the encoder) are loaded in this process."""
    return ruleset_id in _READY


def mark_ready(ruleset_id: str) -> None:
    with _lock:
        _READY.add(ruleset_id)
