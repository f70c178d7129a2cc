"""Each game, played whole in a terminal of 80x24 against the computer, as a newcomer plays
it (issue 42): at every one of one's decisions the screen shows at once the part of the
table the decision is about, the story since one's last move and the whole menu
(:func:`pty_play.missing`); ``?`` shows the help a screen at a time, what the game is about
first; no word is broken across two rows; Ctrl-C in the middle leaves a saved game that
the printed command resumes at the same position; the last screen counts the score out
and names the command that replays the game, which is kept on disk.

``picnic play GAME`` runs in a pseudo-terminal with line editing on; a terminal emulator
(:mod:`pty_play`, pyte) draws what it prints, so the checks read the rows a person reads.
The moves are chosen by number (always the first offered, so each game is the same every
run); what must be on screen is worded by the game itself (``Game.about``, ``describe``,
the last section of ``render``), so a game's screens may be reworded without touching
these tests.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from pty_play import IN_SHORT, PICNIC, Terminal, focus, missing, squeeze

from picnic_rules import GAMES, codec

PLAYED = {
    "sandwich": ("sandwich", "--seed", "3"),
    "insects": ("insects", "--seed", "3", "--variant", "small-deck"),
    "poultry": ("poultry", "--seed", "3"),
    "ants": ("ants", "--seed", "3", "--variant", "short"),
    "poultry-4": ("poultry", "--seed", "3", "--players", "4"),
    "ants-2": ("ants", "--seed", "6", "--variant", "short"),
}
"""Each game's seed and variant: games of a few dozen questions, a few seconds each; and
games whose story at some questions is too long for the screen in any of its forms (four
players' moves between two of one's own; an ants player tossing all its dice), told in
short there."""

STOP = 3
"""The question at which the game is interrupted with Ctrl-C (then resumed)."""


def _goal(name: str) -> str:
    """The first paragraph of the game's ``about``: what one plays for."""
    return squeeze(GAMES[name].about.split("\n\n")[0])


def _menu(term: Terminal) -> list[str]:
    """The rows of the moves offered, from their title to the question."""
    rows = "\n".join(row.rstrip() for row in term.rows()).rstrip("\n").split("\n")
    titles = [n for n, row in enumerate(rows) if row.startswith("Your move, seat")]
    assert titles, rows
    return rows[titles[-1] :]


def _decided(term: Terminal) -> None:
    """At a question: the table's part, the story and the whole menu are all on screen."""
    assert missing(term) == [], "\n".join(term.rows())


@pytest.mark.parametrize("played", sorted(PLAYED))
def test_a_whole_game_in_80x24(tmp_path: Path, played: str) -> None:
    term = Terminal(tmp_path, "play", *PLAYED[played])
    name = PLAYED[played][0]
    try:
        assert term.question()
        _decided(term)
        term.type("?")  # the help, a page at a time: what the game is about first
        more = term.help_page()
        assert _goal(name) in term.shown()  # on the screen, not scrolled off
        pages = 1
        while more:
            term.type("")
            more = term.help_page()
            pages += 1
        assert pages >= 2 and "Type one of:" in term.shown()
        term.type("")  # back to the game: the question again, whole
        assert term.question()
        _decided(term)

        for _ in range(STOP):
            term.type("1")
            assert term.question()
            _decided(term)
        before = term.record()
        menu = _menu(term)
        assert term.broken_words() == []
        out = term.interrupt()
        assert term.status == 130
    finally:
        term.close()

    # Ctrl-C saved the game and printed the one command that resumes it, on a line of its own
    path = term.saved()
    assert f"\n  picnic play --resume {path.name}\n" in term.unfolded()
    assert "Traceback" not in out
    command = re.findall(r"picnic (play --resume \S+)", term.unfolded())[-1]

    again = Terminal(tmp_path, *command.split())
    try:
        assert again.question()
        assert f"Resumed after {len(before.moves)} moves" in again.everything()
        assert again.record() == before  # the same position ...
        assert _menu(again) == menu  # ... the same moves offered
        questions = 0
        while True:
            _decided(again)
            again.type("1")
            questions += 1
            assert questions < 400
            if not again.question():
                break
        assert again.status == 0
        assert again.broken_words() == []
        if "-" in played:  # chosen for a story too long for the screen: told in short
            assert squeeze(IN_SHORT) in again.everything()
    finally:
        again.close()

    # the game is kept to replay, and the last screen says how, under the score counted out
    [kept] = sorted((tmp_path / "played").glob("*.json"))
    assert list((tmp_path / "games").glob("*.json")) == []
    record = codec.loads(kept.read_text(encoding="utf-8"), kind="record")
    assert record.outcome is not None
    rows = "\n".join(row.rstrip() for row in again.rows())
    assert squeeze("\n".join(focus(record, 0))) in squeeze(rows)
    assert f"\n  picnic replay {kept.name} --seat 0\n" in again.unfolded()
    assert f"({record.outcome.reason})" not in again.everything()  # words, not a code
    scores = ", ".join(
        f"{'you' if seat == 0 else f'seat {seat}'} {n}"
        for seat, n in enumerate(record.outcome.scores)
    )
    assert f"Final scores: {scores}." in squeeze(rows)
    replayed = subprocess.run(
        [PICNIC, "replay", kept.name, "--seat", "0"],
        capture_output=True,
        text=True,
        env={**os.environ, "PICNIC_DATA_DIR": str(tmp_path)},
        check=False,
    )
    assert replayed.returncode == 0, replayed.stderr
    assert f"{len(record.moves)}. " in replayed.stdout
