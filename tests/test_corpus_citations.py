"""Every citation id the engine can emit exists in the corpus of its edition.

Walks the engine's own citation tables (`RULESETS[...].cite`), never a hand-written list, so a
new concept or a renamed id is checked the moment it is added.
"""

from __future__ import annotations

import pytest

from engine.rulesets import RULESETS
from rules_data.corpus import get_corpus

CASES = [
    (rid, concept, cid)
    for rid, rs in RULESETS.items()
    for concept, ids in rs.cite.items()
    for cid in ids
]


@pytest.mark.parametrize("rid, concept, cid", CASES, ids=[f"{r}:{c}:{i}" for r, c, i in CASES])
def test_cited_id_exists(rid, concept, cid):
    ruleset = RULESETS[rid]
    entry = get_corpus().resolve(ruleset, cid)
    assert entry is not None, f"{rid} cites {cid} for {concept!r}, but no corpus in {ruleset.corpora} has it"
    if "-" in cid and not cid.startswith(("RP-", "IA-", "JP-")):
        assert entry.part is not None, f"{cid} resolves to {entry.id} without its part"


def test_own_edition_first():
    """A ruleset's own ids come from its own edition: tda2009 never answers with a 2026 entry."""
    corpus = get_corpus()
    for rs in RULESETS.values():
        own = rs.corpora[0]
        for ids in rs.cite.values():
            for cid in ids:
                entry = corpus.resolve(rs, cid)
                if entry is not None and corpus.get(own, cid) is not None:
                    assert entry.edition == own
