"""A person at the keyboard as an agent: :class:`HumanAgent`."""

from __future__ import annotations

import builtins
import random
import textwrap
from collections.abc import Callable
from typing import Any, Final

import attrs

from ..errors import IllegalMove, InvalidMove, PicnicError
from ..game import AnyGame
from .arguments import checked_call

__all__ = ["HumanAgent"]

ECHO_LIMIT: Final = 80
"""The most characters of a person's input quoted back in an answer."""

_MENU_WIDTH: Final = 80  # a menu line is wrapped here, under its description


def _echo(text: str, *, quote: bool = True) -> str:
    """``text`` as an answer quotes it: control characters escaped, at most :data:`ECHO_LIMIT`
    characters in all (quotes and ``...`` included)."""
    marks = "'" if quote else ""
    room = ECHO_LIMIT - 2 * len(marks)
    pieces: list[str] = []
    used = 0
    for char in text:
        piece = char if char.isprintable() else char.encode("unicode_escape").decode("ascii")
        if used + len(piece) > room:
            while pieces and used + 3 > room:
                used -= len(pieces.pop())
            pieces.append("...")
            break
        pieces.append(piece)
        used += len(piece)
    return f"{marks}{''.join(pieces)}{marks}"


@attrs.frozen
class HumanAgent:
    """Asks a person for each move: ``make_agent(game, "human")`` or ``HumanAgent(game)``.

    At each decision it writes ``game.render(view)`` and a menu with ``output``: the
    legal moves numbered from 1, each in notation and in words
    (``game.describe_move``), then reads a line with ``input`` (by default the
    terminal's :func:`input` and :func:`print`; pass your own to script it or to wire
    it to another front end). A line is

    * the number of a move in the list,
    * a move in the game's notation (``play bread``), read by ``game.move_from_str``, so
      its length is bounded by the game's own notation limit,
    * ``?``: help -- the forms of the notation, then the menu again.

    Anything else is answered with what is wrong (the :class:`~picnic_rules.InvalidMove`
    or :class:`~picnic_rules.IllegalMove` reason, with the rule a move breaks), and the
    question is asked again. An answer quotes the input back cut to :data:`ECHO_LIMIT`
    (80) characters, control characters escaped. When ``input`` raises
    :exc:`EOFError` (end of input, Ctrl-D), the agent raises
    :class:`~picnic_rules.PicnicError` ``"no more input: ..."``, which ends the match
    (``picnic play`` prints it as an error). It needs a person, so
    :func:`~picnic_rules.simulate.simulate` refuses it.

    >>> import random
    >>> from picnic_rules import GAMES
    >>> game = GAMES["sandwich"]
    >>> state = game.new_game(2)
    >>> for draw in ["draw bread", "draw jelly"] * 2 + ["draw bread"]:  # the deal
    ...     state = game.apply(state, game.move_from_str(draw))
    >>> lines = iter(["play jelly", "2"])
    >>> said = []
    >>> human = HumanAgent(game, input=lambda prompt: next(lines), output=said.append)
    >>> human(game.view(state, 0), game.legal_moves(state), random.Random(0))
    End()
    >>> print("\\n".join(said[1:]))
    Your move (seat 0):
      1. play bread   you start sandwich 0.0 with bread
      2. end          you end your turn
    illegal move 'play jelly': seat 0 holds no jelly
    """

    game: AnyGame
    """The game played (its ``render``, ``describe`` and notation)."""
    input: Callable[[str], str] = attrs.field(default=builtins.input, repr=False)
    """Reads one line after showing a prompt (default: :func:`input`)."""
    output: Callable[[str], object] = attrs.field(default=builtins.print, repr=False)
    """Writes one block of text (default: :func:`print`)."""

    @checked_call()
    def __call__(self, view: Any, legal_moves: tuple[Any, ...], rng: random.Random) -> Any:
        """Show ``view`` and the menu of ``legal_moves``; return the move the person chose."""
        seat = view.player
        menu = self._menu(view, legal_moves)
        self.output(self.game.render(view))
        self.output(menu)
        while True:
            try:
                line = self.input(f"seat {seat}> ")
            except EOFError:
                raise PicnicError(
                    f"no more input: seat {seat}'s human player chose no move"
                ) from None
            text = line.strip()
            if text == "?":
                self.output(self._help(menu))
                continue
            try:
                return self._choose(view, legal_moves, text)
            except InvalidMove as error:
                self.output(f"invalid move {_echo(text)}: {error.reason}")
            except IllegalMove as error:
                self.output(f"illegal move {_echo(str(error.move))}: {error.reason}")
            except PicnicError as error:
                self.output(str(error))

    def _menu(self, view: Any, legal_moves: tuple[Any, ...]) -> str:
        """``Your move (seat 0):``, then one numbered line per move: notation, then words."""
        said = self._descriptions(view, legal_moves)
        names = [str(move) for move in legal_moves]
        numbers = [f"  {number}. " for number in range(1, len(legal_moves) + 1)]
        lead = max(map(len, numbers), default=0)
        width = max(map(len, names), default=0)
        lines = [f"Your move (seat {view.player}):"]
        for number, name, words in zip(numbers, names, said, strict=True):
            start = number.rjust(lead) + name
            if not words:
                lines.append(start)
                continue
            lines += textwrap.wrap(
                words,
                _MENU_WIDTH,
                initial_indent=start.ljust(lead + width + 3),
                subsequent_indent=" " * (lead + width + 3),
                break_on_hyphens=False,
            )
        return "\n".join(lines)

    def _descriptions(self, view: Any, legal_moves: tuple[Any, ...]) -> list[str]:
        """Each move in words (``game.describe_move``), or ``""`` where it has none."""
        try:
            return [self.game.describe_move(view, move) for move in legal_moves]
        except PicnicError:  # a game that cannot word its moves still gets its menu
            return [""] * len(legal_moves)

    def _help(self, menu: str) -> str:
        try:
            self.game.move_from_str("?")
            forms = ""
        except InvalidMove as error:
            forms = f" ({error.reason})"
        return f"Type the number of a move in the list, or the move in notation{forms}.\n{menu}"

    def _choose(self, view: Any, legal_moves: tuple[Any, ...], text: str) -> Any:
        count = len(legal_moves)
        if not text:
            raise PicnicError(f"type a number from 1 to {count}, a move, or ? for help")
        if text.isascii() and text.isdigit():
            if len(text) <= len(str(count)) and 1 <= int(text) <= count:
                return legal_moves[int(text) - 1]
            number = _echo(text, quote=False)
            raise PicnicError(f"there is no move {number}: type a number from 1 to {count}")
        # the game's one way from text to a seat's move, on a position that agrees with the
        # view (the seat's legal moves and the reasons for illegal ones depend on nothing else)
        stand_in = self.game.determinize(view, random.Random(0))
        move = self.game.move_as(stand_in, view.player, text)
        if move not in legal_moves:  # the view does not fix the seat's moves: a defect
            raise IllegalMove(move, "it is not among the legal moves")
        return legal_moves[legal_moves.index(move)]
