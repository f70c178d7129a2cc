"""What a seat may see (:func:`view`) and full states consistent with it (:func:`determinize`).

Nothing that has happened is hidden in the ants game (the deck is face up,
Round cards are revealed when drawn), so a view is the state and the seat,
and the one state with a view is its own.
"""

from __future__ import annotations

import random

from ..errors import InvalidState
from .state import PublicView, State, View

__all__ = ["determinize", "public", "view"]


def view(state: State, player: int) -> View:
    """What seat ``player`` sees: the whole state (the package's ``view``, the kit's gate,
    refuses a seat the game does not have)."""
    return View(player, state)


def determinize(view: View, rng: random.Random) -> State:
    """The state of ``view`` (nothing is hidden, so ``rng`` is not used)."""
    if type(view) is not View or type(view.state) is not State:
        raise InvalidState("expected an ants View holding an ants State")
    if type(view.player) is not int or not 0 <= view.player < len(view.state.dice):
        raise InvalidState(f"there is no seat {view.player!r} in this game")
    return view.state


def public(view: View) -> PublicView:
    """What every seat sees alike: the view's whole state (nothing is hidden)."""
    return PublicView(view.state)
