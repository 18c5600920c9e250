"""The layers as the code states them, checked on the source (an AST walk, nothing imported).

``arcade -> games -> machines``, never upward: ``arcade`` (the Textual app) never
imports ``machines`` and never reaches ``something.machine.attr``; ``games`` knows
nothing of ``arcade`` or Textual; ``machines`` are pure Python (no game, no app, no
Textual, no Rich).  And no import cycle between the project's modules, counting the
imports inside functions too (they are cycles all the same, only deferred) and those
under ``if TYPE_CHECKING:`` (not run, but a loop in the design all the same: the lower
module names what it needs of the other in a small ``Protocol`` instead, as
``machines/cpc/runtime/host.py``).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("arcade", "games", "machines")

FORBIDDEN = {
    "arcade": ("machines",),
    "games": ("arcade", "textual"),
    "machines": ("games", "arcade", "textual", "rich"),
}


@dataclass(frozen=True)
class Import:
    module: str  # the importing module, dotted
    target: str  # the module imported (``from a import b``: ``a.b`` when that is a module, else ``a``)
    line: int
    type_only: bool  # under ``if TYPE_CHECKING:``


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_files() -> dict[str, Path]:
    return {module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a ``from ... import`` names (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
    return ".".join([*base, node.module] if node.module else base)


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def imports_of(module: str, path: Path, known: set[str], tree: ast.Module | None = None) -> list[Import]:
    """The imports of ``module`` (its source at ``path``, or its ``tree`` if parsed already)."""
    tree = parse(path) if tree is None else tree
    found: list[Import] = []
    is_package = path.name == "__init__.py"

    def visit(node: ast.AST, type_only: bool) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, True)
            for child in node.orelse:
                visit(child, type_only)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append(Import(module, alias.name, node.lineno, type_only))
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, is_package, node)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.append(Import(module, sub if sub in known else base, node.lineno, type_only))
        for child in ast.iter_child_nodes(node):
            visit(child, type_only)

    visit(tree, False)
    return found


@dataclass(frozen=True)
class Project:
    """What the rules check, read from the project's modules, each parsed once: their imports and
    arcade/'s reaches through ``.machine`` (the trees themselves are not kept: a large heap would
    slow every later test's garbage collection)."""

    files: dict[str, Path]
    imports: list[Import]
    machine_reaches: list[str]


def read_project() -> Project:
    files = project_files()
    known = set(files)
    imports: list[Import] = []
    reaches: list[str] = []
    for name, path in files.items():
        tree = parse(path)
        imports += imports_of(name, path, known, tree)
        reaches += machine_reaches(name, tree)
    return Project(files, imports, sorted(reaches, key=lambda f: (f.split(":")[0], int(f.split(":")[1].split()[0]))))


@pytest.fixture(scope="module")
def project() -> Project:
    return read_project()


def _top(name: str) -> str:
    return name.partition(".")[0]


def layer_breaches(imports: list[Import]) -> list[str]:
    breaches = []
    for imp in imports:
        for banned in FORBIDDEN[_top(imp.module)]:
            if imp.target == banned or imp.target.startswith(banned + "."):
                breaches.append(f"{imp.module}:{imp.line} imports {imp.target}")
    return breaches


def machine_reaches(name: str, tree: ast.Module) -> list[str]:
    """``x.machine.y`` in module ``name`` if it is under arcade/ (a screen or widget reaching past its driver)."""
    if _top(name) != "arcade":
        return []
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) and node.value.attr == "machine":
            found.append(f"{name}:{node.lineno} reaches .machine.{node.attr}")
    return sorted(found, key=lambda f: int(f.split(":")[1].split()[0]))


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative; components of more than one module, or a module importing itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in graph.get(node, ()):
                        components.append(sorted(component))
    return components


def import_graph(imports: list[Import], known: set[str]) -> dict[str, set[str]]:
    """Who imports whom among ``known`` modules, type-only imports included."""
    graph: dict[str, set[str]] = {name: set() for name in known}
    for imp in imports:
        if imp.target in known and imp.target != imp.module:
            graph[imp.module].add(imp.target)
    return graph


# -- the checker checks: small graphs and sources whose answer is known ---------------------------


def test_strongly_connected_finds_cycles_and_only_cycles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"e"}, "e": set(), "f": {"f"}, "g": {"a"}}
    assert sorted(strongly_connected(graph)) == [["a", "b", "c"], ["f"]]
    assert strongly_connected({"a": {"b"}, "b": set()}) == []


def test_imports_inside_functions_count_and_type_checking_ones_are_marked(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from arcade.shell.app import ArcadeApp\n"
        "def f():\n    from arcade.shell import keymap\n    import machines.ti57\n"
        "from . import sibling\n",
        encoding="utf-8",
    )
    found = {(i.target, i.type_only) for i in imports_of("arcade.m", source, {"arcade.shell.keymap", "arcade.sibling"})}
    assert ("arcade.shell.app", True) in found
    assert ("arcade.shell.keymap", False) in found
    assert ("machines.ti57", False) in found
    assert ("arcade.sibling", False) in found


def test_a_loop_made_only_of_type_checking_imports_is_a_cycle(tmp_path: Path) -> None:
    (tmp_path / "low.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from arcade.high import High\n", encoding="utf-8")
    (tmp_path / "high.py").write_text("from arcade.low import helper\n", encoding="utf-8")
    known = {"arcade.low", "arcade.high"}
    imports = [imp for name in sorted(known) for imp in imports_of(name, tmp_path / f"{name[7:]}.py", known)]
    assert strongly_connected(import_graph(imports, known)) == [["arcade.high", "arcade.low"]]


# -- the rules -------------------------------------------------------------------------------------


def test_each_layer_imports_only_downward(project: Project) -> None:
    breaches = layer_breaches(project.imports)
    assert not breaches, "imports across the layers (arcade -> games -> machines only):\n" + "\n".join(breaches)


def test_arcade_never_reaches_a_machine_through_a_driver(project: Project) -> None:
    found = project.machine_reaches
    assert not found, "arcade/ reads a machine directly (ask the driver or session for a view):\n" + "\n".join(found)


def test_no_import_cycle_between_project_modules(project: Project) -> None:
    cycles = strongly_connected(import_graph(project.imports, set(project.files)))
    assert not cycles, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in cycles)
