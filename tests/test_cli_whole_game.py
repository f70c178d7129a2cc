"""Each game, played whole in a terminal of 80x24 against the computer, as a newcomer plays
it: ``?`` names the goal, one's own last move (and in poultry the cards turned up) is on
screen at every question, no word is broken across two rows, and Ctrl-C in the middle
leaves a saved game that the printed command resumes at the same position.

``picnic play GAME`` runs in a pseudo-terminal with line editing on; a terminal emulator
(:mod:`pty_play`, pyte) draws what it prints, so the checks read the rows a person reads.
The moves are chosen by number (always the first offered, so each game is the same every
run); what must be on screen is worded by the game itself (``Game.about``, ``describe``), so
a game's screens may be reworded without touching these tests.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pty_play import Terminal, last_by, said, squeeze, states

from picnic_rules import GAMES
from picnic_rules.poultry import Reveal

PLAYED = {
    "sandwich": ("--seed", "3"),
    "insects": ("--seed", "3", "--variant", "small-deck"),
    "poultry": ("--seed", "3"),
    "ants": ("--seed", "3", "--variant", "short"),
}
"""Each game's seed and variant: games of a few dozen questions, a few seconds each."""

STOP = 3
"""The question at which the game is interrupted with Ctrl-C (then resumed)."""


def _goal(name: str) -> str:
    """The first paragraph of the game's ``about``: what one plays for."""
    return squeeze(GAMES[name].about.split("\n\n")[0])


def _check_question(term: Terminal) -> str:
    """At a question: one's own last move, and every reveal since (poultry), are on screen
    in the game's words. Returns what is on screen."""
    record = term.record()
    shown = term.shown()
    own = last_by(record, 0)
    if own is not None:
        sentence = said(record, own, 0)
        assert squeeze(sentence) in shown, (sentence, term.rows())
        for index in range(own + 1, len(record.moves)):
            if isinstance(record.moves[index], Reveal):
                reveal = said(record, index, 0)
                assert squeeze(reveal) in shown, (reveal, term.rows())
    return shown


def _menu(term: Terminal) -> list[str]:
    """The rows of the moves offered, from their title to the question."""
    rows = "\n".join(row.rstrip() for row in term.rows()).rstrip("\n").split("\n")
    titles = [n for n, row in enumerate(rows) if row.startswith("Your move, seat")]
    assert titles, rows
    return rows[titles[-1] :]


def _board(name: str, term: Terminal) -> str:
    """Seat 0's view of the table now, as the game draws it (white space squeezed)."""
    game = GAMES[name]
    state = states(term.record())[-1]
    return squeeze(game.render(game.view(state, 0)))


@pytest.mark.parametrize("name", sorted(PLAYED))
def test_a_whole_game_in_80x24(tmp_path: Path, name: str) -> None:
    term = Terminal(tmp_path, "play", name, *PLAYED[name])
    try:
        assert term.question()
        term.ask("?", GAMES[name].about.splitlines()[-1])  # the help ends with the rules page
        assert _goal(name) in term.everything()

        for _ in range(STOP):
            term.type("1")
            assert term.question()
            _check_question(term)
        before = term.record()
        menu = _menu(term)
        board = _board(name, term)
        assert board in term.everything()
        assert term.broken_words() == []
        out = term.interrupt()
        assert term.status == 130
    finally:
        term.close()

    # Ctrl-C saved the game and printed the one command that resumes it
    path = term.saved()
    assert f"go on with: picnic play --resume {path}" in term.unfolded()
    assert "Traceback" not in out
    command = re.search(r"go on with: picnic (play --resume \S+)", term.unfolded())
    assert command

    again = Terminal(tmp_path, *command.group(1).split())
    try:
        assert again.question()
        assert f"Resumed after {len(before.moves)} moves" in again.everything()
        assert again.record() == before  # the same position ...
        assert _menu(again) == menu  # ... the same moves offered
        assert board in again.everything()  # ... and the same table
        questions = 0
        while True:
            _check_question(again)
            again.type("1")
            questions += 1
            assert questions < 400
            if not again.question():
                break
        assert again.status == 0
        assert re.search(r"(wins|win) \([a-z-]+\); scores: ", again.everything())
        assert again.broken_words() == []
    finally:
        again.close()
