"""The situations of the corpus: read from the files when first asked for (see `SituationStore`).

Split from `corpus` (December 2026); `corpus` re-exports what callers use.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from handlers.locales import LANGS
from rules_data.fields import lang_lists, need, read_toml

if TYPE_CHECKING:
    from rules_data.corpus import Entry

SITUATIONS_DIR = "situations"  # <edition>/situations/<lang>.toml: more situations per entry id


class SituationStore:
    """Every situation of one edition (inline `[entry.situations]` and `situations/<lang>.toml`),
    read from the files when first asked for.

    Why not kept in the entries, as until December 2026: the running bot reads no situation
    when its lookup index comes from the scan cache (the chip-shape counts are in the scan too),
    yet the entries held them all, 0.74 MB of the corpus's 1.85 MB of Python objects. The bot's
    corpus skips them (`get_corpus`); the scan on a cache miss, the one- and two-character
    index (`situations_held`), the sentence encoder, `Corpus.problems` and the tests read them
    from the files on first use, with the same checks as the load (`load_corpus(check=True)`,
    what the schema tests and `tools/` run, reads and checks them at load).

    `digest` is a hash of the edition's files' bytes, taken at load: what the lookup's cache key
    holds for the situations (`Situations.__repr__`), so a changed situation still rebuilds.
    """

    def __init__(self, root: Path, edition: str, ids: frozenset[str], digest: str, rule_files: tuple[Path, ...] = ()) -> None:
        self.root, self.edition, self.digest, self.rule_files = root, edition, digest, rule_files
        # the ids a situations file may name (not the entries: they hold the store, and a cycle
        # would keep each corpus a test or a tool loads until the garbage collector ran)
        self._ids = ids
        self._table: dict[str, dict[str, tuple[str, ...]]] | None = None

    @property
    def loaded(self) -> bool:
        return self._table is not None

    def table(self) -> dict[str, dict[str, tuple[str, ...]]]:
        """Entry id -> language -> situations, read (and checked) on first call and kept."""
        if self._table is None:
            self._table = read_situations(self.root, self.edition, self.rule_files, self._ids)
        return self._table

    def release(self) -> None:
        """Drop what `table` read; the next call reads the files again."""
        self._table = None


class Situations(Mapping[str, tuple[str, ...]]):
    """One entry's situations per language, as a read-only mapping over its edition's store."""

    __slots__ = ("_store", "_id")

    def __init__(self, store: SituationStore, eid: str) -> None:
        self._store, self._id = store, eid

    @property
    def store(self) -> SituationStore:
        return self._store

    def _mine(self) -> dict[str, tuple[str, ...]]:
        return self._store.table().get(self._id, {})

    def __getitem__(self, lang: str) -> tuple[str, ...]:
        return self._mine()[lang]

    def __iter__(self) -> Iterator[str]:
        return iter(self._mine())

    def __len__(self) -> int:
        return len(self._mine())

    def __repr__(self) -> str:
        """The edition's digest, not the texts: what `handlers.lookup.cache.corpus_key` hashes,
        without reading the files."""
        return f"Situations({self._store.edition!r}, {self._id!r}, {self._store.digest})"


@contextmanager
def situations_held(entries: Iterable[Entry]) -> Iterator[None]:
    """The situations of `entries` read once for the block and dropped after it (unless they were
    read before it): for a pass over every entry's situations in a bot that otherwise reads none."""
    stores = {id(s.store): s.store for e in entries if isinstance(s := e.situations, Situations)}
    fresh = [st for st in stores.values() if not st.loaded]
    try:
        yield
    finally:
        for st in fresh:
            st.release()


def situation_files(root: Path, edition: str) -> list[Path]:
    """The extra situation files of an edition (`situations/ja.toml` ...), those present."""
    folder = root / edition / SITUATIONS_DIR
    return [folder / f"{lang}.toml" for lang in LANGS if (folder / f"{lang}.toml").is_file()]


def read_situations(
    root: Path, edition: str, rule_files: Iterable[Path], ids: frozenset[str], inline: dict[str, dict[str, tuple[str, ...]]] | None = None
) -> dict[str, dict[str, tuple[str, ...]]]:
    """Every situation of an edition: each entry's inline `[entry.situations]`, then each
    `situations/<lang>.toml` list added to its entry's situations in that language, in order,
    without repeats. The files hold many situations per rule, written apart from the rule files
    so that a long list does not bury a rule's summary in review. An id the edition lacks is a
    `CorpusError` (a typo would silently drop every situation under it). `inline`: the inline
    situations when the caller has just parsed the rule files (not parsed again)."""
    out: dict[str, dict[str, tuple[str, ...]]] = inline if inline is not None else {}
    for path in rule_files if inline is None else ():
        rel = str(path.relative_to(root))
        for raw in read_toml(path, root).get("entry", []):
            sits = lang_lists(raw.get("situations"), rel, raw["id"], "situations")
            if sits:
                out[raw["id"]] = sits
    for path in situation_files(root, edition):
        rel = str(path.relative_to(root))
        lang = path.stem
        for eid, items in read_toml(path, root).items():
            need(eid in ids, rel, eid, f"no entry {eid!r} in {edition}")
            need(
                isinstance(items, list) and all(isinstance(x, str) and x.strip() for x in items),
                rel, eid, "must be a list of non-empty strings",
            )
            have = out.setdefault(eid, {})
            have[lang] = tuple(dict.fromkeys((*have.get(lang, ()), *(x.strip() for x in items))))
    return out
