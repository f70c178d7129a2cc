"""``hint`` in ``picnic play`` and ``picnic review``, whole games in a terminal of 80x24 for
every game (issue 43): the hint names the search's three favourite moves in the game's
words with the estimates :meth:`Table.hint <picnic_rules.host.Table.hint>` gives; it is
refused where the table's policy refuses hints; the review lists the game as the seat saw
it with each decision rated, and ends with the review's one-line summary. The facts checked
are computed from the library (:mod:`picnic_rules.analysis`), never copied from a screen.
Small search budgets keep each game to seconds."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pexpect
import pytest
from games import BUILT_IN
from pty_play import PICNIC, Terminal, squeeze

from picnic_rules import GAMES, codec, replay
from picnic_rules.analysis import Budget, estimate, review
from picnic_rules.cli.hints import hint_lines

TRIES = 24
"""The search's iterations for a hint and a review here (small: a test, not advice)."""

HINTS = 3
"""How many questions of each game are asked for a hint first."""


@pytest.mark.parametrize("name", BUILT_IN)
def test_hint_and_review_of_a_whole_game_in_80x24(tmp_path: Path, name: str) -> None:
    game = GAMES[name]
    args = ["play", name, "--seed", "4", "--hint-iterations", str(TRIES)]
    term = Terminal(tmp_path, *args)
    try:
        questions = 0
        while term.question():
            if questions < HINTS:
                record = term.record()
                state = replay(record)[-1]
                expected = estimate(
                    game,
                    game.view(state, 0),
                    Budget(iterations=TRIES, seed=record.seed or 0),
                    decision=len(record.moves),
                )
                term.type("hint")
                last = expected.top()[-1].visits  # the hint ends with the last one's tries
                term.expect(rf"{last}\s+tr(y|ies)\)")
                term.expect(r"seat \d>")
                shown = term.everything()
                for line, _ in hint_lines(expected):
                    assert squeeze(line) in shown
                assert len(expected.top()) == min(3, len(game.legal_moves(state)))
            term.type("1")
            questions += 1
            assert questions < 500
        assert questions > HINTS
        assert term.status == 0
        assert term.broken_words() == []
    finally:
        term.close()
    [kept] = sorted((tmp_path / "played").glob("*.json"))
    record = codec.loads(kept.read_text(encoding="utf-8"), kind="record")

    # the review, of the seat played, by the kept file's name alone
    seen = Terminal(
        tmp_path, "review", kept.name, "--seat", "0", "--iterations", str(TRIES), "--workers", "2"
    )
    try:
        seen.child.expect(pexpect.EOF)
        seen._take()
        assert seen.status == 0
    finally:
        seen.close()
    expected_review = review(record, 0, Budget(iterations=TRIES))
    text = seen.everything()
    assert squeeze(expected_review.summary()) in text
    assert seen.unfolded().count("MISTAKE") == len(expected_review.mistakes)
    assert seen.broken_words() == []
    lines = seen.unfolded().splitlines()[1:]  # below the heading, a rule across the screen
    assert max(len(line) for line in lines) <= 80  # no line folded by the terminal
    assert f"{len(record.moves)} moves" in text and len(record.moves) > 20
    for decision in expected_review.mistakes:
        best = decision.best
        assert best is not None
        assert squeeze(f"better: {best.words}") in text


@pytest.mark.parametrize("name", BUILT_IN)
@pytest.mark.parametrize(
    ("options", "reason"),
    [
        (["--seat", "0", "--seat", "1"], "more than one person plays"),
        (["--no-hints"], "hints are off at this table"),
    ],
)
def test_no_hint_where_the_table_refuses_it(
    tmp_path: Path, name: str, options: list[str], reason: str
) -> None:
    done = _asked_for_a_hint(tmp_path, name, *options)
    assert done.returncode == 0, done.stderr
    assert f"no hint here: {reason}" in done.stdout
    assert "Hint (" not in done.stdout


def test_every_person_may_allow_hints_at_a_hot_seat_table(tmp_path: Path) -> None:
    hot_seat = ["--seat", "0", "--seat", "1", "--hints", "--hint-iterations", str(TRIES)]
    done = _asked_for_a_hint(tmp_path, BUILT_IN[0], *hot_seat)
    assert done.returncode == 0, done.stderr
    assert f"Hint ({TRIES} tries from your view)" in done.stdout


def _asked_for_a_hint(tmp_path: Path, name: str, *options: str) -> subprocess.CompletedProcess[str]:
    """``picnic play NAME --seed 2 OPTIONS``, answered ``hint`` then ``quit`` (not a terminal)."""
    return subprocess.run(
        [PICNIC, "play", name, "--seed", "2", *options],
        input="hint\nquit\n",
        capture_output=True,
        text=True,
        env={"PICNIC_DATA_DIR": str(tmp_path), "PATH": ""},
        timeout=60,
        check=False,
    )


def test_review_refuses_a_seat_the_game_lacks(tmp_path: Path) -> None:
    from picnic_rules import play
    from picnic_rules.cli.records import write_record

    path = tmp_path / "game.json"
    write_record(play(BUILT_IN[0], ["random", "random"], seed=1), str(path))
    done = subprocess.run(
        [PICNIC, "review", str(path), "--seat", "2"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert done.stderr.startswith("picnic: error: ") and "seat 2" in done.stderr
