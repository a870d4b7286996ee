"""Carry `Messages({...})` catalogues and Discord command translations written as Python into
handlers/locales/*.toml: adds the keys the files lack, reports changed texts, never drops a key.

Why: the words used to live in Python dicts next to the code (`Messages({...}, name="ruling")`,
`cogs/translator.py`'s TABLE, and `for _en, _loc in {...}.items(): TABLE.setdefault(...)` in a
cog). Branches cut before the move still add keys that way; this turns their additions into the
data files in one command instead of a hand copy of every key.

    # in the middle of a `git merge` (either direction), after git has stopped on conflicts:
    python tools/catalogue_to_toml.py --merge
    # what branch X would bring, without merging (add --dry-run to only look):
    python tools/catalogue_to_toml.py --rev X
    # a module on disk (e.g. taken from the other side of a conflict), rewritten to Messages("name"):
    python tools/catalogue_to_toml.py --rewrite handlers/blinds/text.py

`--merge` takes the keys HEAD and MERGE_HEAD added or changed since their merge base, then rewrites
every literal catalogue left in the work tree to `Messages("name")` and settles the conflict hunks
that are nothing but a catalogue's two forms; other conflicts it names and leaves alone.
With `--rev`, every .py file of that revision outside tests/, tools/ and bench/ is read (or only the
paths given), and compared with the merge base (`--base`, default `git merge-base HEAD REV`, or
with MERGE_HEAD when REV is already in HEAD): only keys the branch added or changed since the base
count, so a key renamed or reworded here is not brought back by an old copy. A changed text is
reported and left alone unless `--update`; a key they deleted is kept and reported unless `--drop`. Catalogue `name` goes to handlers/locales/<name>.toml
(the `name=` of `Messages`); command translations (English -> {ja, ko}) go to commands.toml.
Exit status 0; the report on stdout says what was added, changed, kept.
"""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
import textwrap
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "handlers" / "locales"
LANG_ORDER = ("en", "ja", "ko")
COMMANDS = "commands"
SKIP_DIRS = ("tests/", "tools/", "bench/", ".")

Table = dict[str, dict[str, str]]


@dataclass
class Found:
    """What one Python file defines: catalogues by name, command translations, and where they are."""

    catalogues: dict[str, Table] = field(default_factory=dict)
    commands: Table = field(default_factory=dict)
    # (first line, last line, replacement or None to delete) for --rewrite, 1-based inclusive
    spans: list[tuple[int, int, int, int, str | None]] = field(default_factory=list)


def _is_command_table(node: ast.AST) -> bool:
    """A dict literal `{English: {"ja": ..., "ko": ...}}`: the translator's form (no "en": it is the key)."""
    if not isinstance(node, ast.Dict) or not node.keys:
        return False
    for k, v in zip(node.keys, node.values, strict=True):
        if not (isinstance(k, ast.Constant) and isinstance(k.value, str) and isinstance(v, ast.Dict)):
            return False
        langs = {x.value for x in v.keys if isinstance(x, ast.Constant)}
        if not langs or "en" in langs or not langs <= {"ja", "ko"} | set(LANG_ORDER):
            return False
    return True


def extract(source: str, path: str = "<source>") -> Found:
    """Every literal catalogue in `source`, read with `ast.literal_eval` (the code is never run)."""
    tree = ast.parse(source, path)
    found = Found()
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _called(node) == "Messages" and node.args and isinstance(node.args[0], ast.Dict):
            name = next((kw.value.value for kw in node.keywords if kw.arg == "name" and isinstance(kw.value, ast.Constant)), "")
            if not name:
                raise SystemExit(f"{path}:{node.lineno}: Messages({{...}}) without name=: cannot tell which file it goes to")
            found.catalogues.setdefault(name, {}).update(ast.literal_eval(node.args[0]))
            found.spans.append((node.lineno, node.col_offset, node.end_lineno or node.lineno, node.end_col_offset or 0,
                                f"Messages({name!r})".replace("'", '"')))
        elif _is_command_table(node):
            found.commands.update(ast.literal_eval(node))
            stmt = node
            while stmt in parents and not isinstance(stmt, ast.stmt):
                stmt = parents[stmt]
            if isinstance(stmt, ast.For) or _assigns_table(stmt):
                # `for _en, _loc in {...}.items(): TABLE.setdefault(...)` and `TABLE = {...}` go away
                found.spans.append((stmt.lineno, 0, stmt.end_lineno or stmt.lineno, 10**9, None))
    return found


def _assigns_table(stmt: ast.AST) -> bool:
    """`TABLE = {...}` / `TABLE: dict[...] = {...}`: the old translator's own table."""
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
    return any(isinstance(t, ast.Name) and t.id == "TABLE" for t in targets)


def _called(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def rewrite(source: str, found: Found) -> str:
    """`source` with each `Messages({...}, name="x")` turned into `Messages("x")` and each
    command-table loop removed (its `TABLE` import then shows up as unused to ruff)."""
    lines = source.splitlines(keepends=True)
    for l0, c0, l1, c1, new in sorted(found.spans, reverse=True):
        if new is None:
            del lines[l0 - 1 : l1]
            continue
        head, tail = lines[l0 - 1][:c0], lines[l1 - 1][c1:]
        lines[l0 - 1 : l1] = [head + new + tail]
    out = "".join(lines)
    if out.count("TABLE") == 1 and _TABLE_IMPORT in out:  # the loop was the import's only use
        out = out.replace(_TABLE_IMPORT, "")
    return out


_TABLE_IMPORT = "from cogs.translator import TABLE\n"


# ---------------------------------------------------------------- TOML out (strings only)


def _key(k: str) -> str:
    bare = k and all(c.isascii() and (c.isalnum() or c in "_-") for c in k)
    return k if bare else _string(k)


def _string(s: str) -> str:
    """A TOML basic string; text with line breaks as a multi-line one, so it reads as it shows."""
    multi = "\n" in s
    out = []
    for c in s:
        if c == "\\":
            out.append("\\\\")
        elif c == '"':
            out.append('\\"')
        elif c == "\n":
            out.append("\n")
        elif c == "\t":
            out.append("\\t")
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out.append(f"\\u{ord(c):04x}")
        else:
            out.append(c)
    return '"""\n' + "".join(out) + '"""' if multi else '"' + "".join(out) + '"'


def dump(table: Table, header: str) -> str:
    """One `[key]` table per key, languages in LANG_ORDER then any others: the corpus's layout."""
    parts = [header.rstrip("\n") + "\n"] if header else []
    for key, entry in table.items():
        langs = [x for x in LANG_ORDER if x in entry] + sorted(x for x in entry if x not in LANG_ORDER)
        parts.append(f"\n[{_key(key)}]\n" + "".join(f"{x} = {_string(entry[x])}\n" for x in langs))
    return "".join(parts)


def _header_of(text: str) -> str:
    """The comment lines a file starts with: kept as they are when the file is written again."""
    head = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        head.append(line)
    return "\n".join(head)


# ---------------------------------------------------------------- merging


@dataclass
class Report:
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        return ([f"added    {x}" for x in self.added] + [f"updated  {x}" for x in self.updated]
                + [f"CHANGED  {x}" for x in self.changed]
                + [f"kept     {x}" for x in self.kept] + [f"dropped  {x}" for x in self.dropped])


def merge(name: str, theirs: Table, base: Table | None, locales: Path, *, update: bool, dry_run: bool,
          origin: str, report: Report, drop: bool = False) -> None:
    """Bring `theirs` into locales/<name>.toml; `base` (None: no base known) tells what they changed."""
    path = locales / f"{name}.toml"
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    ours: Table = tomllib.loads(text) if text else {}
    header = _header_of(text) or f"# Catalogue {name!r}: en/ja/ko templates, {{placeholders}} filled by str.format.\n" \
        f"# Added from {origin} by tools/catalogue_to_toml.py."
    before = {k: dict(v) for k, v in ours.items()}
    for key, entry in theirs.items():
        was = None if base is None else base.get(key)
        if key not in ours:
            if was is not None and was == entry:
                report.kept.append(f"{name}.{key}: not here, unchanged on {origin} since the base (removed here)")
            else:
                ours[key] = entry
                report.added.append(f"{name}.{key}")
        elif ours[key] != entry and not (was is not None and was == entry):
            diff = {x: entry.get(x) for x in entry if entry.get(x) != ours[key].get(x)}
            if was is not None and was == ours[key]:  # only they changed it: a plain three-way merge
                ours[key] = entry
                report.updated.append(f"{name}.{key}: {diff}")
                continue
            what = "changed on both sides" if was is not None else f"differs on {origin}"
            report.changed.append(f"{name}.{key}: {what}{' (theirs taken)' if update else ' (ours kept)'}: {diff}")
            if update:
                ours[key] = entry
    for key in (base or {}):
        if key not in theirs and key in ours:
            if drop and ours[key] == base[key]:  # they deleted it (or moved it), we left it alone
                del ours[key]
                report.dropped.append(f"{name}.{key}: removed on {origin}, unchanged here")
            else:
                report.kept.append(f"{name}.{key}: removed on {origin}, KEPT here (--drop deletes it if unchanged here)")
    if ours != before and not dry_run:
        path.write_text(dump(ours, header), encoding="utf-8")


def _commands_as_table(commands: Table) -> Table:
    return {en: {x: loc[x] for x in LANG_ORDER if x in loc and x != "en"} for en, loc in commands.items()}


# ---------------------------------------------------------------- reading sources


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def _read_rev(rev: str, paths: list[str]) -> dict[str, str]:
    if not paths:
        listed = _git("ls-tree", "-r", "--name-only", rev).splitlines()
        paths = [p for p in listed if p.endswith(".py") and not p.startswith(SKIP_DIRS)]
    out = {}
    for p in paths:
        try:
            out[p] = _git("show", f"{rev}:{p}")
        except subprocess.CalledProcessError:
            continue  # not in that revision (added or moved since)
    return out


def collect(sources: dict[str, str]) -> Found:
    """The union of what every source defines (a catalogue may have moved from one file to another)."""
    total = Found()
    for path, text in sources.items():
        if "Messages(" not in text and '"ja"' not in text:
            continue
        f = extract(text, path)
        for name, table in f.catalogues.items():
            total.catalogues.setdefault(name, {}).update(table)
        total.commands.update(f.commands)
    return total


def _default_base(rev: str) -> str:
    base = _git("merge-base", "HEAD", rev).strip()
    if base == _git("rev-parse", rev).strip():  # REV already in HEAD: compare with what is being merged
        try:
            return _git("merge-base", rev, "MERGE_HEAD").strip()
        except subprocess.CalledProcessError:
            return base
    return base


def apply(theirs: Found, base: Found | None, origin: str, locales: Path, *, update: bool, dry_run: bool,
          report: Report, drop: bool = False) -> None:
    opts = {"update": update, "dry_run": dry_run, "origin": origin, "report": report, "drop": drop}
    for name, table in theirs.catalogues.items():
        merge(name, table, None if base is None else base.catalogues.get(name, {}), locales, **opts)
    if theirs.commands:
        merge(COMMANDS, _commands_as_table(theirs.commands),
              None if base is None else _commands_as_table(base.commands), locales, **opts)


def _as_data(fragment: str) -> str | None:
    """A conflict side rewritten to read its catalogues from the files, or None if it is not
    whole Python statements with a literal catalogue in them."""
    try:
        found = extract(textwrap.dedent(fragment))
    except (SyntaxError, ValueError, SystemExit):
        return None
    return rewrite(fragment, found) if found.spans and not fragment[:1].isspace() else None


def _code(text: str | None) -> str:
    """The lines that are code: a comment left above a removed table does not make two sides differ."""
    return "\n".join(x.rstrip() for x in (text or "").splitlines() if x.strip() and not x.strip().startswith("#"))


def resolve_conflicts(text: str) -> tuple[str, int]:
    """Settle the merge-conflict hunks that differ only by a catalogue's form: one side the literal
    `Messages({...}, name="x")` (or a command-table loop), the other what the rewrite makes of it.
    Returns the text and how many hunks are left for a person."""
    out: list[str] = []
    left = 0
    lines = text.splitlines(keepends=True)
    i = 0
    while i < len(lines):
        if not lines[i].startswith("<<<<<<< "):
            out.append(lines[i])
            i += 1
            continue
        sides: list[list[str]] = [[]]
        start = i
        i += 1
        while i < len(lines) and not lines[i].startswith(">>>>>>> "):
            if lines[i].startswith(("=======", "||||||| ")):
                sides.append([])
            else:
                sides[-1].append(lines[i])
            i += 1
        ours, theirs = "".join(sides[0]), "".join(sides[-1])
        if _as_data(ours) is not None and _code(_as_data(ours)) == _code(theirs):
            out.append(theirs)
        elif _as_data(theirs) is not None and _code(_as_data(theirs)) == _code(ours):
            out.append(ours)
        else:
            out.extend(lines[start : i + 1])
            left += 1
        i += 1
    return "".join(out), left


def rewrite_files(paths: list[Path], locales: Path, dry_run: bool) -> list[str]:
    """Rewrite the literal catalogues of these files on disk, settling conflict hunks that are only
    the two forms of a catalogue; returns the files with conflicts left for a person (run again
    once they are resolved, to rewrite what the conflict markers kept from being read)."""
    left = []
    for p in paths:
        original = text = p.read_text(encoding="utf-8")
        conflicted = "\n<<<<<<< " in "\n" + text
        if "Messages(" not in text and "TABLE" not in text:
            if conflicted:
                left.append(str(p))
            continue
        unresolved = 0
        if conflicted:
            text, unresolved = resolve_conflicts(text)
            if unresolved:
                left.append(str(p))
            else:
                print(f"resolved {p}: its conflicts were only the catalogue's two forms")
        if not unresolved:
            found = extract(text, str(p))
            if found.spans:
                text = rewrite(text, found)
                print(f"rewrote  {p}: {len(found.spans)} literal catalogue(s) now read from {locales.name}/")
        if not unresolved and text.count("TABLE") == 1 and _TABLE_IMPORT in text:  # its loop is gone
            text = text.replace(_TABLE_IMPORT, "")
        if text != original and not dry_run:
            p.write_text(text, encoding="utf-8")
    return left


def _tree_files() -> list[Path]:
    return [p for p in sorted(ROOT.rglob("*.py"))
            if not str(p.relative_to(ROOT)).startswith(SKIP_DIRS) and "site-packages" not in p.parts]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", help="Python files (default with --rev: every .py of that revision)")
    ap.add_argument("--merge", action="store_true",
                    help="during a git merge: keys from HEAD and MERGE_HEAD (base: their merge base), then "
                         "rewrite every literal catalogue left in the work tree")
    ap.add_argument("--rev", help="read the files from this git revision instead of the disk")
    ap.add_argument("--base", help="the revision to compare with (default: merge base of HEAD and --rev)")
    ap.add_argument("--update", action="store_true", help="where both sides changed a text, take theirs")
    ap.add_argument("--drop", action="store_true",
                    help="with a base: delete a key the other side deleted if it is unchanged here (default: keep, report)")
    ap.add_argument("--dry-run", action="store_true", help="report only, write nothing")
    ap.add_argument("--rewrite", action="store_true", help="turn the literal catalogues in the given files on disk into Messages(\"name\")")
    ap.add_argument("--locales", type=Path, default=LOCALES, help="the catalogue directory (default handlers/locales)")
    args = ap.parse_args(argv)
    report = Report()
    opts = {"update": args.update, "dry_run": args.dry_run, "report": report, "drop": args.drop}
    counts = []
    if args.merge:
        base_rev = args.base or _git("merge-base", "HEAD", "MERGE_HEAD").strip()
        base = collect(_read_rev(base_rev, []))
        for rev in ("HEAD", "MERGE_HEAD"):
            theirs = collect(_read_rev(rev, []))
            apply(theirs, base, rev, args.locales, **opts)
            counts.append(f"{len(theirs.catalogues)} catalogue(s) in {rev}")
        left = rewrite_files(_tree_files(), args.locales, args.dry_run)
        for p in left:
            print(f"CONFLICT {p}: conflicts other than a catalogue's form are left; resolve them by hand, then run again")
    else:
        if args.rev:
            if args.rewrite:
                ap.error("--rewrite works on files on disk, not on --rev")
            origin = args.rev
            sources = _read_rev(args.rev, args.paths)
            base_found: Found | None = collect(_read_rev(args.base or _default_base(args.rev), args.paths))
        elif args.paths:
            origin = ", ".join(args.paths)
            sources = {p: Path(p).read_text(encoding="utf-8") for p in args.paths}
            base_found = collect(_read_rev(args.base, args.paths)) if args.base else None
        else:
            ap.error("give --merge, --rev or paths")
        theirs = collect(sources)
        apply(theirs, base_found, origin, args.locales, **opts)
        counts.append(f"{len(theirs.catalogues)} catalogue(s){' + commands' if theirs.commands else ''} from {origin}")
        if args.rewrite:
            rewrite_files([Path(p) for p in args.paths], args.locales, args.dry_run)
    for line in report.lines():
        print(line)
    print(f"{len(report.added)} added, {len(report.updated)} updated, {len(report.changed)} changed, "
          f"{len(report.kept)} kept, {len(report.dropped)} dropped ({'; '.join(counts)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
