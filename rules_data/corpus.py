"""Load and validate the rule corpus into frozen, typed entries (once per process, on first use).

The TOML files are what people review; this module is what the rule command, the lookup and the
tests read. Structural faults (a missing title language, a duplicate id, an unknown kind) stop
the load with a `CorpusError` naming the file and the entry, because a half-read corpus would
answer wrongly without saying so. Quality rules that do not break reading (keyword counts,
related ids that resolve) are reported by `Corpus.problems()` and enforced by the schema tests,
so one slip in a file being written does not take the whole `rule` command down.
"""

from __future__ import annotations

import functools
import hashlib
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from engine.rulesets import RULESETS, Ruleset
from handlers.locales import LANGS

KINDS: frozenset[str] = frozenset({"rule", "procedure", "addendum", "glossary", "house"})
GAMES: frozenset[str] = frozenset({"all", "holdem", "omaha", "stud", "draw", "mixed"})
LIMITS: frozenset[str] = frozenset({"NL", "PL", "FL"})
# The corpus folders: every edition some ruleset reads, in the order the rulesets name them.
EDITIONS: tuple[str, ...] = tuple(dict.fromkeys(ed for rs in RULESETS.values() for ed in rs.corpora))
# Where a related id of an edition's entry may point: the corpora of the ruleset whose own
# edition it is (jp-basic's house rules name TDA 2026 rules). An edition no ruleset owns reads
# only itself.
READS: Mapping[str, tuple[str, ...]] = {rs.edition: rs.corpora for rs in RULESETS.values()}

ROOT = Path(__file__).resolve().parent
SECTIONS_FILE = Path("tda2026") / "sections.toml"
SITUATIONS_DIR = "situations"  # <edition>/situations/<lang>.toml: more situations per entry id
RENUMBERING_FILE = Path("renumbering.toml")


class CorpusError(ValueError):
    """A corpus file that cannot be read as the schema says; the message names file and entry."""


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

    def __init__(self, root: Path, edition: str, ids: frozenset[str], digest: str) -> None:
        self.root, self.edition, self.digest = root, edition, digest
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
            self._table = _read_situations(self.root, self.edition, self._ids)
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


@dataclass(frozen=True)
class Entry:
    """One citable unit of an edition: a rule, procedure, addendum section, glossary term or house rule.

    `part` is set only on the views `Corpus.get` returns for part ids (`45-A`): the same entry,
    with the part the caller asked for, so one return value carries both.
    """

    id: str
    edition: str
    kind: str
    section: str
    title: Mapping[str, str]
    summary: Mapping[str, str]
    parts: Mapping[str, Mapping[str, str]]
    keywords: Mapping[str, tuple[str, ...]]
    situations: Mapping[str, tuple[str, ...]]
    games: tuple[str, ...]
    limits: tuple[str, ...]
    related: tuple[str, ...]
    thin: bool
    source: str
    file: str = field(default="", compare=False, repr=False)
    part: str | None = None

    @property
    def cid(self) -> str:
        """The citation id of what was asked for: `45`, or `45-A` on a part view."""
        return f"{self.id}-{self.part}" if self.part else self.id

    def part_text(self, lang: str) -> str | None:
        """The asked-for part's text in `lang`, or None on a whole-entry view."""
        if self.part is None:
            return None
        return self.parts[self.part].get(lang) or self.parts[self.part]["en"]

    def concerns(self, game: str) -> bool:
        """Whether the entry is about `game` specifically or about every game."""
        return "all" in self.games or game in self.games


@dataclass(frozen=True)
class Corpus:
    """Every edition's entries by id, section names and the 2024 -> 2026 renumbering."""

    by_edition: Mapping[str, Mapping[str, Entry]]
    sections: Mapping[str, Mapping[str, str]]
    renumbering: Mapping[str, str]
    files: tuple[str, ...] = ()

    def entries(self, edition: str) -> tuple[Entry, ...]:
        """An edition's entries in file order (empty for an edition with no files yet)."""
        return tuple(self.by_edition.get(edition, {}).values())

    def get(self, edition: str, cid: str) -> Entry | None:
        """The entry for `cid` in `edition`; for a part id (`45-A`, `IA-49-Ex1`) a view with `part` set."""
        table = self.by_edition.get(edition)
        if not table:
            return None
        if cid in table:
            return table[cid]
        # Split at each '-' from the right: "IA-55-A-1-Ex2" -> ("IA-55-A-1", "Ex2"), ...
        for i in range(len(cid) - 1, 0, -1):
            if cid[i] != "-":
                continue
            base, part = table.get(cid[:i]), cid[i + 1 :]
            if base is None:
                continue
            for key in base.parts:
                if key.casefold() == part.casefold():
                    return replace(base, part=key)
            return None
        return None

    def resolve(self, ruleset: Ruleset, cid: str) -> Entry | None:
        """`cid` looked up in the ruleset's corpora in order (jp-basic: house ids, then TDA 2026)."""
        for edition in ruleset.corpora:
            entry = self.get(edition, cid)
            if entry is not None:
                return entry
        return None

    def renumber_2024(self, n: str) -> str | None:
        """The TDA 2026 number of TDA 2024 rule `n` (None when 2024 had no such rule)."""
        return self.renumbering.get(n.strip())

    def section_name(self, key: str, lang: str) -> str:
        names = self.sections.get(key)
        return (names.get(lang) or names.get("en") or key) if names else key

    def problems(self) -> list[str]:
        """Schema rules that do not stop loading: counts, related ids, ids the edition should have."""
        out: list[str] = []
        for edition, table in self.by_edition.items():
            for e in table.values():
                where = f"{e.file}: entry {e.id!r}"
                lo_sit = 1 if e.kind == "glossary" else 2
                for lang in LANGS:
                    kws = e.keywords.get(lang, ())
                    sits = e.situations.get(lang, ())
                    if not 3 <= len(kws) <= 8 and e.kind != "glossary":
                        out.append(f"{where}: {len(kws)} {lang} keywords (want 3-8)")
                    if e.kind == "glossary" and not kws:
                        out.append(f"{where}: no {lang} keywords")
                    if len(sits) < lo_sit:
                        out.append(f"{where}: {len(sits)} {lang} situations (want at least {lo_sit})")
                    for pid, texts in e.parts.items():
                        if not texts.get(lang):
                            out.append(f"{where}: part {pid} has no {lang} text")
                for rel in e.related:
                    if not any(self.get(ed, rel) is not None for ed in READS.get(edition, (edition,))):
                        out.append(f"{where}: related id {rel!r} does not resolve")
        return out


def _need(cond: bool, file: str, entry: str, msg: str) -> None:
    if not cond:
        raise CorpusError(f"{file}: entry {entry!r}: {msg}")


def _lang_table(raw: Any, file: str, eid: str, name: str, required: bool) -> dict[str, str]:
    if raw is None and not required:
        return {}
    _need(isinstance(raw, dict), file, eid, f"[{name}] must be a table of ja/ko/en strings")
    out: dict[str, str] = {}
    for lang, text in raw.items():
        _need(lang in LANGS, file, eid, f"{name}.{lang}: unknown language (use ja, ko, en)")
        _need(isinstance(text, str) and text.strip() != "", file, eid, f"{name}.{lang} must be a non-empty string")
        out[lang] = text.strip()
    if required:
        missing = [lang for lang in LANGS if lang not in out]
        _need(not missing, file, eid, f"{name} lacks {', '.join(missing)}")
    return out


def _lang_lists(raw: Any, file: str, eid: str, name: str) -> dict[str, tuple[str, ...]]:
    if raw is None:
        return {}
    _need(isinstance(raw, dict), file, eid, f"[{name}] must be a table of ja/ko/en lists")
    out: dict[str, tuple[str, ...]] = {}
    for lang, items in raw.items():
        _need(lang in LANGS, file, eid, f"{name}.{lang}: unknown language (use ja, ko, en)")
        _need(
            isinstance(items, list) and all(isinstance(s, str) and s.strip() for s in items),
            file,
            eid,
            f"{name}.{lang} must be a list of non-empty strings",
        )
        out[lang] = tuple(s.strip() for s in items)
    return out


def _str_list(raw: Any, file: str, eid: str, name: str, allowed: frozenset[str] | None = None) -> tuple[str, ...]:
    if raw is None:
        return ()
    _need(isinstance(raw, list) and all(isinstance(s, str) for s in raw), file, eid, f"{name} must be a list of strings")
    if allowed is not None:
        bad = [s for s in raw if s not in allowed]
        _need(not bad, file, eid, f"{name}: unknown value(s) {bad} (allowed: {sorted(allowed)})")
    return tuple(raw)


_ID = re.compile(r"^(?:\d{1,2}(?:-[A-Z])?|RP-\d{1,2}|IA-\d{1,2}(?:-[A-Z](?:-\d)?)?|GL:[a-z0-9][a-z0-9-]*|JP-[A-Za-z0-9-]+)$")


def _entry(raw: Any, edition: str, file: str, sections: Mapping[str, Any], store: SituationStore) -> Entry:
    _need(isinstance(raw, dict), file, "?", "each [[entry]] must be a table")
    eid = raw.get("id")
    _need(isinstance(eid, str) and bool(_ID.match(eid or "")), file, str(eid), "id must be like 45, RP-8, IA-49, GL:term, JP-name")
    kind = raw.get("kind")
    _need(kind in KINDS, file, eid, f"kind {kind!r} is not one of {sorted(KINDS)}")
    section = raw.get("section")
    _need(isinstance(section, str), file, eid, "section is required")
    _need(not sections or section in sections, file, eid, f"section {section!r} is not in {SECTIONS_FILE}")
    parts_raw = raw.get("parts") or {}
    _need(isinstance(parts_raw, dict), file, eid, "[entry.parts] must hold one table per part")
    parts = {str(k): _lang_table(v, file, eid, f"parts.{k}", required=False) for k, v in parts_raw.items()}
    thin = raw.get("thin", False)
    _need(isinstance(thin, bool), file, eid, "thin must be true or false")
    source = raw.get("source", "")
    _need(isinstance(source, str) and source.startswith(("http", "seed:")), file, eid, "source must be a URL (or seed:NNN for house rules with no public page)")
    _lang_lists(raw.get("situations"), file, eid, "situations")  # checked here, read by `store`
    return Entry(
        id=eid,
        edition=edition,
        kind=kind,
        section=section,
        title=_lang_table(raw.get("title"), file, eid, "title", required=True),
        summary=_lang_table(raw.get("summary"), file, eid, "summary", required=True),
        parts=parts,
        keywords=_lang_lists(raw.get("keywords"), file, eid, "keywords"),
        situations=Situations(store, eid),
        games=_str_list(raw.get("games", ["all"]), file, eid, "games", GAMES) or ("all",),
        limits=_str_list(raw.get("limits", ["NL", "PL", "FL"]), file, eid, "limits", LIMITS),
        related=_str_list(raw.get("related"), file, eid, "related"),
        thin=thin,
        source=source,
        file=file,
    )


def _read(path: Path, root: Path, digest: Any = None) -> dict[str, Any]:
    """The file's TOML; its path and bytes added to `digest` (a hashlib object) when given."""
    rel = str(path.relative_to(root))
    data = path.read_bytes()
    if digest is not None:
        digest.update(f"{rel}\0{len(data)}\0".encode())
        digest.update(data)
    try:
        return tomllib.loads(data.decode())
    except tomllib.TOMLDecodeError as exc:
        raise CorpusError(f"{rel}: not valid TOML: {exc}") from None


def _entry_files(root: Path) -> Iterable[tuple[str, Path]]:
    for edition in EDITIONS:
        for path in _edition_files(root, edition):
            yield edition, path


def _edition_files(root: Path, edition: str) -> list[Path]:
    folder = root / edition
    if not folder.is_dir():
        return []
    return [p for p in sorted(folder.glob("*.toml")) if p.relative_to(root) != SECTIONS_FILE]


def load_corpus(root: Path = ROOT, check: bool = True) -> Corpus:
    """Read every corpus file under `root` (tests pass a folder of their own).

    `check`: read and check every edition and its situations now (a fault stops the load), and
    keep them; without it (`get_corpus`, the bot) an edition is read on first use (`_Editions`)
    and its situations when first asked for (`SituationStore`)."""
    sections: dict[str, dict[str, str]] = {}
    if (root / SECTIONS_FILE).is_file():
        for key, names in _read(root / SECTIONS_FILE, root).get("section", {}).items():
            sections[key] = _lang_table(names, str(SECTIONS_FILE), f"section.{key}", "section", required=True)
    editions = [ed for ed in EDITIONS if _edition_files(root, ed)]
    files = [str(p.relative_to(root)) for ed in editions for p in _edition_files(root, ed)]
    files += [str(p.relative_to(root)) for ed in editions for p in situation_files(root, ed)]
    by_edition = _Editions(editions, functools.partial(_load_edition, root, sections=sections, check=check))
    if check:
        by_edition.load_all()
    renumbering: dict[str, str] = {}
    if (root / RENUMBERING_FILE).is_file():
        for i, m in enumerate(_read(root / RENUMBERING_FILE, root).get("map", [])):
            where = f"map #{i + 1}"
            _need(isinstance(m, dict), str(RENUMBERING_FILE), where, "each [[map]] must be a table")
            src, dst = m.get("from"), m.get("to")
            _need(m.get("from_edition", "tda2024") == "tda2024", str(RENUMBERING_FILE), where, "from_edition must be tda2024")
            _need(isinstance(src, str) and isinstance(dst, str), str(RENUMBERING_FILE), where, "from and to must be strings")
            _need(src not in renumbering, str(RENUMBERING_FILE), where, f"2024 rule {src} mapped twice")
            renumbering[src] = dst
        files.append(str(RENUMBERING_FILE))
    return Corpus(by_edition=by_edition, sections=sections, renumbering=renumbering, files=tuple(files))


class _Editions(Mapping[str, Mapping[str, Entry]]):
    """Edition -> its entries by id, each edition read on first use.

    Why: a server asks for one ruleset, and most for the default (TDA 2026); the entries of
    TDA 2009 and jp-basic were 0.25 MB of the bot's RSS (measured after the bench's workload
    in-process, December 2026) that such a bot never read. A fault in an edition's files stops
    its first reader rather than the first reader of any edition; `load_corpus(check=True)` (the
    schema tests, the tools) reads every edition at once."""

    def __init__(self, names: list[str], load: Any) -> None:
        self._names, self._load = names, load
        self._tables: dict[str, dict[str, Entry]] = {}

    def __getitem__(self, edition: str) -> Mapping[str, Entry]:
        table = self._tables.get(edition)
        if table is None:
            if edition not in self._names:
                raise KeyError(edition)
            table = self._tables[edition] = self._load(edition)
        return table

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def load_all(self) -> None:
        for edition in self._names:
            self[edition]


def _load_edition(root: Path, edition: str, sections: Mapping[str, Any], check: bool) -> dict[str, Entry]:
    """One edition's entries, and a store for their situations (read now when `check`)."""
    table: dict[str, Entry] = {}
    digest = hashlib.sha256()
    store = SituationStore(root, edition, frozenset(), "")
    inline: dict[str, dict[str, tuple[str, ...]]] = {}
    for path in _edition_files(root, edition):
        rel = str(path.relative_to(root))
        data = _read(path, root, digest)
        raw_entries = data.get("entry", [])
        if not isinstance(raw_entries, list):
            raise CorpusError(f"{rel}: [[entry]] must be an array of tables")
        for raw in raw_entries:
            entry = _entry(raw, edition, rel, sections, store)
            if entry.id in table:
                raise CorpusError(f"{rel}: entry {entry.id!r}: duplicate id (first in {table[entry.id].file})")
            table[entry.id] = entry
            if check and (sits := _lang_lists(raw.get("situations"), rel, entry.id, "situations")):
                inline[entry.id] = sits
    for path in situation_files(root, edition):
        data = path.read_bytes()
        digest.update(f"{path.relative_to(root)}\0{len(data)}\0".encode())
        digest.update(data)
    store.digest, store._ids = digest.hexdigest()[:32], frozenset(table)
    if check:
        store._table = _read_situations(root, edition, store._ids, inline)
    return table


def situation_files(root: Path, edition: str) -> list[Path]:
    """The extra situation files of an edition (`situations/ja.toml` ...), those present."""
    folder = root / edition / SITUATIONS_DIR
    return [folder / f"{lang}.toml" for lang in LANGS if (folder / f"{lang}.toml").is_file()]


def _read_situations(
    root: Path, edition: str, ids: frozenset[str], inline: dict[str, dict[str, tuple[str, ...]]] | None = None
) -> dict[str, dict[str, tuple[str, ...]]]:
    """Every situation of an edition: each entry's inline `[entry.situations]`, then each
    `situations/<lang>.toml` list added to its entry's situations in that language, in order,
    without repeats. The files hold many situations per rule, written apart from the rule files
    so that a long list does not bury a rule's summary in review. An id the edition lacks is a
    `CorpusError` (a typo would silently drop every situation under it). `inline`: the inline
    situations when the caller has just parsed the rule files (not parsed again)."""
    out: dict[str, dict[str, tuple[str, ...]]] = inline if inline is not None else {}
    for path in _edition_files(root, edition) if inline is None else ():
        rel = str(path.relative_to(root))
        for raw in _read(path, root).get("entry", []):
            sits = _lang_lists(raw.get("situations"), rel, raw["id"], "situations")
            if sits:
                out[raw["id"]] = sits
    for path in situation_files(root, edition):
        rel = str(path.relative_to(root))
        lang = path.stem
        for eid, items in _read(path, root).items():
            _need(eid in ids, rel, eid, f"no entry {eid!r} in {edition}")
            _need(
                isinstance(items, list) and all(isinstance(x, str) and x.strip() for x in items),
                rel, eid, "must be a list of non-empty strings",
            )
            have = out.setdefault(eid, {})
            have[lang] = tuple(dict.fromkeys((*have.get(lang, ()), *(x.strip() for x in items))))
    return out


@functools.cache
def get_corpus() -> Corpus:
    """The corpus of this checkout, read on first call and kept for the life of the process;
    its situations are read when first asked for (`SituationStore`)."""
    return load_corpus(ROOT, check=False)
