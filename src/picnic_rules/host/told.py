"""Chance's outcomes told at a real table, judged from the teller's view alone.

At a real table the seats type in what chance did (the card drawn, where a die landed).
The host holds the whole table, every hand included, but an answer to a seat is worked
out from that seat's view, never from the cards it cannot see: otherwise a seat could
tell each kind of card in turn and learn from the refusals where the others are.

* :func:`possible_outcomes`: the outcomes a seat is offered, those of :data:`GUESSES`
  states with its view.
* :func:`judge`: whether a told outcome is possible from the teller's view: it is if
  it is legal in one of up to :data:`JUDGED` states with that view (dealt with seeds 0,
  1, ... until one allows it); the :class:`Verdict` holds that state. An outcome none
  of them allows is refused with the rule's reason in the first of them, so the answer
  (accept or refuse, the reason, how much work it took) is a function of the view.

Where an outcome the teller's view allows contradicts the cards told before (the
hidden state does not allow it), the host deals the hidden cards again as in the
verdict's state (:meth:`Table.tell <picnic_rules.host.Table.tell>`): the teller's
answer is the same either way, and the seats whose own cards changed are told so.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Final

import attrs

from ..errors import IllegalMove, PicnicError
from ..game import CHANCE, AnyGame

__all__ = ["GUESSES", "JUDGED", "Verdict", "judge", "possible_outcomes", "stand_ins"]

GUESSES: Final = 16
"""How many states with a seat's view :func:`possible_outcomes` looks at."""

JUDGED: Final = 128
"""The most states with the teller's view :func:`judge` deals before it refuses an
outcome. In the card games here a kind with one unseen copy lies in a dealt state's pile
with a chance of at least the pile's share of the unseen cards, so an outcome the table
allows is all but never missed: 1 card left in the pile among 11 unseen, once in 200,000;
among 41 (six players' hands), once in 25."""


def stand_ins(game: AnyGame, view: Any, count: int) -> Iterator[Any]:
    """``count`` states with ``view`` (``game.determinize`` with seeds 0, 1, ...): the same
    ones for the same view, whatever the hidden cards are."""
    for guess in range(count):
        yield game.determinize(view, random.Random(guess))


def possible_outcomes(game: AnyGame, state: Any, seat: int) -> tuple[str, ...]:
    """The notation of chance's outcomes that seat ``seat`` may be told of now, worked out
    from its view alone: the outcomes in any of :data:`GUESSES` states with its view
    (``determinize`` with seeds 0, 1, ...), in the order they first come. Never from the
    state itself: the outcomes there would tell which cards the deck holds, and so which
    the other hands hold. A possible outcome missing from the list may still be told
    (:func:`judge` looks further).
    """
    found: dict[str, None] = {}
    for stand_in in stand_ins(game, game.view(state, seat), GUESSES):
        found.update((str(move), None) for move, _ in game.chance_outcomes(stand_in))
    return tuple(found)


@attrs.frozen
class Verdict:
    """An outcome the teller's view allows: the move, a state with the teller's view in
    which it is legal, and how many states were dealt to find it."""

    move: Any
    """The outcome, the game's move."""
    stand_in: Any = attrs.field(repr=False)
    """A state with the teller's view in which :attr:`move` is legal: the hidden cards as
    they are dealt again if the table's own contradict the outcome."""
    dealt: int
    """How many states with the view were dealt (a function of the view and the outcome:
    the work before the answer never depends on the hidden cards)."""


def judge(game: AnyGame, view: Any, text: str) -> Verdict:
    """Whether the outcome ``text`` (chance's move in the game's notation) is possible for
    a seat whose view is ``view``: a :class:`Verdict` if one of up to :data:`JUDGED`
    states with that view allows it.

    Raises :class:`~picnic_rules.InvalidMove` for text that is no move and
    :class:`~picnic_rules.IllegalMove` for an outcome none of them allows, with the rule's
    reason in the first (a reason the view alone gives: the cards it names are that
    state's, dealt from the view). Reads nothing but ``view``.
    """
    move = game.move_from_str(text)  # InvalidMove for text that is no move
    reason = ""
    dealt = 0
    for stand_in in stand_ins(game, view, JUDGED):
        dealt += 1
        if game.to_move(stand_in) is not CHANCE:
            break  # who acts is public: no state with this view has chance to act
        try:
            game.apply(stand_in, move)
        except IllegalMove as error:
            reason = reason or error.reason
            continue
        except PicnicError as error:
            reason = reason or str(error)
            continue
        return Verdict(move, stand_in, dealt)
    raise IllegalMove(move, reason or "chance does not act now")
