"""The sandwich game's view as a vector of numbers, for learners (:mod:`picnic_rules.kit.tensors`).

Every seat is counted from the seat of the view (it is seat 0 of the vector, the next seat
1, ...), so a vector reads the same from every seat. With ``P`` seats and ``S`` the most
sandwiches a seat can have (one per bread of the deck), the fields are:

* ``seat``: ``P`` numbers, one-hot: which seat the view belongs to;
* ``hand``: 5 numbers, how many bread, peanut butter, jelly, ant and fly cards it holds;
* ``hand_sizes``: ``P``, how many cards each seat holds;
* ``draw_size``: 1, the cards in the draw pile;
* ``discard_pile``: 5, the discard pile's cards of each kind;
* ``table``: ``P * S`` sandwiches of 9 numbers each, every seat's sandwiches in the order
  they were started: 1 (the sandwich is there), its number of cards, how many breads,
  peanut butters and jellies it holds, its top card one-hot over bread, peanut butter,
  jelly, and 1 when the fly covers it;
* ``fly_off``: 1 when the fly token is off the table;
* ``phase``: 4, one-hot over deal, draw, act, over;
* ``turn``: ``P``, one-hot: the seat dealt to or whose turn it is;
* ``played``: 1 when the seat to act has played a card this turn;
* ``actions``: the moves since the last sandwich was finished, and ``actions_left``: how
  many more end the game (``action_limit`` less ``actions``);
* ``dealt``: the cards dealt so far in the deal phase;
* ``reason``: 3, one-hot over the end reasons (all zeros until the end).

>>> encoding = tensors(2, Rules())
>>> encoding.size, [(field.name, field.start) for field in encoding.fields][5:7]
(317, [('table', 15), ('fly_off', 303)])
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..kit.tensors import Encoding, Layout, counts
from .cards import CARDS, Card
from .engine import REASONS
from .rules import Rules
from .state import Phase, View

__all__ = ["tensors"]

SANDWICH = 9
"""The numbers of one sandwich in ``table``."""

_PHASES = tuple(Phase)


@cache
def tensors(players: int, rules: Rules) -> Encoding:
    """The encoding of a view with ``players`` seats and ``rules`` (see the module's notes)."""
    most = max(rules.bread, 1)
    layout = Layout()
    seat = layout.add("seat", players, "one-hot: the seat of the view")
    hand = layout.add("hand", len(CARDS), "the seat's cards of each kind")
    sizes = layout.add("hand_sizes", players, "each seat's number of cards")
    draw = layout.add("draw_size", 1, "the cards in the draw pile")
    discard = layout.add("discard_pile", len(CARDS), "the discard pile's cards of each kind")
    table = layout.add(
        "table",
        players * most * SANDWICH,
        f"{most} sandwiches per seat, 9 numbers each: there, cards, breads, peanut "
        "butters, jellies, top card one-hot (bread, peanut butter, jelly), under the fly",
    )
    fly_off = layout.add("fly_off", 1, "1 when the fly token is off the table")
    phases = layout.one_hot("phase", _PHASES, "one-hot over deal, draw, act, over")
    turn = layout.add("turn", players, "one-hot: the seat dealt to or whose turn it is")
    played = layout.add("played", 1, "1 when the seat to act has played a card this turn")
    actions = layout.add("actions", 1, "moves since the last sandwich was finished")
    left = layout.add("actions_left", 1, "moves more without a finished sandwich that end it")
    dealt = layout.add("dealt", 1, "the cards dealt so far")
    reasons = layout.one_hot("reason", REASONS, "one-hot over the end reasons")
    row = most * SANDWICH
    limit = rules.action_limit
    bread, pb = Card.BREAD, Card.PEANUT_BUTTER

    def write(view: View, out: Any, at: int) -> None:
        player = view.player
        out[at + seat + player] = 1
        counts(view.hand, out, at + hand)
        counts(view.discard_pile, out, at + discard)
        for owner in range(players):
            place = (owner - player) % players
            out[at + sizes + place] = view.hand_sizes[owner]
            start = at + table + place * row
            for sandwich in view.table[owner]:
                out[start] = 1
                out[start + 1] = len(sandwich)
                breads = sandwich.count(bread)
                butters = sandwich.count(pb)
                out[start + 2] = breads
                out[start + 3] = butters
                out[start + 4] = len(sandwich) - breads - butters  # the jellies
                top = sandwich[-1]
                out[start + 5 + (0 if top is bread else 1 if top is pb else 2)] = 1
                start += SANDWICH
        fly = view.fly
        if fly is None:
            out[at + fly_off] = 1
        else:
            out[at + table + ((fly[0] - player) % players) * row + fly[1] * SANDWICH + 8] = 1
        out[at + draw] = view.draw_size
        out[at + phases[view.phase]] = 1
        out[at + turn + (view.turn - player) % players] = 1
        if view.played:
            out[at + played] = 1
        out[at + actions] = view.actions
        out[at + left] = limit - view.actions
        out[at + dealt] = view.dealt
        if view.reason is not None:
            out[at + reasons[view.reason]] = 1

    return layout.encoding(write)
