"""The insects game's view as a vector of numbers, for learners (:mod:`picnic_rules.kit.tensors`).

Every seat is counted from the seat of the view (it is seat 0 of the vector, the next seat
1, ...), so a vector reads the same from every seat. Card kinds are the 18 of
:class:`~picnic_rules.insects.Card` in their order (each insect's four colours and joker,
then spray, boots, swatter). With ``P`` seats and ``B`` the most piles on the table (one
per colour of each insect and one per joker: ``3 * (4 + jokers)``), the fields are:

* ``seat``: ``P`` numbers, one-hot: which seat the view belongs to;
* ``hand``: 18, the seat's cards of each kind;
* ``hand_sizes``: ``P``, each seat's number of cards;
* ``deck_size``: 1, the cards in the deck;
* ``piles``: ``B`` piles of 21 numbers each, in the order they were started: 1 (the pile
  is there), its number of cards, 1 when it is the attacking pile (two cards or more),
  then its cards of each of the 18 kinds;
* ``food``, ``captured``: ``P`` each, the food each seat holds and has captured;
* ``scored``: ``P * 18``, each seat's score pile by card kind;
* ``food_out``: 1, the food cards out of the game;
* ``phase``: 4, one-hot over deal, draw, turn, over;
* ``turn``: ``P``, one-hot: the seat dealt to, drawing or acting;
* ``draws``: the cards still to draw; ``again``: 1 when the seat acts again after them;
  ``bought``: 1 when the seat to act has bought this turn;
* ``last``: ``P``, one-hot: the seat that played the attacking pile's last card (all zeros
  with no attack); ``last_count``: how many cards that play held;
* ``reason``: 2, one-hot over the end reasons (all zeros until the end).

>>> encoding = tensors(2, Rules())
>>> encoding.size, encoding.field("piles").size
(456, 378)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..kit.tensors import Encoding, Layout, counts
from .cards import COLOURS, INSECTS, KINDS
from .engine import REASONS
from .rules import Rules
from .state import Phase, View

__all__ = ["tensors"]

PILE = 3 + KINDS
"""The numbers of one pile in ``piles``."""

_PHASES = tuple(Phase)


@cache
def tensors(players: int, rules: Rules) -> Encoding:
    """The encoding of a view with ``players`` seats and ``rules`` (see the module's notes)."""
    most = len(INSECTS) * (len(COLOURS) + rules.jokers)
    layout = Layout()
    seat = layout.add("seat", players, "one-hot: the seat of the view")
    hand = layout.add("hand", KINDS, "the seat's cards of each kind")
    sizes = layout.add("hand_sizes", players, "each seat's number of cards")
    deck = layout.add("deck_size", 1, "the cards in the deck")
    piles = layout.add(
        "piles",
        most * PILE,
        f"{most} piles, {PILE} numbers each: there, cards, attacking, cards of each kind",
    )
    food = layout.add("food", players, "the food each seat holds")
    captured = layout.add("captured", players, "the food each seat has captured")
    scored = layout.add("scored", players * KINDS, "each seat's score pile by card kind")
    food_out = layout.add("food_out", 1, "the food cards out of the game")
    phases = layout.one_hot("phase", _PHASES, "one-hot over deal, draw, turn, over")
    turn = layout.add("turn", players, "one-hot: the seat dealt to, drawing or acting")
    draws = layout.add("draws", 1, "the cards still to draw")
    again = layout.add("again", 1, "1 when the seat acts again after the draws")
    bought = layout.add("bought", 1, "1 when the seat to act has bought this turn")
    last = layout.add("last", players, "one-hot: the seat of the attacking pile's last play")
    last_count = layout.add("last_count", 1, "the cards of that play")
    reasons = layout.one_hot("reason", REASONS, "one-hot over the end reasons")

    def write(view: View, out: Any, at: int) -> None:
        player = view.player
        out[at + seat + player] = 1
        counts(view.hand, out, at + hand)
        for owner in range(players):
            place = (owner - player) % players
            out[at + sizes + place] = view.hand_sizes[owner]
            out[at + food + place] = view.food[owner]
            out[at + captured + place] = view.captured[owner]
            counts(view.scored[owner], out, at + scored + place * KINDS)
        start = at + piles
        for pile in view.piles:
            out[start] = 1
            out[start + 1] = len(pile)
            if len(pile) > 1:
                out[start + 2] = 1
            for card in pile:
                out[start + 3 + card] += 1
            start += PILE
        out[at + deck] = view.deck_size
        out[at + food_out] = view.food_out
        out[at + phases[view.phase]] = 1
        out[at + turn + (view.turn - player) % players] = 1
        out[at + draws] = view.draws
        if view.again:
            out[at + again] = 1
        if view.bought:
            out[at + bought] = 1
        if view.last is not None:
            out[at + last + (view.last - player) % players] = 1
            out[at + last_count] = view.last_count
        if view.reason is not None:
            out[at + reasons[view.reason]] = 1

    return layout.encoding(write)
