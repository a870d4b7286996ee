"""The Discord layer's modules, and the handlers', import each other in one direction only (no circles).

`cogs.respond` once imported `cogs.show_rules` inside a function while `cogs.show_rules`
imported `cogs.respond` at the top: it worked only because of the order things were loaded in.
Every import counts here, at the top or inside a function; only `if TYPE_CHECKING:` ones don't
(they never run). Importing `a.b.c` runs the packages `a` and `a.b` first, so those count too:
two such circles hid behind lazy imports in handlers/ (ruling -> whole -> ruling, and the blind
clock's service -> store -> blind records -> handlers.blinds -> session -> service).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _imports(tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = []
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "cogs":
                found.update(f"cogs.{a.name}" for a in node.names)
            elif node.module.startswith("cogs."):
                found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("cogs."))
    return found


def import_graph() -> dict[str, set[str]]:
    return {f"cogs.{p.stem}": _imports(ast.parse(p.read_text(encoding="utf-8")))
            for p in sorted((ROOT / "cogs").glob("*.py")) if p.stem != "__init__"}


def cycle_in(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return None


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def handlers_graph(tops: tuple[str, ...] = ("handlers", "cogs")) -> dict[str, set[str]]:
    """handlers/ and cogs/ (or the packages in `tops`): each module -> the project modules it runs
    when imported or called, parent packages included (a module's own package aside: Python has it
    loaded already)."""
    paths = {_module_name(p): p for top in tops for p in sorted((ROOT / top).rglob("*.py"))}

    def runs(name: str) -> set[str]:
        parts = name.split(".")
        return {m for m in (".".join(parts[:i]) for i in range(1, len(parts) + 1)) if m in paths}

    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        found: set[str] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                node.body = []
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found |= runs(node.module)
                found |= {f"{node.module}.{a.name}" for a in node.names if f"{node.module}.{a.name}" in paths}
            elif isinstance(node, ast.Import):
                for a in node.names:
                    found |= runs(a.name)
        graph[name] = {m for m in found if m != name and not name.startswith(m + ".")}
    return graph


def test_the_checker_finds_a_circle():
    assert cycle_in({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle_in({"a": {"b"}, "b": set()}) is None


def test_no_import_circle_among_the_cogs():
    graph = import_graph()
    assert "cogs.answer" in graph["cogs.show_rules"] and "cogs.show_rules" in graph["cogs.respond"]
    assert cycle_in(graph) is None, cycle_in(graph)


def test_no_import_circle_among_the_handlers_and_cogs():
    graph = handlers_graph()
    assert "handlers.whole" in graph["handlers.ruling_command"] and "handlers.ruling" in graph["handlers.whole"]
    assert "handlers.blinds.model" in graph["handlers.blinds.session"]
    assert not any(m.startswith("cogs") for m in graph["handlers.dispatch"] | graph["handlers.ruling"])
    assert cycle_in(graph) is None, cycle_in(graph)


def test_no_import_circle_in_the_engine():
    """engine/ on its own: two circles hid there behind imports inside functions (notation ->
    header -> hand_header -> notation, for the header word tables; notation -> fold_around ->
    seating -> notation, to write out "everyone folds")."""
    graph = handlers_graph(("engine",))
    assert "engine.notation.seating" in graph["engine.notation.fold_around"] and "engine.notation.header" in graph["engine.notation.read"]
    assert cycle_in(graph) is None, cycle_in(graph)
