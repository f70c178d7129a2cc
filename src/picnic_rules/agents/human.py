"""A person at the keyboard as an agent: :class:`HumanAgent`."""

from __future__ import annotations

import builtins
import random
from collections.abc import Callable
from typing import Any

import attrs

from ..errors import IllegalMove, InvalidMove, PicnicError
from ..game import AnyGame

__all__ = ["HumanAgent"]


@attrs.frozen
class HumanAgent:
    """Asks a person for each move: ``make_agent(game, "human")`` or ``HumanAgent(game)``.

    At each decision it writes ``game.render(view)`` and the legal moves, numbered from
    1, with ``output``, then reads a line with ``input`` (by default the terminal's
    :func:`input` and :func:`print`; pass your own to script it or to wire it to another
    front end). A line is

    * the number of a move in the list,
    * a move in the game's notation (``play bread``), read by ``game.move_from_str``, so
      its length is bounded by the game's own notation limit,
    * ``?``: help -- the forms of the notation, then the list again.

    Anything else is answered with what is wrong (the :class:`~picnic_rules.InvalidMove`
    or :class:`~picnic_rules.IllegalMove` message, with the rule a move breaks), and the
    question is asked again. When ``input`` raises :exc:`EOFError` (end of input,
    Ctrl-D), the agent raises :class:`~picnic_rules.PicnicError` ``"no more input:
    ..."``, which ends the match (``picnic play`` prints it as an error).

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
    seat 0 to move:
      1. play bread
      2. end
    illegal move 'play jelly': seat 0 holds no jelly
    """

    game: AnyGame
    """The game played (its ``render`` and notation)."""
    input: Callable[[str], str] = attrs.field(default=builtins.input, repr=False)
    """Reads one line after showing a prompt (default: :func:`input`)."""
    output: Callable[[str], object] = attrs.field(default=builtins.print, repr=False)
    """Writes one block of text (default: :func:`print`)."""

    def __call__(self, view: Any, legal_moves: tuple[Any, ...], rng: random.Random) -> Any:
        """Show ``view`` and the numbered ``legal_moves``; return the move the person chose."""
        seat = view.player
        self.output(self.game.render(view))
        self.output(self._menu(seat, legal_moves))
        while True:
            try:
                line = self.input(f"seat {seat}> ")
            except EOFError:
                raise PicnicError(
                    f"no more input: seat {seat}'s human player chose no move"
                ) from None
            text = line.strip()
            if text == "?":
                self.output(self._help(seat, legal_moves))
                continue
            try:
                return self._choose(view, legal_moves, text)
            except PicnicError as error:
                self.output(str(error))

    def _menu(self, seat: int, legal_moves: tuple[Any, ...]) -> str:
        lines = [f"seat {seat} to move:"]
        lines += [f"  {number}. {move}" for number, move in enumerate(legal_moves, 1)]
        return "\n".join(lines)

    def _help(self, seat: int, legal_moves: tuple[Any, ...]) -> str:
        try:
            self.game.move_from_str("?")
            forms = ""
        except InvalidMove as error:
            forms = f" ({error.reason})"
        return (
            f"Type the number of a move in the list, or the move in notation{forms}.\n"
            + self._menu(seat, legal_moves)
        )

    def _choose(self, view: Any, legal_moves: tuple[Any, ...], text: str) -> Any:
        count = len(legal_moves)
        if not text:
            raise PicnicError(f"type a number from 1 to {count}, a move, or ? for help")
        if text.isascii() and text.isdigit():
            if len(text) <= len(str(count)) and 1 <= int(text) <= count:
                return legal_moves[int(text) - 1]
            raise PicnicError(f"there is no move {text}: type a number from 1 to {count}")
        move = self.game.move_from_str(text)  # InvalidMove for text that is no move
        if move in legal_moves:
            return move
        raise IllegalMove(move, self._why_not(view, move))

    def _why_not(self, view: Any, move: Any) -> str:
        """The rule ``move`` breaks, found on a state that agrees with ``view``."""
        try:
            self.game.apply(self.game.determinize(view, random.Random(0)), move)
        except IllegalMove as error:
            return error.reason
        except PicnicError:
            pass
        return "it is not among the legal moves"
