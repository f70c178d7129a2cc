"""The worked example of docs/kit.rst, Keep or Swap, installed as a third-party game.

It is installed the way pip lays out a package -- the module beside a
``*.dist-info`` holding the entry points of its ``pyproject.toml`` -- into a
temporary folder, and used from a fresh interpreter that has that folder on
its path, so that only the entry point can tell picnic_rules about it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import picnic_rules

EXAMPLE = Path(__file__).parents[1] / "examples" / "keep_or_swap"
SOURCE = Path(picnic_rules.__file__).parents[1]  # the picnic_rules these tests import


def _entry_points() -> dict[str, str]:
    with open(EXAMPLE / "pyproject.toml", "rb") as file:
        project = tomllib.load(file)["project"]
    points: dict[str, str] = project["entry-points"]["picnic_rules.games"]
    return points


def _install(target: Path) -> None:
    shutil.copy(EXAMPLE / "keep_or_swap.py", target)
    info = target / "keep_or_swap-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: keep-or-swap\nVersion: 0.1.0\n")
    lines = "".join(f"{name} = {value}\n" for name, value in _entry_points().items())
    (info / "entry_points.txt").write_text(f"[picnic_rules.games]\n{lines}")


def _python(target: Path, code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(target), str(SOURCE)])}
    return subprocess.run(
        [sys.executable, "-W", "always", "-c", code],
        cwd=target,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_package_declares_its_game_by_its_name() -> None:
    assert _entry_points() == {"keep-or-swap": "keep_or_swap:GAME"}


def test_installing_the_package_adds_its_game_to_games_codec_and_cli(tmp_path: Path) -> None:
    _install(tmp_path)
    ran = _python(
        tmp_path,
        """if True:
        import sys
        from picnic_rules import GAMES, RandomAgent, codec, play
        from picnic_rules.cli import main

        game = GAMES["keep-or-swap"]
        state = game.apply(game.new_game(3), game.move_from_str("draw 4"))
        assert codec.loads(codec.dumps(state)) == state
        print(codec.dumps(game.view(state, 1)))
        record = play("keep-or-swap", [RandomAgent()] * 3, seed=5)
        assert codec.loads(codec.dumps(record)) == record
        assert main(["rules", "keep-or-swap"]) == 0
        sys.exit(main(["play", "keep-or-swap", "--seed", "2", "--watch", "--all-seeing"]))
        """,
    )
    assert (ran.returncode, ran.stderr) == (0, "")
    out = ran.stdout
    assert out.startswith('{"format": 1, "game": "keep-or-swap", "kind": "view", "view": ')
    assert '"hands": [null, null, null], "held": [true, false, false]' in out
    assert "keep-or-swap: Keep or Swap, 2-4 players" in out
    assert "  small-deck: ranks=2, copies=4\n" in out
    assert "agents: computer, ismcts, random (people take seats with `picnic play --seat`)\n" in out
    assert "seat 1 computer; showing every seat's view\n" in out
    assert ". seat 0: keep" in out or ". seat 0: swap" in out


def test_a_game_module_imported_before_picnic_rules_joins_games(tmp_path: Path) -> None:
    _install(tmp_path)
    ran = _python(
        tmp_path,
        """if True:
        import keep_or_swap
        from picnic_rules import GAMES, get_game

        assert "keep-or-swap" in GAMES
        assert get_game("keep-or-swap") is keep_or_swap.GAME
        """,
    )
    assert (ran.returncode, ran.stderr) == (0, "")
