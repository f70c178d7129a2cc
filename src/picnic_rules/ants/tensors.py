"""The ants game's view -- the whole position -- as a vector of numbers, for learners
(:mod:`picnic_rules.kit.tensors`).

Every seat is counted from the seat of the view (it is seat 0 of the vector, the next seat
1, ...), so a vector reads the same from every seat. Picnic cards are counted by the 18
kinds of :data:`~picnic_rules.ants.CARD_KINDS`, Round cards by the 8 of
:class:`~picnic_rules.ants.RoundCard`, Scoring cards by the 10 of
:class:`~picnic_rules.ants.ScoringCard`. With ``P`` seats, 9 area positions and ``n`` the
most cards one colony holds (:func:`~picnic_rules.ants.spaces.most_colony_cards`), the
fields are:

* ``seat``: ``P`` numbers, one-hot: which seat the view belongs to;
* ``area``: ``9 * 18``, one-hot: the card at each area position (all zeros for a gap);
* ``deck``: 18, the face-up deck by kind;
* ``dice``: ``P * 6 * 14``, each seat's six dice (Soldier, three Workers, two Scouts):
  where it is (one-hot over home, puddle, loose, area), the area positions it touches
  (1 each) and the ants it shows;
* ``colonies``: ``P * n * 22``, each seat's colony in the order placed: the card's kind
  (one-hot), its plate's ``x`` and ``y`` (from the first plate), its quarter turns, 1
  when placed with the Planner;
* ``colony_sizes``: ``P``, the cards in each colony;
* ``won``, ``set_aside``: ``P * 18`` each, the cards each seat won and has not placed, and
  those set aside, by kind;
* ``held``: ``P * 8``, the Round cards each seat holds; ``used``: 8, those played;
* ``scoring``: ``10 * 2``, for each Scoring card: 1 when it is in play, its Reward token;
* ``majority``: 6, the Reward token on each category of the Majority card;
* ``phase``: 10, one-hot over the phases; ``round``: the round;
* ``starter``, ``turn``: ``P`` each, one-hot: the round's starting player, the seat to act;
* ``tossing``: 6, one-hot: the die in the air or just landed; ``target``: 9, one-hot: the
  position it was tossed at; ``touched``, ``scout_retossed``: 1 when so;
  ``extra_tosses``: the tosses left after this one;
* ``honey``: ``P * 9``, the Honey tokens by seat and position;
* ``head_start``: ``P``, one-hot: the seat that played Head Start this round;
* ``tied``: ``P``, 1 for each seat still tied for starting player; ``rolloffs``: the
  roll-offs so far;
* ``reason``: 1 at the end (one-hot over the end reasons).

>>> encoding = tensors(2, Rules())
>>> encoding.size, encoding.field("colonies").size
(1851, 1320)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..kit.tensors import Encoding, Layout, counts
from .cards import CARD_KINDS, RoundCard, ScoringCard
from .engine import REASONS, new_game
from .rules import Rules
from .spaces import most_colony_cards
from .state import Phase, Spot, View

__all__ = ["tensors"]

DIE = 14
"""The numbers of one die in ``dice``: four for its spot, nine for the positions it
touches, one for its ants."""

PLACED = len(CARD_KINDS) + 4
"""The numbers of one card of a colony in ``colonies``."""

_PHASES = tuple(Phase)
_SPOTS = {spot: i for i, spot in enumerate(Spot)}
_KIND = {card: i for i, card in enumerate(CARD_KINDS)}
_ROUND = {card: i for i, card in enumerate(RoundCard)}
_SCORING = {card: i for i, card in enumerate(ScoringCard)}


@cache
def tensors(players: int, rules: Rules) -> Encoding:
    """The encoding of a view with ``players`` seats and ``rules`` (see the module's notes)."""
    start = new_game(players, rules)
    positions = len(start.area)
    dice_each = len(start.dice[0])
    most = most_colony_cards(players, rules)
    kinds = len(CARD_KINDS)
    rounds = len(RoundCard)
    layout = Layout()
    seat = layout.add("seat", players, "one-hot: the seat of the view")
    area = layout.add("area", positions * kinds, "one-hot: the card at each area position")
    deck = layout.add("deck", kinds, "the face-up deck by kind")
    dice = layout.add(
        "dice",
        players * dice_each * DIE,
        "each seat's dice: spot one-hot (home, puddle, loose, area), positions touched, ants",
    )
    colonies = layout.add(
        "colonies",
        players * most * PLACED,
        f"{most} cards per colony: kind one-hot, x, y, quarter turns, Planner",
    )
    colony_sizes = layout.add("colony_sizes", players, "the cards in each colony")
    won = layout.add("won", players * kinds, "the cards each seat won and has not placed")
    aside = layout.add("set_aside", players * kinds, "the cards each seat set aside")
    held = layout.add("held", players * rounds, "the Round cards each seat holds")
    used = layout.add("used", rounds, "the Round cards played")
    scoring = layout.add(
        "scoring", len(ScoringCard) * 2, "each Scoring card: in play, its Reward token"
    )
    majority = layout.add("majority", 6, "the Reward token on each Majority category")
    phases = layout.one_hot("phase", _PHASES, "one-hot over the phases")
    round_ = layout.add("round", 1, "the round")
    starter = layout.add("starter", players, "one-hot: the round's starting player")
    turn = layout.add("turn", players, "one-hot: the seat to act")
    tossing = layout.add("tossing", dice_each, "one-hot: the die in the air or just landed")
    target = layout.add("target", positions, "one-hot: the position it was tossed at")
    touched = layout.add("touched", 1, "1 when the landing touched other dice")
    retossed = layout.add("scout_retossed", 1, "1 when the Scout re-toss was used this turn")
    extra = layout.add("extra_tosses", 1, "the tosses left after this one")
    honey = layout.add("honey", players * positions, "the Honey tokens by seat and position")
    head_start = layout.add("head_start", players, "one-hot: the seat that played Head Start")
    tied = layout.add("tied", players, "1 for each seat still tied for starting player")
    rolloffs = layout.add("rolloffs", 1, "the roll-offs so far")
    reasons = layout.one_hot("reason", REASONS, "one-hot over the end reasons")
    colony_row = most * PLACED
    dice_row = dice_each * DIE

    def write(view: View, out: Any, at: int) -> None:
        player = view.player
        state = view.state
        out[at + seat + player] = 1
        for number, card in enumerate(state.area):
            if card is not None:
                out[at + area + number * kinds + _KIND[card]] = 1
        counts(state.deck, out, at + deck)
        for owner in range(players):
            place = (owner - player) % players
            here = at + dice + place * dice_row
            for die in state.dice[owner]:
                out[here + _SPOTS[die.spot]] = 1
                for touched_at in die.cards:
                    out[here + 4 + touched_at] = 1
                if die.face:
                    out[here + 13] = die.face
                here += DIE
            colony = state.colonies[owner]
            out[at + colony_sizes + place] = len(colony)
            here = at + colonies + place * colony_row
            for placed in colony:
                out[here + _KIND[placed.card]] = 1
                out[here + kinds] = placed.x
                out[here + kinds + 1] = placed.y
                if placed.turn:
                    out[here + kinds + 2] = placed.turn
                if placed.planner:
                    out[here + kinds + 3] = 1
                here += PLACED
            for card in state.won[owner]:
                out[at + won + place * kinds + _KIND[card]] += 1
            for card in state.set_aside[owner]:
                out[at + aside + place * kinds + _KIND[card]] += 1
            for round_card in state.held[owner]:
                out[at + held + place * rounds + _ROUND[round_card]] += 1
        for round_card in state.used:
            out[at + used + _ROUND[round_card]] += 1
        for scored, reward in zip(state.scoring, state.rewards, strict=False):
            out[at + scoring + 2 * _SCORING[scored]] = 1
            out[at + scoring + 2 * _SCORING[scored] + 1] = reward
        for number, reward in enumerate(state.majority):
            out[at + majority + number] = reward
        out[at + phases[state.phase]] = 1
        out[at + round_] = state.round
        out[at + starter + (state.starter - player) % players] = 1
        out[at + turn + (state.turn - player) % players] = 1
        if state.tossing >= 0:
            out[at + tossing + state.tossing] = 1
        if state.target >= 0:
            out[at + target + state.target] = 1
        if state.touched:
            out[at + touched] = 1
        if state.scout_retossed:
            out[at + retossed] = 1
        out[at + extra] = state.extra_tosses
        for owner, position in state.honey:
            out[at + honey + ((owner - player) % players) * positions + position] = 1
        if state.head_start >= 0:
            out[at + head_start + (state.head_start - player) % players] = 1
        for owner in state.tied:
            out[at + tied + (owner - player) % players] = 1
        out[at + rolloffs] = state.rolloffs
        if state.phase is Phase.OVER:
            out[at + reasons[REASONS[0]]] = 1

    return layout.encoding(write)
