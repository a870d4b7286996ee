"""engine/'s import graph: no circle between its modules, not even one made only of type hints,
and arrows one way between its packages: hands -> betting -> notation -> rulesets, the pots beside
(settling needs only the rulesets), errors at the bottom.

`tests/test_cogs_imports.py` leaves `if TYPE_CHECKING:` imports out (they never run). Here they
count: a circle of type hints still means neither module can be read without the other (streets
<-> hand_header <-> showdown had one, over the whole-hand record, before it got its own module).
Imports inside functions count too, and importing `a.b.c` runs the packages `a` and `a.b` first.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.test_cogs_imports import cycle_in

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"

# What each part of engine/ may import (besides itself). A part is a package or a top-level module.
MAY_IMPORT: dict[str, set[str]] = {
    "errors": set(),
    "rulesets": {"errors"},
    "notation": {"rulesets", "errors"},
    "betting": {"notation", "rulesets", "errors"},
    "hands": {"betting", "notation", "rulesets", "pots", "errors"},
    "pots": {"rulesets", "errors"},
    "desk": {"rulesets", "errors"},  # the tournament desk: tables, seats, chips and prizes, no hand
}


def _module_name(path: Path, top: Path) -> str:
    parts = list(path.relative_to(top).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def engine_graph(root: Path = ENGINE) -> dict[str, set[str]]:
    """Every module under `root` -> the modules of the same tree it imports, type hints and imports
    inside functions included, with the packages an import runs first (its own package aside)."""
    paths = {_module_name(p, root.parent): p for p in sorted(root.rglob("*.py"))}

    def runs(name: str) -> set[str]:
        parts = name.split(".")
        return {m for m in (".".join(parts[:i]) for i in range(1, len(parts) + 1)) if m in paths}

    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found |= runs(node.module)
                found |= {f"{node.module}.{a.name}" for a in node.names if f"{node.module}.{a.name}" in paths}
            elif isinstance(node, ast.Import):
                for a in node.names:
                    found |= runs(a.name)
        graph[name] = {m for m in found if m != name and not name.startswith(m + ".")}
    return graph


def part(module: str) -> str | None:
    """`engine.notation.cjk.words` -> "notation"; the `engine` package itself has no part."""
    pieces = module.split(".")
    return pieces[1] if len(pieces) > 1 else None


def upward_arrows(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Every import from one part of engine/ to a part it may not import."""
    wrong = []
    for module, targets in sorted(graph.items()):
        here = part(module)
        if here is None:
            continue
        for target in sorted(targets):
            there = part(target)
            if there is not None and there != here and there not in MAY_IMPORT.get(here, set()):
                wrong.append((module, target))
    return wrong


def test_the_graph_sees_type_hints_and_late_imports(tmp_path: Path) -> None:
    """The checks below mean something only if a circle of type hints, or one through an import
    inside a function, is found."""
    pkg = tmp_path / "engine"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from engine.b import B\n")
    (pkg / "b.py").write_text("def f():\n    from engine.a import A\n")
    graph = engine_graph(pkg)
    assert graph["engine.a"] == {"engine.b"} and graph["engine.b"] == {"engine.a"}
    assert cycle_in(graph) == ["engine.a", "engine.b", "engine.a"]


def test_every_part_of_the_engine_is_placed() -> None:
    parts = {part(m) for m in engine_graph()} - {None}
    assert parts == set(MAY_IMPORT), parts ^ set(MAY_IMPORT)


def test_no_import_circle_in_the_engine_even_for_type_hints() -> None:
    graph = engine_graph()
    # The whole-hand record sits below the three modules that once formed a type-hint circle over it.
    for reader in ("engine.notation.streets", "engine.notation.hand_header", "engine.notation.showdown"):
        assert "engine.notation.whole_hand" in graph[reader], reader
    assert cycle_in(graph) is None, cycle_in(graph)


def test_the_engine_packages_point_one_way() -> None:
    graph = engine_graph()
    assert "engine.betting.reader" in graph["engine.betting.apply"]
    assert any(part(t) == "notation" for t in graph["engine.betting.state"])
    assert upward_arrows(graph) == []


def test_an_upward_arrow_is_found() -> None:
    assert upward_arrows({"engine.notation.read": {"engine.betting.records"},
                          "engine.betting.state": {"engine.notation.words"}}) == [
        ("engine.notation.read", "engine.betting.records")]
    assert cycle_in({"engine.notation.a": {"engine.notation.b"}, "engine.notation.b": {"engine.notation.a"}})
