"""The insects game's rules engine: pure functions from a :class:`State` to the next."""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate, repeat, starmap
from operator import is_
from typing import Any, Final

from ..errors import PicnicError
from ..game import CHANCE, Actor, Outcome
from ..kit import evolve, evolver
from ..kit.counts import add, replace, take
from .cards import (
    CARDS,
    KINDS,
    WEAPONS,
    Card,
    Counts,
    Pile,
    insect_of,
)
from .legality import LAST, admitted, chance_outcomes, legal_moves, sample_chance
from .moves import Buy, Defend, Draw, GiveUp, Move, Play, Swat
from .predicates import (
    attacking_pile,
    defence_weapons,
    has_normal_play,
    next_with_food,
    score,
    seats_with_food,
)
from .rules import Rules
from .state import Phase, State

__all__ = [
    "REASONS",
    "apply",
    "apply_drawing",
    "apply_legal",
    "chance_outcomes",
    "draw_owed",
    "is_over",
    "legal_moves",
    "new_game",
    "result",
    "sample_chance",
    "scores",
    "to_move",
]

REASONS: Final = ("one-left", "cards-out")
"""Every way a game ends: only one player still has food, or nobody with food can play."""

_EMPTY: Final = (0,) * KINDS
_NO_ATTACK: Final = "no attacking pile and attacker: the state is not valid"
_DRAWS: Final = tuple(Draw(card) for card in CARDS)
_DEAL, _DRAW, _TURN, _OVER = Phase.DEAL, Phase.DRAW, Phase.TURN, Phase.OVER


def new_game(players: int = 2, rules: Rules = Rules()) -> State:
    """The state before the deal: chance deals ``hand_size`` cards to each seat, one at a time.

    >>> state = new_game(3)
    >>> state.food, state.food_out, state.phase
    ((8, 8, 8), 0, Phase.DEAL)

    The record's ``GAME.new_game`` (the kit's gate) refuses ``rules`` of another type and a
    player count that :meth:`Rules.check_players` refuses, before this runs.
    """
    seats = players
    each = rules.food_for(seats)
    return State(
        rules=rules,
        hands=(_EMPTY,) * seats,
        deck=rules.deck,
        piles=(),
        food=(each,) * seats,
        captured=(0,) * seats,
        scored=(_EMPTY,) * seats,
        food_out=rules.food - each * seats,
        phase=Phase.DEAL,
        turn=0,
        draws=0,
        again=False,
        bought=False,
        last=None,
        last_count=0,
        reason=None,
    )


def to_move(state: State) -> Actor:
    """Chance while cards are dealt or drawn, the seat to act, or ``None`` when the game is over."""
    phase = state.phase
    if phase is _TURN:
        return state.turn
    if phase is _OVER:
        return None
    return CHANCE


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    return state.phase is _OVER


def apply(state: State, move: Move) -> State:
    """The state after ``move``; :class:`~picnic_rules.IllegalMove` (naming the rule) if it is
    not legal. ``state`` is not changed."""
    phase = state.phase
    if type(move) is Draw and (phase is _DRAW or phase is _DEAL):
        card = move.card
        if card.__class__ is Card and state.deck[card]:
            return _draw(state, move)
    memo = LAST[0]
    if memo[0] is not state or not any(map(is_, memo[1], repeat(move))):  # not one just listed
        move = admitted(state, move)
    return _EFFECTS[type(move)](state, move)


def apply_legal(state: State, move: Move) -> State:
    """:func:`apply` of a move :func:`legal_moves` listed for ``state`` (or a card
    :func:`sample_chance` drew), checking nothing: what a search calls.

    What the move does is worked out by the same functions, so the state is the same; only
    the checks that refuse an illegal move are left out. Given an illegal move of the
    game's types it returns a state no game reaches (or fails); anything else goes to
    :func:`apply`, which refuses it with :class:`~picnic_rules.IllegalMove`.

    >>> state = new_game(2)
    >>> apply_legal(state, Draw(Card.RED_FLY)) == apply(state, Draw(Card.RED_FLY))
    True
    """
    effect = _EFFECTS.get(type(move))
    return apply(state, move) if effect is None else effect(state, move)


# the steps of a game, each naming what it changes (what it does not name ``check`` holds
# fixed in that phase: no reason before the end, no draws or second go outside a draw);
# the commonest steps of a playout are given their changes in the order of these names
_DEALT: Final = evolver(State, "hands", "deck", "turn")
"""The state after a card is dealt: it is in the hand, and the next seat is dealt to."""
_DRAWN: Final = evolver(State, "hands", "deck", "draws")
"""The state after a card is drawn, with more to draw."""
_BOUGHT_IN: Final = evolver(State, "hands", "deck", "phase", "draws", "again")
"""The state after the last bought card is drawn: the buyer's turn goes on."""
_REFILLING: Final = evolver(
    State, "hands", "piles", "scored", "draws", "last", "last_count", phase=Phase.DRAW
)
"""The state after a seat's play, as it draws back up."""
_CARDS_MOVED: Final = ("hands", "deck", "piles", "scored")
"""The fields a play or a draw changes: where the cards lie."""
_NOTHING_OWED: Final = {"draws": 0, "again": False, "bought": False}
"""A turn that owes no draws, is no second turn and has bought nothing."""
_UNATTACKED: Final = {"last": None, "last_count": 0}
"""No attacking pile waits for an answer."""
_NORMAL_TURN: Final = evolver(
    State, *_CARDS_MOVED, "turn", phase=Phase.TURN, reason=None, **_NOTHING_OWED, **_UNATTACKED
)
"""A normal turn for a seat: the cards moved, no attack, nothing owed or bought."""
_ANSWER: Final = evolver(
    State,
    *_CARDS_MOVED,
    "turn",
    "last",
    "last_count",
    phase=Phase.TURN,
    reason=None,
    **_NOTHING_OWED,
)
"""The attacked seat answers the attacking pile (``last`` played its last card)."""
_CARDS_OUT: Final = evolver(
    State, *_CARDS_MOVED, phase=Phase.OVER, reason="cards-out", **_NOTHING_OWED, **_UNATTACKED
)
"""The game ends: no seat with food has a legal play."""
_ONE_LEFT: Final = evolver(
    State,
    "piles",
    "food",
    "captured",
    "scored",
    "turn",
    phase=Phase.OVER,
    reason="one-left",
    **_NOTHING_OWED,
    **_UNATTACKED,
)
"""The game ends: one seat alone has food left."""
_FED: Final = evolver(
    State,
    "piles",
    "food",
    "captured",
    "scored",
    "phase",
    "turn",
    "draws",
    "again",
    bought=False,
    last=None,
    last_count=0,
    reason=None,
)
"""The state after food was given up: the pile and the food moved, and who acts next."""


def _hand_out(
    state: State,
    hands: tuple[Counts, ...],
    deck: Counts,
    piles: tuple[Pile, ...],
    scored: tuple[Counts, ...],
    due: int,
) -> State:
    """Hand a normal turn out: from the seat due, the first with food and a legal play moves;
    if there is none, the game ends (``cards-out``). The food comes from ``state``."""
    food, players = state.food, len(hands)
    for step in range(players):
        seat = (due + step) % players
        # has_normal_play, its commonest answer first: a hand with an insect can play
        if food[seat] and (any(hands[seat][:15]) or has_normal_play(hands[seat], piles)):
            return _NORMAL_TURN(state, hands, deck, piles, scored, seat)  # in the names' order
    return _CARDS_OUT(state, hands=hands, deck=deck, piles=piles, scored=scored)


def _pass_on(
    state: State,
    hands: tuple[Counts, ...],
    deck: Counts,
    piles: tuple[Pile, ...],
    scored: tuple[Counts, ...],
    last: int | None,
    last_count: int,
    seat: int,
) -> State:
    """After ``seat``'s play and draws: the attacked seat answers, or the next normal turn."""
    if last is not None:
        target = next_with_food(state.food, seat)
        if target is None:
            raise PicnicError("an attack with nobody left to attack: the state is not valid")
        return _ANSWER(state, hands, deck, piles, scored, target, last, last_count)
    return _hand_out(state, hands, deck, piles, scored, (seat + 1) % len(hands))


def _refill(
    state: State,
    hand: list[int],
    piles: tuple[Pile, ...],
    scored: tuple[Counts, ...],
    last: int | None,
    last_count: int,
    rng: random.Random | None,
) -> State:
    """At the end of a play the player (the seat to act in ``state``, holding ``hand`` after
    it) draws back to the hand size (draw-one variant: one card), one card at a time, as
    long as the deck lasts; then play passes on. Chance draws the cards in the draw phase
    -- or, given ``rng``, they are drawn here and now (:func:`apply_drawing`), into
    ``hand``: the seat's counts as a list, made into the state's hand once they are in."""
    rules, deck, seat = state.rules, state.deck, state.turn
    need = 1 if rules.draw_one else rules.hand_size - sum(hand)
    left = sum(deck)
    draws = need if need < left else left
    if draws > 0 and rng is not None:
        deck = _draw_into(hand, deck, draws, rng)
    hands = replace(state.hands, seat, tuple(hand))
    if draws > 0 and rng is None:
        return _REFILLING(state, hands, piles, scored, draws, last, last_count)
    return _pass_on(state, hands, deck, piles, scored, last, last_count, seat)


def _draw(state: State, move: Draw) -> State:
    seat = state.turn
    hands, deck = take(state.hands, seat, state.deck, move.card)  # from the deck to the hand
    if state.phase is _DEAL:
        players = len(hands)
        if sum(map(sum, hands)) < state.rules.hand_size * players:
            return _DEALT(state, hands=hands, deck=deck, turn=(seat + 1) % players)
        return _hand_out(state, hands, deck, state.piles, state.scored, 0)
    draws = state.draws - 1
    if draws:  # more to draw (the commonest draw)
        return _DRAWN(state, hands, deck, draws)
    return _drawn_up(state, hands, deck)


def draw_owed(state: State, rng: random.Random) -> State:
    """The state once chance has drawn every card owed in the draw phase of ``state`` (any
    other state as it is): the state :func:`sample_chance` and :func:`apply_legal` reach
    card after card, drawing the same numbers from ``rng``, with no state built between
    the cards.

    >>> import random
    >>> state = apply_legal(new_game(2), Draw(Card.RED_FLY))
    >>> draw_owed(state, random.Random(0)) is state  # a deal: chance deals card by card
    True
    """
    if state.phase is not _DRAW:
        return state
    if state.draws > sum(state.deck):  # (a state the game made never owes more)
        raise ValueError(f"empty range: {state.deck} hold no card to draw")
    hand = list(state.hands[state.turn])
    deck = _draw_into(hand, state.deck, state.draws, rng)
    return _drawn_up(state, replace(state.hands, state.turn, tuple(hand)), deck)


def apply_drawing(state: State, move: Move, rng: random.Random) -> State:
    """:func:`draw_owed` of :func:`apply_legal`: the state after a move :func:`legal_moves`
    listed and the cards it owes then drawn, the same numbers drawn from ``rng``. A play,
    a swat or a defence draws them as it ends, so no state of the draw phase is built (how
    a playout moves: :func:`~picnic_rules.insects.agent.playout_step`).

    >>> import random
    >>> state = new_game(2)
    >>> while to_move(state) is CHANCE:
    ...     state = apply_legal(state, sample_chance(state, random.Random(1)))
    >>> move = legal_moves(state)[0]
    >>> apply_drawing(state, move, random.Random(2)) == draw_owed(
    ...     apply_legal(state, move), random.Random(2)
    ... )
    True
    """
    effect = _DRAWING.get(type(move))
    if effect is None:
        return draw_owed(apply_legal(state, move), rng)
    return effect(state, move, rng)


def _draw_into(hand: list[int], deck: Counts, draws: int, rng: random.Random) -> Counts:
    """The deck once ``draws`` cards are drawn from ``deck`` into ``hand`` (a seat's counts as
    a list, which takes them), card by card as :func:`sample_chance` draws them; the deck
    holds at least ``draws`` cards."""
    left = list(deck)
    getrandbits = rng.getrandbits
    for _ in range(draws):
        # legality.kind_drawn(left, getrandbits), inlined (the deck holds the cards owed)
        bounds = list(accumulate(left))
        total = bounds[-1]
        bits = total.bit_length()
        pick = getrandbits(bits)
        while pick >= total:
            pick = getrandbits(bits)
        kind = bisect_right(bounds, pick)
        left[kind] -= 1  # from the deck to the hand
        hand[kind] += 1
    return tuple(left)


def _drawn_up(state: State, hands: tuple[Counts, ...], deck: Counts) -> State:
    """The state once the last card owed in the draw phase of ``state`` is in: ``hands``
    and ``deck`` hold the cards drawn."""
    seat, piles, scored = state.turn, state.piles, state.scored
    if state.again and state.bought:  # the bought cards are in: the same turn goes on
        return _BOUGHT_IN(state, hands=hands, deck=deck, phase=_TURN, draws=0, again=False)
    if state.again:  # drew two after giving up food: the deprived player's normal turn
        return _hand_out(state, hands, deck, piles, scored, seat)
    return _pass_on(state, hands, deck, piles, scored, state.last, state.last_count, seat)


def _play(state: State, move: Play, rng: random.Random | None = None) -> State:
    seat = state.turn
    hand = list(state.hands[seat])
    base = 5 * move.insect
    cards: list[Card] = []
    if move.jokers:
        hand[base + 4] -= move.jokers
        cards += [CARDS[base + 4]] * move.jokers
    if move.count and move.colour is not None:
        kind = base + move.colour
        hand[kind] -= move.count
        cards += [CARDS[kind]] * move.count
    piles = state.piles
    onto = move.onto
    if onto is None:
        pile = tuple(cards)
        piles = (*piles, pile)
    else:
        pile = piles[onto] + tuple(cards)
        piles = (*piles[:onto], pile, *piles[onto + 1 :])
    if len(pile) >= 2:  # an attack: this seat played the pile's last card
        return _refill(state, hand, piles, state.scored, seat, len(cards), rng)
    return _refill(state, hand, piles, state.scored, None, 0, rng)


def _swat(state: State, move: Swat, rng: random.Random | None = None) -> State:
    seat, index = state.turn, move.pile
    pile = state.piles[index]
    weapon = WEAPONS[insect_of(pile[0])]
    hand = list(state.hands[seat])
    hand[weapon] -= 1
    scored = list(state.scored[seat])
    scored[weapon] += 1  # the weapon and the insect it swatted
    scored[pile[0]] += 1
    piles = (*state.piles[:index], *state.piles[index + 1 :])
    scored_now = replace(state.scored, seat, tuple(scored))
    return _refill(state, hand, piles, scored_now, None, 0, rng)


def _defend(state: State, move: Defend, rng: random.Random | None = None) -> State:
    seat = state.turn
    index = attacking_pile(state.piles)
    if index is None:
        raise PicnicError(_NO_ATTACK)
    pile = state.piles[index]
    weapon = WEAPONS[insect_of(pile[0])]
    need = defence_weapons(pile)
    hand = list(state.hands[seat])
    hand[weapon] -= need
    scored = list(state.scored[seat])
    scored[weapon] += need
    for card in pile[1:]:
        scored[card] += 1
    piles = (*state.piles[:index], pile[:1], *state.piles[index + 1 :])
    scored_now = replace(state.scored, seat, tuple(scored))
    return _refill(state, hand, piles, scored_now, None, 0, rng)


def _give_up(state: State, move: GiveUp) -> State:
    seat, winner = state.turn, state.last
    index = attacking_pile(state.piles)
    if winner is None or index is None:
        raise PicnicError(_NO_ATTACK)
    won = list(state.scored[winner])
    for card in state.piles[index]:
        won[card] += 1
    scored = replace(state.scored, winner, tuple(won))
    food = add(state.food, seat, -1)
    captured = add(state.captured, winner, 1)
    piles = (*state.piles[:index], *state.piles[index + 1 :])
    if seats_with_food(food) <= 1:
        return _ONE_LEFT(state, piles=piles, food=food, captured=captured, scored=scored, turn=seat)
    draws = min(2, sum(state.deck)) if food[seat] and state.rules.draw_two else 0
    after = _FED(
        state,
        piles=piles,
        food=food,
        captured=captured,
        scored=scored,
        phase=_DRAW if draws else _TURN,
        turn=seat,
        draws=draws,
        again=bool(draws),
    )
    if draws:  # draw-two variant: the deprived player draws two, then takes a normal turn
        return after
    return _hand_out(after, state.hands, state.deck, piles, scored, seat)


def _buy(state: State, move: Buy) -> State:
    seat = state.turn
    if move.captured:
        paid = evolve(state, captured=add(state.captured, seat, -1))
    else:
        paid = evolve(state, food=add(state.food, seat, -1))
    return evolve(
        paid,
        food_out=state.food_out + 1,
        phase=_DRAW,
        draws=min(4, sum(state.deck)),
        again=True,
        bought=True,
    )


_EFFECTS: Final[dict[type, Callable[[State, Any], State]]] = {
    Draw: _draw,
    Play: _play,
    Swat: _swat,
    Defend: _defend,
    GiveUp: _give_up,
    Buy: _buy,
}
"""What each kind of move does, checking nothing (:func:`apply` checks first)."""
_DRAWING: Final[dict[type, Callable[[State, Any, random.Random], State]]] = {
    Play: _play,
    Swat: _swat,
    Defend: _defend,
}
"""The moves that end by drawing back up, each drawing the cards itself given an ``rng``
(:func:`apply_drawing`)."""


def scores(state: State) -> tuple[int, ...]:
    """Each seat's points now: 2 per insect and -1 per weapon in its score pile, 10 per food
    captured and 10 per own food kept."""
    return tuple(starmap(score, zip(state.scored, state.captured, state.food, strict=True)))


def result(state: State) -> Outcome:
    """The outcome of a finished game: the most points wins, equal leaders all win (the
    record's ``GAME.result``, the kit's gate, refuses a game not over)."""
    if state.reason is None:
        raise PicnicError("a game over with no reason: the state is not valid")
    return Outcome.from_scores(scores(state), state.reason)
