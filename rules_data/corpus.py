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
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from engine.rulesets import RULESETS, Ruleset
from handlers.locales import LANGS
from rules_data.fields import CorpusError, lang_lists, lang_table, need, read_toml, str_list
from rules_data.situations import (
    Situations,
    SituationStore,
    read_situations,
    situation_files,
    situations_held,
)

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
RENUMBERING_FILE = Path("renumbering.toml")


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


_ID = re.compile(r"^(?:\d{1,2}(?:-[A-Z])?|RP-\d{1,2}|IA-\d{1,2}(?:-[A-Z](?:-\d)?)?|GL:[a-z0-9][a-z0-9-]*|JP-[A-Za-z0-9-]+)$")


def _entry(raw: Any, edition: str, file: str, sections: Mapping[str, Any], store: SituationStore) -> Entry:
    need(isinstance(raw, dict), file, "?", "each [[entry]] must be a table")
    eid = raw.get("id")
    need(isinstance(eid, str) and bool(_ID.match(eid or "")), file, str(eid), "id must be like 45, RP-8, IA-49, GL:term, JP-name")
    kind = raw.get("kind")
    need(kind in KINDS, file, eid, f"kind {kind!r} is not one of {sorted(KINDS)}")
    section = raw.get("section")
    need(isinstance(section, str), file, eid, "section is required")
    need(not sections or section in sections, file, eid, f"section {section!r} is not in {SECTIONS_FILE}")
    parts_raw = raw.get("parts") or {}
    need(isinstance(parts_raw, dict), file, eid, "[entry.parts] must hold one table per part")
    parts = {str(k): lang_table(v, file, eid, f"parts.{k}", required=False) for k, v in parts_raw.items()}
    thin = raw.get("thin", False)
    need(isinstance(thin, bool), file, eid, "thin must be true or false")
    source = raw.get("source", "")
    need(isinstance(source, str) and source.startswith(("http", "seed:")), file, eid, "source must be a URL (or seed:NNN for house rules with no public page)")
    lang_lists(raw.get("situations"), file, eid, "situations")  # checked here, read by `store`
    return Entry(
        id=eid,
        edition=edition,
        kind=kind,
        section=section,
        title=lang_table(raw.get("title"), file, eid, "title", required=True),
        summary=lang_table(raw.get("summary"), file, eid, "summary", required=True),
        parts=parts,
        keywords=lang_lists(raw.get("keywords"), file, eid, "keywords"),
        situations=Situations(store, eid),
        games=str_list(raw.get("games", ["all"]), file, eid, "games", GAMES) or ("all",),
        limits=str_list(raw.get("limits", ["NL", "PL", "FL"]), file, eid, "limits", LIMITS),
        related=str_list(raw.get("related"), file, eid, "related"),
        thin=thin,
        source=source,
        file=file,
    )


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
        for key, names in read_toml(root / SECTIONS_FILE, root).get("section", {}).items():
            sections[key] = lang_table(names, str(SECTIONS_FILE), f"section.{key}", "section", required=True)
    editions = [ed for ed in EDITIONS if _edition_files(root, ed)]
    files = [str(p.relative_to(root)) for ed in editions for p in _edition_files(root, ed)]
    files += [str(p.relative_to(root)) for ed in editions for p in situation_files(root, ed)]
    by_edition = _Editions(editions, functools.partial(_load_edition, root, sections=sections, check=check))
    if check:
        by_edition.load_all()
    renumbering: dict[str, str] = {}
    if (root / RENUMBERING_FILE).is_file():
        for i, m in enumerate(read_toml(root / RENUMBERING_FILE, root).get("map", [])):
            where = f"map #{i + 1}"
            need(isinstance(m, dict), str(RENUMBERING_FILE), where, "each [[map]] must be a table")
            src, dst = m.get("from"), m.get("to")
            need(m.get("from_edition", "tda2024") == "tda2024", str(RENUMBERING_FILE), where, "from_edition must be tda2024")
            need(isinstance(src, str) and isinstance(dst, str), str(RENUMBERING_FILE), where, "from and to must be strings")
            need(src not in renumbering, str(RENUMBERING_FILE), where, f"2024 rule {src} mapped twice")
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
    store = SituationStore(root, edition, frozenset(), "", tuple(_edition_files(root, edition)))
    inline: dict[str, dict[str, tuple[str, ...]]] = {}
    for path in _edition_files(root, edition):
        rel = str(path.relative_to(root))
        data = read_toml(path, root, digest)
        raw_entries = data.get("entry", [])
        if not isinstance(raw_entries, list):
            raise CorpusError(f"{rel}: [[entry]] must be an array of tables")
        for raw in raw_entries:
            entry = _entry(raw, edition, rel, sections, store)
            if entry.id in table:
                raise CorpusError(f"{rel}: entry {entry.id!r}: duplicate id (first in {table[entry.id].file})")
            table[entry.id] = entry
            if check and (sits := lang_lists(raw.get("situations"), rel, entry.id, "situations")):
                inline[entry.id] = sits
    for path in situation_files(root, edition):
        content = path.read_bytes()
        digest.update(f"{path.relative_to(root)}\0{len(content)}\0".encode())
        digest.update(content)
    store.digest, store._ids = digest.hexdigest()[:32], frozenset(table)
    if check:
        store._table = read_situations(root, edition, store.rule_files, store._ids, inline)
    return table


@functools.cache
def get_corpus() -> Corpus:
    """The corpus of this checkout, read on first call and kept for the life of the process;
    its situations are read when first asked for (`SituationStore`)."""
    return load_corpus(ROOT, check=False)


__all__ = [
    "EDITIONS", "READS", "ROOT", "Corpus", "CorpusError", "Entry", "SituationStore", "Situations", "get_corpus",
    "load_corpus", "situation_files", "situations_held",
]
