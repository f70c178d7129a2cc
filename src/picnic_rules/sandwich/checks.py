"""The sandwich game's invariants: :func:`check` accepts exactly what the rules can reach."""

from __future__ import annotations

import itertools

from ..errors import RulesError
from ..kit.checks import check_counts, fail
from .cards import Card
from .engine import (
    REASONS,
    SIXTY_ACTIONS,
    STUCK,
    THREE_SANDWICHES,
    counting_sandwiches,
    is_stuck,
)
from .rules import Rules
from .state import Phase, State
from .views import table_counts

__all__ = ["check"]

BREAD, PEANUT_BUTTER, JELLY, ANT, FLY = Card


def _check_counts(what: str, counts: object) -> None:
    check_counts(what, counts, len(Card))


def _check_table(table: object, fly: object, players: int) -> None:
    if type(table) is not tuple or len(table) != players:
        fail(f"the table must hold one tuple of sandwiches per seat ({players})")
    for seat, sandwiches in enumerate(table):
        if type(sandwiches) is not tuple:
            fail(f"seat {seat}'s sandwiches must be a tuple")
        for i, sandwich in enumerate(sandwiches):
            _check_sandwich(f"sandwich {seat}.{i}", sandwich)
    if fly is not None and (
        type(fly) is not tuple
        or len(fly) != 2
        or type(fly[0]) is not int
        or type(fly[1]) is not int
        or not 0 <= fly[0] < players
        or not 0 <= fly[1] < len(table[fly[0]])
    ):
        fail(f"the fly token is on {fly!r}, which is no sandwich on the table")


def _check_sandwich(name: str, sandwich: object) -> None:
    if type(sandwich) is not tuple or not sandwich:
        fail(f"{name} must be a non-empty tuple of cards")
    cards: tuple[object, ...] = sandwich
    if any(card.__class__ is not Card or card > JELLY for card in cards):
        fail(f"{name} holds something that is not bread or a spread: {cards!r}")
    if cards[0] is not BREAD:
        fail(f"{name} does not start with bread")
    body = cards[1:-1] if cards[-1] is BREAD and len(cards) > 1 else cards[1:]
    if BREAD in body:
        fail(f"{name} has bread in the middle")
    for below, above in itertools.pairwise(body):
        if below is above:
            fail(f"{name} has {above} sitting on {above}")
    if len(cards) > 1 and cards[-1] is BREAD and not (PEANUT_BUTTER in body and JELLY in body):
        fail(f"{name} was closed without both peanut butter and jelly")


def _check_common(
    rules: object, players: int, phase: object, turn: object, reason: object, played: object
) -> None:
    if not isinstance(rules, Rules):
        fail(f"rules must be sandwich Rules, got {rules!r}")
    try:
        rules.check_players(players)
    except RulesError as error:
        fail(str(error))
    if not isinstance(phase, Phase):
        fail(f"phase must be a Phase, got {phase!r}")
    if type(turn) is not int or not 0 <= turn < players:
        fail(f"turn {turn!r} is not a seat")
    if type(played) is not bool:
        fail(f"played must be a bool, got {played!r}")
    over = phase is Phase.OVER
    if over != (reason is not None) or (reason is not None and reason not in REASONS):
        fail(f"end reason {reason!r} does not fit phase {phase!r}")
    if played and phase is not Phase.ACT and phase is not Phase.OVER:
        fail("only the seat acting can have played this turn")


def _check_progress(
    rules: Rules, players: int, phase: Phase, turn: int, actions: object, dealt: object
) -> None:
    to_deal = players * rules.hand_size
    if type(actions) is not int or not 0 <= actions <= rules.action_limit:
        fail(f"actions {actions!r} is outside 0..{rules.action_limit}")
    if actions == rules.action_limit and phase is not Phase.OVER:
        fail("the action limit is reached but the game goes on")
    if type(dealt) is not int or not 0 <= dealt <= to_deal:
        fail(f"dealt {dealt!r} is outside 0..{to_deal}")
    if phase is Phase.DEAL:
        if dealt >= to_deal or actions:
            fail("the deal is finished, or actions were taken during it")
        if turn != (rules.first_player + dealt) % players:
            fail(f"card {dealt} of the deal goes to seat {(rules.first_player + dealt) % players}")
    elif dealt != to_deal and phase is not Phase.OVER:
        fail("the game started before the deal was finished")


def check(state: State) -> None:
    """Raise :class:`~picnic_rules.InvalidState` if ``state`` breaks an invariant.

    Checked: types and shapes; every sandwich is bread, alternating spreads,
    then closing bread only over both spreads; the fly token is off the table
    or on exactly one sandwich; the cards in hands, piles and on the table are
    exactly the deck (card conservation); the phase, turn, deal and action
    counters agree; a game that goes on is neither won nor stuck.
    """
    if not isinstance(state, State):
        fail(f"expected a sandwich State, got {type(state).__name__}")
    hands = state.hands
    if type(hands) is not tuple:
        fail("hands must be a tuple")
    players = len(hands)
    _check_common(state.rules, players, state.phase, state.turn, state.reason, state.played)
    for seat, hand in enumerate(hands):
        _check_counts(f"seat {seat}'s hand", hand)
    _check_counts("the draw pile", state.draw_pile)
    _check_counts("the discard pile", state.discard_pile)
    _check_table(state.table, state.fly, players)
    rules, phase = state.rules, state.phase
    on_table = table_counts(state.table)
    for card in Card:
        held = sum(h[card] for h in hands) + state.draw_pile[card] + state.discard_pile[card]
        if held + on_table[card] != rules.deck[card]:
            fail(
                f"{held + on_table[card]} {card} cards are in play but the deck has "
                f"{rules.deck[card]}: cards must be conserved"
            )
    _check_progress(rules, players, phase, state.turn, state.actions, state.dealt)
    if phase is Phase.DEAL and (any(state.discard_pile) or any(state.table) or state.fly):
        fail("nothing can be played during the deal")
    if phase is Phase.DEAL and sum(map(sum, hands)) != state.dealt:
        fail("the hands do not hold the cards dealt so far")
    if phase is Phase.DRAW and not any(state.draw_pile):
        fail("a draw is pending but the draw pile is empty")
    _check_reason(state)
    if phase is not Phase.OVER:
        for seat in range(players):
            if counting_sandwiches(state.table, state.fly, seat) >= rules.sandwiches_to_win:
                fail(f"seat {seat} has won but the game goes on")
        if is_stuck(hands, state.draw_pile, state.discard_pile, state.table, state.fly):
            fail("no card can ever be played but the game goes on")


def _check_reason(state: State) -> None:
    """The end reason must be what the position shows (a forged "game over" is refused)."""
    rules, table, fly = state.rules, state.table, state.fly
    won = any(
        counting_sandwiches(table, fly, seat) >= rules.sandwiches_to_win
        for seat in range(len(table))
    )
    reason = state.reason
    if reason == THREE_SANDWICHES and not won:
        fail("the game ended with three sandwiches but nobody has them")
    if reason == STUCK and (
        won or not is_stuck(state.hands, state.draw_pile, state.discard_pile, table, fly)
    ):
        fail("the game ended stuck but a card can still be played")
    if reason == SIXTY_ACTIONS and state.actions != rules.action_limit:
        fail(f"the game ended on the action limit after {state.actions} actions")
