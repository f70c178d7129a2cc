"""A game installed as a package gets every surface: the example ``examples/keep_or_swap``,
installed by pip (``pip install --target``, nothing else changed), is found through its
``picnic_rules.games`` entry point alone and passes PettingZoo's ``api_test`` and
``seed_test``, OpenSpiel's ``random_sim_test`` and the harness's ``check_game``, and plays
in ``picnic simulate`` and ``picnic play`` -- with no line about it outside its package.

Its action space comes from its notation and its view bounds from its ``Visibility``
(:mod:`picnic_rules.kit.spaces`): it declares neither. Each check runs in a fresh
interpreter whose path holds the installed package, so only the entry point tells
picnic_rules about the game.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from naming import SUFFIXES, namings
from pty_play import OVER, Terminal

import picnic_rules

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "keep_or_swap"
SOURCE = Path(picnic_rules.__file__).resolve().parents[1]  # the picnic_rules under test
PICNIC = Path(sys.executable).parent / "picnic"


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the example as pip installs it: its module and its ``dist-info``
    with the entry points of its ``pyproject.toml``."""
    target = tmp_path_factory.mktemp("site")
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps"]
    ran = subprocess.run(
        [*command, "--target", str(target), str(EXAMPLE)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert ran.returncode == 0, ran.stderr
    assert (target / "keep_or_swap.py").exists()
    assert not (target / "picnic_rules").exists()  # the example alone, not the library
    return target


def _env(installed: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(installed), str(SOURCE)])}


def _python(installed: Path, code: str) -> str:
    """What ``code`` prints in a fresh interpreter that sees the installed package."""
    ran = subprocess.run(
        [sys.executable, "-c", code],
        cwd=installed,
        env=_env(installed),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert ran.returncode == 0, ran.stderr
    return ran.stdout


def test_the_game_comes_by_its_entry_point_with_its_spaces(installed: Path) -> None:
    out = _python(
        installed,
        """if True:
        from picnic_rules import GAMES
        from picnic_rules.pettingzoo.spaces import supported
        game = GAMES["keep-or-swap"]
        space = game.action_space(3, game.Rules())
        print(type(game).__module__, game.provides == frozenset(), "keep-or-swap" in supported())
        print(len(space), [str(space.move(i)) for i in (0, 99, 100, 101)])
        print(game.chance_space(3, game.Rules()) is space, game.view_bounds(3, game.Rules()))
        """,
    )
    assert out.splitlines() == [
        "picnic_rules.game True True",
        "102 ['draw 0', 'draw 99', 'keep', 'swap']",
        "True {'hands': 3, 'hands[]': 6, 'held': 3, 'discards': 6}",
    ]


def test_pettingzoos_api_test_and_seed_test_pass(installed: Path) -> None:
    out = _python(
        installed,
        """if True:
        import warnings
        from pettingzoo.test import api_test, seed_test
        from picnic_rules.pettingzoo import env

        EXPECTED = (  # as for every environment with an action mask: see test_rl_pettingzoo
            "Observation is not a NumPy array",
            "Observation space for each agent probably should be",
            "Action mask numpy array is all zeros",
        )
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            api_test(env("keep-or-swap"), num_cycles=20)
            seed_test(lambda: env("keep-or-swap", players=3, ranks=4), num_cycles=20)
        print([str(w.message) for w in caught if not str(w.message).startswith(EXPECTED)])
        table = env("keep-or-swap", players=4).unwrapped
        print(len(table.space), table.encoder.size)
        """,
    )
    assert out.splitlines()[-2:] == ["[]", "102 79"]


def test_openspiels_random_simulation_test_passes(installed: Path) -> None:
    out = _python(
        installed,
        """if True:
        import pyspiel
        from picnic_rules.openspiel import SHORT_NAMES

        print(SHORT_NAMES["keep-or-swap"])
        for players in (2, 4):
            game = pyspiel.load_game("python_picnic_keep_or_swap", {"players": players})
            pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)
        game = pyspiel.load_game("python_picnic_keep_or_swap(ranks=3)")
        state = game.new_initial_state()
        print(game.num_distinct_actions(), state.chance_outcomes())
        """,
    )
    assert out.splitlines() == [
        "python_picnic_keep_or_swap",
        "102 [(0, 0.3333333333333333), (1, 0.3333333333333333), (2, 0.3333333333333333)]",
    ]


def test_the_harness_passes_with_its_spaces_checked(installed: Path) -> None:
    out = _python(
        installed,
        """if True:
        from picnic_rules import GAMES
        from picnic_rules.testing import check_game

        game = GAMES["keep-or-swap"]
        print(check_game(game, games=3).games)
        print(check_game(game, games=3, only=["spaces", "view-bounds"]).checks > 0)
        """,
    )
    assert out.splitlines() == ["18", "True"]  # 3 games of 2 variants with 2, 3 and 4 seats


def test_it_plays_in_picnic_simulate(installed: Path) -> None:
    ran = subprocess.run(
        [str(PICNIC), "simulate", "keep-or-swap", "--games", "30", "--players", "3"],
        env=_env(installed),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert (ran.returncode, ran.stderr) == (0, "")
    assert ran.stdout.startswith("keep-or-swap: 30 games, 3 players\n")
    assert "showdown      30  100.0%" in ran.stdout


def test_it_plays_to_the_end_in_picnic_play(
    installed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTHONPATH", _env(installed)["PYTHONPATH"])
    term = Terminal(tmp_path, "play", "keep-or-swap", "--seed", "3", "--players", "3")
    try:
        questions = 0
        while term.question():
            assert "1. keep" in term.shown() and "2. swap" in term.shown()
            term.type("2" if questions == 0 else "1")
            questions += 1
        assert questions == 1  # seat 0 acts once: it swaps, the computers play on
        shown = term.everything()
        assert OVER in shown and "your move: swap" in shown and "ended: showdown" in shown, shown
        assert term.status == 0
    finally:
        term.close()


def _sources() -> Iterator[Path]:
    yield from sorted((SOURCE / "picnic_rules").rglob("*"))


def test_no_line_outside_its_package_names_the_example() -> None:
    names = ("keep-or-swap", "keep_or_swap")
    found = []
    for path in _sources():
        if path.suffix in SUFFIXES:  # in code: docstrings and comments aside
            found += namings(path, names, SOURCE)
        elif path.suffix in (".css", ".toml", ".json"):
            text = path.read_text(encoding="utf-8").lower()
            found += [str(path.relative_to(SOURCE)) for name in names if name in text]
    assert found == []
