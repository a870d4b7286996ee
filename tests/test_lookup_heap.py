"""The free heap handed back after an index build (handlers/lookup/heap.py)."""

from __future__ import annotations

import platform

import handlers.lookup as lookup
from engine.rulesets import get_ruleset
from handlers.lookup.heap import return_free_heap


def test_the_heap_is_trimmed_where_libc_can():
    assert return_free_heap() is (platform.libc_ver()[0] == "glibc")


def test_each_index_build_trims_once(monkeypatch):
    calls: list[None] = []
    monkeypatch.setattr(lookup, "_INDEXES", {})
    monkeypatch.setattr(lookup, "return_free_heap", lambda: calls.append(None) or True)
    tda = get_ruleset("tda2026")
    first = lookup.index_for(tda)
    assert lookup.index_for(tda) is first and len(calls) == 1  # kept: built and trimmed once
    lookup.index_for(get_ruleset("tda2009"))
    assert len(calls) == 2
