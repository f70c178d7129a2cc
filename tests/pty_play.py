"""Drive ``picnic play`` in a pseudo-terminal as a person does, and read the screen as the
person sees it.

:class:`Terminal` runs the real ``picnic`` command in a pseudo-terminal (pexpect) of 24 rows
by 80 columns, with line editing on (prompt_toolkit), and feeds everything it prints to a
terminal emulator (pyte, the ``test`` extra), so a test reads the 24 rows on screen at a
question, and every row that scrolled off above them, exactly as a terminal draws them --
with its own wrapping of a row too long, which is how a word broken mid-word shows.

The facts a test checks are read from the game, never copied from a screen: the saved record
(``picnic play`` saves after every move, in ``PICNIC_DATA_DIR``) gives the moves so far, and
:func:`said` the sentence a seat was told about one of them. In short::

    term = Terminal(tmp_path, "play", "poultry", "--seed", "3")
    try:
        while term.question():              # the next question, or False at the end
            record = term.record()          # the game so far
            own = last_by(record, 0)        # seat 0's last move (None before its first)
            if own is not None:
                assert squeeze(said(record, own, 0)) in term.shown()
            term.type("1")                  # the first move offered
        assert term.broken_words() == []    # no row folded mid-word, scrolled off or not
    finally:
        term.close()
"""

from __future__ import annotations

import itertools
import os
import re
import sys
from pathlib import Path
from typing import Any

import pexpect

try:
    import pyte
except ImportError as error:  # the test extra: a missing emulator fails, never skips
    raise ImportError(
        "the terminal tests read the screen with pyte: pip install -e '.[test]' (or pip install pyte)"
    ) from error

from picnic_rules import GAMES, codec
from picnic_rules.match import Record

PICNIC = str(Path(sys.executable).parent / "picnic")
ROWS, COLUMNS = 24, 80
PROMPT = r"seat (\d)>"
"""A question to a seat (the prompt of ``picnic play``)."""

MENU = r"Your move, seat \d:"
"""The title of the moves offered at a question (line editing redraws the prompt as one
types, so a new question is known by its menu)."""

OVER = "game over"
"""The heading of the last screen."""

STORY_TITLES = ("So far:", "Your last move:", "From your last move on:", "Since your last move:")
"""The titles of the story told before a question."""

IN_SHORT = " (in short: history tells every move):"
"""What a story's title says after its words when the story is told in short to fit."""


def _story_title(row: str) -> bool:
    """Whether ``row`` is a story's title, whole or told in short."""
    return row in STORY_TITLES or row.removesuffix(IN_SHORT) + ":" in STORY_TITLES


HELP_MORE = "-- Enter: more help, q: back to the game --"
HELP_BACK = "-- Enter: back to the game --"
"""The questions under a page of help: another page follows, or the last was shown."""


def squeeze(text: str) -> str:
    """``text`` with every run of white space (a row's end, a wrapped row's indent) one space."""
    return " ".join(text.split())


class Terminal:
    """``picnic ARGS`` in a pseudo-terminal of :data:`ROWS` x :data:`COLUMNS`, saving its
    games in ``data`` (``PICNIC_DATA_DIR``)."""

    def __init__(self, data: Path, *args: str, timeout: float = 60) -> None:
        env = dict(
            os.environ,
            TERM="xterm-256color",
            PICNIC_DATA_DIR=str(data),
            PROMPT_TOOLKIT_NO_CPR="1",  # pexpect does not answer the cursor-position question
        )
        for name in ("PICNIC_LINE_EDITING", "COLUMNS", "LINES", "NO_COLOR"):
            env.pop(name, None)
        self.data = data
        self.screen = pyte.HistoryScreen(COLUMNS, ROWS, history=100_000)
        self.stream = pyte.Stream(self.screen)
        self.child = pexpect.spawn(
            PICNIC,
            list(args),
            env=env,
            encoding="utf-8",
            timeout=timeout,
            dimensions=(ROWS, COLUMNS),
        )
        self.child.delaybeforesend = None  # answers go at once (the program waits for them)

    # ----------------------------------------------------------------------------------
    # reading

    def _take(self) -> None:
        """Feed the emulator what the last ``expect`` read."""
        after = self.child.after if isinstance(self.child.after, str) else ""
        self.stream.feed(self.child.before + after)

    def expect(self, patterns: str | list[Any]) -> int:
        """Wait for one of ``patterns`` (pexpect's); everything read goes on screen."""
        index = int(self.child.expect(patterns))
        self._take()
        return index

    def question(self) -> bool:
        """Wait for the next question, its moves offered (``True``), or the end of the game
        (``False``, the program read to its end)."""
        if self.expect([MENU, OVER]) == 0:
            self.expect(PROMPT)
            return True
        self.child.expect(pexpect.EOF)
        self._take()
        return False

    def ask(self, text: str, last: str) -> None:
        """Type ``text`` at a question and wait until ``last`` is shown and the question is
        asked again."""
        self.type(text)
        self.expect(re.escape(last))
        self.expect(PROMPT)

    def rows(self) -> list[str]:
        """The rows on screen now, as drawn (each :data:`COLUMNS` wide)."""
        return [str(row) for row in self.screen.display]

    def scrolled(self) -> list[str]:
        """Every row that has scrolled off the top so far, oldest first."""
        return ["".join(line[x].data for x in range(COLUMNS)) for line in self.screen.history.top]

    def shown(self) -> str:
        """The words on screen now, white space squeezed (a wrapped sentence reads whole)."""
        return squeeze("\n".join(self.rows()))

    def everything(self) -> str:
        """Every word shown so far, scrolled off or on screen, white space squeezed."""
        return squeeze("\n".join(self.scrolled() + self.rows()))

    def unfolded(self) -> str:
        """Every row shown so far, a row the terminal folded (a line longer than the screen,
        filling it to the last column) joined to the next as the one line it was printed."""
        out = []
        for row in self.scrolled() + self.rows():
            full = len(row) >= COLUMNS and not row[COLUMNS - 1].isspace()
            out.append(row if full else row.rstrip() + "\n")
        return "".join(out)

    def broken_words(self) -> list[str]:
        """Pairs of rows, scrolled off or on screen, where a word runs from the end of one
        row into the next: the terminal folded a row too long for it."""
        rows = self.scrolled() + self.rows()
        return [
            f"{above.rstrip()[-20:]!r} / {below[:20]!r}"
            for above, below in itertools.pairwise(rows)
            if len(above) >= COLUMNS and above[COLUMNS - 1].isalnum() and below[:1].isalnum()
        ]

    # ----------------------------------------------------------------------------------
    # typing

    def type(self, text: str) -> None:
        """Type ``text`` and Enter."""
        self.child.send(text + "\r")

    def interrupt(self) -> str:
        """Ctrl-C; what was printed until the program ended, rows joined as typed."""
        self.child.sendintr()
        self.child.expect(pexpect.EOF)
        self._take()
        self.child.close()
        return self.everything()

    def close(self) -> None:
        """End the program if it still runs (a failed test)."""
        if self.child.isalive():
            self.child.terminate(force=True)

    @property
    def status(self) -> int | None:
        """The exit status, once the program has ended."""
        self.child.close()
        return self.child.exitstatus  # type: ignore[no-any-return]

    # ----------------------------------------------------------------------------------
    # the game behind the screen

    def saved(self) -> Path:
        """The one game saved in the data directory."""
        found = sorted((self.data / "games").glob("*.json"))
        assert len(found) == 1, found
        return found[0]

    def record(self) -> Record[Any, Any]:
        """The game so far, as ``picnic play`` saved it before its question."""
        return codec.loads(self.saved().read_text(encoding="utf-8"), kind="record")  # type: ignore[no-any-return]

    def help_page(self) -> bool:
        """Wait for a page of help; ``True`` if another follows it."""
        return self.expect([re.escape(HELP_MORE), re.escape(HELP_BACK)]) == 0

    def menu(self) -> int:
        """How many moves the question on screen offers (the highest number listed)."""
        text = "\n".join(self.rows())
        start = max(text.rfind("Your move, seat"), 0)
        numbers = [int(n) for n in re.findall(r"(?<![\w.,:+-])(\d+)\. ", text[start:])]
        assert numbers, text
        return max(numbers)


def states(record: Record[Any, Any]) -> list[Any]:
    """Every state of a record, from the first."""
    from picnic_rules import replay

    return list(replay(record))


def said(record: Record[Any, Any], index: int, seat: int) -> str:
    """What seat ``seat`` was told about move ``index`` (from 0) of ``record``."""
    game = GAMES[record.game]
    state = states(record)[index]
    move = record.moves[index]
    return str(game.describe(game.view(state, seat), game.observe(state, move, seat)))


def last_by(record: Record[Any, Any], seat: int) -> int | None:
    """The index of ``seat``'s last move in ``record`` (``None`` before its first)."""
    game = GAMES[record.game]
    found = None
    for index, state in enumerate(states(record)[: len(record.moves)]):
        if game.to_move(state) == seat:
            found = index
    return found


def sections(picture: str) -> list[list[str]]:
    """A picture's sections: its runs of lines between blank lines (the contract of a
    game's ``render``, which the terminal folds by)."""
    return [part.split("\n") for part in re.split(r"\n(?:[ \t]*\n)+", picture.strip("\n"))]


def focus(record: Record[Any, Any], seat: int) -> list[str]:
    """The part of the table seat ``seat`` decides on now: the last section of the picture
    of its view (the game's own ``render``)."""
    game = GAMES[record.game]
    view = game.view(states(record)[-1], seat)
    return sections(game.render(view))[-1]


_MENU_ROW = re.compile(r"^ +(?:\S.*?  )?\d+\. ")
"""A row of a grouped menu: its label (or the label's room), then its first move's number."""


def missing(term: Terminal, seat: int = 0) -> list[str]:
    """What a question of seat ``seat`` does not show at once on the screen (the 24 rows):
    the part of the table the decision is about (the picture's last section, word for
    word); the story since the seat's last move (its title, and every move
    after that move numbered, alone or in a range); and the whole menu (every number of
    the moves offered, or, for a menu that no screen holds, the range of every row).
    One's own last move is told in the story, or confirmed right above the table when
    nothing followed it. Empty if all is there."""
    record = term.record()
    game = GAMES[record.game]
    rows = [row.rstrip() for row in term.rows()]
    problems = []
    table = focus(record, seat)
    text = "\n".join(rows)
    if squeeze("\n".join(table)) not in squeeze(text):
        problems.append(f"the table's part {table!r}")
    menus = [n for n, row in enumerate(rows) if row.startswith("Your move, seat")]
    if not menus:
        return [*problems, "the menu's title"]
    menu = rows[menus[-1] :]
    legal = game.legal_moves(states(record)[-1])
    block = "\n".join(menu)
    shown = {int(n) for n in re.findall(r"(?<![\w.,:+-])(\d+)\. ", block)}
    for low, high in re.findall(r"(\d+) to (\d+)", block):
        shown |= set(range(int(low), int(high) + 1))
    if not set(range(1, len(legal) + 1)) <= shown:
        problems.append(f"moves {sorted(set(range(1, len(legal) + 1)) - shown)} of the menu")
    if menu[0].endswith("to see each in words)"):  # grouped: each move whole in its cell
        # (the last row is the question)
        broken = [row for row in menu[1:-1] if row.strip() and not _MENU_ROW.match(row)]
        if broken:
            problems.append(f"a move split over two rows of the menu: {broken}")
    own = last_by(record, seat)
    end = len(record.moves)
    first = 0 if own is None else own + 1  # the first move the story must tell
    titles = [n for n, row in enumerate(rows[: menus[-1]]) if _story_title(row)]
    if not titles:
        if first < end:
            problems.append("the story's title")
        elif own is not None and squeeze(said(record, own, seat)) not in squeeze(text):
            problems.append("one's own last move")
        return problems
    story = "\n".join(rows[titles[-1] : menus[-1]])
    told: set[int] = set()
    for low, high in re.findall(r"^ +(\d+)(?:-(\d+))?\. ", story, re.M):
        told |= set(range(int(low), int(high or low) + 1))
    if not set(range(first + 1, end + 1)) <= told:
        problems.append(f"moves {sorted(set(range(first + 1, end + 1)) - told)} of the story")
    return problems
