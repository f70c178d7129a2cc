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


@pytest.mark.parametrize("name", sorted(WORDS))
def test_the_help_page_of_what_a_game_is_about_fits_a_screen(name: str) -> None:
    """Issue 42: at 24 rows the goal paragraph of ``?`` scrolled off in every game; now ``?``
    shows the game's title, a blank row and its ``about`` on the first page of one screen
    (23 rows and the question under it)."""
    from picnic_rules.cli.screen import wrap

    rows = [row for line in GAMES[name].about.split("\n") for row in wrap(line, 79)]
    assert 2 + len(rows) <= 23


def test_the_help_shows_the_moves_of_a_real_table_only_at_a_real_table() -> None:
    """Issue 42: ants' help listed the chance moves a player at a real table types (``land
    FACE on CARD ... knock SEAT:DIE``, ``deal scoring N...``) to every player."""
    played = _played("ants", "?\nquit\n")
    assert "land FACE" not in played and "deal scoring" not in played
    assert "in notation, as the list shows it (for example: toss soldier at 1)" in " ".join(
        played.split()
    )
    done = subprocess.run(  # the deal is chance's: a real table types it, asking ? first
        [sys.executable, "-c", _MAIN, "play", "ants", "--plain", "--table"],
        input="?\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    told = " ".join(done.stdout.split())
    assert "Type what happened at the table, in notation: expected one of:" in told
    assert "land FACE on CARD[,CARD] [touching]" in told and "deal scoring N..." in told


def test_ants_help_explains_its_dice_its_cards_and_its_points() -> None:
    """Issue 42: soldier, worker and scout dice, "(two ants)" cards and "points so far" were
    never explained on screen; ``help soldier`` printed a notation error."""
    about = GAMES["ants"].about
    for words in ("Soldier (0 to 3 ants", "Workers (1 to 4", "Scouts (1 to 3", "two ants"):
        assert words in about
    assert "what each colony would score if the game ended then" in " ".join(about.split())
    played = _played("ants", "help soldier\nquit\n")
    assert "Your six dice: a Soldier" in played and "is not a move" not in played
    assert "nothing in the help names 'pelican'" in _played("ants", "help pelican\nquit\n")
