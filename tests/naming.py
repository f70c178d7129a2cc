"""Where a source file names something in code: the scanner of the tests that keep every
fact about a game in its folder (``tests/test_names_no_game.py``: no file of the library
outside a game's folder names a built-in game; ``tests/rl/test_rl_installed_game.py``: no
line outside its package names the example game).

Code is a Python module's names, attributes, imports and strings, less its docstrings
(any string standing alone: a module's, a class's, a function's or an attribute's, with
the examples they hold), and a script's or page's text less its comments (``//`` to the
end of a line, ``/* ... */``, ``<!-- ... -->``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

SUFFIXES = (".py", ".js", ".html")
"""The kinds of source file scanned."""


def python_code(text: str) -> list[tuple[int, str]]:
    """The words of a module's code by line: its names, attributes, imports and strings,
    less its docstrings."""
    tree = ast.parse(text)
    docstrings = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    words: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                words.append((node.lineno, node.value))
        elif isinstance(node, ast.Name):
            words.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            words.append((node.lineno, node.attr))
        elif isinstance(node, ast.alias):
            words.append((node.lineno, node.name))
    return words


def script_code(text: str) -> list[tuple[int, str]]:
    """A script's or page's lines less their comments (``//`` to the end of a line after a
    space or at its start, ``/* ... */``, ``<!-- ... -->``)."""
    text = re.sub(r"/\*.*?\*/|<!--.*?-->", lambda m: "\n" * m.group().count("\n"), text, flags=re.S)
    return [
        (number, re.sub(r"(^|\s)//.*$", "", line))
        for number, line in enumerate(text.splitlines(), start=1)
    ]


def namings(path: Path, names: Iterable[str], root: Path) -> list[str]:
    """Where ``path`` (a ``.py``, ``.js`` or ``.html`` file) names one of ``names`` in code,
    as whole words in any case: ``FILE:LINE: the line``, ``FILE`` from ``root``."""
    named = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, names)) + r")(?![\w-])", re.I)
    text = path.read_text(encoding="utf-8")
    words = python_code(text) if path.suffix == ".py" else script_code(text)
    lines = text.splitlines()
    return [
        f"{path.relative_to(root).as_posix()}:{number}: {lines[number - 1].strip()}"
        for number, said in words
        if named.search(said)
    ]


def sources(root: Path) -> list[Path]:
    """Every ``.py``, ``.js`` and ``.html`` file under ``root``, in order."""
    return sorted(path for suffix in SUFFIXES for path in root.rglob(f"*{suffix}"))
