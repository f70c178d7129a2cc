"""The ants game's termination measure, :func:`remaining`: what is left of its bounds.

Every decision lowers ``moves`` and every chance step lowers ``chance``, so the
measure proves that a game ends within :func:`~picnic_rules.ants.max_moves`
decisions and :func:`~picnic_rules.ants.max_chance_steps` chance steps, whatever
the players and the landings do. It adds up, for the rest of the game:

* each die on an anthill still to be sent out this round: a toss, a Scout
  re-toss and a keep (3 moves) and two landings;
* the die in the air or just landed: its keep, and its Scout re-toss while the
  seat has not used it this turn (one more move and one more landing);
* dice touching two cards still to be settled (before the bring back: six per
  seat), and the cards that can still be placed (before the bring back: the
  cards in the area, or the whole layout before the fill);
* this round's fills, roll-offs and Round card draw still to come;
* each Round card held as the play it allows and what that play starts: Second Wind
  a die's toss (4 moves, 2 landings), Re-toss one more landing (1 move, 1 landing),
  the others 1 move; each card still to be drawn as the most of these (4 moves,
  2 landings);
* each round after this one in full: 24 moves a seat plus the layout's cards, and
  12 landings a seat, the layout's fills, :data:`MAX_ROLLOFFS` roll-offs and a
  Round card draw.

>>> from picnic_rules import ants
>>> ants.remaining(ants.new_game(2))
Measure(moves=338, chance=205)
>>> ants.max_moves(2, ants.Rules()), ants.max_chance_steps(2, ants.Rules())
(482, 331)
"""

from __future__ import annotations

from typing import Final

from ..game import Measure
from .cards import DIE_KINDS, DieKind, RoundCard
from .engine import MAX_ROLLOFFS
from .legal import area_cards
from .rules import PLAYERS, layout
from .state import Phase, Spot, State

__all__ = ["remaining"]

TOSS_MOVES: Final = 3
"""A die sent out: its toss, a Scout re-toss and the keep."""
TOSS_LANDINGS: Final = 2
"""A die sent out: its landing and a Scout re-toss's landing."""
SECOND_WIND_MOVES: Final = 1 + TOSS_MOVES
"""Second Wind: its play and the toss of the die it brings home (the most of any card)."""
SECOND_WIND_LANDINGS: Final = TOSS_LANDINGS
"""Second Wind: the landings of the die it brings home (the most of any card)."""
_SECOND_WIND: Final = RoundCard.SECOND_WIND
_RE_TOSS: Final = RoundCard.RE_TOSS
_SCOUT: Final = DieKind.SCOUT
_HOME: Final = Spot.HOME
_SPOTS: Final = {n: len(layout(n)) for n in range(PLAYERS[0], PLAYERS[1] + 1)}
_OVER: Final = Phase.OVER
_SEND: Final = Phase.SEND
_LAND: Final = Phase.LAND
_SETTLE: Final = Phase.SETTLE
_PLACE: Final = Phase.PLACE
_BEFORE: Final = (Phase.SETUP, Phase.FILL, Phase.ROLLOFF, Phase.ROUND_CARD)
_SENDING: Final = (Phase.SEND, Phase.LAND, Phase.AFTER)


def remaining(state: State) -> Measure:
    """At most how many decisions (``moves``) and chance steps (``chance``) the game has left:
    the game's termination measure (the module docstring lists what it counts)."""
    phase = state.phase
    if phase is _OVER:
        return Measure(0, 0)
    rules, n = state.rules, len(state.dice)
    spots = _SPOTS[n]
    moves = chance = 0
    if phase is _PLACE:  # placing the cards won
        moves += sum(map(len, state.won))
    elif phase is _SETTLE:
        moves += sum([len(die.cards) == 2 for own in state.dice for die in own])
        moves += len(area_cards(state))
    else:
        home = sum([die.spot is _HOME for own in state.dice for die in own])  # on the anthills
        if phase is _LAND:
            home -= 1  # the die in the air has left in all but name
        moves += TOSS_MOVES * home + 6 * n
        chance += TOSS_LANDINGS * home
        if phase in _SENDING:
            moves += len(area_cards(state))
            if phase is not _SEND:
                retoss = DIE_KINDS[state.tossing] is _SCOUT and not state.scout_retossed
                moves += 1 + retoss
                chance += (phase is _LAND) + retoss
        else:
            moves += spots
            chance += _before_chance(state, spots)
    held = 0
    for cards in state.held:
        held += len(cards)
        for card in cards:
            if card is _SECOND_WIND:
                moves += SECOND_WIND_MOVES - 1
                chance += SECOND_WIND_LANDINGS
            elif card is _RE_TOSS:
                chance += 1
    moves += held
    to_draw = max(rules.round_cards_dealt - held - len(state.used), 0)
    later = max(rules.rounds - state.round, 0)
    moves += to_draw * SECOND_WIND_MOVES + later * (24 * n + spots)
    chance += to_draw * SECOND_WIND_LANDINGS + later * (12 * n + spots + MAX_ROLLOFFS + 1)
    return Measure(moves, chance)


def _before_chance(state: State, fills: int) -> int:
    """The chance steps still to come before this round's send-out, its landings aside."""
    phase = state.phase
    if phase is Phase.SETUP:
        return 1 + fills
    later_round = state.round > 1
    if phase is Phase.FILL:
        area = state.area
        gaps = sum([area[p] is None for p in layout(len(state.dice))])
        return gaps + later_round * (MAX_ROLLOFFS + 1)
    if phase is Phase.ROLLOFF:
        return MAX_ROLLOFFS - state.rolloffs + 1
    return 1  # the Round card draw
