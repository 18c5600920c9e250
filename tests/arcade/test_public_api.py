"""Textual and Rich through their public API only, checked on the source (an AST walk) and the classes.

Every module under ``arcade/`` and ``tests/arcade/`` but the one compatibility module (``COMPAT``, where
each thing Textual offers no public way for is kept with why and a canary) and its canaries
(``CANARIES``, which touch those private things on purpose):

- imports no private module or name of Textual or Rich (``textual._context``,
  ``textual.widgets._header``, ``from textual.x import _y``);
- subclasses no private class of theirs (one that no public module of theirs gives: Textual's
  widgets live in private modules, but ``textual.widgets`` gives ``Footer``, not ``FooterKey``);
- in a subclass of theirs, reads, writes or overrides no private name their classes define on
  ``self`` (their methods, reactives and class attributes, and every ``self._x`` in their
  source: ``_file``, ``_loop``, ``_border_title``...), by attribute or by ``getattr(self, "_x")``;
- on any other object, reads or writes no private name that the project's own code does not
  define (``writer._queue``, ``app._screen_stacks``, ``widget._arcade_shown = ...``), and no
  name-mangled one (``_Static__content``);
- replaces nothing of theirs: no ``monkeypatch.setattr`` or ``setattr`` on a class, function or
  module imported from Textual or Rich, nor on one named by its dotted path (``"textual.x.y"``):
  a test needing a driver or an app that behaves otherwise subclasses it.

The last is an approximation: the object's type is not known from the source, so a private
name the project defines somewhere (on its own classes) is taken as the project's.  Names of
modules imported from elsewhere (``os._exit``) and a named tuple's ``_replace``/``_asdict``/
``_fields`` are not Textual's or Rich's.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import sys
import textwrap
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
COMPAT = "arcade/runtime/textual_compat.py"
"""The one module allowed Textual's and Rich's private names."""
SAMPLES = Path(__file__).resolve().parent / "public_api_samples"
"""Modules that breach the rules, as text (never imported): what the walk's own check must find."""
CANARIES = "tests/arcade/test_textual_compat.py"
"""The compatibility module's canaries: they look at the private names it uses."""
WALKED = ("arcade", "tests/arcade")
"""What is walked: the app, and the tests that drive it (the only tests that use Textual or Rich)."""
LIBRARIES = ("textual", "rich")
PROJECT = ("arcade", "games", "machines", "tests/arcade")
NAMED_TUPLE = {"_replace", "_asdict", "_fields", "_make", "_field_defaults"}
"""Private-looking names that are a named tuple's public API."""
ATTRIBUTE_CALLS = {"getattr", "setattr", "hasattr", "delattr"}
LEAVING: set[str] = set()
"""Modules on their way out, allowed private names until they go (none now)."""
LEAVING_USES: set[tuple[str, str, str]] = set()
"""(module, function, private name): uses allowed until their module changes (none now)."""
READ_IN_TESTS: set[tuple[str, str]] = set()
"""(test module, private name): Textual's private names a test still reads, to go (none now): a test
reads the screen through ``textual_compat`` and the widgets' public state."""


def _private(name: str) -> bool:
    """``_x``, not ``__x__`` (a dunder) nor ``_x_`` (an enum's sunder)."""
    return name.startswith("_") and not name.endswith("_")


def _library(module: str) -> bool:
    return module.partition(".")[0] in LIBRARIES


def _private_module(module: str) -> bool:
    return any(part.startswith("_") and not part.startswith("__") for part in module.split("."))


@dataclass(frozen=True)
class Breach:
    where: str  # path:line
    what: str

    def __str__(self) -> str:
        return f"{self.where} {self.what}"


# -- what the libraries and the project define --------------------------------------------------


@lru_cache(maxsize=None)
def _self_names_in_source(klass: type) -> frozenset[str]:
    """Every private ``self._x`` in a library class's own source."""
    try:
        source = textwrap.dedent(inspect.getsource(klass))
    except (OSError, TypeError):
        return frozenset()
    return frozenset(node.attr for node in ast.walk(ast.parse(source))
                     if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                     and node.value.id == "self" and _private(node.attr))


@lru_cache(maxsize=None)
def library_names(klass: type) -> frozenset[str]:
    """The private names the Textual and Rich classes of ``klass``'s MRO define (see the module)."""
    names: set[str] = set()
    for base in klass.__mro__:
        if _library(base.__module__):
            names.update(name for name in vars(base) if _private(name))
            names.update(_self_names_in_source(base))
    return frozenset(names)


def public_class(klass: type) -> bool:
    """A library class some public module of the library gives (``textual.widgets.Footer``)."""
    if klass.__qualname__ != klass.__name__ or klass.__name__.startswith("_"):
        return False
    parts = klass.__module__.split(".")
    for end in range(len(parts), 0, -1):
        module = ".".join(parts[:end])
        if _private_module(module):
            continue
        try:
            if getattr(importlib.import_module(module), klass.__name__, None) is klass:
                return True
        except ImportError:
            continue
    return False


def source_files(root: Path = ROOT) -> dict[str, Path]:
    """``arcade/...py`` and ``tests/...py`` -> its path, the compatibility module and its canaries left out."""
    files = {p.relative_to(root).as_posix(): p for package in WALKED for p in sorted((root / package).rglob("*.py"))}
    for left_out in (COMPAT, CANARIES, *LEAVING):
        files.pop(left_out, None)
    return files


@lru_cache(maxsize=None)
def _tree(path: Path) -> ast.Module:
    """A file's syntax tree, parsed once per walk (``breaches`` lets them go when it ends)."""
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def project_names(root: Path = ROOT) -> frozenset[str]:
    """The private names the project's own code defines: functions, classes, class attributes, module
    names, and attributes set on ``self`` or ``cls`` (never one set on another object)."""
    names: set[str] = set()
    for package in PROJECT:
        for path in (root / package).rglob("*.py"):
            if path.relative_to(root).as_posix() in (COMPAT, CANARIES):
                continue
            for node in ast.walk(_tree(path)):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    names.add(node.name)
                    if isinstance(node, ast.ClassDef):
                        for item in node.body:
                            for target in _targets(item):
                                if isinstance(target, ast.Name):
                                    names.add(target.id)
                elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                    for target in _targets(node):
                        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                                and target.value.id in ("self", "cls"):
                            names.add(target.attr)
                elif isinstance(node, ast.Module):
                    for item in node.body:
                        for target in _targets(item):
                            if isinstance(target, ast.Name):
                                names.add(target.id)
    return frozenset(name for name in names if _private(name))


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return [t for target in node.targets for t in (target.elts if isinstance(target, ast.Tuple) else [target])]
    if isinstance(node, (ast.AnnAssign, ast.AugAssign)):
        return [node.target]
    return []


# -- the walk --------------------------------------------------------------------------------------


def _module_of(path: Path, root: Path) -> ModuleType | None:
    """The module at ``path`` (imported as the project imports it; a file outside the project by path);
    None if it needs what is not installed (``arcade/web`` without the ``web`` extra, a test module
    skipped without ``playwright``): its source is walked all the same, its classes not looked at."""
    relative = path.relative_to(root).with_suffix("")
    name = ".".join(relative.parts[:-1] if relative.name == "__init__" else relative.parts)
    if root == ROOT:
        try:
            return importlib.import_module(name)
        except (ImportError, pytest.skip.Exception):
            return None
    spec = importlib.util.spec_from_file_location(f"_public_api_walk.{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _imported_modules(tree: ast.Module) -> set[str]:
    """Names bound to a module that is not Textual's or Rich's (``import os``: ``os``)."""
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if not _library(alias.name):
                    bound.add(alias.asname or alias.name.partition(".")[0])
    return bound


def _self_like(node: ast.expr) -> bool:
    """``self``, ``cls`` or ``super()``."""
    return (isinstance(node, ast.Name) and node.id in ("self", "cls")) or (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super")


def breaches(root: Path = ROOT) -> list[Breach]:
    try:
        ours = project_names(root)
        found: list[Breach] = []
        for where, path in source_files(root).items():
            tree = _tree(path)
            module = _module_of(path, root)
            modules = _imported_modules(tree)
            found += _import_breaches(where, tree)
            found += _class_breaches(where, tree, module)
            found += _access_breaches(where, tree, module, modules, ours)
            found += _patch_breaches(where, tree)
        return found
    finally:
        _tree.cache_clear()  # the project's syntax trees (~600,000 objects) would stay for the worker's life


def _patch_breaches(where: str, tree: ast.Module) -> list[Breach]:
    """``monkeypatch.setattr`` / ``setattr`` on something imported from Textual or Rich, or named by a
    dotted path into them."""
    theirs = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and _library(node.module):
            theirs.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            theirs.update(alias.asname or alias.name.partition(".")[0] for alias in node.names if _library(alias.name))
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        func = node.func
        setter = (isinstance(func, ast.Attribute) and func.attr == "setattr") or (
            isinstance(func, ast.Name) and func.id == "setattr")
        if not setter:
            continue
        target = node.args[0]
        while isinstance(target, ast.Attribute):
            target = target.value
        if isinstance(target, ast.Name) and target.id in theirs:
            found.append(Breach(f"{where}:{node.lineno}", f"replaces an attribute of Textual's or Rich's {target.id}"))
        elif isinstance(target, ast.Constant) and isinstance(target.value, str) and _library(target.value):
            found.append(Breach(f"{where}:{node.lineno}", f"replaces Textual's or Rich's {target.value}"))
    return found


def _import_breaches(where: str, tree: ast.Module) -> list[Breach]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _library(alias.name) and _private_module(alias.name):
                    found.append(Breach(f"{where}:{node.lineno}", f"imports the private module {alias.name}"))
        elif isinstance(node, ast.ImportFrom) and node.module and _library(node.module):
            if _private_module(node.module):
                found.append(Breach(f"{where}:{node.lineno}", f"imports from the private module {node.module}"))
            for alias in node.names:
                if _private(alias.name):
                    found.append(Breach(f"{where}:{node.lineno}", f"imports the private name {node.module}.{alias.name}"))
    return found


def _classes(tree: ast.Module, module: ModuleType | None) -> list[tuple[ast.ClassDef, type | None]]:
    """Every class statement with the class it made (None: made inside a function, not found)."""
    out: list[tuple[ast.ClassDef, type | None]] = []

    def visit(body: list[ast.stmt], owner: object) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                klass = getattr(owner, node.name, None) if owner is not None else None
                klass = klass if isinstance(klass, type) else None
                out.append((node, klass))
                visit(node.body, klass)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(node.body, None)
            elif isinstance(node, (ast.If, ast.Try)):
                visit([*node.body, *getattr(node, "orelse", [])], owner)

    visit(tree.body, module)
    return out


def _class_breaches(where: str, tree: ast.Module, module: ModuleType | None) -> list[Breach]:
    found = []
    for node, klass in _classes(tree, module):
        if klass is None:
            continue
        for base in klass.__bases__:
            if _library(base.__module__) and not public_class(base):
                found.append(Breach(f"{where}:{node.lineno}", f"{node.name} subclasses the private class "
                                                              f"{base.__module__}.{base.__qualname__}"))
        theirs = library_names(klass)
        for item in node.body:
            names = [item.name] if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) else \
                [t.id for t in _targets(item) if isinstance(t, ast.Name)]
            for name in names:
                if name in theirs:
                    found.append(Breach(f"{where}:{item.lineno}", f"{node.name} overrides the private {name} of its "
                                                                  "Textual or Rich base"))
    return found


def _access_breaches(where: str, tree: ast.Module, module: ModuleType | None, modules: set[str],
                     ours: frozenset[str]) -> list[Breach]:
    found: list[Breach] = []
    owner: dict[int, type | None] = {}  # a node -> the class whose method holds it (None: not known)
    function: dict[int, str] = {}  # a node -> the innermost function holding it
    made = {id(node): klass for node, klass in _classes(tree, module)}
    unheld = object()
    stack: list[tuple[ast.AST, str | None, object]] = [(tree, None, unheld)]
    while stack:  # one walk down the tree, each node told its function and its method's class
        node, held_by, klass = stack.pop()
        if held_by is not None:
            function[id(node)] = held_by
        if klass is not unheld:
            owner[id(node)] = klass  # type: ignore[assignment]
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                stack.append((child, child.name, made.get(id(node)) if isinstance(node, ast.ClassDef) else klass))
            else:
                stack.append((child, held_by, klass))

    def check(node: ast.AST, receiver: ast.expr, name: str) -> None:
        if not _private(name) or name in NAMED_TUPLE or (where, function.get(id(node)), name) in LEAVING_USES \
                or (where, name) in READ_IN_TESTS:
            return
        line = f"{where}:{node.lineno}"
        if "__" in name[1:] and name[1:2].isupper():
            found.append(Breach(line, f"reaches the name-mangled {name}"))
        elif _self_like(receiver) and id(node) in owner:
            klass = owner[id(node)]
            if klass is not None and name in library_names(klass):
                found.append(Breach(line, f"uses the private {name} of a Textual or Rich base"))
            elif name not in ours:  # a mixin's (its Textual base not known) or an unknown class's
                found.append(Breach(line, f"uses the private {name}, which the project does not define"))
        elif isinstance(receiver, ast.Name) and receiver.id in modules:
            return  # a module of the standard library or the project (``os._exit``)
        elif name not in ours:
            found.append(Breach(line, f"uses the private {name} of another object, which the project does not define"))

    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            check(node, node.value, node.attr)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ATTRIBUTE_CALLS \
                and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str):
            check(node, node.args[0], node.args[1].value)
    return found


# -- the rule, and the walk's own check -------------------------------------------------------------


def test_only_the_compatibility_module_uses_textual_s_or_rich_s_private_names() -> None:
    found = breaches()
    assert not found, (f"private names of Textual or Rich outside {COMPAT} (move them there, with why and a "
                       "canary in tests/arcade/test_textual_compat.py):\n" + "\n".join(map(str, found)))


def test_the_walk_finds_each_kind_of_breach(tmp_path: Path) -> None:
    """The walk is not blind: each kind of breach, written in a module of the app or in a test, is
    found, and the public ways of doing the same are not."""
    package = tmp_path / "arcade"
    package.mkdir()
    (package / "bad.py").write_text((SAMPLES / "bad_app_module.py.txt").read_text(encoding="utf-8"), encoding="utf-8")
    tests = tmp_path / "tests" / "arcade"
    tests.mkdir(parents=True)
    (tests / "test_bad.py").write_text((SAMPLES / "bad_test_module.py.txt").read_text(encoding="utf-8"), encoding="utf-8")
    (tests / "test_textual_compat.py").write_text("def test_canary(app):\n    assert app._notifications is not None\n",
                                                   encoding="utf-8")
    all_found = breaches(tmp_path)
    in_tests = {f"{b.where} {b.what}" for b in all_found if b.where.startswith("tests/")}
    assert in_tests == {
        "tests/arcade/test_bad.py:5 uses the private _compositor of another object, which the project does not define",
        "tests/arcade/test_bad.py:8 uses the private _notifications of another object, which the project does not define",
        "tests/arcade/test_bad.py:13 replaces an attribute of Textual's or Rich's LinuxDriver",
        "tests/arcade/test_bad.py:14 replaces Textual's or Rich's textual.app.App.bell",
        "tests/arcade/test_bad.py:15 replaces an attribute of Textual's or Rich's textual_app",
    }, "\n".join(sorted(in_tests))  # a test is walked as the app is; the canaries are left out
    found = [f"{b.where.split(':')[1]} {b.what}" for b in all_found if b.where.startswith("arcade/")]
    expected = {
        "4 imports from the private module textual._context",
        "5 imports from the private module textual.widgets._header",
        "11 Title subclasses the private class textual.widgets._header.HeaderTitle",
        "15 Driver overrides the private _sigtstp_application of its Textual or Rich base",
        "16 uses the private _file of a Textual or Rich base",
        "18 uses the private _writer_thread of a Textual or Rich base",
        "22 reaches the name-mangled _Static__content",
        "31 uses the private _styles_cache, which the project does not define",
        "36 uses the private _disabled of another object, which the project does not define",
        "37 uses the private _screen_stacks of another object, which the project does not define",
    }
    assert set(found) == expected, "\n".join(sorted(set(found) ^ expected))
