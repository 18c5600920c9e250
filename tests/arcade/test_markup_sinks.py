"""Where a string can become markup in the arcade, checked on the source (an AST walk): a
notification, a ``Static``/``Label`` or a button given anything but a literal is given it as
text (``markup=False``, or ``plain(...)``/``Text``/``Content``), and nothing parses markup
but from a literal.  The Pilot tests of ``test_files_and_names.py`` try the places with
hostile names; this keeps a new place from appearing unnoticed."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEXT_MAKERS = {"plain", "Text", "Content", "assemble", "from_text_plain"}
"""Calls whose result is text, never parsed as markup."""
WIDGETS_WITH_MARKUP = {"Static", "Label"}
BUTTONS = {"Button"}
PARSERS = {"from_markup"}
PARSING_ALLOWED = {("arcade/widgets/lines.py", "_as_text")}
"""``LineText._as_text`` parses markup only for a widget made with ``markup=True`` (none is)."""
FIXED_SENTENCES = {("arcade/screens/ti57_duel/curtain.py", "text"), ("arcade/screens/ti57_duel/curtain.py", "question")}
"""Attributes holding only the duel's own sentences (a player's number, no name, nothing typed)."""


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _literal(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _text(node: ast.expr, where: str = "") -> bool:
    """A literal, a class's constant (``self.INTRO``), one of ``FIXED_SENTENCES``, or a call that
    makes text (``plain(name)``, ``Text(...)``)."""
    if isinstance(node, ast.Attribute) and (node.attr.isupper() or (where, node.attr) in FIXED_SENTENCES):
        return True
    return _literal(node) or (isinstance(node, ast.Call) and _name(node.func) in TEXT_MAKERS)


def _markup_off(call: ast.Call) -> bool:
    return any(k.arg == "markup" and isinstance(k.value, ast.Constant) and k.value.value is False for k in call.keywords)


def _markup_on(call: ast.Call) -> bool:
    return any(k.arg == "markup" and not (isinstance(k.value, ast.Constant) and k.value.value is False)
               for k in call.keywords)


def sinks() -> list[str]:
    """Every place in ``arcade/`` where a string that is not a literal may be read as markup."""
    found: list[str] = []
    for path in sorted((ROOT / "arcade").rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        enclosing: dict[int, str] = {}  # a node -> the innermost function holding it (outer ones walked first)
        for function in ast.walk(tree):
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(function):
                    enclosing[id(inner)] = function.name
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            first = node.args[0] if node.args else None
            line = f"{where}:{node.lineno} {name}"
            if name == "notify" and first is not None and not _literal(first) and not _markup_off(node) \
                    and enclosing.get(id(node)) != "notify":  # an override passes its caller's markup choice on
                found.append(line + ": a message that is not a literal, without markup=False")
            elif name in WIDGETS_WITH_MARKUP and first is not None and not _text(first, where) and not _markup_off(node):
                found.append(line + ": content that is not a literal, without markup=False")
            elif name in {"LineText", "Words"} and _markup_on(node):
                found.append(line + ": made with markup")
            elif name in BUTTONS and first is not None and not _text(first):
                found.append(line + ": a label that is not a literal nor plain(...)")
            elif name in PARSERS and first is not None and not _literal(first) \
                    and (where, enclosing.get(id(node), "")) not in PARSING_ALLOWED:
                found.append(line + ": markup parsed from a string that is not a literal")
    return found


def test_no_string_from_outside_can_reach_markup() -> None:
    assert sinks() == []


def test_the_walk_finds_each_kind_of_sink(tmp_path: Path) -> None:
    """The walk is not blind: each kind of sink, written in a module, is found."""
    import tests.arcade.test_markup_sinks as walk

    fake = tmp_path / "arcade"
    fake.mkdir()
    (fake / "bad.py").write_text(
        "def f(self, name):\n"
        "    self.notify(f'card {name}')\n"
        "    Static(name)\n"
        "    Label(f'{name}')\n"
        "    Button(name)\n"
        "    Content.from_markup(name)\n"
        "    Words(markup=True)\n"
        "    self.notify(name, markup=False)\n"
        "    Static(plain(name))\n"
        "    Button(plain(name))\n"
        "    Static('fixed')\n",
        encoding="utf-8",
    )
    old = walk.ROOT
    walk.ROOT = tmp_path
    try:
        found = walk.sinks()
    finally:
        walk.ROOT = old
    assert [line.split(" ")[1].split(":")[0] for line in found] == \
        ["notify", "Static", "Label", "Button", "from_markup", "Words"]
