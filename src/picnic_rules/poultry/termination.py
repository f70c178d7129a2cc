"""The poultry game's termination measure (:func:`remaining`) and the bounds it proves.

A round offers the seats at most one commitment each and, at each yard, a
haggle: every one of the ``k`` involved seats proposes once, allotting each
grain of the stake (``G`` moves) and hearing at most ``k - 1`` answers, so a
yard's haggle takes at most ``k * (G + k - 1) <= p * G + p * (p - 1)`` moves
for ``p`` seats. The stakes of one round's yards are distinct grains of those
not yet eaten, so a round takes at most ``p + p * W + 6 * p * (p - 1)``
decisions, ``W`` being the grain not yet eaten; and the rounds are counted by
the bag. Chance's steps per round: six supplies, the reveal, a resolve per
yard, at most three roll-offs of at most ``p`` rolls per yard, and the draws.
:func:`remaining` counts what is left of these bounds at any state, so that
every decision lowers its ``moves`` and every chance step its ``chance``.
"""

from __future__ import annotations

from ..game import Measure
from .cards import YARDS
from .predicates import MAX_TIES
from .rules import Rules
from .state import Phase, State

__all__ = ["max_chance_steps", "max_moves", "remaining"]


def _round_moves(players: int, grain: int) -> int:
    """The most decisions a whole round takes with ``grain`` grains not yet eaten: a
    commitment per seat and, per yard, a haggle over grain of its own."""
    return players + players * grain + YARDS * players * (players - 1)


def _yard_rolls(players: int) -> int:
    """The most chance steps a yard takes once the cards lie open: its resolve and at
    most three roll-offs (:data:`~picnic_rules.poultry.predicates.MAX_TIES`)."""
    return 1 + MAX_TIES * players


def _round_chance(players: int, rules: Rules) -> int:
    """The most chance steps of a whole round: six supplies, the reveal, the yards, the draws."""
    draws = players * rules.per_round(players)
    return YARDS + 1 + YARDS * _yard_rolls(players) + draws


def max_moves(players: int, rules: Rules) -> int:
    """A bound on the seats' moves: ``remaining(new_game(players, rules)).moves`` -- per round
    a commitment per seat and, at each yard, a haggle over grain of its own.

    >>> max_moves(2, Rules())
    2210
    """
    return rules.rounds * _round_moves(players, rules.total_grain)


def max_chance_steps(players: int, rules: Rules) -> int:
    """A bound on chance's steps: ``remaining(new_game(players, rules)).chance`` -- the deal,
    and per round the supply, the reveal, at most a resolve and three roll-offs per yard,
    and the draws.

    >>> max_chance_steps(2, Rules())
    701
    """
    return players * rules.hand_size(players) + rules.rounds * _round_chance(players, rules)


def remaining(state: State) -> Measure:
    """The termination measure: at most this many decisions and chance steps are left.

    The rounds not yet begun count in full (:func:`max_moves`' round with the grain not
    yet eaten); this round counts what is left of it -- the seats still to commit, the
    haggles over the grain at the yards not yet resolved (the one haggled over counts
    the allots, answers and proposals left), the draws still due and the roll-offs still
    possible.
    """
    phase = state.phase
    if phase is Phase.OVER:
        return Measure(0, 0)
    rules, players = state.rules, len(state.hands)
    yards = state.yards
    grain = sum(state.bag) + sum(map(sum, yards))
    future = rules.rounds - state.round
    moves = future * _round_moves(players, grain)
    chance = future * _round_chance(players, rules)
    crowd = players * (players - 1)  # a haggle's answers beyond its grain, at most
    rolls = _yard_rolls(players)
    draws = players * rules.per_round(players)
    if phase is Phase.DEAL:
        return Measure(moves, chance + players * rules.hand_size(players) - state.dealt)
    if phase is Phase.DRAW:
        return Measure(moves, chance + draws - state.dealt)
    yard = state.yard
    if phase is Phase.SUPPLY:
        laid = sum(map(sum, yards)) + YARDS - yard  # this round's grain, supplied or not yet
        moves += players + players * laid + YARDS * crowd
        return Measure(moves, chance + YARDS - yard + 1 + YARDS * rolls + draws)
    if phase is Phase.COMMIT or phase is Phase.REVEAL:
        moves += players * sum(map(sum, yards)) + YARDS * crowd
        if phase is Phase.COMMIT:
            moves += players - state.turn
        return Measure(moves, chance + 1 + YARDS * rolls + draws)
    if phase is Phase.RESOLVE:
        moves += players * sum(map(sum, yards[yard:])) + (YARDS - yard) * crowd
        return Measure(moves, chance + (YARDS - yard) * rolls + draws)
    moves += players * sum(map(sum, yards[yard + 1 :])) + (YARDS - 1 - yard) * crowd
    chance += (YARDS - 1 - yard) * rolls + draws
    haggle, duel = state.haggle, state.duel
    if haggle is not None:  # the haggle: this proposal's allots and answers, then the others'
        stake = sum(yards[yard])
        k = len(haggle.seats)
        allotted = sum(map(sum, haggle.allotted))
        moves += stake - allotted + k - 1 - haggle.accepted
        moves += (k - 1 - haggle.proposer) * (stake + k - 1)
        return Measure(moves, chance + MAX_TIES * players)
    if duel is not None:  # this roll-off's rolls, then the re-rolls the tie rule allows
        n = len(duel.seats)
        chance += n - len(duel.rolls) + (MAX_TIES - 1 - duel.ties) * n
    return Measure(moves, chance)
