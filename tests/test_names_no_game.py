"""A game's folder is the only place that knows it (issue 39): outside
``src/picnic_rules/<game>/``, the registry (its list of the built-in modules,
:data:`picnic_rules.registry.BUILTIN`) and the game's own board file
(``web/static/boards/<game>.js``), no ``.py``, ``.js`` or ``.html`` file of the library
names a built-in game in code -- docstrings and comments, with the examples they hold,
aside. The terminal, the web server and its page, the host, the codec, the agents, the
harness and the adapters read each game from its :class:`~picnic_rules.Game` record.

The walk says where it finds one (``FILE:LINE: the line``), and the tests below prove it
finds a name planted in code and passes one in a docstring or comment.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from games import BUILT_IN
from naming import namings, sources

import picnic_rules

PACKAGE = Path(picnic_rules.__file__).resolve().parent


def allowed(path: Path, root: Path) -> bool:
    """Whether ``path`` may name a built-in game: a file of a game's own folder, the
    registry, or a game's own board file."""
    parts = path.relative_to(root).parts
    return (
        parts[0] in BUILT_IN
        or parts == ("registry.py",)
        or (parts[:-1] == ("web", "static", "boards") and Path(parts[-1]).stem in BUILT_IN)
    )


def found(root: Path) -> list[str]:
    """Every place under ``root`` (a copy of the package) that names a built-in game where
    it may not."""
    return [
        where
        for path in sources(root)
        if not allowed(path, root)
        for where in namings(path, BUILT_IN, root)
    ]


def test_no_source_outside_a_games_folder_names_a_built_in_game() -> None:
    walked = [path for path in sources(PACKAGE) if not allowed(path, PACKAGE)]
    assert len(walked) > 100  # the whole library: core, kit, cli, host, web, adapters
    assert {path.relative_to(PACKAGE).parts[0] for path in walked} >= {
        "cli",
        "codec",
        "host",
        "kit",
        "web",
        "agents",
        "testing",
        "pettingzoo",
        "openspiel",
        "game.py",
    }
    assert found(PACKAGE) == []


@pytest.mark.parametrize(
    ("where", "text", "caught"),
    [
        ("cli/probe.py", 'HINT = "e.g. sandwich"\n', True),
        ("host/probe.py", "from .. import poultry\n", True),
        ("codec/probe.py", "x = GAMES.ants\n", True),
        ("testing/probe.py", "if game.name == 'Insects':\n    pass\n", True),
        ("kit/probe.py", '"""About poultry."""\nx = 1\n', False),  # a docstring
        ("agents/probe.py", "x = 1  # poultry\n", False),  # a comment
        ("agents/probe.py", "x = 1\n'''The ants' example:\n>>> GAMES['ants']\n'''\n", False),
        ("web/static/probe.js", 'const NAMES = { insects: "Insects" };\n', True),
        ("web/static/probe.js", "// the ants board\nconst x = 1; // poultry\n", False),
        ("web/static/probe.html", "<title>Sandwich and ants</title>\n", True),
        ("web/static/probe.html", "<!-- insects -->\n<p>Games</p>\n", False),
        ("web/static/boards/poultry.js", 'const NAME = "poultry";\n', False),  # its board
        ("web/static/boards/common.js", 'if (name === "poultry") go();\n', True),
        ("ants/probe.py", 'NAME = "ants"\n', False),  # the game's own folder
        ("registry.py", 'BUILTIN = ("picnic_rules.sandwich",)\n', False),
        ("pettingzoo/probe.py", "LIMIT = 50  # antsy\nSANDWICHES = 3\n", False),  # no word
    ],
)
def test_the_walk_finds_a_game_named_in_code_and_says_where(
    tmp_path: Path, where: str, text: str, caught: bool
) -> None:
    path = tmp_path / where
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    places = found(tmp_path)
    assert bool(places) == caught, places
    if caught:
        assert places[0].startswith(f"{where}:")


def test_the_scan_finds_any_name_given_it(tmp_path: Path) -> None:
    """The same scan keeps the installed example's name out of the library
    (``tests/rl/test_rl_installed_game.py``): a name with a dash or an underscore, in code
    only."""
    probe = tmp_path / "probe.py"
    probe.write_text('"""About keep_or_swap."""\nGAME = "keep-or-swap"\nimport keep_or_swap\n')
    places = namings(probe, ("keep-or-swap", "keep_or_swap"), tmp_path)
    assert [place.split(": ")[0] for place in places] == ["probe.py:2", "probe.py:3"]
