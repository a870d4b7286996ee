"""Build a ruleset's lookup cache and exit: `python -m handlers.lookup.build tda2026 [--vectors]`.

`--vectors` also embeds the corpus for the semantic stage (the bot's warm-up asks for it, so
the ~3 s of embedding never run in the bot's process).

Run by `handlers.lookup.cache.build_in_child` when a bot finds no cache, so the scan's
temporaries live and die in this process; also usable by hand (or in a deploy step) to warm the
cache before the first query. Exit status 0 when the cache file is written, 2 on a bad ruleset.
"""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    from engine.rulesets import RULESETS, get_ruleset
    from handlers.lookup.cache import cache_dir
    from handlers.lookup.index import Index
    from rules_data.corpus import get_corpus

    vectors = "--vectors" in argv
    argv = [a for a in argv if a != "--vectors"]
    if len(argv) != 1 or argv[0] not in RULESETS:
        print(f"usage: python -m handlers.lookup.build {{{','.join(sorted(RULESETS))}}} [--vectors]", file=sys.stderr)
        return 2
    if cache_dir() is None:
        print("FLOORCALL_CACHE_DIR is empty: there is no cache to build", file=sys.stderr)
        return 2
    idx = Index(get_corpus(), get_ruleset(argv[0]))  # scans and writes the cache (in_child is off here)
    if vectors:
        from handlers.lookup.semantic import vectors_for

        vectors_for(idx)  # embeds and writes the vectors' cache
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
