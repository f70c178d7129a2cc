"""The registry: the built-in games listed once, installed games found through entry points,
and register() for a user's own game; each then works by name everywhere."""

from __future__ import annotations

import ast
import importlib
import json
import os
import pkgutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from games import BUILT_IN

import picnic_rules
from picnic_rules import GAMES, PicnicError, RandomAgent, codec, get_game, play, register, replay
from picnic_rules.game import Game
from picnic_rules.registry import BUILTIN
from picnic_rules.sandwich import Rules

PACKAGE = Path(picnic_rules.__file__).parent


@pytest.fixture
def quick() -> Iterator[object]:
    game = attrs.evolve(
        GAMES["sandwich"],
        name="quick-sandwich",
        title="Two sandwiches win",
        variants={"default": Rules(sandwiches_to_win=2)},
    )
    yield game
    GAMES.pop("quick-sandwich", None)


def test_a_registered_game_is_found_by_name(quick) -> None:  # type: ignore[no-untyped-def]
    assert register(quick) is quick
    assert get_game("quick-sandwich") is quick
    assert register(quick) is quick  # again: harmless
    record = play("quick-sandwich", [RandomAgent(), RandomAgent()], seed=1,
                  rules=Rules(sandwiches_to_win=2))  # fmt: skip
    assert record.game == "quick-sandwich"
    assert codec.loads(codec.dumps(record)) == record
    assert replay(record)[-1].reason is not None


def test_names_are_not_taken_twice(quick) -> None:  # type: ignore[no-untyped-def]
    other = attrs.evolve(quick)
    register(quick)
    with pytest.raises(PicnicError, match="already registered as 'quick-sandwich'"):
        register(other)
    with pytest.raises(PicnicError, match="already registered as 'sandwich'"):
        register(attrs.evolve(GAMES["sandwich"]))


def test_only_games_register() -> None:
    before = set(GAMES)
    with pytest.raises(PicnicError, match="only a Game can be registered, not dict"):
        register({"name": "chess"})  # type: ignore[arg-type]
    assert set(GAMES) == before


# --------------------------------------------------------------------------
# the built-in games, listed once


def _game_packages() -> set[str]:
    """The subpackages of picnic_rules that hold a game record as ``GAME``."""
    found = set()
    for module in pkgutil.iter_modules([str(PACKAGE)], "picnic_rules."):
        if module.ispkg and isinstance(
            getattr(importlib.import_module(module.name), "GAME", None), Game
        ):
            found.add(module.name)
    return found


def test_every_built_in_game_is_listed_once_and_registered() -> None:
    assert len(set(BUILTIN)) == len(BUILTIN)
    assert _game_packages() == set(BUILTIN)
    for module in BUILTIN:
        game = importlib.import_module(module).GAME
        assert GAMES[game.name] is game


def _imported(node: ast.Import | ast.ImportFrom, package: str) -> list[str]:
    """The absolute names of the modules an import statement (in ``package``) reads."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = package.split(".")
    base = base[: len(base) - node.level + 1] if node.level else []
    module = ".".join([*base, *([node.module] if node.module else [])])
    return [module, *(f"{module}.{alias.name}" for alias in node.names)]


def _type_checking_only(tree: ast.Module) -> set[ast.AST]:
    """The import statements of ``tree`` under ``if TYPE_CHECKING:`` (for a type checker only)."""
    return {
        child
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
        for child in ast.walk(node)
        if isinstance(child, ast.Import | ast.ImportFrom)
    }


def test_the_core_imports_no_game() -> None:
    """Outside the games' own folders no module imports a game, not even the registry
    (it imports the modules named in BUILTIN by name, when a game is first looked up).
    The one exception is for a type checker only: the registry names the built-in games'
    classes under TYPE_CHECKING, so that ``GAMES["poultry"]`` is typed."""
    games = set(BUILTIN)
    folders = [PACKAGE / module.split(".")[-1] for module in games]
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if any(path.is_relative_to(folder) for folder in folders):
            continue
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        package = ".".join(parts if path.name == "__init__.py" else parts[:-1])
        package = package.removesuffix(".__init__")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = _type_checking_only(tree) if path.name == "registry.py" else set()
        for node in ast.walk(tree):
            if node in typing_only:
                continue
            if isinstance(node, ast.Import | ast.ImportFrom):
                for name in _imported(node, package):
                    if any(name == game or name.startswith(game + ".") for game in games):
                        offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {name}")
    assert offenders == []


def test_importing_the_package_imports_no_game() -> None:
    """``import picnic_rules`` (and its services) loads no game; looking one up by name
    loads that game alone; pickling a game goes by its name, with no call back up."""
    last = BUILT_IN[-1]
    script = (
        "import pickle, sys, picnic_rules, picnic_rules.codec, picnic_rules.simulate\n"
        f"games = {BUILT_IN!r}\n"
        "def loaded():\n"
        "    return sorted(g for g in games if f'picnic_rules.{g}' in sys.modules)\n"
        "print(loaded())\n"
        f"game = picnic_rules.GAMES[{last!r}]\n"
        "print(loaded(), pickle.loads(pickle.dumps(game)) is game)\n"
        "print(len(picnic_rules.GAMES), loaded())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out == [
        "[]",
        f"[{last!r}] True",
        f"{len(BUILT_IN)} {sorted(BUILT_IN)}",
    ]


def test_the_import_scan_sees_relative_imports() -> None:
    tree = ast.parse(
        "from .sandwich import GAME\nfrom .. import sandwich\nimport picnic_rules.sandwich"
    )
    nodes = [node for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom)]
    assert _imported(nodes[0], "picnic_rules")[0] == "picnic_rules.sandwich"
    assert "picnic_rules.sandwich" in _imported(nodes[1], "picnic_rules.codec")
    assert _imported(nodes[2], "picnic_rules.codec") == ["picnic_rules.sandwich"]


# --------------------------------------------------------------------------
# installed games: the picnic_rules.games entry points

_PLUGINS = """
import attrs
from picnic_rules.sandwich import GAME as _SANDWICH

QUICK = attrs.evolve(_SANDWICH, name="quick", title="Quick")
FAKE_SANDWICH = attrs.evolve(_SANDWICH, title="Fake")
NOT_A_GAME = {"name": "chess"}
"""

_ENTRY_POINTS = """[picnic_rules.games]
quick = test_plugins:QUICK
missing = no_such_module_of_games:GAME
chess = test_plugins:NOT_A_GAME
misnamed = test_plugins:QUICK
sandwich = test_plugins:FAKE_SANDWICH
broken = test_plugins:NO_SUCH_NAME
"""


def _install(target: Path, entry_points: str) -> None:
    (target / "test_plugins.py").write_text(_PLUGINS)
    info = target / "test_plugins-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: test-plugins\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)


def _python(target: Path, code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(target), str(PACKAGE.parent)])}
    return subprocess.run(
        [sys.executable, "-W", "always", "-c", code],
        cwd=target,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_installed_games_join_and_broken_entry_points_only_warn(tmp_path: Path) -> None:
    _install(tmp_path, _ENTRY_POINTS)
    ran = _python(
        tmp_path,
        """if True:
        import json, warnings
        with warnings.catch_warnings(record=True) as at_import:
            warnings.simplefilter("always")
            import picnic_rules
        with warnings.catch_warnings(record=True) as at_read:
            warnings.simplefilter("always")
            names = sorted(picnic_rules.GAMES)
        print(json.dumps({
            "at_import": [str(w.message) for w in at_import],
            "names": names,
            "title": picnic_rules.GAMES["sandwich"].title,
            "warnings": [f"{w.category.__name__}: {w.message}" for w in at_read],
        }))
        """,
    )
    assert (ran.returncode, ran.stderr) == (0, "")
    found = json.loads(ran.stdout)
    assert found["at_import"] == []
    assert found["names"] == sorted(["quick", *(m.rpartition(".")[2] for m in BUILTIN)])
    assert found["title"] == "Peanut Butter & Jelly (fan version)"  # the built-in won
    skipped = "RuntimeWarning: picnic_rules skipped the game entry point"
    assert found["warnings"] == [
        f"{skipped} missing = 'no_such_module_of_games:GAME': loading it raised "
        "ModuleNotFoundError: No module named 'no_such_module_of_games'",
        f"{skipped} chess = 'test_plugins:NOT_A_GAME': it is a dict, not a picnic_rules.Game",
        f"{skipped} misnamed = 'test_plugins:QUICK': it is the game 'quick', "
        "so the entry point must be named so",
        f"{skipped} sandwich = 'test_plugins:FAKE_SANDWICH': a built-in game is named 'sandwich'",
        f"{skipped} broken = 'test_plugins:NO_SUCH_NAME': loading it raised "
        "AttributeError: module 'test_plugins' has no attribute 'NO_SUCH_NAME'",
    ]


def test_an_installed_game_works_by_name_in_codec_and_cli(tmp_path: Path) -> None:
    _install(tmp_path, "[picnic_rules.games]\nquick = test_plugins:QUICK\n")
    ran = _python(
        tmp_path,
        """if True:
        import sys
        from picnic_rules import codec, play, RandomAgent
        from picnic_rules.cli import main
        record = play("quick", [RandomAgent(), RandomAgent()], seed=3)
        assert record.game == "quick" and codec.loads(codec.dumps(record)) == record
        sys.exit(main(["rules", "quick"]))
        """,
    )
    assert (ran.returncode, ran.stderr) == (0, "")
    assert ran.stdout.startswith("quick: Quick, 2-4 players\n")


def test_a_game_module_that_reads_games_while_it_is_imported(tmp_path: Path) -> None:
    """``import my_game`` first, where my_game reads GAMES: its own entry point waits."""
    _install(tmp_path, "[picnic_rules.games]\nselfish = selfish:GAME\n")
    (tmp_path / "selfish.py").write_text(
        "import attrs\n"
        "from picnic_rules import GAMES\n"
        'GAME = attrs.evolve(GAMES["sandwich"], name="selfish")\n'
    )
    ran = _python(
        tmp_path,
        """if True:
        import selfish
        from picnic_rules import GAMES
        assert GAMES["selfish"] is selfish.GAME
        """,
    )
    assert (ran.returncode, ran.stderr) == (0, "")


def test_threads_reading_games_at_once_all_find_the_game() -> None:
    """The first lookups of a server's threads wait for the game one of them is loading."""
    script = (
        "import threading, picnic_rules\n"
        "found = []\n"
        "def look():\n"
        "    found.append(picnic_rules.GAMES['poultry'].name)\n"
        "threads = [threading.Thread(target=look) for _ in range(8)]\n"
        "[t.start() for t in threads]; [t.join() for t in threads]\n"
        "print(found.count('poultry'))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert out.stdout.strip() == "8", out.stderr
