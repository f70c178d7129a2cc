"""Keep or Swap: a tiny card game for 2 to 4 seats, built with :mod:`picnic_rules.kit`.

Each seat is dealt a card face down (``copies`` of each rank ``0 .. ranks - 1``), then in turn
keeps it or swaps it for another (face up to the discards). Then the highest cards win.
"""

from __future__ import annotations

from typing import Any, TypeAlias

import attrs

from picnic_rules import CHANCE, Actor, Game, Measure, Outcome, RulesError, kit
from picnic_rules.kit import Counts, Notation, Number, counts, define_game, evolve, expect

PLAYERS, REASONS, NOTATION = (2, 4), ("showdown",), Notation(max_length=20)
"""The fewest and the most seats; the one way a game ends; the moves' notation (``keep``)."""


@attrs.frozen
class Rules:
    """The deck: ``copies`` cards of each rank ``0 .. ranks - 1``."""

    ranks: int = kit.count(6, minimum=1, maximum=100)
    copies: int = kit.count(2, minimum=1, maximum=100)

    @property
    def deck(self) -> Counts:
        """The whole deck, as counts per rank."""
        return (self.copies,) * self.ranks

    def check_players(self, players: int) -> int:
        """``players`` if the deck holds two cards for each (one more for a swap)."""
        if 2 * players > sum(self.deck):
            raise RulesError(f"{players} seats need {2 * players} cards, not {sum(self.deck)}")
        return players


@attrs.frozen(kw_only=True)
class State:
    """Every card: the deck, each seat's hand of one card (none until dealt), the discards."""

    deck: Counts = kit.sized("deck_size")
    hands: tuple[Counts, ...] = kit.owned(sizes="held", shown_when=lambda s: to_move(s) is None)
    rules: Rules
    discards: Counts = kit.face_up()
    turn: int
    players = property(lambda self: len(self.hands), doc="The number of seats.")


@NOTATION.move("draw {card}", card=Number(0, 99, "card"))
@attrs.frozen
class Draw:
    """Chance: the card dealt is ``card``."""

    card: int


@NOTATION.move("keep")
class Keep:
    """Keep the card."""


@NOTATION.move("swap")
class Swap:
    """Discard the card face up; chance deals another."""


Move: TypeAlias = Draw | Keep | Swap
"""Any move of the game."""


def new_game(players: int = 2, rules: Rules = Rules()) -> State:
    """The state before the deal: chance deals one card to each seat in turn."""
    hands = ((0,) * rules.ranks,) * players
    return State(rules=rules, deck=rules.deck, hands=hands, discards=(0,) * rules.ranks, turn=0)


def to_move(state: State) -> Actor:
    """Chance while a seat has no card, then each seat once; ``None`` at the end."""
    if not all(map(sum, state.hands)):
        return CHANCE
    return state.turn if state.turn < state.players else None


def chance_outcomes(state: State) -> tuple[tuple[Move, int], ...]:
    """Every rank left in the deck, weighted by its cards (at chance's turn)."""
    deck = state.deck if to_move(state) is CHANCE else ()
    return tuple((Draw(card), n) for card, n in enumerate(deck) if n)


def legal_moves(state: State) -> tuple[Move, ...]:
    """The cards chance may deal, or keep and swap."""
    if (actor := to_move(state)) is CHANCE:
        return tuple(move for move, _ in chance_outcomes(state))
    return () if actor is None else (Keep(), Swap())


def apply(state: State, move: Move) -> State:
    """The state after ``move``, a legal move or one equal to it (``Draw(4.0)``)."""
    move = kit.listed(legal_moves(state), move, "keep-or-swap")
    if isinstance(move, Draw):  # the card goes to the first seat without one
        seat = [sum(hand) for hand in state.hands].index(0)
        hands, deck = counts.take(state.hands, seat, state.deck, move.card)
        return evolve(state, deck=deck, hands=hands)
    hands, discards = state.hands, state.discards
    if isinstance(move, Swap):  # the seat's card goes face up to the discards
        hands = counts.replace(hands, state.turn, (0,) * state.rules.ranks)
        discards = counts.total([discards, state.hands[state.turn]])
    return evolve(state, hands=hands, discards=discards, turn=state.turn + 1)


def remaining(state: State) -> Measure:
    """What is left: a move for each seat to act, a card for each seat without one or to act."""
    to_act = state.players - state.turn
    return Measure(to_act, [sum(hand) for hand in state.hands].count(0) + to_act)


def result(state: State) -> Outcome:
    """The showdown: the cards are the scores."""
    return Outcome.from_scores([hand.index(1) for hand in state.hands], "showdown")


SEEN = kit.Visibility(State, deck=lambda position: position.rules.deck)
"""Who sees what, from the declarations of :class:`State`'s fields: the view and its class."""
View, view, determinize = SEEN.view_class, SEEN.view, SEEN.determinize


def check(state: State) -> None:
    """Raise :class:`~picnic_rules.InvalidState` unless the rules can reach ``state``."""
    kit.check_fields(state)
    turn, seats, held = state.turn, state.players, [sum(hand) for hand in state.hands]
    expect(PLAYERS[0] <= seats <= min(PLAYERS[1], sum(state.rules.deck) // 2), "too many seats")
    SEEN.check_cards(state)
    expect(max(held) <= 1, "a seat holds more than one card")
    expect(0 <= turn <= seats, f"turn {turn} is not a seat")
    missing, swaps = [s for s, n in enumerate(held) if not n], sum(state.discards)
    if turn == 0:
        expect(not swaps, "a card was discarded before any seat swapped")
        expect(missing == list(range(seats - len(missing), seats)), "the deal skipped a seat")
    else:
        expect(swaps <= turn, f"{swaps} cards discarded by {turn} seats")
        expect(missing in ([], [turn - 1]), "a seat lacks a card out of turn")
        expect(swaps or not missing, f"seat {turn - 1} lacks a card but nobody swapped")


GAME: Game[State, Any, Move, Rules, Any] = define_game(
    globals(), name="keep-or-swap", title="Keep or Swap", variants={"small-deck": Rules(2, 4)}
)
"""The game's record: install the package and it is ``picnic_rules.GAMES["keep-or-swap"]``."""
