"""Why a move is refused: the rulebook's sentence for each illegal move of a seat, a landing's
cards and a roll-off's total (the :class:`~picnic_rules.IllegalMove` reasons)."""

from __future__ import annotations

from .cards import RoundCard
from .colony import layers
from .fast import AFTER, PLACE, SEND, SETTLE
from .legal import targets
from .moves import Move, Place, Play, Retoss, Settle, Toss
from .predicates import plate_covers_visible_ant
from .state import State

__all__ = ["cards_reason", "spans", "why_illegal"]


def why_illegal(state: State, move: Move) -> str:
    """Why the seat to act may not make ``move`` (a move of a seat, not in :func:`legal_moves`)."""
    phase, seat = state.phase, state.turn
    expected = {
        SEND: "toss a die (or play a Round card)",
        AFTER: "keep the landing or toss again",
        SETTLE: "settle a die touching two cards",
        PLACE: "place a card it won",
    }[phase]
    if isinstance(move, Toss) and phase is SEND:
        if move.target not in targets(state):
            return f"position {move.target} holds no picnic card"
        return f"seat {seat} has no {move.die.value} on its anthill"
    if isinstance(move, Play):
        if move.card not in state.held[seat]:
            return f"seat {seat} does not hold the {move.card.value} Round card"
        if move.card is RoundCard.RE_TOSS:
            return "Re-toss is played after your own landing"
        return f"the {move.card.value} card cannot be played that way now"
    if isinstance(move, Retoss) and phase is AFTER:
        return "only a Scout that touched no dice and no card may be re-tossed, once a turn"
    if isinstance(move, Place) and phase is PLACE:
        if move.card not in state.won[seat]:
            return f"seat {seat} did not win a {move.card}"
        if not state.colonies[seat]:
            return "the first card's plate goes on 0,0"
        if move.planner and RoundCard.PLANNER not in state.held[seat]:
            return f"seat {seat} does not hold the Planner card"
        if move.planner:
            return "with Planner the card lies next to the colony, edge to edge, covering nothing"
        if not 0 <= move.turn <= 3:
            return "a card is turned 0 to 3 quarter turns"
        if not plate_covers_visible_ant(layers(state.colonies[seat]), move.x, move.y):
            return "the new plate must cover a visible ant"
        return "the new card may not cover a plate"
    if isinstance(move, Settle) and phase is SETTLE:
        return f"seat {seat}'s die {move.die} does not touch card {move.card} and another"
    return f"seat {seat} must {expected} now"


def cards_reason(cards: tuple[int, ...], present: tuple[int, ...]) -> str:
    """Why a die cannot touch ``cards`` when the area holds cards at ``present``."""
    if len(cards) > 2:
        return "a die touches at most two cards"
    missing = [c for c in cards if c not in present]
    if missing:
        return f"there is no picnic card at position {missing[0]}"
    return "a die touches two cards only if they are neighbours (listed ascending)"


def spans(sums: frozenset[int]) -> str:
    """``sums`` in words as runs: ``it rolls 1 to 4 or 9 to 12``."""
    runs: list[list[int]] = []
    for n in sorted(sums):
        if runs and runs[-1][1] == n - 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return "it rolls " + " or ".join(f"{a} to {b}" if a < b else str(a) for a, b in runs)
