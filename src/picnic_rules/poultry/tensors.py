"""The poultry game's view as a vector of numbers, for learners (:mod:`picnic_rules.kit.tensors`).

Every seat is counted from the seat of the view (it is seat 0 of the vector, the next seat
1, ...), so a vector reads the same from every seat. Cards are counted by kind, in the
order of the rules' :attr:`~picnic_rules.poultry.Rules.kinds` (``K`` kinds: 48 by
default); grain is counted green, blue, yellow. With ``P`` seats and 6 yards, the fields
are:

* ``seat``: ``P`` numbers, one-hot: which seat the view belongs to;
* ``hand``: ``K``, the seat's cards of each kind;
* ``hand_sizes``: ``P``, each seat's number of cards; ``deck_size``: 1, the cards in the deck;
* ``discard``: ``K``, the discard pile by kind;
* ``played``: ``P * K``, the cards each seat has played face up this round, by kind;
* ``face_down``: ``P``, how many cards each seat has committed face down;
* ``stocks``: ``P * K``, the poultry cards each seat's foxes captured, by kind;
* ``bag``: 3, the grain left in the bag; ``yards``: ``6 * 3``, the grain at each yard;
  ``grain``: ``P * 3``, the grain each seat has eaten;
* ``phase``: 9, one-hot over deal, supply, commit, reveal, resolve, haggle, duel, draw, over;
* ``round``: the round; ``turn``: ``P``, one-hot: the seat to commit; ``dealt``: the card
  slots dealt or drawn so far; ``yard``: 6, one-hot: the yard being supplied or resolved;
* ``haggle``: ``1 + 2P + 3P + 1``: 1 when a haggle is on, the seats haggling (1 each), the
  seat proposing (one-hot), the grain allotted so far to each seat, the accepts given;
* ``duel``: ``1 + 3P + 2``: 1 when a duel is on, the seats duelling (1 each), each one's
  card value and its roll so far, the roll-offs tied so far, 1 when foxes duel;
* ``rolled``: ``P``, the dice of the last roll-off finished, in its seats' order;
* ``reason``: 1 at the end (one-hot over the end reasons).

>>> encoding = tensors(2, Rules())
>>> encoding.size, encoding.field("stocks").size
(365, 96)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..kit.tensors import Encoding, Layout, counts
from .cards import GRAINS, YARDS
from .rules import Rules
from .scoring import REASONS
from .state import Phase, View

__all__ = ["tensors"]

_PHASES = tuple(Phase)


@cache
def tensors(players: int, rules: Rules) -> Encoding:
    """The encoding of a view with ``players`` seats and ``rules`` (see the module's notes)."""
    kinds = len(rules.kinds)
    index = rules.index
    grains = len(GRAINS)
    layout = Layout()
    seat = layout.add("seat", players, "one-hot: the seat of the view")
    hand = layout.add("hand", kinds, "the seat's cards of each kind")
    sizes = layout.add("hand_sizes", players, "each seat's number of cards")
    deck = layout.add("deck_size", 1, "the cards in the deck")
    discard = layout.add("discard", kinds, "the discard pile by kind")
    played = layout.add("played", players * kinds, "each seat's cards played this round")
    face_down = layout.add("face_down", players, "each seat's cards committed face down")
    stocks = layout.add("stocks", players * kinds, "each seat's captured poultry by kind")
    bag = layout.add("bag", grains, "the grain in the bag: green, blue, yellow")
    yards = layout.add("yards", YARDS * grains, "the grain at each yard")
    eaten = layout.add("grain", players * grains, "the grain each seat has eaten")
    phases = layout.one_hot("phase", _PHASES, "one-hot over the phases")
    round_ = layout.add("round", 1, "the round")
    turn = layout.add("turn", players, "one-hot: the seat to commit")
    dealt = layout.add("dealt", 1, "card slots dealt or drawn so far")
    yard = layout.add("yard", YARDS, "one-hot: the yard supplied, resolved or fought over")
    haggle = layout.add(
        "haggle",
        1 + 2 * players + grains * players + 1,
        "on, seats haggling, seat proposing, grain allotted to each seat, accepts",
    )
    duel = layout.add(
        "duel", 1 + 3 * players + 2, "on, seats duelling, card values, rolls, ties, foxes"
    )
    rolled = layout.add("rolled", players, "the dice of the last roll-off finished")
    reasons = layout.one_hot("reason", REASONS, "one-hot over the end reasons")

    def write(view: View, out: Any, at: int) -> None:
        player = view.player
        out[at + seat + player] = 1
        counts(view.hand, out, at + hand)
        counts(view.discard, out, at + discard)
        for owner in range(players):
            place = (owner - player) % players
            out[at + sizes + place] = view.hand_sizes[owner]
            out[at + face_down + place] = view.face_down[owner]
            for card in view.played[owner]:
                out[at + played + place * kinds + index[card]] += 1
            counts(view.stocks[owner], out, at + stocks + place * kinds)
            counts(view.grain[owner], out, at + eaten + place * grains)
        counts(view.bag, out, at + bag)
        for number, grain in enumerate(view.yards):
            counts(grain, out, at + yards + number * grains)
        out[at + deck] = view.deck_size
        out[at + phases[view.phase]] = 1
        out[at + round_] = view.round
        out[at + turn + (view.turn - player) % players] = 1
        out[at + dealt] = view.dealt
        out[at + yard + view.yard] = 1
        if view.haggle is not None:
            on = view.haggle
            out[at + haggle] = 1
            for place, owner in enumerate(on.seats):
                relative = (owner - player) % players
                out[at + haggle + 1 + relative] = 1
                if place < len(on.allotted):
                    counts(on.allotted[place], out, at + haggle + 1 + 2 * players + relative * 3)
            out[at + haggle + 1 + players + (on.seats[on.proposer] - player) % players] = 1
            out[at + haggle + 1 + 2 * players + grains * players] = on.accepted
        if view.duel is not None:
            fight = view.duel
            base = at + duel + 1
            out[base - 1] = 1
            seats = [(owner - player) % players for owner in fight.seats]
            for relative, value in zip(seats, fight.values, strict=True):
                out[base + relative] = 1
                out[base + players + relative] = value
            for relative, die in zip(seats, fight.rolls, strict=False):
                out[base + 2 * players + relative] = die
            out[base + 3 * players] = fight.ties
            if fight.foxes:
                out[base + 3 * players + 1] = 1
        for place, die in enumerate(view.rolled):
            out[at + rolled + place] = die
        if view.reason is not None:
            out[at + reasons[view.reason]] = 1

    return layout.encoding(write)
