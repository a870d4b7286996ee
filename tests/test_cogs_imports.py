"""The Discord layer's modules import each other in one direction only (no circles).

`cogs.respond` once imported `cogs.show_rules` inside a function while `cogs.show_rules`
imported `cogs.respond` at the top: it worked only because of the order things were loaded in.
Every import counts here, at the top or inside a function; only `if TYPE_CHECKING:` ones don't
(they never run).
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


def test_the_checker_finds_a_circle():
    assert cycle_in({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle_in({"a": {"b"}, "b": set()}) is None


def test_no_import_circle_among_the_cogs():
    graph = import_graph()
    assert "cogs.answer" in graph["cogs.show_rules"] and "cogs.show_rules" in graph["cogs.respond"]
    assert cycle_in(graph) is None, cycle_in(graph)
