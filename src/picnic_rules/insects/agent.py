"""The insects game's computer player: a greedy heuristic over the legal moves.

It reads only its view. Under attack it continues when it can (the attack then
threatens the next player, and whoever plays the pile's last card takes the
food), else defends, else gives up a food. In a normal turn it attacks -- two or
more of a kind at once, or one card onto a pile that fits -- keeping jokers and a
reserve of the attacking colour for the counter-attack; it swats spare weapons
onto lone insects, which also leaves the next player fewer piles to attack with;
it never buys.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from ..agents.arguments import checked_call
from ..agents.ismcts import SearchAgent
from ..agents.search import win_shares
from ..game import AnyGame
from .cards import WEAPONS, Counts, Pile, insect_of
from .engine import scores
from .moves import Buy, Defend, GiveUp, Move, Play, Swat
from .predicates import attacking_pile
from .state import State, View

__all__ = [
    "SEARCH_DEPTH",
    "SEARCH_ITERATIONS",
    "ComputerAgent",
    "move_value",
    "playout",
    "search_agent",
    "value",
]

_KEEP_WEAPONS = 2  # weapons of a type kept back for a defence


def move_value(v: View, move: Move) -> float:
    """How much the computer likes ``move`` in view ``v`` (higher is better)."""
    piles = v.piles
    return _value(v.hand, piles, attacking_pile(piles), move)


def _value(hand: Counts, piles: Sequence[Pile], attack: int | None, move: Move) -> float:
    """:func:`move_value` of ``move`` for the seat holding ``hand``, ``attack`` being the
    attacking pile of ``piles`` (or ``None``): all it reads of a view."""
    if type(move) is Play:
        count, jokers = move.count, move.jokers
        # the reserve: cards of the played colour (and the type's jokers) still in hand after
        base = 5 * move.insect
        reserve = hand[base + 4] - jokers
        if move.colour is not None:
            reserve += hand[base + move.colour] - count
        if attack is not None:  # a continuation: the pile grows and moves on
            size = len(piles[attack]) + count + jokers
            return 60.0 + 2.0 * size + 3.0 * reserve - 4.0 * jokers - count
        onto = 0 if move.onto is None else len(piles[move.onto])
        if onto + count + jokers >= 2:  # an attack on the next player
            return 40.0 + 3.0 * reserve - 6.0 * jokers - 1.5 * (count + jokers)
        # a lone card: a pile the next player may attack with
        return -5.0 - 3.0 * jokers
    if type(move) is Swat:
        weapon = WEAPONS[insect_of(piles[move.pile][0])]
        spare = hand[weapon] - _KEEP_WEAPONS
        return 10.0 + 3.0 * spare
    if type(move) is Defend:
        return 30.0 + move.weapons
    if type(move) is GiveUp:
        return 0.0
    if type(move) is Buy:
        return -100.0
    return 0.0  # a card drawn: chance, never the agent's choice


class ComputerAgent:
    """A heuristic player: attack, keep the attack going, defend, and swat spare weapons.

    Against a uniformly random player it wins nearly every 2-player game (measured:
    see the insects rules page).
    """

    @checked_call(View)
    def __call__(self, v: View, moves: Sequence[Move], rng: random.Random) -> Move:
        """The best of ``moves`` (the legal moves of view ``v``) by :func:`move_value`,
        the first of equals."""
        return _best(v.hand, v.piles, moves)


def _best(hand: Counts, piles: Sequence[Pile], moves: Sequence[Move]) -> Move:
    """The first of the best of ``moves`` by :func:`move_value` for the seat holding ``hand``."""
    return _best_of(hand, piles, attacking_pile(piles), moves)


def _best_of(
    hand: Counts, piles: Sequence[Pile], attack: int | None, moves: Sequence[Move]
) -> Move:
    """:func:`_best`, the attacking pile ``attack`` of ``piles`` known."""
    best, top = moves[0], -math.inf  # max(moves, key=...) in a loop: no call of a key each
    for move in moves:
        value = _value(hand, piles, attack, move)
        if value > top:  # strictly: the first of equals stays
            best, top = move, value
    return best


def playout(state: State, legal: tuple[Move, ...], rng: random.Random) -> Move:
    """The ``computer`` agent's choice for the seat to act in ``state``, made on the state
    itself: the search's playout policy (:func:`search_agent`). The agent reads only its
    own hand and the piles of its view, so this is its choice without building the view."""
    if len(legal) == 1:
        return legal[0]
    piles = state.piles  # a state the game made attacks exactly when it names an attacker
    attack = None if state.last is None else attacking_pile(piles)
    return _best_of(state.hands[state.turn], piles, attack, legal)


VALUE_TEMPERATURE: Final = 10.0
"""The lead in points that makes a seat ``e`` times as likely to win (a food is 10)."""


def value(state: State) -> tuple[float, ...]:
    """Each seat's share of a win in the unfinished ``state``, for the search to score a
    playout cut short: the points so far (:func:`~picnic_rules.insects.scores`: food 10,
    insects 2, weapons -1) as shares of a win
    (:func:`~picnic_rules.agents.search.win_shares` at :data:`VALUE_TEMPERATURE`).

    >>> from picnic_rules.insects import new_game
    >>> value(new_game(2))
    (0.5, 0.5)
    """
    points = scores(state)
    shares = _SHARES.get(points)
    if shares is None:
        if len(_SHARES) >= _SHARES_KEPT:
            _SHARES.clear()
        shares = _SHARES[points] = win_shares(points, VALUE_TEMPERATURE)
    return shares


_SHARES: Final[dict[tuple[int, ...], tuple[float, ...]]] = {}
""":func:`value`'s shares of a win, by the seats' points (a pure function of them: the
playouts of one search end at few distinct scores)."""
_SHARES_KEPT: Final = 4096
"""The most entries :data:`_SHARES` holds (it is emptied when full)."""


SEARCH_ITERATIONS: Final = 1000
"""The iterations per decision of the game's ``"ismcts"`` agent (:func:`search_agent`)."""
SEARCH_DEPTH: Final = 6
"""The moves of the seats a playout of :func:`search_agent` plays before :func:`value`."""


def search_agent(game: AnyGame) -> SearchAgent:
    """The game's ``"ismcts"`` agent: :class:`~picnic_rules.agents.ismcts.SearchAgent` with
    :data:`SEARCH_ITERATIONS` iterations, playouts by the ``computer`` agent
    (:func:`playout`) cut after :data:`SEARCH_DEPTH` moves and scored by :func:`value`. It
    sees only its seat's view and draws every choice from the ``rng`` it is given
    (reproducible from a seed).
    """
    return SearchAgent(
        game, iterations=SEARCH_ITERATIONS, rollout=playout, depth=SEARCH_DEPTH, evaluate=value
    )
