"""The bot's lookup warm-up makes files, not memory: a bot asked no sentence never holds the
encoder or the sentence vectors (~130 MB), and the first sentence asked loads them off the thread
that asked (handlers/lookup/warm.py, handlers/lookup/ready.py)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

import handlers.lookup.cache as cache
import handlers.lookup.ready as ready
import handlers.lookup.semantic as semantic
import handlers.lookup.warm as warm


def test_the_warm_up_builds_in_children_and_loads_nothing_here(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    built: list[tuple[str, bool]] = []
    monkeypatch.setenv("FLOORCALL_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(cache, "build_in_child", lambda rid, vectors=False: built.append((rid, vectors)) or True)
    monkeypatch.setattr(semantic, "_VECTORS", {})
    monkeypatch.setattr(ready, "_READY", set())
    loaded: list[str] = []
    monkeypatch.setattr(semantic, "vectors_for", lambda idx: loaded.append(idx.ruleset_id))
    warm.warm_up(["tda2026", "tda2009", "tda2026"])
    assert built == [("tda2026", True), ("tda2009", True)]  # each once, vectors included
    assert loaded == [] and not ready.vectors_ready("tda2026")


def test_a_first_sentence_that_cannot_wait_loads_the_vectors_once_on_its_own_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.rulesets import get_ruleset
    from handlers.lookup import index_for

    idx = index_for(get_ruleset("tda2026"))
    monkeypatch.setattr(ready, "_READY", set())
    monkeypatch.setattr(ready, "_LOADING", set())
    go, threads = threading.Event(), []

    def slow_vectors(i: object) -> None:
        threads.append(threading.current_thread().name)
        go.wait(30)

    monkeypatch.setattr(semantic, "vectors_for", slow_vectors)
    monkeypatch.setattr(semantic, "encoder", lambda: None)
    ready.load_soon(idx)
    ready.load_soon(idx)  # asked again while loading: no second load
    assert not ready.vectors_ready("tda2026")
    go.set()
    for _ in range(300):
        if ready.vectors_ready("tda2026"):
            break
        threading.Event().wait(0.1)
    assert ready.vectors_ready("tda2026")
    assert len(threads) == 1 and threads[0] != threading.current_thread().name
