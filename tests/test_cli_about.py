"""Each game teaches itself: ``?`` and ``help rules`` in ``picnic play`` say what the game is
about -- its goal, a turn, how it ends and scores -- and where its full rules are."""

from __future__ import annotations

import subprocess
import sys

import pytest

from picnic_rules import GAMES

_MAIN = "import sys; from picnic_rules.cli import main; sys.exit(main())"

WORDS = {
    "sandwich": ("three sandwiches", "A turn", "counting sandwiches"),
    "insects": ("most points wins", "A turn", "The game ends", "10 per food"),
    "poultry": ("grain", "A round", "The game ends", "score wins"),
    "ants": ("Scoring cards", "A round", "After six rounds", "most points wins"),
}


@pytest.mark.parametrize("name", sorted(WORDS))
def test_every_game_says_what_it_is_about(name: str) -> None:
    about = GAMES[name].about
    for words in WORDS[name]:
        assert words in about
    assert about.endswith(f"https://picnic-rules.readthedocs.io/en/latest/{name}.html")
    assert max(len(line) for line in about.splitlines()) <= 78  # fits 80 columns


def _played(name: str, typed: str) -> str:
    """What ``picnic play NAME --plain --seed 3`` prints for the lines ``typed``."""
    done = subprocess.run(
        [sys.executable, "-c", _MAIN, "play", name, "--plain", "--seed", "3"],
        input=typed,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.stdout


@pytest.mark.parametrize("name", sorted(WORDS))
def test_help_and_help_rules_show_it(name: str) -> None:
    out = _played(name, "?\nhelp rules\nquit\n")
    about = GAMES[name].about
    assert out.count(about) == 2, out[-2000:]
    assert "help rules" in out


@pytest.mark.parametrize("name", sorted(WORDS))
def test_ones_own_move_is_confirmed_in_the_games_words(name: str) -> None:
    lines = _played(name, "1\nquit\n").splitlines()
    typed = lines.index("seat 0> 1")
    assert lines[typed + 1].startswith("you "), lines[typed : typed + 3]
