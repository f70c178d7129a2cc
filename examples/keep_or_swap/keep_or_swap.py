"""Keep or Swap: a tiny card game for 2 to 4 seats, built with :mod:`picnic_rules.kit`.

Each seat is dealt one card face down from ``copies`` cards of each rank ``0 .. ranks - 1``.
In seat order, each seat keeps its card or swaps it: the card goes face up to the discards
and chance deals another. Then every card is shown: the highest cards win.
"""

from __future__ import annotations

import random
from typing import Any, TypeAlias

import attrs

from picnic_rules import CHANCE, Game, Measure, Outcome, RulesError, kit
from picnic_rules.game import Actor
from picnic_rules.kit import Counts, Notation, Number, counts, define_game, evolve, expect

PLAYERS, REASONS = (2, 4), ("showdown",)
"""The fewest and the most seats; the one way a game ends."""
NOTATION = Notation(max_length=20)
"""How the moves are written: ``draw 4``, ``keep``, ``swap``."""


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


@attrs.frozen
class State:
    """Every card (``None``: no card dealt yet), and the seat to keep or swap (then ``players``)."""

    rules: Rules
    deck: Counts
    hands: tuple[int | None, ...]
    discards: Counts
    turn: int
    players = property(lambda self: len(self.hands), doc="The number of seats.")


@attrs.frozen
class View:
    """What seat ``player`` sees: its card (all at the showdown), who holds one, the deck's size."""

    player: int
    rules: Rules
    hands: tuple[int | None, ...]
    held: tuple[bool, ...]
    deck: int
    discards: Counts
    turn: int
    players = property(lambda self: len(self.hands), doc="The number of seats.")


@NOTATION.move("draw {card}", card=Number(0, 99, "card"))
@attrs.frozen
class Draw:
    """Chance: the card dealt is ``card``."""

    card: int


@NOTATION.move("keep")
@attrs.frozen
class Keep:
    """Keep the card."""


@NOTATION.move("swap")
@attrs.frozen
class Swap:
    """Discard the card face up; chance deals another."""


Move: TypeAlias = Draw | Keep | Swap
"""Any move of the game."""


def new_game(players: int = 2, rules: Rules = Rules()) -> State:
    """The state before the deal: chance deals one card to each seat in turn."""
    return State(rules, rules.deck, (None,) * players, (0,) * rules.ranks, 0)


def to_move(state: State) -> Actor:
    """Chance while a seat has no card, then each seat once; ``None`` at the end."""
    if None in state.hands:
        return CHANCE
    return state.turn if state.turn < state.players else None


def chance_outcomes(state: State) -> tuple[tuple[Move, int], ...]:
    """Every rank left in the deck, weighted by its cards."""
    if to_move(state) is not CHANCE:
        return ()
    return tuple((Draw(card), n) for card, n in enumerate(state.deck) if n)


def legal_moves(state: State) -> tuple[Move, ...]:
    """The cards chance may deal, or keep and swap."""
    actor = to_move(state)
    if actor is CHANCE:
        return tuple(move for move, _ in chance_outcomes(state))
    return () if actor is None else (Keep(), Swap())


def apply(state: State, move: Move) -> State:
    """The state after ``move``, a legal move or one equal to it (``Draw(4.0)``)."""
    move = kit.listed(legal_moves(state), move, "keep-or-swap")
    if isinstance(move, Draw):
        hands = counts.replace(state.hands, state.hands.index(None), move.card)
        return evolve(state, deck=counts.add(state.deck, move.card, -1), hands=hands)
    hands, discards = state.hands, state.discards
    if isinstance(move, Swap):  # the seat's card goes face up to the discards
        hands = counts.replace(hands, state.turn, None)
        discards = counts.add(discards, state.hands[state.turn] or 0)
    return evolve(state, hands=hands, discards=discards, turn=state.turn + 1)


def remaining(state: State) -> Measure:
    """What is left: a move for each seat to act, a card for each seat without one or to act."""
    to_act = state.players - state.turn
    return Measure(to_act, state.hands.count(None) + to_act)


def result(state: State) -> Outcome:
    """The showdown: the cards are the scores."""
    return Outcome.from_scores([card or 0 for card in state.hands], "showdown")


def view(state: State, player: int) -> View:
    """What seat ``player`` sees."""
    over = to_move(state) is None
    hands = tuple(c if over or s == player else None for s, c in enumerate(state.hands))
    held = tuple(card is not None for card in state.hands)
    return View(player, state.rules, hands, held, sum(state.deck), state.discards, state.turn)


def determinize(view: View, rng: random.Random) -> State:
    """A state with this view: the hidden cards are dealt at random from the unseen ones."""
    expect(0 <= view.player < view.players == len(view.held), "the view's seats disagree")
    known = [card for card in view.hands if card is not None]
    seen = counts.total([view.discards, tuple(map(known.count, range(view.rules.ranks)))])
    hidden = [s for s, card in enumerate(view.hands) if card is None and view.held[s]]
    dealt, deck = counts.deal(counts.subtract(view.rules.deck, seen), [1] * len(hidden), rng)
    hands = list(view.hands)
    for seat, hand in zip(hidden, dealt, strict=True):
        hands[seat] = hand.index(1)
    return State(view.rules, deck, tuple(hands), view.discards, view.turn)


def check(state: State) -> None:
    """Raise :class:`~picnic_rules.InvalidState` unless the rules can reach ``state``."""
    kit.check_fields(state)
    rules, hands, turn, seats = state.rules, state.hands, state.turn, state.players
    expect(PLAYERS[0] <= seats <= PLAYERS[1] and 2 * seats <= sum(rules.deck), "too many seats")
    kit.check_counts("deck", state.deck, rules.ranks)
    kit.check_counts("discards", state.discards, rules.ranks)
    held = tuple(hands.count(card) for card in range(rules.ranks))
    cards = counts.total([state.deck, state.discards, held])
    expect(cards == rules.deck and hands.count(None) + sum(held) == seats, "cards not in the deck")
    expect(0 <= turn <= seats, f"turn {turn} is not a seat")
    missing, swaps = [s for s, card in enumerate(hands) if card is None], sum(state.discards)
    if turn == 0:
        expect(not swaps, "a card was discarded before any seat swapped")
        expect(missing == list(range(seats - len(missing), seats)), "the deal skipped a seat")
    else:
        expect(swaps <= turn, f"{swaps} cards discarded by {turn} seats")
        expect(missing in ([], [turn - 1]), "a seat lacks a card out of turn")
        expect(swaps or not missing, f"seat {turn - 1} lacks a card but nobody swapped")


GAME: Game[State, View, Move, Rules, Any] = define_game(
    globals(),
    name="keep-or-swap",
    title="Keep or Swap",
    players=PLAYERS,
    variants={"small-deck": Rules(ranks=2, copies=4)},
)
"""The game's record: install the package and it is ``picnic_rules.GAMES["keep-or-swap"]``."""
