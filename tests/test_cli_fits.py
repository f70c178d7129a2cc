"""Every decision's screen of ``picnic play`` fits a terminal of 80x24, for every game at
every number of players (issue 42), in-process and fast: the command's own playing loop
drives a screen that says it is 24 rows by 80 columns, the seat's answers chosen at
random, the other seats played by random agents. At each question, the rows printed for
it -- the table's part, the story, the menu, and one's own last move when its
confirmation stands for the story -- and the prompt fit in the 24 rows, the part of the
table the decision is about among them whole; every row fits in the columns.
(``test_cli_whole_game.py`` plays whole games in a real pseudo-terminal.)

Before, four players' moves between two of one's own took up to 36 rows, an ants player
tossing all its dice up to 40, and a wrapped confirmation one row more than was kept for it.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from games import BUILT_IN
from hypothesis import given
from hypothesis import strategies as st

from picnic_rules import GAMES
from picnic_rules.cli import play
from picnic_rules.cli.screen import Screen, group_rows, sections
from picnic_rules.host import Table

ROWS, WIDTH = 24, 79  # a terminal of 80 columns: a row holds one less (Screen.width)


class _Terminal(Screen):
    """A screen of 24x80 that answers each question with a random move's number and
    notes, at each question, the rows printed for it."""

    def __init__(self, seed: int) -> None:
        self.buffer = io.StringIO()
        super().__init__(self.buffer, io.StringIO(), rich=False)
        self.rng = random.Random(seed)
        self.start = 0  # where the rows of the question being shown begin
        self.kept = 0  # rows above them kept for one's own last move
        self.legal: Sequence[Any] = ()
        self.focus: list[str] = []
        self.screens: list[tuple[int, list[str], list[str]]] = []

    @property
    def width(self) -> int:
        return WIDTH

    @property
    def height(self) -> int:
        return ROWS

    @contextlib.contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        yield

    def ask(self, prompt: str, words: Sequence[str] = ()) -> str | None:
        rows = self.buffer.getvalue()[self.start :].split("\n")[:-1]
        if rows[:1] == [""]:  # the blank row before the table may scroll off
            rows = rows[1:]
        self.screens.append((self.kept, rows, self.focus))
        self.start = len(self.buffer.getvalue())
        return str(self.rng.randrange(1, len(self.legal) + 1))


def _played(
    name: str, players: int, seed: int, folder: Path
) -> list[tuple[int, list[str], list[str]]]:
    """Every question's screen of seat 0 in a game of ``name`` against random seats."""
    game = GAMES[name]
    table = Table(
        game,
        players=players,
        rules=game.Rules(),
        seed=seed,
        agents={seat: "random" for seat in range(1, players)},
    )
    screen = _Terminal(seed)
    show = play._show

    def shown(table: Table, screen_: Any, seat: int, since: int, confirmed: bool) -> Any:
        assert screen_ is screen
        end = len(table.moves)
        alone = confirmed and since == end - 1 and game.to_move(table.states[since]) == seat
        confirmation = play._words(table, end - 1, seat) if alone else ""
        screen.kept = len(play.wrap(confirmation, WIDTH)) if alone else 0
        screen.start = len(screen.buffer.getvalue())
        screen.focus = sections(game.render(game.view(table.state, seat)))[-1]
        legal, letters = show(table, screen_, seat, since, confirmed)
        screen.legal = legal
        return legal, letters

    play._show = shown
    try:
        parser = argparse.ArgumentParser()
        play.add_arguments(parser)
        args = parser.parse_args([name])  # the command's own defaults
        play._play(table, screen, args, folder / f"{name}-{seed}.json")
    finally:
        play._show = show
    return screen.screens


CASES = [
    (name, players)
    for name in BUILT_IN
    for players in sorted({GAMES[name].min_players, 3, min(4, GAMES[name].max_players)})
]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_every_question_fits_80x24(name: str, players: int, tmp_path: Path) -> None:
    screens = [
        screen for seed in range(2) for screen in _played(name, players, seed, folder=tmp_path)
    ]
    assert len(screens) >= 10
    for number, (kept, rows, focus) in enumerate(screens):
        assert kept + len(rows) + 1 <= ROWS, (number, "\n".join(rows))
        assert all(len(row) <= WIDTH for row in rows), (number, rows)
        assert "\n".join(focus) in "\n".join(rows), (number, focus, rows)


@given(
    st.lists(st.text("abcdefgh +-", min_size=1, max_size=14), min_size=1, max_size=12),
    st.integers(30, 100),
    st.sampled_from(["", "fly", "blue 6 +"]),
)
def test_a_grouped_row_is_never_wider_than_the_screen(
    items: list[str], width: int, label: str
) -> None:
    """Before, a row laid out in columns was measured without the padding of its cells,
    so a row of 80 characters wrapped at 79 and split a move ("3. play green" / "spider")."""
    cells = [(number, item.strip() or "x") for number, item in enumerate(items, start=1)]
    for line, _ in group_rows([(label, cells)], width):
        assert len(line) <= width
