"""What a state offers: the facts the rules ask about and the moves of the seat to act.

:func:`legal_moves` lists, phase by phase, what the rulebook lets the seat to
act do: toss a die from its anthill at a card or play a Round card it holds;
after a landing keep it or toss again; settle a die touching two cards; place
a card it won. Chance's moves are sampled, never listed
(:func:`~picnic_rules.ants.sample_chance`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain

from .cards import PicnicCard, RoundCard
from .fast import (
    AFTER,
    AREA,
    AT_HOME,
    DOUBLE_TIME,
    HEAD_START,
    HONEY,
    LAYOUTS,
    LISTED,
    ON_PUDDLE,
    PLACE,
    PLANNER,
    RE_TOSS,
    SCOUT_AHEAD,
    SECOND_WIND,
    SECOND_WIND_PLAYS,
    SEND,
    SETTLE,
    STOMP,
    STOMP_PLAYS,
    TARGETS,
    TURN_ORDERS,
    after_moves,
    area_cards,
    honey_plays,
    kind_tosses,
    placements,
    round_card_play,
    scout_ahead_plays,
    settles,
    tosses,
    won_placements,
)
from .moves import Move, Place
from .predicates import scout_may_retoss
from .state import State

__all__ = [
    "area_cards",
    "drawn_round_cards",
    "home_dice",
    "legal_moves",
    "legal_placements",
    "targets",
    "turn_order",
]


def home_dice(state: State, seat: int) -> tuple[int, ...]:
    """The die indexes on ``seat``'s anthill."""
    return tuple([i for i, die in enumerate(state.dice[seat]) if die.spot is AT_HOME])


def drawn_round_cards(state: State) -> tuple[RoundCard, ...]:
    """Every Round card drawn so far (held or played)."""
    return (*chain.from_iterable(state.held), *state.used)


def targets(state: State) -> tuple[int, ...]:
    """Where a die may be tossed: the positions with a card (any position of the layout when
    the area is empty)."""
    return area_cards(state) or LAYOUTS[len(state.dice)]


def turn_order(state: State) -> tuple[int, ...]:
    """The seats in turn order from the round's starting player."""
    n = len(state.dice)
    return TURN_ORDERS[n][state.starter % n]


def legal_placements(state: State, seat: int, card: PicnicCard) -> tuple[Place, ...]:
    """Every legal placement of ``card`` into ``seat``'s colony (with Planner too, if held)."""
    return tuple(placements(state.colonies[seat], card, PLANNER in state.held[seat]))


# --------------------------------------------------------------------------
# legal moves


def legal_moves(state: State) -> tuple[Move, ...]:
    """The moves of the seat to act; nothing at a chance node (landings are sampled) or at the end."""
    phase, seat = state.phase, state.turn
    listed: tuple[Move, ...]
    if phase is SEND:
        listed = _send_moves(state, seat)
    elif phase is AFTER:
        listed = _after_moves(state, seat)
    elif phase is SETTLE:
        listed = settles(state.dice[seat])
    elif phase is PLACE:
        listed = won_placements(state.colonies[seat], state.won[seat], PLANNER in state.held[seat])
    else:
        return ()
    LISTED[0] = (state, listed)
    return listed


def _send_moves(state: State, seat: int) -> tuple[Move, ...]:
    dice = state.dice[seat]
    at = area_cards(state) or LAYOUTS[len(state.dice)]  # targets(state)
    TARGETS[0] = (state, at)  # for apply to check the toss chosen
    if len(dice) == 6:  # the Soldier, three Workers, two Scouts (DIE_KINDS), read directly
        d0, d1, d2, d3, d4, d5 = dice
        tossing = kind_tosses(
            d0.spot is AT_HOME,
            d1.spot is AT_HOME or d2.spot is AT_HOME or d3.spot is AT_HOME,
            d4.spot is AT_HOME or d5.spot is AT_HOME,
            at,
        )
    else:
        tossing = tosses(tuple([die.spot is AT_HOME for die in dice]), at)
    held = state.held[seat]
    if not held:
        return tossing
    moves: list[Move] = list(tossing)
    for card in held:
        moves.extend(_plays(state, seat, card))
    return tuple(moves)


def _plays(state: State, seat: int, card: RoundCard) -> Sequence[Move]:
    dice = state.dice[seat]
    if card is DOUBLE_TIME:  # the cards held most often first
        if state.extra_tosses != 0:
            return ()
        home = 0
        for die in dice:  # two dice on the anthill are enough
            if die.spot is AT_HOME:
                home += 1
                if home == 2:
                    return (round_card_play(card, -1, -1, -1),)
        return ()
    if card is HEAD_START:
        return (round_card_play(card, -1, -1, -1),)
    if card is SECOND_WIND:
        return [SECOND_WIND_PLAYS[i] for i, die in enumerate(dice) if die.spot is ON_PUDDLE]
    if card is SCOUT_AHEAD:
        present = area_cards(state)
        moves: list[Move] = []
        for i, die in enumerate(dice):
            if die.spot is AREA:
                moves.extend(scout_ahead_plays(i, die.cards, present))
        return moves
    if card is STOMP:
        return [
            STOMP_PLAYS[s][i]
            for s, own in enumerate(state.dice)
            for i, die in enumerate(own)
            if die.spot is AREA
        ]
    if card is HONEY:
        return honey_plays(area_cards(state))
    return ()  # Re-toss after a landing, Planner with a placement


def _after_moves(state: State, seat: int) -> tuple[Move, ...]:
    die = state.dice[seat][state.tossing]
    return after_moves(
        scout_may_retoss(state.tossing, die.cards, state.touched, state.scout_retossed),
        RE_TOSS in state.held[seat],
        targets(state),
    )
