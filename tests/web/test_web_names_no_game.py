"""The web front end knows no game by name: outside a game's own board file
(``static/boards/GAME.js``), no script, page or module of ``picnic_rules.web`` names a
built-in game in code -- comments and docstrings (with their examples) aside. What the page
says of a game comes from the lobby, which reads each game's record.

The one known exception is explicit: ``POST /api/games``, the old endpoint that opens a
sandwich table, whose retirement is another part of issue 39 ("one endpoint to open a
table"); it is allowed on its one line and nowhere else.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import picnic_rules.web
from picnic_rules.registry import BUILTIN

WEB = Path(picnic_rules.web.__file__).parent
BUILT_IN = tuple(module.rpartition(".")[2] for module in BUILTIN)
NAMED = re.compile(r"\b(" + "|".join(BUILT_IN) + r")\b", re.IGNORECASE)
KNOWN = {("app.py", 'GAME: Final = "sandwich"')}
"""The lines allowed to name a game, by file: the old sandwich-only endpoint."""


def python_code(text: str) -> list[tuple[int, str]]:
    """The words of a module's code by line: its names, attributes, imports and strings,
    less its docstrings."""
    tree = ast.parse(text)
    # a string standing alone is a docstring (a module's, a function's, or an attribute's)
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


def namings(path: Path) -> list[str]:
    """Where ``path`` names a built-in game in code: ``FILE:LINE: the words``."""
    text = path.read_text(encoding="utf-8")
    words = python_code(text) if path.suffix == ".py" else script_code(text)
    lines = text.splitlines()
    found = []
    for number, said in words:
        if NAMED.search(said) and (path.name, lines[number - 1].strip()) not in KNOWN:
            found.append(f"{path.relative_to(WEB)}:{number}: {lines[number - 1].strip()}")
    return found


def sources() -> list[Path]:
    """Every .py, .js and .html file of picnic_rules.web but the games' own boards."""
    boards = {WEB / "static" / "boards" / f"{name}.js" for name in BUILT_IN}
    return sorted(
        path
        for suffix in ("*.py", "*.js", "*.html")
        for path in WEB.rglob(suffix)
        if path not in boards
    )


def test_no_source_of_the_web_names_a_built_in_game() -> None:
    assert len(sources()) >= 10  # the modules, the page, app.js and common.js
    assert [where for path in sources() for where in namings(path)] == []


@pytest.mark.parametrize(
    ("suffix", "text", "caught"),
    [
        (".py", 'BOARDS = ("common", "sandwich")\n', True),
        (".py", "from .. import poultry\n", True),
        (".py", "x = GAMES.ants\n", True),
        (".py", '"""About poultry."""\nx = 1\n', False),  # a docstring
        (".py", "x = 1  # poultry\n", False),  # a comment
        (".js", 'const NAMES = { insects: "Insects" };\n', True),
        (".js", 'if (name === "ants") go();\n', True),
        (".js", "// the ants board\nconst x = 1; // poultry\n", False),
        (".js", "/* sandwich\n   poultry */ const y = 2;\n", False),
        (".js", 'const url = "http://x/sandwich";\n', True),
        (".html", "<title>Sandwich and ants</title>\n", True),
        (".html", "<!-- insects -->\n<p>Games</p>\n", False),
    ],
)
def test_the_walk_finds_a_game_named_in_code_and_only_there(
    tmp_path: Path, suffix: str, text: str, caught: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The walk itself: a name in code is caught (with its file and line), one in a comment
    or docstring is not."""
    monkeypatch.setattr(__import__(__name__), "WEB", tmp_path)
    path = tmp_path / f"probe{suffix}"
    path.write_text(text, encoding="utf-8")
    found = namings(path)
    assert bool(found) == caught, found
    if caught:
        assert found[0].startswith(f"probe{suffix}:")
