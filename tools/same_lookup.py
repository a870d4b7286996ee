"""Check that a change leaves every word lookup the same: replies, scores, autocomplete.

    python tools/same_lookup.py save /tmp/lookup_before.json   # on the old code
    python tools/same_lookup.py check /tmp/lookup_before.json  # on the new code: lists what differs

For speed work on the lookup (bench/lookup_bench.py), where nothing a user sees may change; the
rulings have tools/same_output.py. The queries are every query of the public and our own eval
files, every title and keyword of the corpus (each language, each edition), a few typed by hand,
and typed prefixes of the eval queries. Each is answered:

- as `rule <query>` through the dispatcher, in every language under every ruleset (text and JSON,
  scores rounded as the reply rounds them);
- as the index's raw lexical scores (alias, text, fused; rounded to 9 places, as the ranking's
  sort rounds them) with the sentence stage off and on, per ruleset: what the ranking is fed;
- prefixes also as autocomplete choices (Japanese names, every ruleset).

The semantic encoder is never loaded (FLOORCALL_SEMANTIC=0): sentence queries are answered by
their words alone, which is the path this check guards. Exit status 1 when anything differs.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ["FLOORCALL_SEMANTIC"] = "0"  # before the handlers read it; never load the encoder

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.rulesets import RULESETS  # noqa: E402
from handlers import autocomplete, lookup  # noqa: E402
from handlers.context import Context  # noqa: E402
from handlers.dispatch import handle  # noqa: E402
from handlers.i18n import LANGS  # noqa: E402
from rules_data.corpus import get_corpus  # noqa: E402
from tools.snapshot import save_or_check  # noqa: E402

BY_HAND = ("string bet", "oversized chip", "misdeal", "オーバーチップ", "칩 한 개", "45", "overchp", "BB", "端数",
           "ㅋㅋㅋ", "hello", "rule 45", "game:stud bring in", "a", "")


def eval_queries() -> list[str]:
    paths = [ROOT.parent / "shared" / "eval" / "lookup_public.jsonl", *sorted((ROOT / "tests" / "eval").glob("lookup_*.jsonl"))]
    return [json.loads(row)["query"] for p in paths for row in p.read_text("utf-8").splitlines() if row.strip()]


def queries() -> list[str]:
    found = set(eval_queries()) | set(BY_HAND)
    corpus = get_corpus()
    for edition in corpus.by_edition:
        for e in corpus.entries(edition):
            found.update(e.title.values())
            found.update(k for ks in e.keywords.values() for k in ks)
    return sorted(q for q in found if q.strip())


def prefixes() -> list[str]:
    return sorted({q[:n] for q in eval_queries() for n in range(1, len(q) + 1, 3)})


def _lexical(idx: lookup.Index, q: str, stage: bool) -> list[object]:
    lex = idx.lexical(q, sentence_stage=stage)
    r9 = lambda d: sorted((i, round(s, 9)) for i, s in d.items())  # noqa: E731
    text = None if lex.text is None else [round(float(x), 9) for x in lex.text]
    # the query's words by weight alone: their ids are the index's own numbering of its features
    words = sorted(round(w, 9) for w in lex.content.values())
    return [r9(lex.scores), r9(lex.alias), words, round(lex.content_unseen, 9), lex.n_content, text]


def answers() -> list[list[object]]:
    out: list[list[object]] = []
    for q in queries():
        for ruleset in sorted(RULESETS):
            for lang in LANGS:
                reply = handle("rule " + q, Context(lang=lang, ruleset_id=ruleset))
                out.append([q, lang, ruleset, reply.text, json.dumps(reply.to_json(), ensure_ascii=False)])
            idx = lookup.index_for(RULESETS[ruleset])
            for stage in (False, True):
                out.append([q, f"lexical sentence_stage={stage}", ruleset, "", json.dumps(_lexical(idx, q, stage))])
    for p in prefixes():
        for ruleset in sorted(RULESETS):  # the language only names the choices: one is enough
            found = autocomplete.choices(p, "ja", RULESETS[ruleset])
            out.append([p, "autocomplete ja", ruleset, "", json.dumps(found, ensure_ascii=False)])
    return out


def main() -> None:
    save_or_check(sys.argv, answers, __doc__ or "", f" ({len(queries())} queries, {len(prefixes())} prefixes)")


if __name__ == "__main__":
    main()
