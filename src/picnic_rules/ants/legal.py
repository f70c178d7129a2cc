"""What a state offers: the facts the rules ask about and the moves of the seat to act.

:func:`legal_moves` lists, phase by phase, what the rulebook lets the seat to
act do: toss a die from its anthill at a card or play a Round card it holds;
after a landing keep it or toss again; settle a die touching two cards; place
a card it won. Chance's moves are sampled, never listed
(:func:`~picnic_rules.ants.sample_chance`).
"""

from __future__ import annotations

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
    SEND,
    SETTLE,
    STOMP,
    TURN_ORDERS,
    area_cards,
    placements,
    round_card_play,
    tosses,
    won_placements,
)
from .moves import Keep, Move, Place, Play, Retoss, Settle
from .predicates import scout_may_retoss
from .rules import neighbours
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
    return (*(card for held in state.held for card in held), *state.used)


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
        listed = tuple(
            Settle(i, card)
            for i, die in enumerate(state.dice[seat])
            if len(die.cards) == 2
            for card in die.cards
        )
    elif phase is PLACE:
        listed = won_placements(state.colonies[seat], state.won[seat], PLANNER in state.held[seat])
    else:
        return ()
    LISTED[0] = (state, listed)
    return listed


def _send_moves(state: State, seat: int) -> tuple[Move, ...]:
    dice = state.dice[seat]
    home = tuple([die.spot is AT_HOME for die in dice])
    tossing = tosses(home, targets(state))
    if not state.held[seat]:
        return tossing
    moves: list[Move] = list(tossing)
    for card in state.held[seat]:
        moves.extend(_plays(state, seat, card))
    return tuple(moves)


def _plays(state: State, seat: int, card: RoundCard) -> list[Move]:
    dice = state.dice[seat]
    if card is SECOND_WIND:
        return [
            round_card_play(card, -1, i, -1) for i, die in enumerate(dice) if die.spot is ON_PUDDLE
        ]
    if card is STOMP:
        return [
            round_card_play(card, s, i, -1)
            for s, own in enumerate(state.dice)
            for i, die in enumerate(own)
            if die.spot is AREA
        ]
    if card is HONEY:
        return [round_card_play(card, -1, -1, p) for p in area_cards(state)]
    if card is DOUBLE_TIME:
        home = sum(die.spot is AT_HOME for die in dice)
        return [round_card_play(card, -1, -1, -1)] if home >= 2 and state.extra_tosses == 0 else []
    if card is SCOUT_AHEAD:
        cards = area_cards(state)
        return [
            round_card_play(card, -1, i, q)
            for i, die in enumerate(dice)
            if die.spot is AREA
            for q in sorted({q for p in die.cards for q in neighbours(p)})
            if q in cards and q not in die.cards
        ]
    if card is HEAD_START:
        return [round_card_play(card, -1, -1, -1)]
    return []  # Re-toss after a landing, Planner with a placement


def _after_moves(state: State, seat: int) -> tuple[Move, ...]:
    die = state.dice[seat][state.tossing]
    moves: list[Move] = [Keep()]
    at = targets(state)
    if scout_may_retoss(state.tossing, die.cards, state.touched, state.scout_retossed):
        moves.extend(Retoss(t) for t in at)
    if RE_TOSS in state.held[seat]:
        moves.extend(Play(RE_TOSS, position=t) for t in at)
    return tuple(moves)
