"""What ``picnic play`` and ``picnic replay`` show and read: :class:`Screen`.

On a terminal, with the ``cli`` extra (rich) installed, pictures come in
colour and headings as rules; anywhere else -- a pipe, a file, a script --
the same words come as plain text, and input is read line by line. On a
terminal with prompt_toolkit (the ``cli`` extra) a typed line can be edited:
the arrow keys move and recall earlier answers, Tab completes the words
offered (the legal moves' notation), and Ctrl-L asks for the screen to be
drawn again (:data:`REDRAW`). ``PICNIC_LINE_EDITING=0`` in the environment
turns line editing off (the terminal's own then: Backspace only). Text from
a game's words is printed as it is (never parsed as markup); text from the
user or a file goes through :func:`~.common.safe` first.

Every line is wrapped at spaces, never inside a word (:func:`wrap`), to
:attr:`Screen.width`: one column less than the terminal's width, or
:data:`PLAIN_WIDTH` characters off a terminal; a line that fits is printed
as it is. A long list of moves can be shown grouped (:meth:`Screen.grouped`,
laid out by :func:`group_rows`): one row per group, its moves numbered after
the notation they share.

A game's picture (``render(view)``) comes in sections, runs of lines between blank
lines (:func:`sections`): each section's first line says what it is in a line of its
own, what changes least comes first, and the last section is the part of the table
the seat to act decides on. On a screen too short for the whole picture beside the
story and the moves, :func:`fold` keeps that last section whole and folds the others
to their first lines, from the top (:meth:`Screen.picture` shows what it keeps). While
the computer thinks, :meth:`Screen.thinking` shows a sign on the last row, and
erases it when the move is made.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator, Sequence
from typing import Any, Final, TextIO

from ..errors import PicnicError, shorten
from ..game import AnyGame

__all__ = [
    "MAX_LINE",
    "MAX_SKIPPED",
    "MIN_WIDTH",
    "PLAIN_WIDTH",
    "REDRAW",
    "Screen",
    "fold",
    "group_rows",
    "numbered_rows",
    "sections",
    "spans",
    "wrap",
]

MAX_LINE: Final = 1000
"""The most characters ``picnic play`` reads as one line of input; a longer line is refused whole."""

MAX_SKIPPED: Final = 1 << 20
"""The most characters of one over-long line skipped before the input is refused as endless
(``picnic play < /dev/zero``)."""

REDRAW: Final = "\f"
"""What :meth:`Screen.ask` returns for Ctrl-L on a terminal with line editing: clear the
screen and show it again."""

PLAIN_WIDTH: Final = 80
"""The width lines are wrapped to off a terminal (a pipe, a file, a script's transcript)."""

_RULE_ENDS: Final = 6
"""The characters a heading's rule or ``== ==`` takes besides its words."""

MIN_WIDTH: Final = 30
"""The narrowest width lines are wrapped to, however narrow the terminal."""

_CLEAR: Final = "\x1b[H\x1b[2J\x1b[3J"  # home, clear the screen, clear the scrollback
_ERASE: Final = "\r\x1b[2K"  # back to the row's start, erase the row


class Screen:
    """Writes to ``out`` and reads lines from ``stdin``, with rich on a terminal.

    ``rich`` chooses colour (``None``: when both ``out`` and ``stdin`` are
    terminals and rich is installed).
    """

    def __init__(self, out: TextIO, stdin: TextIO | None = None, *, rich: bool | None = None):
        self.out = out
        self.stdin = stdin if stdin is not None else sys.stdin
        self.interactive = _isatty(self.stdin)
        """Whether a person types at a terminal (else lines come from a pipe or file)."""
        self._console: Any = None
        self._editor: Any = None  # a prompt_toolkit session, made at the first question
        self.editing = self.interactive and _isatty(out) and _has_prompt_toolkit()
        """Whether typed lines are edited with prompt_toolkit (history, completion, Ctrl-L)."""
        if rich is None:
            rich = self.interactive and _isatty(out)
        if rich:
            try:
                from rich.console import Console
            except ImportError:  # the cli extra is not installed: plain text
                pass
            else:
                self._console = Console(file=out, highlight=False, soft_wrap=True)

    @property
    def rich(self) -> bool:
        """Whether output is styled with rich."""
        return self._console is not None

    @property
    def width(self) -> int:
        """The most characters a row holds: one less than the terminal's columns (never a
        full row, which some terminals wrap early), :data:`PLAIN_WIDTH` off a terminal."""
        columns = _size(self.out)[0]
        return max(MIN_WIDTH, columns - 1) if columns else PLAIN_WIDTH

    @property
    def height(self) -> int | None:
        """The terminal's rows; ``None`` off a terminal (the output has no screen)."""
        rows = _size(self.out)[1]
        return rows or None

    def line(
        self,
        text: str = "",
        *,
        style: str | None = None,
        hang: int | None = None,
        whole: bool = False,
    ) -> None:
        """One line (or several) of plain text, each wrapped at spaces to :attr:`width` with
        continuation rows indented by ``hang`` (see :func:`wrap`); ``style`` (rich's) applies
        on a terminal. A ``whole`` line is never wrapped (a command to copy, such as
        ``picnic play --resume FILE``: the terminal folds it, adding nothing to it)."""
        lines = text.split("\n")
        rows = lines if whole else [row for one in lines for row in wrap(one, self.width, hang)]
        if self._console is not None:
            self._console.print("\n".join(rows), style=style, markup=False)
        else:
            print("\n".join(rows), file=self.out)

    def heading(self, text: str) -> None:
        """A heading: a rule across a terminal, ``== text ==`` in plain text. A heading
        wider than a row (``Title: facts``, a long title) is split at its last ``": "``, the
        facts on the line below, so that no part of it is cut."""
        title, facts = text, ""
        if len(text) + _RULE_ENDS > self.width and ": " in text:
            title, _, facts = text.rpartition(": ")
        if self._console is not None:
            from rich.rule import Rule
            from rich.text import Text

            self._console.print(Rule(Text(title, style="bold")))
        else:
            print(f"== {title} ==", file=self.out)
        if facts:
            self.line(facts)

    def picture(self, game: AnyGame, view: Any, shown: Sequence[bool] | None = None) -> None:
        """``game.render(view)`` without its blank lines: in rich markup on a terminal, in
        plain text elsewhere; with ``shown`` (one flag a line, as :func:`fold` gives), only
        the lines flagged."""
        width = self.width
        plain = [line for section in sections(game.render(view)) for line in section]
        keep = list(shown) if shown is not None else [True] * len(plain)
        if self._console is not None:
            from rich.text import Text

            marked = [
                line for section in sections(game.render(view, markup=True)) for line in section
            ]
            texts = [Text.from_markup(row) for row in marked]
            if [text.plain for text in texts] != plain:  # markup that is not the picture's
                texts = [Text(row) for row in plain]
            for text, wanted in zip(texts, keep, strict=False):
                if not wanted:
                    continue
                for number, (start, end) in enumerate(spans(text.plain, width)):
                    piece = text[start:end]
                    if number:
                        piece = Text(" " * _hang(text.plain, width, None)) + piece
                    self._console.print(piece, highlight=False)
        else:
            rows = [row for row, wanted in zip(plain, keep, strict=False) if wanted]
            print("\n".join(wrapped for row in rows for wrapped in wrap(row, width)), file=self.out)

    @contextlib.contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        """Show ``text`` on the last row while the block runs (the computer searching),
        then erase it; off a terminal, nothing."""
        if not (self.interactive and _isatty(self.out)):
            yield
            return
        self.out.write(text[: self.width])
        self.out.flush()
        try:
            yield
        finally:
            self.out.write(_ERASE)
            self.out.flush()

    def problem(self, text: str) -> None:
        """A complaint about what was typed (in red on a terminal)."""
        self.line(text, style="red")

    def clear(self) -> None:
        """Clear the terminal and its scrollback (hot-seat: hide the last hand); else a blank line."""
        if self.interactive:
            self.out.write(_CLEAR)
            self.out.flush()
        else:
            print(file=self.out)

    def ask(self, prompt: str, words: Sequence[str] = ()) -> str | None:
        """One line typed after ``prompt``, stripped; ``None`` at the end of input.

        A line longer than :data:`MAX_LINE` characters comes back as ``""``
        after a complaint. Off a terminal, the line is echoed after the
        prompt, so a transcript reads as if typed. With line editing, Tab
        completes ``words`` and Ctrl-L returns :data:`REDRAW`.
        """
        self.out.flush()
        if self.editing:
            try:
                text = self._edit(prompt, words)
            except EOFError:
                self.line()
                return None
            if text == REDRAW:
                return REDRAW
            if len(text) > MAX_LINE:
                self.problem(f"that line is longer than {MAX_LINE} characters; nothing was done")
                return ""
            return text.strip()
        elif self.interactive:
            try:
                if self._console is not None:
                    text = str(self._console.input(prompt, markup=False))
                else:
                    print(prompt, end="", file=self.out, flush=True)
                    text = self._read()
                    if not text:
                        raise EOFError
            except EOFError:
                self.line()
                return None
        else:
            print(prompt, end="", file=self.out)
            text = self._read()
            if not text:
                print(file=self.out)
                return None
            print(shorten(text.rstrip("\r\n"), MAX_LINE), file=self.out)
        if len(text.rstrip("\r\n")) > MAX_LINE:
            skipped = len(text)
            while text and not text.endswith("\n"):  # drop the rest of the line
                if skipped > MAX_SKIPPED:
                    raise PicnicError(
                        f"a line of input is longer than {MAX_SKIPPED} characters: is it text?"
                    )
                text = self._read()
                skipped += len(text)
            self.problem(f"that line is longer than {MAX_LINE} characters; nothing was done")
            return ""
        return text.strip()

    def _edit(self, prompt: str, words: Sequence[str]) -> str:
        """A line typed with prompt_toolkit's editing (raises :exc:`EOFError` on Ctrl-D)."""
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import WordCompleter
        from prompt_toolkit.history import InMemoryHistory
        from prompt_toolkit.key_binding import KeyBindings
        from prompt_toolkit.shortcuts import CompleteStyle

        if self._editor is None:
            keys = KeyBindings()

            @keys.add("c-l")
            def _redraw(event: Any) -> None:
                event.app.exit(result=REDRAW)

            self._editor = PromptSession(
                history=InMemoryHistory(),
                key_bindings=keys,
                complete_style=CompleteStyle.READLINE_LIKE,
            )
        completer = WordCompleter(list(dict.fromkeys(words)), sentence=True) if words else None
        text = self._editor.prompt(prompt, completer=completer, complete_while_typing=False)
        return str(text)

    def _read(self) -> str:
        """At most ``MAX_LINE + 1`` characters of the next line; refuses input that is not text."""
        try:
            text = self.stdin.readline(MAX_LINE + 1)
        except UnicodeDecodeError as exc:
            raise PicnicError(f"the input is not UTF-8 text (byte {exc.start})") from None
        if "\x00" in text:
            raise PicnicError("the input is not text: it holds a NUL byte")
        if any("\udc80" <= char <= "\udcff" for char in text):  # undecodable, escaped
            raise PicnicError("the input is not UTF-8 text")
        return text

    def numbered(self, rows: Sequence[tuple[str, str]], *, start: int = 1) -> None:
        """Rows ``(notation, words)`` numbered from ``start``, the words in one column (a
        row too long for the screen goes on under its words, or under its notation)."""
        for line, hang in numbered_rows(rows, start=start, width=self.width):
            self.line(line, hang=hang)

    def grouped(self, rows: Sequence[tuple[str, Sequence[tuple[int, str]]]]) -> None:
        """Rows ``(label, [(number, item), ...])``: each label, then its numbered items in a
        column of their own (:func:`group_rows`)."""
        for line, hang in group_rows(rows, self.width):
            self.line(line, hang=hang)


def sections(picture: str) -> list[list[str]]:
    """The sections of a picture: its runs of lines between blank lines.

    >>> sections("Round 2\\n\\nbag: 3 grains\\ndeck: 4 cards\\n\\n\\nyour hand: blue 6")
    [['Round 2'], ['bag: 3 grains', 'deck: 4 cards'], ['your hand: blue 6']]
    """
    out: list[list[str]] = []
    current: list[str] = []
    for line in picture.split("\n"):
        if line.strip():
            current.append(line)
        elif current:
            out.append(current)
            current = []
    if current:
        out.append(current)
    return out


def fold(rows: Sequence[Sequence[int]], room: int) -> list[list[bool]]:
    """Which lines of a picture's sections to show in ``room`` rows, given the rows each
    line takes (``rows[s][k]``, line ``k`` of section ``s``): the last section whole (the
    part of the table the decision is about, shown even if it alone is too tall), then
    the first line of each other section, from the last but one up, as many as fit, then
    whole sections in the same order, each where it fits -- what changes least, at the
    top, is folded first.

    >>> fold([[1, 1], [1, 1, 1], [1, 1]], 5)
    [[True, True], [True, False, False], [True, True]]
    >>> fold([[1, 1], [1, 1, 1], [1, 1]], 6)
    [[True, False], [True, True, True], [True, True]]
    >>> fold([[1, 1], [1], [1, 1]], 3)
    [[False, False], [True], [True, True]]
    """
    shown = [[False] * len(section) for section in rows]
    if not rows:
        return shown
    shown[-1] = [True] * len(rows[-1])
    left = room - sum(rows[-1])
    for number in range(len(rows) - 2, -1, -1):
        section = rows[number]
        if section and section[0] <= left:
            shown[number][0] = True
            left -= section[0]
    for number in range(len(rows) - 2, -1, -1):
        section = rows[number]
        more = sum(section[1:])
        if shown[number][:1] == [True] and more <= left:
            shown[number] = [True] * len(section)
            left -= more
    return shown


def spans(line: str, width: int, hang: int | None = None) -> list[tuple[int, int]]:
    """Where :func:`wrap` breaks ``line``: the ``(start, end)`` of each row's text in it.

    >>> spans("one two three", 8)
    [(0, 7), (8, 13)]
    """
    if len(line) <= width:
        return [(0, len(line))]
    indent = _hang(line, width, hang)
    out: list[tuple[int, int]] = []
    start, room = 0, width
    while len(line) - start > room:
        cut = line.rfind(" ", start, start + room + 1)
        end = cut
        while end > start and line[end - 1] == " ":
            end -= 1
        if cut < 0 or not line[start:end].strip():  # one word longer than a row: cut it
            end = cut = start + room
        out.append((start, end))
        start = cut
        while start < len(line) and line[start] == " ":
            start += 1
        room = width - indent
    if start < len(line) or not out:
        out.append((start, len(line)))
    return out


def wrap(line: str, width: int, hang: int | None = None) -> list[str]:
    """``line`` in rows of at most ``width`` characters, broken at spaces (a word is cut
    only when it is longer than a row); rows after the first are indented by ``hang``
    spaces (default: the line's own indent plus 4, or 2 for a line that is not indented),
    at most half the width. A line that fits is returned as it is.

    >>> wrap("  12. the cards are turned up -- you: blue 6 + purple 5", 31, hang=6)
    ['  12. the cards are turned up', '      -- you: blue 6 + purple 5']
    """
    pieces = spans(line, width, hang)
    if len(pieces) == 1:
        return [line]
    indent = " " * _hang(line, width, hang)
    return [(indent if n else "") + line[a:b] for n, (a, b) in enumerate(pieces)]


def _hang(line: str, width: int, hang: int | None) -> int:
    if hang is None:
        lead = len(line) - len(line.lstrip(" "))
        hang = lead + 4 if lead else 2
    return max(0, min(hang, width // 2))


def numbered_rows(
    rows: Sequence[tuple[str, str]], *, start: int = 1, width: int = PLAIN_WIDTH
) -> list[tuple[str, int]]:
    """The lines of a numbered list of ``(notation, words)`` and the indent each goes on
    with: under its words when they have half the width, else under its notation.

    >>> numbered_rows([("end", "you end your turn")])
    [('  1. end  you end your turn', 10)]
    """
    column = max((len(notation) for notation, _ in rows), default=0)
    digits = len(str(start + len(rows) - 1))
    out = []
    for number, (notation, words) in enumerate(rows, start=start):
        line = f"  {number:>{digits}}. {notation:<{column}}  {words}".rstrip()
        hang = digits + 4 + column + 2
        out.append((line, hang if hang <= width // 2 else digits + 4))
    return out


def group_rows(
    rows: Sequence[tuple[str, Sequence[tuple[int, str]]]], width: int = PLAIN_WIDTH
) -> list[tuple[str, int]]:
    """The lines of a grouped list and the indent each goes on with: each label, then its
    items numbered (``"1. blue 6  2. purple 5"``) in a column after the longest label, as
    many to a line as fit in ``width`` (an item is never split between two lines); the
    items of a row without a label stand in columns of one width, unless that takes more
    lines.

    >>> group_rows([("yellow 4 +", [(1, "blue 6"), (2, "red fox 4")]), ("", [(3, "end")])])
    [('  yellow 4 +  1. blue 6  2. red fox 4', 14), ('              3. end', 14)]
    >>> group_rows([("fly", [(n, f"{n}.0") for n in range(1, 5)])], width=24)
    [('  fly  1. 1.0  2. 2.0', 7), ('       3. 3.0  4. 4.0', 7)]
    >>> group_rows([("", [(1, "swat 4"), (2, "play red fly"), (3, "swat 6")])], width=36)
    [('    1. swat 4        2. play red fly', 4), ('    3. swat 6', 4)]
    >>> cards = [(1, "blue fox 6"), (2, "red 4"), (3, "red 3"), (4, "red 5")]
    >>> [len(line) for line, _ in group_rows([("", cards)], width=40)]
    [27, 27]
    >>> [len(line) for line, _ in group_rows([("", cards)], width=50)]
    [47]
    """
    column = max((len(label) for label, _ in rows), default=0)
    hang = column + 4
    out = []
    for label, items in rows:
        cells = [f"{number}. {item}" for number, item in items]
        lines = _placed(f"  {label:<{column}}  ", cells, hang, width)
        widest = max((len(cell) for cell in cells), default=0)
        if not label and hang + 2 * widest + 2 <= width:  # columns of one width, if no longer
            columns = _placed(
                f"  {label:<{column}}  ", [c.ljust(widest) for c in cells], hang, width
            )
            lines = columns if len(columns) <= len(lines) else lines
        out += [(line, hang) for line in lines]
    return out


def _placed(line: str, cells: Sequence[str], hang: int, width: int) -> list[str]:
    """``cells`` after ``line``, as many to a line as fit in ``width`` (the padding of a
    cell too), the lines after the first indented by ``hang``."""
    out = []
    placed = False
    for cell in cells:
        if placed and len(line) + 2 + len(cell.rstrip()) > width:
            out.append(line.rstrip())
            line, placed = " " * hang, False
        line += ("  " if placed else "") + cell
        placed = True
    out.append(line.rstrip())
    return out


def _size(out: object) -> tuple[int, int]:
    """The columns and rows of the terminal ``out`` writes to; ``(0, 0)`` off a terminal."""
    if not _isatty(out):
        return 0, 0
    try:
        size = os.get_terminal_size(out.fileno())  # type: ignore[attr-defined]
    except (OSError, ValueError, AttributeError):
        return 0, 0
    return size.columns, size.lines


def _has_prompt_toolkit() -> bool:
    if os.environ.get("PICNIC_LINE_EDITING", "").strip().lower() in ("0", "off", "no", "false"):
        return False
    try:
        import prompt_toolkit  # noqa: F401
    except ImportError:  # the cli extra is not installed: the terminal's own line editing
        return False
    return True


def _isatty(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if isatty is not None else False
    except ValueError:  # a closed stream
        return False
