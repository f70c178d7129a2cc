"""The poultry game's computer player: sensible commitments and fair haggling.

It commits the cards with the best estimated gain: a bird where much grain
lies and few cards of that colour are likely to join it, the fleeing bird
where a lone meal is likely (and a fox, if one comes, only catches -2), a fox
where poultry is likely; two birds (or two foxes) at one yard count once. In
a haggle it proposes the whole yard for itself, and accepts a share worth at
least its expected duel value (the chance of winning the duel, reckoned
exactly over the dice, times the points at stake).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Final

from ..agents.ismcts import SearchAgent
from ..agents.search import win_shares
from ..game import AnyGame
from .cards import COLOURS, GRAINS, Card, Colour
from .moves import Accept, Allot, Commit, Move, Reject
from .predicates import DIE, birds_at, fleeing
from .scoring import score
from .state import Phase, State, View
from .views import unseen

__all__ = [
    "SEARCH_DEPTH",
    "SEARCH_ITERATIONS",
    "ComputerAgent",
    "duel_chance",
    "search_agent",
    "value",
]

_AVERAGE_BIRD = 4.0  # what a captured bird is worth on average (3, 3, 4, 4, 5, 6, -2)
_SHARE = 0.45  # what a bird expects from a crowded yard, before the value of its card
_OPPONENT_GAIN = 0.5  # how much an opponent's gain counts against ours


def duel_chance(values: Sequence[int], me: int) -> float:
    """The chance that contestant ``me`` wins a duel of d6 + card ``values`` (ties re-rolled,
    which with independent rolls is the chance of a strict win over the decided outcomes).

    >>> round(duel_chance([6, 5], 0), 3)
    0.677
    """
    n = len(values)
    if n > 4:  # too many outcomes to list: the value order decides most of it
        better = sum(v > values[me] for v in values)
        return max(0.05, (1.0 / n) * (1.5 - better / n))
    wins = decided = 0
    for rolls in itertools.product(range(1, DIE + 1), repeat=n):
        totals = [v + r for v, r in zip(values, rolls, strict=True)]
        best = max(totals)
        if totals.count(best) == 1:
            decided += 1
            wins += totals[me] == best
    return wins / decided if decided else 1.0 / n


class _Odds:
    """For one commitment: the chance that another card of each colour joins a yard (a bird,
    a fox), from the cards the seat cannot see and how many the others still commit, and
    the values of the cards weighed so far."""

    def __init__(self, v: View) -> None:
        rules = v.rules
        pool = unseen(v)
        others = sum(
            min(size, rules.per_round(v.players))
            for seat, size in enumerate(v.hand_sizes)
            if seat != v.player and seat >= v.turn
        ) + sum(v.face_down)
        size = max(1, sum(pool))
        self.birds: dict[Colour, float] = {}
        self.foxes: dict[Colour, float] = {}
        for colour in COLOURS:
            birds = sum(n for c, n in zip(rules.kinds, pool, strict=True)
                        if c.colour is colour and not c.fox)  # fmt: skip
            foxes = sum(n for c, n in zip(rules.kinds, pool, strict=True)
                        if c.colour is colour and c.fox)  # fmt: skip
            self.birds[colour] = 1 - (1 - birds / size) ** others
            self.foxes[colour] = 1 - (1 - foxes / size) ** others
        self.values: dict[Card, float] = {}


class ComputerAgent:
    """The heuristic ``computer`` agent (``agents={"computer": ComputerAgent}``)."""

    def __call__(self, view: View, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """Choose one of ``moves`` for seat ``view.player``."""
        if len(moves) == 1:
            return moves[0]
        if view.phase is Phase.COMMIT:
            odds = _Odds(view)  # the unseen cards, counted once for every card weighed
            return max(moves, key=lambda move: self._commit_value(view, move, odds))
        if view.phase is Phase.HAGGLE:
            return self._haggle(view, moves)
        return moves[0]

    # ------------------------------------------------------------ commitments

    def _commit_value(self, v: View, move: Move, odds: _Odds) -> float:
        if not isinstance(move, Commit):
            return float("-inf")  # only commitments are offered in the commit phase
        cards = move.cards
        total = sum(self._card_value(v, card, odds) for card in cards)
        if len(cards) == 2 and cards[0].colour is cards[1].colour:
            total -= min(self._card_value(v, card, odds) for card in cards)  # they act as one
        return total

    def _card_value(self, v: View, card: Card, odds: _Odds) -> float:
        known = odds.values.get(card)
        if known is None:
            known = odds.values[card] = self._worth(v, card, odds)
        return known

    @staticmethod
    def _worth(v: View, card: Card, odds: _Odds) -> float:
        rules = v.rules
        p_bird, p_fox = odds.birds[card.colour], odds.foxes[card.colour]
        here = v.yards[card.colour.index]
        points = sum(n * value for n, value in zip(here, rules.grain_values, strict=True))
        green = rules.green_value if here[0] else 0
        if card.fox:
            return p_bird * _AVERAGE_BIRD * (1 - 0.5 * p_fox) - 0.01 * card.value
        alone = (1 - p_bird) * (1 - p_fox)
        if fleeing(card.value):
            crowded = 1 - alone
            return points * alone + green * crowded + p_fox * -card.value * _OPPONENT_GAIN
        share = points * p_bird * (1 - p_fox) * (_SHARE + 0.03 * card.value)
        lost = p_fox * card.value * _OPPONENT_GAIN
        return points * alone + share - lost - 0.01 * card.value

    # ------------------------------------------------------------ haggling

    def _haggle(self, v: View, moves: tuple[Move, ...]) -> Move:
        me = v.player
        if Accept() in moves:
            return Accept() if self._share_ok(v) else Reject()
        for grain in reversed(GRAINS):  # the whole yard, the most valuable grain first
            mine = Allot(grain, me)
            if mine in moves:
                return mine
        return moves[0]

    def _share_ok(self, v: View) -> bool:
        haggle = v.haggle
        if haggle is None or v.player not in haggle.seats:
            return False  # no proposal of a haggle this seat is in
        values = v.rules.grain_values
        at_stake = sum(n * value for n, value in zip(v.yards[v.yard], values, strict=True))
        mine = haggle.allotted[haggle.seats.index(v.player)]
        share = sum(n * value for n, value in zip(mine, values, strict=True))
        birds = birds_at(v.played, COLOURS[v.yard])
        contest = [birds[seat] for seat in haggle.seats]
        return share >= at_stake * duel_chance(contest, haggle.seats.index(v.player))


VALUE_TEMPERATURE: Final = 4.0
"""The lead in points that makes a seat ``e`` times as likely to win."""


def value(state: State) -> tuple[float, ...]:
    """Each seat's share of a win in the unfinished ``state``, for the search to score a
    playout cut short: the points so far (grain and captured poultry,
    :func:`~picnic_rules.poultry.score`) as shares of a win
    (:func:`~picnic_rules.agents.search.win_shares` at :data:`VALUE_TEMPERATURE`).

    >>> from picnic_rules.poultry import new_game
    >>> value(new_game(2))
    (0.5, 0.5)
    """
    rules = state.rules
    return win_shares(
        [score(rules, g, s) for g, s in zip(state.grain, state.stocks, strict=True)],
        VALUE_TEMPERATURE,
    )


SEARCH_ITERATIONS: Final = 1000
"""The iterations per decision of the game's ``"ismcts"`` agent (:func:`search_agent`)."""
SEARCH_DEPTH: Final = 6
"""The moves of the seats a playout of :func:`search_agent` plays before :func:`value`."""


def search_agent(game: AnyGame) -> SearchAgent:
    """The game's ``"ismcts"`` agent: :class:`~picnic_rules.agents.ismcts.SearchAgent` with
    :data:`SEARCH_ITERATIONS` iterations, playouts by the ``computer`` agent cut after
    :data:`SEARCH_DEPTH` moves and scored by :func:`value`. It sees only its seat's view
    and draws every choice from the ``rng`` it is given (reproducible from a seed).
    """
    return SearchAgent(
        game, iterations=SEARCH_ITERATIONS, rollout="computer", depth=SEARCH_DEPTH, evaluate=value
    )
